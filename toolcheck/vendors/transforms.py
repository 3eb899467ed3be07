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

from .rules import (
    K_ROOT,
    LABELS,
)
from .schema_export import Note, SchemaExport, pointer_of
from .schemas import (
    Refs,
    short,
)
from .shapes import Copier, plain
from .targets import MCP_VERSIONS, parse_target

__all__ = ["Note", "ExportResult", "export_tool", "export_result", "mcp_annotations", "TRANSFORM_TEXT"]

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
        out.update({k: plain(val) for k, val in own.items()})
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

    sx = SchemaExport(base, version, v.params, (v.params_key or "parameters",), notes, origins, keep, target, refs)
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
    copy = Copier(out, key, origins, keep).copy(out, (), 0)
    if version < "2026-07-28":
        if "type" not in copy and isinstance(copy.get("properties"), dict):
            copy["type"] = "object"
        if copy.get("type") != "object":
            template = ("{who} requires an object `outputSchema`; the export omits it (type "
                        f"{short(out.get('type'))}): clients get unstructured content only")
            notes.append(Note(pointer_of(key), template.replace("{who}", f"MCP {version} (`{spec}`)"), "warning", K_ROOT,
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



assert set(MCP_VERSIONS)
