"""Human output: grouped by file, `path:line:col` first so editors and terminals can jump to it.

Colour (through rich) only on a terminal and never with NO_COLOR; plain text otherwise, without importing rich.
"""

from __future__ import annotations

from .statistics import statistics

_SEV_STYLE = {"error": "bold red", "warning": "yellow", "info": "cyan"}


def _fix_applies(f, unsafe: bool) -> bool:
    """Whether `--fix` (with ``unsafe``: `--unsafe-fixes`) applies the finding's fix: its `[*]` mark, as ruff's."""
    fx = f.fix
    return fx is not None and (fx.applicability == "safe" or unsafe)


def _segments(result, settings) -> list[list[tuple[str, str]]]:
    lines = _finding_lines(result, settings)
    if getattr(settings, "quiet", False):  # --quiet: the findings only, as ruff's -q (no summary, no targets)
        return lines
    if result.findings and not settings.statistics:
        lines.append([])
    return lines + _summary_lines(result, bool(getattr(settings, "unsafe_fixes", False)))


def _finding_lines(result, settings) -> list[list[tuple[str, str]]]:
    lines: list[list[tuple[str, str]]] = []
    unsafe = bool(getattr(settings, "unsafe_fixes", False))
    if settings.statistics:
        marked = {f.code for f in result.findings if _fix_applies(f, unsafe)}
        for s in statistics(result.findings):
            mark = "[*] " if s["code"] in marked else "    "
            lines.append([(f"{s['count']:>6}  ", "bold"), (f"{s['code']}  ", "bold red"), (mark, "cyan"),
                          (s["name"], "")])
    else:
        current = None
        for f in result.findings:
            if f.file != current:
                if current is not None:
                    lines.append([])
                current = f.file
            fix = " [*]" if _fix_applies(f, unsafe) else ""
            lines.append([
                (f"{f.where}: ", "bold"),
                (f.code, _SEV_STYLE[f.severity]),
                (f" {f.severity}{fix} ", _SEV_STYLE[f.severity]),
                (f.message, ""),
            ])
            where = [f"rule: {f.name}"]
            if f.tool:
                where.append(f"tool: {f.tool}")
            where.append(f"pointer: {f.pointer or '/'}")
            if f.target:
                where.append(f"target: {f.target}")
            lines.append([("    " + "  ".join(where), "dim")])
            lines.append([("    help: ", "cyan"), (f.help, "")])
            if f.data is not None and not isinstance(f.data, dict | list) or (f.data and len(str(f.data)) < 300):
                import json

                lines.append([("    data: ", "dim"), (json.dumps(f.data, ensure_ascii=False, default=str), "dim")])
    return lines


def _summary_lines(result, unsafe: bool) -> list[list[tuple[str, str]]]:
    lines: list[list[tuple[str, str]]] = []
    s = result.summary()
    if result.findings:
        parts = [f"{s['errors']} error{'s' if s['errors'] != 1 else ''}",
                 f"{s['warnings']} warning{'s' if s['warnings'] != 1 else ''}",
                 f"{s['infos']} info"]
        tail = _fix_summary(result.findings, unsafe)
        lines.append([("Found " + ", ".join(parts), "bold"),
                      (f" in {s['files']} file{'s' if s['files'] != 1 else ''} ({s['tools']} tool{'s' if s['tools'] != 1 else ''}){tail}.", "")])
    else:
        lines.append([("All checks passed!", "bold green"),
                      (f" {s['files']} file{'s' if s['files'] != 1 else ''}, {s['tools']} tool{'s' if s['tools'] != 1 else ''}.", "")])
    if s["targets"]:
        declared = s.get("targets_declared") or {}
        shown = [f"{t} (`strict: true` in {declared[t]})" if t in declared else t for t in s["targets"]]
        lines.append([("Targets checked: " + ", ".join(shown), "dim")])
    return lines


def _fix_summary(findings, unsafe: bool) -> str:
    """`; N fixable with `--fix` (M more with `--unsafe-fixes`); K fixable with `toolcheck export``."""
    fixes = [f.fix.applicability for f in findings if f.fix is not None]
    now = sum(1 for a in fixes if a == "safe" or unsafe)
    later = len(fixes) - now
    export = sum(1 for f in findings if f.fixable)
    parts = []
    if now:
        flags = "--fix --unsafe-fixes" if unsafe and "unsafe" in fixes else "--fix"
        parts.append(f"{now} fixable with `{flags}`")
    if later:
        parts.append(f"{later} more with `--unsafe-fixes`")
    if export:
        parts.append(f"{export} fixable with `toolcheck export`")
    return "".join(f"; {p}" for p in parts)


def render_text(result, settings, color: bool = False) -> str:
    """The text report; with ``settings.quiet`` the findings alone (nothing at all when there are none)."""
    lines = _segments(result, settings)
    if not lines:
        return ""
    if not color:
        return "\n".join("".join(t for t, _ in segs) for segs in lines) + "\n"
    import io

    from rich.console import Console
    from rich.text import Text

    buf = io.StringIO()
    console = Console(file=buf, force_terminal=True, color_system="standard", highlight=False, soft_wrap=True,
                      width=10_000)
    for segs in lines:
        t = Text()
        for text, style in segs:
            t.append(text, style=style or None)
        console.print(t)
    return buf.getvalue()
