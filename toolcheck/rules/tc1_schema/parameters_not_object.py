"""The root of `parameters` does not declare `type: object`.

What it does:
Reports a `parameters` schema (any alias) whose root has no `type`, or a list of types that admits others
besides `object`. A root type that rules out an object (`type: array`, `type: [string, number]`) is TC123
(an error, formerly TC118's error case); a root type that is not a JSON Schema type is TC103's. `returns`
may be any type and is not checked.

Why is this bad?
Tool arguments are always a JSON object: OpenAI, Anthropic, Gemini and MCP all require (or assume) an
object at the root, and Anthropic and MCP reject an `input_schema`/`inputSchema` without `type: object`.

Example:
```yaml
name: search_docs
description: Search the product documentation by keyword.
parameters:
  properties:
    query: {type: string, description: Words to search for.}
```

Use instead:
```yaml
name: search_docs
description: Search the product documentation by keyword.
parameters:
  type: object
  properties:
    query: {type: string, description: Words to search for.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from ._tables import JSON_TYPES
from ._values import show
from .index import Schema, SchemaFacts, SchemaIndex

RULE = RuleSpec("TC118", "parameters-not-object", severity="warning", scope="contract", index=SchemaIndex,
                fix="none")


def check(facts: SchemaFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for s in facts.schemas:
        if s.role == "parameters":  # `returns` may be any type
            yield from _root(s)


def _root(s: Schema) -> Iterator[Hit]:
    t = s.root.get("type")
    key = s.key
    if t is None:
        yield Hit(s.pointer(()), f"`{key}` does not declare `type: object`",
                  f"Add `type: object` at the root of `{key}`: every model API expects the arguments to be an "
                  "object.")
        return
    if isinstance(t, list) and all(isinstance(x, str) for x in t):
        if any(x not in JSON_TYPES for x in t):
            return  # a bad name is TC103's
        if "object" in t and len(set(t)) > 1:  # a list without `object` is TC123's
            yield Hit(s.pointer(("type",)), f"`{key}` allows {show(t)}: tool arguments are always an object",
                      "Use `type: object` alone.", prefer_key=False)
