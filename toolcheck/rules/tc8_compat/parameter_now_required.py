"""A parameter became required, or a new required parameter was added.

What it does:
Reports each name in the new `required` list that the old schema did not require (an old optional
parameter, or a new one). The witness is the old arguments without it.

Why is this bad?
Every caller that omits it — all of them, for a new parameter — is now rejected.

Example:
```yaml file=old/order.yaml
name: create_order
description: Place an order.
parameters:
  type: object
  required: [gift_id]
  properties:
    gift_id: {type: string}
    quantity: {type: integer}
```
```yaml file=new/order.yaml
name: create_order
description: Place an order.
parameters:
  type: object
  required: [gift_id, quantity]
  properties:
    gift_id: {type: string}
    quantity: {type: integer}
```

Use instead:
```yaml file=old/order.yaml
name: create_order
description: Place an order.
parameters:
  type: object
  required: [gift_id]
  properties:
    gift_id: {type: string}
    quantity: {type: integer}
```
```yaml file=new/order.yaml
name: create_order
description: Place an order.
parameters:
  type: object
  required: [gift_id]
  properties:
    gift_id: {type: string}
    quantity: {type: integer, description: Units to buy; 1 when omitted.}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC804", "parameter-now-required", severity="error", scope="emitted")
