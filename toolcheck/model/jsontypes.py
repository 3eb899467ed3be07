"""The JSON value model: which JSON Schema type a value has, and when two values are equal.

One definition for the whole package, following the JSON Schema validation spec (draft 2020-12, section 6.1.1
and the core spec's section 4.2.2):

- **an integral number is an integer**: ``1.0`` is ``"integer"`` (as is ``1``); ``1.5`` is ``"number"``. A value
  that is an integer is also a number (:func:`has_type` says so; :func:`json_type` names the narrowest type);
- **booleans are not numbers**: ``True`` is ``"boolean"`` and never equal to ``1``;
- **equality is structural**: ``1 == 1.0``, ``True != 1``, the order of an object's keys is irrelevant, an array's
  order matters (:func:`canonical`, :func:`json_equal`).

Values come from YAML and JSON loaders, and from hosts calling :func:`toolcheck.check_arguments` with Python
objects: a ``tuple`` is read as an array. Anything that is not JSON data (a ``set``, a ``bytes``, a ``date``) has
the type named after its Python class, which no JSON Schema ``type`` matches.
"""

from __future__ import annotations

import math
from typing import Any

JSON_TYPES = ("null", "boolean", "integer", "number", "string", "array", "object")

# deeper than this, a value is not compared structurally (a hostile document; loaders bound depth far lower)
MAX_DEPTH = 256


class TooDeep(ValueError):
    """A value nested more than :data:`MAX_DEPTH` levels: no canonical form."""


def is_number(v: Any) -> bool:
    """An int or float that is not a bool (``True`` is a boolean in JSON, not the number 1)."""
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def is_integral(v: Any) -> bool:
    """A number with no fractional part: ``3`` and ``3.0``, not ``3.5``, ``inf`` or ``nan``."""
    if isinstance(v, bool):
        return False
    if isinstance(v, int):
        return True
    return isinstance(v, float) and math.isfinite(v) and v.is_integer()


def json_type(v: Any) -> str:
    """The narrowest JSON Schema type of ``v``: ``null``, ``boolean``, ``integer``, ``number``, ``string``,
    ``array``, ``object``; another value's Python class name (``set``, ``bytes``)."""
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, int):
        return "integer"
    if isinstance(v, float):
        return "integer" if is_integral(v) else "number"
    if isinstance(v, str):
        return "string"
    if isinstance(v, (list, tuple)):
        return "array"
    if isinstance(v, dict):
        return "object"
    return type(v).__name__


def has_type(v: Any, t: str) -> bool:
    """Whether ``v`` is an instance of the JSON Schema type ``t`` (an integer is also a ``number``)."""
    vt = json_type(v)
    return vt == t or (t == "number" and vt == "integer")


def canonical(v: Any, memo: dict[int, Any] | None = None, _depth: int = 0) -> Any:
    """A hashable key of ``v`` under JSON equality: ``canonical(a) == canonical(b)`` exactly when the two values
    are equal JSON (``1`` and ``1.0`` yes, ``True`` and ``1`` no, key order irrelevant).

    ``memo`` (``id(container) -> key``) lets a caller that canonicalises the same large values many times (a
    schema diff) pay once per container; keep it only while the values are alive and unchanged. Raises
    :class:`TooDeep` beyond :data:`MAX_DEPTH` levels."""
    if _depth > MAX_DEPTH:
        raise TooDeep(f"value nested more than {MAX_DEPTH} levels")
    if v is None:
        return ("z",)
    if isinstance(v, bool):
        return ("b", v)
    if isinstance(v, int):
        return ("n", v)
    if isinstance(v, float):
        return ("n", int(v)) if is_integral(v) else ("n", v)
    if isinstance(v, str):
        return ("s", v)
    if isinstance(v, (list, tuple, dict)):
        if memo is not None:
            got = memo.get(id(v))
            if got is not None:
                return got
        if isinstance(v, dict):
            items = ((str(k), canonical(x, memo, _depth + 1)) for k, x in v.items())
            out: Any = ("o", tuple(sorted(items, key=lambda kv: kv[0])))
        else:
            out = ("a", tuple(canonical(x, memo, _depth + 1) for x in v))
        if memo is not None:
            memo[id(v)] = out
        return out
    return ("?", type(v).__name__, repr(v))


def json_equal(a: Any, b: Any) -> bool:
    """JSON equality of two values (see :func:`canonical`); values too deep to compare are equal only when they
    are the same object."""
    if a is b:
        return True
    try:
        return canonical(a) == canonical(b)
    except TooDeep:
        return False
