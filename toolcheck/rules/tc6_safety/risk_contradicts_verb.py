"""The tool's verb says it deletes or writes, but its `risk` says otherwise.

What it does:
Reads the verb of the tool name — the first known verb among its first words, after stripping namespaces
(`files.delete_file`, `github__create_issue`) in snake, camel or kebab case (`deleteFile`, `delete-file`) —
or, when the name has none, the leading verb of the description (`Deletes ...`, `Permanently removes ...`).
A destructive verb (`delete`, `drop`, `purge`, `destroy`, `remove`, `wipe`, `truncate`, `erase`) on a tool
not declared `destructive`, or a write verb (`create`, `send`, `charge`, `refund`, `update`, `set`, `add`,
`post`, `cancel`, `transfer`, `pay`, ...) on a tool declared `read_only`, is reported at `/risk`. Read verbs
(`get`, `list`, `search`, ...) stop the scan, so `get_refund_status` is not read as `refund`.
In MCP input, which has no `risk`, the risk its `annotations` imply is compared instead (reported at
`/annotations`).

Why is this bad?
Hosts run `read_only` tools unattended and retry them freely, and confirm only `destructive` ones. A
`delete_account` declared `write_limited` deletes without asking; a `send_email` declared `read_only` is
retried and sends twice.

Example:
```yaml
name: delete_file
description: Permanently delete one file from the user's drive.
risk: write_limited
idempotency_key: request_id
parameters:
  type: object
  required: [path, request_id]
  properties:
    path: {type: string, description: Path of the file.}
    request_id: {type: string, description: Unique key reused on every retry of this deletion.}
```

Use instead:
```yaml
name: delete_file
description: Permanently delete one file from the user's drive.
risk: destructive
requires_confirmation: true
idempotency_key: request_id
parameters:
  type: object
  required: [path, request_id]
  properties:
    path: {type: string, description: Path of the file.}
    request_id: {type: string, description: Unique key reused on every retry of this deletion.}
errors:
  - code: FILE_NOT_FOUND
    retryable: false
    description: No file exists at this path.
```

Options:
`rules.TC602.destructive-verbs`, `write-verbs`, `read-verbs` (lists of lower-case words; each replaces the
default list); `check-description` (default true): also read the description's leading verb when the name
has none; `scan-words` (default 3): how many leading words of the name are searched for a verb. The same
tables drive TC616, TC617 and TC618 (which verbs say a tool deletes).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, Option, RuleSpec
from .index import DESTRUCTIVE_VERBS, READ_VERBS, WRITE_VERBS, SafetyFacts, SafetyIndex

RULE = RuleSpec("TC602", "risk-contradicts-verb", severity="warning", scope="contract", index=SafetyIndex, options={
    "destructive-verbs": Option(list, DESTRUCTIVE_VERBS, "verbs that say a tool deletes (replaces the default list)",
                                items=str, single=True),
    "write-verbs": Option(list, WRITE_VERBS, "verbs that say a tool writes (replaces the default list)", items=str,
                          single=True),
    "read-verbs": Option(list, READ_VERBS, "verbs that say a tool only reads; they stop the scan", items=str,
                         single=True),
    "check-description": Option(bool, True, "also read the description's leading verb when the name has none"),
    "scan-words": Option(int, 3, "how many leading words of the name are searched for a verb", min=1),
})


def check(facts: SafetyFacts, options: dict[str, Any]) -> Iterator[Hit]:
    # the verb tables are the index's (built from these options once per run: TC601, TC616-TC618 read them too)
    eff = facts.effective_risk
    if eff is None:
        return
    risk, where_risk = eff
    got = facts.implied
    if not got:
        return
    contract = facts.contract
    verb, cls, where = got
    said = f"the name `{contract.name}` uses" if where == "name" else "the description starts with"
    if where_risk == "/risk":
        claim, fix_d, fix_w = (f"`risk` is `{risk}`", "Declare `risk: destructive` (with `requires_confirmation: "
                               "true`)", "Declare `risk: write_limited` (or `destructive`)")
    else:
        claim = f"its MCP annotations make it `{risk}`"
        fix_d = "Set `annotations: {readOnlyHint: false, destructiveHint: true}`"
        fix_w = "Set `readOnlyHint: false` in `annotations` (and `destructiveHint: false` if it only adds or changes)"
    if cls == "destructive" and risk != "destructive":
        yield Hit(where_risk, f"{said} the destructive verb `{verb}`, but {claim}",
                  f"{fix_d}, or rename the tool if it does not delete anything.")
    elif cls == "write" and risk == "read_only":
        yield Hit(where_risk, f"{said} the write verb `{verb}`, but {claim}",
                  f"{fix_w}, or rename the tool if it only reads.")
