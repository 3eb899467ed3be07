"""Strict-target null handling for :func:`toolcheck.host.check_arguments`: the ``null`` a model sends for an
optional property under a strict vendor target means "absent".

A strict export (``toolcheck export --target openai-strict``) makes every optional property required and
nullable, so the model fills each one in, with ``null`` where it has nothing to say. :func:`absent_nulls` undoes
that on the arguments, against the contract's own schema, before they are validated again.

Imports only the standard library at the top level (the local ``$ref`` lookup of :mod:`toolcheck.schemaval` is
imported when a ``$ref`` is met); :mod:`toolcheck.host` imports this module only for a strict target's failing
call.
"""

from __future__ import annotations

from typing import Any

__all__ = ["absent_nulls"]

_MAX_DEPTH = 64  # schema levels followed while stripping
_MAX_NULL_DEPTH = 32  # schema levels followed while deciding whether null is accepted


def absent_nulls(schema: Any, arguments: Any) -> Any:
    """``arguments`` without the ``null`` values that stand for an absent optional property (strict mode's
    optional -> required + nullable transform), at every level the export transforms: properties, array items,
    ``allOf``, local ``$ref``s, and the ``anyOf``/``oneOf`` branch whose properties hold the object's keys.

    A ``null`` is removed only where the property is optional and its schema in the contract cannot accept
    ``null`` (else ``null`` is a value the contract allows, and stays). Returns ``arguments`` itself when
    nothing changes, else a copy (the input is never modified).
    """
    return _strip(schema, arguments, schema, 0)


def _deref(schema: Any, root: Any) -> Any:
    """The schema a local ``$ref`` points to (one hop), or None."""
    ref = schema.get("$ref") if isinstance(schema, dict) else None
    if not isinstance(ref, str):
        return None
    from .schemaval import local_target

    return local_target(root, ref)


def _strip(schema: Any, value: Any, root: Any, depth: int) -> Any:
    """``value`` without its absent-meaning nulls under ``schema`` (and the schema its ``$ref`` names)."""
    if depth > _MAX_DEPTH or not isinstance(schema, dict):
        return value
    target = _deref(schema, root)
    if target is not None and target is not schema:
        value = _strip(target, value, root, depth + 1)
    if isinstance(value, dict):
        return _strip_object(schema, value, root, depth)
    if isinstance(value, list):
        return _strip_array(schema, value, root, depth)
    return value


def _strip_object(schema: dict, value: dict, root: Any, depth: int) -> dict:
    """An object through its ``properties``, then its ``allOf`` branches and the ``anyOf``/``oneOf`` branch it
    filled in."""
    out = _strip_properties(schema, value, root, depth)
    all_of = schema.get("allOf")
    for b in all_of if isinstance(all_of, list) else ():
        out = _strip(b, out, root, depth + 1)
    for key in ("anyOf", "oneOf"):
        branches = schema.get(key)
        if isinstance(branches, list):
            b = _branch_for(branches, out, root)
            if b is not None:
                out = _strip(b, out, root, depth + 1)
    return out


def _strip_properties(schema: dict, value: dict, root: Any, depth: int) -> dict:
    """Drop the optional properties whose ``null`` their schema cannot accept; recurse into the others."""
    props = schema.get("properties")
    if not isinstance(props, dict) or not props:
        return value
    out = value
    req = schema.get("required")
    req = req if isinstance(req, list) else ()
    for k, v in value.items():
        sub = props.get(k)
        if sub is None:
            continue
        if v is None and k not in req and not _accepts_null(sub, root, 0):
            if out is value:
                out = dict(value)
            del out[k]
            continue
        nv = _strip(sub, v, root, depth + 1)
        if nv is not v:
            if out is value:
                out = dict(value)
            out[k] = nv
    return out


def _strip_array(schema: dict, value: list, root: Any, depth: int) -> list:
    """An array through ``prefixItems`` (or a list-form ``items``) and then ``items``."""
    items = schema.get("items")
    prefix = schema.get("prefixItems")
    prefix = prefix if isinstance(prefix, list) else items if isinstance(items, list) else []
    rest = items if isinstance(items, dict) else None
    out = value
    for i, v in enumerate(value):
        sub = prefix[i] if i < len(prefix) else rest
        if sub is None:
            continue
        nv = _strip(sub, v, root, depth + 1)
        if nv is not v:
            if out is value:
                out = list(value)
            out[i] = nv
    return out


def _branch_for(branches: list, value: dict, root: Any) -> Any:
    """The union branch a strict-mode model filled in: strict mode makes every branch object list all its
    properties, so the branch whose `properties` hold every key of ``value`` (the smallest such one)."""
    best = None
    best_n = None
    keys = set(value)
    for b in branches:
        s = _deref(b, root) or b
        props = s.get("properties") if isinstance(s, dict) else None
        if not isinstance(props, dict) or not keys <= set(props):
            continue
        if best_n is None or len(props) < best_n:
            best, best_n = b, len(props)
    return best


def _accepts_null(s: Any, root: Any, depth: int) -> bool:
    """Whether the schema may accept ``null`` (True when unsure: the null then stays, and validation decides)."""
    if s is True or depth > _MAX_NULL_DEPTH:
        return True
    if not isinstance(s, dict):
        return False
    target = _deref(s, root)
    if target is not None and target is not s and not _accepts_null(target, root, depth + 1):
        return False
    if "const" in s:
        return s["const"] is None
    enum = s.get("enum")
    if isinstance(enum, list) and None not in enum:
        return False
    t = s.get("type")
    if isinstance(t, str) and t != "null":
        return False
    if isinstance(t, list) and "null" not in t:
        return False
    for key in ("anyOf", "oneOf"):
        br = s.get(key)
        if isinstance(br, list) and not any(_accepts_null(b, root, depth + 1) for b in br):
            return False
    br = s.get("allOf")
    if isinstance(br, list) and not all(_accepts_null(b, root, depth + 1) for b in br):
        return False
    return True
