"""`required: true` (or `false`) on a property instead of the parent's `required` list.

What it does:
Reports a boolean `required` in a schema (the draft-03 habit), saying which parent `required` list should
name the property instead. An error rather than an unknown keyword: every current metaschema requires
`required` to be a list, so validators refuse the schema.

Why is this bad?
The property is not required at all (the boolean is not how any current dialect marks it), the validator
refuses to compile the schema, and model APIs reject it.

Example:
```yaml
name: send_email
description: Send an email to one recipient.
parameters:
  type: object
  properties:
    to: {type: string, required: true, description: Recipient address.}
    body: {type: string, description: Plain-text body.}
```

Use instead:
```yaml
name: send_email
description: Send an email to one recipient.
parameters:
  type: object
  required: [to]
  properties:
    to: {type: string, description: Recipient address.}
    body: {type: string, description: Plain-text body.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import SchemaFacts, SchemaIndex

# the metaschema's "must be an array" says the same thing less usefully
RULE = RuleSpec("TC105", "boolean-required", severity="error", scope="contract", index=SchemaIndex, fix="safe",
                supersedes=("TC101",))


def check(facts: SchemaFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for s in facts.schemas:
        for at in s.with_key("required"):
            req = at.node["required"]
            if not isinstance(req, bool):
                continue
            rptr = s.pointer(at.path + ("required",))
            name, parent = at.name, at.parent
            if name is None:
                yield Hit(rptr, f"`required: {str(req).lower()}` is not valid JSON Schema: `required` is a list of "
                                "property names",
                          "Remove it and list the property in the `required` array of the object that defines it.")
                continue
            plist = parent.get("required") if parent is not None else None
            listed = isinstance(plist, list) and name in plist
            if req:
                help = (f"Remove it (`{name}` is already listed in the parent's `required`)." if listed else
                        f"Remove it and add `{name}` to the `required` list of the parent object.")
            else:
                help = (f"Remove it: `{name}` is optional unless the parent's `required` lists it"
                        + (" — and it does; remove it from there too." if listed else "."))
            from ...fixing.schema_fixes import required_flag_fix

            yield Hit(rptr, f"`required: {str(req).lower()}` on property `{name}` is not valid JSON Schema: "
                            "`required` is a list of property names on the parent object", help,
                      fix=required_flag_fix(rptr, req, parent))
