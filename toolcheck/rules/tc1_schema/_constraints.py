"""TC1's contradictions: constraints of one subschema that no value satisfies (TC111), or that no value of the
one type they constrain satisfies, in a schema that admits other types too (TC119); and how each `required`
name of an object schema fares against its `properties` (TC106, and TC111/TC119 when it cannot be given)."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple

from ...suggest import closest
from ._regex import matches_any
from ._tables import ALL_KEYWORDS, ANNOTATION_KW, APPLIES, COMPOSITION, CONTRA_KEYS, D4, MIN_MAX
from ._values import article, intersect, is_num, show, types_of, types_text

if TYPE_CHECKING:
    from .index import Node, Schema


class Contradiction(NamedTuple):
    at: Node
    kpath: tuple  # the keyword that makes it impossible
    applies_to: str | None  # the one JSON type the constraint applies to; None: no value at all satisfies it
    message: str
    help: str
    prefer_key: bool = True


def required_entries(at: Node) -> Iterator[tuple[str, int, str]]:
    """(name, index, status) of each distinct name in the `required` list of an object schema that defines
    `properties` and describes no properties elsewhere (no composition, `$ref`, ...): status ``false`` (its
    schema is `false`), ``closed`` (`additionalProperties: false`, or `unevaluatedProperties: false`, forbids
    it) or ``undefined`` (TC106). Names matched by `patternProperties` or an `additionalProperties` schema are
    defined."""
    node = at.node
    req = node.get("required")
    if not isinstance(req, list):
        return
    seen: dict[str, int] = {}
    for i, r in enumerate(req):
        if isinstance(r, str) and r not in seen:
            seen[r] = i
    props = node.get("properties")
    if not isinstance(props, dict) or not COMPOSITION.isdisjoint(node):
        return
    pats = node.get("patternProperties")
    ap = node.get("additionalProperties")
    up = node.get("unevaluatedProperties")
    closed = ap is False or (ap is None and up is False)
    for r, i in seen.items():
        if r in props:
            if props[r] is False:
                yield r, i, "false"
            continue
        if isinstance(pats, dict) and matches_any(pats, r):
            continue
        if isinstance(ap, dict) or (ap is None and isinstance(up, dict)):
            continue
        yield r, i, ("closed" if closed else "undefined")


def contradictions(schema: Schema) -> Iterator[Contradiction]:
    for at in schema.nodes:
        node = at.node
        if "required" in node:
            yield from _required(at)
        if "enum" in node:
            yield from _enum(schema, at)
        bad_type = schema.bad_type(node)
        if "const" in node and not bad_type:
            ok, why = schema.value_ok(at.path, node, node["const"], ("const",))
            if ok is False:
                yield Contradiction(at, at.path + ("const",), None,
                                    f"`const` value {show(node['const'])} {why}: no value satisfies this schema",
                                    "Make `const` agree with the other constraints (often `type`), or remove one of "
                                    "them.", prefer_key=False)
        if not CONTRA_KEYS.isdisjoint(node):
            yield from _bounds(schema, at, bad_type)


def _required(at: Node) -> Iterator[Contradiction]:
    node, path = at.node, at.path
    for r, i, status in required_entries(at):
        if status == "false":
            yield Contradiction(at, path + ("required", i), "object",
                                f"required property `{r}` has the schema `false`: no object satisfies this schema",
                                f"Remove `{r}` from `required`, or give it a real schema.", prefer_key=False)
        elif status == "closed":
            props = node["properties"]
            sugg = closest(r, [p for p in props if isinstance(p, str)])
            kw = "additionalProperties" if node.get("additionalProperties") is False else "unevaluatedProperties"
            yield Contradiction(at, path + ("required", i), "object",
                                f"required property `{r}` is not in `properties` and `{kw}: false` forbids it: no "
                                "object satisfies this schema",
                                (f"Did you mean `{sugg}`? " if sugg else "") +
                                f"Define `{r}` under `properties`, or remove it from `required`.", prefer_key=False)


def _enum(schema: Schema, at: Node) -> Iterator[Contradiction]:
    enum = at.node["enum"]
    if not isinstance(enum, list):
        return
    epath = at.path + ("enum",)
    if not enum:
        if schema.dialect != D4:  # draft-04's metaschema requires a value (TC101)
            yield Contradiction(at, epath, None, "`enum` is empty: no value satisfies this schema",
                                "List the allowed values, or remove `enum`.")
        return
    values = schema.enum_values(at)
    if values and all(v.ok is False for v in values):
        v0 = values[0]
        yield Contradiction(at, epath, None, "no `enum` value satisfies the rest of the schema"
                                             f" (e.g. {show(v0.value)} {v0.why}): no value is accepted",
                            "Fix the values or the constraints next to `enum` (often `type`) so that they agree.")


def _bounds(schema: Schema, at: Node, bad_type: bool) -> Iterator[Contradiction]:
    node, path = at.node, at.path
    g = node.get
    if g("minimum") is not None or g("maximum") is not None or g("exclusiveMinimum") is not None or \
            g("exclusiveMaximum") is not None:
        yield from _range(schema, at, bad_type)
    for a, b, what in MIN_MAX:
        if a not in node or b not in node:
            continue
        x = node[a]
        y = node[b]
        if is_num(x) and is_num(y) and x > y:
            yield Contradiction(at, path + (a,), APPLIES[what],
                                f"`{a}` ({show(x)}) is greater than `{b}` ({show(y)}): no {what} satisfies both",
                                f"Swap or fix the bounds so that `{a}` <= `{b}`.")
    mp = g("maxProperties")
    req = g("required")
    if mp is not None and is_num(mp) and isinstance(req, list):
        n = len({r for r in req if isinstance(r, str)})
        if n > mp:
            yield Contradiction(at, path + ("maxProperties",), "object",
                                f"`maxProperties` ({show(mp)}) is less than the {n} required properties: no object "
                                "satisfies both",
                                "Raise `maxProperties` or require fewer properties.")
    n_ = g("not") if not path else None  # below the root, `not: {}` is the idiom for "never" (zod, draft-04)
    if n_ is True or (isinstance(n_, dict) and not any(k in ALL_KEYWORDS and k not in ANNOTATION_KW for k in n_)):
        yield Contradiction(at, path + ("not",), None, "`not` negates a schema that accepts everything: no value "
                                                       "satisfies this schema",
                            "Remove `not`, or give it the schema of what must be rejected.")
    allof = g("allOf")
    if isinstance(allof, list) and not bad_type:
        yield from _allof_types(at, allof)


def _range(schema: Schema, at: Node, bad_type: bool) -> Iterator[Contradiction]:
    node, path = at.node, at.path
    d4 = schema.dialect == D4
    lo, hi, xlo, xhi = (node.get(k) for k in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"))
    # normalise to (value, exclusive, keyword) bounds
    lows: list[tuple[float, bool, str]] = []
    highs: list[tuple[float, bool, str]] = []
    if is_num(lo):
        lows.append((lo, d4 and xlo is True, "minimum"))
    if is_num(hi):
        highs.append((hi, d4 and xhi is True, "maximum"))
    if not d4:
        if is_num(xlo):
            lows.append((xlo, True, "exclusiveMinimum"))
        if is_num(xhi):
            highs.append((xhi, True, "exclusiveMaximum"))
    for lv, lx, lk in lows:
        for hv, hx, hk in highs:
            if lv > hv or (lv == hv and (lx or hx)):
                rel = "is greater than" if lv > hv else "equals"
                tail = "" if lv > hv else " and the bound is exclusive"
                yield Contradiction(at, path + (lk,), "number",
                                    f"`{lk}` ({show(lv)}) {rel} `{hk}` ({show(hv)}){tail}: no number satisfies both",
                                    f"Fix the bounds so that the range is not empty (`{lk}` below `{hk}`).")
                return
    if node.get("type") == "integer" and lows and highs and not bad_type:
        lv, lx, lk = max(lows, key=lambda b: (b[0], b[1]))
        hv, hx, hk = min(highs, key=lambda b: (b[0], not b[1]))
        try:
            first = math.floor(lv) + 1 if lx else math.ceil(lv)
            last = math.ceil(hv) - 1 if hx else math.floor(hv)
        except (OverflowError, ValueError):
            return
        if first > last:
            yield Contradiction(at, path + (lk,), None, f"no integer lies between `{lk}` ({show(lv)}) and `{hk}` "
                                                        f"({show(hv)}), and `type` is `integer`",
                                "Widen the range, or use `type: number`.")


def _allof_types(at: Node, allof: list) -> Iterator[Contradiction]:
    acc = types_of(at.node)
    for i, s in enumerate(allof):
        if not isinstance(s, dict):
            continue
        ts = types_of(s)
        if ts is None:
            continue
        if acc is None:
            acc = ts
            continue
        new = intersect(acc, ts)
        if not new:
            yield Contradiction(at, at.path + ("allOf", i), None,
                                f"`allOf` combines incompatible types ({types_text(acc)} and {types_text(ts)}): no "
                                "value satisfies this schema",
                                "Make the `allOf` branches agree on `type`; to accept either, use `anyOf`.")
            return
        acc = new


def for_one_type(schema: Schema, c: Contradiction) -> tuple[str, str] | None:
    """The message and help of TC119 for a contradiction that only values of its one type meet, in a schema
    that admits other types too (or does not say); None when no value satisfies it at all (TC111)."""
    if c.applies_to is None:
        return None
    node = c.at.node
    ts = schema.types_here(c.at.path, node)
    applies_to = c.applies_to
    fits = {applies_to, "integer"} if applies_to == "number" else {applies_to}
    if ts is not None and ts <= fits:
        return None
    word = article(applies_to)
    if ts is None:
        why = ("its `type` is not a JSON Schema type name" if "type" in node and "const" not in node else
               "the schema declares no `type`")
        still = f"every value that is not {word} still passes ({why})"
        extra = f" Declare `type: {applies_to}` so that other values are refused too."
    else:
        others = sorted(t for t in ts if t not in fits)
        shown = ", ".join(f"`{t}`" for t in others)
        still = f"only values of the other types it allows ({shown}) pass"
        extra = (f" If only {shown} is meant, say so with `type`." if len(others) == 1 else
                 " Remove the types that are not meant from `type`.")
    return f"{c.message}; {still}", c.help + extra
