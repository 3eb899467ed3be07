"""A parameter (a property of the arguments, at any depth) was removed.

What it does:
Reports each property the old schema defines and the new one does not, where the new object closes
additional properties: the witness is the old arguments with that property set, now rejected. When it
leaves them open, no argument is rejected — the value is silently ignored — and that is TC813 (a warning,
formerly TC803's warning case); a removal no witness proves for another reason (a schema that does not
compile) is TC814.

Why is this bad?
Callers still send it: either their calls fail, or what they asked for is quietly dropped.

Example:
```yaml file=old/search.yaml
name: search_gifts
description: Search the gift catalogue.
parameters:
  type: object
  additionalProperties: false
  properties:
    query: {type: string}
    max_price: {type: integer}
```
```yaml file=new/search.yaml
name: search_gifts
description: Search the gift catalogue.
parameters:
  type: object
  additionalProperties: false
  properties:
    query: {type: string}
```

Use instead:
```yaml file=old/search.yaml
name: search_gifts
description: Search the gift catalogue.
parameters:
  type: object
  additionalProperties: false
  properties:
    query: {type: string}
    max_price: {type: integer}
```
```yaml file=new/search.yaml
name: search_gifts
description: Search the gift catalogue.
parameters:
  type: object
  additionalProperties: false
  properties:
    query: {type: string}
    max_price: {type: integer, description: "Deprecated: ignored; use the price filter instead."}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC803", "parameter-removed", severity="error", scope="emitted")
