"""A tool declares no `risk`.

What it does:
Reports a contract without a `risk` key (`read_only`, `write_limited` or `destructive`); the help suggests a
value from the tool's verb or MCP annotations. A `risk` of the wrong type or an unknown value is TC009's.

Inputs in a vendor or corpus format (e.g. `function-jsonl`, JSON Lines of function objects such as the shared
corpus) cannot hold a `risk`. MCP tools say it through `annotations` (`readOnlyHint`, `destructiveHint`), which
count as a declared risk. For the others the rule only reports, as `info`, tools whose name or description starts
with a destructive verb (`delete_*`, `drop_*`, `purgeCache`, ... — the verb tables of TC602), so that a dump
of thousands of functions stays quiet and the few that delete things stand out.

Why is this bad?
The risk is what a host uses to decide whether a call may run unattended, must be confirmed, or must never be
retried blindly. A tool without one is either treated as harmless, which is dangerous, or blocked.

Example:
```yaml
name: delete_file
description: Permanently delete one file from the user's drive.
parameters:
  type: object
  required: [path]
  properties:
    path: {type: string, description: Path of the file.}
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
`rules.TC601.vendor-input` (default `destructive`): for vendor/corpus formats, `destructive` reports (as info)
tools whose verb says they delete, `write` also those whose verb says they write (`create_*`, `send_*`, ...),
`all` every tool, `off` none.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, Option, RuleSpec
from .index import SafetyFacts, SafetyIndex

RULE = RuleSpec("TC601", "missing-risk", severity="error", scope="contract", index=SafetyIndex, options={
    "vendor-input": Option(str, "destructive", "which tools of a vendor/corpus format (no `risk` key) are reported",
                           choices=("destructive", "write", "all", "off")),
})


def _risk_help(value: str | None) -> str:
    if value:
        return f"Add `risk: {value}` (one of read_only, write_limited, destructive) to say how much it changes."
    return ("Add `risk: read_only`, `risk: write_limited` or `risk: destructive` to say how much the tool changes "
            "the world.")


def check(facts: SafetyFacts, options: dict[str, Any]) -> Iterator[Hit]:
    contract = facts.contract
    if not isinstance(contract.data, dict) or "risk" in contract.data:
        return
    if contract.format != "contract":
        if facts.effective_risk is not None:
            return  # e.g. MCP annotations say it
        mode = options["vendor-input"]
        if mode == "off":
            return
        verbs = facts.index.verbs
        if mode not in ("write", "all"):
            text = ((contract.name or "") + " " + (contract.description or "")[:60]).lower()
            if not any(v in text for v in verbs.destructive):
                return
        got = facts.implied
        wanted = ("destructive",) if mode not in ("write", "all") else ("write", "destructive")
        if mode != "all" and not (got and got[1] in wanted):
            return
        if got and got[1] in ("write", "destructive"):
            value = "destructive" if got[1] == "destructive" else "write_limited"
            msg = (f"tool `{contract.display_name}` declares no `risk`, but its {got[2]} verb `{got[0]}` says it "
                   f"{'deletes' if got[1] == 'destructive' else 'changes'} data")
        else:
            value = facts.suggested_risk
            msg = f"tool `{contract.display_name}` declares no `risk`"
        if contract.format == "mcp":
            hint = "true" if value == "destructive" else "false"
            hlp = (f"Add `annotations: {{readOnlyHint: {'true' if value == 'read_only' else 'false'}, "
                   f"destructiveHint: {hint}}}` so that clients know what it does, or convert the tool to a contract "
                   f"(`toolcheck import`) with `risk: {value or 'write_limited'}`.")
        else:
            hlp = _risk_help(value) + (" This input format cannot carry it: convert the tool to a contract "
                                       "(`toolcheck import`) to declare it.")
        yield Hit("", msg, hlp, severity="info")
        return
    yield Hit("", f"tool `{contract.display_name}` declares no `risk`", _risk_help(facts.suggested_risk))
