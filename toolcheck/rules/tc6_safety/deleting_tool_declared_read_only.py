"""A contract's name says the tool deletes data, but it explicitly declares `risk: read_only`.

What it does:
Reports, at `/risk`, a contract that declares `risk: read_only` although its name's verb is one that only ever
means deleting stored data (`delete_customer`, `files.purgeCache`, `wipe-device`: the option `verbs`, found as
TC602 finds its verbs) and nothing in the name or the description's leading verb says it only reads
(`delete_preview` and a `Shows what ...` description are left to TC602, a warning). Verbs that also name a
pure computation on the arguments — `remove_duplicates`, `drop_duplicates`, `truncate_text`, `erase_background`
— stay TC602's warning: a `read_only` there is often right.

This is the certain case of TC602 and is an error: the risk was written by hand and contradicts the tool's
own name. Risks derived from MCP annotations, write verbs and description-only verbs stay TC602's; when both
run, this finding stands for TC602's on the same tool.

Why is this bad?
Hosts run `read_only` tools unattended and retry them freely. A deleting tool declared `read_only` deletes
without anyone being asked, and again on every retry.

Example:
```yaml
name: delete_customer
description: Delete one customer record and its order history.
risk: read_only
parameters:
  type: object
  required: [customer_id]
  properties:
    customer_id: {type: string, description: Id of the customer.}
```

Use instead:
```yaml
name: delete_customer
description: Delete one customer record and its order history.
risk: destructive
requires_confirmation: true
parameters:
  type: object
  required: [customer_id]
  properties:
    customer_id: {type: string, description: Id of the customer.}
```

Options:
`rules.TC618.verbs` (default `[delete, destroy, purge, wipe]`): the name verbs that always mean deleting stored
data (each must also be one of TC602's `destructive-verbs`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, Option, RuleSpec
from .index import SafetyFacts, SafetyIndex, name_tokens

RULE = RuleSpec(
    "TC618", "deleting-tool-declared-read-only", severity="error", scope="contract", index=SafetyIndex, fix="none",
    supersedes=("TC602",),
    options={"verbs": Option(list, ["delete", "destroy", "purge", "wipe"], "name verbs that always mean deleting "
                             "stored data", items=str, single=True)},
)


def check(facts: SafetyFacts, options: dict[str, Any]) -> Iterator[Hit]:
    contract = facts.contract
    if facts.risk != "read_only" or contract.format != "contract":
        return
    got = facts.deletion
    if not got or got[1] != "name" or got[0] not in {v.lower() for v in options["verbs"]}:
        return
    verbs = facts.index.verbs
    if any(verbs.cls.get(t) == "read" for t in name_tokens(contract.name or "")):
        return  # `delete_preview`: the name also says it reads
    lead = verbs.of_description(contract.description if isinstance(contract.description, str) else None)
    if lead and lead[1] == "read":
        return  # `Shows which files a cleanup would delete`
    yield Hit("/risk", f"the name `{contract.name}` uses the destructive verb `{got[0]}`, but `risk` is declared "
                       "`read_only`",
              "Declare `risk: destructive` (with `requires_confirmation: true`), or rename the tool if it deletes "
              "nothing.")
