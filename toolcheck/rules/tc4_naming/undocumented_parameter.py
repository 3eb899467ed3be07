"""A parameter has no description.

What it does:
Reports every property of the parameters schema (also inside nested objects, array items, `anyOf`/`oneOf`
branches and `$defs`) that has no non-empty `description`, directly, through a local `$ref`, or in one of its
`anyOf`/`oneOf`/`allOf` branches. A `title` does not count (generators copy the name into it). A property
whose value is fixed (`const`, or a one-value `enum`) needs no description and is skipped. No name is taken
as self-explanatory by default: `duration`, `id` and `date` are exactly where units, formats and sources go
unsaid; list the ones your team accepts in `ignore-names`.

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
`rules.TC407.nested` (default true): also check properties of nested objects, array items and `$defs`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, Option, RuleSpec
from .index import COMBINATORS, NamingFacts, NamingIndex, desc_of, label, local_ref, prop_pointer

RULE = RuleSpec(
    "TC407", "undocumented-parameter", severity="warning", scope="contract", index=NamingIndex,
    options={
        "ignore-names": Option(list, [], "parameter names that need no description in your project", items=str),
        "nested": Option(bool, True, "also check properties of nested objects, array items and `$defs`"),
    },
)


def check(facts: NamingFacts, options: dict[str, Any]) -> Iterator[Hit]:
    if not facts.props:
        return
    ignore = options["ignore-names"]
    nested = options["nested"]
    root = facts.contract.parameters
    for parent, name, s, ppath, _ in facts.props:
        d = s.get("description")
        if d.__class__ is str and d and not d.isspace():
            continue
        if (not nested and ppath) or name in ignore or "const" in s:
            continue
        e = s.get("enum")
        if isinstance(e, list) and len(e) == 1:
            continue
        if _documented_elsewhere(s, root):
            continue
        yield Hit(prop_pointer(parent, name), f"parameter `{label(ppath + (name,))}` has no description",
                  "Add a `description` saying what the value is, with its unit, format or where it comes from "
                  "(e.g. \"Delivery date, YYYY-MM-DD\").")


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


