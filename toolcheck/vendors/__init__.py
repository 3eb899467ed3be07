"""Vendor targets: the rules each model API and MCP apply to tool definitions, and the export to each of them.

- :mod:`toolcheck.vendors.rules`: name patterns, limits, keyword tables and formats, as data.
- :mod:`toolcheck.vendors.sources`: the source (URL, date, section of `vendor-rules.md`) of every rule id.
- :mod:`toolcheck.vendors.transforms`: :func:`export_tool` — the exact payload each API takes.
- :mod:`toolcheck.vendors.analysis`: what a target rejects in a schema (used by the TC2 checks).
- :mod:`toolcheck.vendors.mcp`: the MCP `Tool` schemas bundled per spec version.
"""

from __future__ import annotations

from typing import Any

from .rules import DEFAULT_TARGETS, MCP_LATEST, MCP_VERSIONS, TARGETS, parse_target, target_label

_LAZY = ("export_tool", "export_result", "ExportResult", "Note", "mcp_annotations")


def __getattr__(name: str) -> Any:  # the transforms are imported on first use (`toolcheck lint` never needs them)
    if name in _LAZY:
        from . import transforms

        return getattr(transforms, name)
    raise AttributeError(name)

__all__ = [
    "TARGETS", "DEFAULT_TARGETS", "MCP_VERSIONS", "MCP_LATEST", "parse_target", "target_label",
    "export_tool", "export_result", "ExportResult", "Note", "mcp_annotations",
]
