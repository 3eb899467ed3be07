"""For valid arguments, the handler returned an error whose `code` the contract's `errors` does not declare.

What it does:
Checks the `code` of every structured error returned for valid arguments against the codes declared under
`errors` (a contract without `errors` declares none). Reported once per code, at `errors`. Errors for
invalid arguments may use any code (e.g. `VALIDATION_ERROR` from `check_arguments`).

Why is this bad?
The declared errors are what the model (and the host's retry policy) know how to handle; an undeclared code
has no `retryable` and no guidance, so it is handled by guesswork.

Example:
```yaml
name: cancel_order
description: Cancel an order that has not shipped yet. Use it when the user asks to cancel an order.
risk: write_limited
idempotency_key: order_id
handler: toolcheck.examples.pitfalls:cancel_order
parameters:
  type: object
  additionalProperties: false
  required: [order_id]
  properties:
    order_id: {type: string, minLength: 1, maxLength: 40, description: The order to cancel.}
errors:
  - code: ORDER_NOT_FOUND
    retryable: false
    description: No order has this ID.
```

Use instead:
```yaml
name: cancel_order
description: Cancel an order that has not shipped yet. Use it when the user asks to cancel an order.
risk: write_limited
idempotency_key: order_id
handler: toolcheck.examples.pitfalls:cancel_order_careful
parameters:
  type: object
  additionalProperties: false
  required: [order_id]
  properties:
    order_id: {type: string, minLength: 1, maxLength: 40, description: The order to cancel.}
errors:
  - code: ORDER_NOT_FOUND
    retryable: false
    description: No order has this ID.
  - code: ALREADY_SHIPPED
    retryable: false
    description: The order has left the warehouse; offer a return instead.
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC714", "undeclared-error-code-returned", severity="error", scope="emitted")
