"""A parameter has no description.

What it does:
Reports every top-level property of the parameters schema (also one declared in a top-level `anyOf`/`oneOf`
branch; with `nested: true`, also inside nested objects, array items and `$defs`) that has no non-empty
`description`, directly, through a local `$ref`, or in one of its
`anyOf`/`oneOf`/`allOf` branches. A `title` does not count (generators copy the name into it). A property
whose value is fixed (`const`, or a one-value `enum`) needs no description and is skipped.

A top-level parameter that the tool's description (or the parameters' own `description`) documents by name is
documented: an entry of an `Args:` / `Parameters:` block or list in any language (`radius_km (float): Search
radius in km`, `- deck_path: 演示文稿文件路径`, numpydoc's `window : int`), a Sphinx `:param name:` or JSDoc
`@param name`, or the quoted name explained in prose ("`lines` is how many lines to return", "`offset` (start
line, default 0)"). The entry must say something: `"path": "/tmp/a"` in an example payload, or a sentence that
merely uses the word ("the files at the given path"), does not document `path`. Conventional paging parameters
of the type that meaning implies are self-explanatory: `page`, `page_size`/`per_page`, `limit`, `offset`, `skip`,
`max_results` as numbers, `cursor`/`page_token`/`next_token` as strings. No other name is taken as
self-explanatory by default: `duration`, `id` and `date` are exactly where units, formats and sources go unsaid;
list the ones your team accepts in `ignore-names`.

A parameter is reported once, however often the schema repeats it: a property declared in several
`oneOf`/`anyOf` branches is one finding (at its first branch), and a branch that only adds constraints to a
property documented beside it (`properties: {mode: {description: ...}}` with `oneOf: [{properties: {mode:
{const: a}}}, ...]`) is not reported. Entries of `$defs`/`definitions` that no `$ref` of the parameters reaches are
no parameter of this tool (a generator's shared definitions) and are skipped.

Opt-in (select it by code or name, e.g. `--extend-select TC407`): on real tool sets, even after the narrowing
above, 8 of the 11 findings of the blind round that remain were judged true (73%, below the 80% a default
warning needs): a parameter whose name, type and tool say it all (`repo` beside `owner`, a diff's
`context_lines`) has no description, and no rule tells those from `path` or `since`, which need one. It stays
the check for teams that want every parameter described.

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

import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from ..base import Hit, Option, RuleSpec
from .index import (
    COMBINATORS,
    MAX_DEPTH,
    NamingFacts,
    NamingIndex,
    desc_of,
    label,
    local_ref,
    prop_pointer,
    types_of,
)

RULE = RuleSpec(
    "TC407", "undocumented-parameter", severity="warning", scope="contract", index=NamingIndex,
    default_enabled=False,
    options={
        "ignore-names": Option(list, [], "parameter names that need no description in your project", items=str),
        "nested": Option(bool, False, "also check properties of nested objects, array items and `$defs`"),
    },
)


def check(facts: NamingFacts, options: dict[str, Any]) -> Iterator[Hit]:
    if not facts.props:
        return
    root = facts.contract.parameters
    documented, missing = _undocumented(facts, options)
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


def _undocumented(facts: NamingFacts, options: dict[str, Any]) -> tuple[set[tuple], list[tuple]]:
    """(enclosing path, name) of every parameter documented in one of its places, and (parent, name, enclosing
    path) of every checked property without a description of its own or elsewhere."""
    ignore = options["ignore-names"]
    nested = options["nested"]
    root = facts.contract.parameters
    documented: set[tuple] = set()
    missing: list[tuple] = []
    for parent, name, s, ppath, _ in facts.props:
        d = s.get("description")
        if d.__class__ is str and d and not d.isspace():
            documented.add((ppath, name))
            continue
        if (not nested and ppath) or name in ignore or _fixed(s):
            continue
        if _documented_elsewhere(s, root):
            documented.add((ppath, name))
            continue
        if not ppath and (_paging(name, s, root) or _described_in_prose(name, facts)):
            continue
        missing.append((parent, name, ppath))
    return documented, missing


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


def _fixed(s: dict) -> bool:
    """A value the model cannot choose (`const`, a one-value `enum`) needs no description."""
    e = s.get("enum")
    return "const" in s or (isinstance(e, list) and len(e) == 1)


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




# Conventional paging parameters (names compared lowercased, without `_` and `-`): a count or a position in a
# listing, or the opaque token of the next page. Every API means the same by them; a description adds nothing the
# name, type and default do not say. Only with the type that meaning implies: a `limit` that is a string is not it.
_PAGING_NUMBERS = frozenset({"page", "pagesize", "perpage", "pagenumber", "limit", "offset", "skip", "maxresults"})
_PAGING_TOKENS = frozenset({"cursor", "pagetoken", "nextpagetoken", "nexttoken", "startcursor", "nextcursor"})


def _paging(name: str, s: dict, root: Any) -> bool:
    norm = name.lower().replace("_", "").replace("-", "")
    if norm not in _PAGING_NUMBERS and norm not in _PAGING_TOKENS:
        return False
    types = set(types_of(s))
    for kw in ("anyOf", "oneOf"):  # `Optional[int]`: anyOf [{type: integer}, {type: null}]
        branches = s.get(kw)
        if isinstance(branches, list):
            for b in branches:
                if isinstance(b, dict):
                    types |= types_of(b)
    if "$ref" in s:
        t = local_ref(root, s["$ref"])
        if isinstance(t, dict):
            types |= types_of(t)
    types.discard("null")
    want = {"integer", "number"} if norm in _PAGING_NUMBERS else {"string"}
    return bool(types) and types <= want


# How a description documents a parameter by name (`N` stands for the name, matched exactly):
#   an entry of an `Args:` / `Parameters:` block, a list or a table-like line, in any language: `N: text`,
#   `- N (int): text`, `**N** - text`, `N : int` (numpydoc), at the start of a line or after `,` `;` `:`
#   (a folded one-line block); the text must start with a letter, so `"N": "x"` in an example payload and
#   `N: 10` are not documentation;
#   `:param N:` / `:param int N:` (Sphinx), `@param N` / `@param {string} N` (JSDoc);
#   a quoted name explained in prose: "`N` is ...", "`N`: ...", "`N` (start line, default 0)", "`N` は ...";
#   `N (type): text` anywhere.
_ENTRY = (r"(?:^|(?<=[,;:：]\s)|(?<=[,;：]))[ \t]*(?:[-*•+·]\s*|\d{{1,2}}[.)]\s*)?[`'\"*]{{0,2}}{n}[`'\"*]{{0,2}}[ \t]*"
          r"(?:\([^)\n]{{0,80}}\)|\[[^\]\n]{{0,80}}\]|（[^）\n]{{0,80}}）)?[ \t]*(?:[:：]|[-–—][ \t])[ \t]*\(?[^\W\d_]")
_TAGS = r":param(?:[ \t]+[\w\[\], .|]{{1,40}}?)?[ \t]+{n}[ \t]*:|@param[ \t]+(?:\{{[^}}\n]*\}}[ \t]*)?\[?{n}(?![\w])"
_QUOTED = (r"[`'\"]{n}[`'\"][ \t]*(?:\([^)\n]{{0,80}}[^\W\d_][^)\n]{{0,80}}\)|[:：][ \t]*\(?[^\W\d_]|[-–—][ \t]+[^\W\d_]"
           r"|[ \t]+(?:is|are|must|should|specifies|sets|selects|controls|determines|defaults|takes|holds|names"
           r"|means|gives)\b|[ \t]*(?:は|是|为|表示|用于|参数))")
_TYPED = r"(?<![\w.]){n}[ \t]*\([^)\n]{{1,80}}\)[ \t]*[:：][ \t]*\(?[^\W\d_]"


def _described_in_prose(name: str, facts: NamingFacts) -> bool:
    """Whether the tool's description (or the parameters' own) documents parameter ``name`` by name."""
    texts = [t for t in (facts.desc, desc_of(facts.contract.parameters)) if t and name in t]
    if not texts:
        return False
    pattern = _name_pattern(name)
    return any(pattern.search(t) for t in texts)


@lru_cache(maxsize=1024)
def _name_pattern(name: str) -> re.Pattern:
    n = re.escape(name)
    return re.compile("|".join(p.format(n=n) for p in (_ENTRY, _TAGS, _QUOTED, _TYPED)), re.M)
