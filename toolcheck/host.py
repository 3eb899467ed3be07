"""The host side of a contract: argument checks and the messages a model reads (TC3 replays them).

``check_arguments(contract, arguments)`` validates one tool call's arguments against the contract's parameter
schema and returns a structured, machine-readable result a host can hand straight back to the model::

    {"ok": true}
    {"ok": false, "error": {"code": "VALIDATION_ERROR", "retryable": false,
                            "message": "ticket_id is required; budget must be a number, got the string \\"10\\"",
                            "errors": [{"pointer": "/ticket_id", "keyword": "required",
                                        "message": "ticket_id is required"}, ...]}}
    {"ok": false, "error": {"code": "JSON_SYNTAX_ERROR", "retryable": false, "message": "..."}}

Messages name properties and constraints (a type, a limit, the allowed values, a pattern) and never echo a long
value or dump a piece of the schema. There is **no type coercion**: ``"10"`` is not an integer. Tool arguments
are always a JSON object, whatever the schema says. ``format`` is an annotation (draft 2020-12 default), not
asserted.

The same descriptions serve the sample replay rules (TC3, :mod:`toolcheck.rules.tc3_samples`), so what
``toolcheck validate`` reports for a recorded call is what a host would hand back to the model for it.

This module imports only the standard library and toolcheck core modules at the top level; the validator
(jsonschema-rs, via :mod:`toolcheck.schemaval`) is imported when the first schema is compiled.
"""

from __future__ import annotations

import json
import os
import re
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from .model.jsontypes import json_type
from .model.pointer import escape_pointer_token, split_pointer

if TYPE_CHECKING:
    from .api import ArgumentCheck
    from .contract import Contract

__all__ = ["check_arguments", "run_check_args", "describe_errors", "compiled_for", "parse_arguments"]

PARAMETER_KEYS = ("parameters", "input_schema", "inputSchema", "parametersJsonSchema")
# top-level keys that say "this mapping is a JSON Schema", not a contract
_SCHEMA_HINTS = ("type", "properties", "$schema", "$ref", "$defs", "definitions", "anyOf", "oneOf", "allOf",
                 "enum", "const", "required", "items", "additionalProperties", "not", "if")

MAX_SHOWN = 32  # longest string/number echoed back in a message
MAX_NAME = 64  # longest property name shown
MAX_OPTIONS = 10  # enum values listed in full
MAX_MESSAGES = 3  # errors joined into the summary message

_TYPE_WORDS = {
    "string": "a string",
    "integer": "an integer",
    "number": "a number",
    "boolean": "a boolean",
    "object": "an object",
    "array": "an array",
    "null": "null",
}
_PLAIN_NAME = re.compile(r"^[^\s.\[\]\"'\\]{1," + str(MAX_NAME) + "}$")


class _Missing:
    pass


_MISSING = _Missing()


# ----------------------------------------------------------------------------------------------- values in words

def _short(text: str, limit: int = MAX_SHOWN) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _json(v: Any) -> str:
    try:
        return json.dumps(v, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(v)


def got(v: Any) -> str:
    """'the string "10"', 'the number 3.5', 'an array of 2 items': what a value is, never a long echo."""
    if v is None:
        return "null"
    if isinstance(v, bool):
        return f"the boolean {'true' if v else 'false'}"
    if isinstance(v, (int, float)):
        s = _json(v)
        return f"the number {s}" if len(s) <= MAX_SHOWN else "a number"
    if isinstance(v, str):
        if len(v) <= MAX_SHOWN and v.isprintable():
            return f"the string {_json(v)}"
        return f"a string of {len(v)} characters"
    if isinstance(v, (list, tuple)):
        return f"an array of {len(v)} item{'' if len(v) == 1 else 's'}"
    if isinstance(v, dict):
        return "an object"
    return f"a {type(v).__name__} value"


def _literal(v: Any) -> str | None:
    """A short rendering of an allowed value (enum option, const, limit); None when too long to show."""
    if isinstance(v, str):
        return v if len(v) <= MAX_SHOWN and v.isprintable() and v.strip() == v and v else _short(_json(v))
    s = _json(v)
    return s if len(s) <= MAX_SHOWN else None


def _quoted(v: Any) -> str:
    s = _json(v) if isinstance(v, str) else _literal(v) or "the fixed value"
    return _short(s, MAX_SHOWN + 2)


def _types(t: Any) -> str | None:
    names = [t] if isinstance(t, str) else t if isinstance(t, list) else None
    if not names or not all(isinstance(n, str) for n in names):
        return None
    words = [_TYPE_WORDS.get(n, n) for n in names]
    if "number" in names and "integer" in names:
        words.remove(_TYPE_WORDS["integer"])
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _token_name(token: str) -> str:
    return token if _PLAIN_NAME.match(token) else f"[{_short(_json(token), MAX_NAME)}]"


def display_name(pointer: str, instance: Any) -> str:
    """`budget`, `shipping.city`, `items[0].qty`; the root is `arguments`."""
    tokens = split_pointer(pointer)
    if not tokens:
        return "arguments"
    out = ""
    cur = instance
    for t in tokens:
        if isinstance(cur, (list, tuple)) and t.isdigit():
            out += f"[{t}]"
            cur = cur[int(t)] if int(t) < len(cur) else None
            continue
        name = _token_name(t)
        out += name if (not out or name.startswith("[")) else "." + name
        cur = cur.get(t) if isinstance(cur, dict) else None
    return out


def _value_at(instance: Any, pointer: str) -> Any:
    cur = instance
    for t in split_pointer(pointer):
        if isinstance(cur, dict) and t in cur:
            cur = cur[t]
        elif isinstance(cur, (list, tuple)) and t.isdigit() and int(t) < len(cur):
            cur = cur[int(t)]
        else:
            return _MISSING
    return cur


def _schema_at(schema: Any, path: tuple) -> Any:
    cur = schema
    for t in path:
        if isinstance(cur, dict) and t in cur:
            cur = cur[t]
        elif isinstance(cur, list) and isinstance(t, int) and 0 <= t < len(cur):
            cur = cur[t]
        elif isinstance(cur, list) and isinstance(t, str) and t.isdigit() and int(t) < len(cur):
            cur = cur[int(t)]
        else:
            return _MISSING
    return cur


def _child(pointer: str, name: Any) -> str:
    return pointer + "/" + escape_pointer_token(str(name))


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# ----------------------------------------------------------------------------------------------- errors in words

def describe_errors(schema: Any, instance: Any, verrors: list) -> list[dict[str, Any]]:
    """Turn validator errors (:class:`toolcheck.schemaval.VError`) into readable records.

    Each record: ``pointer`` (where the problem is; for ``required`` the missing property's would-be location,
    for an unexpected property the property itself), ``at`` (the validator's instance location), ``keyword``
    (the JSON Schema keyword that failed), ``keywords`` (every name the error answers to, for ``expect``
    matching) and ``message``.
    """
    out: list[dict[str, Any]] = []
    for e in verrors:
        out.extend(_describe(schema, instance, e))
    return out


def _describe(schema: Any, instance: Any, e: Any) -> list[dict[str, Any]]:
    """The records of one validator error: one per missing or unexpected property, else one."""
    kind = e.keyword
    path = tuple(e.schema_path)
    last = path[-1] if path and isinstance(path[-1], str) else None
    kv = _schema_at(schema, path) if path else _MISSING
    at = e.pointer
    v = _value_at(instance, at)
    name = display_name(at, instance)
    keyword = _keyword_of(kind, last)
    keywords = {kind, keyword} | ({last} if last else set())
    if kind == "required":
        return [_record(msg, ptr, at, keyword, keywords)
                for msg, ptr in _missing_messages(e.extra, keyword, name, kv, v, at, instance)]
    if kind in ("additionalProperties", "unevaluatedProperties"):
        names = list(e.extra or [])
        if not names:
            return [_record(f"{name} has properties that are not allowed", at, at, keyword, keywords)]
        where = "" if not at else f" in {name}"
        return [_record(f"unexpected property {_short(_json(str(n)), MAX_NAME)}{where}", _child(at, n), at, keyword,
                        keywords) for n in names]
    return [_record(_message(kind, keyword, name, v, kv, at, instance, e.message), at, at, keyword, keywords)]


def _keyword_of(kind: str, last: str | None) -> str:
    """The keyword a record names: the validator's kind, or the keyword at the end of the schema path that it
    stands for (``dependentRequired`` reported as ``required``, ``minContains``/``maxContains`` as ``contains``)."""
    if kind == "required" and last == "dependentRequired":
        return "dependentRequired"
    if kind == "contains" and last in ("minContains", "maxContains"):
        return last
    return kind


def _record(message: str, pointer: str, at: str, kw: str, keywords: set[str]) -> dict[str, Any]:
    """One readable error record (the shape :func:`describe_errors` documents)."""
    return {"pointer": pointer, "at": at, "keyword": kw, "keywords": sorted(keywords | {kw}), "message": message}


def _missing_messages(missing_names: Any, keyword: str, name: str, kv: Any, v: Any, at: str,
                      instance: Any) -> list[tuple[str, str]]:
    """(message, pointer) for each missing required property; with ``dependentRequired``, the property that
    required it."""
    res = []
    for missing in missing_names or [None]:
        if missing is None:
            res.append((f"{name} is missing a required property", at))
            continue
        ptr = _child(at, missing)
        msg = f"{display_name(ptr, instance)} is required"
        if keyword == "dependentRequired" and isinstance(kv, dict) and isinstance(v, dict):
            because = [k for k, req in kv.items() if k in v and isinstance(req, list) and missing in req]
            if because:
                msg += f" when {display_name(_child(at, because[0]), instance)} is given"
        res.append((msg, ptr))
    return res


_BOUNDS = {
    "minimum": "at least", "maximum": "at most",
    "exclusiveMinimum": "greater than", "exclusiveMaximum": "less than",
}
_SIZES = {
    "minLength": ("at least", "character"), "maxLength": ("at most", "character"),
    "minItems": ("at least", "item"), "maxItems": ("at most", "item"),
    "minProperties": ("at least", "property"), "maxProperties": ("at most", "property"),
}


def _msg_type(kind: str, keyword: str, name: str, v: Any, kv: Any, at: str, instance: Any, raw: str) -> str:
    if raw.startswith("value cannot be validated"):  # schemaval: not JSON data, or too deep
        return f"{name} cannot be validated: it holds a value that is not plain JSON data, or is nested too deeply"
    t = _types(kv) if kv is not _MISSING else _types_from_message(raw)
    return f"{name} must be {t}, got {got(v)}" if t else f"{name} has the wrong type: got {got(v)}"


def _msg_enum(kind: str, keyword: str, name: str, v: Any, kv: Any, at: str, instance: Any, raw: str) -> str:
    if kv is not _MISSING and isinstance(kv, list) and kv:
        shown = [_literal(o) for o in kv]
        if len(kv) <= MAX_OPTIONS and all(s is not None for s in shown):
            allowed = f"one of: {', '.join(s for s in shown if s is not None)}"
        else:
            eg = ", ".join(s for s in shown[:5] if s is not None)
            allowed = f"one of {len(kv)} allowed values" + (f" (e.g. {eg})" if eg else "")
        return f"{name} must be {allowed}, got {got(v)}"
    return f"{name} is not one of the allowed values, got {got(v)}"


def _msg_const(kind: str, keyword: str, name: str, v: Any, kv: Any, at: str, instance: Any, raw: str) -> str:
    return f"{name} must be {_quoted(kv)}, got {got(v)}" if kv is not _MISSING else f"{name} must be the fixed value"


def _msg_bound(kind: str, keyword: str, name: str, v: Any, kv: Any, at: str, instance: Any, raw: str) -> str:
    lim = _literal(kv) if kv is not _MISSING else None
    return f"{name} must be {_BOUNDS[kind]} {lim}, got {got(v)}" if lim else f"{name} is out of range"


def _msg_size(kind: str, keyword: str, name: str, v: Any, kv: Any, at: str, instance: Any, raw: str) -> str:
    how, unit = _SIZES[kind]
    n = len(v) if isinstance(v, (str, list, tuple, dict)) else None
    lim = kv if isinstance(kv, (int, float)) and not isinstance(kv, bool) else None
    plural = "properties" if unit == "property" else unit + "s"
    verb = "be" if unit == "character" else "have"
    tail = "" if n is None else f", got {n}"
    if lim is None:
        return f"{name} has too {'few' if how == 'at least' else 'many'} {plural}{tail}"
    lim_s = _json(int(lim) if isinstance(lim, float) and lim.is_integer() else lim)
    if len(lim_s) > MAX_SHOWN:  # a bound of 400 digits is not worth echoing
        return f"{name} has too {'few' if how == 'at least' else 'many'} {plural}{tail}"
    unit_s = unit if lim == 1 else plural
    long = " long" if unit == "character" else ""
    return f"{name} must {verb} {how} {lim_s} {unit_s}{long}{tail}"


def _msg_pattern(kind: str, keyword: str, name: str, v: Any, kv: Any, at: str, instance: Any, raw: str) -> str:
    if raw.startswith("Error executing regex") or "backtracking" in raw and not raw.startswith('"'):
        return f"{name} could not be checked against its pattern (the regex engine reached its backtracking limit)"
    pat = kv if isinstance(kv, str) and len(kv) <= 120 else None
    show = f", got {got(v)}" if isinstance(v, str) and len(v) <= MAX_SHOWN else ""
    return f"{name} must match the pattern {pat}{show}" if pat else f"{name} does not match the required pattern"


def _msg_format(kind: str, keyword: str, name: str, v: Any, kv: Any, at: str, instance: Any, raw: str) -> str:
    fmt = kv if isinstance(kv, str) and len(kv) <= 40 else "value of the declared format"
    return f"{name} must be a valid {fmt}, got {got(v)}"


def _msg_multiple(kind: str, keyword: str, name: str, v: Any, kv: Any, at: str, instance: Any, raw: str) -> str:
    lim = _literal(kv) if kv is not _MISSING else None
    return f"{name} must be a multiple of {lim}, got {got(v)}" if lim else f"{name} is not an allowed multiple"


def _msg_unique(kind: str, keyword: str, name: str, v: Any, kv: Any, at: str, instance: Any, raw: str) -> str:
    return f"{name} must not contain duplicate items"


def _msg_contains(kind: str, keyword: str, name: str, v: Any, kv: Any, at: str, instance: Any, raw: str) -> str:
    if keyword in ("minContains", "maxContains") and isinstance(kv, int) and len(_json(kv)) <= MAX_SHOWN:
        how = "at least" if keyword == "minContains" else "at most"
        return f"{name} must contain {how} {_count(kv, 'matching item')}"
    return f"{name} must contain at least one matching item"


def _branch_types(kv: Any) -> list[str]:
    """The JSON types the alternatives in `kv` declare, in order, without repeats."""
    ts: list[str] = []
    for b in kv:
        for t in ([b["type"]] if isinstance(b["type"], str) else b["type"] if isinstance(b["type"], list) else []):
            if isinstance(t, str) and t not in ts:
                ts.append(t)
    return ts


def _msg_alternatives(kind: str, keyword: str, name: str, v: Any, kv: Any, at: str, instance: Any, raw: str) -> str:
    if "more than one" in raw:
        return f"{name} matches more than one of the alternatives; it must match exactly one"
    if isinstance(kv, list) and kv and all(isinstance(b, dict) and "type" in b for b in kv):
        ts = _branch_types(kv)
        if ts and json_type(v) not in ts and not (json_type(v) == "integer" and "number" in ts):
            t_words = _types(ts)
            if t_words:
                return f"{name} must be {t_words}, got {got(v)}"
    return f"{name} does not match any of the allowed alternatives, got {got(v)}"


def _msg_not(kind: str, keyword: str, name: str, v: Any, kv: Any, at: str, instance: Any, raw: str) -> str:
    return f"{name} has a value that is not allowed here, got {got(v)}"


def _msg_false_schema(kind: str, keyword: str, name: str, v: Any, kv: Any, at: str, instance: Any, raw: str) -> str:
    tokens = split_pointer(at)
    parent_ptr = "".join("/" + escape_pointer_token(t) for t in tokens[:-1])
    parent = _value_at(instance, parent_ptr)
    if tokens and isinstance(parent, dict):
        where = f" in {display_name(parent_ptr, instance)}" if parent_ptr else ""
        return f"unexpected property {_short(_json(tokens[-1]), MAX_NAME)}{where}"
    if tokens and isinstance(parent, (list, tuple)):
        return f"{display_name(parent_ptr, instance)} has too many items"
    return f"{name} is not allowed"


def _msg_property_names(kind: str, keyword: str, name: str, v: Any, kv: Any, at: str, instance: Any, raw: str) -> str:
    bad = _leading_string(raw)
    if isinstance(v, dict) and bad in v:
        where = f" in {name}" if at else ""
        return f"property name {_short(_json(bad), MAX_NAME)} is not allowed{where}"
    return f"{name} has a property name that is not allowed"


_MESSAGES: dict[str, Callable[..., str]] = {
    "type": _msg_type, "enum": _msg_enum, "const": _msg_const,
    **dict.fromkeys(_BOUNDS, _msg_bound), **dict.fromkeys(_SIZES, _msg_size),
    "pattern": _msg_pattern, "format": _msg_format, "multipleOf": _msg_multiple,
    "uniqueItems": _msg_unique, "contains": _msg_contains,
    "anyOf": _msg_alternatives, "oneOf": _msg_alternatives,
    "not": _msg_not, "falseSchema": _msg_false_schema, "propertyNames": _msg_property_names,
}


def _message(kind: str, keyword: str, name: str, v: Any, kv: Any, at: str, instance: Any, raw: str) -> str:
    build = _MESSAGES.get(kind)
    if build is None:
        return f"{name} is not valid ({keyword})"
    return build(kind, keyword, name, v, kv, at, instance, raw)


def _leading_string(raw: str) -> str | None:
    """The JSON string a validator message starts with (jsonschema-rs quotes the instance first)."""
    if not raw.startswith('"'):
        return None
    try:
        value, _ = json.JSONDecoder().raw_decode(raw)
    except ValueError:
        return None
    return value if isinstance(value, str) else None


def _types_from_message(raw: str) -> str | None:
    m = re.search(r"is not of types? (.+)$", raw)
    if not m:
        return None
    names = re.findall(r'"([a-z]+)"', m.group(1))
    return _types(names) if names else None


# ----------------------------------------------------------------------------------------------- validation

_LRU: OrderedDict[str, Any] = OrderedDict()
_LRU_SIZE = 256


def compiled_for(schema: Any, cache: dict | None = None) -> Any:
    """One compiled validator per schema (``None`` when it does not compile: TC1 reports that).

    With ``cache`` (the engine's ``ctx.cache``) the key is ``id(schema)`` — schemas do not change during a run.
    Without it (a host calling :func:`check_arguments`), a small LRU keyed by the schema's canonical JSON.
    """
    from .schemaval import SchemaCompileError, compile_schema

    if cache is not None:
        key = ("schemaval.compiled", id(schema))
        if key not in cache:
            try:
                cache[key] = compile_schema(schema)
            except SchemaCompileError:
                cache[key] = None
            except (RecursionError, ValueError, TypeError, OverflowError):
                cache[key] = None
        return cache[key]
    try:
        text = json.dumps(schema, sort_keys=True, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        text = None
    if text is not None and text in _LRU:
        _LRU.move_to_end(text)
        return _LRU[text]
    try:
        c = compile_schema(schema)
    except (SchemaCompileError, RecursionError, ValueError, TypeError, OverflowError):
        c = None
    if text is not None:
        _LRU[text] = c
        if len(_LRU) > _LRU_SIZE:
            _LRU.popitem(last=False)
    return c


def validate(compiled: Any, schema: Any, instance: Any) -> list[dict[str, Any]]:
    """Readable errors of ``instance`` (tool arguments) under ``schema``; [] when valid.

    Arguments are always an object: anything else is one ``type`` error at the root, whatever the schema says.
    """
    if not isinstance(instance, dict):
        return [{"pointer": "", "at": "", "keyword": "type", "keywords": ["type"],
                 "message": f"arguments must be an object, got {got(instance)}"}]
    if compiled.is_valid(instance):
        return []
    errors = describe_errors(schema, instance, compiled.errors(instance))
    errors.sort(key=lambda e: _PRIORITY.get(e["keyword"], 2))  # stable: missing and unexpected first
    return errors


_PRIORITY = {"required": 0, "dependentRequired": 0, "additionalProperties": 1, "unevaluatedProperties": 1}


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


class _DuplicateKey(ValueError):
    pass


def _no_duplicates(pairs: list) -> dict:
    d = dict(pairs)
    if len(d) != len(pairs):
        seen: set = set()
        for k, _ in pairs:
            if k in seen:
                raise _DuplicateKey(f"duplicate key {_short(_json(k), MAX_NAME)} (JSON parsers differ on which "
                                    "one counts)")
            seen.add(k)
    return d


def _finite(literal: str) -> float:
    v = float(literal)
    if v in (float("inf"), float("-inf")):
        raise ValueError(f"the number {_short(literal)} is out of range (it would become Infinity)")
    return v


def parse_arguments(text: str | bytes) -> tuple[Any, str | None]:
    """(value, None) or (None, 'JSON syntax error at line L, column C: <reason>').

    Stricter than ``json.loads`` where parsers disagree, so that a host and the tool never read one call two
    ways: a repeated key, a number too large for a double (``1e400``), NaN/Infinity and text that is not UTF-8
    are syntax errors, for a ``str`` and for ``bytes`` alike."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            return None, f"arguments are not UTF-8 (byte {e.start})"
    elif isinstance(text, str):
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as e:  # undecodable bytes of a command line, or a lone surrogate character
            return None, f"arguments are not UTF-8 (character {e.start})"
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite,
                          object_pairs_hook=_no_duplicates), None
    except _DuplicateKey as e:
        return None, f"JSON syntax error: {e}"
    except json.JSONDecodeError as e:
        where = f"column {e.colno}" if e.lineno == 1 else f"line {e.lineno}, column {e.colno}"
        return None, f"JSON syntax error at {where}: {e.msg}"
    except RecursionError:
        return None, "JSON syntax error: nesting is too deep to read"
    except ValueError as e:
        msg = str(e).splitlines()[0] if str(e) else "invalid JSON"
        if "digits" in msg:
            msg = "an integer literal is too long"
        return None, f"JSON syntax error: {msg}"


def _schema_of(contract: Any) -> tuple[Any, str | None]:
    """(parameter schema, tool name) of a Contract, a contract mapping, or a bare JSON Schema."""
    from . import loading  # noqa: F401 - importing `contract` first is a circular import; `loading` first is not
    from .contract import Contract

    if isinstance(contract, Contract):
        return (contract.parameters if contract.parameters_key else {"type": "object"}), contract.name
    if isinstance(contract, bool):
        return contract, None
    if not isinstance(contract, dict):
        raise TypeError("contract must be a toolcheck Contract, a contract mapping or a JSON Schema, "
                        f"not {type(contract).__name__}")
    fn = contract.get("function")
    if contract.get("type") == "function" and isinstance(fn, dict) and isinstance(fn.get("name"), str):
        return _schema_of(fn)  # an OpenAI Chat Completions tool
    name = contract.get("name") if isinstance(contract.get("name"), str) else None
    for k in PARAMETER_KEYS:
        if k in contract:
            return contract[k], name
    if name is not None and not any(k in contract for k in _SCHEMA_HINTS):
        return {"type": "object"}, name  # a contract that takes no parameters
    return contract, None


def _failure(code: str, message: str, errors: list[dict[str, Any]] | None = None) -> Any:
    from .masking import mask

    err: dict[str, Any] = {"code": code, "retryable": False, "message": mask(message)}
    if errors is not None:
        err["errors"] = [{"pointer": e["pointer"], "keyword": e["keyword"], "message": mask(e["message"])}
                         for e in errors]
    return {"ok": False, "error": err}


def summary_message(errors: list[dict[str, Any]]) -> str:
    msgs = [e["message"] for e in errors[:MAX_MESSAGES]]
    more = len(errors) - MAX_MESSAGES
    return "; ".join(msgs) + (f" (and {more} more)" if more > 0 else "")


def check_arguments(contract: Contract | Mapping[str, Any] | bool, arguments: Any, *,
                    target: str | None = None) -> ArgumentCheck:
    """Validate one tool call's ``arguments`` (a dict, or the JSON string a model sent) against ``contract``.

    >>> from toolcheck import check_arguments
    >>> tool = {"name": "get_weather", "parameters": {"type": "object", "required": ["city"],
    ...         "properties": {"city": {"type": "string"}, "days": {"type": "integer", "minimum": 1}}}}
    >>> check_arguments(tool, {"city": "Oslo", "days": 3})
    {'ok': True}
    >>> check_arguments(tool, '{"days": 0}')["error"]["message"]
    'city is required; days must be at least 1, got the number 0'
    >>> check_arguments(tool, '{"city": ')["error"]["code"]
    'JSON_SYNTAX_ERROR'

    ``contract`` is a :class:`toolcheck.contract.Contract`, a contract mapping (``name`` and ``parameters``, or
    an alias: ``input_schema``, ``inputSchema``, ``parametersJsonSchema``; an OpenAI ``{"type": "function",
    "function": {...}}`` tool also works) or a bare JSON Schema. Returns ``{"ok": True}`` or
    ``{"ok": False, "error": {...}}`` with ``code`` ``VALIDATION_ERROR`` (with ``errors``), ``JSON_SYNTAX_ERROR``
    (the string is not JSON) or ``SCHEMA_ERROR`` (the contract's own schema cannot be compiled: a contract bug,
    run ``toolcheck validate``). Never raises on bad arguments; raises ``TypeError`` for a ``contract`` of the
    wrong kind and ``ValueError`` for an unknown ``target`` (programming errors).

    ``target`` names the vendor target the tool was sent to through ``toolcheck export`` (e.g.
    ``"openai-strict"``). Under a strict target the model sends ``null`` for a property the contract leaves
    optional (the export made it required and nullable): such a ``null`` means "absent" and is removed, where the
    contract's own schema for that property does not accept ``null``. Validation is always against the contract,
    so every constraint the export had to drop (``minLength``, bounds, ...) is still enforced. With a target, a
    valid call's result carries the arguments to run: ``{"ok": True, "arguments": {...}}`` (normalised).
    """
    strict = _strict(target) if target is not None else False
    schema, _name = _schema_of(contract)
    if isinstance(arguments, (str, bytes, bytearray)):
        arguments, err = parse_arguments(arguments)
        if err is not None:
            return _failure("JSON_SYNTAX_ERROR", f"arguments are not valid JSON: {err}")
    if not isinstance(schema, (dict, bool)):
        return _failure("SCHEMA_ERROR", "the tool's parameter schema is not a JSON Schema; "
                                        "run `toolcheck validate` on its contract")
    compiled = compiled_for(schema)
    if compiled is None:
        return _failure("SCHEMA_ERROR", "the tool's parameter schema cannot be compiled; "
                                        "run `toolcheck validate` on its contract")
    errors = validate(compiled, schema, arguments)
    if not errors:
        return {"ok": True} if target is None else {"ok": True, "arguments": arguments}
    if strict and isinstance(arguments, dict):
        from .strict_nulls import absent_nulls

        normal = absent_nulls(schema, arguments)
        if normal is not arguments:
            errors = validate(compiled, schema, normal)
            if not errors:
                return {"ok": True, "arguments": normal}
    return _failure("VALIDATION_ERROR", summary_message(errors), errors)


# ----------------------------------------------------------------------------------------------- strict targets

def _strict(target: str) -> bool:
    from .vendors.targets import TARGETS, is_strict

    if not isinstance(target, str) or target.split("@", 1)[0] not in TARGETS:
        raise ValueError(f"unknown target {target!r} (choose from {', '.join(TARGETS)})")
    return is_strict(target)


# ----------------------------------------------------------------------------------------------- CLI entry

def run_check_args(tool: str, args_text: str, contracts_path: str | None = None,
                   config_path: str | None = None, target: str | None = None) -> tuple[int, dict[str, Any]]:
    """`toolcheck check-args TOOL ARGS`: (exit code, result to print as JSON).

    Contracts come from ``contracts_path`` (a file or folder) or the configured ``paths`` (default
    ``contracts/``). Exit 0 valid; 1 ``VALIDATION_ERROR`` / ``JSON_SYNTAX_ERROR``; 2 ``UNKNOWN_TOOL``,
    ``SCHEMA_ERROR`` or ``CONFIG_ERROR`` (an unreadable config or a path that does not exist).
    """
    from .config import ConfigError

    if target is not None:
        try:
            _strict(target)
        except ValueError as e:
            return 2, _failure("CONFIG_ERROR", str(e))
    try:
        contracts = _load_contracts(contracts_path, config_path)
    except ConfigError as e:
        return 2, _failure("CONFIG_ERROR", str(e))
    named = [c for c in contracts if c.name == tool]
    if not named:
        from .suggest import did_you_mean

        names = sorted({c.name for c in contracts if c.name})
        hint = did_you_mean(tool, names)
        where = f" ({len(names)} tool{'s' if len(names) != 1 else ''} loaded)" if names else " (no contracts were found)"
        return 2, _failure("UNKNOWN_TOOL", f"unknown tool {_short(_json(tool), MAX_NAME)}{hint}{where}")
    result = check_arguments(named[0], args_text, target=target)
    if result["ok"]:
        return 0, result
    return (2 if result["error"]["code"] == "SCHEMA_ERROR" else 1), result


def _load_contracts(contracts_path: str | None, config_path: str | None) -> list:
    from .config import ConfigError, find_config, limits_from, read_config
    from .discovery import discover
    from .loading import load_file

    cwd = os.getcwd()
    if config_path is not None:
        if not os.path.isfile(config_path):
            raise ConfigError(f"config file not found: {config_path}")
        cfg_path: str | None = config_path
    else:
        cfg_path = find_config(cwd)
    cfg = read_config(cfg_path) if cfg_path else {}
    root = os.path.dirname(os.path.abspath(cfg_path)) if cfg_path else cwd
    cli_paths = (contracts_path,) if contracts_path else ()
    inputs, _context = discover(cli_paths, tuple(cfg.get("paths", ())), root, cwd, tuple(cfg.get("exclude", ())),
                                cfg.get("samples", "samples"), want_samples=False)
    limits = limits_from(cfg)
    contracts = []
    for i in inputs:
        if i.role != "contracts" and not contracts_path:
            continue
        contracts.extend(load_file(i.abspath, i.display, limits, role="contracts").contracts)
    return contracts
