"""Reporters: pure functions from a run's result to the text written to stdout (or --output)."""

from __future__ import annotations

# the output formats (`--format`'s choices; the config schema's `format` enum is checked against it by a test)
FORMATS = ("text", "json", "sarif", "junit", "github")


def render(fmt: str, result, settings, version: str, color: bool = False) -> str:
    if fmt == "json":
        from .json_report import render_json

        return render_json(result, settings, version)
    if fmt == "sarif":
        from .sarif import render_sarif

        return render_sarif(result, version)
    if fmt == "junit":
        from .junit import render_junit

        return render_junit(result)
    if fmt == "github":
        from .github import render_github

        return render_github(result)
    from .text import render_text

    return render_text(result, settings, color=color)
