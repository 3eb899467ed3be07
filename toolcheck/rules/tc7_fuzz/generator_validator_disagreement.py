"""An instance generated from the schema is rejected by the validator: two readers disagree.

What it does:
Every generated instance is checked with toolcheck's validator (jsonschema-rs, the one `toolcheck validate`
and `check_arguments` use). hypothesis-jsonschema is an independent reading of the same schema (Python
regexes, its own `format` strategies, floating-point `multipleOf`); when it produces a value the
validator rejects, reports the smallest such instance and the validator's error, at the keyword concerned.
Schemas the generator only approximates (see TC705) are filtered instead, never reported.

Why is this bad?
A model API, an MCP client and a host each validate with their own engine; a schema they read differently
lets one side send what the other refuses, in production, for values no sample shows.

Example:
```yaml
name: set_discount
description: Set the discount rate of a promotion. Use it when the user changes a promotion's discount.
risk: write_limited
idempotency_key: request_id
parameters:
  type: object
  additionalProperties: false
  required: [request_id, rate]
  properties:
    request_id: {type: string, minLength: 8, maxLength: 64, description: Unique key of this change.}
    rate:
      type: number
      minimum: 0
      maximum: 1
      multipleOf: 0.01
      description: Discount as a fraction, in steps of 0.01.
```

Use instead:
```yaml
name: set_discount
description: Set the discount rate of a promotion. Use it when the user changes a promotion's discount.
risk: write_limited
idempotency_key: request_id
parameters:
  type: object
  additionalProperties: false
  required: [request_id, percent]
  properties:
    request_id: {type: string, minLength: 8, maxLength: 64, description: Unique key of this change.}
    percent:
      type: integer
      minimum: 0
      maximum: 100
      description: Discount in whole percent.
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC702", "generator-validator-disagreement", severity="warning", scope="emitted")
