"""An `enum` gained a value (in the parameters).

What it does:
Reports values the new `enum` accepts that the old one did not. (In `returns`, a new value is a breaking
change for readers: TC811.)

Why is this bad?
It is not, for callers; the handler must accept the new value. Reported so it counts for the version.

Example:
```yaml file=old/order.yaml
name: create_order
description: Place an order.
parameters: {type: object, properties: {speed: {type: string, enum: [standard]}}}
```
```yaml file=new/order.yaml
name: create_order
description: Place an order.
parameters: {type: object, properties: {speed: {type: string, enum: [standard, express]}}}
```

Use instead:
```yaml file=old/order.yaml
name: create_order
description: Place an order.
parameters: {type: object, properties: {speed: {type: string, enum: [standard, express]}}}
```
```yaml file=new/order.yaml
name: create_order
description: Place an order.
parameters: {type: object, properties: {speed: {type: string, enum: [standard, express]}}}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC822", "enum-value-added", severity="info", scope="emitted")
