"""The schema uses a keyword the target rejects.

What it does:
Looks up every keyword of every sub-schema in the target's table: OpenAI strict rejects `allOf`, `not`,
`if`/`then`/`else`, `dependent*`, `patternProperties`, `propertyNames`, `min/maxProperties`, `uniqueItems`,
`contains`... (OAI-KW-001, -004, -005); Anthropic strict rejects `minimum`, `maximum`, `multipleOf`,
`minLength`, `maxLength`, `maxItems`, `uniqueItems` (ANT-STRICT-007, -008, -009); Gemini `parameters`
accepts only its OpenAPI subset (`const`, `exclusiveMinimum`, `examples`, `definitions`, `$schema`... are
rejected, GEM-SCH-001 and -004, and `anyOf` must stand alone, GEM-SCH-006). Most are fixable: `toolcheck
export` drops the keyword (the host still enforces it) or rewrites it (`oneOf` → `anyOf`, `const` → `enum`,
`allOf` merged). A keyword a target only may reject or may ignore (OpenAI strict `oneOf`, `minLength`,
`default`; Anthropic strict's unlisted keywords; Gemini's `additionalProperties`; what `parametersJsonSchema`
may ignore) is TC220's warning, not this rule's.

Why is this bad?
"If you turn on Structured Outputs by supplying `strict: true` and call the API with an unsupported JSON
Schema, you will receive an error." Gemini answers `Unknown name "const"`; Anthropic a 400 naming the keyword.

Example:
```yaml
name: search_gifts
description: Search the gift catalogue by keyword and maximum price.
targets: [anthropic-strict]
parameters:
  type: object
  additionalProperties: false
  required: [query]
  properties:
    query: {type: string, description: Words to search for.}
    max_price: {type: number, maximum: 500, description: Highest price in euros.}
```

Use instead:
```yaml
name: search_gifts
description: Search the gift catalogue by keyword and maximum price.
targets: [anthropic-strict]
parameters:
  type: object
  additionalProperties: false
  required: [query]
  properties:
    query: {type: string, description: Words to search for.}
    max_price: {type: number, description: Highest price in euros (at most 500).}
```

Options:
`rules.TC204.unenforced-keywords` (default false): the same as `rules.TC220.unenforced-keywords` (the
findings it turns on are TC220's warnings); kept so that configs written before TC220 existed still work.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...model.pointer import join_pointer
from ..base import Hit, Option, RuleSpec
from .index import TargetFacts, TargetsIndex, params_of

RULE = RuleSpec("TC204", "keyword-not-supported-by-target", severity="error", scope="contract", index=TargetsIndex,
                options={"unenforced-keywords": Option(bool, False, "the same as TC220's option (kept for "
                                                       "configs written before TC220 was split off)")},
                fix="none", fixable=True)


_DEFS = ("$defs", "definitions")


def check(facts: TargetFacts, options: dict[str, Any]) -> Iterator[Hit]:
    # a keyword a target rejects fails the request wherever it is, even in a definition nothing uses
    yield from facts.hits("TC204")


def outside_unused_defs(contract, hits: list[Hit]) -> Iterator[Hit]:
    """The hits not inside a root definition the tool never uses (:func:`unreferenced_defs`): a keyword a target
    may only ignore, or a constraint the export drops, costs nothing there (TC220, TC225)."""
    dead = unreferenced_defs(contract) if hits else []
    return (h for h in hits if not _under(h.pointer, dead))


def unreferenced_defs(contract) -> list[str]:
    """Pointers of the parameters' root definitions that nothing the tool uses refers to (transitively): a
    shared `$defs` table copied into every tool of a generated server. Empty when a reference could reach
    anything (an anchor, an external or dynamic `$ref`)."""
    key, schema = params_of(contract)
    if not isinstance(schema, dict) or not any(isinstance(schema.get(d), dict) for d in _DEFS):
        return []
    uses = _uses(schema)
    if uses is None:
        return []
    seen: set = {None}
    todo: list = [None]
    while todo:
        for t in uses.get(todo.pop(), ()):
            if t not in seen:
                seen.add(t)
                todo.append(t)
    return [join_pointer("", key, d, name) for d in _DEFS if isinstance(schema.get(d), dict)
            for name in schema[d] if (d, name) not in seen]


def _uses(schema: dict) -> dict[tuple | None, set[tuple]] | None:
    """Definition (None: the rest of the schema) -> the definitions it names; None when a reference could
    reach anything."""
    from ...vendors.schemas import ref_target

    uses: dict[tuple | None, set[tuple]] = {}
    stack: list[tuple[Any, tuple | None, int]] = [(v, None, 0) for k, v in schema.items() if k not in _DEFS]
    stack += [(v, (d, name), 0) for d in _DEFS if isinstance(schema.get(d), dict) for name, v in schema[d].items()]
    while stack:
        node, owner, depth = stack.pop()
        if depth > 200:
            return None
        if isinstance(node, dict):
            if "$dynamicRef" in node or "$recursiveRef" in node:
                return None
            r = node.get("$ref")
            if isinstance(r, str):
                tgt = ref_target(r)
                if tgt is None:
                    return None  # an anchor or another document: anything may be used
                # a definition, or the root (or a part of it: then all that the root uses)
                uses.setdefault(owner, set()).add(tgt[:2] if len(tgt) >= 2 and tgt[0] in _DEFS else None)
            stack.extend((v, owner, depth + 1) for v in node.values())
        elif isinstance(node, list):
            stack.extend((v, owner, depth + 1) for v in node)
    return uses


def _under(pointer: str, prefixes: list[str]) -> bool:
    return any(pointer == p or pointer.startswith(p + "/") for p in prefixes)
