"""The tool name breaks a target's name rule (characters, first character or length).

What it does:
Checks `name` against each target's name rule: OpenAI `^[a-zA-Z0-9_-]{1,64}$`; Anthropic
`^[a-zA-Z0-9_-]{1,128}$`; Gemini a letter or `_` first, then letters, digits, `_`, `.`, `:` and `-`, up to
128; Bedrock `[a-zA-Z0-9_-]{1,64}`. The stricter rules of older or other surfaces (Anthropic's 64, Gemini's
older 64 without `:`, Bedrock Agents' letter-first without `-`) and MCP's SHOULD-level format are TC218's
warnings. `toolcheck export` never renames a tool: the host dispatches on the name.

Why is this bad?
The API rejects the whole request ("Invalid 'tools[21].function.name': string does not match pattern"), so
every call that carries the tool fails, not only calls to it.

Example:
```yaml
name: gifts.search
description: Search the gift catalogue by keyword and return the matching gifts.
targets: [openai]
parameters:
  type: object
  properties:
    query: {type: string, description: Words to search for.}
```

Use instead:
```yaml
name: gifts_search
description: Search the gift catalogue by keyword and return the matching gifts.
targets: [openai]
parameters:
  type: object
  properties:
    query: {type: string, description: Words to search for.}
```
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from ._collect import Collector, by_family
from .index import TargetFacts, TargetsIndex

RULE = RuleSpec("TC201", "tool-name-invalid-for-target", severity="error", scope="contract", index=TargetsIndex,
                fix="none", emits=("TC218",))


_SAFE_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,63}")  # passes every target's name rule
_ALLOWED = {"openai": r"[^A-Za-z0-9_-]", "anthropic": r"[^A-Za-z0-9_-]", "gemini": r"[^A-Za-z0-9_.-]",
            "mcp": r"[^A-Za-z0-9_.-]", "bedrock": r"[^A-Za-z0-9_]"}
_RX: dict[str, re.Pattern] = {}


def check(facts: TargetFacts, options: dict[str, Any]) -> Iterator[Hit]:
    from ...vendors.rules import NAME_RULES

    name = facts.contract.name
    if name is None or _SAFE_NAME.fullmatch(name):
        return
    fams = by_family(facts.specs)
    fixable = None if facts.export else False
    col = Collector()
    for family, rules in NAME_RULES.items():
        fam_specs = fams.get(family)
        if fam_specs:
            _check_family(name, family, rules, fam_specs, col, fixable)
    yield from col.hits()


def _check_family(name: str, family: str, rules, fam_specs: list[str], col: Collector, fixable: bool | None) -> None:
    for sev in ("error", "warning"):
        found = _problems(name, rules, fam_specs, sev)
        if found is None:
            continue
        problems, rule_id, where, applies_to, max_len = found
        verb = "rejects" if sev == "error" else ("advises against" if family == "mcp" else "may reject")
        msg = f"{{who}} {verb} the tool name `{name}`" + (f" {where}" if where else "") + ": " \
            + "; ".join(dict.fromkeys(problems))
        help_ = (f"Rename the tool, e.g. `{_suggest(name, family, max_len)}` (a new name changes what the "
                 "host receives in tool calls).")
        for spec in applies_to:
            col.add(spec, "tool-name-invalid-for-target", "/name", sev, rule_id, msg, help_, None, fixable)
        break  # errors found: the warnings of the same family add nothing


def _problems(name: str, rules, fam_specs: list[str], sev: str):
    """(problems, first rule id, where, targets it applies to, length to cut a suggestion to) of the name
    rules of one severity, or None when the name breaks none of them."""
    from ...vendors.targets import parse_target

    problems: list[str] = []
    rule_ids: list[str] = []
    where = ""
    applies_to: list[str] = []
    max_len = None
    for r in rules:
        if r.severity != sev:
            continue
        applies = [s for s in fam_specs if not r.min_version or (parse_target(s)[1] or "") >= r.min_version]
        if not applies:
            continue
        bad = False
        if r.pattern and not _rx(r.pattern).fullmatch(name):
            problems.append(f"it may use only {r.allowed}")
            bad = True
        if r.max_len and len(name) > r.max_len:
            problems.append(f"it may be at most {r.max_len} characters long (it has {len(name)})")
            bad = True
        if bad:
            rule_ids.append(r.rule)
            where = where or r.where
            applies_to += [a for a in applies if a not in applies_to]
            max_len = min(max_len or r.max_len or 64, r.max_len or 64)
    if not problems:
        return None
    return problems, rule_ids[0], where, applies_to, max_len


def _suggest(name: str, family: str, max_len: int | None) -> str:
    s = re.sub(_ALLOWED[family], "_", name).strip("_") or "tool"
    if family in ("gemini", "bedrock") and not re.match(r"[A-Za-z_]" if family == "gemini" else "[A-Za-z]", s):
        s = "t_" + s
    return s[: max_len or 64]


def _rx(pattern: str) -> re.Pattern:
    rx = _RX.get(pattern)
    if rx is None:
        rx = _RX[pattern] = re.compile(pattern)
    return rx
