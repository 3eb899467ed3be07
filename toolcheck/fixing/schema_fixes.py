"""Fixes of schema findings, as functions of the schema node and its pointer: one call per rule attaches one.

Each function returns a :class:`~toolcheck.fixing.model.Fix` (or None when there is no single right answer),
with pointers as the rule's own ``Hit`` has them (relative to the contract); the rule passes it as
``Hit(..., fix=...)``): ``type_name_fix`` / ``type_list_fix`` (TC103), ``keyword_fix`` and ``optional_fix``
(TC104) and ``required_flag_fix`` (TC105), each called where the rule's file in toolcheck/rules/tc1_schema/
makes the hit; the strict-target transforms of TC206/TC207 (``strict_close_fix``, ``strict_require_fix``) in
toolcheck/rules/tc2_targets/index.py.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from ..model.pointer import join_pointer, split_pointer
from .model import SAFE, UNSAFE, Edit, Fix

# (suggested JSON Schema type or None for "omit `type`", whether that reading is certain)
Suggest = Callable[[str], tuple[str | None, bool]]


# ------------------------------------------------------------------------------------------------ TC103

def type_name_fix(type_pointer: str, name: str, suggest: Suggest) -> Fix | None:
    """`type: dict` -> `type: object`; `type: any` -> no `type` (a schema without one accepts any value).
    ``suggest`` is the rule's own reading of a type name; safe when it is certain (a known alias such as `dict`
    or `float`, another case of a type name), unsafe for a merely close spelling."""
    sugg, certain = suggest(name)
    how = SAFE if certain else UNSAFE
    if sugg is None:
        if not certain:
            return None
        return Fix(f"Remove `type: {name}` (a schema without `type` accepts any value)", how,
                   (Edit("delete", type_pointer),))
    return Fix(f"Write `type: {sugg}`", how, (Edit("replace", type_pointer, sugg),))


def type_list_fix(type_pointer: str, types: list, suggest: Suggest) -> Fix | None:
    """Every non-JSON-Schema name of a `type` list replaced (one fix for the whole list, so the findings of two
    names give the same fix): `[int, "null"]` -> `[integer, "null"]`; a name whose type is already listed is
    removed (`[int, integer]` -> `[integer]`); `any` in the list removes `type` altogether."""
    known = ("array", "boolean", "integer", "null", "number", "object", "string")
    result: list[Any] = []
    edits: list[Edit] = []
    safe = True
    for i, t in enumerate(types):
        if not isinstance(t, str) or t in known:
            result.append(t)
            continue
        sugg, certain = suggest(t)
        safe = safe and certain
        if sugg is None:
            if not certain:
                return None
            return Fix("Remove `type` (a schema without `type` accepts any value)", SAFE,
                       (Edit("delete", type_pointer),))
        if sugg in result or sugg in types[i + 1:]:
            edits.append(Edit("delete", join_pointer(type_pointer, i)))
        else:
            result.append(sugg)
            edits.append(Edit("replace", join_pointer(type_pointer, i), sugg))
    if not edits:
        return None
    edits.sort(key=lambda e: -int(e.pointer.rsplit("/", 1)[1]))  # a deletion shifts only what follows it
    shown = ", ".join(f"`{x}`" for x in result)
    return Fix(f"Write `type: [{shown.replace('`', '')}]`" if result else "Remove `type`", SAFE if safe else UNSAFE,
               tuple(edits))


def is_typo_of(word: str, sugg: str, names) -> bool:
    """Whether ``word`` is, beyond doubt, a typo of ``sugg`` among ``names``: one letter added, dropped, changed
    or two swapped (two in a name of 7 letters or more), and no other name as close. `strng`, `stirng`,
    `nubmer`, `integ` are; `strg`, `arr`, `String[]` (an array of strings), `enum` are not (their fix is
    unsafe: a close spelling is a guess)."""
    w = word.lower()
    d = _osa(w, sugg)
    if not (d == 1 or (d == 2 and len(sugg) >= 7)):
        return False
    return all(_osa(w, n) > d + 1 for n in names if n != sugg)


def _osa(a: str, b: str) -> int:
    """Optimal string alignment distance (Levenshtein with adjacent transpositions)."""
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[-1]


# ------------------------------------------------------------------------------------------------ TC104

def keyword_fix(node: dict, key_pointer: str, suggestion: str | None) -> Fix | None:
    """Rename a misspelt keyword to the known one it resembles (`minimun` -> `minimum`). Unsafe: the renamed
    keyword starts constraining what the schema accepts."""
    key = split_pointer(key_pointer)[-1] if key_pointer else ""
    if not suggestion or not isinstance(node, dict) or suggestion in node or key.startswith("x-") or key == suggestion:
        return None
    return Fix(f"Rename `{key}` to `{suggestion}`", UNSAFE, (Edit("rename", key_pointer, suggestion),))


def optional_fix(key_pointer: str, value: Any, name: str | None, listed: bool) -> Fix | None:
    """Remove an `optional` that agrees with the parent's `required` (`optional: true` on a property it does not
    list, `optional: false` on one it lists): validators ignore the keyword, so the schema accepts what it did.
    Safe. None when it contradicts the list (the author meant something the schema does not say) or is not on a
    property."""
    flag = {True: True, "true": True, "True": True, False: False, "false": False, "False": False}.get(value) \
        if isinstance(value, (bool, str)) else None
    if name is None or flag is None or flag == listed:
        return None
    return Fix(f"Remove `optional: {str(value).lower()}` (`{name}` is {'optional' if flag else 'required'} "
               "already)", SAFE, (Edit("delete", key_pointer),))


# ------------------------------------------------------------------------------------------------ TC105

def required_flag_fix(required_pointer: str, value: Any, parent: dict | None) -> Fix | None:
    """`required: true` inside property `p` -> `p` listed in the parent object's `required`; `required: false`
    removed (the property is optional already). ``required_pointer`` is `<object>/properties/<p>/required`.
    None when the property is not under `properties`, or `required: false` contradicts the parent's list."""
    toks = split_pointer(required_pointer)
    if len(toks) < 3 or toks[-1] != "required" or toks[-3] != "properties" or not isinstance(value, bool):
        return None
    name = toks[-2]
    object_ptr = join_pointer("", *toks[:-3])
    listed = isinstance(parent, dict) and isinstance(parent.get("required"), list) and name in parent["required"]
    if not value:
        if listed:
            return None
        return Fix(f"Remove `required: false` from `{name}` (it is optional already)", SAFE,
                   (Edit("delete", required_pointer),))
    edits = [Edit("delete", required_pointer)]
    if not listed:
        if isinstance(parent, dict) and "required" in parent and not isinstance(parent["required"], list):
            return None
        edits.append(Edit("add", join_pointer(object_ptr, "required"), name, after="type"))
    return Fix(f"List `{name}` in the parent's `required`" if not listed else "Remove `required: true`", SAFE,
               tuple(edits))


# ------------------------------------------------------------------------------------------------ TC206, TC207

def strict_close_fix(object_pointer: str) -> Fix:
    """What `toolcheck export` does for a strict target (`additionalProperties: false`), written into the source.
    Unsafe: the object stops accepting keys it does not list."""
    return Fix("Close the object with `additionalProperties: false`", UNSAFE,
               (Edit("set", join_pointer(object_pointer, "additionalProperties"), False, after="type"),))


def strict_require_fix(object_pointer: str, node: dict) -> Fix | None:
    """What `toolcheck export --target openai-strict` does, written into the source: every optional property is
    listed in `required` and made nullable (`make_nullable` of the export: `type: [T, "null"]`, `null` added to an
    `enum`, a `{type: "null"}` branch for an `anyOf` or `$ref`). Unsafe: the model must now send every property
    (`null` for "absent", which the host must read as absent)."""
    from ..vendors.schemas import allows_null
    from ..vendors.shapes import make_nullable

    props = node.get("properties") if isinstance(node, dict) else None
    if not isinstance(props, dict) or not props:
        return None
    req = node.get("required")
    if req is not None and not isinstance(req, list):
        return None
    have = [x for x in req if isinstance(x, str)] if isinstance(req, list) else []
    missing = [k for k in props if k not in have]
    if not missing:
        return None
    edits: list[Edit] = [Edit("add", join_pointer(object_pointer, "required"), k, after="type") for k in missing]
    for name in missing:
        sub = props[name]
        if isinstance(sub, dict) and not allows_null(sub):
            new = make_nullable(copy.deepcopy(sub))
            edits.extend(diff_edits(sub, new, join_pointer(object_pointer, "properties", name)))
    shown = ", ".join(f"`{k}`" for k in missing[:5]) + (f" and {len(missing) - 5} more" if len(missing) > 5 else "")
    return Fix(f"Make {shown} required and nullable", UNSAFE, tuple(edits))


def diff_edits(old: Any, new: Any, pointer: str) -> list[Edit]:
    """Edits that turn mapping ``old`` into ``new`` at ``pointer``, keeping the entries that did not change (a new
    key goes at the end, as the transforms add it); one replacement when the key order would not match."""
    if not isinstance(old, dict) or not isinstance(new, dict):
        return [Edit("replace", pointer, new)]
    kept = [k for k in old if k in new]
    if kept + [k for k in new if k not in old] != list(new):
        return [Edit("replace", pointer, new)]
    edits: list[Edit] = [Edit("delete", join_pointer(pointer, k)) for k in old if k not in new]
    for k, v in new.items():
        p = join_pointer(pointer, k)
        if k not in old:
            edits.append(Edit("set", p, v))
        elif old[k] != v or type(old[k]) is not type(v):
            o = old[k]
            if isinstance(o, list) and isinstance(v, list) and len(v) > len(o) and v[:len(o)] == o:
                edits.extend(Edit("add", p, x) for x in v[len(o):])
            else:
                edits.append(Edit("replace", p, v))
    return edits
