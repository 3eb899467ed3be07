"""The MCP `Tool` JSON Schemas bundled per spec version (`toolcheck/data/mcp/tool-<version>.schema.json`).

They are the `Tool` definition (and what it references) extracted verbatim from the MCP specification
repository's `schema/<version>/schema.json`; see the `$comment` of each file for the commit.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from .targets import MCP_VERSIONS

_VALIDATORS: dict[str, Any] = {}


def tool_schema(version: str) -> dict:
    """The bundled `Tool` schema of an MCP spec version (one of ``MCP_VERSIONS``)."""
    if version not in MCP_VERSIONS:
        raise ValueError(f"no bundled MCP schema for {version!r} (have {', '.join(MCP_VERSIONS)})")
    text = resources.files("toolcheck").joinpath(f"data/mcp/tool-{version}.schema.json").read_text("utf-8")
    return json.loads(text)


def tool_validator(version: str):
    """A compiled validator (``toolcheck.schemaval.Compiled``) for the `Tool` schema of ``version``."""
    v = _VALIDATORS.get(version)
    if v is None:
        from ..schemaval import compile_schema

        v = _VALIDATORS[version] = compile_schema(tool_schema(version))
    return v


def as_tool(contract: Any) -> tuple[dict, dict[str, str]]:
    """The contract as written, shaped as an MCP `Tool`, and the map of Tool keys to contract keys."""
    data = getattr(contract, "data", contract)
    data = data if isinstance(data, dict) else {}
    tool: dict[str, Any] = {}
    keys: dict[str, str] = {}
    for key in ("name", "title", "description", "annotations"):
        if key in data:
            tool[key] = data[key]
            keys[key] = key
    for tool_key, aliases in (("inputSchema", ("parameters", "input_schema", "inputSchema", "parametersJsonSchema")),
                              ("outputSchema", ("returns", "outputSchema"))):
        for a in aliases:
            if a in data:
                tool[tool_key] = data[a]
                keys[tool_key] = a
                break
    return tool, keys


_SIMPLE_KEYS = frozenset(("name", "title", "description", "inputSchema", "outputSchema"))


def obviously_valid(tool: dict, version: str, ignore_root_type: bool = False) -> bool:
    """A cheap pre-check: True only when ``tool`` certainly validates against the `Tool` schema of ``version``
    (plain strings, object schemas with `type: object`, no annotations, icons or _meta). False means: ask the
    validator. ``ignore_root_type``: a wrong root `type` does not count (the caller reports it elsewhere)."""
    if not _SIMPLE_KEYS.issuperset(tool) or not isinstance(tool.get("name"), str):
        return False
    for key in ("title", "description"):
        if key in tool and not isinstance(tool[key], str):
            return False
    old = version < "2026-07-28"
    for key in ("inputSchema", "outputSchema"):
        if key not in tool:
            if key == "inputSchema":
                return False
            continue
        s = tool[key]
        if not isinstance(s, dict) or not isinstance(s.get("$schema", ""), str):
            return False
        if (key == "inputSchema" or old) and s.get("type") != "object" and not ignore_root_type:
            return False
        if old:
            props = s.get("properties", {})
            if not isinstance(props, dict) or not all(isinstance(v, dict) for v in props.values()):
                return False
            req = s.get("required", [])
            if not isinstance(req, list) or not all(isinstance(x, str) for x in req):
                return False
    return True
