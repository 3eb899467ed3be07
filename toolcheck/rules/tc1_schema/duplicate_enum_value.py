"""`enum` lists the same value twice.

What it does:
Reports each repeated `enum` value (JSON equality: `1` and `1.0` are the same value, `true` and `1` are
not). A warning in draft 2019-09 and later, where unique values are only recommended; an error in draft-04,
whose metaschema requires them.

Why is this bad?
The repetition is noise in the prompt at best and a hidden typo at worst (`[small, medium, medium]` where
`large` was meant).

Example:
```yaml
name: suggest_gifts
description: Suggest gifts in a price band.
parameters:
  type: object
  properties:
    band: {type: string, enum: [low, medium, medium], description: Price band.}
```

Use instead:
```yaml
name: suggest_gifts
description: Suggest gifts in a price band.
parameters:
  type: object
  properties:
    band: {type: string, enum: [low, medium, high], description: Price band.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from ._tables import D4
from ._values import canon, show
from .index import SchemaFacts, SchemaIndex

# draft-04's metaschema requires unique values: its complaint would be the same finding again
RULE = RuleSpec("TC108", "duplicate-enum-value", severity="warning", scope="contract", index=SchemaIndex,
                fix="none", supersedes=("TC101",))


def check(facts: SchemaFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for s in facts.schemas:
        severity = "error" if s.dialect == D4 else None
        for at in s.with_key("enum"):
            enum = at.node["enum"]
            if not isinstance(enum, list):
                continue
            seen: set = set()
            for i, v in enumerate(enum):
                c = canon(v)
                if c in seen:
                    yield Hit(s.pointer(at.path + ("enum", i)), f"`enum` lists {show(v)} twice",
                              "Remove the repeated value.", prefer_key=False, severity=severity)
                seen.add(c)
