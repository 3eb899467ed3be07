"""A bound got stricter: `maximum`, `maxLength`, `maxItems` lower; `minimum`, `minLength` higher; ...

What it does:
Reports a lower or raised limit (`minimum`/`exclusiveMinimum`, `maximum`/`exclusiveMaximum`, `minLength`,
`maxLength`, `minItems`, `maxItems`, `minProperties`, `maxProperties`), a new or stricter `multipleOf`, and
`uniqueItems` added. The witness is a value at the old limit. When toolcheck finds none (a schema that does
not compile, a bound on an `anyOf` branch it cannot reach), the change is TC814 (a warning, formerly
TC807's warning case).

Why is this bad?
Values that used to be fine — the old maximum itself, a long-but-valid text — are now rejected.

Example:
```yaml file=old/search.yaml
name: search_gifts
description: Search the gift catalogue.
parameters:
  type: object
  properties:
    max_price: {type: integer, minimum: 0, maximum: 100000}
```
```yaml file=new/search.yaml
name: search_gifts
description: Search the gift catalogue.
parameters:
  type: object
  properties:
    max_price: {type: integer, minimum: 0, maximum: 50000}
```

Use instead:
```yaml file=old/search.yaml
name: search_gifts
description: Search the gift catalogue.
parameters:
  type: object
  properties:
    max_price: {type: integer, minimum: 0, maximum: 50000}
```
```yaml file=new/search.yaml
name: search_gifts
description: Search the gift catalogue.
parameters:
  type: object
  properties:
    max_price: {type: integer, minimum: 0, maximum: 100000}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC807", "bound-tightened", severity="error", scope="emitted")
