"""The result schema (`returns`) now allows results the old one ruled out.

What it does:
Compares `returns` the other way round: any change that makes the new result schema accept something the
old one rejected — an enum value added, a required field no longer required or removed, a type widened, a
bound loosened, additional properties opened, the schema removed — is reported. The witness is a result
the new schema allows and the old one rejects. A new field in an open object is compatible (TC827).

Why is this bad?
Code written against the old result (a `switch` over the status, a field read without a check) breaks on
results it was promised would not happen.

Example:
```yaml file=old/order.yaml
name: create_order
description: Place an order.
parameters: {type: object, properties: {gift_id: {type: string}}}
returns:
  type: object
  required: [status]
  properties:
    status: {type: string, enum: [confirmed, pending_payment]}
```
```yaml file=new/order.yaml
name: create_order
description: Place an order.
parameters: {type: object, properties: {gift_id: {type: string}}}
returns:
  type: object
  required: [status]
  properties:
    status: {type: string, enum: [confirmed, pending_payment, backordered]}
```

Use instead:
```yaml file=old/order.yaml
name: create_order
description: Place an order.
parameters: {type: object, properties: {gift_id: {type: string}}}
returns:
  type: object
  required: [status]
  properties:
    status: {type: string, enum: [confirmed, pending_payment]}
```
```yaml file=new/order.yaml
name: create_order
description: Place an order.
parameters: {type: object, properties: {gift_id: {type: string}}}
returns:
  type: object
  required: [status]
  properties:
    status: {type: string, enum: [confirmed, pending_payment]}
    backordered: {type: boolean, description: True when some items ship later.}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC811", "returns-widened", severity="error", scope="emitted")
