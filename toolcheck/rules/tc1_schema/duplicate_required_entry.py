"""`required` lists the same property twice.

What it does:
Reports each repeated entry of a `required` list, at the repetition.

Why is this bad?
Every metaschema requires unique entries, so strict validators refuse the schema; usually the second entry
was meant to name another property.

Example:
```yaml
name: update_profile
description: Update the user's display name and email.
parameters:
  type: object
  required: [name, name]
  properties:
    name: {type: string, description: Display name.}
    email: {type: string, description: Contact email.}
```

Use instead:
```yaml
name: update_profile
description: Update the user's display name and email.
parameters:
  type: object
  required: [name, email]
  properties:
    name: {type: string, description: Display name.}
    email: {type: string, description: Contact email.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import SchemaFacts, SchemaIndex

# every metaschema requires unique entries: its "has duplicate entries" would say it again
RULE = RuleSpec("TC107", "duplicate-required-entry", severity="error", scope="contract", index=SchemaIndex,
                fix="none", supersedes=("TC101",))


def check(facts: SchemaFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for s in facts.schemas:
        for at in s.with_key("required"):
            req = at.node["required"]
            if not isinstance(req, list):
                continue
            seen: set[str] = set()
            for i, r in enumerate(req):
                if not isinstance(r, str):
                    continue
                if r in seen:
                    yield Hit(s.pointer(at.path + ("required", i)), f"`{r}` is listed twice in `required`",
                              "Remove the repeated entry (every metaschema requires unique entries).",
                              prefer_key=False)
                seen.add(r)
