"""TC1's value helpers: how a message shows a value, JSON equality, the JSON types a schema admits, whether a
value passes a schema (a quick validator for the common keywords, the compiled engine for the rest)."""

from __future__ import annotations

import json
import math
from typing import Any

from ...model.jsontypes import has_type, json_type
from ...model.pointer import escape_pointer_token
from ...suggest import closest
from ._tables import ALL_KEYWORDS, D4, JSON_TYPES, QUICK_HANDLED, QUICK_OK, TYPE_SUGGEST

__all__ = ["has_type", "json_type"]


def ptr(path: tuple) -> str:
    return "".join("/" + escape_pointer_token(t) for t in path)


def type_reading(t: str) -> tuple[str | None, bool]:
    """(the JSON Schema type a `type` name means, None for "no `type`"; whether that reading is certain): a case
    of a type name or a name of the alias table is certain, a close spelling only when it is a typo of one type."""
    low = t.strip().lower()
    if low in JSON_TYPES:
        return low, True
    if low in TYPE_SUGGEST:
        return TYPE_SUGGEST[low], True
    sugg = closest(t, sorted(JSON_TYPES), cutoff=0.6)
    if sugg is None:
        return None, False
    from ...fixing.schema_fixes import is_typo_of

    return sugg, is_typo_of(low, sugg, JSON_TYPES)


def show(value: Any, limit: int = 60) -> str:
    try:
        s = json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
    except (TypeError, ValueError):
        s = repr(value)
    return s if len(s) <= limit else s[: limit - 1] + "…"


def is_num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and not (isinstance(v, float) and math.isnan(v))


def canon(v: Any, depth: int = 0) -> Any:
    """A hashable key with JSON equality: 1 == 1.0, true != 1, key order irrelevant."""
    if depth > 64:
        return ("?", id(v))
    if isinstance(v, bool):
        return ("b", v)
    if isinstance(v, int):
        return ("n", v)
    if isinstance(v, float):
        return ("n", int(v)) if v.is_integer() else ("n", v)
    if isinstance(v, str):
        return ("s", v)
    if v is None:
        return ("z",)
    if isinstance(v, list):
        return ("a", tuple(canon(x, depth + 1) for x in v))
    if isinstance(v, dict):
        return ("o", tuple(sorted((str(k), canon(x, depth + 1)) for k, x in v.items())))
    return ("?", repr(v))



def names(value: Any) -> frozenset[str]:
    if not isinstance(value, (list, tuple)):
        return frozenset()
    return frozenset(str(x) for x in value if isinstance(x, (str, int)) and not isinstance(x, bool))



def types_of(s: dict) -> set[str] | None:
    t = s.get("type")
    if isinstance(t, str):
        return {t} if t in JSON_TYPES else None
    if isinstance(t, list) and t and all(isinstance(x, str) and x in JSON_TYPES for x in t):
        return set(t)
    if "const" in s:
        return {json_type(s["const"])}
    return None


def intersect(a: set[str], b: set[str]) -> set[str]:
    out = a & b
    if ("integer" in a and "number" in b) or ("number" in a and "integer" in b):
        out.add("integer")
    return out


def types_text(ts: set[str]) -> str:
    return " or ".join(f"`{t}`" for t in sorted(ts))



def article(t: str) -> str:
    return ("an " if t[:1] in "aeiou" else "a ") + t


# ------------------------------------------------------------------------------------------------ quick validation

class Undecided(Exception):
    pass




_NUMBER_KW = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")
_ARRAY_KW = ("minItems", "maxItems", "uniqueItems", "items")
_OBJECT_KW = ("minProperties", "maxProperties", "required", "properties", "additionalProperties")


def quick(s: Any, v: Any, skip: tuple, dialect: str, depth: int) -> bool | str | None:
    """True when ``v`` is valid against ``s``; a reason string when not; None when only the engine can tell.
    Raises :class:`Undecided` for a keyword value it cannot read (the engine judges, or nobody)."""
    if s is True:
        return True
    if s is False:
        return "is rejected by the schema `false`"
    if not isinstance(s, dict) or depth > 16:
        return None
    if v is None and s.get("nullable") is True:
        return True
    if not QUICK_OK.issuperset(s):
        for k in s:
            if k in ALL_KEYWORDS and k not in QUICK_OK and k not in skip:
                return None
    for k, kv in s.items():
        if k not in QUICK_HANDLED or k in skip:
            continue
        r = _keyword(s, k, kv, v, dialect, depth)
        if r is not True:
            return r
    return True


def _keyword(s: dict, k: str, kv: Any, v: Any, dialect: str, depth: int) -> bool | str | None:
    """One keyword's verdict: True (passes, go on), a reason, or None (only the engine can tell)."""
    if k == "type":
        return _type(kv, v)
    if k == "enum":
        if not isinstance(kv, list):
            raise Undecided
        c = canon(v)
        return True if any(canon(x) == c for x in kv) else "is not one of the `enum` values"
    if k == "const":
        return True if canon(v) == canon(kv) else f"is not the `const` value {show(kv)}"
    if is_num(v) and k in _NUMBER_KW:
        return _number(s, k, kv, v, dialect == D4)
    if isinstance(v, str) and k in ("minLength", "maxLength"):
        if not is_num(kv):
            raise Undecided
        if k == "minLength" and len(v) < kv:
            return f"is shorter than `minLength` {show(kv)}"
        if k == "maxLength" and len(v) > kv:
            return f"is longer than `maxLength` {show(kv)}"
        return True
    if isinstance(v, list) and k in _ARRAY_KW:
        return _array(k, kv, v, dialect, depth)
    if isinstance(v, dict) and k in _OBJECT_KW:
        return _object(s, k, kv, v, dialect, depth)
    return True


def _type(kv: Any, v: Any) -> bool | str:
    if isinstance(kv, str):
        if kv not in JSON_TYPES:
            raise Undecided
        return True if has_type(v, kv) else f"is not of type `{kv}`"
    if isinstance(kv, list):
        if not all(isinstance(x, str) and x in JSON_TYPES for x in kv):
            raise Undecided
        return True if any(has_type(v, x) for x in kv) else f"is not of type {types_text(set(kv))}"
    raise Undecided


def _number(s: dict, k: str, kv: Any, v: Any, d4: bool) -> bool | str:
    if isinstance(kv, bool) and d4 and k.startswith("exclusive"):
        return True  # draft-04's boolean modifier of `minimum`/`maximum`
    if not is_num(kv):
        raise Undecided
    if k == "minimum":
        excl = d4 and s.get("exclusiveMinimum") is True
        if v < kv or (excl and v == kv):
            return f"is less than {'or equal to ' if excl else ''}`minimum` {show(kv)}"
    elif k == "maximum":
        excl = d4 and s.get("exclusiveMaximum") is True
        if v > kv or (excl and v == kv):
            return f"is greater than {'or equal to ' if excl else ''}`maximum` {show(kv)}"
    elif k == "exclusiveMinimum":
        if v <= kv:
            return f"is not greater than `exclusiveMinimum` {show(kv)}"
    elif k == "exclusiveMaximum":
        if v >= kv:
            return f"is not less than `exclusiveMaximum` {show(kv)}"
    elif k == "multipleOf":
        if kv <= 0:
            raise Undecided
        q = v / kv
        if not (math.isfinite(q) and abs(q - round(q)) < 1e-9):
            return f"is not a multiple of {show(kv)}"
    return True


def _array(k: str, kv: Any, v: list, dialect: str, depth: int) -> bool | str | None:
    if k == "minItems" and is_num(kv) and len(v) < kv:
        return f"has fewer items than `minItems` {show(kv)}"
    if k == "maxItems" and is_num(kv) and len(v) > kv:
        return f"has more items than `maxItems` {show(kv)}"
    if k == "uniqueItems" and kv is True and len({canon(x) for x in v}) != len(v):
        return "has duplicate items (`uniqueItems`)"
    if k == "items":
        if isinstance(kv, list):
            return None
        for i, x in enumerate(v):
            r = quick(kv, x, (), dialect, depth + 1)
            if r is None:
                return None
            if r is not True:
                return f"has an item [{i}] that {r}"
    return True


def _object(s: dict, k: str, kv: Any, v: dict, dialect: str, depth: int) -> bool | str | None:
    if k == "minProperties" and is_num(kv) and len(v) < kv:
        return f"has fewer properties than `minProperties` {show(kv)}"
    if k == "maxProperties" and is_num(kv) and len(v) > kv:
        return f"has more properties than `maxProperties` {show(kv)}"
    if k == "required" and isinstance(kv, list):
        for r in kv:
            if isinstance(r, str) and r not in v:
                return f"lacks the required property `{r}`"
    if k == "properties" and isinstance(kv, dict):
        for name, sub in kv.items():
            if name in v:
                r = quick(sub, v[name], (), dialect, depth + 1)
                if r is None:
                    return None
                if r is not True:
                    return f"has a property `{name}` that {r}"
    if k == "additionalProperties" and kv is not True:
        return _additional(s, kv, v, dialect, depth)
    return True


def _additional(s: dict, kv: Any, v: dict, dialect: str, depth: int) -> bool | str | None:
    if "patternProperties" in s:
        return None
    props = s.get("properties") if isinstance(s.get("properties"), dict) else {}
    for name, x in v.items():
        if name in props:
            continue
        r = quick(kv, x, (), dialect, depth + 1)
        if r is None:
            return None
        if r is not True:
            return f"has a property `{name}` that `additionalProperties` rejects"
    return True
