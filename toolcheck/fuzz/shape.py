"""Mechanical mutations of a valid instance, each saying what a strict schema would reject it for.

:func:`mutations` walks an instance beside the normalised schema (ref-free, see :mod:`.normalize`) and returns
:class:`Mutant` values: drop each required field, add an unknown property, change each value's type, stringify
each number, push numbers, lengths and item counts past the bounds the schema (or the value's description)
states, and ``null``. The caller asks the validator: a mutant the schema accepts although nothing in the
schema declares that shape is over-permissive (TC703); a mutant it rejects is an invalid argument for handler
fuzzing.

"Declared" is read generously, as the union over every branch (``allOf``, ``anyOf``, ``oneOf``, ``then``,
``else``, ``dependencies``) of the schemas that may apply at a location, so that a union such as ``anyOf:
[{type: string}, {type: integer}]`` is never reported for accepting an integer.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from typing import Any

from ..model.jsontypes import json_type
from ..model.pointer import escape_pointer_token, resolve_pointer

KINDS = ("drop-required", "unknown-property", "change-type", "stringify-number", "past-bounds", "null")
MAX_MUTANTS = 80
MAX_LOCATIONS = 120
MAX_PAD = 5000  # longest string/array a bound mutation builds
UNKNOWN_NAME = "unexpected_property"

_REPS: tuple[tuple[str, Any], ...] = (
    ("string", "text"), ("integer", 7), ("number", 0.5), ("boolean", True), ("array", []), ("object", {}),
)


@dataclass
class Mutant:
    kind: str  # one of KINDS
    instance: Any  # the whole mutated argument object
    loc: str  # instance pointer of the changed value (drop/unknown: the property's location)
    schema_ptr: str  # pointer, relative to the schema root, of the schema node that should reject it
    keyword: str  # the keyword a strict schema rejects it with (a sample record's `expect.keyword`)
    note: str  # what was done, for messages: "without `query`", "`\"10\"` for 10", ...
    declared: bool = False  # the schema explicitly allows this shape there: accepting it is intended
    detail: dict[str, Any] = field(default_factory=dict)


def show(v: Any, limit: int = 60) -> str:
    try:
        s = json.dumps(v, ensure_ascii=False, sort_keys=True)
    except (TypeError, ValueError):
        s = repr(v)
    return s if len(s) <= limit else s[:limit - 1] + "…"


class Walker:
    """Mutations for one tool's schema; reusable for every instance of the run (caches per node)."""

    def __init__(self, norm, original: Any, kinds=KINDS, key_mutations_at_root: bool = True) -> None:
        self.norm = norm
        self.original = original
        self.kinds = frozenset(kinds)
        self.root_keys = key_mutations_at_root
        self._sup: dict[int, list[dict]] = {}
        self._types: dict[int, frozenset[str] | None] = {}
        self._desc: dict[str, dict[str, float]] = {}
        self._rx: dict[str, Any] = {}
        self.synthetic = getattr(norm, "synthetic", {})

    # -------------------------------------------------------------------------------------------- schema reading

    def origin(self, nodes: list[dict]) -> str:
        for n in nodes:
            p = self.norm.origin.get(id(n))
            if p is not None:
                return p
        return ""

    def superset(self, nodes: list) -> list[dict]:
        """The nodes and every branch below them that may apply (not `not`, not `if`)."""
        out: list[dict] = []
        seen: set[int] = set()
        stack = [n for n in reversed(nodes)]
        while stack and len(out) < 400:
            n = stack.pop()
            if not isinstance(n, dict) or id(n) in seen:
                continue
            seen.add(id(n))
            out.append(n)
            for k in ("allOf", "anyOf", "oneOf"):
                v = n.get(k)
                if isinstance(v, list):
                    stack.extend(reversed(v))
            for k in ("then", "else"):
                if isinstance(n.get(k), dict):
                    stack.append(n[k])
            dep = n.get("dependencies")
            if isinstance(dep, dict):
                stack.extend(v for v in dep.values() if isinstance(v, dict))
        return out

    def unconditional(self, nodes: list) -> list[dict]:
        out: list[dict] = []
        stack = [n for n in reversed(nodes)]
        while stack and len(out) < 200:
            n = stack.pop()
            if not isinstance(n, dict):
                continue
            out.append(n)
            v = n.get("allOf")
            if isinstance(v, list):
                stack.extend(reversed(v))
        return out

    def declared_types(self, sup: list[dict]) -> frozenset[str] | None:
        """JSON types some applicable schema names (None: nothing constrains the type)."""
        types: set[str] = set()
        said = False
        for n in sup:
            if id(n) in self.synthetic:
                continue
            t = n.get("type")
            if isinstance(t, str):
                types.add(t)
                said = True
            elif isinstance(t, list):
                types.update(x for x in t if isinstance(x, str))
                said = True
            for vals in ([n["const"]] if "const" in n else []), (n["enum"] if isinstance(n.get("enum"), list) else []):
                for v in vals:
                    types.add(json_type(v))
                    said = True
        if not said:
            return None
        if "number" in types:
            types.add("integer")
        return frozenset(types)

    def pattern_match(self, pat: str, name: str) -> bool:
        rx = self._rx.get(pat)
        if rx is None:
            try:
                rx = re.compile(pat)
            except (re.error, RecursionError, OverflowError, ValueError):
                rx = False
            self._rx[pat] = rx
        return bool(rx and rx.search(name))

    def child_nodes_for_key(self, sup: list[dict], key: str) -> list[dict]:
        out: list[Any] = []
        for n in sup:
            props = n.get("properties")
            if isinstance(props, dict) and key in props:
                out.append(props[key])
                continue
            matched = False
            pp = n.get("patternProperties")
            if isinstance(pp, dict):
                for pat, s in pp.items():
                    if self.pattern_match(pat, key):
                        out.append(s)
                        matched = True
            ap = n.get("additionalProperties")
            if not matched and isinstance(ap, dict) and self.synthetic.get(id(ap)) != "extra":
                out.append(ap)
        return [n for n in out if isinstance(n, dict)]

    def child_nodes_for_index(self, sup: list[dict], i: int) -> list[dict]:
        out: list[Any] = []
        for n in sup:
            items = n.get("items")
            if isinstance(items, list):
                if i < len(items):
                    out.append(items[i])
                elif isinstance(n.get("additionalItems"), dict):
                    out.append(n["additionalItems"])
            elif isinstance(items, dict):
                out.append(items)
        return [n for n in out if isinstance(n, dict)]

    def allows_extra(self, sup: list[dict], name: str) -> bool:
        for n in sup:
            ap = n.get("additionalProperties")
            if ap is not None and ap is not False and self.synthetic.get(id(ap)) != "extra":
                return True
            pp = n.get("patternProperties")
            if isinstance(pp, dict) and any(self.pattern_match(p, name) for p in pp):
                return True
        return False

    def declares_name(self, path: tuple, name: str) -> bool:
        """Does the schema declare property `name` (in `properties` or `patternProperties`) for the object at
        instance location `path`? Read generously over every branch."""
        nodes: list = [self.norm.schema] if isinstance(self.norm.schema, dict) else []
        for t in path:
            sup = self.superset(nodes)
            nodes = self.child_nodes_for_key(sup, t) if isinstance(t, str) else self.child_nodes_for_index(sup, t)
            if not nodes:
                return False
        for n in self.superset(nodes):
            props = n.get("properties")
            if isinstance(props, dict) and name in props:
                return True
            pp = n.get("patternProperties")
            if isinstance(pp, dict) and any(self.pattern_match(p, name) for p in pp):
                return True
        return False

    def description_bounds(self, ptr: str, kind: str) -> dict[str, float]:
        key = f"{kind}\0{ptr}"
        got = self._desc.get(key)
        if got is None:
            node = _resolve(self.original, ptr)
            desc = node.get("description") if isinstance(node, dict) else None
            got = stated_bounds(desc, kind) if isinstance(desc, str) else {}
            self._desc[key] = got
        return got

    # -------------------------------------------------------------------------------------------- mutations

    def mutations(self, instance: Any) -> list[Mutant]:
        out: list[Mutant] = []
        root = self.norm.schema
        if not isinstance(root, dict):
            return out
        todo: list[tuple[tuple, list[dict]]] = [((), [root])]
        visited = 0
        while todo and visited < MAX_LOCATIONS and len(out) < MAX_MUTANTS:
            path, nodes = todo.pop(0)
            visited += 1
            value = _get(instance, path)
            sup = self.superset(nodes)
            loc = "".join("/" + escape_pointer_token(t) for t in path)
            sptr = self.origin(nodes)
            if path:
                self._value_mutations(instance, path, value, nodes, sup, loc, sptr, out)
            if isinstance(value, dict):
                key_ok = bool(path) or self.root_keys
                if key_ok:
                    self._object_mutations(instance, path, value, nodes, sup, loc, sptr, out)
                for k in value:
                    child = self.child_nodes_for_key(sup, k)
                    if child:
                        todo.append((path + (k,), child))
            elif isinstance(value, list):
                for i in range(min(len(value), 20)):
                    child = self.child_nodes_for_index(sup, i)
                    if child:
                        todo.append((path + (i,), child))
        return out[:MAX_MUTANTS]

    def _object_mutations(self, inst, path, value: dict, nodes, sup, loc, sptr, out: list[Mutant]) -> None:
        if "drop-required" in self.kinds:
            required: list[str] = []
            for n in self.unconditional(nodes):
                r = n.get("required")
                if isinstance(r, list):
                    required.extend(x for x in r if isinstance(x, str) and x not in required)
            for name in required:
                if name in value:
                    out.append(Mutant("drop-required", delete_key(inst, path, name), f"{loc}/{escape_pointer_token(name)}",
                                      sptr, "required", f"without `{name}`", detail={"property": name}))
        if "unknown-property" in self.kinds:
            name = UNKNOWN_NAME
            i = 1
            while name in value or any(isinstance(n.get("properties"), dict) and name in n["properties"]
                                       for n in sup):
                name = f"{UNKNOWN_NAME}_{i}"
                i += 1
            props: list[str] = []
            for n in sup:
                if isinstance(n.get("properties"), dict):
                    props.extend(k for k in n["properties"] if isinstance(k, str) and k not in props)
            needed = {r for n in self.unconditional(nodes) if isinstance(n.get("required"), list)
                      for r in n["required"] if isinstance(r, str)}
            out.append(Mutant("unknown-property", insert_key(inst, path, name, "unexpected"),
                              f"{loc}/{escape_pointer_token(name)}", sptr, "additionalProperties",
                              f"with an unknown property `{name}`", declared=self.allows_extra(sup, name),
                              detail={"property": name, "properties": props,
                                      "optional": [p for p in props if p not in needed]}))

    def _value_mutations(self, inst, path, value, nodes, sup, loc, sptr, out: list[Mutant]) -> None:
        types = self.declared_types(sup)
        vt = json_type(value)

        def declared(t: str) -> bool:
            return types is not None and t in types

        detail = {"declared": sorted(types) if types is not None else None}
        if "change-type" in self.kinds:
            for t, rep in _REPS:
                if t == vt or (vt == "number" and t == "integer"):
                    continue
                if vt == "integer" and t == "number" and isinstance(value, int) and abs(value) < 2 ** 50:
                    rep = value + 0.5  # a non-integral number beside the integer (a large float is integral)
                out.append(Mutant("change-type", _set(inst, path, rep), loc, sptr, "type",
                                  f"{_a(t)} ({show(rep)}) for {show(value, 30)}", declared=declared(t),
                                  detail={**detail, "type": t}))
        if "stringify-number" in self.kinds and vt in ("integer", "number"):
            s = json.dumps(value)
            out.append(Mutant("stringify-number", _set(inst, path, s), loc, sptr, "type",
                              f"the string {show(s)} for the number {s}", declared=declared("string"),
                              detail={**detail, "type": "string"}))
        if "null" in self.kinds and vt != "null":
            out.append(Mutant("null", _set(inst, path, None), loc, sptr, "type", f"null for {show(value, 30)}",
                              declared=declared("null"), detail={**detail, "type": "null"}))
        if "past-bounds" in self.kinds:
            self._bounds(inst, path, value, vt, nodes, loc, sptr, out)

    def _bounds(self, inst, path, value, vt, nodes, loc, sptr, out: list[Mutant]) -> None:
        un = [n for n in self.unconditional(nodes) if id(n) not in self.synthetic]
        if vt in ("integer", "number"):
            cands = _number_bounds(un, self.description_bounds(sptr, "number"), vt == "integer")
        elif vt == "string":
            cands = _length_bounds(un, value, self.description_bounds(sptr, "string"))
        elif vt == "array":
            cands = _item_bounds(un, value, self.description_bounds(sptr, "array"))
        else:
            cands = []
        for keyword, new, src, bound, note in cands:
            out.append(Mutant("past-bounds", _set(inst, path, new), loc, sptr, keyword,
                              f"{show(new, 40)} past {note}",
                              detail={"keyword": keyword, "source": src, "bound": bound}))


# ------------------------------------------------------------------------------------------------ bounds
# a past-bounds candidate: (keyword, new value, source, stated bound, note)
_Candidate = tuple[str, Any, str, Any, str]


def _first_number(un: list[dict], name: str) -> Any:
    """The first numeric ``name`` of the unconditional schemas ``un`` (booleans are not numbers), else None."""
    for n in un:
        v = n.get(name)
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            return v
    return None


def _number_bounds(un: list[dict], desc: dict[str, float], integer: bool) -> list[_Candidate]:
    """A number above the upper and one below the lower bound (the schema's, else the description's)."""
    cands: list[_Candidate] = []
    hi, ehi = _first_number(un, "maximum"), _first_number(un, "exclusiveMaximum")
    lo, elo = _first_number(un, "minimum"), _first_number(un, "exclusiveMinimum")
    if hi is not None:
        cands.append(("maximum", _above(hi, integer), "schema", hi, f"`maximum: {_n(hi)}`"))
    elif ehi is not None:
        cands.append(("exclusiveMaximum", ehi, "schema", ehi, f"`exclusiveMaximum: {_n(ehi)}`"))
    elif "hi" in desc:
        cands.append(("maximum", _above(desc["hi"], integer), "description", desc["hi"],
                      f"its description's upper bound {_n(desc['hi'])}"))
    if lo is not None:
        cands.append(("minimum", _below(lo, integer), "schema", lo, f"`minimum: {_n(lo)}`"))
    elif elo is not None:
        cands.append(("exclusiveMinimum", elo, "schema", elo, f"`exclusiveMinimum: {_n(elo)}`"))
    elif "lo" in desc:
        cands.append(("minimum", _below(desc["lo"], integer), "description", desc["lo"],
                      f"its description's lower bound {_n(desc['lo'])}"))
    return cands


def _length_bounds(un: list[dict], value: str, desc: dict[str, float]) -> list[_Candidate]:
    """The string ``value`` padded past `maxLength` and cut below `minLength` (the schema's, else the
    description's)."""
    cands: list[_Candidate] = []
    hi, lo = _first_number(un, "maxLength"), _first_number(un, "minLength")
    if hi is None and "hi" in desc:
        hi, src = desc["hi"], "description"
    else:
        src = "schema"
    if hi is not None and 0 <= hi < MAX_PAD and len(value) <= hi:
        n = int(hi) + 1
        cands.append(("maxLength", (value + "x" * n)[:n] if len(value) < n else value, src, hi,
                      f"`maxLength: {_n(hi)}`" if src == "schema" else
                      f"its description's limit of {_n(hi)} characters"))
    if lo is None and "lo" in desc:
        lo, src = desc["lo"], "description"
    else:
        src = "schema"
    if lo is not None and 1 <= lo <= MAX_PAD and len(value) >= lo:
        cands.append(("minLength", value[:int(math.ceil(lo)) - 1], src, lo,
                      f"`minLength: {_n(lo)}`" if src == "schema" else
                      f"its description's minimum of {_n(lo)} characters"))
    return cands


def _item_bounds(un: list[dict], value: list, desc: dict[str, float]) -> list[_Candidate]:
    """The array ``value`` filled past `maxItems` and cut below `minItems` (the schema's, else the
    description's)."""
    cands: list[_Candidate] = []
    hi, lo = _first_number(un, "maxItems"), _first_number(un, "minItems")
    src = "schema"
    if hi is None and "hi" in desc:
        hi, src = desc["hi"], "description"
    if hi is not None and 0 <= hi < 1000 and len(value) <= hi:
        filler = value[0] if value else None
        cands.append(("maxItems", list(value) + [filler] * (int(hi) + 1 - len(value)), src, hi,
                      f"`maxItems: {_n(hi)}`" if src == "schema" else
                      f"its description's limit of {_n(hi)} items"))
    src = "schema"
    if lo is None and "lo" in desc:
        lo, src = desc["lo"], "description"
    if lo is not None and 1 <= lo <= 1000 and len(value) >= lo:
        cands.append(("minItems", list(value)[:int(math.ceil(lo)) - 1], src, lo,
                      f"`minItems: {_n(lo)}`" if src == "schema" else
                      f"its description's minimum of {_n(lo)} items"))
    return cands


# ------------------------------------------------------------------------------------------------ helpers

def _a(t: str) -> str:
    return {"integer": "an integer", "array": "an array", "object": "an object"}.get(t, f"a {t}")


def _n(x: float) -> str:
    if isinstance(x, float) and x.is_integer() and abs(x) < 1e15:
        return str(int(x))
    return str(x)


def _above(x: float, integer: bool) -> float:
    if integer:
        return int(math.floor(x)) + 1
    return x + 1


def _below(x: float, integer: bool) -> float:
    if integer:
        return int(math.ceil(x)) - 1
    return x - 1


def _get(inst: Any, path: tuple) -> Any:
    for t in path:
        inst = inst[t]
    return inst


def _set(inst: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(inst, dict):
        new = dict(inst)
    else:
        new = list(inst)
    new[head] = _set(inst[head], rest, value)
    return new


def delete_key(inst: Any, path: tuple, name: str) -> Any:
    obj = dict(_get(inst, path))
    obj.pop(name, None)
    return _set(inst, path, obj)


def insert_key(inst: Any, path: tuple, name: str, value: Any) -> Any:
    obj = dict(_get(inst, path))
    obj[name] = value
    return _set(inst, path, obj)


def _resolve(doc: Any, ptr: str) -> Any:
    return resolve_pointer(doc, ptr)


# ------------------------------------------------------------------------------------------------ prose bounds

_NUM = r"(-?\d{1,3}(?:,\d{3})+(?![\d.])|-?\d+(?:\.\d+)?)"
_TO = r"\s*(?:-|–|—|to|\.\.)\s*"
_LEN_UNIT = r"(?:characters?|chars?|letters?)"
_ITEM_UNIT = r"(?:items?|elements?|entries|values?)"
_NOT_NUMBER_UNIT = r"(?!\s*(?:characters?|chars?|letters?|digits?|words?|bytes?|items?|elements?|entries|%|percent)\b)"
_MAX_WORDS = r"(?:max(?:imum)?(?:\s+value)?|must\s+(?:be\s+)?(?:at\s+most|no\s+more\s+than|less\s+than\s+or\s+equal\s+to)|" \
             r"cannot\s+exceed|must\s+not\s+exceed|should\s+not\s+exceed|not\s+to\s+exceed|<=|≤)"
_MIN_WORDS = r"(?:min(?:imum)?(?:\s+value)?|must\s+(?:be\s+)?(?:at\s+least|no\s+less\s+than|greater\s+than\s+or\s+equal\s+to)|>=|≥)"

_RX: dict[str, list[tuple[Any, str]]] = {}


def _compile() -> None:
    if _RX:
        return
    f = re.I
    _RX["number"] = [
        (re.compile(rf"\bbetween\s+{_NUM}\s+and\s+{_NUM}\b{_NOT_NUMBER_UNIT}", f), "range"),
        (re.compile(rf"\bfrom\s+{_NUM}\s+to\s+{_NUM}\b{_NOT_NUMBER_UNIT}", f), "range"),
        (re.compile(rf"\(\s*{_NUM}{_TO}{_NUM}\s*\)", f), "range"),
        (re.compile(rf"\brange\s*(?:of|is|:)?\s*\[?\s*{_NUM}\s*(?:-|–|to|,|\.\.)\s*{_NUM}\b{_NOT_NUMBER_UNIT}", f),
         "range"),
        (re.compile(rf"\b{_MAX_WORDS}\s*(?:of|is|:|=)?\s*{_NUM}\b{_NOT_NUMBER_UNIT}", f), "hi"),
        (re.compile(rf"\b{_MIN_WORDS}\s*(?:of|is|:|=)?\s*{_NUM}\b{_NOT_NUMBER_UNIT}", f), "lo"),
    ]
    for kind, unit in (("string", _LEN_UNIT), ("array", _ITEM_UNIT)):
        _RX[kind] = [
            (re.compile(rf"\bbetween\s+{_NUM}\s+and\s+{_NUM}\s+{unit}\b", f), "range"),
            (re.compile(rf"\b(?:{_MAX_WORDS}|up\s+to|at\s+most|no\s+more\s+than|limited\s+to)\s*(?:of|is|:)?\s*"
                        rf"{_NUM}\s+{unit}\b", f), "hi"),
            (re.compile(rf"\b{_NUM}\s+{unit}\s+(?:max(?:imum)?|or\s+(?:less|fewer))\b", f), "hi"),
            (re.compile(rf"\b(?:{_MIN_WORDS}|at\s+least)\s*(?:of|is|:)?\s*{_NUM}\s+{unit}\b", f), "lo"),
        ]


def _num(s: str) -> float:
    v = float(s.replace(",", ""))
    return int(v) if v.is_integer() and abs(v) < 1e15 else v


def stated_bounds(description: str, kind: str) -> dict[str, float]:
    """Bounds a description states in words, e.g. "between 1 and 100" -> {"lo": 1, "hi": 100}.

    Conservative on purpose: only explicit phrasings ("between A and B", "(A-B)", "maximum 50", "at most 200
    characters"); a range whose ends are out of order, or two phrasings that disagree, give nothing.
    """
    if not description or kind not in ("number", "string", "array"):
        return {}
    _compile()
    text = description[:2000]
    found: dict[str, set[float]] = {"lo": set(), "hi": set()}
    for rx, what in _RX[kind]:
        for m in rx.finditer(text):
            try:
                if what == "range":
                    a, b = _num(m.group(1)), _num(m.group(2))
                    if a >= b:
                        continue
                    found["lo"].add(a)
                    found["hi"].add(b)
                else:
                    found[what].add(_num(m.group(1)))
            except (ValueError, OverflowError):
                continue
    out: dict[str, float] = {}
    for k in ("lo", "hi"):
        if len(found[k]) == 1:
            out[k] = next(iter(found[k]))
    if "lo" in out and "hi" in out and out["lo"] >= out["hi"]:
        return {}
    if kind != "number":
        out = {k: v for k, v in out.items() if v >= 0 and float(v).is_integer()}
    return out
