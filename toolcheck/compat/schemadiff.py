"""Keyword-by-keyword comparison of two JSON Schemas, A (the accepting side) and B.

:class:`Differ` walks both schemas in parallel and records one :class:`Change` per difference, classified by
*direction*:

* ``narrow`` — B rejects some instance A accepted (a parameter removed, a type narrowed, an enum value removed,
  a bound tightened, a pattern or format added or changed, additional properties closed, ...);
* ``wide`` — B accepts more (an optional property added, an enum value added, a bound loosened, ...);
* ``neutral`` — only `title`/`description` changed (it changes what a model reads, not what a validator does);
* ``unknown`` — the difference cannot be decided keyword by keyword: `$ref` graphs, `anyOf`/`oneOf`/`allOf` with
  constrained branches, `if`/`then`, `patternProperties`, non-standard type names, ... It is said, never guessed.

For parameters A is the old schema and B the new one: a narrowing breaks callers. For returns the roles are
swapped (A = new, B = old): a result the new schema allows and the old one rejects is what breaks readers. The
texts always speak of *old* and *new* (``swapped`` tells the differ which side is which).

Two rewrites make common shapes decidable: an `anyOf` (or disjoint `oneOf`) whose branches are plain types, or
plain types plus one branch with type-specific keywords (pydantic's ``Optional[...]``), is read as a type list.

Bounded: at most :data:`MAX_DEPTH` levels and :data:`MAX_CHANGES` changes per comparison; every value is
checked with ``isinstance`` before use (hostile files hold anything). Structural equality (:func:`canon`) treats
``1`` and ``1.0`` as equal and ``true`` and ``1`` as different, as JSON Schema does.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..model.pointer import escape_pointer_token
from .bounds import BAD_BOUND, Bound, is_multiple, is_num, numeric_bound, tighter

TYPES = ("null", "boolean", "object", "array", "number", "string", "integer")
ANY = frozenset(TYPES)
MAX_DEPTH = 64
MAX_CHANGES = 200

# keywords that do not change what validates
ANNOTATIONS = frozenset({
    "description", "title", "examples", "example", "default", "deprecated", "readOnly", "writeOnly", "$comment",
    "contentMediaType", "contentEncoding", "contentSchema", "markdownDescription", "enumDescriptions",
})
DESCRIPTIVE = ("title", "description")
REF_KEYS = ("$ref", "$dynamicRef", "$recursiveRef")
STRING_KW = ("minLength", "maxLength", "pattern", "format")
NUMBER_KW = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")
ARRAY_KW = ("items", "minItems", "maxItems", "uniqueItems")
OBJECT_KW = ("properties", "required", "additionalProperties", "minProperties", "maxProperties")
GROUP_OF = {**{k: "string" for k in STRING_KW}, **{k: "number" for k in NUMBER_KW},
            **{k: "array" for k in ARRAY_KW}, **{k: "object" for k in OBJECT_KW}}
HANDLED = frozenset(GROUP_OF) | {"type", "enum", "const"}

NARROW, WIDE, NEUTRAL, UNKNOWN = "narrow", "wide", "neutral", "unknown"
# the formats of draft 2020-12 that validators assert (when asked to); any other format rejects nothing
KNOWN_FORMATS = frozenset({
    "date", "date-time", "time", "duration", "email", "idn-email", "hostname", "idn-hostname", "ipv4", "ipv6",
    "uri", "uri-reference", "iri", "iri-reference", "uri-template", "uuid", "json-pointer",
    "relative-json-pointer", "regex",
})


class TooDeep(Exception):
    """A value nested deeper than a schema can sensibly be (or a cycle)."""


@dataclass
class Change:
    kind: str  # property-removed now-required type-narrowed enum-narrowed bound-tightened pattern-changed
    #            format-changed additional-closed | property-added enum-value-added bound-loosened relaxed |
    #            description-changed | unknown
    direction: str  # narrow | wide | neutral | unknown
    what: str  # the change in words, old -> new
    ptr_a: str  # schema pointer (relative to A's root) of the nearest node that exists in A
    ptr_b: str  # ... in B
    path: tuple  # instance location of the value a witness varies: (("prop", name) | ("item",) | ("extra", name))*
    label_path: tuple  # what the change is about (a property below `path` for object-level changes)
    spec: tuple = ()  # how to generate witness candidates (see witness.candidates)
    attribution: tuple = ()  # ((instance pointer, keywords or None), ...) an error B must report for a witness
    node_a: Any = None  # the A-side schema at `path`
    old: Any = None
    new: Any = None
    no_witness: str | None = None  # why no instance can show this change (it is still reported)


# ------------------------------------------------------------------------------------------------ values

def canon(x: Any, depth: int = 0, memo: dict[int, Any] | None = None) -> Any:
    """A hashable, order-insensitive (for mappings) form of a JSON value; 1 == 1.0, True != 1."""
    if depth > 256:
        raise TooDeep
    if x is None:
        return ("z",)
    if isinstance(x, bool):
        return ("b", x)
    if isinstance(x, int):
        return ("n", x)
    if isinstance(x, float):
        return ("n", int(x)) if x.is_integer() else ("n", x)
    if isinstance(x, str):
        return ("s", x)
    if isinstance(x, (list, tuple, dict)):
        if memo is not None:
            got = memo.get(id(x))
            if got is not None:
                return got
        if isinstance(x, dict):
            items = sorted(((str(k), canon(v, depth + 1, memo)) for k, v in x.items()), key=lambda kv: kv[0])
            out: Any = ("o", tuple(items))
        else:
            out = ("l", tuple(canon(v, depth + 1, memo) for v in x))
        if memo is not None:
            memo[id(x)] = out
        return out
    return ("?", type(x).__name__, repr(x)[:200])


def short(v: Any, limit: int = 60) -> str:
    try:
        s = json.dumps(v, ensure_ascii=False, sort_keys=False, default=str)
    except (TypeError, ValueError, RecursionError):
        s = repr(v)
    return s if len(s) <= limit else s[: limit - 1] + "…"


def type_set(s: dict) -> frozenset | None:
    """The types a schema allows (ANY when it says nothing); None when `type` is not valid JSON Schema."""
    if "type" not in s:
        return ANY
    t = s["type"]
    if isinstance(t, str):
        return frozenset([t]) if t in TYPES else None
    if isinstance(t, list) and t and all(isinstance(x, str) and x in TYPES for x in t):
        return frozenset(t)
    return None


def covered(t: str, ts: frozenset) -> bool:
    return t in ts or (t == "integer" and "number" in ts)


def accepts_group(ts: frozenset, group: str) -> bool:
    if group == "number":
        return "number" in ts or "integer" in ts
    return group in ts


def types_text(ts: frozenset | None) -> str:
    if ts is None:
        return "(invalid)"
    if ts == ANY:
        return "any type"
    order = [t for t in TYPES if t in ts]
    return " or ".join(order)


def _schema_keys(b: dict) -> set:
    return {k for k in b if not (isinstance(k, str) and (k in ANNOTATIONS or k.startswith("x-")))}


def _scan_branches(branches: list) -> tuple[list[frozenset], tuple[int, dict, set] | None] | None:
    """Type set per branch and the single constrained branch, or None when the union is not type-only."""
    per_branch: list[frozenset] = []
    constrained: tuple[int, dict, set] | None = None
    for i, b in enumerate(branches):
        if not isinstance(b, dict):
            return None
        kws = _schema_keys(b)
        ts = type_set(b) if "type" in b else None
        if ts is None or ts == ANY:
            return None
        if kws != {"type"}:
            if constrained is not None or not kws <= (HANDLED - {"enum", "const"}):
                return None
            for k in kws - {"type"}:
                if not accepts_group(ts, GROUP_OF[k]):
                    return None
            constrained = (i, b, kws - {"type"})
        per_branch.append(ts)
    return per_branch, constrained


def _branches_overlap(per_branch: list[frozenset]) -> bool:
    for i, ts in enumerate(per_branch):
        for j, other in enumerate(per_branch):
            if i < j and any(covered(t, other) or covered(u, ts) for t in ts for u in other):
                return True
    return False


def view(s: dict) -> tuple[dict, dict]:
    """(effective schema, pointer prefix per keyword). Rewrites a type-only union into a type list."""
    if "type" in s:
        return s, {}
    keys = [k for k in ("anyOf", "oneOf") if k in s]
    if len(keys) != 1:
        return s, {}
    key = keys[0]
    branches = s[key]
    if not isinstance(branches, list) or not branches:
        return s, {}
    scanned = _scan_branches(branches)
    if scanned is None:
        return s, {}
    per_branch, constrained = scanned
    types: set[str] = set().union(*per_branch)
    # a plain-type branch must not overlap another branch (oneOf: exactly one; anyOf: the constraints of the
    # constrained branch would leak onto the plain one)
    if (key == "oneOf" or constrained is not None) and _branches_overlap(per_branch):
        return s, {}
    out = {k: v for k, v in s.items() if k != key}
    ptrs = {"type": "/" + key}
    if constrained is not None:
        i, b, kws = constrained
        for k in kws:
            if k in out:
                return s, {}
            out[k] = b[k]
            ptrs[k] = f"/{key}/{i}"
    out["type"] = [t for t in TYPES if t in types]
    return out, ptrs


def kp(base: str, ptrs: dict, key: str) -> str:
    return base + ptrs.get(key, "") + "/" + escape_pointer_token(key)


def instance_pointer(path: tuple) -> str:
    out = ""
    for step in path:
        tok = "0" if step[0] == "item" else str(step[1])
        out += "/" + escape_pointer_token(tok)
    return out


def label(path: tuple) -> str:
    out = ""
    for step in path:
        if step[0] == "prop":
            out += ("." if out else "") + str(step[1])
        elif step[0] == "item":
            out += "[]"
        else:
            out += ("." if out else "") + "<additional property>"
    return out


# ------------------------------------------------------------------------------------------------ bounds in words

def _bound_text(old: Bound | None, new: Bound | None, upper: bool) -> str:
    if old is None and new is not None:
        return f"`{new.keyword}` added ({short(new.value)})"
    if new is None and old is not None:
        return f"`{old.keyword}` removed (was {short(old.value)})"
    assert old is not None and new is not None
    if old.keyword == new.keyword:
        verb = "raised" if new.value > old.value else "lowered" if new.value < old.value else "changed"
        return f"`{new.keyword}` {verb} from {short(old.value)} to {short(new.value)}"
    which = "upper" if upper else "lower"
    return (f"{which} bound changed from `{old.keyword}: {short(old.value)}` to "
            f"`{new.keyword}: {short(new.value)}`")


# ------------------------------------------------------------------------------------------------ the differ

_BAD = object()  # an `enum` that is not a list (numeric_bound has its own: BAD_BOUND)


class Differ:
    def __init__(self, root_a: Any, root_b: Any, swapped: bool = False) -> None:
        self.root_a, self.root_b = root_a, root_b
        self.swapped = swapped
        self.changes: list[Change] = []
        self._memo: dict[int, Any] = {}

    # -- helpers
    def same(self, a: Any, b: Any) -> bool:
        if a is b:
            return True
        return canon(a, 0, self._memo) == canon(b, 0, self._memo)

    def ov(self, a: Any, b: Any) -> tuple[Any, Any]:
        """(old, new) from (A value, B value)."""
        return (b, a) if self.swapped else (a, b)

    def add(self, ch: Change) -> None:
        if len(self.changes) < MAX_CHANGES:
            if not ch.attribution and ch.direction == NARROW:
                ch.attribution = ((instance_pointer(ch.path), None),)
            self.changes.append(ch)

    def unknown(self, pa: str, pb: str, path: tuple, what: str) -> None:
        self.add(Change("unknown", UNKNOWN, what, pa, pb, path, path))

    def run(self) -> list[Change]:
        try:
            self.node(self.root_a, self.root_b, "", "", (), 0)
        except (TooDeep, RecursionError):
            self.unknown("", "", (), "schemas nested too deeply (or cyclic) to compare")
        return self.changes

    # -- one schema node
    def node(self, a: Any, b: Any, pa: str, pb: str, path: tuple, depth: int) -> None:
        if len(self.changes) >= MAX_CHANGES or self.same(a, b):
            return
        if depth > MAX_DEPTH:
            self.unknown(pa, pb, path, f"schemas nested deeper than {MAX_DEPTH} levels are not compared")
            return
        a = {} if a is True else a
        b = {} if b is True else b
        if b is False or a is False:
            self._false_schema(a, b, pa, pb, path)
            return
        if not isinstance(a, dict) or not isinstance(b, dict):
            self.unknown(pa, pb, path, "a value that is not a schema changed")
            return
        va, ma = view(a)
        vb, mb = view(b)
        refs = [k for k in REF_KEYS if k in va or k in vb]
        if refs and self.same(_bare(va), _bare(vb)):  # only titles or descriptions beside the reference changed
            self.descriptive(va, vb, ma, mb, pa, pb, path)
            return
        if refs:
            self.unknown(pa if refs[0] not in va else kp(pa, ma, refs[0]), pb if refs[0] not in vb else kp(pb, mb, refs[0]),
                         path, f"a schema using `{refs[0]}` changed; references are not followed, so the change "
                               "is not decided")
            return
        self._keywords(va, vb, ma, mb, pa, pb, path, depth)

    def _false_schema(self, a, b, pa, pb, path) -> None:
        if b is False and a is not False:
            old, new = self.ov("a schema", "`false`")
            self.add(Change("type-narrowed", NARROW, f"schema changed from {old} to {new}", pa, pb, path, path,
                            spec=("any",), node_a=a))
        elif a is False and b is not False:
            old, new = self.ov("`false`", "a schema")
            self.add(Change("relaxed", WIDE, f"schema changed from {old} to {new}", pa, pb, path, path))

    def _keywords(self, va, vb, ma, mb, pa, pb, path, depth) -> None:
        """Compare the keywords of two schema views (no references), group by group."""
        self.descriptive(va, vb, ma, mb, pa, pb, path)
        ta, tb = type_set(va), type_set(vb)
        if ta is None or tb is None:
            if not self.same(va.get("type"), vb.get("type")):
                self.unknown(kp(pa, ma, "type") if "type" in va else pa, kp(pb, mb, "type") if "type" in vb else pb,
                             path, "`type` changed, and it is not a JSON Schema type name (or list of them)")
            ta, tb = ta or ANY, tb or ANY
        else:
            self.types(va, vb, ma, mb, ta, tb, pa, pb, path)
        self.enums(va, vb, ma, mb, pa, pb, path)

        def both(g: str) -> bool:
            return accepts_group(ta, g) and accepts_group(tb, g)

        if both("number"):
            integer = ta <= {"integer"} and tb <= {"integer"}
            self.numeric(va, vb, ma, mb, pa, pb, path, integer)
        if both("string"):
            self.lengths(va, vb, ma, mb, pa, pb, path, "minLength", "maxLength", "string")
            self.text_kw(va, vb, ma, mb, pa, pb, path, "pattern", "pattern-changed")
            self.text_kw(va, vb, ma, mb, pa, pb, path, "format", "format-changed")
        if both("array"):
            self.arrays(va, vb, ma, mb, pa, pb, path, depth)
        if both("object"):
            self.objects(va, vb, ma, mb, pa, pb, path, depth)
        self.others(va, vb, ma, mb, pa, pb, path)

    def descriptive(self, va, vb, ma, mb, pa, pb, path) -> None:
        for k in DESCRIPTIVE:
            x, y = va.get(k), vb.get(k)
            if self.same(x, y):
                continue
            old, new = self.ov(x, y)
            verb = "added" if old is None else "removed" if new is None else "changed"
            self.add(Change("description-changed", NEUTRAL, f"`{k}` {verb}",
                            kp(pa, ma, k) if k in va else pa, kp(pb, mb, k) if k in vb else pb, path, path,
                            old=old, new=new))

    def types(self, va, vb, ma, mb, ta, tb, pa, pb, path) -> None:
        if ta == tb:
            return
        lost = [t for t in TYPES if t in ta and not covered(t, tb)]
        gained = [t for t in TYPES if t in tb and not covered(t, ta)]
        old, new = self.ov(ta, tb)
        what = f"`type` changed from {types_text(old)} to {types_text(new)}"
        ptr_a = kp(pa, ma, "type") if "type" in va else pa
        ptr_b = kp(pb, mb, "type") if "type" in vb else pb
        at = instance_pointer(path)
        if lost:
            self.add(Change("type-narrowed", NARROW, what, ptr_a, ptr_b, path, path, spec=("types", tuple(lost)),
                            attribution=((at, ("type", "anyOf", "oneOf")),), node_a=va,
                            old=types_text(old), new=types_text(new)))
        elif gained:
            self.add(Change("relaxed", WIDE, what, ptr_a, ptr_b, path, path, spec=("gained", tuple(gained)),
                            old=types_text(old), new=types_text(new)))

    @staticmethod
    def _enum_values(s: dict) -> Any:
        if "enum" in s and not isinstance(s["enum"], list):
            return _BAD
        if "const" in s:
            vals = [s["const"]]
            if "enum" in s:
                keep = {canon(v) for v in s["enum"]}
                vals = [v for v in vals if canon(v) in keep]
            return vals
        if "enum" in s:
            return list(s["enum"])
        return None

    def enums(self, va, vb, ma, mb, pa, pb, path) -> None:
        ea, eb = self._enum_values(va), self._enum_values(vb)
        if ea is None and eb is None:
            return
        key_a = "const" if "const" in va else "enum"
        key_b = "const" if "const" in vb else "enum"
        ptr_a = kp(pa, ma, key_a) if key_a in va else pa
        ptr_b = kp(pb, mb, key_b) if key_b in vb else pb
        if ea is _BAD or eb is _BAD:
            if not self.same(va.get("enum"), vb.get("enum")):
                self.unknown(ptr_a, ptr_b, path, "`enum` changed, and it is not a list")
            return
        at = ((instance_pointer(path), ("enum", "const")),)
        if eb is not None and ea is None:
            old, new = self.ov(None, eb)
            what = (f"`{key_b}` added ({self._values_text(new)})" if new is not None
                    else f"`{key_b}` removed (was {self._values_text(old)})")
            self.add(Change("enum-narrowed", NARROW, what, ptr_a, ptr_b, path, path,
                            spec=("not-in", frozenset(canon(v) for v in eb)), attribution=at, node_a=va,
                            old=old, new=new))
            return
        if ea is not None and eb is None:
            old, new = self.ov(ea, None)
            what = (f"`{key_a}` removed (was {self._values_text(old)})" if old is not None
                    else f"`{key_a}` added ({self._values_text(new)})")
            self.add(Change("relaxed", WIDE, what, ptr_a, ptr_b, path, path, old=old, new=new))
            return
        self._enum_values_changed(va, vb, ea, eb, ptr_a, ptr_b, path, at)

    def _enum_values_changed(self, va, vb, ea, eb, ptr_a, ptr_b, path, at) -> None:
        """Both sides list values: report the values only A accepts (narrowed), else those only B does."""
        cb = {canon(v) for v in eb}
        ca = {canon(v) for v in ea}
        removed = [v for v in ea if canon(v) not in cb]  # accepted by A only
        added = [v for v in eb if canon(v) not in ca]
        if removed:
            if "const" in va and "const" in vb:
                old, new = self.ov(va["const"], vb["const"])
                what = f"`const` changed from {short(old)} to {short(new)}"
            else:
                what = f"enum value{'s' if len(removed) > 1 else ''} {self._values_text(removed)} " + (
                    "added" if self.swapped else "removed")
            old, new = self.ov(ea, eb)
            self.add(Change("enum-narrowed", NARROW, what, ptr_a, ptr_b, path, path, spec=("values", tuple(removed)),
                            attribution=at, node_a=va, old=old, new=new))
        if added and not removed:
            what = f"enum value{'s' if len(added) > 1 else ''} {self._values_text(added)} " + (
                "removed" if self.swapped else "added")
            old, new = self.ov(ea, eb)
            self.add(Change("enum-value-added", WIDE, what, ptr_a, ptr_b, path, path, old=old, new=new))

    @staticmethod
    def _values_text(vals: Any) -> str:
        if not isinstance(vals, list):
            return short(vals)
        shown = ", ".join(short(v, 40) for v in vals[:5])
        return shown + (f" and {len(vals) - 5} more" if len(vals) > 5 else "")

    def numeric(self, va, vb, ma, mb, pa, pb, path, integer: bool) -> None:
        for upper in (False, True):
            self.bound_pair(va, vb, ma, mb, pa, pb, path, integer, upper)
        self.multiple_of(va, vb, ma, mb, pa, pb, path)

    def bound_pair(self, va, vb, ma, mb, pa, pb, path, integer: bool, upper: bool) -> None:
        """The lower (or upper) bound: `minimum`/`exclusiveMinimum` (`maximum`/`exclusiveMaximum`) together."""
        la, lb = numeric_bound(va, upper, integer), numeric_bound(vb, upper, integer)
        kws = ("maximum", "exclusiveMaximum") if upper else ("minimum", "exclusiveMinimum")
        if la is BAD_BOUND or lb is BAD_BOUND:
            if any(not self.same(va.get(k), vb.get(k)) for k in kws):
                self.unknown(pa, pb, path, f"`{kws[0]}`/`{kws[1]}` changed, and they are not numbers")
            return
        if la == lb or (la is not None and lb is not None and not tighter(la, lb, upper)
                        and not tighter(lb, la, upper)):
            return
        ptr_a = kp(pa, ma, la.keyword) if la is not None else pa
        ptr_b = kp(pb, mb, lb.keyword) if lb is not None else pb
        old, new = self.ov(la, lb)
        what = _bound_text(old, new, upper)
        if lb is not None and (la is None or tighter(lb, la, upper)):
            self.add(Change("bound-tightened", NARROW, what, ptr_a, ptr_b, path, path,
                            spec=("num", upper, la, lb, integer), attribution=((instance_pointer(path), kws),),
                            node_a=va, old=None if old is None else old.value, new=None if new is None else new.value))
        else:
            self.add(Change("bound-loosened", WIDE, what, ptr_a, ptr_b, path, path,
                            old=None if old is None else old.value, new=None if new is None else new.value))

    def multiple_of(self, va, vb, ma, mb, pa, pb, path) -> None:
        xa, xb = va.get("multipleOf"), vb.get("multipleOf")
        if self.same(xa, xb):
            return
        if (xa is not None and not (is_num(xa) and xa > 0)) or (xb is not None and not (is_num(xb) and xb > 0)):
            self.unknown(pa, pb, path, "`multipleOf` changed, and it is not a positive number")
            return
        ptr_a = kp(pa, ma, "multipleOf") if xa is not None else pa
        ptr_b = kp(pb, mb, "multipleOf") if xb is not None else pb
        old, new = self.ov(xa, xb)
        what = (f"`multipleOf` added ({short(new)})" if old is None else f"`multipleOf` removed (was {short(old)})"
                if new is None else f"`multipleOf` changed from {short(old)} to {short(new)}")
        if xb is not None and (xa is None or not is_multiple(xa, xb)):
            self.add(Change("bound-tightened", NARROW, what, ptr_a, ptr_b, path, path, spec=("multiple", xa, xb),
                            attribution=((instance_pointer(path), ("multipleOf",)),), node_a=va, old=old, new=new))
        elif xa is not None and (xb is None or not is_multiple(xb, xa)):
            self.add(Change("bound-loosened", WIDE, what, ptr_a, ptr_b, path, path, old=old, new=new))

    def lengths(self, va, vb, ma, mb, pa, pb, path, kmin: str, kmax: str, group: str) -> None:
        at = instance_pointer(path)
        for kw, upper in ((kmin, False), (kmax, True)):
            xa, xb = va.get(kw), vb.get(kw)
            if self.same(xa, xb):
                continue
            ok = all(x is None or (is_num(x) and x >= 0 and float(x).is_integer()) for x in (xa, xb))
            if not ok:
                self.unknown(pa, pb, path, f"`{kw}` changed, and it is not a non-negative integer")
                continue
            xa = None if xa is None else int(xa)
            xb = None if xb is None else int(xb)
            if not upper:  # minLength absent == 0
                ea, eb = xa or 0, xb or 0
                tighter, looser = eb > ea, eb < ea
            else:
                tighter = xb is not None and (xa is None or xb < xa)
                looser = xa is not None and (xb is None or xb > xa)
            if not tighter and not looser:
                continue
            ptr_a = kp(pa, ma, kw) if kw in va else pa
            ptr_b = kp(pb, mb, kw) if kw in vb else pb
            old, new = self.ov(xa, xb)
            what = (f"`{kw}` added ({new})" if old is None else f"`{kw}` removed (was {old})" if new is None
                    else f"`{kw}` {'raised' if new > old else 'lowered'} from {old} to {new}")
            if tighter:
                self.add(Change("bound-tightened", NARROW, what, ptr_a, ptr_b, path, path,
                                spec=("length", group, upper, xa, xb), attribution=((at, (kw,)),), node_a=va,
                                old=old, new=new))
            else:
                self.add(Change("bound-loosened", WIDE, what, ptr_a, ptr_b, path, path, old=old, new=new))

    def text_kw(self, va, vb, ma, mb, pa, pb, path, kw: str, kind: str) -> None:
        xa, xb = va.get(kw), vb.get(kw)
        if self.same(xa, xb):
            return
        ptr_a = kp(pa, ma, kw) if kw in va else pa
        ptr_b = kp(pb, mb, kw) if kw in vb else pb
        if not all(x is None or isinstance(x, str) for x in (xa, xb)):
            self.unknown(ptr_a, ptr_b, path, f"`{kw}` changed, and it is not a string")
            return
        old, new = self.ov(xa, xb)
        what = (f"`{kw}` added (`{new}`)" if old is None else f"`{kw}` removed (was `{old}`)" if new is None
                else f"`{kw}` changed from `{old}` to `{new}`")
        if xb is not None:
            reason = None
            if kw == "format" and xb not in KNOWN_FORMATS:
                reason = f"`{xb}` is not a format validators know, so it rejects nothing"
            self.add(Change(kind, NARROW, what, ptr_a, ptr_b, path, path, spec=(kw, xa, xb),
                            attribution=((instance_pointer(path), (kw,)),), node_a=va, old=old, new=new,
                            no_witness=reason))
        else:
            self.add(Change("relaxed", WIDE, what, ptr_a, ptr_b, path, path, old=old, new=new))

    def arrays(self, va, vb, ma, mb, pa, pb, path, depth) -> None:
        ia, ib = va.get("items", True), vb.get("items", True)
        if isinstance(ia, list) or isinstance(ib, list):
            if not self.same(ia, ib):
                self.unknown(kp(pa, ma, "items") if "items" in va else pa, kp(pb, mb, "items") if "items" in vb else pb,
                             path, "tuple-form `items` changed; not decided")
        elif not self.same(ia, ib):
            self.node(ia, ib, kp(pa, ma, "items") if "items" in va else pa,
                      kp(pb, mb, "items") if "items" in vb else pb, path + (("item",),), depth + 1)
        self.lengths(va, vb, ma, mb, pa, pb, path, "minItems", "maxItems", "array")
        ua, ub = va.get("uniqueItems", False), vb.get("uniqueItems", False)
        if self.same(ua, ub):
            return
        ptr_a = kp(pa, ma, "uniqueItems") if "uniqueItems" in va else pa
        ptr_b = kp(pb, mb, "uniqueItems") if "uniqueItems" in vb else pb
        if not isinstance(ua, bool) or not isinstance(ub, bool):
            self.unknown(ptr_a, ptr_b, path, "`uniqueItems` changed, and it is not a boolean")
            return
        old, new = self.ov(ua, ub)
        what = "`uniqueItems` added" if new else "`uniqueItems` removed"
        if ub and not ua:
            self.add(Change("bound-tightened", NARROW, what, ptr_a, ptr_b, path, path, spec=("unique",),
                            attribution=((instance_pointer(path), ("uniqueItems",)),), node_a=va, old=old, new=new))
        elif ua and not ub:
            self.add(Change("bound-loosened", WIDE, what, ptr_a, ptr_b, path, path, old=old, new=new))

    @staticmethod
    def _closed(v: dict) -> bool:
        return v.get("additionalProperties", True) is False and not v.get("patternProperties")

    def _object_inputs(self, va, vb, pa, pb, path) -> tuple[dict, dict, list, list]:
        """(properties A, properties B, required A, required B); a malformed pair is reported and emptied."""
        props_a, props_b = va.get("properties", {}), vb.get("properties", {})
        req_a, req_b = va.get("required", []), vb.get("required", [])
        ok_props = isinstance(props_a, dict) and isinstance(props_b, dict)
        ok_req = all(isinstance(r, list) and all(isinstance(x, str) for x in r) for r in (req_a, req_b))
        if not ok_props:
            if not self.same(props_a, props_b):
                self.unknown(pa, pb, path, "`properties` changed, and it is not a mapping")
            props_a, props_b = {}, {}
        if not ok_req:
            if not self.same(req_a, req_b):
                self.unknown(pa, pb, path, "`required` changed, and it is not a list of names")
            req_a, req_b = [], []
        return props_a, props_b, req_a, req_b

    def _prop_only_a(self, va, vb, n, sa, pp_b, path, sub, props_a) -> None:
        old_new = "added" if self.swapped else "removed"
        reason = None
        ap_b = vb.get("additionalProperties", True)
        if (not self._closed(vb) and (ap_b is True or ap_b == {}) and not vb.get("patternProperties")
                and vb.get("unevaluatedProperties", True) in (True, {})):
            reason = ("additional properties are allowed, so a value sent under this name is still "
                      "accepted" + (" (and ignored)" if not self.swapped else ""))
        self.add(Change("property-removed", NARROW, old_new, sa, pp_b, path, sub,
                        spec=("object-with", n, props_a[n]),
                        attribution=((instance_pointer(path), ("additionalProperties", "unevaluatedProperties",
                                                               "false")),
                                     (instance_pointer(sub), None)),
                        node_a=va, no_witness=reason))

    def _prop_only_b(self, va, n, pa, sb, path, sub, req_a, req_b) -> None:
        if n in req_b and n not in req_a:
            what = "removed (it was required)" if self.swapped else "added as a required parameter"
            self.add(Change("now-required", NARROW, what, pa, sb, path, sub, spec=("object-without", n),
                            attribution=((instance_pointer(path), ("required",)),), node_a=va))
        else:
            what = "removed (it was optional)" if self.swapped else "added (optional)"
            self.add(Change("property-added", WIDE, what, pa, sb, path, sub))

    def _required_changes(self, va, props_a, props_b, req_a, req_b, rp_a, rp_b, path) -> None:
        at = instance_pointer(path)
        for n in req_b:
            if n in req_a or (n in props_b and n not in props_a):
                continue
            what = "is no longer required" if self.swapped else "is now required"
            self.add(Change("now-required", NARROW, what, rp_a, rp_b, path, path + (("prop", n),),
                            spec=("object-without", n), attribution=((at, ("required",)),), node_a=va))
        for n in req_a:
            if n in req_b or (n in props_a and n not in props_b):
                continue
            what = "is now required" if self.swapped else "is no longer required"
            self.add(Change("relaxed", WIDE, what, rp_a, rp_b, path, path + (("prop", n),)))

    def _additional(self, va, vb, ma, mb, pa, pb, path, depth, props_a, props_b) -> None:
        ap_a, ap_b = va.get("additionalProperties", True), vb.get("additionalProperties", True)
        if self.same(ap_a, ap_b):
            return
        ptr_a = kp(pa, ma, "additionalProperties") if "additionalProperties" in va else pa
        ptr_b = kp(pb, mb, "additionalProperties") if "additionalProperties" in vb else pb
        fresh = _fresh_name(props_a, props_b)
        if ap_b is False and ap_a is not False:
            what = ("additional properties now allowed" if self.swapped
                    else "additional properties no longer allowed (`additionalProperties: false`)")
            self.add(Change("additional-closed", NARROW, what, ptr_a, ptr_b, path, path,
                            spec=("object-extra", fresh, ap_a),
                            attribution=((instance_pointer(path), ("additionalProperties",
                                                                   "unevaluatedProperties")),),
                            node_a=va))
        elif ap_a is False and ap_b is not False:
            what = ("additional properties no longer allowed" if self.swapped
                    else "additional properties now allowed")
            self.add(Change("relaxed", WIDE, what, ptr_a, ptr_b, path, path))
        elif isinstance(ap_a, (dict, bool)) and isinstance(ap_b, (dict, bool)):
            self.node(ap_a, ap_b, ptr_a, ptr_b, path + (("extra", fresh),), depth + 1)
        else:
            self.unknown(ptr_a, ptr_b, path, "`additionalProperties` changed, and it is not a schema")

    def objects(self, va, vb, ma, mb, pa, pb, path, depth) -> None:
        props_a, props_b, req_a, req_b = self._object_inputs(va, vb, pa, pb, path)
        pp_a = kp(pa, ma, "properties") if "properties" in va else pa
        pp_b = kp(pb, mb, "properties") if "properties" in vb else pb
        rp_a = kp(pa, ma, "required") if "required" in va else pa
        rp_b = kp(pb, mb, "required") if "required" in vb else pb
        names = list(props_a) + [n for n in props_b if n not in props_a]
        for n in names:
            if len(self.changes) >= MAX_CHANGES:
                return
            sa, sb = pp_a + "/" + escape_pointer_token(str(n)), pp_b + "/" + escape_pointer_token(str(n))
            sub = path + (("prop", n),)
            if n in props_a and n in props_b:
                self.node(props_a[n], props_b[n], sa, sb, sub, depth + 1)
            elif n in props_a:  # only A defines it
                self._prop_only_a(va, vb, n, sa, pp_b, path, sub, props_a)
            else:  # only B defines it
                self._prop_only_b(va, n, pa, sb, path, sub, req_a, req_b)
        self._required_changes(va, props_a, props_b, req_a, req_b, rp_a, rp_b, path)
        self._additional(va, vb, ma, mb, pa, pb, path, depth, props_a, props_b)
        self.lengths(va, vb, ma, mb, pa, pb, path, "minProperties", "maxProperties", "object")

    def others(self, va, vb, ma, mb, pa, pb, path) -> None:
        keys = []
        for k in list(va) + [k for k in vb if k not in va]:
            if isinstance(k, str) and (k in HANDLED or k in ANNOTATIONS or k.startswith("x-") or k in REF_KEYS):
                continue
            if not self.same(va.get(k), vb.get(k)):
                keys.append(str(k))
        if not keys:
            return
        first = keys[0]
        ptr_a = kp(pa, ma, first) if first in va else pa
        ptr_b = kp(pb, mb, first) if first in vb else pb
        shown = ", ".join(f"`{k}`" for k in keys[:5]) + (f" and {len(keys) - 5} more" if len(keys) > 5 else "")
        self.unknown(ptr_a, ptr_b, path, f"{shown} changed; toolcheck does not decide whether this breaks callers")


def _bare(v: dict) -> dict:
    return {k: x for k, x in v.items() if not (isinstance(k, str) and (k in ANNOTATIONS or k.startswith("x-")))}


def _fresh_name(*maps: dict) -> str:
    for cand in ("extra_property", "unexpected_field", "zz_extra"):
        if all(cand not in m for m in maps):
            return cand
    i = 2
    while any(f"extra_property_{i}" in m for m in maps):
        i += 1
    return f"extra_property_{i}"


NAME_MAPS = frozenset({"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"})


def strip_annotations(s: Any, depth: int = 0) -> Any:
    """The schema without titles, descriptions, examples and x- keys: what validates, for rename matching."""
    if depth > 64:
        raise TooDeep
    if isinstance(s, list):
        return [strip_annotations(x, depth + 1) for x in s]
    if not isinstance(s, dict):
        return s
    out = {}
    for k, v in s.items():
        if isinstance(k, str) and (k in ANNOTATIONS or k.startswith("x-")):
            continue
        if k in NAME_MAPS and isinstance(v, dict):
            out[k] = {pk: strip_annotations(pv, depth + 1) for pk, pv in v.items()}
        elif k in ("enum", "const", "required"):
            out[k] = v
        else:
            out[k] = strip_annotations(v, depth + 1)
    return out
