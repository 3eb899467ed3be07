"""Fixes of the loader's and the contract format's findings: YAML 1.1 traps (TC003), misspelt keys (TC007).

A YAML 1.1 trap has two readings: the string it looks like and the value YAML 1.1 makes of it. The fix takes
the one the context settles (a `type: string` property's `enum`, a contract key the format says is a string, a
schema keyword the metaschema types), and is then ``safe``: a string is quoted; a value the context expects
(`default: yes` of a boolean) is written as JSON would write it, which changes nothing but the text. Where the
context settles nothing the string is still the likely meaning (nobody writes `yes` in an enum to mean
`true`), so the quote is offered as ``unsafe``.
"""

from __future__ import annotations

import difflib
import json
from importlib import resources
from typing import Any

from ..model.pointer import split_pointer
from .model import SAFE, UNSAFE, Edit, Fix

_PARAMETER_KEYS = ("parameters", "input_schema", "inputSchema", "parametersJsonSchema", "returns", "outputSchema")
# JSON Schema positions whose value is a subschema (walked to find the schema a trap belongs to)
_MAP_KEYS = frozenset(("properties", "patternProperties", "$defs", "definitions", "dependentSchemas"))
_LIST_KEYS = frozenset(("allOf", "anyOf", "oneOf", "prefixItems"))
_ONE_KEYS = frozenset(("items", "additionalProperties", "additionalItems", "not", "if", "then", "else", "contains",
                       "propertyNames", "unevaluatedItems", "unevaluatedProperties", "contentSchema"))
# keyword -> the JSON type its value has in every metaschema (draft 4 to 2020-12)
_KEYWORD_TYPES = {
    **dict.fromkeys(("title", "description", "pattern", "format", "$comment", "$ref", "$id", "$anchor", "$schema",
                     "contentMediaType", "contentEncoding", "$dynamicRef", "$dynamicAnchor"), "string"),
    **dict.fromkeys(("minimum", "maximum", "multipleOf"), "number"),
    **dict.fromkeys(("minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties",
                     "minContains", "maxContains"), "integer"),
    **dict.fromkeys(("uniqueItems", "readOnly", "writeOnly", "deprecated"), "boolean"),
}
_VALUE_KEYWORDS = frozenset(("enum", "const", "default", "examples"))


def _contract_schema() -> dict:
    return json.loads(resources.files("toolcheck").joinpath("data/contract.schema.json").read_text("utf-8"))


_FORMAT: dict | None = None


def _format_type(tokens: list[str]) -> str | None:
    """The JSON type the contract format gives the value at ``tokens`` (below a contract), or None."""
    global _FORMAT
    if _FORMAT is None:
        _FORMAT = _contract_schema()
    defs = _FORMAT["$defs"]
    node: Any = defs["contract"]
    for t in tokens:
        if not isinstance(node, dict):
            return None
        if "$ref" in node:
            node = defs.get(node["$ref"].rsplit("/", 1)[-1], {})
        if node.get("type") == "array" and t.isdigit():
            node = node.get("items", {})
        elif isinstance(node.get("properties"), dict) and t in node["properties"]:
            node = node["properties"][t]
        else:
            return None
    if not isinstance(node, dict):
        return None
    t = node.get("type")
    if isinstance(t, str):
        return t
    enum = node.get("enum")
    if isinstance(enum, list) and enum and all(isinstance(x, str) for x in enum):
        return "string"
    return None


def _contract_of(doc: Any, tokens: list[str]) -> tuple[Any, list[str]] | None:
    """(the contract holding the node at ``tokens``, the tokens below it) in a contract file."""
    if isinstance(doc, dict) and "tools" in doc and "name" not in doc:
        if len(tokens) >= 2 and tokens[0] == "tools" and tokens[1].isdigit() and isinstance(doc["tools"], list):
            i = int(tokens[1])
            return (doc["tools"][i], tokens[2:]) if i < len(doc["tools"]) else None
        return None
    if isinstance(doc, dict):
        return doc, tokens
    if isinstance(doc, list) and tokens and tokens[0].isdigit() and int(tokens[0]) < len(doc):
        return doc[int(tokens[0])], tokens[1:]
    return None


def _schema_position(schema: Any, path: list[str]) -> tuple[dict, str, list[str]] | None:
    """(the schema, the keyword, the tokens inside the keyword's value) that ``path`` names inside ``schema``."""
    node = schema
    i = 0
    while i < len(path) and isinstance(node, dict):
        t = path[i]
        if t in _MAP_KEYS and isinstance(node.get(t), dict) and i + 1 < len(path):
            node = node[t].get(path[i + 1])
            i += 2
        elif t in _LIST_KEYS and isinstance(node.get(t), list) and i + 1 < len(path) and path[i + 1].isdigit():
            lst = node[t]
            k = int(path[i + 1])
            node = lst[k] if k < len(lst) else None
            i += 2
        elif t == "items" and isinstance(node.get(t), list) and i + 1 < len(path) and path[i + 1].isdigit():
            k = int(path[i + 1])
            node = node[t][k] if k < len(node[t]) else None
            i += 2
        elif t in _ONE_KEYS and isinstance(node.get(t), dict):
            node = node[t]
            i += 1
        else:
            return node, t, path[i + 1:]
    return None


def _one_type(schema: dict) -> str | None:
    t = schema.get("type")
    if isinstance(t, str):
        return t
    if isinstance(t, list):
        named = [x for x in t if x != "null"]
        if len(named) == 1 and isinstance(named[0], str):
            return named[0]
    return None


def expected_type(doc: Any, pointer: str, role: str = "contracts") -> str | None:
    """The JSON type the context gives the value at ``pointer`` of a contract file, or None when it says nothing:
    the contract format's own keys (`version` is a string), the metaschema's keywords (`description` is a string,
    `minimum` a number, `required` lists strings), and the `enum`/`const`/`default`/`examples` of a schema with
    one `type`."""
    if role != "contracts":
        return None
    tokens = split_pointer(pointer)
    found = _contract_of(doc, tokens)
    if found is None or not isinstance(found[0], dict) or not found[1]:
        return None
    contract, rest = found
    if rest[0] not in _PARAMETER_KEYS:
        return _format_type(rest)
    pos = _schema_position(contract.get(rest[0]), rest[1:])
    if pos is None:
        return None
    owner, keyword, inside = pos
    if keyword in _VALUE_KEYWORDS:
        if (keyword in ("enum", "examples") and len(inside) == 1) or (keyword in ("const", "default") and not inside):
            return _one_type(owner)
        return None
    if keyword == "required" and len(inside) == 1:
        return "string"
    if not inside:
        return _KEYWORD_TYPES.get(keyword)
    return None


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if value is None:
        return "null"
    return "string" if isinstance(value, str) else "object"


def _fits(expected: str, value: Any) -> bool:
    got = _json_type(value)
    return got == expected or (expected == "number" and got == "integer") or (
        expected == "integer" and isinstance(value, float) and value.is_integer())


def _as_json(value: Any) -> str:
    return json.dumps(value)


def trap_fix(doc: Any, items: list[tuple[str, str, Any, bool]], role: str = "contracts") -> Fix | None:
    """The fix of one TC003 finding: ``items`` are (pointer, text as written, the YAML 1.1 value, whether YAML 1.1
    kept it a string) of the scalars it reports (several for `enum: [yes, no]`)."""
    edits: list[Edit] = []
    sure = True
    quoted: list[str] = []
    written: list[str] = []
    for ptr, text, value, is_string in items:
        expected = expected_type(doc, ptr, role)
        if is_string:  # `1e-5`: YAML 1.1 keeps a string, JSON and YAML 1.2 read a number
            number = float(text)
            if expected in ("number", "integer"):
                edits.append(Edit("replace", ptr, number))
                written.append(f"`{text}` as the number {_as_json(number)}")
                continue
            sure = sure and expected == "string"
        elif expected is not None and expected != "string" and _fits(expected, value):
            edits.append(Edit("replace", ptr, value))
            written.append(f"`{text}` as {_as_json(value)}")
            continue
        else:
            sure = sure and expected == "string"
        edits.append(Edit("quote", ptr, text))
        quoted.append(f"`{text}`")
    if not edits:
        return None
    parts = ([f"Quote {', '.join(quoted)}"] if quoted else []) + ([f"write {', '.join(written)}"] if written else [])
    title = "; ".join(parts)
    return Fix(title[:1].upper() + title[1:], SAFE if sure else UNSAFE, tuple(edits))


def unique_suggestion(word: str, choices, cutoff: float = 0.75) -> str | None:
    """The one known name ``word`` is a misspelling of: the same name in another case, or the only candidate as
    close as ``cutoff`` (two candidates that close: no suggestion is sure)."""
    choices = list(choices)
    folded = [c for c in choices if c.lower() == word.lower() and c != word]
    if len(folded) == 1:
        return folded[0]
    close = difflib.get_close_matches(word, choices, n=2, cutoff=cutoff)
    if not close:
        close = [c for c in choices if c.lower() in difflib.get_close_matches(word.lower(),
                                                                              [x.lower() for x in choices],
                                                                              n=2, cutoff=cutoff)]
    return close[0] if len(close) == 1 else None


def rename_key_fix(mapping: Any, pointer: str, key: str, choices, applicability: str = SAFE,
                   cutoff: float = 0.75) -> Fix | None:
    """Rename the misspelt key at ``pointer`` (an entry of ``mapping``) to the one known key it resembles; None when
    no single key is close, when that key is already there, or for `x-` extension keys."""
    if not isinstance(mapping, dict) or key.startswith("x-"):
        return None
    new = unique_suggestion(key, choices, cutoff)
    if new is None or new in mapping:
        return None
    return Fix(f"Rename `{key}` to `{new}`", applicability, (Edit("rename", pointer, new),))
