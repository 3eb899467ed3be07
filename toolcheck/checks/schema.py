"""TC1: JSON Schema validity of a contract's `parameters` and `returns` (any alias).

One analysis per schema, shared by every TC1 rule through ``ctx.cache``: a single iterative walk over the
subschemas (keyword-aware: names under ``properties``/``$defs`` and values under ``enum``/``default`` are data,
never keywords), the checks users actually get wrong (type names, unknown keywords, ``required``, contradictions,
``$ref``, ECMA-262 patterns, formats), then meta-validation against the dialect the schema declares.

One problem, one owner: what a dedicated rule reports (a bad type name, ``required: true`` on a property, a
duplicate ``required`` entry) is removed from a copy of the schema before meta-validation, so the metaschema
does not report it again in its own words. Meta-validation uses jsonschema-rs (compiled once per dialect per
process): ~10 µs per valid schema. Every rule is a ``set``-scope lookup into the run's cached analysis
(:func:`run_index`), so ``--select``/``--ignore`` of any TC1 code leaves the others intact and the rules cost one
walk per schema together. Other families may call :func:`analysis` for one contract.

Decisions where the issue is silent (also in each rule's documentation):

* Annotations and common vendor annotations are accepted silently: ``title``, ``description``, ``$comment``,
  ``deprecated``, ``readOnly``, ``writeOnly``, ``examples``, ``x-*``, ``example``, ``discriminator``,
  ``propertyOrdering``, ``externalDocs``, ``xml``, ``enumNames``, ``enumDescriptions``, ``markdownDescription``.
  ``nullable`` is reported as ``info`` (JSON Schema validators ignore it; ``type: [T, "null"]`` is the portable
  spelling that ``toolcheck export`` turns into ``nullable`` for the targets that want it).
* ``definitions`` and ``$defs`` are accepted (and walked) in every dialect: a ``$ref`` JSON pointer reaches both.
* ``required: true``/``false`` on a property is an error of its own (TC105), not a warning: every metaschema
  rejects it, so no validator compiles the schema.
* In vendor-format input (e.g. the corpus JSON Lines) an unknown keyword with no likely intended keyword is
  ``info`` (the spec's leniency for vendor input); typos and ``optional`` stay warnings.
"""

from __future__ import annotations

import math
import re
import warnings
from typing import Any
from urllib.parse import unquote, urldefrag, urljoin

from ..model.findings import Hit
from ..model.pointer import escape_pointer_token
from ..registry import rule
from ..suggest import closest

# ------------------------------------------------------------------------------------------------ dialects

D2020, D2019, D7, D6, D4 = "2020-12", "2019-09", "draft-07", "draft-06", "draft-04"

DIALECT_LABEL = {D2020: "draft 2020-12", D2019: "draft 2019-09", D7: "draft-07", D6: "draft-06", D4: "draft-04"}
CANONICAL_URI = {
    D2020: "https://json-schema.org/draft/2020-12/schema",
    D2019: "https://json-schema.org/draft/2019-09/schema",
    D7: "http://json-schema.org/draft-07/schema#",
    D6: "http://json-schema.org/draft-06/schema#",
    D4: "http://json-schema.org/draft-04/schema#",
}
# `$schema` spellings, without scheme and trailing `#` (http/https and an empty fragment are all accepted, as the
# validators accept them). `json-schema.org/schema` is the "latest" alias: treated as 2020-12.
_URI_DIALECT = {
    "json-schema.org/draft/2020-12/schema": D2020,
    "json-schema.org/draft/2019-09/schema": D2019,
    "json-schema.org/draft-07/schema": D7,
    "json-schema.org/draft-06/schema": D6,
    "json-schema.org/draft-04/schema": D4,
    "json-schema.org/schema": D2020,
}

_K04 = frozenset((
    "id", "$schema", "$ref", "title", "description", "default", "multipleOf", "maximum", "exclusiveMaximum",
    "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern", "additionalItems", "items", "maxItems",
    "minItems", "uniqueItems", "maxProperties", "minProperties", "required", "additionalProperties", "definitions",
    "properties", "patternProperties", "dependencies", "enum", "type", "format", "allOf", "anyOf", "oneOf", "not",
))
_K06 = (_K04 - {"id"}) | {"$id", "const", "contains", "propertyNames", "examples"}
_K07 = _K06 | {"$comment", "if", "then", "else", "readOnly", "writeOnly", "contentMediaType", "contentEncoding"}
_K2019 = _K07 | {
    "$anchor", "$recursiveRef", "$recursiveAnchor", "$vocabulary", "$defs", "unevaluatedItems",
    "unevaluatedProperties", "dependentSchemas", "dependentRequired", "maxContains", "minContains", "deprecated",
    "contentSchema",
}
_K2020 = (_K2019 - {"additionalItems"}) | {"$dynamicRef", "$dynamicAnchor", "prefixItems"}
KEYWORDS = {D4: _K04, D6: frozenset(_K06), D7: frozenset(_K07), D2019: frozenset(_K2019), D2020: frozenset(_K2020)}
ALL_KEYWORDS = frozenset().union(*KEYWORDS.values())

# Where a keyword appeared or went, for "not a <dialect> keyword" messages.
_KEYWORD_HISTORY = {
    "const": "added in draft-06", "contains": "added in draft-06", "propertyNames": "added in draft-06",
    "examples": "added in draft-06", "$id": "added in draft-06 (draft-04 spells it `id`)",
    "if": "added in draft-07", "then": "added in draft-07", "else": "added in draft-07",
    "$defs": "added in 2019-09", "dependentRequired": "added in 2019-09 (replaces `dependencies`)",
    "dependentSchemas": "added in 2019-09 (replaces `dependencies`)", "unevaluatedProperties": "added in 2019-09",
    "unevaluatedItems": "added in 2019-09", "minContains": "added in 2019-09", "maxContains": "added in 2019-09",
    "prefixItems": "added in 2020-12 (earlier drafts use an array under `items`)",
    "additionalItems": "removed in 2020-12 (use `items` after `prefixItems`)",
    "$dynamicRef": "added in 2020-12", "$dynamicAnchor": "added in 2020-12",
    "$recursiveRef": "only in 2019-09", "$recursiveAnchor": "only in 2019-09",
}

# Never reported anywhere: annotations, and vendor annotations that carry no validation meaning.
ACCEPTED_ANNOTATIONS = frozenset((
    "title", "description", "default", "examples", "$comment", "deprecated", "readOnly", "writeOnly", "$schema",
    "$id", "$anchor", "$defs", "definitions", "$vocabulary", "$dynamicAnchor", "$recursiveAnchor",
    "example", "discriminator", "propertyOrdering", "externalDocs", "xml", "enumNames", "enumDescriptions",
    "markdownDescription", "markdownEnumDescriptions",
))

# Non-keywords that mean a real keyword (lower-cased keys).
_NONKEYWORD_HINTS = {
    "min": "minimum", "max": "maximum", "minvalue": "minimum", "maxvalue": "maximum", "min_value": "minimum",
    "max_value": "maximum", "regex": "pattern", "values": "enum", "options": "enum", "choices": "enum",
    "allowed_values": "enum", "allowedvalues": "enum", "enumvalues": "enum", "enum_values": "enum",
    "item": "items", "desc": "description", "defaultvalue": "default", "default_value": "default",
    "additional_properties": "additionalProperties", "min_length": "minLength", "max_length": "maxLength",
    "min_items": "minItems", "max_items": "maxItems", "minlen": "minLength", "maxlen": "maxLength",
    "mandatory": "required", "is_required": "required", "isrequired": "required", "requires": "required",
    "props": "properties", "fields": "properties", "types": "type", "pattern_properties": "patternProperties",
    "unique_items": "uniqueItems", "multiple_of": "multipleOf", "one_of": "oneOf", "any_of": "anyOf",
    "all_of": "allOf",
}

JSON_TYPES = frozenset(("array", "boolean", "integer", "null", "number", "object", "string"))

# Suggested replacement for a type name that is not a JSON Schema type (keys lower-cased). None: omit `type`.
_TYPE_SUGGEST: dict[str, str | None] = {
    **dict.fromkeys(("dict", "map", "hashmap", "struct", "record", "json", "jsonobject", "mapping", "hash",
                     "dictionary", "obj", "treemap", "linkedhashmap", "kwargs"), "object"),
    **dict.fromkeys(("float", "double", "decimal", "real", "numeric", "float32", "float64", "num", "bigdecimal"),
                    "number"),
    **dict.fromkeys(("int", "long", "short", "int32", "int64", "uint", "bigint", "byte", "uint32", "uint64",
                     "biginteger", "int8", "int16"), "integer"),
    **dict.fromkeys(("str", "text", "char", "character", "varchar", "uuid", "date", "datetime", "time", "url",
                     "uri", "email", "path", "bytes"), "string"),
    **dict.fromkeys(("bool",), "boolean"),
    **dict.fromkeys(("list", "tuple", "arraylist", "set", "sequence", "vector", "seq", "collection", "iterable",
                     "linkedlist", "hashset"), "array"),
    **dict.fromkeys(("none", "nonetype", "nil", "void"), "null"),
    **dict.fromkeys(("any", "mixed", "all", "*", "unknown", "anytype", "object|null"), None),
}
_TYPE_FORMAT_HINT = {"date": "date", "datetime": "date-time", "time": "time", "uuid": "uuid", "url": "uri",
                     "uri": "uri", "email": "email"}

FORMATS_2020 = frozenset((
    "date-time", "date", "time", "duration", "email", "idn-email", "hostname", "idn-hostname", "ipv4", "ipv6",
    "uri", "uri-reference", "iri", "iri-reference", "uuid", "uri-template", "json-pointer",
    "relative-json-pointer", "regex",
))
# OpenAPI / Gemini formats: meaningful to some consumers, checked by no JSON Schema validator -> info.
VENDOR_FORMATS = frozenset(("int32", "int64", "float", "double", "byte", "binary", "password", "enum"))
_FORMAT_ALIASES = {
    "datetime": "date-time", "date_time": "date-time", "timestamp": "date-time", "iso8601": "date-time",
    "iso-8601": "date-time", "url": "uri", "link": "uri", "e-mail": "email", "mail": "email",
    "ip-address": "ipv4", "ip": "ipv4", "ipv4-address": "ipv4", "ipv6-address": "ipv6", "host-name": "hostname",
    "host": "hostname", "guid": "uuid", "regexp": "regex", "json_pointer": "json-pointer",
}
_MEDIA_FORMATS = {"json": "application/json", "xml": "application/xml", "yaml": "application/yaml",
                  "html": "text/html", "csv": "text/csv", "markdown": "text/markdown"}

# Subschema positions (walked in every dialect: a superset is harmless and catches cross-dialect mistakes).
_SUB_ONE = frozenset((
    "additionalProperties", "additionalItems", "items", "contains", "propertyNames", "not", "if", "then", "else",
    "unevaluatedItems", "unevaluatedProperties", "contentSchema",
))
_SUB_LIST = frozenset(("allOf", "anyOf", "oneOf", "prefixItems", "items"))
_SUB_MAP = frozenset(("properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"))
# Keywords after which an object's properties may be defined elsewhere: `required` is not checked against
# `properties` when one of these is present.
_COMPOSITION = frozenset((
    "allOf", "anyOf", "oneOf", "$ref", "$dynamicRef", "$recursiveRef", "if", "then", "else", "dependentSchemas",
    "dependencies", "not",
))

MAX_NODES = 20_000  # subschemas per schema; the loader's limits keep real files far below
MAX_DEPTH = 256  # path tokens


def _esc(token: Any) -> str:
    return escape_pointer_token(token)


def _ptr(path: tuple) -> str:
    return "".join("/" + escape_pointer_token(t) for t in path)


def _type_reading(t: str) -> tuple[str | None, bool]:
    """(the JSON Schema type a `type` name means, None for "no `type`"; whether that reading is certain): a case
    of a type name or a name of the alias table is certain, a close spelling only when it is a typo of one type."""
    low = t.strip().lower()
    if low in JSON_TYPES:
        return low, True
    if low in _TYPE_SUGGEST:
        return _TYPE_SUGGEST[low], True
    sugg = closest(t, sorted(JSON_TYPES), cutoff=0.6)
    if sugg is None:
        return None, False
    from ..fixing.schema_fixes import is_typo_of

    return sugg, is_typo_of(low, sugg, JSON_TYPES)


def _show(value: Any, limit: int = 60) -> str:
    import json

    try:
        s = json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
    except (TypeError, ValueError):
        s = repr(value)
    return s if len(s) <= limit else s[: limit - 1] + "…"


def _is_num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and not (isinstance(v, float) and math.isnan(v))


def _canon(v: Any, depth: int = 0) -> Any:
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
        return ("a", tuple(_canon(x, depth + 1) for x in v))
    if isinstance(v, dict):
        return ("o", tuple(sorted((str(k), _canon(x, depth + 1)) for k, x in v.items())))
    return ("?", repr(v))


def _json_type(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, int):
        return "integer"
    if isinstance(v, float):
        return "integer" if v.is_integer() else "number"
    if isinstance(v, str):
        return "string"
    if isinstance(v, list):
        return "array"
    if isinstance(v, dict):
        return "object"
    return type(v).__name__


def _has_type(v: Any, t: str) -> bool:
    if t == "string":
        return isinstance(v, str)
    if t == "integer":
        return (isinstance(v, int) and not isinstance(v, bool)) or (isinstance(v, float) and v.is_integer())
    if t == "number":
        return isinstance(v, (int, float)) and not isinstance(v, bool)
    if t == "boolean":
        return isinstance(v, bool)
    if t == "null":
        return v is None
    if t == "array":
        return isinstance(v, list)
    if t == "object":
        return isinstance(v, dict)
    return False


def dialect_of(schema: Any) -> tuple[str, str | None]:
    """(dialect, problem): the dialect a schema declares; problem is None when `$schema` is absent or known."""
    uri = schema.get("$schema") if isinstance(schema, dict) else None
    if uri is None or not isinstance(uri, str):
        return D2020, None
    key = re.sub(r"^https?://", "", uri.strip()).rstrip("#")
    d = _URI_DIALECT.get(key)
    if d is not None and uri.strip().startswith(("http://", "https://")):
        return d, None
    return D2020, uri


# ------------------------------------------------------------------------------------------------ the analysis

class _Analysis:
    """Findings of every TC1 code for one contract, by code."""

    __slots__ = ("hits",)

    def __init__(self) -> None:
        self.hits: dict[str, list[Hit]] = {}

    def add(self, code: str, hit: Hit) -> None:
        hit.code = code
        self.hits.setdefault(code, []).append(hit)


def analysis(contract, ctx) -> dict[str, list[Hit]]:
    """TC1 findings for one contract, by code (computed once per run, shared by all TC1 rules).

    Meta-validation (TC101) is skipped when TC101 is not enabled in the run; the other codes are always computed.
    """
    store = ctx.cache.get("TC1")
    if store is None:
        store = ctx.cache["TC1"] = {}
    got = store.get(id(contract))
    if got is None:
        res = _Analysis()
        try:
            _analyse_contract(contract, ctx, res)
        except RecursionError:  # a pathological value nested beyond what the bounded walks expect
            pass
        got = store[id(contract)] = res.hits
    return got


def run_index(contracts, ctx) -> dict[str, list[Hit]]:
    """TC1 findings of every reported contract of the run, by code; each Hit's ``subject`` is its contract.

    The rules are registered with ``scope="set"`` so that each of them is one dictionary lookup: the analysis runs
    once per contract whichever TC1 codes are selected.
    """
    idx = ctx.cache.get("TC1:index")
    if idx is None:
        idx = {}
        for c in contracts:
            if not c.file.reported:
                continue
            for code, hits in analysis(c, ctx).items():
                for h in hits:
                    h.subject = c
                idx.setdefault(code, []).extend(hits)
        ctx.cache["TC1:index"] = idx
    return idx


def _analyse_contract(contract, ctx, res: _Analysis) -> None:
    data = contract.data
    if not isinstance(data, dict):
        return
    lenient = contract.format != "contract"
    for role, key in (("parameters", contract.parameters_key), ("returns", contract.returns_key)):
        if key is None:
            continue
        schema = data.get(key)
        if not isinstance(schema, dict):
            continue  # TC009 reports a parameters/returns that is not a schema object
        _SchemaCheck(schema, (key,), role, lenient, ctx, res).run()


class _SchemaCheck:
    def __init__(self, root: dict, base: tuple, role: str, lenient: bool, ctx, res: _Analysis) -> None:
        self.root = root
        self.base = base
        self.role = role
        self.lenient = lenient
        self.ctx = ctx
        self.res = res
        self.dialect, self.bad_uri = dialect_of(root)
        self.keywords = KEYWORDS[self.dialect]
        self.label = DIALECT_LABEL[self.dialect]
        self.patches: list[tuple[tuple, str, Any]] = []  # (path, key, replacement or _DELETE) before meta
        self.refs: list[tuple[tuple, str]] = []
        self.anchors: set[str] = set()
        self.ids: dict[str, Any] = {}
        self.id_nodes: dict[tuple, dict] = {}  # path -> subschema with an identifier (`$id`; draft-04 `id`)
        self.compiled: dict[tuple, Any] = {}
        self.allow, self.extra_formats = _run_options(ctx)
        rid = root.get("$id") if self.dialect != D4 else root.get("id")
        self.base_uri = urldefrag(rid)[0] if isinstance(rid, str) else ""

    # -- reporting helpers
    def hit(self, code: str, path: tuple, message: str, help: str, **kw) -> None:
        self.res.add(code, Hit(_ptr(self.base + path), message, help, **kw))

    # -- the run
    def run(self) -> None:
        if self.bad_uri is not None:
            self._unknown_dialect()
        nodes = self._walk()
        for path, node, parent, name in nodes:
            self._node(path, node, parent, name)
        self._check_refs()
        if self.role == "parameters":
            self._root_object()
        self._meta()

    def _walk(self) -> list[tuple[tuple, dict, dict | None, str | None]]:
        out: list = []
        stack: list = [((), self.root, None, None)]
        anchors = self.anchors
        d4 = self.dialect == D4
        # No "seen" set: a YAML alias shares one node between two places, and each place gets its findings.
        # Cycles (recursive aliases, if a loader ever lets one through) are bounded by MAX_NODES and the depth.
        while stack:
            item = stack.pop()
            node = item[1]
            if len(item[0]) > MAX_DEPTH:
                continue
            out.append(item)
            if len(out) >= MAX_NODES:
                break
            if _WALK_KEYS.isdisjoint(node):
                continue
            path = item[0]
            for k, v in node.items():
                if k in _SUB_ONE:
                    if isinstance(v, dict):
                        stack.append((path + (k,), v, None, None))
                    elif k == "items" and isinstance(v, list):
                        for i, s in enumerate(v):
                            if isinstance(s, dict):
                                stack.append((path + (k, i), s, None, None))
                elif k in _SUB_LIST:
                    if isinstance(v, list):
                        for i, s in enumerate(v):
                            if isinstance(s, dict):
                                stack.append((path + (k, i), s, None, None))
                elif k in _SUB_MAP:
                    if isinstance(v, dict):
                        is_props = k == "properties"
                        for n, s in v.items():
                            if isinstance(s, dict):
                                stack.append((path + (k, n), s, node if is_props else None, n if is_props else None))
                elif k == "$ref":
                    if isinstance(v, str):
                        self.refs.append((path, v))
                elif k == "$anchor" or k == "$dynamicAnchor":
                    if isinstance(v, str):
                        anchors.add(v)
                elif k == "$id" or (d4 and k == "id"):
                    if isinstance(v, str) and path:
                        self.id_nodes[path] = node
                        if v.startswith("#"):
                            anchors.add(v[1:])
                        else:
                            self.ids[urldefrag(urljoin(self.base_uri, v))[0]] = node
        return out

    # -- per node
    def _node(self, path: tuple, node: dict, parent: dict | None, name: str | None) -> None:
        keywords = self.keywords
        if not keywords.issuperset(node):  # set arithmetic in C: most nodes are {type, description}
            for k, v in node.items():
                if isinstance(k, str) and k not in keywords:
                    self._unknown_keyword(path, node, k, v, parent, name)
        present = _NODE_KEYS.intersection(node)
        if not present:
            return
        bad_type = False
        if "type" in present:
            t = node["type"]
            if t.__class__ is not str or t not in JSON_TYPES:
                bad_type = self._type_names(path, t)
        if "required" in present:
            self._required(path, node, parent, name)
        if "enum" in present:
            self._enum(path, node, bad_type)
        if not bad_type:
            if "const" in present:
                self._const(path, node)
            if "default" in present:
                self._default(path, node, "default", node["default"], ("default",))
            if "example" in present:
                self._default(path, node, "example", node["example"], ("example",))
            if "examples" in present:
                ex = node["examples"]
                if isinstance(ex, list):
                    for i, v in enumerate(ex):
                        self._default(path, node, "examples", v, ("examples", i))
        if not _CONTRA_KEYS.isdisjoint(present):
            self._contradictions(path, node, bad_type)
        if "pattern" in present:
            p = node["pattern"]
            if isinstance(p, str):
                self._pattern(path + ("pattern",), p, "pattern")
        if "patternProperties" in present:
            pp = node["patternProperties"]
            if isinstance(pp, dict):
                for key in pp:
                    if isinstance(key, str):
                        self._pattern(path + ("patternProperties", key), key, "patternProperties key")
        if "format" in present:
            f = node["format"]
            if isinstance(f, str):
                self._format(path, node, f)

    # -- unknown keywords
    def _unknown_keyword(self, path: tuple, node: dict, k: str, v: Any, parent: dict | None, name: str | None):
        if k.startswith("x-") or k in ACCEPTED_ANNOTATIONS or k in self.allow:
            return
        kpath = path + (k,)
        if k == "nullable":
            self.hit("TC104", kpath, "`nullable` is an OpenAPI keyword; JSON Schema validators ignore it",
                     'To allow null, add "null" to `type` (e.g. `type: [string, "null"]`); `toolcheck export` '
                     "writes `nullable` for the targets that read it.", severity="info")
            return
        if k == "optional":
            self._optional(kpath, v, parent, name)
            return
        if k == "id" and isinstance(v, str):
            return  # draft-04 identifier in a later dialect: harmless
        if k in ALL_KEYWORDS:
            why = _KEYWORD_HISTORY.get(k, "")
            self.hit("TC104", kpath, f"`{k}` is not a {self.label} keyword{f' ({why})' if why else ''}; "
                                     f"validators of this dialect ignore it",
                     self._dialect_help(k))
            return
        low = k.lower()
        sugg = _NONKEYWORD_HINTS.get(low) or closest(k, self.keywords)
        if sugg is not None:
            help = f"Did you mean `{sugg}`? Rename it (an unknown keyword is silently ignored by validators)."
            if sugg == "required":
                help = ("Did you mean `required`? It is a list of property names on the object schema, e.g. "
                        "`required: [name]`.")
            from ..fixing.schema_fixes import keyword_fix

            self.hit("TC104", kpath, f"unknown keyword `{k}`", help,
                     fix=keyword_fix(node, _ptr(self.base + kpath), sugg))
            return
        if isinstance(v, dict) and ("type" in v or "description" in v):
            self.hit("TC104", kpath, f"unknown keyword `{k}` (it looks like a property schema)",
                     f"Move `{k}` under `properties:` of this object schema, or prefix it with `x-` if it is an "
                     "extension.")
            return
        self.hit("TC104", kpath, f"unknown keyword `{k}`",
                 "Remove it, or prefix it with `x-` to keep it as an extension: validators and model APIs ignore "
                 "(or reject) unknown keywords.",
                 severity="info" if self.lenient else None)

    def _dialect_help(self, k: str) -> str:
        homes = [d for d in (D2020, D2019, D7, D6, D4) if k in KEYWORDS[d]]
        if k == "additionalItems" and self.dialect == D2020:
            return "In draft 2020-12 write `items: <schema>` next to `prefixItems` instead."
        if k == "prefixItems":
            return "In this dialect write `items: [<schema>, ...]` (an array), or declare `$schema` 2020-12."
        if k in ("dependentRequired", "dependentSchemas"):
            return "In this dialect write `dependencies:`, or declare `$schema` 2020-12."
        if homes:
            return (f"Declare the dialect that has it (`$schema: {CANONICAL_URI[homes[0]]}`) or use this "
                    f"dialect's equivalent.")
        return "Remove it."

    def _optional(self, kpath: tuple, v: Any, parent: dict | None, name: str | None) -> None:
        req = parent.get("required") if parent is not None else None
        listed = isinstance(req, list) and name in req
        if name is not None and listed and v not in (False, "false", "False"):
            help = (f"Remove `optional` and remove `{name}` from the parent's `required` list if it really is "
                    "optional.")
            msg = f"`optional` is not a JSON Schema keyword, and `{name}` is listed in the parent's `required`"
        elif name is not None:
            help = (f"Remove `optional`: `{name}` is already optional because the parent's `required` does not "
                    "list it.")
            msg = "`optional` is not a JSON Schema keyword"
        else:
            help = ("Remove `optional`: a property is optional when the object's `required` list does not name "
                    "it; list only the mandatory properties in `required`.")
            msg = "`optional` is not a JSON Schema keyword"
        from ..fixing.schema_fixes import optional_fix

        self.hit("TC104", kpath, msg, help, fix=optional_fix(_ptr(self.base + kpath), v, name, listed))

    # -- type names
    def _type_names(self, path: tuple, t: Any) -> bool:
        if isinstance(t, str):
            if t in JSON_TYPES:
                return False
            self._bad_type(path + ("type",), t, False)
            self.patches.append((path, "type", _DELETE))
            return True
        if isinstance(t, list):
            bad = False
            for i, x in enumerate(t):
                if isinstance(x, str) and x not in JSON_TYPES:
                    self._bad_type(path + ("type", i), x, True, t)
                    bad = True
            if bad:
                self.patches.append((path, "type", _DELETE))
            return bad or not all(isinstance(x, str) for x in t)
        return True  # not a type name at all: the metaschema reports it

    def _bad_type(self, tpath: tuple, t: str, in_list: bool, types: list | None = None) -> None:
        low = t.strip().lower()
        sugg, certain = _type_reading(t)
        known = certain or sugg is not None
        shown = f"`{t}`" if t else "an empty string"
        msg = f"{shown} is not a JSON Schema type"
        if not known:
            help = ("Use one of `string`, `number`, `integer`, `boolean`, `array`, `object`, `null` (or remove "
                    "`type` to accept any value).")
        elif sugg is None:
            msg += " (JSON Schema has no `any` type)"
            help = ("Remove `type`: a schema without `type` accepts any JSON value."
                    if not in_list else "Remove `type` altogether: a schema without `type` accepts any value.")
        else:
            fmt = _TYPE_FORMAT_HINT.get(low)
            if in_list:
                help = f"Replace `{t}` with `{sugg}` in the `type` list."
            else:
                help = f"Write `type: {sugg}`."
            if sugg == "array" and low == "tuple":
                help += " For a fixed sequence of item types use `prefixItems`."
            if fmt:
                help += f" Add `format: {fmt}` to say which kind of string."
            msg += f" (did you mean `{sugg}`?)"
        from ..fixing.schema_fixes import type_list_fix, type_name_fix

        ptr = _ptr(self.base + tpath)
        fix = (type_list_fix(ptr.rsplit("/", 1)[0], types, _type_reading) if in_list and types is not None
               else type_name_fix(ptr, t, _type_reading))
        self.hit("TC103", tpath, msg, help, prefer_key=False, fix=fix)

    # -- required
    def _required(self, path: tuple, node: dict, parent: dict | None, name: str | None) -> None:
        req = node["required"]
        if isinstance(req, bool):
            rpath = path + ("required",)
            self.patches.append((path, "required", _DELETE))
            if name is None:
                self.hit("TC105", rpath, f"`required: {str(req).lower()}` is not valid JSON Schema: `required` "
                                         "is a list of property names",
                         "Remove it and list the property in the `required` array of the object that defines it.")
                return
            plist = parent.get("required") if parent is not None else None
            listed = isinstance(plist, list) and name in plist
            if req:
                help = (f"Remove it (`{name}` is already listed in the parent's `required`)." if listed else
                        f"Remove it and add `{name}` to the `required` list of the parent object.")
            else:
                help = (f"Remove it: `{name}` is optional unless the parent's `required` lists it"
                        + (" — and it does; remove it from there too." if listed else "."))
            from ..fixing.schema_fixes import required_flag_fix

            self.hit("TC105", rpath, f"`required: {str(req).lower()}` on property `{name}` is not valid JSON "
                                     "Schema: `required` is a list of property names on the parent object", help,
                     fix=required_flag_fix(_ptr(self.base + rpath), req, parent))
            return
        if not isinstance(req, list):
            return
        seen: dict[str, int] = {}
        dup = False
        for i, r in enumerate(req):
            if not isinstance(r, str):
                continue
            if r in seen:
                dup = True
                self.hit("TC107", path + ("required", i), f"`{r}` is listed twice in `required`",
                         "Remove the repeated entry (every metaschema requires unique entries).", prefer_key=False)
            else:
                seen[r] = i
        if dup:
            uniq: list = []
            for r in req:
                if r not in uniq:
                    uniq.append(r)
            self.patches.append((path, "required", uniq))
        props = node.get("properties")
        if not isinstance(props, dict):
            return
        if not _COMPOSITION.isdisjoint(node):
            return
        pats = node.get("patternProperties")
        ap = node.get("additionalProperties")
        up = node.get("unevaluatedProperties")
        closed = ap is False or (ap is None and up is False)
        for r, i in seen.items():
            if r in props:
                if props[r] is False:
                    self._unsat(path, node, path + ("required", i), "object",
                                f"required property `{r}` has the schema `false`: no object satisfies this schema",
                                f"Remove `{r}` from `required`, or give it a real schema.", prefer_key=False)
                continue
            if isinstance(pats, dict) and _matches_any(pats, r):
                continue
            if isinstance(ap, dict) or (ap is None and isinstance(up, dict)):
                continue
            sugg = closest(r, [p for p in props if isinstance(p, str)])
            if closed:
                kw = "additionalProperties" if ap is False else "unevaluatedProperties"
                self._unsat(path, node, path + ("required", i), "object",
                            f"required property `{r}` is not in `properties` and `{kw}: false` forbids it: no "
                            "object satisfies this schema",
                            (f"Did you mean `{sugg}`? " if sugg else "") +
                            f"Define `{r}` under `properties`, or remove it from `required`.", prefer_key=False)
            else:
                self.hit("TC106", path + ("required", i), f"required property `{r}` is not defined in `properties`",
                         (f"Did you mean `{sugg}`? Fix the name, or define" if sugg else "Define") +
                         f" `{r}` under `properties` (with a type and a description the model can read).",
                         prefer_key=False)

    # -- unsatisfiable: by type (TC111) or only for one type (TC119)
    def _types_here(self, path: tuple, node: dict) -> set[str] | None:
        """The JSON types ``node`` admits, when it says (``type``, ``const``); the root of ``parameters`` is
        always an object (tool arguments are)."""
        ts = _types_of(node)
        if not path and self.role == "parameters":
            return {"object"} if ts is None or "object" in ts else ts
        return ts

    def _unsat(self, path: tuple, node: dict, kpath: tuple, applies_to: str, message: str, help: str,
               **kw) -> None:
        """A constraint that no ``applies_to`` value satisfies: TC111 when the schema admits only that type, else
        TC119 (every value of another type still passes), saying which values those are."""
        ts = self._types_here(path, node)
        fits = {applies_to, "integer"} if applies_to == "number" else {applies_to}
        if ts is not None and ts <= fits:
            self.hit("TC111", kpath, message, help, **kw)
            return
        word = _article(applies_to)
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
        self.hit("TC119", kpath, f"{message}; {still}", help + extra, **kw)

    # -- enum / const / default / examples
    def _enum(self, path: tuple, node: dict, bad_type: bool) -> None:
        enum = node["enum"]
        if not isinstance(enum, list):
            return
        epath = path + ("enum",)
        if not enum:
            if self.dialect != D4:
                self.hit("TC111", epath, "`enum` is empty: no value satisfies this schema",
                         "List the allowed values, or remove `enum`.")
            return
        seen: dict[Any, int] = {}
        dups = False
        for i, v in enumerate(enum):
            c = _canon(v)
            if c in seen:
                dups = True
                self.hit("TC108", epath + (i,), f"`enum` lists {_show(v)} twice",
                         "Remove the repeated value.", prefer_key=False,
                         severity="error" if self.dialect == D4 else None)
            else:
                seen[c] = i
        if dups and self.dialect == D4:
            uniq: list = []
            keys: set = set()
            for v in enum:
                c = _canon(v)
                if c not in keys:
                    keys.add(c)
                    uniq.append(v)
            self.patches.append((path, "enum", uniq))
        if bad_type:
            return
        results = []
        for i, v in enumerate(enum):
            ok, why = self._value_ok(path, node, v, ("enum",))
            results.append((i, v, ok, why))
        if all(ok is False for _, _, ok, _ in results):
            _, v0, _, why0 = results[0]
            self.hit("TC111", epath, "no `enum` value satisfies the rest of the schema"
                                     f" (e.g. {_show(v0)} {why0}): no value is accepted",
                     "Fix the values or the constraints next to `enum` (often `type`) so that they agree.")
            return
        for i, v, ok, why in results:
            if ok is False:
                self.hit("TC109", epath + (i,), f"`enum` value {_show(v)} {why}: the schema rejects it",
                         "Fix or remove the value, or relax the constraint that rejects it; the model will be "
                         "offered a value that always fails validation.", prefer_key=False)

    def _const(self, path: tuple, node: dict) -> None:
        ok, why = self._value_ok(path, node, node["const"], ("const",))
        if ok is False:
            self.hit("TC111", path + ("const",), f"`const` value {_show(node['const'])} {why}: no value satisfies "
                                                 "this schema",
                     "Make `const` agree with the other constraints (often `type`), or remove one of them.",
                     prefer_key=False)

    def _default(self, path: tuple, node: dict, kw: str, value: Any, vpath: tuple) -> None:
        ok, why = self._value_ok(path, node, value, ())
        if ok is False:
            what = f"`{kw}` value" if kw != "default" else "`default`"
            extra = ""
            if value is None:
                extra = ' (to allow null, add "null" to `type`)'
            self.hit("TC110", path + vpath, f"{what} {_show(value)} {why}",
                     f"Give a value the schema accepts, or remove it{extra}: models copy defaults and examples into "
                     "their calls.", prefer_key=False)

    def _value_ok(self, path: tuple, node: dict, value: Any, skip: tuple) -> tuple[bool | None, str]:
        """Whether ``value`` validates against ``node`` without the keywords in ``skip``: True, False (with a
        reason) or None (undecidable: the schema does not compile)."""
        try:
            r = _quick(node, value, skip, self.dialect, 0)
        except _Undecided:
            r = None
        if r is not None:
            return (r is True), ("" if r is True else r)
        return self._value_ok_engine(path, node, value, skip)

    def _value_ok_engine(self, path: tuple, node: dict, value: Any, skip: tuple) -> tuple[bool | None, str]:
        from ..schemaval import SchemaCompileError, compile_schema

        key = (id(node), skip)
        comp = self.compiled.get(key, _MISSING)
        if comp is _MISSING:
            sub = {k: v for k, v in node.items() if k not in skip and k not in ("default", "examples", "example")}
            if path:
                for k in ("$defs", "definitions"):
                    if k in self.root and k not in sub:
                        sub[k] = self.root[k]
                sub.pop("$id", None)
            sub["$schema"] = CANONICAL_URI[self.dialect]
            try:
                comp = compile_schema(sub)
            except (SchemaCompileError, RecursionError):
                comp = None
            self.compiled[key] = comp
        if comp is None:
            return None, ""
        errs = comp.errors(value)
        if not errs:
            return True, ""
        e = errs[0]
        at = f" at `{e.pointer}`" if e.pointer else ""
        return False, f"fails `{e.keyword}`{at} ({e.message})"

    # -- contradictions
    def _contradictions(self, path: tuple, node: dict, bad_type: bool) -> None:
        g = node.get
        d4 = self.dialect == D4
        lo = g("minimum")
        hi = g("maximum")
        xlo = g("exclusiveMinimum")
        xhi = g("exclusiveMaximum")
        if lo is not None or hi is not None or xlo is not None or xhi is not None:
            self._range(path, node, lo, hi, xlo, xhi, d4, bad_type)
        for a, b, what in _MIN_MAX:
            if a not in node or b not in node:
                continue
            x = node[a]
            y = node[b]
            if _is_num(x) and _is_num(y) and x > y:
                self._unsat(path, node, path + (a,), _APPLIES[what],
                            f"`{a}` ({_show(x)}) is greater than `{b}` ({_show(y)}): no {what} satisfies both",
                            f"Swap or fix the bounds so that `{a}` <= `{b}`.")
        mp = g("maxProperties")
        req = g("required")
        if mp is not None and _is_num(mp) and isinstance(req, list):
            n = len({r for r in req if isinstance(r, str)})
            if n > mp:
                self._unsat(path, node, path + ("maxProperties",), "object",
                            f"`maxProperties` ({_show(mp)}) is less than the {n} required properties: no object "
                            "satisfies both",
                            "Raise `maxProperties` or require fewer properties.")
        n_ = g("not") if not path else None  # below the root, `not: {}` is the idiom for "never" (zod, draft-04)
        if n_ is None:
            pass
        elif n_ is True or (isinstance(n_, dict) and not any(k in ALL_KEYWORDS and k not in _ANNOTATION_KW
                                                            for k in n_)):
            self.hit("TC111", path + ("not",), "`not` negates a schema that accepts everything: no value "
                                               "satisfies this schema",
                     "Remove `not`, or give it the schema of what must be rejected.")
        allof = g("allOf")
        if isinstance(allof, list) and not bad_type:
            self._allof_types(path, node, allof)

    def _range(self, path, node, lo, hi, xlo, xhi, d4, bad_type) -> None:
        # normalise to (value, exclusive, keyword) bounds
        lows: list[tuple[float, bool, str]] = []
        highs: list[tuple[float, bool, str]] = []
        if _is_num(lo):
            lows.append((lo, d4 and xlo is True, "minimum"))
        if _is_num(hi):
            highs.append((hi, d4 and xhi is True, "maximum"))
        if not d4:
            if _is_num(xlo):
                lows.append((xlo, True, "exclusiveMinimum"))
            if _is_num(xhi):
                highs.append((xhi, True, "exclusiveMaximum"))
        for lv, lx, lk in lows:
            for hv, hx, hk in highs:
                if lv > hv or (lv == hv and (lx or hx)):
                    rel = "is greater than" if lv > hv else "equals"
                    tail = "" if lv > hv else " and the bound is exclusive"
                    self._unsat(path, node, path + (lk,), "number",
                                f"`{lk}` ({_show(lv)}) {rel} `{hk}` ({_show(hv)}){tail}: no number satisfies both",
                                f"Fix the bounds so that the range is not empty (`{lk}` below `{hk}`).")
                    return
        t = node.get("type")
        if t == "integer" and lows and highs and not bad_type:
            lv, lx, lk = max(lows, key=lambda b: (b[0], b[1]))
            hv, hx, hk = min(highs, key=lambda b: (b[0], not b[1]))
            try:
                first = math.floor(lv) + 1 if lx else math.ceil(lv)
                last = math.ceil(hv) - 1 if hx else math.floor(hv)
            except (OverflowError, ValueError):
                return
            if first > last:
                self.hit("TC111", path + (lk,), f"no integer lies between `{lk}` ({_show(lv)}) and `{hk}` "
                                                f"({_show(hv)}), and `type` is `integer`",
                         "Widen the range, or use `type: number`.")

    def _allof_types(self, path: tuple, node: dict, allof: list) -> None:
        acc = _types_of(node)
        for i, s in enumerate(allof):
            if not isinstance(s, dict):
                continue
            ts = _types_of(s)
            if ts is None:
                continue
            if acc is None:
                acc = ts
                continue
            new = _intersect(acc, ts)
            if not new:
                self.hit("TC111", path + ("allOf", i), f"`allOf` combines incompatible types "
                                                      f"({_types_text(acc)} and {_types_text(ts)}): no value "
                                                      "satisfies this schema",
                         "Make the `allOf` branches agree on `type`; to accept either, use `anyOf`.")
                return
            acc = new

    # -- $ref
    def _check_refs(self) -> None:
        """Each `$ref` resolved as the spec says (base URIs, `$id` scoping, anchors), by `referencing`
        (:class:`toolcheck.schemaval.StaticRefs`); nothing is ever retrieved: another document is TC113."""
        if not self.refs:
            return
        from ..schemaval import StaticRefs

        try:
            static = StaticRefs(self.root, self.dialect, self.id_nodes)
        except Exception:  # noqa: BLE001 - an identifier the library cannot read: every ref is judged below
            static = None
        for path, ref in self.refs:
            rpath = path + ("$ref",)
            if static is None:
                self.hit("TC112", rpath, f"`$ref` `{ref}` does not resolve: the schema's `$id`s cannot be read",
                         "Fix the `$id` values (URI references) of this schema.", prefer_key=False)
                continue
            r = static.lookup(ref, path)
            if r.kind == "ok":
                if not isinstance(r.contents, (dict, bool)):
                    self.hit("TC112", rpath, f"`$ref` `{ref}` does not resolve: it points to a "
                                             f"{_json_type(r.contents)}, not to a schema",
                             "Fix the reference or add the definition it names.", prefer_key=False)
                continue
            if r.kind == "external":
                if re.sub(r"^https?://", "", r.uri).rstrip("#") in _URI_DIALECT:
                    continue  # a metaschema: every validator has it built in
                remote = bool(re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", r.uri))
                what = "a remote document" if remote else "another file"
                self.hit("TC113", rpath, f"`$ref` `{ref}` points to {what}; toolcheck never fetches it, and "
                                         "model APIs do not resolve it",
                         "Copy the referenced schema under `$defs` in this schema and refer to it as "
                         "`#/$defs/<name>`.", prefer_key=False)
            elif r.kind == "anchor":
                frag = unquote(r.fragment)
                sugg = closest(frag, sorted(self.anchors))
                self.hit("TC112", rpath, f"`$ref` `{ref}` names the anchor `{frag}`, which no subschema of that "
                                         "resource declares",
                         (f"Did you mean `#{sugg}`? " if sugg and sugg != frag else "") +
                         "Declare it with `$anchor` or use a JSON pointer such as `#/$defs/<name>`.",
                         prefer_key=False)
            else:
                problem = (_resolve_pointer(r.contents, r.fragment) if r.kind == "pointer" and r.contents is not None
                           else None) or "it names nothing"
                self.hit("TC112", rpath, f"`$ref` `{ref}` does not resolve: {problem}",
                         "Fix the reference or add the definition it names.", prefer_key=False)

    # -- patterns
    def _pattern(self, ppath: tuple, pattern: str, what: str) -> None:
        res = regex_findings(pattern)
        shown = pattern if len(pattern) <= 60 else pattern[:59] + "…"
        for code, message, help, severity in res:
            self.hit(code, ppath, f"{what} `{shown}` {message}", help, severity=severity,
                     prefer_key=(what != "pattern"))

    # -- format
    def _format(self, path: tuple, node: dict, f: str) -> None:
        if f in FORMATS_2020 or f in self.extra_formats:
            return
        fpath = path + ("format",)
        if f in VENDOR_FORMATS:
            self.hit("TC120", fpath, f"`format: {f}` is an OpenAPI format, not a JSON Schema one: validators do not "
                                     "check it",
                     "Keep it if a target reads it; enforce the range with `minimum`/`maximum` or a `pattern` if it "
                     "matters.", prefer_key=False)
            return
        media = _MEDIA_FORMATS.get(f.lower())
        if media:  # a string holding a document: JSON Schema says so with `contentMediaType`
            self.hit("TC117", fpath, f"unknown format `{f}`",
                     f"A string that holds {'Markdown' if f.lower() == 'markdown' else f.upper()} is `contentMediaType: {media}` in JSON Schema (models read it too); "
                     "validators ignore an unknown `format`. To accept it, list it in `rules.TC117.formats`.",
                     prefer_key=False)
            return
        sugg = _FORMAT_ALIASES.get(f.lower()) or closest(f, sorted(FORMATS_2020))
        self.hit("TC117", fpath, f"unknown format `{f}`" + (f" (did you mean `{sugg}`?)" if sugg else ""),
                 (f"Write `format: {sugg}`." if sugg else
                  "Use a standard format (date-time, date, time, email, uri, uuid, ...), or describe the shape "
                  "with `pattern`; validators ignore unknown formats.") +
                 (" To accept it, list it in `rules.TC117.formats`." if not sugg else ""),
                 prefer_key=False)

    # -- root must describe an object
    def _root_object(self) -> None:
        t = self.root.get("type")
        key = self.base[0]
        if t is None:
            self.hit("TC118", (), f"`{key}` does not declare `type: object`",
                     f"Add `type: object` at the root of `{key}`: every model API expects the arguments to be an "
                     "object.")
            return
        if isinstance(t, str):
            if t == "object" or t not in JSON_TYPES:
                return  # a bad name is TC103's
            self.hit("TC118", ("type",), f"`{key}` has `type: {t}`: tool arguments are always an object",
                     "Use `type: object` with the value as a property, e.g. `properties: {value: {type: "
                     f"{t}}}}}`.", severity="error", prefer_key=False)
            return
        if isinstance(t, list) and all(isinstance(x, str) for x in t):
            if any(x not in JSON_TYPES for x in t):
                return
            if "object" not in t:
                self.hit("TC118", ("type",), f"`{key}` has `type: {_show(t)}`: tool arguments are always an object",
                         "Use `type: object`.", severity="error", prefer_key=False)
            elif len(set(t)) > 1:
                self.hit("TC118", ("type",), f"`{key}` allows {_show(t)}: tool arguments are always an object",
                         "Use `type: object` alone.", prefer_key=False)

    # -- $schema
    def _unknown_dialect(self) -> None:
        uri = self.bad_uri or ""
        low = uri.lower()
        if "draft-03" in low or "draft-3/" in low:
            msg = f"`$schema` `{uri}` is draft-03, which toolcheck and current validators do not support"
        elif not uri.strip():
            msg = "`$schema` is empty"
        else:
            msg = f"`$schema` `{uri}` is not a JSON Schema dialect toolcheck knows"
        key = re.sub(r"^[a-z]+://", "", low).rstrip("#")
        sugg = next((CANONICAL_URI[d] for k, d in _URI_DIALECT.items() if k == key), None)
        self.hit("TC102", ("$schema",), msg + "; checked as draft 2020-12",
                 (f"Write `$schema: {sugg}`." if sugg else
                  "Declare a supported dialect (`https://json-schema.org/draft/2020-12/schema`, 2019-09, draft-07, "
                  "draft-06 or draft-04), or remove `$schema` (draft 2020-12 is assumed)."), prefer_key=False)

    # -- meta-validation
    def _meta(self) -> None:
        if not self.ctx.is_enabled("TC101"):
            return
        v = _meta_validator(self.dialect)
        if v is None:
            return
        doc = _patched(self.root, self.patches) if self.patches else self.root
        try:
            if v.is_valid(doc):
                return
            errors = list(v.iter_errors(doc))
        except (ValueError, TypeError, OverflowError) as e:
            self.hit("TC101", (), f"the schema cannot be read as JSON: {str(e).splitlines()[0] if str(e) else e}",
                     "Use only JSON values (string keys, finite numbers).")
            return
        seen: set = set()
        for e in errors:
            path = tuple(e.instance_path)
            kind = getattr(e.kind, "name", "")
            k = (path, kind, e.message)
            if k in seen:
                continue
            seen.add(k)
            msg, help = _meta_text(path, kind, e, doc, self.dialect)
            why = (", the default when `$schema` is absent" if "$schema" not in self.root else
                   ", since `$schema` is not a known dialect" if self.bad_uri is not None else "")
            self.hit("TC101", path, msg, f"{help} (checked against the {self.label} metaschema{why})",
                     prefer_key=False)


_DELETE = object()
_MISSING = object()

_CONTRA_KEYS = frozenset((
    "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "minItems", "maxItems",
    "minProperties", "maxProperties", "minContains", "maxContains", "not", "allOf",
))
_MIN_MAX = (("minLength", "maxLength", "string"), ("minItems", "maxItems", "array"),
            ("minProperties", "maxProperties", "object"), ("minContains", "maxContains", "array"))
_APPLIES = {"string": "string", "array": "array", "object": "object"}  # the JSON type each pair constrains
_NODE_KEYS = _CONTRA_KEYS | {
    "type", "required", "enum", "const", "default", "example", "examples", "pattern", "patternProperties", "format",
}
_WALK_KEYS = _SUB_ONE | _SUB_LIST | _SUB_MAP | {"$ref", "$anchor", "$dynamicAnchor", "$id", "id"}

_ANNOTATION_KW = frozenset(("title", "description", "default", "examples", "$comment", "deprecated", "readOnly",
                            "writeOnly", "$id", "$anchor", "$schema", "$defs", "definitions"))


def _options(ctx, code: str) -> dict:
    try:
        return ctx.options(code)
    except (KeyError, AttributeError, TypeError):
        return {}


def _names(value: Any) -> frozenset[str]:
    if not isinstance(value, (list, tuple)):
        return frozenset()
    return frozenset(str(x) for x in value if isinstance(x, (str, int)) and not isinstance(x, bool))


def _run_options(ctx) -> tuple[frozenset[str], frozenset[str]]:
    got = ctx.cache.get("TC1:options")
    if got is None:
        got = (_names(_options(ctx, "TC104").get("allow")), _names(_options(ctx, "TC117").get("formats")))
        ctx.cache["TC1:options"] = got
    return got


def _matches_any(patterns: dict, name: str) -> bool:
    for p in patterns:
        if not isinstance(p, str):
            continue
        rx = _compile_ecma(p)
        if rx is None:
            return True  # cannot tell: assume it may match (the pattern itself is reported)
        try:
            if rx.find(name) is not None:
                return True
        except Exception:  # noqa: BLE001 - regress raises its own errors on engine limits
            return True
    return False


def _types_of(s: dict) -> set[str] | None:
    t = s.get("type")
    if isinstance(t, str):
        return {t} if t in JSON_TYPES else None
    if isinstance(t, list) and t and all(isinstance(x, str) and x in JSON_TYPES for x in t):
        return set(t)
    if "const" in s:
        return {_json_type(s["const"])}
    return None


def _intersect(a: set[str], b: set[str]) -> set[str]:
    out = a & b
    if ("integer" in a and "number" in b) or ("number" in a and "integer" in b):
        out.add("integer")
    return out


def _types_text(ts: set[str]) -> str:
    return " or ".join(f"`{t}`" for t in sorted(ts))


def _resolve_pointer(target: Any, frag: str) -> str | None:
    """None when the JSON pointer ``frag`` resolves to a schema in ``target``; else what is wrong."""
    tokens = [unquote(t).replace("~1", "/").replace("~0", "~") for t in frag[1:].split("/")] if frag != "/" else [""]
    cur = target
    done = ""
    for t in tokens:
        if isinstance(cur, dict):
            if t in cur:
                cur = cur[t]
                done += "/" + _esc(t)
                continue
            sugg = closest(t, [k for k in cur if isinstance(k, str)])
            return (f"no `{t}` under `{done or '#'}`" + (f" (did you mean `{sugg}`?)" if sugg else ""))
        if isinstance(cur, list) and t.isdigit() and int(t) < len(cur):
            cur = cur[int(t)]
            done += "/" + t
            continue
        return f"`{done or '#'}` has no `{t}`"
    if not isinstance(cur, (dict, bool)):
        return f"it points to a {_json_type(cur)}, not to a schema"
    return None


def _patched(root: dict, patches: list) -> dict:
    """A copy of ``root`` with the patches applied, copying only the containers on the patched paths."""
    top = dict(root)
    copies: dict[tuple, Any] = {(): top}
    for path, key, new in patches:
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
        if new is _DELETE:
            cur.pop(key, None)
        else:
            cur[key] = new
    return top


_META_CACHE: dict[str, Any] = {}


def _meta_validator(dialect: str):
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


def _meta_text(path: tuple, kind: str, e, doc: Any, dialect: str) -> tuple[str, str]:
    value = _value_at(doc, path)
    last = path[-1] if path else None
    parent_kw = path[-2] if len(path) >= 2 else None
    spath = [str(x) for x in (e.schema_path or ())]
    expect = next((_EXPECT[x] for x in spath if x in _EXPECT), None)
    is_schema_slot = kind == "type" and set(getattr(e.kind, "types", []) or []) >= {"boolean", "object"} \
        and len(getattr(e.kind, "types", []) or []) == 2
    if parent_kw in ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas") and \
            is_schema_slot:
        msg = f"`{parent_kw}.{last}` must be a schema (a mapping, or true/false), not {_show(value)}"
        help = "Give it a schema such as `{type: string, description: ...}`."
        if isinstance(last, str) and last in ALL_KEYWORDS and parent_kw == "properties":
            help = (f"`{last}` is a keyword: it belongs to the object schema itself, not under `properties` "
                    "(check the indentation).")
        return msg, help
    if last is None:
        label = "the schema"
    elif isinstance(last, int):
        label = f"`{parent_kw}[{last}]`" if parent_kw is not None else f"item {last}"
    elif last not in ALL_KEYWORDS and isinstance(parent_kw, str):
        label = f"`{parent_kw}.{last}`"  # an entry of a keyword's mapping, e.g. `dependentRequired.a`
    else:
        label = f"`{last}`"
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
                if _canon(x) in seen:
                    return f"`type` lists {_show(x)} twice", "Remove the repeated type name."
                seen.add(_canon(x))
        return (f"`type` must be a type name or a list of type names, not {_show(value)}",
                "Use `string`, `number`, `integer`, `boolean`, `array`, `object` or `null` (or a list of them).")
    if kind == "type":
        types = list(getattr(e.kind, "types", []) or [])
        if is_schema_slot:
            want = "a schema (a mapping, or true/false)"
        elif expect:
            want = expect
        else:
            want = " or ".join(_article(t) for t in types) or "another type"
        return (f"{label} must be {want}, not {_json_type(value)} {_show(value)}",
                f"Fix the value of {label}.")
    if expect and kind in ("minimum", "minItems", "uniqueItems"):
        if kind == "uniqueItems":
            return f"{label} has duplicate entries", "Remove the repeated entries."
        if kind == "minItems":
            return f"{label} must not be empty", f"List at least one entry, or remove {label}."
        return f"{label} must be {expect}, not {_show(value)}", f"Fix the value of {label}."
    if kind == "exclusiveMinimum" and last == "multipleOf":
        return f"`multipleOf` must be greater than 0, not {_show(value)}", "Use a positive number."
    if kind == "minItems":
        return f"{label} must not be empty", f"List at least one entry, or remove {label}."
    if kind == "uniqueItems":
        return f"{label} has duplicate entries", "Remove the repeated entries."
    return f"{label}: {e.message}", f"Fix the value of {label}."


def _article(t: str) -> str:
    return ("an " if t[:1] in "aeiou" else "a ") + t


# ------------------------------------------------------------------------------------------------ quick validation

class _Undecided(Exception):
    pass


# Keywords the quick validator does not evaluate: a schema using one of them goes to the compiled engine.
_QUICK_HANDLED = frozenset((
    "type", "enum", "const", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
    "minLength", "maxLength", "minItems", "maxItems", "uniqueItems", "items", "minProperties", "maxProperties",
    "required", "properties", "additionalProperties", "format",
))
_QUICK_OK = _QUICK_HANDLED | _ANNOTATION_KW


def _quick(s: Any, v: Any, skip: tuple, dialect: str, depth: int) -> bool | str | None:
    """True when ``v`` is valid against ``s``; a reason string when not; None when only the engine can tell."""
    if s is True:
        return True
    if s is False:
        return "is rejected by the schema `false`"
    if not isinstance(s, dict) or depth > 16:
        return None
    if v is None and s.get("nullable") is True:
        return True
    if not _QUICK_OK.issuperset(s):
        for k in s:
            if k in ALL_KEYWORDS and k not in _QUICK_OK and k not in skip:
                return None
    d4 = dialect == D4
    for k, kv in s.items():
        if k not in _QUICK_HANDLED or k in skip:
            continue
        if k == "type":
            if isinstance(kv, str):
                if kv not in JSON_TYPES:
                    raise _Undecided
                if not _has_type(v, kv):
                    return f"is not of type `{kv}`"
            elif isinstance(kv, list):
                if not all(isinstance(x, str) and x in JSON_TYPES for x in kv):
                    raise _Undecided
                if not any(_has_type(v, x) for x in kv):
                    return f"is not of type {_types_text(set(kv))}"
            else:
                raise _Undecided
        elif k == "enum":
            if not isinstance(kv, list):
                raise _Undecided
            c = _canon(v)
            if not any(_canon(x) == c for x in kv):
                return "is not one of the `enum` values"
        elif k == "const":
            if _canon(v) != _canon(kv):
                return f"is not the `const` value {_show(kv)}"
        elif _is_num(v) and k in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"):
            if isinstance(kv, bool) and d4 and k.startswith("exclusive"):
                continue
            if not _is_num(kv):
                raise _Undecided
            if k == "minimum":
                excl = d4 and s.get("exclusiveMinimum") is True
                if v < kv or (excl and v == kv):
                    return f"is less than {'or equal to ' if excl else ''}`minimum` {_show(kv)}"
            elif k == "maximum":
                excl = d4 and s.get("exclusiveMaximum") is True
                if v > kv or (excl and v == kv):
                    return f"is greater than {'or equal to ' if excl else ''}`maximum` {_show(kv)}"
            elif k == "exclusiveMinimum":
                if v <= kv:
                    return f"is not greater than `exclusiveMinimum` {_show(kv)}"
            elif k == "exclusiveMaximum":
                if v >= kv:
                    return f"is not less than `exclusiveMaximum` {_show(kv)}"
            elif k == "multipleOf":
                if kv <= 0:
                    raise _Undecided
                q = v / kv
                if not (math.isfinite(q) and abs(q - round(q)) < 1e-9):
                    return f"is not a multiple of {_show(kv)}"
        elif isinstance(v, str) and k in ("minLength", "maxLength"):
            if not _is_num(kv):
                raise _Undecided
            if k == "minLength" and len(v) < kv:
                return f"is shorter than `minLength` {_show(kv)}"
            if k == "maxLength" and len(v) > kv:
                return f"is longer than `maxLength` {_show(kv)}"
        elif isinstance(v, list) and k in ("minItems", "maxItems", "uniqueItems", "items"):
            if k == "minItems" and _is_num(kv) and len(v) < kv:
                return f"has fewer items than `minItems` {_show(kv)}"
            if k == "maxItems" and _is_num(kv) and len(v) > kv:
                return f"has more items than `maxItems` {_show(kv)}"
            if k == "uniqueItems" and kv is True and len({_canon(x) for x in v}) != len(v):
                return "has duplicate items (`uniqueItems`)"
            if k == "items":
                if isinstance(kv, list):
                    return None
                for i, x in enumerate(v):
                    r = _quick(kv, x, (), dialect, depth + 1)
                    if r is None:
                        return None
                    if r is not True:
                        return f"has an item [{i}] that {r}"
        elif isinstance(v, dict) and k in ("minProperties", "maxProperties", "required", "properties",
                                           "additionalProperties"):
            if k == "minProperties" and _is_num(kv) and len(v) < kv:
                return f"has fewer properties than `minProperties` {_show(kv)}"
            if k == "maxProperties" and _is_num(kv) and len(v) > kv:
                return f"has more properties than `maxProperties` {_show(kv)}"
            if k == "required" and isinstance(kv, list):
                for r in kv:
                    if isinstance(r, str) and r not in v:
                        return f"lacks the required property `{r}`"
            if k == "properties" and isinstance(kv, dict):
                for name, sub in kv.items():
                    if name in v:
                        r = _quick(sub, v[name], (), dialect, depth + 1)
                        if r is None:
                            return None
                        if r is not True:
                            return f"has a property `{name}` that {r}"
            if k == "additionalProperties" and kv is not True:
                if "patternProperties" in s:
                    return None
                props = s.get("properties") if isinstance(s.get("properties"), dict) else {}
                for name, x in v.items():
                    if name in props:
                        continue
                    r = _quick(kv, x, (), dialect, depth + 1)
                    if r is None:
                        return None
                    if r is not True:
                        return f"has a property `{name}` that `additionalProperties` rejects"
    return True


# ------------------------------------------------------------------------------------------------ regexes

_REGEX_CACHE: dict[str, list] = {}
_ECMA_CACHE: dict[tuple[str, str], Any] = {}


def _compile_ecma(p: str, flags: str = "u"):
    key = (p, flags)
    if key in _ECMA_CACHE:
        return _ECMA_CACHE[key]
    import regress

    try:
        rx = regress.Regex(p, flags) if flags else regress.Regex(p)
    except Exception:  # noqa: BLE001 - regress raises RegressError (and ValueError on some inputs)
        rx = None
    if len(_ECMA_CACHE) > 4096:
        _ECMA_CACHE.clear()
    _ECMA_CACHE[key] = rx
    return rx


def regex_findings(pattern: str) -> list[tuple[str, str, str, str | None]]:
    """(code, message, help, severity override) for one ECMA-262 pattern; memoised per pattern text."""
    got = _REGEX_CACHE.get(pattern)
    if got is not None:
        return got
    out: list[tuple[str, str, str, str | None]] = []
    foreign = _foreign_syntax(pattern)
    if foreign:
        what = ", ".join(f"`{c}`" for c, _ in foreign)
        fixes = "; ".join(f"`{c}` → {fix}" for c, fix in foreign)
        out.append(("TC115", f"uses {what}, Python/PCRE syntax that ECMA-262 rejects or reads differently (JSON "
                             "Schema patterns are ECMA-262, as model APIs and JavaScript validators read them)",
                    f"Rewrite it in ECMA-262: {fixes}.", None))
    else:
        if _compile_ecma(pattern, "u") is None:
            if _compile_ecma(pattern, "") is None:
                err = _regress_error(pattern)
                out.append(("TC114", f"is not a valid ECMA-262 regular expression ({err})",
                            "Fix the pattern; test it with JavaScript's `new RegExp(pattern, 'u')`.", None))
            else:
                err = _regress_error(pattern, "u")
                out.append(("TC114", f"is invalid in Unicode mode ({err}), which Ajv and other JavaScript "
                                     "validators use",
                            "Remove escapes of characters that need none (e.g. `\\-` outside a class, `\\_`, "
                            "`\\ `), or write them literally.", "warning"))
    if not any(c == "TC114" and s is None for c, _, _, s in out):
        bad = _backtracking(pattern)
        if bad:
            out.append(("TC116", f"can backtrack catastrophically ({bad}): a long non-matching string makes a "
                                 "backtracking engine run for minutes",
                        "Remove the nested or overlapping repetition, e.g. `(\\w+\\s?)*` → `[\\w\\s]*`, `(a+)+` → "
                        "`a+`; bound the repetition with `{m,n}` and add `maxLength`.", None))
    if len(_REGEX_CACHE) > 4096:
        _REGEX_CACHE.clear()
    _REGEX_CACHE[pattern] = out
    return out


def _regress_error(p: str, flags: str = "") -> str:
    import regress

    try:
        regress.Regex(p, flags) if flags else regress.Regex(p)
    except Exception as e:  # noqa: BLE001
        return str(e) or type(e).__name__
    return "invalid"


_BRACE_QUANT = re.compile(r"\{\d+(,\d*)?\}")
_INLINE_FLAGS = re.compile(r"\(\?([aiLmsux]+)\)")
_SCOPED_PY_FLAGS = re.compile(r"\(\?[imsx]*[aLu][imsx]*(-[imsx]+)?:")


def _foreign_syntax(p: str) -> list[tuple[str, str]]:
    """Python (and POSIX) regex constructs that ECMA-262 rejects or reads differently, with the ECMA fix."""
    out: list[tuple[str, str]] = []
    seen: set[str] = set()

    def add(c: str, fix: str) -> None:
        if c not in seen:
            seen.add(c)
            out.append((c, fix))

    n = len(p)
    i = 0
    in_class = False
    while i < n:
        c = p[i]
        if c == "\\" and i + 1 < n:
            e = p[i + 1]
            if not in_class:
                if e in "Zz":
                    add("\\" + e, "`$` (end of input)")
                elif e == "A":
                    add("\\A", "`^` (start of input)")
            i += 2
            if e in "pPuk" and i < n and p[i] in "{<":  # \p{L}, \u{1F600}, \k<name>: skip the braces
                j = p.find("}" if p[i] == "{" else ">", i)
                i = j + 1 if j > 0 else n
            continue
        if in_class:
            if c == "[" and p.startswith("[:", i):
                j = p.find(":]", i + 2)
                if j > 0 and re.fullmatch(r"[a-z]+", p[i + 2:j] or "-"):
                    cls = p[i:j + 2]
                    add(cls, _POSIX.get(p[i + 2:j], "an explicit class such as `A-Za-z`"))
                    i = j + 2
                    continue
            if c == "]":
                in_class = False
            i += 1
            continue
        if c == "[":
            in_class = True
            i += 1
            continue
        if c == "(" and p.startswith("(?", i):
            rest = p[i + 2:i + 12]
            if rest.startswith("P<"):
                add("(?P<name>...)", "`(?<name>...)`")
            elif rest.startswith("P="):
                add("(?P=name)", "`\\k<name>`")
            elif rest.startswith(">"):
                add("(?>...)", "a plain group `(?:...)` (ECMA-262 has no atomic groups)")
            elif rest.startswith("#"):
                add("(?#...)", "remove the comment")
            else:
                m = _INLINE_FLAGS.match(p, i)
                if m:
                    fl = m.group(1)
                    fix = ("list both cases in classes, e.g. `[Aa]` (JSON Schema patterns take no flags)"
                           if "i" in fl else "remove it (JSON Schema patterns take no flags)")
                    add(m.group(0), fix)
                elif _SCOPED_PY_FLAGS.match(p, i):
                    add(p[i:p.find(":", i) + 1], "remove the Python-only flag")
            i += 2
            continue
        if c == "{":
            m = _BRACE_QUANT.match(p, i)
            if m:
                i = m.end()
                if i < n and p[i] == "+":
                    add("{m,n}+", "`{m,n}` (ECMA-262 has no possessive quantifiers)")
                continue
        if c in "*+?" and i + 1 < n and p[i + 1] == "+":
            add(c + "+", f"`{c}` (ECMA-262 has no possessive quantifiers)")
            i += 2
            continue
        i += 1
    return out


_POSIX = {
    "alpha": "`A-Za-z`", "digit": "`0-9` (or `\\d`)", "alnum": "`A-Za-z0-9`", "space": "`\\s`",
    "upper": "`A-Z`", "lower": "`a-z`", "punct": "an explicit list of punctuation", "xdigit": "`0-9A-Fa-f`",
    "word": "`\\w`",
}

# --- catastrophic backtracking: a small parser and an ambiguity test over a sample alphabet

_ALPHA = (
    [chr(c) for c in range(0x20, 0x7F)] + ["\t", "\n", "\r", "\u00a0", "é", "ß", "Ж", "中", "\u2028", "😀", "\x00"]
)
_ALPHA_INDEX = {ch: i for i, ch in enumerate(_ALPHA)}
_FULL = (1 << len(_ALPHA)) - 1
_NO_NEWLINE = _FULL & ~sum(1 << _ALPHA_INDEX[c] for c in "\n\r\u2028")
_SET_CACHE: dict[str, int] = {}


def _set_mask(src: str) -> int:
    m = _SET_CACHE.get(src)
    if m is not None:
        return m
    if src == ".":
        m = _NO_NEWLINE
    else:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # e.g. "possible nested set" for `[[:alpha:]]`
                rx = re.compile(src)
            m = 0
            for i, ch in enumerate(_ALPHA):
                if rx.fullmatch(ch):
                    m |= 1 << i
        except (re.error, OverflowError, RecursionError):
            m = _FULL
    if len(_SET_CACHE) > 4096:
        _SET_CACHE.clear()
    _SET_CACHE[src] = m
    return m


class _Rx:
    __slots__ = ("kind", "kids", "lo", "hi", "mask")

    def __init__(self, kind: str, kids: list | None = None, lo: int = 1, hi: int | None = 1, mask: int = 0):
        self.kind = kind  # seq | alt | rep | set | zw
        self.kids = kids or []
        self.lo = lo
        self.hi = hi
        self.mask = mask


class _RxParseError(Exception):
    pass


def _rx_parse(p: str) -> _Rx:
    pos = 0
    n = len(p)

    def alt(depth: int) -> _Rx:
        nonlocal pos
        if depth > 64:
            raise _RxParseError
        branches = [seq(depth)]
        while pos < n and p[pos] == "|":
            pos += 1
            branches.append(seq(depth))
        return branches[0] if len(branches) == 1 else _Rx("alt", branches)

    def seq(depth: int) -> _Rx:
        nonlocal pos
        items: list[_Rx] = []
        while pos < n and p[pos] not in "|)":
            items.append(quant(atom(depth)))
        return _Rx("seq", items)

    def atom(depth: int) -> _Rx:
        nonlocal pos
        c = p[pos]
        if c == "(":
            zero = False
            if p.startswith("(?:", pos):
                pos += 3
            elif p.startswith(("(?=", "(?!"), pos):
                pos += 3
                zero = True
            elif p.startswith(("(?<=", "(?<!"), pos):
                pos += 4
                zero = True
            elif p.startswith("(?<", pos):
                j = p.find(">", pos)
                if j < 0:
                    raise _RxParseError
                pos = j + 1
            elif p.startswith("(?", pos):
                raise _RxParseError
            else:
                pos += 1
            inner = alt(depth + 1)
            if pos >= n or p[pos] != ")":
                raise _RxParseError
            pos += 1
            return _Rx("zw") if zero else inner
        if c == "[":
            j = pos + 1
            if j < n and p[j] == "^":
                j += 1
            while j < n and p[j] != "]":
                j += 2 if p[j] == "\\" else 1
            if j >= n:
                raise _RxParseError
            src = p[pos:j + 1]
            pos = j + 1
            return _Rx("set", mask=_set_mask(src))
        if c == "\\":
            if pos + 1 >= n:
                raise _RxParseError
            e = p[pos + 1]
            if e in "bB":
                pos += 2
                return _Rx("zw")
            if e.isdigit() and e != "0":
                pos += 2
                while pos < n and p[pos].isdigit():
                    pos += 1
                return _Rx("set", mask=_FULL)
            m = re.compile(r"\\(u\{[0-9A-Fa-f]+\}|u[0-9A-Fa-f]{4}|x[0-9A-Fa-f]{2}|c[A-Za-z]|[pP]\{[^}]*\}|k<[^>]*>|.)",
                           re.S).match(p, pos)
            src = m.group(0) if m else p[pos:pos + 2]
            pos += len(src)
            if src[1] in "pPk":
                return _Rx("set", mask=_FULL)
            return _Rx("set", mask=_set_mask(src if src[1] not in "ux" else re.escape(_unescape(src))))
        if c in "^$":
            pos += 1
            return _Rx("zw")
        if c == ".":
            pos += 1
            return _Rx("set", mask=_NO_NEWLINE)
        pos += 1
        return _Rx("set", mask=_lit_mask(c))

    def quant(a: _Rx) -> _Rx:
        nonlocal pos
        if pos >= n:
            return a
        c = p[pos]
        lo, hi = None, None
        if c == "*":
            lo, hi = 0, None
            pos += 1
        elif c == "+":
            lo, hi = 1, None
            pos += 1
        elif c == "?":
            lo, hi = 0, 1
            pos += 1
        elif c == "{":
            m = re.compile(r"\{(\d+)(,(\d*))?\}").match(p, pos)
            if not m:
                return a
            lo = int(m.group(1))
            hi = lo if m.group(2) is None else (int(m.group(3)) if m.group(3) else None)
            pos = m.end()
        else:
            return a
        if pos < n and p[pos] == "?":
            pos += 1
        return _Rx("rep", [a], lo=lo, hi=hi)

    tree = alt(0)
    if pos != n:
        raise _RxParseError
    return tree


def _unescape(src: str) -> str:
    try:
        if src.startswith("\\u{"):
            return chr(int(src[3:-1], 16))
        return chr(int(src[2:], 16))
    except (ValueError, OverflowError):
        return "\x00"


def _lit_mask(c: str) -> int:
    i = _ALPHA_INDEX.get(c)
    if i is not None:
        return 1 << i
    return _set_mask(re.escape(c))


def _nullable(r: _Rx) -> bool:
    k = r.kind
    if k == "set":
        return False
    if k == "zw":
        return True
    if k == "seq":
        return all(_nullable(x) for x in r.kids)
    if k == "alt":
        return any(_nullable(x) for x in r.kids)
    return r.lo == 0 or _nullable(r.kids[0])


def _first(r: _Rx) -> int:
    k = r.kind
    if k == "set":
        return r.mask
    if k == "zw":
        return 0
    if k == "seq":
        m = 0
        for x in r.kids:
            m |= _first(x)
            if not _nullable(x):
                break
        return m
    if k == "alt":
        m = 0
        for x in r.kids:
            m |= _first(x)
        return m
    return _first(r.kids[0])


def _chars(r: _Rx) -> int:
    if r.kind == "set":
        return r.mask
    m = 0
    for x in r.kids:
        m |= _chars(x)
    return m


def _backtracking(p: str) -> str | None:
    """A description of the ambiguous repetition when ``p`` is prone to exponential backtracking, else None."""
    if len(p) > 2000:
        return None
    try:
        tree = _rx_parse(p)
    except (_RxParseError, RecursionError):
        return None
    found: list[str] = []

    def visit(r: _Rx, follow: int, inside: bool) -> None:
        if found:
            return
        k = r.kind
        if k == "seq":
            kids = r.kids
            # what may follow kid i: the first characters of the rest, and `follow` when the rest can be empty
            after = [0] * (len(kids) + 1)
            after[-1] = follow
            for i in range(len(kids) - 1, 0, -1):
                y = kids[i]
                after[i] = _first(y) | (after[i + 1] if _nullable(y) else 0)
            for i, x in enumerate(kids):
                visit(x, after[i + 1], inside)
        elif k == "alt":
            if inside:
                firsts = [_first(x) for x in r.kids]
                for i in range(len(firsts)):
                    for j in range(i + 1, len(firsts)):
                        if firsts[i] & firsts[j]:
                            found.append("alternatives that can match the same text inside a repetition")
                            return
            for x in r.kids:
                visit(x, follow, inside)
        elif k == "rep":
            body = r.kids[0]
            unbounded = r.hi is None or r.hi > 32
            if unbounded and inside and _chars(body) & follow:
                found.append("a repeated group whose inner repetition can match the same text as what follows it")
                return
            if unbounded:
                visit(body, follow | _first(body), True)
            else:
                visit(body, follow | (_first(body) if (r.hi or 0) > 1 else 0), inside)

    try:
        visit(tree, 0, False)
    except RecursionError:
        return None
    return found[0] if found else None


# ------------------------------------------------------------------------------------------------ the rules


@rule("TC101", "metaschema-violation", scope="set")
def metaschema_violation(contracts, ctx):
    """A keyword's value is not what the JSON Schema metaschema allows.

    What it does:
    Validates `parameters` and `returns` (any alias) against the metaschema of the dialect the schema declares in
    `$schema` (draft 2020-12 when absent; 2019-09, draft-07, draft-06 and draft-04 are supported) and reports
    every error, not only the first, at the offending keyword: `minLength: "5"`, `required: name`,
    `properties: [..]`, `items: [..]` in 2020-12, `exclusiveMinimum: true` after draft-04, and so on. The help
    says which dialect was used. What a dedicated TC1 rule reports (a bad type name, `required: true`, a
    duplicate `required` entry) is not reported again here.

    Why is this bad?
    Validators refuse to compile a schema the metaschema rejects (so the host cannot check arguments at all), and
    model APIs answer such a tool definition with a 400 error, failing every request that carries it.

    Example:
    ```yaml
    name: search_gifts
    description: Search the gift catalogue by keyword.
    parameters:
      type: object
      properties:
        query: {type: string, minLength: "2", description: Words to search for.}
    ```

    Use instead:
    ```yaml
    name: search_gifts
    description: Search the gift catalogue by keyword.
    parameters:
      type: object
      properties:
        query: {type: string, minLength: 2, description: Words to search for.}
    ```
    """
    return run_index(contracts, ctx).get("TC101", ())


@rule("TC102", "unknown-schema-dialect", scope="set")
def unknown_schema_dialect(contracts, ctx):
    """`$schema` names a dialect toolcheck does not know.

    What it does:
    Reports a `$schema` at the root of `parameters`/`returns` that is not the URI of draft 2020-12, 2019-09,
    draft-07, draft-06 or draft-04 (http or https, with or without the empty fragment `#`). The schema is then
    checked as draft 2020-12.

    Why is this bad?
    Validators refuse a schema whose metaschema they do not have (jsonschema-rs: "Unknown meta-schema"), and a
    misspelt URI silently changes which keywords mean what.

    Example:
    ```yaml
    name: get_gift_details
    description: Get one gift by its id.
    parameters:
      $schema: http://json-schema.org/draft-03/schema#
      type: object
      properties:
        gift_id: {type: string, description: The gift's id.}
    ```

    Use instead:
    ```yaml
    name: get_gift_details
    description: Get one gift by its id.
    parameters:
      $schema: http://json-schema.org/draft-07/schema#
      type: object
      properties:
        gift_id: {type: string, description: The gift's id.}
    ```
    """
    return run_index(contracts, ctx).get("TC102", ())


@rule("TC103", "invalid-type-name", scope="set", fix="safe")
def invalid_type_name(contracts, ctx):
    """`type` names something that is not a JSON Schema type.

    What it does:
    Reports each `type` value (or each entry of a `type` list) that is not one of `string`, `number`, `integer`,
    `boolean`, `array`, `object`, `null`, with the intended name: `dict`/`HashMap` → `object`, `float`/`double`
    → `number`, `int`/`long` → `integer`, `str`/`String` → `string`, `bool` → `boolean`, `list`/`tuple` →
    `array`, `any` → remove `type`. Reported once per bad name (not also as a metaschema violation). Typical of
    Python-flavoured schemas such as the Berkeley Function Calling Leaderboard's `"type": "dict"`.

    Why is this bad?
    Every validator rejects the schema and model APIs reject the tool (`Invalid schema for function`); a model
    that still sees it must guess what `float` means.

    Example:
    ```yaml
    name: calculate_bmi
    description: Calculate body mass index given weight and height.
    parameters:
      type: dict
      properties:
        weight: {type: float, description: Weight in kilograms.}
      required: [weight]
    ```

    Use instead:
    ```yaml
    name: calculate_bmi
    description: Calculate body mass index given weight and height.
    parameters:
      type: object
      properties:
        weight: {type: number, description: Weight in kilograms.}
      required: [weight]
    ```
    """
    return run_index(contracts, ctx).get("TC103", ())


@rule("TC104", "unknown-keyword", severity="warning", scope="set", options={"allow": []}, fix="safe")
def unknown_keyword(contracts, ctx):
    """A schema holds a keyword that its dialect does not define (often a typo).

    What it does:
    Reports keys of a schema object that are not keywords of its dialect: typos (`requried`,
    `additionalproperties`, `minLenght`, with the intended keyword), non-keywords that users expect to work
    (`optional: true`; `min`, `regex`, `values`), keywords of another dialect (`prefixItems` in draft-07,
    `const` in draft-04), and property schemas written directly on the object instead of under `properties`.
    Only keys in keyword position count: property names under `properties`/`$defs`/`definitions`/
    `patternProperties`/`dependentSchemas` and values under `enum`/`const`/`default`/`examples` are data.
    Never reported: annotations (`title`, `description`, `$comment`, `deprecated`, `readOnly`, `writeOnly`,
    `examples`), `x-*` extensions, `definitions`/`$defs` in any dialect, and the vendor annotations `example`,
    `discriminator`, `propertyOrdering`, `externalDocs`, `xml`, `enumNames`, `enumDescriptions`,
    `markdownDescription`. `nullable` (OpenAPI) is reported as `info`: JSON Schema validators ignore it. In
    vendor-format input (e.g. JSON Lines of function objects) an unknown keyword with no likely intended keyword
    is `info`.

    Why is this bad?
    Validators ignore unknown keywords, so the constraint the author meant (`requried`, `minLenght`) is silently
    not enforced, and strict model APIs reject the tool outright.

    Example:
    ```yaml
    name: create_ticket
    description: Open a support ticket.
    parameters:
      type: object
      properties:
        title: {type: string, minLenght: 5, description: One-line summary.}
        priority: {type: string, optional: true, description: "low, normal or high."}
      requried: [title]
    ```

    Use instead:
    ```yaml
    name: create_ticket
    description: Open a support ticket.
    parameters:
      type: object
      properties:
        title: {type: string, minLength: 5, description: One-line summary.}
        priority: {type: string, description: "low, normal or high."}
      required: [title]
    ```

    Options:
    `rules.TC104.allow` (default `[]`): extra keywords to accept, e.g. a validator's custom keywords.
    """
    return run_index(contracts, ctx).get("TC104", ())


@rule("TC105", "boolean-required", scope="set", fix="safe")
def boolean_required(contracts, ctx):
    """`required: true` (or `false`) on a property instead of the parent's `required` list.

    What it does:
    Reports a boolean `required` in a schema (the draft-03 habit), saying which parent `required` list should
    name the property instead. An error rather than an unknown keyword: every current metaschema requires
    `required` to be a list, so validators refuse the schema.

    Why is this bad?
    The property is not required at all (the boolean is not how any current dialect marks it), the validator
    refuses to compile the schema, and model APIs reject it.

    Example:
    ```yaml
    name: send_email
    description: Send an email to one recipient.
    parameters:
      type: object
      properties:
        to: {type: string, required: true, description: Recipient address.}
        body: {type: string, description: Plain-text body.}
    ```

    Use instead:
    ```yaml
    name: send_email
    description: Send an email to one recipient.
    parameters:
      type: object
      required: [to]
      properties:
        to: {type: string, description: Recipient address.}
        body: {type: string, description: Plain-text body.}
    ```
    """
    return run_index(contracts, ctx).get("TC105", ())


@rule("TC106", "required-property-not-defined", scope="set")
def required_property_not_defined(contracts, ctx):
    """`required` names a property that `properties` does not define.

    What it does:
    For an object schema with `properties`, reports each `required` name that is neither in `properties` nor
    matched by a `patternProperties` pattern, suggesting the nearest defined name. Not reported when the object
    describes further properties elsewhere (`additionalProperties` or `unevaluatedProperties` as a schema,
    `allOf`/`anyOf`/`oneOf`, `$ref`, `if`/`then`/`else`, `dependentSchemas`). When `additionalProperties: false`
    forbids the name, the schema is unsatisfiable and TC111 reports it instead.

    Why is this bad?
    Almost always a typo or a renamed property: the model is told an argument is mandatory but gets no type or
    description for it, while the property it does know about is silently optional.

    Example:
    ```yaml
    name: get_product_stock
    description: Stock level of one product.
    parameters:
      type: object
      required: [product_id]
      properties:
        productId: {type: string, description: The product's SKU.}
    ```

    Use instead:
    ```yaml
    name: get_product_stock
    description: Stock level of one product.
    parameters:
      type: object
      required: [product_id]
      properties:
        product_id: {type: string, description: The product's SKU.}
    ```
    """
    return run_index(contracts, ctx).get("TC106", ())


@rule("TC107", "duplicate-required-entry", scope="set")
def duplicate_required_entry(contracts, ctx):
    """`required` lists the same property twice.

    What it does:
    Reports each repeated entry of a `required` list, at the repetition.

    Why is this bad?
    Every metaschema requires unique entries, so strict validators refuse the schema; usually the second entry
    was meant to name another property.

    Example:
    ```yaml
    name: update_profile
    description: Update the user's display name and email.
    parameters:
      type: object
      required: [name, name]
      properties:
        name: {type: string, description: Display name.}
        email: {type: string, description: Contact email.}
    ```

    Use instead:
    ```yaml
    name: update_profile
    description: Update the user's display name and email.
    parameters:
      type: object
      required: [name, email]
      properties:
        name: {type: string, description: Display name.}
        email: {type: string, description: Contact email.}
    ```
    """
    return run_index(contracts, ctx).get("TC107", ())


@rule("TC108", "duplicate-enum-value", severity="warning", scope="set")
def duplicate_enum_value(contracts, ctx):
    """`enum` lists the same value twice.

    What it does:
    Reports each repeated `enum` value (JSON equality: `1` and `1.0` are the same value, `true` and `1` are
    not). A warning in draft 2019-09 and later, where unique values are only recommended; an error in draft-04,
    whose metaschema requires them.

    Why is this bad?
    The repetition is noise in the prompt at best and a hidden typo at worst (`[small, medium, medium]` where
    `large` was meant).

    Example:
    ```yaml
    name: suggest_gifts
    description: Suggest gifts in a price band.
    parameters:
      type: object
      properties:
        band: {type: string, enum: [low, medium, medium], description: Price band.}
    ```

    Use instead:
    ```yaml
    name: suggest_gifts
    description: Suggest gifts in a price band.
    parameters:
      type: object
      properties:
        band: {type: string, enum: [low, medium, high], description: Price band.}
    ```
    """
    return run_index(contracts, ctx).get("TC108", ())


@rule("TC109", "enum-value-violates-schema", scope="set")
def enum_value_violates_schema(contracts, ctx):
    """An `enum` value is rejected by the rest of its own schema.

    What it does:
    Validates each `enum` value against its schema without the `enum` (its `type`, `minLength`, `pattern`, ...)
    and reports the values that fail, with the reason. When no value passes, the schema accepts nothing and
    TC111 reports it instead.

    Why is this bad?
    The model is offered a value that always fails validation: it picks it, and the call is rejected.

    Example:
    ```yaml
    name: estimate_delivery_cost
    description: Estimate the delivery cost of a parcel.
    parameters:
      type: object
      properties:
        speed: {type: integer, enum: [1, 2, "express"], description: Delivery speed in days.}
    ```

    Use instead:
    ```yaml
    name: estimate_delivery_cost
    description: Estimate the delivery cost of a parcel.
    parameters:
      type: object
      properties:
        speed: {type: integer, enum: [1, 2, 5], description: Delivery speed in days.}
    ```
    """
    return run_index(contracts, ctx).get("TC109", ())


@rule("TC110", "default-or-example-violates-schema", severity="warning", scope="set")
def default_or_example_violates_schema(contracts, ctx):
    """A `default`, `examples` or `example` value is rejected by its own schema.

    What it does:
    Validates each `default`, `examples` entry and OpenAPI `example` against the schema it annotates and reports
    the values that fail, with the reason (`default: "None"` on an integer, a default outside `enum`, an example
    longer than `maxLength`). Schemas whose own `type` is invalid are left to TC103.

    Why is this bad?
    Models copy defaults and examples into their calls, and hosts that fill in defaults send a value their own
    validator rejects.

    Example:
    ```yaml
    name: search_docs
    description: Search the product documentation by keyword.
    parameters:
      type: object
      properties:
        limit: {type: integer, minimum: 1, default: 0, description: Maximum number of pages.}
    ```

    Use instead:
    ```yaml
    name: search_docs
    description: Search the product documentation by keyword.
    parameters:
      type: object
      properties:
        limit: {type: integer, minimum: 1, default: 10, description: Maximum number of pages.}
    ```
    """
    return run_index(contracts, ctx).get("TC110", ())


@rule("TC111", "unsatisfiable-schema", scope="set")
def unsatisfiable_schema(contracts, ctx):
    """A schema (or a property's schema) can never be satisfied.

    What it does:
    Finds contradictions statically: `minimum > maximum` (and the exclusive forms, including no integer in the
    range of an `integer`), `minLength > maxLength`, `minItems > maxItems`, `minProperties > maxProperties`,
    more required properties than `maxProperties`, a required property forbidden by `additionalProperties:
    false` (or `unevaluatedProperties: false`) or whose own schema is `false`, an empty `enum`, `enum` values
    none of which pass the rest of the schema (e.g. `type`), a `const` its own schema rejects, `allOf` branches
    with incompatible types, and `not: {}`. Reported at the keyword that makes it impossible. A bound, length,
    item, `contains` or property constraint applies to one JSON type only: it makes the schema unsatisfiable
    only when `type` admits nothing else (the root of `parameters` is always an object); otherwise every value
    of another type still passes, and TC119 reports it as a warning instead.

    Why is this bad?
    Every call fails validation, whatever the model sends; if the schema is a property's, the property can never
    be given.

    Example:
    ```yaml
    name: suggest_gifts
    description: Suggest gifts within a budget.
    parameters:
      type: object
      properties:
        budget: {type: number, minimum: 100, maximum: 10, description: Budget in euros.}
    ```

    Use instead:
    ```yaml
    name: suggest_gifts
    description: Suggest gifts within a budget.
    parameters:
      type: object
      properties:
        budget: {type: number, minimum: 10, maximum: 100, description: Budget in euros.}
    ```
    """
    return run_index(contracts, ctx).get("TC111", ())


@rule("TC119", "contradiction-for-one-type", severity="warning", scope="set")
def contradiction_for_one_type(contracts, ctx):
    """Constraints that contradict each other for one type, in a schema that also admits other types.

    What it does:
    Finds the contradictions TC111 looks for — `minimum > maximum` (and the exclusive forms), `minLength >
    maxLength`, `minItems > maxItems`, `minContains > maxContains`, `minProperties > maxProperties`, more
    required properties than `maxProperties`, a required property that cannot be given — in a schema whose
    `type` does not limit it to the type those keywords constrain (no `type`, or a `type` list with other types).
    Each of these keywords applies to one JSON type only, so every value of another type still passes: the
    schema is not unsatisfiable (that is TC111), but it accepts only what was probably never meant. The message
    says which values still pass. The root of `parameters` is always an object (tool arguments are), so
    object constraints there are TC111.

    Why is this bad?
    The bounds were meant to say something about the value, and they say nothing that any value can meet: a
    model that sends the value the description asks for is always refused, and only a value of the wrong type
    (often `null`, or a string where a number was meant) gets through.

    Example:
    ```yaml
    name: count_gifts
    description: Count the gifts in a price range. Use it when the user asks how many gifts cost so much.
    risk: read_only
    parameters:
      type: object
      properties:
        max_price: {minimum: 100, maximum: 10, description: Highest price in euros.}
    ```

    Use instead:
    ```yaml
    name: count_gifts
    description: Count the gifts in a price range. Use it when the user asks how many gifts cost so much.
    risk: read_only
    parameters:
      type: object
      properties:
        max_price: {type: number, minimum: 10, maximum: 100, description: Highest price in euros.}
    ```
    """
    return run_index(contracts, ctx).get("TC119", ())


@rule("TC112", "unresolvable-ref", scope="set")
def unresolvable_ref(contracts, ctx):
    """A local `$ref` points to nothing.

    What it does:
    Resolves every local `$ref` (`#`, `#/$defs/name`, `#/definitions/name`, any JSON pointer, `#anchor`, and
    refs to the schema's own `$id` or an embedded `$id`) within the schema, and reports those that do not
    resolve, or that resolve to something that is not a schema, with the nearest existing name. Recursive refs
    are fine: a ref is resolved, never expanded.

    Why is this bad?
    Validators refuse to compile the schema, and model APIs reject the tool or drop the parameter.

    Example:
    ```yaml
    name: create_order
    description: Create an order for one or more gifts.
    parameters:
      type: object
      properties:
        address: {$ref: "#/$defs/Adress"}
      $defs:
        Address:
          type: object
          properties:
            city: {type: string, description: City name.}
    ```

    Use instead:
    ```yaml
    name: create_order
    description: Create an order for one or more gifts.
    parameters:
      type: object
      properties:
        address: {$ref: "#/$defs/Address"}
      $defs:
        Address:
          type: object
          properties:
            city: {type: string, description: City name.}
    ```
    """
    return run_index(contracts, ctx).get("TC112", ())


@rule("TC113", "external-ref", scope="set")
def external_ref(contracts, ctx):
    """A `$ref` points to another document (a URL or a file), which is never fetched.

    What it does:
    Reports `$ref`s whose target lies outside the schema: `https://...`, `other.json#/x`, `defs.yaml`. toolcheck
    never uses the network and never reads other files for a schema. Refs to the standard metaschemas and to the
    schema's own `$id` are not reported.

    Why is this bad?
    Model APIs do not resolve external references, so the model never sees the referenced schema; a validator
    that does resolve it fetches code-controlled content from the network at run time.

    Example:
    ```yaml
    name: create_order
    description: Create an order for one gift.
    parameters:
      type: object
      properties:
        address: {$ref: "https://example.com/schemas/address.json"}
    ```

    Use instead:
    ```yaml
    name: create_order
    description: Create an order for one gift.
    parameters:
      type: object
      properties:
        address: {$ref: "#/$defs/Address"}
      $defs:
        Address:
          type: object
          properties:
            city: {type: string, description: City name.}
    ```
    """
    return run_index(contracts, ctx).get("TC113", ())


@rule("TC114", "invalid-regex", scope="set")
def invalid_regex(contracts, ctx):
    r"""A `pattern` (or a `patternProperties` key) is not a valid ECMA-262 regular expression.

    What it does:
    Compiles each `pattern` and `patternProperties` key as ECMA-262 (the dialect JSON Schema specifies, and what
    JavaScript validators and model APIs use), in Unicode mode first. Invalid in both modes: error, with the
    compiler's message. Valid only without the Unicode flag (e.g. `\-` outside a class, `\_`): warning, since
    Ajv and other `u`-mode validators reject it. Python-only syntax is TC115.

    Why is this bad?
    A pattern that does not compile makes the validator refuse the whole schema, or silently skip the check.

    Example:
    ```yaml
    name: get_gift_details
    description: Get one gift by its id.
    parameters:
      type: object
      properties:
        gift_id: {type: string, pattern: "^[A-Z0-9-+$", description: The gift's id.}
    ```

    Use instead:
    ```yaml
    name: get_gift_details
    description: Get one gift by its id.
    parameters:
      type: object
      properties:
        gift_id: {type: string, pattern: "^[A-Z0-9-]+$", description: The gift's id.}
    ```
    """
    return run_index(contracts, ctx).get("TC114", ())


@rule("TC115", "non-ecma-regex-syntax", scope="set")
def non_ecma_regex_syntax(contracts, ctx):
    r"""A `pattern` uses Python (or POSIX) regex syntax that ECMA-262 rejects or reads differently.

    What it does:
    Finds `(?P<name>...)` (→ `(?<name>...)`), `(?P=name)` (→ `\k<name>`), inline flags such as `(?i)` (no
    equivalent: JSON Schema patterns take no flags), `\A`/`\Z`/`\z` (→ `^`/`$`), atomic groups `(?>...)`,
    possessive quantifiers `a++`, comments `(?#...)` and POSIX classes `[[:alpha:]]`, and says the ECMA-262
    spelling.

    Why is this bad?
    Python's `re` accepts these, so the pattern passes a Python test suite, but JavaScript validators and model
    APIs either reject the schema or read something else (`\Z` is a literal `Z` outside Unicode mode).

    Example:
    ```yaml
    name: update_profile
    description: Update the user's handle.
    parameters:
      type: object
      properties:
        handle: {type: string, pattern: "\\A[a-z0-9_]{3,20}\\Z", description: The new handle.}
    ```

    Use instead:
    ```yaml
    name: update_profile
    description: Update the user's handle.
    parameters:
      type: object
      properties:
        handle: {type: string, pattern: "^[a-z0-9_]{3,20}$", description: The new handle.}
    ```
    """
    return run_index(contracts, ctx).get("TC115", ())


@rule("TC116", "backtracking-prone-pattern", severity="warning", scope="set")
def backtracking_prone_pattern(contracts, ctx):
    r"""A `pattern` can take exponential time on a backtracking regex engine.

    What it does:
    Parses each `pattern` and `patternProperties` key and reports unbounded repetitions of something that can
    match the same text in more than one way: a repeated group containing a repetition whose characters can
    also start the next round or what follows (`(a+)+`, `(a*)*`, `(\w+\s?)*$`, `(.*a)+`), or overlapping
    alternatives under a repetition (`(a|aa)+`, `(\d+|\w+)*`).

    Why is this bad?
    JavaScript, Python and Java engines backtrack: `(a+)+$` against 30 `a`s followed by `!` takes seconds to
    minutes, so a single argument can hang the host's validator (ReDoS).

    Example:
    ```yaml
    name: search_docs
    description: Search the product documentation by keyword.
    parameters:
      type: object
      properties:
        query: {type: string, pattern: "^(\\w+\\s?)*$", description: Words to search for.}
    ```

    Use instead:
    ```yaml
    name: search_docs
    description: Search the product documentation by keyword.
    parameters:
      type: object
      properties:
        query: {type: string, pattern: "^[\\w\\s]*$", maxLength: 200, description: Words to search for.}
    ```
    """
    return run_index(contracts, ctx).get("TC116", ())


@rule("TC117", "unknown-format", severity="warning", scope="set", options={"formats": []})
def unknown_format(contracts, ctx):
    """`format` names a format that JSON Schema does not define.

    What it does:
    Reports `format` values outside the draft 2020-12 formats (`date-time`, `date`, `time`, `duration`,
    `email`, `idn-email`, `hostname`, `idn-hostname`, `ipv4`, `ipv6`, `uri`, `uri-reference`, `iri`,
    `iri-reference`, `uuid`, `uri-template`, `json-pointer`, `relative-json-pointer`, `regex`), suggesting the
    standard name (`datetime` → `date-time`, `url` → `uri`). The OpenAPI/Gemini formats `int32`, `int64`,
    `float`, `double`, `byte`, `binary`, `password` and `enum` are not reported here: some consumers read them
    (TC120, opt-in, reports them).

    Why is this bad?
    Validators ignore an unknown format, so the check the author meant never happens, and the model gets a hint
    it may not understand.

    Example:
    ```yaml
    name: create_order
    description: Create an order delivered on a given date.
    parameters:
      type: object
      properties:
        deliver_at: {type: string, format: datetime, description: When to deliver.}
    ```

    Use instead:
    ```yaml
    name: create_order
    description: Create an order delivered on a given date.
    parameters:
      type: object
      properties:
        deliver_at: {type: string, format: date-time, description: When to deliver.}
    ```

    Options:
    `rules.TC117.formats` (default `[]`): extra format names to accept (e.g. custom formats your validator
    registers).
    """
    return run_index(contracts, ctx).get("TC117", ())


@rule("TC120", "openapi-format", severity="info", scope="set", default_enabled=False)
def openapi_format(contracts, ctx):
    """`format` names an OpenAPI format that JSON Schema validators do not check.

    What it does:
    Reports the OpenAPI/Gemini formats `int32`, `int64`, `float`, `double`, `byte`, `binary`, `password` and
    `enum`, which are not draft 2020-12 formats: a JSON Schema validator ignores them. The rule is opt-in
    (select it with `--extend-select TC120`): these formats come with schemas generated from an OpenAPI
    description, Gemini and other consumers read them, and judged on published servers no maintainer would
    change them. Other unknown formats are TC117's.

    Why is this bad?
    A validator that follows JSON Schema does not check the range or the encoding the format names: `format:
    int32` does not stop 2^40, `format: byte` does not reject text that is not base64. Where that matters, the
    constraint has to be written as `minimum`/`maximum` or a `pattern`.

    Example:
    ```yaml
    name: list_invoices
    description: List the invoices of an account, newest first.
    parameters:
      type: object
      properties:
        limit: {type: integer, format: int32, description: How many invoices to return.}
    ```

    Use instead:
    ```yaml
    name: list_invoices
    description: List the invoices of an account, newest first.
    parameters:
      type: object
      properties:
        limit: {type: integer, minimum: 1, maximum: 100, description: How many invoices to return.}
    ```
    """
    return run_index(contracts, ctx).get("TC120", ())


@rule("TC118", "parameters-not-object", severity="warning", scope="set")
def parameters_not_object(contracts, ctx):
    """The root of `parameters` does not declare `type: object`.

    What it does:
    Reports a `parameters` schema (any alias) whose root has no `type` (warning), or a `type` other than
    `object` (error), or a list of types that includes others besides `object` (warning). `returns` may be any
    type and is not checked. A root type that is not a JSON Schema type is TC103's.

    Why is this bad?
    Tool arguments are always a JSON object: OpenAI, Anthropic, Gemini and MCP all require (or assume) an
    object at the root, and Anthropic and MCP reject an `input_schema`/`inputSchema` without `type: object`.

    Example:
    ```yaml
    name: search_docs
    description: Search the product documentation by keyword.
    parameters:
      properties:
        query: {type: string, description: Words to search for.}
    ```

    Use instead:
    ```yaml
    name: search_docs
    description: Search the product documentation by keyword.
    parameters:
      type: object
      properties:
        query: {type: string, description: Words to search for.}
    ```
    """
    return run_index(contracts, ctx).get("TC118", ())
