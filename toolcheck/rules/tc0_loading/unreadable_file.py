"""A file cannot be read (permissions, a broken or looping symlink, a directory named like a file).

What it does:
Reports the operating system's reason and carries on with the other files.

Why is this bad?
A contract that cannot be read is not checked; in CI that usually means a checkout or permissions problem.

Example:
```text
contracts/secret.yaml with mode 000
```

Use instead:
```text
a readable file
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC011", "unreadable-file", scope="emitted")
