"""A declared error has no `description`, or an empty one.

What it does:
Reports each entry of `errors` without a `description` (at the entry) or whose description is empty or
blank (at the description). A non-string description is TC009's.

Why is this bad?
The description is what tells the model (and the next developer) when the error happens and what to do
about it; a bare code like `CONFLICT` leaves both guessing.

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
    description: No order of this user has this id; ask the user to check the number.
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import SafetyFacts, SafetyIndex

RULE = RuleSpec("TC611", "error-missing-description", severity="warning", scope="contract", index=SafetyIndex)


def check(facts: SafetyFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for i, e in facts.error_entries:
        code = e.get("code")
        label = f"error `{code}`" if isinstance(code, str) and code else f"error #{i}"
        if "description" not in e:
            yield Hit(f"/errors/{i}", f"{label} has no `description`",
                      "Add `description:` saying when the error happens and what the caller should do.")
        elif isinstance(e["description"], str) and not e["description"].strip():
            yield Hit(f"/errors/{i}/description", f"{label} has an empty `description`",
                      "Say when the error happens and what the caller should do, e.g. `description: No order "
                      "has this id; ask the user to check it.`", prefer_key=False)
