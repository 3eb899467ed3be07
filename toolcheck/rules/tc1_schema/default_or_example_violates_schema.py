"""A `default`, `examples` or `example` value is rejected by its own schema.

What it does:
Validates each `default`, `examples` entry and OpenAPI `example` against the schema it annotates and reports
the values that fail, with the reason (`default: "None"` on an integer, a default outside `enum`, an example
longer than `maxLength`). An error: the schema rejects its own value, which no reading of the contract makes
right. A rejected example is the same defect as a rejected default (models copy both into their calls), null
included. `default: null` on a schema that does not accept null is TC124 (a warning: the author meant "no
value"). Schemas whose own `type` is invalid are left to TC103.

Why is this bad?
Models copy defaults and examples into their calls, and hosts that fill in defaults send a value their own
validator rejects.

Example:
```yaml
name: search_docs
description: Search the product documentation by keyword.
parameters:
  type: object
  properties:
    limit: {type: integer, minimum: 1, default: 0, description: Maximum number of pages.}
```

Use instead:
```yaml
name: search_docs
description: Search the product documentation by keyword.
parameters:
  type: object
  properties:
    limit: {type: integer, minimum: 1, default: 10, description: Maximum number of pages.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from ._values import show
from .index import Node, Schema, SchemaFacts, SchemaIndex

RULE = RuleSpec("TC110", "default-or-example-violates-schema", severity="error", scope="contract",
                index=SchemaIndex, fix="none")


def check(facts: SchemaFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for s in facts.schemas:
        for kw in ("default", "example"):
            for at in s.with_key(kw):
                if kw == "default" and at.node[kw] is None:
                    continue  # a null default is TC124's (a warning)
                if not s.bad_type(at.node):  # a bad `type` is TC103's: nobody can say what passes
                    yield from _judge(s, at, kw, at.node[kw], (kw,))
        for at in s.with_key("examples"):
            ex = at.node["examples"]
            if isinstance(ex, list) and not s.bad_type(at.node):
                for i, v in enumerate(ex):
                    yield from _judge(s, at, "examples", v, ("examples", i))


def _judge(s: Schema, at: Node, kw: str, value: Any, vpath: tuple) -> Iterator[Hit]:
    extra = ' (to allow null, add "null" to `type`)' if value is None else ""
    yield from rejected(s, at, kw, value, vpath, f"Give a value the schema accepts, or remove it{extra}: models copy "
                        "defaults and examples into their calls.")


def rejected(s: Schema, at: Node, kw: str, value: Any, vpath: tuple, help: str) -> Iterator[Hit]:
    """The finding for ``value`` (of ``kw`` at ``at``) when the schema rejects it (TC110, TC124)."""
    ok, why = s.value_ok(at.path, at.node, value, ())
    if ok is False:
        what = f"`{kw}` value" if kw != "default" else "`default`"
        yield Hit(s.pointer(at.path + vpath), f"{what} {show(value)} {why}", help, prefer_key=False)
