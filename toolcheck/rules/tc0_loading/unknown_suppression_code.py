"""A suppression comment names a code or rule that does not exist.

What it does:
Reports entries of `# toolcheck: ignore[...]` and `file-ignore[...]` that are neither a rule code, a family
prefix (`TC5`) nor a rule name.

Why is this bad?
A typo in a suppression silences nothing, while looking as if it did.

Example:
```yaml
name: search_docs  # toolcheck: ignore[TC9999]
description: Search the product documentation by keyword.
parameters: {type: object, properties: {}}
```

Use instead:
```yaml
name: search_docs
description: Search the product documentation by keyword.
parameters: {type: object, properties: {}}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC015", "unknown-suppression-code", severity="warning", scope="emitted")
