"""GitHub Actions workflow commands: one annotation per finding."""

from __future__ import annotations

_LEVEL = {"error": "error", "warning": "warning", "info": "notice"}


def _esc_data(s: str) -> str:
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _esc_prop(s: str) -> str:
    return _esc_data(s).replace(":", "%3A").replace(",", "%2C")


def render_github(result) -> str:
    out = []
    for f in result.findings:
        title = f"{f.code} {f.name}" + (f" ({f.tool})" if f.tool else "")
        msg = f"{f.message} — {f.help}"
        if f.line is None:  # no file in the repository (a live MCP server's listing): say where in the message
            where = f"{f.file} {f.pointer or '/'}"
            out.append(f"::{_LEVEL[f.severity]} title={_esc_prop(title)}::{_esc_data(where + ': ' + msg)}")
            continue
        out.append(
            f"::{_LEVEL[f.severity]} file={_esc_prop(f.file)},line={f.line},col={f.column},"
            f"title={_esc_prop(title)}::{_esc_data(msg)}"
        )
    return "\n".join(out) + ("\n" if out else "")
