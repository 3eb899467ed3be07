"""`enum` lists the same value twice.

What it does:
Reports each repeated `enum` value (JSON equality: `1` and `1.0` are the same value, `true` and `1` are
not), in the dialects after draft-04, where unique values are only recommended. Draft-04's metaschema requires
them: there a repeated value is TC101's error (formerly this rule's error case), at the same value.

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

# draft-04's metaschema requires unique values: TC101 reports them there (an error); supersedes stays for any
# other dialect's metaschema that would say it again
RULE = RuleSpec("TC108", "duplicate-enum-value", severity="warning", scope="contract", index=SchemaIndex,
                fix="none", supersedes=("TC101",))


def check(facts: SchemaFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for s in facts.schemas:
        if s.dialect == D4:
            continue  # TC101's: the draft-04 metaschema requires unique values
        for at in s.with_key("enum"):
            enum = at.node["enum"]
            if not isinstance(enum, list):
                continue
            seen: set = set()
            for i, v in enumerate(enum):
                c = canon(v)
                if c in seen:
                    yield Hit(s.pointer(at.path + ("enum", i)), f"`enum` lists {show(v)} twice",
                              "Remove the repeated value.", prefer_key=False)
                seen.add(c)
