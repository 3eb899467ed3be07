"""A `format` was added or changed to one validators do not know.

What it does:
Reports a new or different `format` on a string parameter whose new value is not a format validators know
(`format: gift-code`, `format: sku`): a validator that asserts formats treats an unknown format as asserting
nothing, so no value is rejected and no witness exists. A host with its own checker for that name may still
reject values it took yesterday. In `returns`, the mirror case: a result `format` the old contract named, and
validators do not know, was dropped or changed. A known format (`date`, `email`, `uuid`) is TC809 (an error,
with a witness). Formerly TC809's warning case: TC809 now has one severity.

Why is this bad?
Only hosts with a checker for the custom name enforce it, and toolcheck cannot say what they reject: callers
that send values outside it will see their calls fail on those hosts only.

Example:
```yaml file=old/order.yaml
name: create_order
description: Place an order.
parameters:
  type: object
  properties:
    gift_code: {type: string}
```
```yaml file=new/order.yaml
name: create_order
description: Place an order.
parameters:
  type: object
  properties:
    gift_code: {type: string, format: gift-code}
```

Use instead:
```yaml file=old/order.yaml
name: create_order
description: Place an order.
parameters:
  type: object
  properties:
    gift_code: {type: string}
```
```yaml file=new/order.yaml
name: create_order
description: Place an order.
parameters:
  type: object
  properties:
    gift_code: {type: string, description: "The gift's code, as printed on the card (e.g. GC-1234)."}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC815", "format-changed-to-unknown", severity="warning", scope="emitted")
