"""The result schema changed in a way readers of the old one can still handle.

What it does:
Reports `returns` changes that only narrow what the tool may return — a field added to an open object, a
field made required, an enum value dropped, a bound tightened — and a `returns` declared where there was
none.

Why is this bad?
It is not: every result the new schema allows, the old one allowed too. Reported so it counts for the
version.

Example:
```yaml file=old/order.yaml
name: create_order
description: Place an order.
parameters: {type: object, properties: {gift_id: {type: string}}}
returns:
  type: object
  properties: {order_id: {type: string}}
```
```yaml file=new/order.yaml
name: create_order
description: Place an order.
parameters: {type: object, properties: {gift_id: {type: string}}}
returns:
  type: object
  properties: {order_id: {type: string}, total_price: {type: number}}
```

Use instead:
```yaml file=old/order.yaml
name: create_order
description: Place an order.
parameters: {type: object, properties: {gift_id: {type: string}}}
returns:
  type: object
  properties: {order_id: {type: string}}
```
```yaml file=new/order.yaml
name: create_order
description: Place an order.
parameters: {type: object, properties: {gift_id: {type: string}}}
returns:
  type: object
  properties: {order_id: {type: string}}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC827", "compatible-returns-change", severity="info", scope="emitted")
