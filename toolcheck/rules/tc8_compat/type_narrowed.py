"""A parameter's `type` no longer accepts a type it accepted.

What it does:
Compares the sets of types (`number` includes `integer`; no `type` means any; an `anyOf` of plain types is
read as a type list) and reports the types the new schema lost, e.g. `number` → `integer`, `[string,
null]` → `string`, `string` → `integer`. The witness is a value of a lost type.

Why is this bad?
Callers that send `2.5`, `null` or the old representation are rejected.

Example:
```yaml file=old/cost.yaml
name: estimate_cost
description: Estimate the delivery cost.
parameters: {type: object, properties: {weight_kg: {type: number}}}
```
```yaml file=new/cost.yaml
name: estimate_cost
description: Estimate the delivery cost.
parameters: {type: object, properties: {weight_kg: {type: integer}}}
```

Use instead:
```yaml file=old/cost.yaml
name: estimate_cost
description: Estimate the delivery cost.
parameters: {type: object, properties: {weight_kg: {type: integer}}}
```
```yaml file=new/cost.yaml
name: estimate_cost
description: Estimate the delivery cost.
parameters: {type: object, properties: {weight_kg: {type: number}}}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC805", "type-narrowed", severity="error", scope="emitted")
