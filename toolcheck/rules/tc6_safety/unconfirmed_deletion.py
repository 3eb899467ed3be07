"""A destructive tool whose verb says it deletes data does not declare `requires_confirmation: true`.

What it does:
Reports a contract with `risk: destructive` whose name (or the description's leading verb) says it deletes —
`delete`, `drop`, `purge`, `destroy`, `remove`, `wipe`, `truncate`, `erase`: the destructive verbs of TC602's
options; not when the description's first sentence uses the verb for placing or reshaping something, as in
`Drop files onto the page` — and whose `requires_confirmation` is missing (at the contract) or `false` (at the
key).

This is the narrow, default case of the confirmation policy: a tool that is `destructive` only because a server
marks every action so (a click, a resize, an edit the user can undo) is not reported here; TC608 (opt-in) asks
every `destructive` tool for a confirmation. When both run, this finding stands for TC608's on the same tool.
Vendor formats (an MCP `tools/list`, function files) are never reported: they cannot carry the key (MCP's
`destructiveHint` is what a host reads there; TC616 asks for it).

Why is this bad?
Deleting is the call a model must not get wrong: the data is gone. A human confirmation is the last chance to
stop it deleting the wrong thing; without the flag a host runs the call at once.

Example:
```yaml
name: drop_table
description: Drop one table of the analytics database with all of its rows.
risk: destructive
parameters:
  type: object
  required: [table]
  properties:
    table: {type: string, description: Name of the table.}
```

Use instead:
```yaml
name: drop_table
description: Drop one table of the analytics database with all of its rows.
risk: destructive
requires_confirmation: true
parameters:
  type: object
  required: [table]
  properties:
    table: {type: string, description: Name of the table.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import SafetyFacts, SafetyIndex

RULE = RuleSpec(
    "TC617", "unconfirmed-deletion", severity="error", scope="contract", index=SafetyIndex, fix="none",
    supersedes=("TC608",),
)


def check(facts: SafetyFacts, options: dict[str, Any]) -> Iterator[Hit]:
    if facts.risk != "destructive" or facts.contract.format != "contract":
        return
    got = facts.deletion
    if not got:
        return
    contract = facts.contract
    why = f"`destructive` tool `{contract.display_name}` (its {got[1]} verb `{got[0]}` says it deletes data)"
    if "requires_confirmation" not in contract.data:
        yield Hit("", f"{why} does not declare `requires_confirmation`",
                  "Add `requires_confirmation: true` so the host asks a human before each deletion.")
    elif contract.data.get("requires_confirmation") is False:
        yield Hit("/requires_confirmation", f"{why} has `requires_confirmation: false`",
                  "Set `requires_confirmation: true` so the host asks a human before each deletion.")
