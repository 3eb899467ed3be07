"""TC1's metaschema helpers: a validator per dialect (compiled once per process), and the words of a
metaschema error (TC101); the resolution of a JSON pointer fragment inside a schema (TC112)."""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote

from ...model.pointer import escape_pointer_token
from ...suggest import closest
from ._tables import ALL_KEYWORDS, CANONICAL_URI, D2020
from ._values import article, canon, json_type, show


def resolve_pointer(target: Any, frag: str) -> str | None:
    """None when the JSON pointer ``frag`` resolves to a schema in ``target``; else what is wrong."""
    tokens = [unquote(t).replace("~1", "/").replace("~0", "~") for t in frag[1:].split("/")] if frag != "/" else [""]
    cur = target
    done = ""
    for t in tokens:
        if isinstance(cur, dict):
            if t in cur:
                cur = cur[t]
                done += "/" + escape_pointer_token(t)
                continue
            sugg = closest(t, [k for k in cur if isinstance(k, str)])
            return (f"no `{t}` under `{done or '#'}`" + (f" (did you mean `{sugg}`?)" if sugg else ""))
        if isinstance(cur, list) and t.isdigit() and int(t) < len(cur):
            cur = cur[int(t)]
            done += "/" + t
            continue
        return f"`{done or '#'}` has no `{t}`"
    if not isinstance(cur, (dict, bool)):
        return f"it points to a {json_type(cur)}, not to a schema"
    return None


DELETE = object()  # an edit of :func:`with_edits` that removes the key


def with_edits(root: dict, edits: list) -> dict:
    """A copy of ``root`` with ``(path, key, new value or DELETE)`` edits applied, copying only the containers on
    the edited paths (``root`` is never changed)."""
    top = dict(root)
    copies: dict[tuple, Any] = {(): top}
    for path, key, new in edits:
        cur = top
        ok = True
        for i, t in enumerate(path):
            sub = path[: i + 1]
            nxt = copies.get(sub)
            if nxt is None:
                try:
                    orig = cur[t]
                except (KeyError, IndexError, TypeError):
                    ok = False
                    break
                if isinstance(orig, dict):
                    nxt = dict(orig)
                elif isinstance(orig, list):
                    nxt = list(orig)
                else:
                    ok = False
                    break
                cur[t] = nxt
                copies[sub] = nxt
            cur = nxt
        if not ok or not isinstance(cur, dict):
            continue
        if new is DELETE:
            cur.pop(key, None)
        else:
            cur[key] = new
    return top


_META_CACHE: dict[str, Any] = {}


def meta_validator(dialect: str):
    if dialect not in _META_CACHE:
        try:
            import jsonschema_rs

            uri = CANONICAL_URI[dialect]
            _META_CACHE[dialect] = jsonschema_rs.validator_for({"$schema": uri, "$ref": uri})
        except Exception:  # noqa: BLE001 - an engine without the metaschema: meta-validation is skipped
            _META_CACHE[dialect] = None
    return _META_CACHE[dialect]


def _value_at(doc: Any, path: tuple) -> Any:
    cur = doc
    for t in path:
        if isinstance(cur, dict) and t in cur:
            cur = cur[t]
        elif isinstance(cur, list) and isinstance(t, int) and t < len(cur):
            cur = cur[t]
        else:
            return None
    return cur


_EXPECT = {
    "nonNegativeInteger": "a non-negative integer",
    "nonNegativeIntegerDefault0": "a non-negative integer",
    "positiveInteger": "a non-negative integer",
    "positiveIntegerDefault0": "a non-negative integer",
    "stringArray": "a list of unique strings",
    "schemaArray": "a non-empty list of schemas",
}


_SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")


def meta_text(path: tuple, kind: str, e, doc: Any, dialect: str) -> tuple[str, str]:
    """(message, help) of one metaschema error ``e`` of kind ``kind`` at ``path`` of ``doc``."""
    value = _value_at(doc, path)
    last = path[-1] if path else None
    parent_kw = path[-2] if len(path) >= 2 else None
    types = list(getattr(e.kind, "types", []) or [])
    is_schema_slot = kind == "type" and set(types) >= {"boolean", "object"} and len(types) == 2
    if parent_kw in _SCHEMA_MAPS and is_schema_slot:
        return _not_a_schema(parent_kw, last, value)
    got = _known_mistake(last, kind, value, dialect)
    if got is not None:
        return got
    label = _label(last, parent_kw)
    spath = [str(x) for x in (e.schema_path or ())]
    expect = next((_EXPECT[x] for x in spath if x in _EXPECT), None)
    if kind == "type":
        if is_schema_slot:
            want = "a schema (a mapping, or true/false)"
        elif expect:
            want = expect
        else:
            want = " or ".join(article(t) for t in types) or "another type"
        return (f"{label} must be {want}, not {json_type(value)} {show(value)}",
                f"Fix the value of {label}.")
    if expect and kind == "minimum":
        return f"{label} must be {expect}, not {show(value)}", f"Fix the value of {label}."
    if kind == "exclusiveMinimum" and last == "multipleOf":
        return f"`multipleOf` must be greater than 0, not {show(value)}", "Use a positive number."
    if kind == "minItems":
        return f"{label} must not be empty", f"List at least one entry, or remove {label}."
    if kind == "uniqueItems":
        return f"{label} has duplicate entries", "Remove the repeated entries."
    return f"{label}: {e.message}", f"Fix the value of {label}."


def _not_a_schema(parent_kw: str, last: Any, value: Any) -> tuple[str, str]:
    msg = f"`{parent_kw}.{last}` must be a schema (a mapping, or true/false), not {show(value)}"
    help = "Give it a schema such as `{type: string, description: ...}`."
    if isinstance(last, str) and last in ALL_KEYWORDS and parent_kw == "properties":
        help = (f"`{last}` is a keyword: it belongs to the object schema itself, not under `properties` "
                "(check the indentation).")
    return msg, help


def _label(last: Any, parent_kw: Any) -> str:
    if last is None:
        return "the schema"
    if isinstance(last, int):
        return f"`{parent_kw}[{last}]`" if parent_kw is not None else f"item {last}"
    if last not in ALL_KEYWORDS and isinstance(parent_kw, str):
        return f"`{parent_kw}.{last}`"  # an entry of a keyword's mapping, e.g. `dependentRequired.a`
    return f"`{last}`"


def _known_mistake(last: Any, kind: str, value: Any, dialect: str) -> tuple[str, str] | None:
    """The words for a mistake users often make: a 2020-12 `items` list, a draft-04 boolean bound, a bad
    `type`."""
    if last == "items" and isinstance(value, list) and dialect == D2020:
        return ("`items` must be a single schema in draft 2020-12, not a list",
                "Write the per-position schemas under `prefixItems` (and `items` for the rest), or declare "
                "`$schema: http://json-schema.org/draft-07/schema#`.")
    if last in ("exclusiveMinimum", "exclusiveMaximum") and isinstance(value, bool):
        other = "minimum" if last == "exclusiveMinimum" else "maximum"
        return (f"`{last}` must be a number since draft-06, not a boolean",
                f"Write `{last}: <bound>` and drop `{other}` (the draft-04 form `{last}: true` next to `{other}` is "
                "no longer valid).")
    if last == "type" and kind == "anyOf":
        if isinstance(value, list):
            if not value:
                return "`type` is an empty list", "List at least one type, or remove `type`."
            seen: set = set()
            for x in value:
                if canon(x) in seen:
                    return f"`type` lists {show(x)} twice", "Remove the repeated type name."
                seen.add(canon(x))
        return (f"`type` must be a type name or a list of type names, not {show(value)}",
                "Use `string`, `number`, `integer`, `boolean`, `array`, `object` or `null` (or a list of them).")
    return None
