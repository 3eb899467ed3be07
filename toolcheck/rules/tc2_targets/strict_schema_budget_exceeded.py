"""The strict tools of a request together have too many optional or union-typed parameters.

What it does:
Anthropic strict tool use allows, summed over all strict tools of a request, 24 optional parameters and 16
parameters with `anyOf` or a type array (ANT-LIM-002, ANT-LIM-003). Top-level properties are counted; how
nested ones count is not documented, so a tool set that crosses the limit only when they are counted is
TC224's warning, not this rule's error.

Why is this bad?
"These limits apply to the combined total across all strict schemas in a single request": the request is
rejected even though no single tool looks complex.

Example:
```yaml
name: search_gifts
description: Search the gift catalogue with many optional filters.
targets: [anthropic-strict]
parameters:
  type: object
  additionalProperties: false
  properties: {f01: {type: string}, f02: {type: string}, f03: {type: string}, f04: {type: string},
    f05: {type: string}, f06: {type: string}, f07: {type: string}, f08: {type: string}, f09: {type: string},
    f10: {type: string}, f11: {type: string}, f12: {type: string}, f13: {type: string}, f14: {type: string},
    f15: {type: string}, f16: {type: string}, f17: {type: string}, f18: {type: string}, f19: {type: string},
    f20: {type: string}, f21: {type: string}, f22: {type: string}, f23: {type: string}, f24: {type: string},
    f25: {type: string}}
```

Use instead:
```yaml
name: search_gifts
description: Search the gift catalogue with a filter expression.
targets: [anthropic-strict]
parameters:
  type: object
  additionalProperties: false
  properties:
    filter: {type: string, description: "Filters as key=value pairs, e.g. colour=red;max_price=50."}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...model.pointer import join_pointer
from ..base import Hit, RuleSpec
from ._collect import who
from .index import SetFacts, ToolSet, ToolSetIndex, params_of

RULE = RuleSpec("TC214", "strict-schema-budget-exceeded", severity="error", scope="set", index=ToolSetIndex, fix="none",
                emits=("TC224",))

# the count that crossed the limit -> (code, severity): nested properties counted too is TC224's warning
_COUNTED = {"top": ("TC214", "error"), "nested": ("TC224", "warning")}


def check(facts: SetFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for tools in facts.sets:
        yield from facts.finish(_strict_budgets(tools, facts))


def _strict_budgets(tools: ToolSet, facts: SetFacts) -> list[Hit]:
    from ...vendors.rules import STRICT_BUDGETS

    members = [c for c in tools.members
               if "anthropic-strict" in tools.targets[id(c)] and isinstance(params_of(c)[1], dict)]
    if not members:
        return []
    counts = _counts(members, facts)
    out = []
    for what, lim in STRICT_BUDGETS.items():
        top, deep, crossed_top, crossed_deep = counts[what]
        label = "optional parameters" if what == "optional" else "parameters with `anyOf` or a type array"
        if crossed_top is not None:
            (c, n), counted, count, scope = crossed_top, "top", top, "top-level properties"
        elif crossed_deep is not None:
            (c, n), counted, count, scope = crossed_deep, "nested", deep, "nested properties included"
        else:
            continue
        out.append(_hit(c, n, what, lim, label, _COUNTED[counted], count, scope))
    return out


def _counts(members: list, facts: SetFacts) -> dict[str, list]:
    """Per budget: [top-level count, count with nested ones, where each first crossed the limit]."""
    from ...vendors.rules import STRICT_BUDGETS
    from ...vendors.schemas import is_union_type

    counts = {what: [0, 0, None, None] for what in STRICT_BUDGETS}  # top, deep, crossed_top, crossed_deep
    for c in members:
        for n in facts.index.schema_info(params_of(c)[1])[0]:
            if n.via != "properties":
                continue
            for what, hit in (("optional", not n.required), ("union", is_union_type(n.schema))):
                if not hit:
                    continue
                k = counts[what]
                lim = STRICT_BUDGETS[what]
                k[1] += 1
                if len(n.path) == 2:
                    k[0] += 1
                    if k[0] == lim.value + 1 and k[2] is None:
                        k[2] = (c, n)
                if k[1] == lim.value + 1 and k[3] is None:
                    k[3] = (c, n)
    return counts


def _hit(c, n, what: str, lim, label: str, code_sev: tuple[str, str], count: int, scope: str) -> Hit:
    from ...vendors.sources import url_for

    h = Hit(join_pointer("", params_of(c)[0], *n.path),
            f"{who(['anthropic-strict'])[0]} allows at most {lim.value} {label} over all strict tools of a "
            f"request; the tool set has {count} ({scope}) and this one crosses the limit",
            "Make parameters required (with a default stated in the description), drop rarely used ones, or "
            "send fewer strict tools." if what == "optional" else
            "Replace unions by one type (e.g. a string with an enum), or send fewer strict tools.",
            code=code_sev[0], severity=code_sev[1], target="anthropic-strict", url=url_for(lim.rule), fixable=False)
    h.subject = c
    return h
