"""A tool declares no `risk`.

What it does:
Reports a contract without a `risk` key (`read_only`, `write_limited` or `destructive`); the help suggests a
value from the tool's verb or MCP annotations. A `risk` of the wrong type or an unknown value is TC009's.

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
from .index import SafetyFacts, SafetyIndex

RULE = RuleSpec("TC601", "missing-risk", severity="error", scope="contract", index=SafetyIndex, fix="none")


def _risk_help(value: str | None) -> str:
    if value:
        return f"Add `risk: {value}` (one of read_only, write_limited, destructive) to say how much it changes."
    return ("Add `risk: read_only`, `risk: write_limited` or `risk: destructive` to say how much the tool changes "
            "the world.")


def check(facts: SafetyFacts, options: dict[str, Any]) -> Iterator[Hit]:
    contract = facts.contract
    if contract.format != "contract" or not isinstance(contract.data, dict) or "risk" in contract.data:
        return  # a vendor format cannot carry a `risk` (MCP annotations are TC616's); a wrong value is TC009's
    yield Hit("", f"tool `{contract.display_name}` declares no `risk`", _risk_help(facts.suggested_risk))
