"""An `enum` lost a value, a `const` changed, or an `enum`/`const` was added.

What it does:
Reports values the old `enum`/`const` accepted and the new one does not, and a new `enum`/`const` where
there was none (the witness is then an old value outside it).

Why is this bad?
A model prompted with the old values, or a client that stored one, keeps sending it and is rejected.

Example:
```yaml file=old/order.yaml
name: create_order
description: Place an order.
parameters:
  type: object
  properties:
    delivery_speed: {type: string, enum: [standard, express, same_day]}
```
```yaml file=new/order.yaml
name: create_order
description: Place an order.
parameters:
  type: object
  properties:
    delivery_speed: {type: string, enum: [standard, express]}
```

Use instead:
```yaml file=old/order.yaml
name: create_order
description: Place an order.
parameters:
  type: object
  properties:
    delivery_speed: {type: string, enum: [standard, express]}
```
```yaml file=new/order.yaml
name: create_order
description: Place an order.
parameters:
  type: object
  properties:
    delivery_speed: {type: string, enum: [standard, express, same_day]}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC806", "enum-narrowed", severity="error", scope="emitted")
