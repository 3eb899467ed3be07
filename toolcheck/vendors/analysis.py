"""What a target would reject (or silently ignore) in a parameters schema.

:func:`analyse` runs over the nodes of one schema — the contract's schema as written, or the schema an export
produced — and returns :class:`Issue` values: where (the node path and keyword), what kind of problem (a TC2
rule name), which vendor rule (id in `vendor-rules.md`), how severe, and whether `toolcheck export` resolves it
(``fix``, a key of :data:`toolcheck.vendors.transforms.TRANSFORM_TEXT`). Messages hold ``{who}``, filled in with
the target(s) by the caller.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .rules import (
    ALLOWED,
    ANNOTATIONS,
    DEFAULT_KEYWORD,
    FORMATS,
    JSON_TYPES,
    K_DEPTH,
    K_ENUM,
    K_KEYWORD,
    K_MCP,
    K_OPEN,
    K_OPTIONAL,
    K_PROP,
    K_REF,
    K_ROOT,
    K_SIZE,
    K_VALUE,
    KEYWORDS,
    OPENAI_LARGE_ENUM,
    OPENAI_STRICT_LIMITS,
    ROOT_OBJECT,
    ROOT_UNION,
    Keyword,
)
from .schemas import Node, Refs, is_external_ref, ref_target, resolve, short, types_of
from .shapes import (
    case_twins,
    const_stated,
    distributable,
    forced_recursion,
    in_place_branch,
    infer_type,
    is_inlinable,
    merge_allof,
    pattern_features,
    root_union_droppable,
)

_GEM_PROP = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}")
_TOKEN = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")
_GEM_REF_SIBLINGS = frozenset(("description", "default"))


@dataclass
class Issue:
    path: tuple  # of the node, from the schema root
    key: str | None  # the keyword the finding points at (None: the node itself)
    kind: str  # TC2 rule name
    severity: str
    rule: str  # vendor rule id
    message: str  # with "{who}" for the target label
    help: str  # what to do by hand
    fix: str | None = None  # what `toolcheck export` does (TRANSFORM_TEXT key); None: it cannot


def analyse(schema: Any, target: str, version: str | None, nodes: list[Node], refs: Refs | None,
            unenforced: bool = False) -> list[Issue]:
    """Issues of ``target`` in ``schema`` (whose :func:`~toolcheck.vendors.schemas.walk` is ``nodes``)."""
    if not isinstance(schema, dict) or not nodes:
        return []
    out: list[Issue] = []
    if target in ROOT_OBJECT:
        _root_object(schema, target, refs, out)
    if target in ROOT_UNION:
        _root_union(schema, target, refs, out)
    if target == "openai-strict":
        _openai_strict(schema, nodes, refs, out)
    elif target == "anthropic-strict":
        _anthropic_strict(schema, nodes, refs, out)
    elif target == "gemini":
        _gemini(schema, nodes, refs, out)
    elif target == "gemini-json-schema":
        _gemini_json(schema, nodes, refs, out, unenforced)
    elif target == "mcp" and (version or "") >= "2026-07-28":
        _mcp_headers(nodes, out)
    return out


# ------------------------------------------------------------------------------------------------ root

def _root_object(schema: dict, target: str, refs: Refs | None, out: list[Issue]) -> None:
    rule, sev = ROOT_OBJECT[target]
    t = schema.get("type")
    if t == "object":
        return
    if t is None:
        if "$ref" in schema:
            tgt = ref_target(schema["$ref"])
            resolved = resolve(schema, tgt) if tgt is not None else None
            fix = "inline" if (is_inlinable(refs, schema, schema, ()) and isinstance(resolved, dict)
                               and resolved.get("type") in ("object", None)) else None
            out.append(Issue((), None, K_ROOT, sev, rule,
                             "{who} needs `type: object` at the root of the parameters; it is a bare `$ref`",
                             "Put the referenced object schema at the root (with `type: object`).", fix))
            return
        if target in ROOT_UNION and any(isinstance(schema.get(k), list) for k in ROOT_UNION[target][2]):
            return  # the root union is the finding (below)
        out.append(Issue((), None, K_ROOT, sev, rule,
                         "{who} needs `type: object` at the root of the parameters; `type` is missing",
                         "Add `type: object` to the parameters schema.", "type-object"))
        return
    if isinstance(t, list):
        fix = "type-object" if "object" in t else None
        out.append(Issue((), "type", K_ROOT, sev, rule,
                         f"{{who}} needs `type: object` at the root of the parameters, not {short(t)}",
                         "Tool arguments are always a JSON object: set `type: object` and wrap any other value "
                         "in a property.", fix))
        return
    if isinstance(t, str) and t in JSON_TYPES:
        out.append(Issue((), "type", K_ROOT, sev, rule,
                         f"{{who}} needs `type: object` at the root of the parameters, not `{t}`",
                         f"Tool arguments are always a JSON object: wrap the {t} in a property, e.g. "
                         "`{type: object, properties: {value: ...}, required: [value]}`."))
    # an invalid type name (`dict`, `Object`...) is TC1's finding


def _root_union(schema: dict, target: str, refs: Refs | None, out: list[Issue]) -> None:
    rule, sev, keys = ROOT_UNION[target]
    for key in keys:
        if not isinstance(schema.get(key), list):
            continue
        if key == "allOf":
            fix = "merge" if _mergeable(schema, refs, ()) else None
            manual = "Merge the `allOf` branches into the root object schema."
        else:
            fix = "drop-union" if root_union_droppable(schema, key) else None
            manual = (f"Make the root one object schema: move the `{key}` alternatives into a property (e.g. a "
                      "`mode` enum with the fields of each), or split the tool; keep the rule in the host.")
        out.append(Issue((), key, K_ROOT, sev, rule,
                         f"{{who}} rejects `{key}` at the root of the parameters (the root must be one object)",
                         manual, fix))


def _mergeable(node: dict, refs: Refs | None, path: tuple = ()) -> bool:
    branches = node.get("allOf")
    if not isinstance(branches, list):
        return False
    resolved = []
    for i, b in enumerate(branches):
        if isinstance(b, dict) and "$ref" in b:
            tgt = ref_target(b["$ref"])
            target = resolve(refs.root, tgt) if (tgt is not None and refs is not None) else None
            if not isinstance(target, dict) or refs is None or refs.is_recursive(path + ("allOf", i), tgt):
                return False
            b = {**target, **{k: v for k, v in b.items() if k != "$ref"}}
        resolved.append(b)
    return merge_allof({**node, "allOf": resolved}) is not None


# ------------------------------------------------------------------------------------------------ keywords

def _keyword(node: Node, key: str, kw: Keyword, out: list[Issue], fix: str | None, detail: str = "",
             manual: str = "") -> None:
    value = node.schema.get(key)
    if fix == "drop" and (key in ANNOTATIONS or key.startswith("x-")):
        fix = "drop-annotation"
    manual = manual or _MANUAL.get(fix or "", "") or _MANUAL_KEY.get(key, "")
    if not manual:
        manual = (f"Remove `{key}`" + ("" if key in ANNOTATIONS or key.startswith("x-") else
                                      " and state the rule in the description; the host must enforce it") + ".")
    out.append(Issue(node.path, key, K_KEYWORD, kw.severity, kw.rule,
                     f"{{who}} does not support `{key}`" + (f" ({detail})" if detail else "")
                     + ("" if isinstance(value, (dict, list)) else f" (`{key}: {short(value, 40)}`)"),
                     manual, fix))


_CONST_NOT_ENUM = ("Say the required value in the description (its `enum` takes only strings and numbers, so "
                   "`enum: [value]` is no substitute); the host must enforce it.")


def _gemini_enum_value(v: Any) -> bool:
    """Whether Gemini `parametersJsonSchema` takes ``v`` as an `enum` value (strings and numbers only)."""
    return isinstance(v, str) or (isinstance(v, (int, float)) and not isinstance(v, bool))


_MANUAL = {
    "anyOf": "Use `anyOf` instead of `oneOf`.",
    "merge": "Merge the `allOf` branches into one schema.",
    "enum": "Write `enum: [value]` instead of `const: value`.",
    "example": "Use `example: value` (one value) instead of `examples`.",
    "$defs": "Rename `definitions` to `$defs` (and the `$ref`s), or inline them.",
    "inclusive": "Use `minimum`/`maximum` (for integers, `exclusiveMinimum: n` is `minimum: n+1`).",
}
_MANUAL_KEY = {
    "additionalProperties": "Remove `additionalProperties` (the Gemini Developer API rejects it; Vertex AI takes it).",
    "prefixItems": "Describe the tuple as an object with named properties instead of `prefixItems`.",
}


def _node_keywords(target: str, n: Node, refs: Refs | None, out: list[Issue], unenforced: bool = False,
                   skip_root: tuple[str, ...] = ()) -> None:
    s = n.schema
    bad = _unsupported_keys(target, s)
    if not bad:
        return
    table = KEYWORDS.get(target, {})
    default = DEFAULT_KEYWORD.get(target)
    for key in bad:
        if not n.path and key in skip_root:
            continue
        kw = table.get(key) or default
        if _not_reported(target, key, kw, n, unenforced):
            continue
        if kw.fix == "enum" and target == "gemini-json-schema" and not _gemini_enum_value(s.get("const")):
            _keyword(n, key, kw, out, None, manual=_CONST_NOT_ENUM)  # `enum: [true]` is refused there too
            continue
        _keyword(n, key, kw, out, _keyword_fix(target, kw.fix, n, refs))


def _unsupported_keys(target: str, s: dict) -> list[str]:
    """The keys of a schema node the target's keyword table speaks of (or that it does not allow)."""
    allowed = ALLOWED.get(target)
    if allowed is not None:
        return [] if allowed.issuperset(s) else [k for k in s if k not in allowed]
    table_keys = _table_keys(target)
    return [] if table_keys.isdisjoint(s) else [k for k in s if k in table_keys]


def _not_reported(target: str, key: str, kw: Keyword | None, n: Node, unenforced: bool) -> bool:
    if kw is None or (not kw.report and not unenforced):
        return True
    if target == "gemini" and (key == "$defs" or (key == "definitions" and n.path)):
        return True  # nested definitions: reported as a reference problem
    # only ignored, and the description already tells the model the value
    return key == "const" and kw.severity != "error" and const_stated(n.schema)


def _keyword_fix(target: str, fix: str | None, n: Node, refs: Refs | None) -> str | None:
    """The table's fix for a keyword, unless the export cannot apply it to this node."""
    if fix == "anyOf" and "anyOf" in n.schema:
        return None
    if fix == "merge" and not _mergeable(n.schema, refs, n.path):
        return None
    if fix == "$defs":
        return _defs_fix(target, n, refs)
    return fix


_TABLE_KEYS: dict[str, frozenset] = {}


def _table_keys(target: str) -> frozenset:
    keys = _TABLE_KEYS.get(target)
    if keys is None:
        keys = _TABLE_KEYS[target] = frozenset(KEYWORDS.get(target, {}))
    return keys


def _defs_fix(target: str, node: Node, refs: Refs | None) -> str | None:
    s = node.schema
    if node.path:  # nested `definitions`: Gemini inlines what does not recurse
        if target != "gemini" or refs is None:
            return None
        return None if any(refs.is_recursive(loc, t) for loc, t in refs.refs
                           if t[: len(node.path) + 1] == node.path + ("definitions",)) else "$defs"
    d, dd = s.get("definitions"), s.get("$defs")
    if isinstance(dd, dict) and isinstance(d, dict) and set(d) & set(dd):
        return None
    return "$defs"


def _node_format(target: str, n: Node, out: list[Issue]) -> None:
    f = n.schema.get("format")
    if not isinstance(f, str):
        return
    spec = FORMATS.get(target)
    if spec is None:
        return
    rule, sev, allowed, types = spec
    if f in allowed or (types is not None and not (set(types_of(n.schema) or ()) & types)):
        return
    listed = ", ".join(sorted(allowed))
    out.append(Issue(n.path, "format", K_VALUE, sev, rule,
                     f"{{who}} does not support `format: {f}` (supported: {listed})",
                     "Remove the `format` (and describe the expected form in the description), or use a "
                     "supported one.", "drop"))


# ------------------------------------------------------------------------------------------------ strict modes

_MAP_HELP = ("Declare its keys under `properties` (strict mode cannot express a free-form object), or take it as a "
             "JSON-encoded string and parse it on the host.")


def _open_object(n: Node, out: list[Issue], rule_set: str, rule_missing: str, sev_missing: str,
                 root: Any = None) -> None:
    s = n.schema
    ap = s.get("additionalProperties", None)
    if ap is False:
        return
    props = s.get("properties")
    has_props = isinstance(props, dict) and bool(props)
    if "additionalProperties" not in s and in_place_branch(root, n.path):
        out.append(Issue(n.path, None, K_OPEN, sev_missing, rule_missing,
                         "{who} requires `additionalProperties: false` on every object; this branch constrains "
                         "the object it belongs to and does not set it (closing it would refuse that object's "
                         "other properties)",
                         "Move the constraint into the object's own `properties` (e.g. `minLength` on the property) "
                         "and drop the branch, or list every property of the object in the branch as well and "
                         "close it."))
        return
    if "additionalProperties" not in s:
        fix = "close" if (has_props or not n.path) else None
        out.append(Issue(n.path, None, K_OPEN, sev_missing, rule_missing,
                         "{who} requires `additionalProperties: false` on every object; this object does not "
                         "set it" + ("" if fix else " and declares no properties (a free-form object)"),
                         "Add `additionalProperties: false`." if fix else _MAP_HELP, fix))
    else:
        fix = "close" if has_props else None
        out.append(Issue(n.path, "additionalProperties", K_OPEN, "error", rule_set,
                         f"{{who}} requires `additionalProperties: false`; this object has "
                         f"`additionalProperties: {short(ap, 40)}`"
                         + ("" if has_props else " and no properties (a free-form object)"),
                         "Set `additionalProperties: false` (the model then sends only the declared keys)."
                         if has_props else _MAP_HELP, fix))


def _optional(n: Node, out: list[Issue]) -> None:
    s = n.schema
    props = s.get("properties")
    if not isinstance(props, dict) or not props:
        return
    req = s.get("required")
    have = {x for x in req if isinstance(x, str)} if isinstance(req, list) else set()
    missing = [k for k in props if k not in have]
    if not missing:
        return
    names = ", ".join(f"`{k}`" for k in missing[:8]) + (f" and {len(missing) - 8} more" if len(missing) > 8 else "")
    out.append(Issue(n.path, "required" if isinstance(req, list) else None, K_OPTIONAL, "error", "OAI-STRICT-004",
                     f"{{who}} requires every property in `required`; {names} "
                     + ("is" if len(missing) == 1 else "are") + " optional",
                     "List every property in `required`, and let the optional ones accept `null` (e.g. "
                     "`type: [string, \"null\"]`) so the model can still leave them empty.",
                     "nullable"))


_OAI_TRIGGERS = frozenset(KEYWORDS["openai-strict"]) | {"format", "$id", "$ref"}


def _openai_strict(schema: dict, nodes: list[Node], refs: Refs | None, out: list[Issue]) -> None:
    for n in nodes:
        s = n.schema
        if not _OAI_TRIGGERS.isdisjoint(s):
            _node_keywords("openai-strict", n, refs, out, skip_root=("anyOf", "oneOf"))
            _node_format("openai-strict", n, out)
            if n.path and "$id" in s:
                _keyword(n, "$id", Keyword("OAI-STRICT-012", "warning", "drop"), out, "drop",
                         "a nested `$id` starts a new schema resource")
            r = s.get("$ref")
            if r is not None:
                if is_external_ref(r):
                    out.append(Issue(n.path, "$ref", K_REF, "error", "OAI-STRICT-009",
                                     f"{{who}} does not support the external `$ref` {short(r)}",
                                     "Copy the referenced schema into `$defs` and point the `$ref` at "
                                     "`#/$defs/...`."))
                elif n.path:
                    sib = [k for k in s if k not in ("$ref", "$defs", "definitions")]
                    if sib:
                        only_ann = all(k in ANNOTATIONS for k in sib)
                        if is_inlinable(refs, schema, s, n.path):
                            fix: str | None = "inline"
                        else:
                            fix = "drop-siblings" if only_ann else None
                        out.append(Issue(n.path, None, K_REF, "warning" if only_ann else "error", "OAI-STRICT-010",
                                         "{who} rejects keywords beside a `$ref` ("
                                         + ", ".join(f"`{k}`" for k in sib) + ")",
                                         "Move them into the referenced schema, or inline it.", fix))
        if n.obj:
            _open_object(n, out, "OAI-STRICT-003", "OAI-STRICT-003", "error", schema)
            _optional(n, out)
        br = s.get("anyOf")
        if isinstance(br, list) and len(br) > 1:
            _same_first_keys(n, br, out)
    _openai_limits(nodes, out)


def _same_first_keys(n: Node, branches: list, out: list[Issue]) -> None:
    """OAI-STRICT-008: object branches of an `anyOf` whose first property has the same name."""
    seen: dict[str, int] = {}
    for i, b in enumerate(branches):
        props = b.get("properties") if isinstance(b, dict) else None
        if not isinstance(props, dict) or not props:
            continue
        first = next(iter(props))
        if first in seen:
            out.append(Issue(n.path, "anyOf", K_KEYWORD, "warning", "OAI-STRICT-008",
                             f"{{who}} has rejected `anyOf` object branches that share their first key: branches "
                             f"{seen[first]} and {i} both start with `{first}`",
                             "Put a property that tells the branches apart first in each branch (e.g. a `kind` "
                             "with a different `const`/`enum`), or merge the branches."))
            return
        seen[first] = i


_LIMIT_KEYS = frozenset(("properties", "$defs", "definitions", "enum", "const"))


def _openai_limits(nodes: list[Node], out: list[Issue]) -> None:
    lim = OPENAI_STRICT_LIMITS
    props = strlen = enum_total = 0
    deepest = nodes[0]
    for n in nodes:
        if n.odepth > deepest.odepth:
            deepest = n
        s = n.schema
        if _LIMIT_KEYS.isdisjoint(s):
            continue
        p = s.get("properties")
        if isinstance(p, dict):
            props += len(p)
            strlen += sum(map(len, p))
        for dk in ("$defs", "definitions"):
            d = s.get(dk)
            if isinstance(d, dict):
                strlen += sum(map(len, d))
        e = s.get("enum")
        if isinstance(e, list):
            enum_total += len(e)
            slen = sum(len(x) for x in e if isinstance(x, str))
            strlen += slen
            if len(e) > OPENAI_LARGE_ENUM and slen > lim["enum-string-length"].value:
                li = lim["enum-string-length"]
                out.append(Issue(n.path, "enum", K_ENUM, li.severity, li.rule,
                                 f"{{who}} limits an enum of more than {OPENAI_LARGE_ENUM} string values to "
                                 f"{li.value:,} characters in total; this one has {len(e):,} values and "
                                 f"{slen:,} characters",
                                 "Shorten the values, or replace the enum by a string with a lookup tool."))
        c = s.get("const")
        if isinstance(c, str):
            strlen += len(c)
    li = lim["properties"]
    if props > li.value:
        out.append(Issue((), None, K_SIZE, li.severity, li.rule,
                         f"{{who}} allows at most {li.value:,} object properties in a schema; this one has {props:,}",
                         "Split the tool, or move rarely used fields into a follow-up tool."))
    li = lim["string-length"]
    if strlen > li.value:
        out.append(Issue((), None, K_SIZE, li.severity, li.rule,
                         f"{{who}} allows at most {li.value:,} characters of property names, definition names, "
                         f"enum and const values in a schema; this one has {strlen:,}",
                         "Shorten names and enum values, or split the tool."))
    li = lim["enum-values"]
    if enum_total > li.value:
        out.append(Issue((), None, K_ENUM, li.severity, li.rule,
                         f"{{who}} allows at most {li.value:,} enum values in a schema; this one has {enum_total:,}",
                         "Replace the largest enums by strings validated on the host (or a lookup tool)."))
    li = lim["depth"]
    if deepest.odepth > li.value:
        out.append(Issue(deepest.path, None, K_DEPTH, li.severity, li.rule,
                         f"{{who}} allows at most {li.value} levels of object nesting; this object is at level "
                         f"{deepest.odepth} (schema depth {deepest.depth})",
                         "Flatten the arguments (fewer nested objects), e.g. with dotted property names."))


_ANT_TRIGGERS = frozenset(KEYWORDS["anthropic-strict"]) | {"format", "minItems", "enum", "pattern", "$ref"}


def _anthropic_strict(schema: dict, nodes: list[Node], refs: Refs | None, out: list[Issue]) -> None:
    for n in nodes:
        s = n.schema
        if n.obj:
            _open_object(n, out, "ANT-STRICT-001", "ANT-STRICT-002", "warning", schema)
        if _ANT_TRIGGERS.isdisjoint(s):
            continue
        _node_keywords("anthropic-strict", n, refs, out, skip_root=("anyOf", "oneOf", "allOf"))
        _node_format("anthropic-strict", n, out)
        mi = s.get("minItems")
        if isinstance(mi, int) and not isinstance(mi, bool) and mi > 1:
            out.append(Issue(n.path, "minItems", K_VALUE, "error", "ANT-STRICT-009",
                             f"{{who}} supports only `minItems` 0 or 1, not {mi}",
                             "Use `minItems: 1` and state the real minimum in the description; the host enforces it.",
                             "clamp"))
        e = s.get("enum")
        if isinstance(e, list) and any(isinstance(x, (dict, list)) for x in e):
            out.append(Issue(n.path, "enum", K_VALUE, "error", "ANT-STRICT-006",
                             "{who} supports only strings, numbers, booleans and null in `enum`",
                             "Use scalar enum values (e.g. names) and map them to objects on the host.", "drop"))
        if isinstance(e, list) and len(e) > 1:
            twins = case_twins(e)
            if twins:
                out.append(Issue(n.path, "enum", K_VALUE, "warning", "ANT-STRICT-013",
                                 f"{{who}} does not guarantee the letter case of `enum` values, and "
                                 f"{short(twins[0])} and {short(twins[1])} differ only by case",
                                 "Use values that differ by more than letter case, and compare them "
                                 "case-insensitively on the host."))
        pat = s.get("pattern")
        if isinstance(pat, str):
            feats = pattern_features(pat)
            if feats:
                out.append(Issue(n.path, "pattern", K_VALUE, "warning", "ANT-STRICT-011",
                                 f"{{who}} may reject this `pattern`: it uses {', '.join(feats)}",
                                 "Simplify the pattern (no backreferences, lookaround, \\b or large {n,m}).", "drop"))
        r = s.get("$ref")
        if r is None:
            continue
        if is_external_ref(r):
            out.append(Issue(n.path, "$ref", K_REF, "error", "ANT-STRICT-004",
                             f"{{who}} does not support the external `$ref` {short(r)}",
                             "Copy the referenced schema into `$defs` and point the `$ref` at `#/$defs/...`."))
        elif isinstance(r, str) and refs is not None:
            tgt = ref_target(r)
            if tgt is not None and refs.is_recursive(n.path, tgt):
                out.append(Issue(n.path, "$ref", K_REF, "error", "ANT-STRICT-003",
                                 f"{{who}} does not support recursive schemas; `$ref: {r}` recurses",
                                 "Unroll the recursion to a fixed depth, or take the nested part as a JSON string."))
            elif n.via == "allOf":
                out.append(Issue(n.path, "$ref", K_REF, "error", "ANT-STRICT-005",
                                 "{who} does not support `$ref` inside `allOf`",
                                 "Inline the referenced schema into the `allOf` branch.",
                                 "inline" if is_inlinable(refs, schema, s, n.path) else None))


# ------------------------------------------------------------------------------------------------ Gemini

_GEM_TRIGGERS = frozenset(("format", "enum", "anyOf", "properties", "$defs", "definitions", "$ref"))


def _gemini(schema: dict, nodes: list[Node], refs: Refs | None, out: list[Issue]) -> None:
    allowed = ALLOWED["gemini"]
    for n in nodes:
        s = n.schema
        if not allowed.issuperset(s):
            _node_keywords("gemini", n, refs, out)
        _gemini_type(n, out)
        if _GEM_TRIGGERS.isdisjoint(s):
            continue
        _node_format("gemini", n, out)
        e = s.get("enum")
        if isinstance(e, list) and not all(isinstance(x, str) for x in e):
            out.append(Issue(n.path, "enum", K_VALUE, "error", "GEM-SCH-003",
                             "{who} takes only string `enum` values ("
                             + short([x for x in e if not isinstance(x, str)], 40) + ")",
                             "Write the values as strings (for integers add `format: enum`).", "stringify"))
        _gemini_any_of(n, out)
        props = s.get("properties")
        if isinstance(props, dict):
            for name in props:
                if not _GEM_PROP.fullmatch(name):
                    out.append(Issue(n.path + ("properties", name), None, K_PROP, "error", "GEM-PARAM-003",
                                     f"{{who}} rejects the parameter name `{name}` (a letter or `_` first, then "
                                     "letters, digits and `_`, at most 64)",
                                     "Rename the parameter (the host must then accept the new name)."))
        if n.path:
            _gemini_nested_defs(n, refs, out)
        if s.get("$ref") is not None:
            _gemini_ref(n, refs, out)


def _gemini_type(n: Node, out: list[Issue]) -> None:
    """GEM-SCH-011 (no `type`) and GEM-SCH-002 (a type array)."""
    s = n.schema
    t = s.get("type")
    if t is None:
        if not any(k in s for k in ("anyOf", "oneOf", "allOf", "$ref")):
            c = s.get("const")
            fix = "infer-type" if (infer_type(s) or isinstance(c, str) or (
                isinstance(c, (int, float)) and not isinstance(c, bool))) else None
            out.append(Issue(n.path, None, K_VALUE, "warning", "GEM-SCH-011",
                             "{who} may reject a schema without `type` (TYPE_UNSPECIFIED)",
                             "Add the `type` of the value.", fix))
    elif isinstance(t, list):
        non_null = [x for x in t if x != "null"]
        fix = "type-array" if (len(non_null) <= 1 or "anyOf" not in s) else None
        out.append(Issue(n.path, "type", K_VALUE, "error", "GEM-SCH-002",
                         f"{{who}} takes a single `type`, not {short(t)}",
                         "Use one type with `nullable: true`, or `anyOf` of single types.", fix))


def _gemini_any_of(n: Node, out: list[Issue]) -> None:
    """GEM-SCH-006: keywords beside `anyOf`."""
    s = n.schema
    if not isinstance(s.get("anyOf"), list):
        return
    sib = [k for k in s if k != "anyOf"]
    if not sib:
        return
    br = s["anyOf"]
    if len(br) == 2 and any(_is_null_schema(b) for b in br):
        fix = "type-array"
    else:
        fix = "distribute" if n.path and distributable(_gemini_preview(s)) else None
    out.append(Issue(n.path, "anyOf", K_KEYWORD, "error", "GEM-SCH-006",
                     "{who} rejects keywords beside `anyOf` (" + ", ".join(f"`{k}`" for k in sib) + ")",
                     "Move the other keywords into every `anyOf` branch.", fix))


def _gemini_nested_defs(n: Node, refs: Refs | None, out: list[Issue]) -> None:
    """GEM-SCH-008: definitions below the root."""
    s = n.schema
    for dk in ("$defs", "definitions"):
        if isinstance(s.get(dk), dict):
            fix = None if refs is not None and any(
                refs.is_recursive(loc, t2) for loc, t2 in refs.refs
                if t2[: len(n.path) + 1] == n.path + (dk,)) else "inline"
            out.append(Issue(n.path, dk, K_REF, "error", "GEM-SCH-008",
                             f"{{who}} accepts `{dk}` only at the root of the schema",
                             "Move the definitions to the root `$defs`.", fix))


def _gemini_ref(n: Node, refs: Refs | None, out: list[Issue]) -> None:
    """GEM-SCH-007 (an external `$ref`, keywords beside one) and GEM-SCH-008 (a recursive one elsewhere)."""
    s = n.schema
    r = s.get("$ref")
    if is_external_ref(r):
        out.append(Issue(n.path, "$ref", K_REF, "error", "GEM-SCH-007",
                         f"{{who}} does not support the external `$ref` {short(r)}",
                         "Copy the referenced schema into `$defs` and point the `$ref` at `#/$defs/...`."))
        return
    tgt = ref_target(r)
    recursive = refs is not None and tgt is not None and refs.is_recursive(n.path, tgt)
    sib = [k for k in s if k != "$ref" and k not in _GEM_REF_SIBLINGS and k not in ("$defs", "definitions")]
    if sib:
        out.append(Issue(n.path, None, K_REF, "error", "GEM-SCH-007",
                         "{who} allows only `description` and `default` beside a `$ref` ("
                         + ", ".join(f"`{k}`" for k in sib) + ")",
                         "Move the other keywords into the referenced schema, or inline it.",
                         None if recursive else "inline"))
    if recursive and not (tgt and tgt[0] in ("$defs", "definitions") and len(tgt) == 2):
        out.append(Issue(n.path, "$ref", K_REF, "error", "GEM-SCH-008",
                         f"{{who}} resolves `$ref` only to an entry of the root `$defs`, not {short(r)}",
                         "Move the recursive schema into the root `$defs` and point the `$ref` there."))


def _gemini_preview(s: dict) -> dict:
    """The node as the Gemini export would see it just before distributing `anyOf` siblings."""
    d = dict(s)
    t = d.get("type")
    if isinstance(t, list):
        non_null = [x for x in t if x != "null"]
        if len(non_null) == 1:
            d["type"] = non_null[0]
    d.pop("additionalProperties", None)
    for k in ("const", "examples", "exclusiveMinimum", "exclusiveMaximum"):
        d.pop(k, None)
    allowed = ALLOWED["gemini"]
    return {k: v for k, v in d.items() if k in allowed or k in ("anyOf",)}


def _is_null_schema(b: Any) -> bool:
    return isinstance(b, dict) and b.get("type") == "null" and set(b) <= {"type", "description"}


_GJS_TRIGGERS = frozenset(KEYWORDS["gemini-json-schema"]) | {"enum", "$ref"}


def _gemini_json(schema: dict, nodes: list[Node], refs: Refs | None, out: list[Issue], unenforced: bool) -> None:
    for n in nodes:
        s = n.schema
        if _GJS_TRIGGERS.isdisjoint(s):
            continue
        _node_keywords("gemini-json-schema", n, refs, out, unenforced)
        e = s.get("enum")
        if isinstance(e, list):
            bad = [x for x in e if not (isinstance(x, str) or (isinstance(x, (int, float))
                                                                and not isinstance(x, bool)))]
            if bad:
                out.append(Issue(n.path, "enum", K_VALUE, "warning", "GEM-JS-006",
                                 f"{{who}} takes only string and number `enum` values, not {short(bad, 40)}",
                                 "Use string values (and `null` through the type), or drop the enum.",
                                 "drop-values"))
        r = s.get("$ref")
        if r is not None and not is_external_ref(r):
            sib = [k for k in s if k != "$ref" and not k.startswith("$") and k != "definitions"]
            tgt = ref_target(r)
            if sib:
                if is_inlinable(refs, schema, s, n.path):
                    fix = "inline"
                else:
                    fix = "drop-siblings" if all(k in ANNOTATIONS for k in sib) else None
                out.append(Issue(n.path, None, K_REF, "warning", "GEM-JS-005",
                                 "{who} allows only `$` keywords beside a `$ref` ("
                                 + ", ".join(f"`{k}`" for k in sib) + ")",
                                 "Move them into the referenced schema, or inline it.", fix))
            if refs is not None and tgt is not None and refs.is_recursive(n.path, tgt) and forced_recursion(n.path, tgt,
                                                                                                   schema):
                out.append(Issue(n.path, "$ref", K_REF, "warning", "GEM-JS-004",
                                 "{who} unrolls recursion only through non-required properties; this `$ref` "
                                 "recurses through required ones",
                                 "Make the recursive property optional (not in `required`)."))


# ------------------------------------------------------------------------------------------------ MCP

def _mcp_headers(nodes: list[Node], out: list[Issue]) -> None:
    """MCP-TOOL-012: `x-mcp-header` annotations on properties (2026-07-28)."""
    seen: dict[str, tuple] = {}
    for n in nodes:
        h = n.schema.get("x-mcp-header")
        if h is None:
            continue
        problem = None
        reachable = _static(n)
        if not isinstance(h, str) or not h:
            problem = "must be a non-empty string"
        elif not _TOKEN.fullmatch(h):
            problem = "must be an HTTP header token (letters, digits and !#$%&'*+-.^_`|~; no spaces or CR/LF)"
        elif h.lower() in seen:
            problem = "repeats the header of another property (case-insensitively)"
        elif not set(types_of(n.schema) or ()) or not set(types_of(n.schema) or ()) <= {
                "integer", "string", "boolean"}:
            problem = "is allowed only on `integer`, `string` and `boolean` properties"
        elif not reachable:
            problem = "is allowed only on properties reachable through `properties` from the root"
        if isinstance(h, str) and h:
            seen.setdefault(h.lower(), n.path)
        if problem:
            out.append(Issue(n.path, "x-mcp-header", K_MCP, "error", "MCP-TOOL-012",
                             f"{{who}}: `x-mcp-header: {short(h, 40)}` {problem}; Streamable HTTP clients drop the tool",
                             "Fix or remove the `x-mcp-header` annotation."))


def _static(n: Node) -> bool:
    cur: Node | None = n
    while cur is not None and cur.parent is not None:
        if cur.via != "properties":
            return False
        cur = cur.parent
    return True
