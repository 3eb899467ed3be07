"""A `format` was added or changed.

What it does:
Reports a new or different `format` on a string parameter. `format` is an annotation by default in draft
2020-12, but many hosts assert it (pydantic, ajv-formats): the witness is checked with a validator that
asserts formats — a string the old schema accepts and the new format rejects. An unknown format asserts
nothing, so no witness exists: that is TC815 (a warning, formerly TC809's warning case).

Why is this bad?
A host that validates formats starts rejecting values it took yesterday (`"tomorrow"` for a `date`).

Example:
```yaml file=old/order.yaml
name: create_order
description: Place an order.
parameters:
  type: object
  properties:
    delivery_date: {type: string}
```
```yaml file=new/order.yaml
name: create_order
description: Place an order.
parameters:
  type: object
  properties:
    delivery_date: {type: string, format: date}
```

Use instead:
```yaml file=old/order.yaml
name: create_order
description: Place an order.
parameters:
  type: object
  properties:
    delivery_date: {type: string, format: date}
```
```yaml file=new/order.yaml
name: create_order
description: Place an order.
parameters:
  type: object
  properties:
    delivery_date: {type: string}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC809", "format-changed", severity="error", scope="emitted")
