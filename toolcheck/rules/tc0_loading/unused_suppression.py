"""A `# toolcheck: ignore[...]` comment silences nothing.

What it does:
Reports suppression comments (and codes within them) that matched no finding among the rules that ran,
like ruff's unused `noqa`. Codes of rules that did not run in this command (e.g. TC2 under `lint`) are not
reported.

Why is this bad?
A stale suppression hides the next real problem on that line.

Example:
```yaml
name: search_docs  # toolcheck: ignore[TC012] no duplicate here
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

RULE = RuleSpec("TC014", "unused-suppression", severity="warning", scope="emitted")
