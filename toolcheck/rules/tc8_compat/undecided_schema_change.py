"""A schema change toolcheck cannot classify (a `$ref` graph, a complex `anyOf`, `if`/`then`, ...).

What it does:
Reports changes that cannot be decided keyword by keyword — inside or around `$ref`, `$defs`, `anyOf`/
`oneOf`/`allOf` with constrained branches, `not`, `if`/`then`/`else`, `patternProperties`, tuple `items`,
`dependentRequired`, non-standard keywords or type names. It says "unknown" rather than guess. An `anyOf`
of plain types (or plain types plus one constrained branch, like pydantic's `Optional[...]`) is compared
as a type list and is not reported here.

Why is this bad?
The change may or may not reject arguments that used to be valid: a human has to look.

Example:
```yaml file=old/search.yaml
name: search_gifts
description: Search the gift catalogue.
parameters:
  type: object
  properties:
    price:
      anyOf:
        - {type: integer, minimum: 0}
        - {type: string, pattern: "^[0-9]+$"}
```
```yaml file=new/search.yaml
name: search_gifts
description: Search the gift catalogue.
parameters:
  type: object
  properties:
    price:
      anyOf:
        - {type: integer, minimum: 0}
        - {type: string, pattern: "^[0-9]+ JPY$"}
```

Use instead:
```yaml file=old/search.yaml
name: search_gifts
description: Search the gift catalogue.
parameters:
  type: object
  properties:
    price:
      anyOf:
        - {type: integer, minimum: 0}
        - {type: string, pattern: "^[0-9]+$"}
```
```yaml file=new/search.yaml
name: search_gifts
description: Search the gift catalogue.
parameters:
  type: object
  properties:
    price:
      description: Highest price, as a number or a string of digits.
      anyOf:
        - {type: integer, minimum: 0}
        - {type: string, pattern: "^[0-9]+$"}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC830", "undecided-schema-change", severity="warning", scope="emitted")
