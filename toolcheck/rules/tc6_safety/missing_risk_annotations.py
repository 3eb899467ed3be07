"""An MCP tool whose verb says it deletes data publishes no `readOnlyHint`/`destructiveHint`.

What it does:
Reports, as `info`, a tool of an MCP `tools/list` whose `annotations` say nothing about its risk (neither
`readOnlyHint` nor `destructiveHint`; a `title` alone says nothing) and whose name or description starts with a
destructive verb (`delete_*`, `drop_*`, `purgeCache`, ... — the verb tables of TC602; not one the description
uses for placing something, `Drop files onto the page`). The option
`vendor-input` widens it to write verbs or to every tool. The help gives the annotations to add.

Only the MCP format can carry a risk: function-definition files (OpenAI, Anthropic, Gemini, Bedrock, JSON Lines
of function objects) have no field for it, so their tools are never reported — convert them to contracts
(`toolcheck import`) to declare a `risk`, which TC601 then asks of every tool. Contracts are TC601's.

Why is this bad?
Hosts decide from the annotations whether a call may run unattended. A deleting tool that does not say so
explicitly relies on the protocol's defaults, and a reader of the definition cannot tell whether the omission was
deliberate.

Example:
```json file=contracts/tools_list.json
{"tools": [{"name": "delete_bucket", "description": "Delete a storage bucket and every object in it.",
            "inputSchema": {"type": "object", "properties": {"bucket": {"type": "string"}}}}]}
```

Use instead:
```json file=contracts/tools_list.json
{"tools": [{"name": "delete_bucket", "description": "Delete a storage bucket and every object in it.",
            "annotations": {"readOnlyHint": false, "destructiveHint": true},
            "inputSchema": {"type": "object", "properties": {"bucket": {"type": "string"}}}}]}
```

Options:
`rules.TC616.vendor-input` (default `destructive`): `destructive` reports tools whose verb says they delete,
`write` also those whose verb says they write (`create_*`, `send_*`, ...), `all` every tool without risk
annotations, `off` none.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, Option, RuleSpec
from .index import SafetyFacts, SafetyIndex

RULE = RuleSpec(
    "TC616", "missing-risk-annotations", severity="info", scope="contract", index=SafetyIndex, fix="none",
    options={
        "vendor-input": Option(str, "destructive", "which MCP tools without risk annotations are reported",
                               choices=("destructive", "write", "all", "off")),
    },
)


def check(facts: SafetyFacts, options: dict[str, Any]) -> Iterator[Hit]:
    contract = facts.contract
    if contract.format != "mcp" or not isinstance(contract.data, dict) or "risk" in contract.data:
        return
    if facts.effective_risk is not None:
        return  # the annotations say it
    mode = options["vendor-input"]
    if mode == "off":
        return
    if mode == "destructive" and not _names_destructive_verb(facts):
        return
    got = _implied(facts)
    wanted = ("destructive",) if mode == "destructive" else ("write", "destructive")
    if mode != "all" and not (got and got[1] in wanted):
        return
    value, msg = _risk_and_message(facts, got)
    hint = "true" if value == "destructive" else "false"
    yield Hit("", msg,
              f"Add `annotations: {{readOnlyHint: {'true' if value == 'read_only' else 'false'}, "
              f"destructiveHint: {hint}}}` so that clients know what it does, or convert the tool to a contract "
              f"(`toolcheck import`) with `risk: {value or 'write_limited'}`.")


def _names_destructive_verb(facts: SafetyFacts) -> bool:
    """Does the tool's name or the start of its description hold a destructive verb (a cheap first look)?"""
    contract = facts.contract
    text = ((contract.name or "") + " " + (contract.description or "")[:60]).lower()
    return any(v in text for v in facts.index.verbs.destructive)


def _implied(facts: SafetyFacts) -> tuple[str, str, str] | None:
    """The (verb, risk, where) the tool's verb implies; a destructive verb that places something is none."""
    got = facts.implied
    if got and got[1] == "destructive" and not facts.deletion:
        return None  # `Drop files onto the page`: the verb places something, it deletes nothing
    return got


def _risk_and_message(facts: SafetyFacts, got: tuple[str, str, str] | None) -> tuple[str | None, str]:
    """The risk to suggest and the finding's message: naming the verb when it writes or deletes."""
    name = facts.contract.display_name
    if got and got[1] in ("write", "destructive"):
        value = "destructive" if got[1] == "destructive" else "write_limited"
        return value, (f"MCP tool `{name}` publishes no `readOnlyHint`/`destructiveHint`, but its {got[2]} "
                       f"verb `{got[0]}` says it {'deletes' if got[1] == 'destructive' else 'changes'} data")
    return facts.suggested_risk, f"MCP tool `{name}` publishes no `readOnlyHint`/`destructiveHint`"
