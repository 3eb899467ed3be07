"""A local `$ref` points to nothing.

What it does:
Resolves every local `$ref` (`#`, `#/$defs/name`, `#/definitions/name`, any JSON pointer, `#anchor`, and
refs to the schema's own `$id` or an embedded `$id`) within the schema, and reports those that do not
resolve, or that resolve to something that is not a schema, with the nearest existing name. Recursive refs
are fine: a ref is resolved, never expanded.

Why is this bad?
Validators refuse to compile the schema, and model APIs reject the tool or drop the parameter.

Example:
```yaml
name: create_order
description: Create an order for one or more gifts.
parameters:
  type: object
  properties:
    address: {$ref: "#/$defs/Adress"}
  $defs:
    Address:
      type: object
      properties:
        city: {type: string, description: City name.}
```

Use instead:
```yaml
name: create_order
description: Create an order for one or more gifts.
parameters:
  type: object
  properties:
    address: {$ref: "#/$defs/Address"}
  $defs:
    Address:
      type: object
      properties:
        city: {type: string, description: City name.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import unquote

from ...suggest import closest
from ..base import Hit, RuleSpec
from ._meta import resolve_pointer
from ._values import json_type
from .index import SchemaFacts, SchemaIndex

RULE = RuleSpec("TC112", "unresolvable-ref", severity="error", scope="contract", index=SchemaIndex, fix="none")


def check(facts: SchemaFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for s in facts.schemas:
        for path, ref, r in s.resolved_refs:
            rptr = s.pointer(path + ("$ref",))
            got = _problem(ref, r, s.anchors)
            if got is not None:
                yield Hit(rptr, got[0], got[1], prefer_key=False)


def _problem(ref: str, r: Any, anchors: set[str]) -> tuple[str, str] | None:
    """(message, help) when the lookup ``r`` of ``ref`` found no schema; another document is TC113's."""
    if r is None:
        return (f"`$ref` `{ref}` does not resolve: the schema's `$id`s cannot be read",
                "Fix the `$id` values (URI references) of this schema.")
    if r.kind == "ok":
        if isinstance(r.contents, (dict, bool)):
            return None
        return (f"`$ref` `{ref}` does not resolve: it points to a {json_type(r.contents)}, not to a schema",
                "Fix the reference or add the definition it names.")
    if r.kind == "external":
        return None
    if r.kind == "anchor":
        frag = unquote(r.fragment)
        sugg = closest(frag, sorted(anchors))
        return (f"`$ref` `{ref}` names the anchor `{frag}`, which no subschema of that resource declares",
                (f"Did you mean `#{sugg}`? " if sugg and sugg != frag else "") +
                "Declare it with `$anchor` or use a JSON pointer such as `#/$defs/<name>`.")
    problem = (resolve_pointer(r.contents, r.fragment) if r.kind == "pointer" and r.contents is not None
               else None) or "it names nothing"
    return f"`$ref` `{ref}` does not resolve: {problem}", "Fix the reference or add the definition it names."
