"""A write or destructive tool declares no `idempotency_key`.

What it does:
Reports a tool whose `risk` is `write_limited` or `destructive` (configurable) without an `idempotency_key`
naming the parameter that carries the idempotency key. When the option `names` lists the accepted parameter
names, an `idempotency_key` naming any other parameter is reported too. Whether the named parameter exists,
is a string and is required are TC605, TC606 and TC607.

A tool that is idempotent by nature needs no key: MCP annotations `idempotentHint: true` (kept in the
contract's `annotations`, as `toolcheck import` writes them from an MCP server) say that repeating a call with
the same arguments has no additional effect, so a retry is safe and the rule does not report the tool.

Opt-in (select `TC604` or `missing-idempotency-key`): an idempotency key is a team's policy for the tools it
builds, and it needs the server to honour the key. Most write tools of published servers are idempotent in
effect (an update by id, a delete, a selection) or call an API that takes no key, so by default the rule would
ask for a parameter the maintainer cannot or need not add (judged 0 of 12 true on published servers).

Why is this bad?
Models and hosts retry on timeouts. Without a key the server cannot tell a retry from a new request, and
the order is placed, the card charged or the e-mail sent twice.

Example:
```yaml
name: send_email
description: Send an e-mail to one recipient on the user's behalf.
risk: write_limited
parameters:
  type: object
  required: [to, body]
  properties:
    to: {type: string, format: email, description: Recipient address.}
    body: {type: string, description: Text of the message.}
```

Use instead:
```yaml
name: send_email
description: Send an e-mail to one recipient on the user's behalf.
risk: write_limited
idempotency_key: request_id
parameters:
  type: object
  required: [to, body, request_id]
  properties:
    to: {type: string, format: email, description: Recipient address.}
    body: {type: string, description: Text of the message.}
    request_id: {type: string, description: Unique key reused on every retry, so the e-mail is sent once.}
errors:
  - code: INVALID_RECIPIENT
    retryable: false
    description: The address is not deliverable.
```

Options:
`rules.TC604.risks` (default `[write_limited, destructive]`): the risks that need a key (`[]` turns the
rule off). `rules.TC604.names` (default `[]`, any name): the accepted names of the key parameter, e.g.
`[idempotency_key, request_id]`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, Option, RuleSpec
from .index import IDEMPOTENCY_NAMES, RISKS, WRITE_RISKS, SafetyFacts, SafetyIndex, properties

RULE = RuleSpec("TC604", "missing-idempotency-key", severity="error", scope="contract", index=SafetyIndex,
                default_enabled=False, options={
    "risks": Option(list, WRITE_RISKS, "the risks that need a key (`[]` turns the rule off)", items=str,
                    choices=RISKS, single=True),
    "names": Option(list, [], "the accepted names of the key parameter (`[]`: any name)", items=str, single=True),
})


def _idem_snippet(name: str) -> str:
    return f"`idempotency_key: {name}` and a parameter `{name}: {{type: string, description: Unique key reused on " \
           f"every retry}}` listed in `required`"


def check(facts: SafetyFacts, options: dict[str, Any]) -> Iterator[Hit]:
    risk = facts.risk
    if risk is None:
        return
    contract = facts.contract
    names = options["names"]
    declared = contract.data.get("idempotency_key")
    if "idempotency_key" in contract.data:
        if names and isinstance(declared, str) and declared and declared not in names:
            yield Hit("/idempotency_key",
                      f"`idempotency_key` names `{declared}`, which is not an accepted key name "
                      f"({', '.join(names)})",
                      f"Name the key parameter `{names[0]}` and declare `idempotency_key: {names[0]}`.")
        return
    if risk not in options["risks"]:
        return
    if facts.declared_idempotent:
        return
    props = properties(contract.parameters) or {}
    candidates = names or list(IDEMPOTENCY_NAMES)
    existing = next((n for n in candidates if n in props), None)
    if existing:
        hlp = f"Declare the key parameter it already has: `idempotency_key: {existing}`."
    else:
        hlp = "Add " + _idem_snippet(candidates[0]) + "."
    yield Hit("", f"`{risk}` tool `{contract.display_name}` declares no `idempotency_key`", hlp)
