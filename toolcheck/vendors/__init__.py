"""Vendor targets: the rules each model API and MCP apply to tool definitions, and the export to each of them.

- :mod:`toolcheck.vendors.targets`: the target names, the default set, the strict variants and which targets a
  contract is checked against — defined once, read by the CLI, the config schema, the export and the TC2 rules.
- :mod:`toolcheck.vendors.rules`: name patterns, limits, keyword tables and formats, as data.
- :mod:`toolcheck.vendors.sources`: the source (URL, date, section of `vendor-rules.md`) of every rule id.
- :mod:`toolcheck.vendors.transforms`: :func:`export_tool` — the exact payload each API takes (the schema
  transform itself in :mod:`toolcheck.vendors.schema_export`, its helpers in :mod:`toolcheck.vendors.shapes`).
- :mod:`toolcheck.vendors.analysis`: what a target rejects in a schema (read by the TC2 rules,
  :mod:`toolcheck.rules.tc2_targets`).
- :mod:`toolcheck.vendors.mcp`: the MCP `Tool` schemas bundled per spec version.
"""

from __future__ import annotations

from typing import Any

from .targets import DEFAULT_TARGETS, MCP_LATEST, MCP_VERSIONS, TARGETS, parse_target

_LAZY = {"export_tool": "transforms", "export_result": "transforms", "ExportResult": "transforms",
         "Note": "transforms", "mcp_annotations": "transforms", "target_label": "rules"}


def __getattr__(name: str) -> Any:  # imported on first use (`toolcheck lint` needs only the target names)
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(name)


__all__ = [
    "TARGETS", "DEFAULT_TARGETS", "MCP_VERSIONS", "MCP_LATEST", "parse_target", "target_label",
    "export_tool", "export_result", "ExportResult", "Note", "mcp_annotations",
]
