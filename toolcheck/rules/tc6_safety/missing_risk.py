"""A tool declares no `risk`.

What it does:
Reports a contract without a `risk` key (`read_only`, `write_limited` or `destructive`); the help suggests a
value from the tool's verb or MCP annotations. A `risk` of the wrong type or an unknown value is TC009's.

A tool that runs one of several operations chosen by an argument (a string parameter named `command`,
`action`, `operation`, `method`, ...: a command router, a consolidated `orders_write(action=...)`) is reported
too, since a host confirms and retries per tool and not per operation: the message names the argument (and its
values, when they are an `enum`), and the help asks for the riskiest of its operations, or for splitting the
tool so that each part has one risk.

Only contracts are reported: a contract can always carry a `risk`. A vendor or corpus format cannot (an
OpenAI, Anthropic or Gemini function file, JSON Lines of function objects), so its tools are not reported here;
MCP tools say their risk through `annotations` (`readOnlyHint`, `destructiveHint`), and TC616 reports a deleting
MCP tool that does not. `toolcheck import` writes the risk the annotations give into the contract.

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
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import SafetyFacts, SafetyIndex, properties, schema_types

RULE = RuleSpec("TC601", "missing-risk", severity="error", scope="contract", index=SafetyIndex, fix="none")


def _risk_help(value: str | None) -> str:
    if value:
        return f"Add `risk: {value}` (one of read_only, write_limited, destructive) to say how much it changes."
    return ("Add `risk: read_only`, `risk: write_limited` or `risk: destructive` to say how much the tool changes "
            "the world.")


# names of an argument that chooses the operation a tool runs
_DISPATCH = frozenset({"command", "subcommand", "sub_command", "cmd", "action", "operation", "op", "method"})
_ORDER = {"read_only": 0, "write_limited": 1, "destructive": 2}
_CLASS_RISK = {"read": "read_only", "write": "write_limited", "destructive": "destructive"}


def _dispatcher(facts: SafetyFacts) -> tuple[str, list[str]] | None:
    """(parameter, enum values) of a string argument that chooses the operation the tool runs."""
    for name, schema in (properties(facts.contract.parameters) or {}).items():
        if name.lower() not in _DISPATCH or not isinstance(schema, dict):
            continue
        enum = schema.get("enum")
        values = [v for v in enum if isinstance(v, str)] if isinstance(enum, list) else []
        if values and len(values) < 2:
            continue  # one fixed operation chooses nothing
        types = schema_types(schema)
        if values or (types is not None and "string" in types):
            return name, values
    return None


def _dispatch_help(facts: SafetyFacts, param: str, values: list[str]) -> str:
    risks = [_CLASS_RISK[got[1]] for v in values if (got := facts.index.verbs.of_name(v))]
    worst = max(risks, key=_ORDER.__getitem__) if risks else None
    say = f"`risk: {worst}` (the riskiest of its operations)" if worst else "the risk of its riskiest operation"
    return (f"A host confirms and retries per tool, not per `{param}`: declare {say}, or split the tool so that "
            f"each part has one risk (`read_only`, `write_limited` or `destructive`).")


def check(facts: SafetyFacts, options: dict[str, Any]) -> Iterator[Hit]:
    contract = facts.contract
    if contract.format != "contract" or not isinstance(contract.data, dict) or "risk" in contract.data:
        return  # a vendor format cannot carry a `risk` (MCP annotations are TC616's); a wrong value is TC009's
    message = f"tool `{contract.display_name}` declares no `risk`"
    dispatch = _dispatcher(facts)
    if dispatch is None:
        yield Hit("", message, _risk_help(facts.suggested_risk))
        return
    param, values = dispatch
    shown = ", ".join(f"`{v}`" for v in values[:8]) + (", ..." if len(values) > 8 else "")
    chooses = f" ({shown})" if values else ""
    yield Hit("", f"{message}, and runs the operation its `{param}` argument chooses{chooses}",
              _dispatch_help(facts, param, values))
