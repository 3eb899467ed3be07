"""The idempotency key parameter is optional.

What it does:
Reports the parameter named by `idempotency_key` when it is not listed in the `required` of `parameters`.

Why is this bad?
Models leave optional parameters out. A key the model may omit protects only the calls where it happened
to send one.

Example:
```yaml
name: refund_order
description: Refund a delivered order to the original payment method.
risk: write_limited
idempotency_key: request_id
parameters:
  type: object
  required: [order_id]
  properties:
    order_id: {type: string, description: The order to refund.}
    request_id: {type: string, description: Unique key reused on every retry.}
```

Use instead:
```yaml
name: refund_order
description: Refund a delivered order to the original payment method.
risk: write_limited
idempotency_key: request_id
parameters:
  type: object
  required: [order_id, request_id]
  properties:
    order_id: {type: string, description: The order to refund.}
    request_id: {type: string, description: Unique key reused on every retry.}
errors:
  - code: ORDER_NOT_REFUNDABLE
    retryable: false
    description: The order is not delivered or was already refunded.
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import SafetyFacts, SafetyIndex, ptr, required_names

RULE = RuleSpec("TC607", "idempotency-key-not-required", severity="error", scope="contract", index=SafetyIndex)


def check(facts: SafetyFacts, options: dict[str, Any]) -> Iterator[Hit]:
    got = facts.idempotency
    if got is None or got.schema is None:
        return
    name, params = got.name, got.params
    if name in required_names(params):
        return
    key = facts.contract.parameters_key or "parameters"
    where = ptr(key, "required") if isinstance(params.get("required"), list) else got.pointer
    yield Hit(where, f"idempotency key parameter `{name}` is not required",
              f"Add `{name}` to `{key}.required`, e.g. `required: [{', '.join(required_names(params) + [name])}]`.")
