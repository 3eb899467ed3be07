"""The file is not UTF-8.

What it does:
Reports the first byte that is not valid UTF-8, with its line and column.

Why is this bad?
Model APIs take JSON, which is Unicode; a Latin-1 description is garbled or rejected before the model sees it.

Example:
```text
description: caf\xe9 finder   (the byte 0xE9 written by a Latin-1 editor)
```

Use instead:
```text
description: café finder   (saved as UTF-8)
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC004", "invalid-encoding", scope="emitted")
