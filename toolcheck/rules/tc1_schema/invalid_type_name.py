"""`type` names something that is not a JSON Schema type.

What it does:
Reports each `type` value (or each entry of a `type` list) that is not one of `string`, `number`, `integer`,
`boolean`, `array`, `object`, `null`, with the intended name: `dict`/`HashMap` → `object`, `float`/`double`
→ `number`, `int`/`long` → `integer`, `str`/`String` → `string`, `bool` → `boolean`, `list`/`tuple` →
`array`, `any` → remove `type`. Reported once per bad name (not also as a metaschema violation). Typical of
Python-flavoured schemas such as the Berkeley Function Calling Leaderboard's `"type": "dict"`.

Why is this bad?
Every validator rejects the schema and model APIs reject the tool (`Invalid schema for function`); a model
that still sees it must guess what `float` means.

Example:
```yaml
name: calculate_bmi
description: Calculate body mass index given weight and height.
parameters:
  type: dict
  properties:
    weight: {type: float, description: Weight in kilograms.}
  required: [weight]
```

Use instead:
```yaml
name: calculate_bmi
description: Calculate body mass index given weight and height.
parameters:
  type: object
  properties:
    weight: {type: number, description: Weight in kilograms.}
  required: [weight]
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from ._tables import JSON_TYPES, TYPE_FORMAT_HINT
from ._values import type_reading
from .index import Schema, SchemaFacts, SchemaIndex

# a bad name is the problem, not the metaschema's restatement of it
RULE = RuleSpec("TC103", "invalid-type-name", severity="error", scope="contract", index=SchemaIndex, fix="safe",
                supersedes=("TC101",))


def check(facts: SchemaFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for s in facts.schemas:
        for at in s.with_key("type"):
            t = at.node["type"]
            if isinstance(t, str):
                if t not in JSON_TYPES:
                    yield _bad_type(s, at.path + ("type",), t, None)
            elif isinstance(t, list):
                for i, x in enumerate(t):
                    if isinstance(x, str) and x not in JSON_TYPES:
                        yield _bad_type(s, at.path + ("type", i), x, t)


def _help(t: str, sugg: str | None, known: bool, in_list: bool) -> tuple[str, str]:
    """(what to add to the message, the help)."""
    if not known:
        return "", ("Use one of `string`, `number`, `integer`, `boolean`, `array`, `object`, `null` (or remove "
                    "`type` to accept any value).")
    if sugg is None:
        return " (JSON Schema has no `any` type)", (
            "Remove `type`: a schema without `type` accepts any JSON value." if not in_list else
            "Remove `type` altogether: a schema without `type` accepts any value.")
    low = t.strip().lower()
    help = f"Replace `{t}` with `{sugg}` in the `type` list." if in_list else f"Write `type: {sugg}`."
    if sugg == "array" and low == "tuple":
        help += " For a fixed sequence of item types use `prefixItems`."
    fmt = TYPE_FORMAT_HINT.get(low)
    if fmt:
        help += f" Add `format: {fmt}` to say which kind of string."
    return f" (did you mean `{sugg}`?)", help


def _bad_type(s: Schema, tpath: tuple, t: str, types: list | None) -> Hit:
    sugg, certain = type_reading(t)
    shown = f"`{t}`" if t else "an empty string"
    extra, help = _help(t, sugg, certain or sugg is not None, types is not None)
    from ...fixing.schema_fixes import type_list_fix, type_name_fix

    ptr = s.pointer(tpath)
    fix = (type_list_fix(ptr.rsplit("/", 1)[0], types, type_reading) if types is not None
           else type_name_fix(ptr, t, type_reading))
    return Hit(ptr, f"{shown} is not a JSON Schema type{extra}", help, prefer_key=False, fix=fix)
