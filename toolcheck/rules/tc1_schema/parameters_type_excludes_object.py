"""The root of `parameters` declares a type that is not `object` (`type: array`, `type: [string, number]`).

What it does:
Reports a `parameters` schema (any alias) whose root `type` is a JSON Schema type other than `object`, or a
list of types none of which is `object`: no argument object can ever validate. A root with no `type`, or a
list that admits `object` beside other types, is TC118 (a warning); a root type that is not a JSON Schema
type is TC103's. `returns` may be any type and is not checked. Formerly TC118's error case: TC118 now has
one severity.

Why is this bad?
Tool arguments are always a JSON object: OpenAI, Anthropic, Gemini and MCP all send (and most require) an
object at the root, so a schema that rules out an object rejects every call the model can make.

Example:
```yaml
name: add_numbers
description: Add up a list of numbers.
parameters:
  type: array
  items: {type: number}
```

Use instead:
```yaml
name: add_numbers
description: Add up a list of numbers.
parameters:
  type: object
  properties:
    numbers: {type: array, items: {type: number}, description: The numbers to add.}
  required: [numbers]
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from ._tables import JSON_TYPES
from ._values import show
from .index import Schema, SchemaFacts, SchemaIndex

RULE = RuleSpec("TC123", "parameters-type-excludes-object", severity="error", scope="contract", index=SchemaIndex,
                fix="none")


def check(facts: SchemaFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for s in facts.schemas:
        if s.role == "parameters":  # `returns` may be any type
            yield from _root(s)


def _root(s: Schema) -> Iterator[Hit]:
    t = s.root.get("type")
    key = s.key
    tptr = s.pointer(("type",))
    if isinstance(t, str):
        if t == "object" or t not in JSON_TYPES:
            return  # a bad name is TC103's
        yield Hit(tptr, f"`{key}` has `type: {t}`: tool arguments are always an object",
                  "Use `type: object` with the value as a property, e.g. `properties: {value: {type: "
                  f"{t}}}}}`.", prefer_key=False)
    elif isinstance(t, list) and all(isinstance(x, str) for x in t):
        if "object" not in t and all(x in JSON_TYPES for x in t):
            yield Hit(tptr, f"`{key}` has `type: {show(t)}`: tool arguments are always an object",
                      "Use `type: object`.", prefer_key=False)
