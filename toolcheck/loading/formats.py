"""Tool definitions where they already live: OpenAI, Anthropic, Gemini, MCP and BFCL/function-object formats.

Detection is per file (``--input-format`` overrides it). A detected tool becomes a :class:`Contract` whose
``pointer`` is the object that holds its name, description and schema in the file, so every finding keeps its
line, column and pointer in the user's own file. Nothing is rewritten on the way in: a BFCL ``"type": "dict"``
is reported by the schema rules, never silently fixed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..model.pointer import join_pointer

# what `--input-format` accepts (the CLI's choices)
INPUT_FORMATS = ("auto", "contract", "openai", "openai-responses", "anthropic", "gemini", "mcp", "functions")

# keys that only a toolcheck contract has: a list of plain function objects without any of them is vendor input
CONTRACT_ONLY_KEYS = {"risk", "idempotency_key", "requires_confirmation", "returns", "errors", "targets", "handler",
                      "handler_call", "version", "samples"}
GEMINI_KEYS = ("functionDeclarations", "function_declarations")

# how messages name each vendor format
FORMAT_NAMES = {"openai": "OpenAI", "openai-responses": "OpenAI Responses", "anthropic": "Anthropic",
                "gemini": "Gemini", "mcp": "MCP", "functions": "function-object"}

# keys each vendor's tool object may carry beside name/description/schema (never reported as unknown)
VENDOR_KEYS: dict[str, frozenset[str]] = {
    "openai": frozenset({"strict"}),
    "openai-responses": frozenset({"type", "strict"}),
    "anthropic": frozenset({"input_examples", "cache_control", "strict", "type", "defer_loading",
                            "allowed_callers"}),
    "gemini": frozenset({"parametersJsonSchema", "response", "responseJsonSchema", "behavior"}),
    "mcp": frozenset({"icons", "_meta", "execution", "annotations", "title", "outputSchema"}),
    "functions": frozenset({"strict", "source"}),
    "function-jsonl": frozenset({"strict", "source", "type", "function"}),
}


def _is_openai_chat(t: Any) -> bool:
    return isinstance(t, dict) and t.get("type") == "function" and isinstance(t.get("function"), dict)


def _is_openai_responses(t: Any) -> bool:
    return isinstance(t, dict) and t.get("type") == "function" and "name" in t and "function" not in t


def tool_format(t: Any) -> str | None:
    """The format of one tool object, or None when it is not recognisably a tool."""
    if not isinstance(t, dict):
        return None
    if _is_openai_chat(t):
        return "openai"
    if _is_openai_responses(t):
        return "openai-responses"
    if any(k in t for k in GEMINI_KEYS):
        return "gemini"
    if "name" not in t:
        return None
    if "input_schema" in t:
        return "anthropic"
    if "inputSchema" in t or "outputSchema" in t:
        return "mcp"
    if "parametersJsonSchema" in t:
        return "gemini"
    if CONTRACT_ONLY_KEYS.intersection(t) or any(str(k).startswith("x-") for k in t):
        return "contract"
    if "parameters" in t:
        return "functions"
    return "contract"


def detect(doc: Any) -> tuple[str, list[tuple[str, Any]]]:
    """(format, [(pointer of a tool container or list, value)]) for a whole document.

    Returns the format name and the list of (pointer, tool-object-or-wrapper) pairs to turn into contracts.
    """
    if isinstance(doc, dict):
        if isinstance(doc.get("result"), dict) and isinstance(doc["result"].get("tools"), list):
            return "mcp", [(f"/result/tools/{i}", t) for i, t in enumerate(doc["result"]["tools"])]
        for k in GEMINI_KEYS:
            if isinstance(doc.get(k), list):
                return "gemini", [(f"/{k}/{i}", t) for i, t in enumerate(doc[k])]
        if isinstance(doc.get("tools"), list) and "name" not in doc:
            return _detect_list(doc["tools"], "/tools")
        fmt = tool_format(doc)
        if fmt == "gemini" and any(k in doc for k in GEMINI_KEYS):
            return _detect_list([doc], "")  # a single Gemini `Tool` object
        return (fmt or "contract"), [("", doc)]
    if isinstance(doc, list):
        return _detect_list(doc, "")
    return "contract", [("", doc)]


def _detect_list(items: list, base: str) -> tuple[str, list[tuple[str, Any]]]:
    fmts = [tool_format(t) for t in items]
    known = [f for f in fmts if f]
    if not known:
        return "contract", [(f"{base}/{i}", t) for i, t in enumerate(items)]
    # the majority format decides (a tie: the format of the first of them in the file, never the set's hash
    # order, so that a run does not depend on PYTHONHASHSEED); mixed files keep each item's own shape
    fmt = max(dict.fromkeys(known), key=known.count)
    out: list[tuple[str, Any]] = []
    for i, t in enumerate(items):
        p = f"{base}/{i}"
        if isinstance(t, dict) and any(k in t for k in GEMINI_KEYS):  # Gemini Tool wrapper: its declarations
            for k in GEMINI_KEYS:
                if isinstance(t.get(k), list):
                    out.extend((f"{p}/{k}/{j}", d) for j, d in enumerate(t[k]))
            continue
        out.append((p, t))
    if fmt == "contract" and len(known) == len(items) and all(f == "contract" for f in known):
        return "contract", out
    return fmt, out


def sent_as(doc: Any) -> str:
    """How the tools of a vendor-format document are sent (``SourceFile.sent_as``): ``request`` or ``catalogue``.

    A mapping holds its tools under the key a request or a result carries them in: an OpenAI (Chat or Responses),
    Anthropic or Gemini request body's `tools`, an MCP `tools/list` result (`{tools}`, or the JSON-RPC response's
    `result.tools`), a Gemini `Tool` (`functionDeclarations`, the field the 512 cap is on). That is what goes over
    the wire in one request: a ``request``. A bare list (of tools, function objects or Gemini `Tool`s) is what a
    host keeps and loads from, whole or in part (ToolUniverse and BFCL files, SDK dumps): a ``catalogue``. A JSON
    Lines file (one definition a line, the corpus records) is a catalogue too: its loader says so.
    """
    return "catalogue" if isinstance(doc, list) else "request"


def unwrap(fmt: str, ptr: str, t: Any) -> tuple[str, str, Any]:
    """(format, pointer, object holding name/description/schema) for one tool."""
    if _is_openai_chat(t):
        return "openai", join_pointer(ptr, "function"), t["function"]
    if fmt == "contract":
        return "contract", ptr, t
    own = tool_format(t)
    if own in ("openai-responses", "anthropic", "mcp"):
        return own, ptr, t
    return fmt, ptr, t




# ----------------------------------------------------------------------------------------------- other files

_TOOL_KEYS = frozenset({"parameters", "input_schema", "inputSchema", "parametersJsonSchema", "tools", "function",
                        "functionDeclarations", "function_declarations", "risk", "returns", "outputSchema"})
# keys only toolcheck's configuration has (`targets` and `samples` are contract keys too)
_CONFIG_ONLY = frozenset({"paths", "exclude", "select", "extend-select", "ignore", "per-file-ignores", "severity",
                          "fail-on", "rules", "allow", "limits", "ship", "cache", "format"})
_CONFIG_KEYS = _CONFIG_ONLY | {"targets", "samples"}


def _all_mappings_with(items: Any, *keys: str) -> bool:
    """A non-empty list (or mapping's values) of mappings that each hold one of ``keys``."""
    return bool(items) and all(isinstance(x, dict) and any(k in x for k in keys) for x in items)


# (does the mapping, with these keys, have this shape?, what the file then is), tried in order
_OTHER_SHAPES: tuple[tuple[Callable[[dict, set], Any], str], ...] = (
    (lambda d, k: isinstance(d.get("repos"), list) and _all_mappings_with(d["repos"], "repo"),
     "a pre-commit configuration (`repos`)"),
    (lambda d, k: isinstance(d.get("jobs"), dict) and ("on" in k or "true" in k),
     "a GitHub Actions workflow (`on` and `jobs`)"),
    (lambda d, k: isinstance(d.get("runs"), dict) and "using" in d["runs"],
     "a GitHub Action's metadata (`runs.using`)"),
    (lambda d, k: isinstance(d.get("services"), dict) and _all_mappings_with(d["services"].values(), "image", "build"),
     "a Docker Compose file (`services`)"),
    (lambda d, k: "lockfileVersion" in k, "an npm lockfile (`lockfileVersion`)"),
    (lambda d, k: isinstance(d.get("compilerOptions"), dict),
     "TypeScript/JavaScript compiler options (`compilerOptions`)"),
    (lambda d, k: k & {"dependencies", "devDependencies", "peerDependencies", "scripts"}
     and ("version" in k or "private" in k), "an npm package manifest (`dependencies`/`scripts`)"),
    (lambda d, k: isinstance(d.get("apiVersion"), str) and isinstance(d.get("kind"), str),
     "a Kubernetes manifest (`apiVersion` and `kind`)"),
    (lambda d, k: ("openapi" in k or "swagger" in k) and ("paths" in k or "info" in k),
     "an OpenAPI document (`openapi`)"),
    (lambda d, k: isinstance(d.get("findings"), list) and "version" in k and "toolcheck" in k,
     "a toolcheck baseline (`findings`)"),
    (lambda d, k: "name" not in k and k & _CONFIG_ONLY and k <= _CONFIG_KEYS, "toolcheck's configuration"),
)


def other_document(doc: Any) -> str | None:
    """What a document is when its shape says it is not a tool definition (None: it may be one, or a broken
    one). Only unmistakable shapes: a file that merely lacks a `name` is a broken contract, not something else."""
    if isinstance(doc, list):
        if doc and all(isinstance(x, dict) and "id" in x and "entry" in x for x in doc):
            return "pre-commit hook definitions (`id` and `entry`)"
        return None
    if not isinstance(doc, dict) or not doc or _TOOL_KEYS.intersection(doc):
        return None
    keys = set(doc)
    for shape, what in _OTHER_SHAPES:
        if shape(doc, keys):
            return what
    return None
