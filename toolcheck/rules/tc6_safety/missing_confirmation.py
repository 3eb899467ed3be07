"""A destructive tool does not declare `requires_confirmation: true`.

What it does:
Reports a `destructive` tool (configurable) whose `requires_confirmation` is missing (at the contract) or
`false` (at the key). With the option `names`, tools of any other risk except `read_only` whose name matches
one of the glob patterns (e.g. `charge_*`, `transfer_*`) need it too; names are matched in snake case after
stripping namespaces (`payments.chargeCard` matches `charge_*`).

Opt-in (select `TC608` or `missing-confirmation`): it is a team's policy, not a defect. Servers mark every
action that changes something as destructive (a click, a resize, an edit), and a human confirmation on each of
them is not what their maintainers want (judged 2 of 11 true on published servers). By default TC617 reports
the case that always matters — a destructive tool whose verb says it deletes data — and stands for this rule's
finding on such a tool when both run.

Why is this bad?
A model misreads a request now and then. A human confirmation is the last chance to stop it deleting the
wrong account; without the flag the host runs the call at once.

Example:
```yaml
name: close_account
description: Close the user's account and erase all of their data.
risk: destructive
idempotency_key: request_id
parameters:
  type: object
  required: [request_id]
  properties:
    request_id: {type: string, description: Unique key reused on every retry.}
```

Use instead:
```yaml
name: close_account
description: Close the user's account and erase all of their data.
risk: destructive
requires_confirmation: true
idempotency_key: request_id
parameters:
  type: object
  required: [request_id]
  properties:
    request_id: {type: string, description: Unique key reused on every retry.}
errors:
  - code: ACCOUNT_HAS_OPEN_ORDERS
    retryable: false
    description: Orders in progress must be delivered or cancelled first.
```

Options:
`rules.TC608.risks` (default `[destructive]`): the risks that always need a confirmation.
`rules.TC608.names` (default `[]`): glob patterns of tool names that need it whatever their risk (except
`read_only`), e.g. `["charge_*", "transfer_*", "send_*"]`.
"""

from __future__ import annotations

from collections.abc import Iterator
from fnmatch import fnmatchcase
from typing import Any

from ..base import Hit, Option, RuleSpec
from .index import RISKS, SafetyFacts, SafetyIndex, snake_name

RULE = RuleSpec("TC608", "missing-confirmation", severity="error", scope="contract", index=SafetyIndex,
                default_enabled=False, options={
    "risks": Option(list, ["destructive"], "the risks that always need a confirmation", items=str, choices=RISKS,
                    single=True),
    "names": Option(list, [], "glob patterns of tool names that need it whatever their risk (except read_only)",
                    items=str, single=True),
})


def check(facts: SafetyFacts, options: dict[str, Any]) -> Iterator[Hit]:
    risk = facts.risk
    if risk is None:
        return
    contract = facts.contract
    why = None
    if risk in options["risks"]:
        why = f"`{risk}` tool"
    elif risk != "read_only" and contract.name:
        pats = options["names"]
        if pats:
            snake = snake_name(contract.name)
            lower = contract.name.lower()
            pat = next((p for p in pats if fnmatchcase(snake, p.lower()) or fnmatchcase(lower, p.lower())), None)
            if pat:
                why = f"tool `{contract.display_name}` (matching `{pat}`)"
    if why is None:
        return
    if why.startswith("`"):
        why = f"{why} `{contract.display_name}`"
    rc = contract.data.get("requires_confirmation")
    if "requires_confirmation" not in contract.data:
        yield Hit("", f"{why} does not declare `requires_confirmation`",
                  "Add `requires_confirmation: true` so the host asks a human before each call.")
    elif rc is False:
        yield Hit("/requires_confirmation", f"{why} has `requires_confirmation: false`",
                  "Set `requires_confirmation: true` so the host asks a human before each call.")
