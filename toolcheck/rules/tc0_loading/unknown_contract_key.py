"""A contract (or one of its `errors` entries) has a key the format does not define.

What it does:
Reports keys that are not part of the contract format, with the closest known key suggested. Keys starting
with `x-` are free extensions and never reported. An unknown key in a vendor-format tool definition or a JSON
Lines function record is TC018's (info, formerly this rule's info case): TC007 is about toolcheck contracts.

Why is this bad?
A misspelt key (`descripton`, `requires_confirmaton`) is silently ignored: the model never sees the text, the
host never asks for confirmation.

Example:
```yaml
name: delete_file
descripton: Delete one file from the user's drive.
parameters: {type: object, properties: {}}
```

Use instead:
```yaml
name: delete_file
description: Delete one file from the user's drive.
parameters: {type: object, properties: {}}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC007", "unknown-contract-key", scope="emitted", fix="safe")
