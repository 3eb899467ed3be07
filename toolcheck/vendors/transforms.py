"""Export a contract as the exact tool payload a vendor API takes, through documented transforms.

Public API::

    payload, notes = export_tool(contract, "openai-strict")

``contract`` is a :class:`toolcheck.contract.Contract` or a plain mapping in the contract format (``name``,
``description``, ``parameters`` / ``input_schema`` / ``inputSchema``, ``returns``, ``title``, ``risk``,
``idempotency_key``, ``annotations``). The contract is never mutated: every schema is copied.

Payloads (one tool each):

============================  ==================================================================================
``openai`` / ``openai-strict``  Chat Completions ``{"type": "function", "function": {name, description,
                                parameters, strict?}}``
``anthropic(-strict)``          ``{name, description, input_schema, strict?}``
``gemini``                      a ``FunctionDeclaration`` ``{name, description, parameters}`` (OpenAPI subset;
                                ``parameters`` omitted for a tool without arguments)
``gemini-json-schema``          ``{name, description, parametersJsonSchema}``
``mcp`` / ``mcp@VERSION``       an MCP ``Tool`` ``{name, title?, description, inputSchema, outputSchema?,
                                annotations?}`` (annotations from ``risk`` and ``idempotency_key``)
``bedrock``                     ``{"toolSpec": {name, description?, inputSchema: {"json": ...}}}``
============================  ==================================================================================

Documented transforms (each one the vendor rules in :mod:`toolcheck.vendors.rules` call a ``fix``):

- strict modes: every object gets ``additionalProperties: false``; OpenAI strict makes every optional property
  required and nullable (``type: [T, "null"]``, ``null`` added to an ``enum``, or an ``anyOf`` branch
  ``{"type": "null"}``) — the model then sends ``null`` for "absent", which the host should treat as absent;
  ``oneOf`` becomes ``anyOf``; a one-branch or mergeable ``allOf`` is merged; a ``$ref`` with siblings is inlined;
  keywords the mode rejects are dropped (Anthropic strict: ``minimum``, ``maximum``, ``minLength``, ...).
- Gemini ``parameters``: ``const`` becomes a one-value ``enum``; type arrays become ``nullable`` (or an ``anyOf``
  of single types); ``{"type": "null"}`` branches become ``nullable``; siblings of ``anyOf`` move into its
  branches; numeric ``enum`` values become strings with ``format: enum``; every local ``$ref`` that is not
  recursive is inlined; keywords outside the OpenAPI subset are dropped; a missing ``type`` is inferred.
- Gemini ``parametersJsonSchema``: ``const`` -> ``enum``, ``definitions`` -> ``$defs``, ``$ref`` siblings inlined.
- every target whose root must be an object gets ``type: object`` when it is missing; a root ``anyOf``/``oneOf``
  the target rejects (OpenAI strict, Anthropic) is dropped (a warning) when its branches only constrain
  properties the root declares, and kept for the target check to report otherwise.
- strict modes close every object except a branch (``anyOf``/``oneOf``/``allOf``/``not``/...) of an object that
  lists its own properties: such a branch constrains that same object, and closing it would refuse the
  object's other properties. An object whose branches declare properties it does not list cannot be closed
  without refusing them: an error (nothing is exported).

The rule every transform keeps (tests/test_export_property.py checks it on corpus A): the exported schema
accepts every argument object the contract accepts, after the documented mapping (an absent optional property
is sent as ``null`` where strict mode made it required), except properties the contract does not declare and
the constraints a note reports as dropped; where it cannot, a note is an error and ``toolcheck export`` refuses.

Each transform that changes meaning produces a :class:`Note`: ``warning`` for a constraint the model no longer
sees (only the host's validation still enforces it) or a narrowing the model must live with, ``info`` for a
rewrite that keeps the meaning. What a target cannot express is left as written (the target check reports it
as an error); nothing is silently invented.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..model.pointer import join_pointer
from .rules import (
    ALLOWED,
    ANNOTATIONS,
    DEFAULT_KEYWORD,
    FORMATS,
    KEYWORDS,
    LABELS,
    ROOT_OBJECT,
    ROOT_UNION,
    target_label,
)
from .rules import ANTHROPIC_PATTERN_FEATURES as _PATTERN_FEATURES
from .schemas import (
    LIST_KEYS,
    MAP_KEYS,
    MAX_DEPTH,
    SUB_KEYS,
    Refs,
    allows_null,
    is_external_ref,
    is_object,
    ref_target,
    resolve,
    short,
    types_of,
)
from .targets import MCP_VERSIONS, is_strict, parse_target

__all__ = ["Note", "ExportResult", "export_tool", "export_result", "mcp_annotations", "TRANSFORM_TEXT"]

# rule names (kinds) the notes are filed under; toolcheck.rules.tc2_targets maps them to codes
K_KEYWORD = "keyword-not-supported-by-target"
K_VALUE = "value-not-supported-by-target"
K_OPEN = "strict-mode-open-object"
K_OPTIONAL = "strict-mode-optional-property"
K_REF = "reference-not-supported-by-target"
K_ROOT = "root-not-object"
K_MCP = "mcp-tool-schema-violation"

# what `toolcheck export` does, in words, for the help of a fixable finding (keyed by `fix`)
TRANSFORM_TEXT = {
    "drop": "drops it (only the host's validation still enforces it)",
    "drop-annotation": "drops it",
    "anyOf": "sends it as `anyOf`",
    "merge": "merges the `allOf` branches into one schema",
    "enum": "sends it as a one-value `enum`",
    "example": "sends the first one as `example`",
    "$defs": "inlines the definitions (or renames them `$defs`)",
    "inclusive": "sends an inclusive bound instead (`minimum: n+1` for integers) or drops it",
    "nullable": "makes it required and nullable (the model sends `null` for \"absent\")",
    "close": "sets `additionalProperties: false`",
    "type-object": "sets `type: object`",
    "inline": "inlines the referenced schema",
    "distribute": "moves the sibling keywords into every `anyOf` branch",
    "stringify": "sends the values as strings with `format: enum`",
    "type-array": "sends a single `type` with `nullable: true` (or an `anyOf` of single types)",
    "infer-type": "adds the `type` the other keywords imply",
    "clamp": "sends `minItems: 1`",
    "drop-union": "drops the root union (only the host's validation still enforces it)",
    "drop-output": "omits `outputSchema` (clients then get unstructured content only)",
    "boolean-schema": "sends `true` as `{}` and `false` as `{\"not\": {}}`",
    "drop-siblings": "drops the annotations beside the `$ref`",
    "drop-values": "drops the values it cannot send",
}

_ROOT_UNION_OK = frozenset(("required", "description", "title", "$comment"))
_IN_PLACE = frozenset(("anyOf", "oneOf", "allOf", "not", "if", "then", "else"))  # applicators on the same instance


@dataclass
class Note:
    """One thing the export changed (or had to give up), located in the contract."""

    pointer: str  # RFC 6901, relative to the contract mapping, e.g. "/parameters/properties/budget/maximum"
    message: str
    severity: str  # info: meaning kept · warning: a constraint dropped or a narrowing · error: not expressible
    rule: str  # the kind of problem (a TC2 rule name), e.g. "keyword-not-supported-by-target"
    source: str | None = None  # the vendor rule id (vendor-rules.md), e.g. "ANT-STRICT-007"
    template: str | None = field(default=None, repr=False, compare=False)  # the message with "{who}" for the target

    def to_dict(self) -> dict[str, Any]:
        return {"pointer": self.pointer, "message": self.message, "severity": self.severity, "rule": self.rule,
                "source": self.source}


@dataclass
class ExportResult:
    """An export with what the target check needs: where each exported schema node came from."""

    target: str
    payload: dict[str, Any]
    notes: list[Note]
    schema_path: tuple[str, ...] | None  # where the parameters schema sits in the payload (None: omitted)
    origins: dict[int, tuple] = field(default_factory=dict)  # id(exported node) -> contract path tokens
    output_path: tuple[str, ...] | None = None  # MCP: where outputSchema sits in the payload
    _keep: list = field(default_factory=list, repr=False)  # keeps the exported nodes alive (ids stay unique)

    @property
    def schema(self) -> Any:
        return _get(self.payload, self.schema_path) if self.schema_path else None

    @property
    def output_schema(self) -> Any:
        return _get(self.payload, self.output_path) if self.output_path else None


def _get(d: Any, path: tuple) -> Any:
    for t in path:
        if not isinstance(d, dict):
            return None
        d = d.get(t)
    return d


def export_tool(contract: Any, target: str) -> tuple[dict[str, Any], list[Note]]:
    """The payload ``target`` takes for ``contract``, and the notes on what the transforms changed.

    ``target`` is one of ``openai``, ``openai-strict``, ``anthropic``, ``anthropic-strict``, ``gemini``,
    ``gemini-json-schema``, ``mcp`` (the latest bundled spec), ``mcp@YYYY-MM-DD``, ``bedrock``.
    Raises ``ValueError`` for an unknown target.
    """
    r = export_result(contract, target)
    return r.payload, r.notes


# ------------------------------------------------------------------------------------------------ contract

class _View:
    """The fields of a contract the exporters read (a Contract or a plain mapping)."""

    def __init__(self, contract: Any) -> None:
        data = getattr(contract, "data", contract)
        if not isinstance(data, dict):
            data = {}
        self.data = data
        self.params_key = next((k for k in ("parameters", "input_schema", "inputSchema", "parametersJsonSchema")
                                if k in data), None)
        self.returns_key = next((k for k in ("returns", "outputSchema") if k in data), None)

    def str_field(self, key: str) -> str | None:
        v = self.data.get(key)
        return v if isinstance(v, str) else None

    @property
    def params(self) -> Any:
        return self.data.get(self.params_key) if self.params_key else None

    @property
    def returns(self) -> Any:
        return self.data.get(self.returns_key) if self.returns_key else None


def mcp_annotations(contract: Any) -> dict[str, Any] | None:
    """MCP ``ToolAnnotations`` for a contract: its own ``annotations``, completed from ``risk`` and idempotency.

    ``read_only`` -> ``readOnlyHint: true``; ``write_limited`` -> ``readOnlyHint: false, destructiveHint: false``;
    ``destructive`` -> ``readOnlyHint: false, destructiveHint: true``; a tool that writes and declares an
    ``idempotency_key`` gets ``idempotentHint: true``. A hint the contract states itself is kept as written;
    ``title`` is the contract's ``title`` unless the annotations give one.
    """
    v = _View(contract)
    own = v.data.get("annotations")
    out: dict[str, Any] = {}
    risk = v.str_field("risk")
    if risk == "read_only":
        out["readOnlyHint"] = True
    elif risk in ("write_limited", "destructive"):
        out["readOnlyHint"] = False
        out["destructiveHint"] = risk == "destructive"
        if v.str_field("idempotency_key"):
            out["idempotentHint"] = True
    if isinstance(own, dict):
        out.update({k: _plain(val) for k, val in own.items()})
    return out or None


# ------------------------------------------------------------------------------------------------ export

def export_result(contract: Any, target: str, refs: Refs | None | bool = True) -> ExportResult:
    """Like :func:`export_tool`, with the provenance of every exported schema node (for the target check).

    ``refs``: the :class:`~toolcheck.vendors.schemas.Refs` of the contract's parameters when the caller has them
    (``None``: the schema has no `$ref`); the default ``True`` computes them.
    """
    base, version = parse_target(target)
    if base not in LABELS:
        raise ValueError(f"unknown target {target!r}")
    v = _View(contract)
    notes: list[Note] = []
    name = v.str_field("name") or ""
    desc = v.str_field("description")
    origins: dict[int, tuple] = {}
    keep: list = []

    sx = _SchemaExport(base, version, v.params, (v.params_key or "parameters",), notes, origins, keep, target, refs)
    schema = sx.run()

    result = ExportResult(target, {}, notes, None, origins, None, keep)
    if base in ("openai", "openai-strict"):
        fn: dict[str, Any] = {"name": name}
        if desc is not None:
            fn["description"] = desc
        fn["parameters"] = schema
        if base == "openai-strict":
            fn["strict"] = True
        result.payload = {"type": "function", "function": fn}
        result.schema_path = ("function", "parameters")
    elif base in ("anthropic", "anthropic-strict"):
        p: dict[str, Any] = {"name": name}
        if desc is not None:
            p["description"] = desc
        p["input_schema"] = schema
        if base == "anthropic-strict":
            p["strict"] = True
        result.payload = p
        result.schema_path = ("input_schema",)
    elif base in ("gemini", "gemini-json-schema"):
        p = {"name": name}
        if desc is not None:
            p["description"] = desc
        key = "parameters" if base == "gemini" else "parametersJsonSchema"
        if base == "gemini" and _no_arguments(schema):
            pass  # GEM-PARAM-004: "For function with no parameters, this can be left unset."
        else:
            p[key] = schema
            result.schema_path = (key,)
        result.payload = p
    elif base == "mcp":
        p = {"name": name}
        title = v.str_field("title")
        if title is not None and version >= "2025-06-18":
            p["title"] = title
        if desc is not None:
            p["description"] = desc
        p["inputSchema"] = schema
        result.schema_path = ("inputSchema",)
        out = _export_output(v, version, notes, origins, keep, target)
        if out is not None:
            p["outputSchema"] = out
            result.output_path = ("outputSchema",)
        ann = mcp_annotations(v.data)
        if ann:
            p["annotations"] = ann
        result.payload = p
    else:  # bedrock
        spec: dict[str, Any] = {"name": name}
        if desc:  # BRK-DESC-001: optional, but at least one character when present
            spec["description"] = desc
        spec["inputSchema"] = {"json": schema}
        result.payload = {"toolSpec": spec}
        result.schema_path = ("toolSpec", "inputSchema", "json")
    notes[:] = _dedupe(notes)
    return result


def _no_arguments(schema: Any) -> bool:
    if not isinstance(schema, dict):
        return False
    props = schema.get("properties")
    rest = set(schema) - {"type", "properties", "required", "additionalProperties", "description", "title"}
    return not rest and (not props) and schema.get("type") in ("object", "OBJECT", None)


def _export_output(v: _View, version: str, notes: list[Note], origins: dict, keep: list, spec: str) -> Any:
    out = v.returns
    if out is None or not isinstance(out, dict):
        return None
    key = (v.returns_key or "returns",)
    copy = _Copier(out, key, origins, keep).copy(out, (), 0)
    if version < "2026-07-28":
        if "type" not in copy and isinstance(copy.get("properties"), dict):
            copy["type"] = "object"
        if copy.get("type") != "object":
            template = ("{who} requires an object `outputSchema`; the export omits it (type "
                        f"{short(out.get('type'))}): clients get unstructured content only")
            notes.append(Note(_ptr(key), template.replace("{who}", f"MCP {version} (`{spec}`)"), "warning", K_ROOT,
                              "MCP-TOOL-006", template))
            return None
    return copy


def _dedupe(notes: list[Note]) -> list[Note]:
    seen = set()
    out = []
    for n in notes:
        k = (n.pointer, n.message)
        if k not in seen:
            seen.add(k)
            out.append(n)
    return out


def _ptr(tokens: tuple) -> str:
    return join_pointer("", *tokens)


def _plain(v: Any, depth: int = 0) -> Any:
    """A deep copy of JSON data (dicts and lists), bounded."""
    if depth > MAX_DEPTH:
        return None
    if isinstance(v, dict):
        return {k: _plain(x, depth + 1) for k, x in v.items()}
    if isinstance(v, list):
        return [_plain(x, depth + 1) for x in v]
    return v


# ------------------------------------------------------------------------------------------------ copying

class _Copier:
    """Deep-copies a schema, recording where each copied mapping came from, and inlines chosen `$ref`s."""

    def __init__(self, root: Any, base: tuple, origins: dict, keep: list, inline=None, refs: Refs | None = None,
                 rename_definitions: bool = False) -> None:
        self.root = root
        self.base = base
        self.origins = origins
        self.keep = keep
        self.inline = inline  # fn(node, path, parent_key) -> bool
        self.refs = refs
        self.rename_definitions = rename_definitions
        self.budget = 5000  # mappings copied through inlining, at most

    def copy(self, node: Any, path: tuple, depth: int, parent_key: str | None = None, stack: tuple = ()) -> Any:
        if not isinstance(node, dict):
            return _plain(node, depth)
        if depth > MAX_DEPTH:
            return {}
        if (self.inline is not None and "$ref" in node and self.budget > 0
                and self.inline(node, path, parent_key)):
            tgt = ref_target(node["$ref"])
            target = resolve(self.root, tgt) if tgt is not None else None
            if isinstance(target, dict) and tgt not in stack:
                self.budget -= 1
                inlined = self.copy(target, tgt, depth + 1, parent_key, stack + (tgt,))
                merged = _merge_ref(inlined, {k: self.copy_value(k, x, path + (k,), depth, stack)
                                              for k, x in node.items() if k != "$ref"})
                if merged is not None:
                    self._origin(merged, path)
                    return merged
        out: dict[str, Any] = {}
        self._origin(out, path)
        for k, x in node.items():
            out[k] = self.copy_value(k, x, path + (k,), depth, stack)
        if self.rename_definitions and "$ref" in out and isinstance(out["$ref"], str) \
                and out["$ref"].startswith("#/definitions/"):
            out["$ref"] = "#/$defs/" + out["$ref"][len("#/definitions/"):]
        return out

    def copy_value(self, key: str, x: Any, path: tuple, depth: int, stack: tuple) -> Any:
        if key not in SUB_KEYS:
            return _plain(x, depth + 1)
        if key in MAP_KEYS and isinstance(x, dict):
            return {n: self.copy(s, path + (n,), depth + 1, key, stack) for n, s in x.items()}
        if isinstance(x, list) and (key in LIST_KEYS or key == "items"):
            return [self.copy(s, path + (i,), depth + 1, key, stack) for i, s in enumerate(x)]
        return self.copy(x, path, depth + 1, key, stack)

    def _origin(self, d: dict, path: tuple) -> None:
        self.origins[id(d)] = self.base + path
        self.keep.append(d)


def _merge_ref(inlined: dict, siblings: dict) -> dict | None:
    """The referenced schema with the `$ref`'s siblings merged in (siblings win for annotations)."""
    out = dict(inlined)
    for k, v in siblings.items():
        if k in out and out[k] != v and k not in ANNOTATIONS and k not in ("$defs", "definitions"):
            return None
        out[k] = v
    return out


# ------------------------------------------------------------------------------------------------ schema

class _SchemaExport:
    def __init__(self, target: str, version: str | None, schema: Any, base: tuple, notes: list[Note],
                 origins: dict, keep: list, spec: str | None = None, refs: Refs | None | bool = True) -> None:
        self.t = target
        self.version = version or ""
        self.raw = schema
        self.base = base
        self.notes = notes
        self.origins = origins
        self.keep = keep
        self.label = f"{target_label(spec or target)} (`{spec or target}`)"
        self.kw = KEYWORDS.get(target, {})
        self.allowed = ALLOWED.get(target)
        self.default_kw = DEFAULT_KEYWORD.get(target)
        if refs is True:
            refs = Refs(schema) if isinstance(schema, dict) and _has_ref(schema) else None
        self.refs = refs or None

    # -------------------------------------------------------------------------------------------- driver

    def run(self) -> dict[str, Any]:
        s = self.raw
        if not isinstance(s, dict):
            root: dict[str, Any] = {"type": "object", "properties": {}}
            self.origins[id(root)] = self.base
            self.keep.append(root)
            if is_strict(self.t):
                root["additionalProperties"] = False
            if self.t == "openai-strict":
                root["required"] = []
            return root
        rename = self.t in ("gemini", "gemini-json-schema") and isinstance(s.get("definitions"), dict) and not (
            isinstance(s.get("$defs"), dict) and set(s["$defs"]) & set(s["definitions"]))
        copier = _Copier(s, self.base, self.origins, self.keep, self._inline_pred() if self.refs else None,
                         self.refs, rename_definitions=rename)
        root = copier.copy(s, (), 0)
        if rename:
            defs = root.pop("definitions")
            root["$defs"] = {**root.get("$defs", {}), **defs} if isinstance(root.get("$defs"), dict) else defs
        if self.t == "gemini" and (self.refs is not None or "$defs" in root or "definitions" in root):
            self._drop_unused_defs(root)
        root = self._fix(root, 0)
        return root

    def _inline_pred(self):
        refs = self.refs
        t = self.t

        def pred(node: dict, path: tuple, parent_key: str | None) -> bool:
            tgt = ref_target(node.get("$ref"))
            if tgt is None or refs is None or refs.is_recursive(path, tgt):
                return False
            if not path and t in ROOT_OBJECT:
                return True  # a root `$ref`: the root must be an object itself
            siblings = [k for k in node if k not in ("$ref", "$defs", "definitions")]
            if t == "gemini":
                return True
            if parent_key == "allOf":
                return t in ("openai-strict", "anthropic", "anthropic-strict", "gemini-json-schema")
            if t == "openai-strict":
                return bool(siblings)
            if t == "gemini-json-schema":
                return any(not k.startswith("$") for k in siblings)
            return False

        return pred

    def _drop_unused_defs(self, root: dict) -> None:
        """Drop every `$defs`/`definitions` mapping that no remaining `$ref` points into (all were inlined)."""
        from .schemas import walk

        nodes = walk(root)
        targets = [ref_target(n.schema["$ref"]) for n in nodes if isinstance(n.schema.get("$ref"), str)]
        targets = [t for t in targets if t is not None]
        for n in nodes:
            for key in ("$defs", "definitions"):
                if not isinstance(n.schema.get(key), dict):
                    continue
                here = n.path + (key,)
                if any(t[: len(here)] == here for t in targets):
                    continue
                del n.schema[key]
                self.note(self.origin(n.schema), key, "info", K_REF, "GEM-SCH-008",
                          f"{{who}}: the export inlines the `$ref`s into `{key}` and drops it")

    # -------------------------------------------------------------------------------------------- helpers

    def origin(self, node: dict) -> tuple:
        return self.origins.get(id(node), self.base)

    def adopt(self, new: dict, old: dict) -> dict:
        self.origins[id(new)] = self.origin(old)
        self.keep.append(new)
        return new

    def note(self, origin: tuple, key: str | None, severity: str, rule: str, source: str | None,
             message: str) -> None:
        tokens = origin + ((key,) if key is not None and self._has_key(origin, key) else ())
        self.notes.append(Note(_ptr(tokens), message.replace("{who}", self.label), severity, rule, source,
                               message))

    def _has_key(self, origin: tuple, key: str) -> bool:
        return isinstance(self._raw_at(origin), dict) and key in self._raw_at(origin)

    def _raw_at(self, origin: tuple) -> Any:
        return resolve(self.raw, origin[len(self.base):]) if origin[: len(self.base)] == self.base else None

    def dropped(self, node: dict, key: str, source: str | None, why: str = "does not support",
                kind: str = K_KEYWORD) -> None:
        value = node.pop(key)
        if key in ANNOTATIONS or key.startswith("x-"):
            self.note(self.origin(node), key, "info", kind, source,
                      f"{{who}} {why} `{key}`; the export drops this annotation")
        else:
            self.note(self.origin(node), key, "warning", kind, source,
                      f"{{who}} {why} `{key}`; the export drops it: the model no longer sees "
                      f"`{key}: {short(value)}`; only the host's validation enforces it")

    # -------------------------------------------------------------------------------------------- traversal

    def _fix(self, node: dict, depth: int, in_place: bool = False) -> dict:
        if depth <= MAX_DEPTH:
            # a branch of an object that lists its own properties constrains that same object: it must not be
            # closed on its own (it would refuse the object's other properties)
            owner = isinstance(node.get("properties"), dict) and bool(node["properties"]) and is_object(node)
            for key in [k for k in node if k in SUB_KEYS]:
                v = node[key]
                if key in MAP_KEYS and isinstance(v, dict):
                    for n in list(v):
                        if isinstance(v[n], dict):
                            v[n] = self._fix(v[n], depth + 1)
                elif isinstance(v, list) and (key in LIST_KEYS or key == "items"):
                    branch = owner and key in _IN_PLACE
                    for i, sub in enumerate(v):
                        if isinstance(sub, dict):
                            v[i] = self._fix(sub, depth + 1, branch)
                elif isinstance(v, dict):
                    node[key] = self._fix(v, depth + 1, owner and key in _IN_PLACE)
        fixer = getattr(self, "_node_" + self.t.replace("-", "_"), None)
        self._in_place = in_place
        root = depth == 0
        if root and self.t in ROOT_OBJECT:
            node = self._root(node)
        if fixer is not None:
            node = fixer(node, root)
        if root and self.t == "mcp":
            node = self._root_mcp(node)
        return node

    # -------------------------------------------------------------------------------------------- root

    def _root(self, node: dict) -> dict:
        if self.t in ROOT_UNION or self.t == "gemini":
            if isinstance(node.get("allOf"), list):
                merged = merge_allof(node)
                if merged is not None:
                    node = self.adopt(merged, node)
                    self.note(self.origin(node), "allOf", "info", K_ROOT, None,
                              "{who}: the export merges the root `allOf` into the root object")
        if self.t in ROOT_UNION:
            rule, _, keys = ROOT_UNION[self.t]
            for key in keys:
                if key in node and key != "allOf" and root_union_droppable(node, key):
                    value = node.pop(key)
                    under = _ptr(self.origin(node) + (key,)) + "/"
                    self.notes[:] = [n for n in self.notes if not n.pointer.startswith(under)]  # gone with it
                    self.note(self.origin(node), key, "warning", K_ROOT, rule,
                              f"{{who}} rejects `{key}` at the root; the export drops it: the model no longer "
                              f"sees `{key}: {short(value)}`; only the host's validation enforces it")
        t = node.get("type")
        if t is None and "$ref" not in node:
            node["type"] = "object"
            if "properties" not in node:
                node["properties"] = {}
        elif isinstance(t, list) and "object" in t:
            node["type"] = "object"
            self.note(self.origin(node), "type", "info", K_ROOT, ROOT_OBJECT[self.t][0],
                      "{who}: tool arguments are always an object; the export sends `type: object`")
        return node

    def _root_mcp(self, node: dict) -> dict:
        if self.version < "2026-07-28":
            props = node.get("properties")
            if isinstance(props, dict):
                for n, sub in list(props.items()):
                    if isinstance(sub, bool):
                        props[n] = {} if sub else {"not": {}}
                        self.note(self.origin(node) + ("properties", n), None, "info", K_MCP, "MCP-TOOL-005",
                                  f"{{who}} requires property schemas to be objects; the export sends "
                                  f"`{str(sub).lower()}` as {short(props[n])}")
        if node.get("type") == "object" and node.get("properties") == {} and "additionalProperties" not in node \
                and not any(k in node for k in ("patternProperties", "anyOf", "oneOf", "allOf", "$ref")):
            node["additionalProperties"] = False  # MCP-TOOL-004: explicitly accepts only empty objects
        return node

    # -------------------------------------------------------------------------------------------- OpenAI strict

    def _open_map(self, node: dict) -> str | None:
        """The keyword that lets this object take keys it does not list (`patternProperties`, or an
        `additionalProperties` schema), when it lists none: a map, which strict modes cannot express."""
        if not isinstance(node, dict) or node.get("properties"):
            return None
        if isinstance(node.get("patternProperties"), dict) and node["patternProperties"]:
            return "patternProperties"
        ap = node.get("additionalProperties")
        if ap is True or (isinstance(ap, dict) and ap != {"not": {}}):
            return "additionalProperties"
        return None

    def _closed_map(self, node: dict, keyword: str | None, origin: tuple) -> None:
        """A map the strict export closed: it now accepts only `{}`, so the model can never fill it."""
        if keyword is None or node.get("additionalProperties") is not False or node.get("properties"):
            return
        self.note(origin, None, "error", K_OPEN, self._open_rule,
                  f"{{who}} cannot express a map (`{keyword}` on an object without `properties`): the export "
                  "sends an object that accepts only `{}`, so the model can never fill it. List the keys under "
                  "`properties`, or take an array of `{key, value}` objects instead")

    def _node_openai_strict(self, node: dict, root: bool) -> dict:
        self._open_rule = "OAI-STRICT-003"
        open_map, origin = self._open_map(node), self.origin(node)
        node = self._strict_openai(node, root)
        self._closed_map(node, open_map, origin)
        return node

    def _strict_openai(self, node: dict, root: bool) -> dict:
        node = self._common_keywords(node)
        node = self._format(node)
        if not root and "$id" in node:
            self.dropped(node, "$id", "OAI-STRICT-012")
        for k in [k for k in node if k.startswith("x-")]:
            node.pop(k)
        node = self._ref_siblings(node, annotations_only_ok=True, rule="OAI-STRICT-010")
        if is_object(node):
            self._close(node, root, "OAI-STRICT-003")
            self._require_all(node, root)
        return node

    def _require_all(self, node: dict, root: bool) -> None:
        props = node.get("properties")
        if not isinstance(props, dict):
            if root or node.get("additionalProperties") is False:
                node.setdefault("properties", {})
                node["required"] = []
            return
        req = node.get("required")
        have = [x for x in req if isinstance(x, str)] if isinstance(req, list) else []
        for name, sub in props.items():
            if name in have:
                continue
            if isinstance(sub, dict):
                if not allows_null(sub):
                    new = make_nullable(sub)
                    if new is not sub:
                        props[name] = self.adopt(new, sub)
                self.note(self.origin(node) + ("properties", name), None, "info", K_OPTIONAL, "OAI-STRICT-004",
                          f"{{who}} requires every property; the export sends optional `{name}` as required and "
                          "nullable: the host treats `null` as absent (`check_arguments(..., target=...)`)")
        node["required"] = list(props)

    def _close(self, node: dict, root: bool, rule: str) -> None:
        ap = node.get("additionalProperties", None)
        has_props = isinstance(node.get("properties"), dict) and bool(node["properties"])
        if getattr(self, "_in_place", False) and not root:
            return  # a branch constraining its parent object, which is closed itself
        if has_props and ap is not False:
            self._branch_names_outside(node, rule)
        if ap is False:
            return
        if "additionalProperties" not in node:
            if has_props or root:
                node["additionalProperties"] = False
            return
        if has_props:
            node["additionalProperties"] = False
            names = ", ".join(f"`{n}`" for n in list(node["properties"])[:5])
            self.note(self.origin(node), "additionalProperties", "warning", K_OPEN, rule,
                      f"{{who}} requires closed objects; the export sets `additionalProperties: false`: "
                      f"the model can no longer send keys other than {names}")

    def _branch_names_outside(self, node: dict, rule: str) -> None:
        """Closing ``node`` would refuse the properties that only its in-place branches declare: the export
        cannot say that (strict modes close every object), so it is an error, not a dropped constraint."""
        declared = set(node["properties"])
        extra: set = set()
        for key in ("anyOf", "oneOf", "allOf", "not", "if", "then", "else"):
            subs = node.get(key)
            for b in subs if isinstance(subs, list) else ([subs] if key in node else []):
                names = branch_property_names(b)
                if names is None:
                    continue  # a map inside a branch: reported where it is
                extra |= names - declared
        if extra:
            shown = ", ".join(f"`{n}`" for n in sorted(extra)[:5])
            self.note(self.origin(node), None, "error", K_OPEN, rule,
                      f"{{who}} closes every object, and this object's properties do not list {shown}, which its "
                      "`anyOf`/`oneOf`/`allOf` branches declare: the export would refuse them. List every property "
                      "under the object's own `properties` (the branches may keep constraining them)")

    # -------------------------------------------------------------------------------------------- Anthropic

    def _node_anthropic_strict(self, node: dict, root: bool) -> dict:
        self._open_rule = "ANT-STRICT-001"
        open_map, origin = self._open_map(node), self.origin(node)
        node = self._strict_anthropic(node, root)
        self._closed_map(node, open_map, origin)
        return node

    def _strict_anthropic(self, node: dict, root: bool) -> dict:
        node = self._common_keywords(node)
        mi = node.get("minItems")
        if isinstance(mi, int) and not isinstance(mi, bool) and mi > 1:
            node["minItems"] = 1
            self.note(self.origin(node), "minItems", "warning", K_VALUE, "ANT-STRICT-009",
                      f"{{who}} supports only `minItems` 0 or 1; the export sends `minItems: 1`: the model no "
                      f"longer sees `minItems: {mi}`; only the host's validation enforces it")
        enum = node.get("enum")
        if isinstance(enum, list) and any(isinstance(x, (dict, list)) for x in enum):
            self.dropped(node, "enum", "ANT-STRICT-006", "supports only scalar values in", kind=K_VALUE)
        pat = node.get("pattern")
        if isinstance(pat, str) and pattern_features(pat):
            self.dropped(node, "pattern", "ANT-STRICT-011",
                         f"rejects {', '.join(pattern_features(pat))} in", kind=K_VALUE)
        node = self._format(node)
        if is_object(node):
            self._close(node, root, "ANT-STRICT-001")
        return node

    # -------------------------------------------------------------------------------------------- Gemini

    def _node_gemini(self, node: dict, root: bool) -> dict:
        # const -> enum
        if "const" in node:
            node = self._const_to_enum(node, strings_only=True)
        if "oneOf" in node and "anyOf" not in node:
            node["anyOf"] = node.pop("oneOf")
            self.note(self.origin(node), "oneOf", "info", K_KEYWORD, "GEM-SCH-001",
                      "{who} has no `oneOf`; the export sends it as `anyOf`")
        if isinstance(node.get("allOf"), list):
            merged = merge_allof(node)
            if merged is not None:
                node = self.adopt(merged, node)
        if "examples" in node:
            ex = node.pop("examples")
            if isinstance(ex, list) and ex and "example" not in node:
                node["example"] = ex[0]
        for key in ("exclusiveMinimum", "exclusiveMaximum"):
            if key in node:
                self._inclusive(node, key)
        node = self._type_array(node)
        node = self._null_branches(node)
        self._gemini_enum(node)
        if "additionalProperties" in node:
            ap = node.get("additionalProperties")
            if ap is False:
                node.pop("additionalProperties")
            else:
                self.dropped(node, "additionalProperties", "GEM-SCH-005")
        for key in [k for k in node if k not in self.allowed]:
            if key == "definitions" and root:
                continue
            if key in ("allOf", "oneOf"):
                continue  # could not be rewritten: left for the target check to report
            self.dropped(node, key, (self.kw.get(key) or self.default_kw).rule)
        if root and "definitions" in node and "$defs" not in node:
            node["$defs"] = node.pop("definitions")
        node = self._format(node)
        if not root:
            node = self._distribute(node)
        if "type" not in node and not any(k in node for k in ("anyOf", "$ref", "allOf", "oneOf")):
            t = infer_type(node)
            if t:
                node["type"] = t
        return node

    def _const_to_enum(self, node: dict, strings_only: bool) -> dict:
        c = node["const"]
        if "enum" in node:
            node.pop("const")
            return node
        types = types_of(node) or ()
        if isinstance(c, str):
            node.pop("const")
            node["enum"] = [c]
            self.note(self.origin(node), "const", "info", K_KEYWORD, "GEM-SCH-004" if strings_only else "GEM-JS-002",
                      f"{{who}} has no `const`; the export sends `enum: [{short(c)}]`")
        elif isinstance(c, (int, float)) and not isinstance(c, bool) and (
                not strings_only or (set(types) <= {"integer", "number"} and "format" not in node)):
            node.pop("const")
            if strings_only:
                node["enum"] = [_num_str(c)]
                node["format"] = "enum"
                if not types:
                    node["type"] = "integer" if isinstance(c, int) else "number"
            else:
                node["enum"] = [c]
            self.note(self.origin(node), "const", "info", K_KEYWORD, "GEM-SCH-004" if strings_only else "GEM-JS-002",
                      "{who} has no `const`; the export sends a one-value `enum`")
        else:
            self.dropped(node, "const", "GEM-SCH-004" if strings_only else "GEM-JS-002")
        return node

    def _inclusive(self, node: dict, key: str) -> None:
        v = node.get(key)
        types = types_of(node) or ()
        bound = "minimum" if key == "exclusiveMinimum" else "maximum"
        if isinstance(v, int) and not isinstance(v, bool) and types == ("integer",) and bound not in node:
            node.pop(key)
            node[bound] = v + 1 if bound == "minimum" else v - 1
            self.note(self.origin(node), key, "info", K_KEYWORD, "GEM-SCH-001",
                      f"{{who}} has no `{key}`; the export sends `{bound}: {node[bound]}` (the same integers)")
        else:
            self.dropped(node, key, "GEM-SCH-001")

    def _type_array(self, node: dict) -> dict:
        t = node.get("type")
        if not isinstance(t, list) or not all(isinstance(x, str) for x in t):
            return node
        non_null = [x for x in t if x != "null"]
        nullable = len(non_null) != len(t)
        if len(non_null) <= 1:
            node["type"] = non_null[0] if non_null else "null"
            if nullable and non_null:
                node["nullable"] = True
            return node
        if "anyOf" in node:
            return node
        node.pop("type")
        branches = []
        for x in non_null:
            b: dict[str, Any] = {"type": x}
            if nullable:
                b["nullable"] = True
            self.adopt(b, node)
            branches.append(b)
        node["anyOf"] = branches
        return node

    def _null_branches(self, node: dict) -> dict:
        br = node.get("anyOf")
        if not isinstance(br, list):
            return node
        nulls = [b for b in br if isinstance(b, dict) and b.get("type") == "null" and len(b) <= 2
                 and set(b) <= {"type", "description"}]
        others = [b for b in br if b not in nulls]
        if not nulls or not others:
            return node
        for b in others:
            if isinstance(b, dict):
                b["nullable"] = True
        node["anyOf"] = others
        if len(others) == 1 and isinstance(others[0], dict):
            merged = _merge_ref(others[0], {k: v for k, v in node.items() if k != "anyOf"})
            if merged is not None:
                return self.adopt(merged, node)
        return node

    def _distribute(self, node: dict) -> dict:
        br = node.get("anyOf")
        if not isinstance(br, list):
            return node
        siblings = {k: v for k, v in node.items() if k != "anyOf"}
        if not siblings or not distributable(node):
            return node
        for b in br:
            for k, v in siblings.items():
                _push(b, k, v, 0)
        new = {"anyOf": br}
        return self.adopt(new, node)

    def _gemini_enum(self, node: dict) -> None:
        enum = node.get("enum")
        if not isinstance(enum, list) or all(isinstance(x, str) for x in enum):
            return
        vals = [x for x in enum if x is not None]
        if len(vals) != len(enum):
            node["nullable"] = True
        if all(isinstance(x, str) for x in vals):
            node["enum"] = vals
            return
        types = set(types_of(node) or ())
        if all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in vals) and types <= {
                "integer", "number"} and node.get("format") in (None, "enum"):
            node["enum"] = [_num_str(x) for x in vals]
            node["format"] = "enum"
            if not types:
                node["type"] = "integer" if all(isinstance(x, int) for x in vals) else "number"
            self.note(self.origin(node), "enum", "info", K_VALUE, "GEM-SCH-003",
                      "{who} takes only string `enum` values; the export sends them as strings with "
                      "`format: enum`")
            return
        self.dropped(node, "enum", "GEM-SCH-003", "takes only string values in", kind=K_VALUE)

    # -------------------------------------------------------------------------------------------- Gemini JSON

    def _node_gemini_json_schema(self, node: dict, root: bool) -> dict:
        if "const" in node:
            node = self._const_to_enum(node, strings_only=False)
        if isinstance(node.get("allOf"), list):
            merged = merge_allof(node)
            if merged is not None:
                node = self.adopt(merged, node)
        enum = node.get("enum")
        if isinstance(enum, list):
            bad = [x for x in enum if not _str_or_num(x)]
            if bad:
                keep = [x for x in enum if _str_or_num(x)]
                if keep and all(x is None for x in bad):
                    return self._null_enum_branch(node, keep)
                if keep:
                    node["enum"] = keep
                    self.note(self.origin(node), "enum", "warning", K_VALUE, "GEM-JS-006",
                              f"{{who}} takes only string and number `enum` values; the export drops "
                              f"{short(bad)}: the model no longer sees them; only the host's validation accepts "
                              "them")
                else:
                    self.dropped(node, "enum", "GEM-JS-006", "takes only strings and numbers in", kind=K_VALUE)
        node = self._ref_siblings(node, annotations_only_ok=True, rule="GEM-JS-005", dollar_ok=True)
        return node

    def _null_enum_branch(self, node: dict, keep: list) -> dict:
        """``enum: [a, b, null]`` -> ``anyOf: [{..., enum: [a, b]}, {type: null}]``: the values stay strings and
        numbers, and null is still accepted (dropping it would reject a value the contract allows)."""
        inner = dict(node)
        inner["enum"] = keep
        t = inner.get("type")
        if isinstance(t, list):
            rest = [x for x in t if x != "null"]
            if rest:
                inner["type"] = rest[0] if len(rest) == 1 else rest
            else:
                inner.pop("type")
        outer: dict[str, Any] = {}
        for k in ("title", "description"):
            if k in inner:
                outer[k] = inner.pop(k)
        self.adopt(inner, node)
        null = self.adopt({"type": "null"}, node)
        outer["anyOf"] = [inner, null]
        self.note(self.origin(node), "enum", "info", K_VALUE, "GEM-JS-006",
                  "{who} takes only string and number `enum` values; the export sends `null` as an `anyOf` "
                  "branch of its own")
        return self.adopt(outer, node)

    # -------------------------------------------------------------------------------------------- shared

    def _common_keywords(self, node: dict) -> dict:
        for key in [k for k in node if k in self.kw]:
            if key not in node:
                continue
            kw = self.kw[key]
            if kw.fix == "drop":
                self.dropped(node, key, kw.rule)
            elif kw.fix == "anyOf" and "anyOf" not in node:
                node["anyOf"] = node.pop(key)
                self.note(self.origin(node), key, "info", K_KEYWORD, kw.rule,
                          "{who} has no `oneOf`; the export sends it as `anyOf` (branches are rarely "
                          "meant to overlap)")
            elif kw.fix == "merge" and isinstance(node.get(key), list):
                merged = merge_allof(node)
                if merged is not None:
                    node = self.adopt(merged, node)
        return node

    def _format(self, node: dict) -> dict:
        spec = FORMATS.get(self.t)
        f = node.get("format")
        if spec is None or not isinstance(f, str):
            return node
        rule, _, allowed, types = spec
        if f in allowed:
            return node
        if types is not None and not (set(types_of(node) or ()) & types):
            return node
        node.pop("format")
        self.note(self.origin(node), "format", "warning", K_VALUE, rule,
                  f"{{who}} does not support `format: {f}`; the export drops it: the model no longer sees "
                  "it; only the host's validation enforces it")
        return node

    def _ref_siblings(self, node: dict, annotations_only_ok: bool, rule: str, dollar_ok: bool = False) -> dict:
        if "$ref" not in node:
            return node
        sib = [k for k in node if k != "$ref" and k not in ("$defs", "definitions")
               and not (dollar_ok and k.startswith("$"))]
        if sib and all(k in ANNOTATIONS for k in sib) and annotations_only_ok:
            for k in sib:
                node.pop(k)
            self.note(self.origin(node), None, "info", K_REF, rule,
                      "{who} takes no keywords beside a recursive `$ref`; the export drops "
                      + ", ".join(f"`{k}`" for k in sib))
        return node


# ------------------------------------------------------------------------------------------------ predicates

def _has_ref(node: Any, skip_defs: bool = False, depth: int = 0) -> bool:
    if depth > MAX_DEPTH:
        return False
    if isinstance(node, dict):
        if "$ref" in node:
            return True
        return any(_has_ref(v, skip_defs, depth + 1) for k, v in node.items()
                   if not (skip_defs and depth == 0 and k in ("$defs", "definitions")))
    if isinstance(node, list):
        return any(_has_ref(v, skip_defs, depth + 1) for v in node)
    return False


def _push(branch: dict, key: str, value: Any, depth: int) -> None:
    """Put ``key: value`` into an `anyOf` branch; a branch that is itself a bare `anyOf` passes it on down."""
    if key in branch:
        return
    inner = branch.get("anyOf")
    if isinstance(inner, list) and set(branch) == {"anyOf"} and depth < 20 and all(isinstance(b, dict) for b in inner):
        for b in inner:
            _push(b, key, value, depth + 1)
        return
    branch[key] = value


def _num_str(x: Any) -> str:
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    return str(x)


def _str_or_num(x: Any) -> bool:
    return isinstance(x, str) or (isinstance(x, (int, float)) and not isinstance(x, bool))


def merge_allof(node: dict) -> dict | None:
    """``node`` with its ``allOf`` branches merged into it, or None when they conflict.

    Branches must be mappings without ``$ref`` or nested ``allOf``; ``properties`` are united (a property defined
    twice must be defined identically), ``required`` lists are united, any other keyword must agree (annotations:
    the parent's wins).
    """
    branches = node.get("allOf")
    if not isinstance(branches, list) or not all(isinstance(b, dict) for b in branches):
        return None
    out = {k: v for k, v in node.items() if k != "allOf"}
    for b in branches:
        if "$ref" in b or "allOf" in b:
            return None
        for k, v in b.items():
            if k == "properties" and isinstance(v, dict):
                props = dict(out.get("properties") or {}) if isinstance(out.get("properties", {}), dict) else None
                if props is None:
                    return None
                for n, s in v.items():
                    if n in props and props[n] != s:
                        return None
                    props[n] = s
                out["properties"] = props
            elif k == "required" and isinstance(v, list):
                req = list(out.get("required") or []) if isinstance(out.get("required", []), list) else None
                if req is None:
                    return None
                req.extend(x for x in v if x not in req)
                out["required"] = req
            elif k in out:
                if out[k] != v and k not in ANNOTATIONS:
                    return None
            else:
                out[k] = v
    return out


def make_nullable(schema: dict) -> dict:
    """A schema that also accepts ``null`` (same mapping when it can be done in place)."""
    if "$ref" in schema:
        outer = {k: v for k, v in schema.items() if k in ("description", "title")}
        inner = {k: v for k, v in schema.items() if k not in outer}
        outer["anyOf"] = [inner, {"type": "null"}]
        return outer
    t = schema.get("type")
    if isinstance(t, str):
        schema["type"] = [t, "null"]
    elif isinstance(t, list):
        if "null" not in t:
            schema["type"] = t + ["null"]
    elif isinstance(schema.get("anyOf"), list):
        schema["anyOf"] = schema["anyOf"] + [{"type": "null"}]
        return schema
    if isinstance(schema.get("enum"), list) and None not in schema["enum"]:
        schema["enum"] = schema["enum"] + [None]
    if "const" in schema:
        schema["enum"] = [schema.pop("const"), None]
    return schema


def root_union_droppable(node: dict, key: str) -> bool:
    """A root ``anyOf``/``oneOf`` the export can drop without rejecting any argument object the contract accepts:
    its branches only constrain the root object (e.g. "one of a or b is required", "a is a non-empty string
    here"), and every property they name is one the root declares (or the root is closed anyway). Dropping a
    constraint only widens what is accepted; the host still enforces it from the contract."""
    br = node.get(key)
    if not (isinstance(br, list) and br and is_object(node) and all(isinstance(b, dict) for b in br)):
        return False
    if all(set(b) <= _ROOT_UNION_OK for b in br):
        return True
    props = node.get("properties")
    declared = set(props) if isinstance(props, dict) else set()
    closed = node.get("additionalProperties") is False
    for b in br:
        names = branch_property_names(b)
        if names is None or not (closed or names <= declared):
            return False
        if b.get("type") not in (None, "object"):
            return False
    return True


def branch_property_names(branch: Any, depth: int = 0) -> set | None:
    """The property names an in-place branch (of `anyOf`/`oneOf`/`allOf`, or `not`/`if`/`then`/`else`) declares,
    through its own nested in-place branches; None when it can admit names it does not list (a
    `patternProperties` map or an `additionalProperties` schema), which only the branch itself could express."""
    if isinstance(branch, bool):
        return set()
    if not isinstance(branch, dict) or depth > 20:
        return None
    if branch.get("patternProperties") or isinstance(branch.get("additionalProperties"), dict) \
            or "$ref" in branch:
        return None
    props = branch.get("properties")
    names = set(props) if isinstance(props, dict) else set()
    for key in ("anyOf", "oneOf", "allOf"):
        for sub in branch.get(key) or () if isinstance(branch.get(key), list) else ():
            more = branch_property_names(sub, depth + 1)
            if more is None:
                return None
            names |= more
    for key in ("not", "if", "then", "else"):
        if key in branch:
            more = branch_property_names(branch[key], depth + 1)
            if more is None:
                return None
            names |= more
    return names


def distributable(node: dict) -> bool:
    """Whether the siblings of ``anyOf`` can move into every branch without changing what is valid."""
    br = node.get("anyOf")
    if not isinstance(br, list) or not br or not all(isinstance(b, dict) for b in br):
        return False
    for k, v in node.items():
        if k == "anyOf":
            continue
        if k in ("$defs", "definitions", "$ref"):
            return False
        for b in br:
            if k in b and b[k] != v and k not in ANNOTATIONS:
                return False
    return True


def infer_type(node: dict) -> str | None:
    """The type a schema without `type` implies from its other keywords (None when nothing does)."""
    if any(k in node for k in ("properties", "required", "minProperties", "maxProperties", "additionalProperties")):
        return "object"
    if any(k in node for k in ("items", "minItems", "maxItems", "prefixItems")):
        return "array"
    enum = node.get("enum")
    if isinstance(enum, list) and enum:
        if all(isinstance(x, str) for x in enum):
            return "string"
        if all(isinstance(x, bool) for x in enum):
            return "boolean"
        if all(isinstance(x, int) and not isinstance(x, bool) for x in enum):
            return "integer"
        if all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in enum):
            return "number"
    if any(k in node for k in ("minLength", "maxLength", "pattern")):
        return "string"
    if any(k in node for k in ("minimum", "maximum")):
        return "number"
    return None


def pattern_features(pattern: str) -> list[str]:
    """The regex features of ``pattern`` that Anthropic strict mode rejects (ANT-STRICT-011)."""
    import re

    return [what for rx, what in _PATTERN_FEATURES if re.search(rx, pattern)]


def is_inlinable(refs: Refs | None, root: Any, node: dict, path: tuple) -> bool:
    """Whether the ``$ref`` of ``node`` (at ``path``) is local, resolvable and not recursive."""
    r = node.get("$ref")
    if refs is None or is_external_ref(r):
        return False
    tgt = ref_target(r)
    return tgt is not None and isinstance(resolve(root, tgt), dict) and not refs.is_recursive(path, tgt)


assert set(MCP_VERSIONS)
