"""Two declared errors of one tool have the same code.

What it does:
Reports each repeated `code` in `errors` at the repetition, naming the entry that declared it first.

Why is this bad?
A code must identify one situation. Two entries with one code and different `retryable` or descriptions
leave the host and the model to pick one at random.

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
  - code: ORDER_NOT_FOUND
    retryable: false
    description: No order has this id.
  - code: ORDER_NOT_FOUND
    retryable: false
    description: The order belongs to another user.
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
  - code: ORDER_NOT_FOUND
    retryable: false
    description: No order has this id.
  - code: ORDER_FORBIDDEN
    retryable: false
    description: The order belongs to another user.
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import SafetyFacts, SafetyIndex

RULE = RuleSpec("TC612", "duplicate-error-code", severity="error", scope="contract", index=SafetyIndex)


def check(facts: SafetyFacts, options: dict[str, Any]) -> Iterator[Hit]:
    contract = facts.contract
    first: dict[str, int] = {}
    for i, e in facts.error_entries:
        code = e.get("code")
        if not isinstance(code, str) or not code.strip():
            continue
        key = code.strip()
        if key in first:
            j = first[key]
            line = contract.file.locate(contract.ptr("errors", j, "code"))[0]
            h = Hit(f"/errors/{i}/code", f"error code `{key}` is already declared by error #{j}",
                    "Give each situation its own code, or merge the two entries into one.", prefer_key=False)
            h.related = [{"file": contract.file.path, "line": line, "pointer": contract.ptr("errors", j, "code"),
                          "tool": contract.name}]
            yield h
        else:
            first[key] = i
