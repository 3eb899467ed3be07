"""A write or destructive tool declares no `errors`.

What it does:
Reports, as `info`, a tool whose `risk` is `write_limited` or `destructive` (configurable) and that has no
`errors` key. An explicit `errors: []` is taken as a deliberate "this tool reports no errors of its own".

Opt-in (select `TC615` or `write-tool-without-errors`): a nudge for teams that document their errors in
contracts, not a defect. On contracts imported from a server it fires on nearly every write tool, and the
server's own format has nowhere to put the list (judged 0 of 11 true on published servers).

Why is this bad?
Tools that change the world fail in ways the model must handle differently — declined, conflict, already
done, try later. Declaring them (with `retryable`) is what keeps a model from retrying a charge that was
declined or from telling the user an order failed when it was placed.

Example:
```yaml
name: cancel_order
description: Cancel one of the user's orders that has not shipped yet.
risk: write_limited
idempotency_key: request_id
parameters:
  type: object
  required: [order_id, request_id]
  properties:
    order_id: {type: string, description: The order to cancel.}
    request_id: {type: string, description: Unique key reused on every retry.}
```

Use instead:
```yaml
name: cancel_order
description: Cancel one of the user's orders that has not shipped yet.
risk: write_limited
idempotency_key: request_id
parameters:
  type: object
  required: [order_id, request_id]
  properties:
    order_id: {type: string, description: The order to cancel.}
    request_id: {type: string, description: Unique key reused on every retry.}
errors:
  - code: ORDER_ALREADY_SHIPPED
    retryable: false
    description: The parcel has left the warehouse; offer a return instead.
```

Options:
`rules.TC615.risks` (default `[write_limited, destructive]`): the risks that should declare their errors.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, Option, RuleSpec
from .index import RISKS, WRITE_RISKS, SafetyFacts, SafetyIndex

RULE = RuleSpec("TC615", "write-tool-without-errors", severity="info", scope="contract", index=SafetyIndex,
                default_enabled=False, options={
    "risks": Option(list, WRITE_RISKS, "the risks that should declare their errors", items=str, choices=RISKS,
                    single=True),
})


def check(facts: SafetyFacts, options: dict[str, Any]) -> Iterator[Hit]:
    risk = facts.risk
    if risk is None or "errors" in facts.contract.data or risk not in options["risks"]:
        return
    yield Hit("", f"`{risk}` tool `{facts.contract.display_name}` declares no `errors`",
              "List the errors it may return, e.g. `errors: [{code: CONFLICT, retryable: false, description: "
              "The item changed since it was read.}]`.")
