"""A parameter constraint was relaxed: a type widened, no longer required, a pattern/format/enum dropped, ...

What it does:
Reports the compatible changes that are not a new property, enum value or bound: a type added
(`integer` → `number`), a parameter no longer required, `pattern`, `format` or `enum` removed, additional
properties opened.

Why is this bad?
It is not, for callers; the handler must cope with what is now allowed. Reported so it counts for the
version.

Example:
```yaml file=old/order.yaml
name: create_order
description: Place an order.
parameters:
  type: object
  required: [gift_id, quantity]
  properties: {gift_id: {type: string}, quantity: {type: integer}}
```
```yaml file=new/order.yaml
name: create_order
description: Place an order.
parameters:
  type: object
  required: [gift_id]
  properties: {gift_id: {type: string}, quantity: {type: integer}}
```

Use instead:
```yaml file=old/order.yaml
name: create_order
description: Place an order.
parameters:
  type: object
  required: [gift_id, quantity]
  properties: {gift_id: {type: string}, quantity: {type: integer}}
```
```yaml file=new/order.yaml
name: create_order
description: Place an order.
parameters:
  type: object
  required: [gift_id, quantity]
  properties: {gift_id: {type: string}, quantity: {type: integer}}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC825", "constraint-relaxed", severity="info", scope="emitted")
