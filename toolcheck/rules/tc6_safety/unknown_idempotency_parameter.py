"""`idempotency_key` names a parameter that does not exist.

What it does:
Reports an `idempotency_key` whose value is not a property of `parameters.properties` (a typo, a renamed
parameter, or a tool whose `parameters` has no `properties`), suggesting the closest name.

Why is this bad?
The host looks for the key in the arguments under that name, finds nothing, and retries run without
deduplication — exactly what the declaration promised not to happen.

Example:
```yaml
name: create_order
description: Place an order for the items in the user's cart.
risk: write_limited
idempotency_key: request_id
parameters:
  type: object
  required: [cart_id, requestId]
  properties:
    cart_id: {type: string, description: The cart to order.}
    requestId: {type: string, description: Unique key reused on every retry.}
```

Use instead:
```yaml
name: create_order
description: Place an order for the items in the user's cart.
risk: write_limited
idempotency_key: request_id
parameters:
  type: object
  required: [cart_id, request_id]
  properties:
    cart_id: {type: string, description: The cart to order.}
    request_id: {type: string, description: Unique key reused on every retry.}
errors:
  - code: CART_EMPTY
    retryable: false
    description: The cart has no items.
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...suggest import did_you_mean
from ..base import Hit, RuleSpec
from .index import SafetyFacts, SafetyIndex, properties

RULE = RuleSpec("TC605", "unknown-idempotency-parameter", severity="error", scope="contract", index=SafetyIndex)


def check(facts: SafetyFacts, options: dict[str, Any]) -> Iterator[Hit]:
    got = facts.idempotency
    if got is None or got.schema is not None:
        return
    name = got.name
    props = properties(got.params)
    if props is None:
        yield Hit("/idempotency_key", f"`idempotency_key` names `{name}`, but `parameters` has no `properties`",
                  f"Add the key parameter: `parameters: {{type: object, required: [{name}], properties: {{{name}: "
                  "{type: string, description: Unique key reused on every retry}}}`.")
        return
    yield Hit("/idempotency_key",
              f"`idempotency_key` names `{name}`, which is not a parameter{did_you_mean(name, list(props))}",
              f"Point `idempotency_key` at the parameter that carries the key, or add "
              f"`{name}: {{type: string, description: Unique key reused on every retry}}` to `properties` and "
              "`required`.")
