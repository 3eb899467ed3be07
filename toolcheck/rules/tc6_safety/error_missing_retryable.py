"""A declared error does not say whether it is `retryable`.

What it does:
Reports each entry of `errors` without a `retryable` key (a `retryable` that is not a boolean is TC009's).

Why is this bad?
On an error the model either retries, changes the arguments, or tells the user. `retryable` is what tells
it which: without it, models retry a declined card until the bank blocks it, or give up on a timeout.

Example:
```yaml
name: get_order
description: Get the status and items of one of the user's orders.
risk: read_only
parameters:
  type: object
  required: [order_id]
  properties:
    order_id: {type: string, description: The order's id.}
errors:
  - code: ORDER_SERVICE_UNAVAILABLE
    description: The order service did not answer in time.
```

Use instead:
```yaml
name: get_order
description: Get the status and items of one of the user's orders.
risk: read_only
parameters:
  type: object
  required: [order_id]
  properties:
    order_id: {type: string, description: The order's id.}
errors:
  - code: ORDER_SERVICE_UNAVAILABLE
    retryable: true
    description: The order service did not answer in time.
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import SafetyFacts, SafetyIndex

RULE = RuleSpec("TC610", "error-missing-retryable", severity="error", scope="contract", index=SafetyIndex)


def check(facts: SafetyFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for i, e in facts.error_entries:
        if "retryable" not in e:
            code = e.get("code")
            label = f"error `{code}`" if isinstance(code, str) and code else f"error #{i}"
            yield Hit(f"/errors/{i}", f"{label} does not say whether it is `retryable`",
                      "Add `retryable: true` if the same call may succeed later (timeouts, rate limits), "
                      "`retryable: false` if the arguments or the world must change first.")
