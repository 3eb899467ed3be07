"""The handler raised on invalid arguments instead of returning a structured error.

What it does:
Calls the handler with mutations of valid arguments that the schema rejects (a required field dropped, an
unknown property, a wrong type, a number as a string, a value past its bounds, `null`; with `handler_call:
kwargs`, values only, never keys). Each must come back as `{ok: false, error: {...}}`; an exception is
reported once per class, with the shrunk arguments.

Why is this bad?
Models do send invalid arguments. A structured error ("quantity must be at least 1") lets the model correct
the call; an exception gives it nothing, or a stack trace.

Example:
```yaml
name: add_to_cart
description: Add an item to the shopping cart. Use it when the user wants to buy an item.
risk: write_limited
idempotency_key: sku
handler: toolcheck.examples.pitfalls:add_to_cart
parameters:
  type: object
  additionalProperties: false
  required: [sku, quantity]
  properties:
    sku: {type: string, minLength: 1, maxLength: 20, description: The item's SKU.}
    quantity: {type: integer, minimum: 1, maximum: 99, description: How many to add.}
```

Use instead:
```yaml
name: add_to_cart
description: Add an item to the shopping cart. Use it when the user wants to buy an item.
risk: write_limited
idempotency_key: sku
handler: toolcheck.examples.pitfalls:add_to_cart_careful
parameters:
  type: object
  additionalProperties: false
  required: [sku, quantity]
  properties:
    sku: {type: string, minLength: 1, maxLength: 20, description: The item's SKU.}
    quantity: {type: integer, minimum: 1, maximum: 99, description: How many to add.}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC716", "handler-raised-on-invalid-arguments", severity="error", scope="emitted")
