"""The file cannot be parsed as YAML or JSON.

What it does:
Reports YAML and JSON syntax errors (including tab indentation, control characters, NaN/Infinity and
integers too long to read) at the line and column where the parser stopped.

Why is this bad?
A file that does not parse is not checked at all: every other rule is blind to it, and the host that loads it
will fail at run time instead.

Example:
```yaml
name: search_gifts
description: "Search the gift catalogue
parameters: {type: object}
```

Use instead:
```yaml
name: search_gifts
description: "Search the gift catalogue by keyword."
parameters: {type: object}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC001", "syntax-error", scope="emitted")
