"""A parameter has no description.

What it does:
Reports every top-level property of the parameters schema (also one declared in a top-level `anyOf`/`oneOf`
branch; with `nested: true`, also inside nested objects, array items and `$defs`) that has no non-empty
`description`, directly, through a local `$ref`, or in one of its
`anyOf`/`oneOf`/`allOf` branches. A `title` does not count (generators copy the name into it). A property
whose value is fixed (`const`, or a one-value `enum`) needs no description and is skipped. No name is taken
as self-explanatory by default: `duration`, `id` and `date` are exactly where units, formats and sources go
unsaid; list the ones your team accepts in `ignore-names`.

A parameter is reported once, however often the schema repeats it: a property declared in several
`oneOf`/`anyOf` branches is one finding (at its first branch), and a branch that only adds constraints to a
property documented beside it (`properties: {mode: {description: ...}}` with `oneOf: [{properties: {mode:
{const: a}}}, ...]`) is not reported. Entries of `$defs`/`definitions` that no `$ref` of the parameters reaches are
no parameter of this tool (a generator's shared definitions) and are skipped.

Nested properties are not checked by default: on real tool sets 2 of 15 such findings were judged true (the
enclosing object's description usually says what its `min`, `value` or `uri` is, and generated `$defs` repeat
one gap many times), against 7 of 8 for top-level parameters.

Why is this bad?
The model fills arguments from the name alone: it guesses units (`duration`: seconds or minutes?), formats
(`date`: which format?) and which identifier goes where (`id` of what?).

Example:
```yaml
name: get_product_stock
description: >-
  Get how many units of one product are in stock. Use it when the user asks whether an item is available.
parameters:
  type: object
  properties:
    product_id: {type: string}
```

Use instead:
```yaml
name: get_product_stock
description: >-
  Get how many units of one product are in stock. Use it when the user asks whether an item is available.
parameters:
  type: object
  properties:
    product_id: {type: string, description: The product's catalogue id, as returned by search_gifts.}
```

Options:
`rules.TC407.ignore-names` (default `[]`): parameter names that need no description in your project.
`rules.TC407.nested` (default false): also check properties of nested objects, array items and `$defs`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, Option, RuleSpec
from .index import COMBINATORS, MAX_DEPTH, NamingFacts, NamingIndex, desc_of, label, local_ref, prop_pointer

RULE = RuleSpec(
    "TC407", "undocumented-parameter", severity="warning", scope="contract", index=NamingIndex,
    options={
        "ignore-names": Option(list, [], "parameter names that need no description in your project", items=str),
        "nested": Option(bool, False, "also check properties of nested objects, array items and `$defs`"),
    },
)


def check(facts: NamingFacts, options: dict[str, Any]) -> Iterator[Hit]:
    if not facts.props:
        return
    ignore = options["ignore-names"]
    nested = options["nested"]
    root = facts.contract.parameters
    documented: set[tuple] = set()  # (enclosing path, name) of every parameter documented in one of its places
    missing: list[tuple] = []
    for parent, name, s, ppath, _ in facts.props:
        d = s.get("description")
        if d.__class__ is str and d and not d.isspace():
            documented.add((ppath, name))
            continue
        if (not nested and ppath) or name in ignore or "const" in s:
            continue
        e = s.get("enum")
        if isinstance(e, list) and len(e) == 1:
            continue
        if _documented_elsewhere(s, root):
            documented.add((ppath, name))
            continue
        missing.append((parent, name, ppath))
    if not missing:
        return
    # One finding per parameter: a property repeated in several `oneOf` branches (or a branch's overlay of a
    # property documented at the root) is one parameter to the model, and a `$defs` entry no `$ref` uses is none.
    first: dict[tuple, tuple] = {}
    for parent, name, ppath in missing:
        key = (ppath, name)
        if key not in documented and (key not in first or _order(parent) < _order(first[key])):
            first[key] = parent
    used = _used_defs(root) if any(len(p) > 2 and p[1] in _DEFS for p, _, _ in missing) else set()
    for parent, name, ppath in missing:
        if first.get((ppath, name)) is not parent:
            continue
        if len(parent) > 2 and parent[1] in _DEFS and (parent[1], parent[2]) not in used:
            continue
        yield Hit(prop_pointer(parent, name), f"parameter `{label(ppath + (name,))}` has no description",
                  "Add a `description` saying what the value is, with its unit, format or where it comes from "
                  "(e.g. \"Delivery date, YYYY-MM-DD\").")


_DEFS = ("$defs", "definitions")


def _order(toks: tuple) -> tuple:
    """A sort key of pointer tokens in document order (indexes numerically)."""
    return tuple((0, t, "") if isinstance(t, int) else (1, 0, t) for t in toks)


def _used_defs(root: Any) -> set[tuple[str, str]]:
    """The (`$defs`|`definitions`, name) entries of the parameters that a local `$ref` reaches from outside them."""
    defs = {(kw, str(n)): v for kw in _DEFS if isinstance(root.get(kw), dict) for n, v in root[kw].items()}
    used: set[tuple[str, str]] = set()
    stack: list[tuple[Any, int]] = [({k: v for k, v in root.items() if k not in _DEFS}, 0)]
    seen: set[int] = set()
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH or id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith(("#/$defs/", "#/definitions/")):
                kw, _, rest = ref[2:].partition("/")
                key = (kw, rest.split("/", 1)[0].replace("~1", "/").replace("~0", "~"))
                if key in defs and key not in used:
                    used.add(key)
                    stack.append((defs[key], depth + 1))
            stack.extend((v, depth + 1) for v in node.values() if isinstance(v, (dict, list)))
        elif isinstance(node, list):
            stack.extend((v, depth + 1) for v in node if isinstance(v, (dict, list)))
    return used


def _documented_elsewhere(s: dict, root: Any) -> bool:
    if "$ref" in s:
        target = local_ref(root, s["$ref"])
        if isinstance(target, dict) and desc_of(target):
            return True
    for kw in COMBINATORS:
        branches = s.get(kw)
        if isinstance(branches, list):
            for b in branches:
                if isinstance(b, dict):
                    if desc_of(b):
                        return True
                    t = local_ref(root, b.get("$ref"))
                    if isinstance(t, dict) and desc_of(t):
                        return True
    return False


