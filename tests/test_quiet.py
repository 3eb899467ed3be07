"""`--quiet` (`-q`), as ruff's: the findings and nothing else. The text reporter leaves the summary out (it is not
a filter over rendered lines, so a file named `Found.yaml` or a coloured report is no special case); the
machine formats are the same with or without it."""

from __future__ import annotations

from types import SimpleNamespace

from toolcheck.report.text import render_text

from .conftest import run_cli

BAD = """\
name: set_reminder
description: Set a reminder.
parameters:
  type: object
  properties:
    answer: {type: string, enum: [yes, no], description: The answer.}
"""


def _project(tmp_path, name="reminder.yaml"):
    (tmp_path / "contracts").mkdir()
    (tmp_path / "contracts" / name).write_text(BAD, encoding="utf-8")
    (tmp_path / "toolcheck.yaml").write_text("paths: [contracts]\n", encoding="utf-8")
    return tmp_path


def test_quiet_prints_the_findings_without_the_summary(tmp_path):
    proj = _project(tmp_path, "Found.yaml")
    full = run_cli("lint", "--no-cache", "contracts", cwd=proj)
    quiet = run_cli("lint", "--no-cache", "-q", "contracts", cwd=proj)
    assert full.returncode == quiet.returncode == 1
    body, _, summary = full.stdout.rstrip("\n").rpartition("\n\n")
    assert summary.startswith("Found ") and "contracts/Found.yaml:" in body
    assert quiet.stdout == body + "\n"


def test_quiet_without_findings_prints_nothing(tmp_path):
    proj = _project(tmp_path)
    p = run_cli("lint", "--no-cache", "--quiet", "--select", "TC5", cwd=proj)
    assert p.returncode == 0 and p.stdout == ""
    assert run_cli("lint", "--no-cache", "--select", "TC5", cwd=proj).stdout.startswith("All checks passed!")


def test_quiet_statistics_keep_their_alignment(tmp_path):
    proj = _project(tmp_path)
    full = run_cli("lint", "--no-cache", "--statistics", cwd=proj).stdout.splitlines()
    quiet = run_cli("lint", "--no-cache", "--statistics", "-q", cwd=proj).stdout.splitlines()
    assert quiet == [ln for ln in full if not ln.startswith("Found ")] and quiet[0].startswith("     ")


def test_machine_formats_are_the_same_with_quiet(tmp_path):
    proj = _project(tmp_path)
    for fmt in ("json", "sarif", "junit", "github"):
        a = run_cli("validate", "--no-cache", "--format", fmt, cwd=proj).stdout
        b = run_cli("validate", "--no-cache", "--format", fmt, "-q", cwd=proj).stdout
        assert a.replace("\n", "") and a == b, fmt


def test_the_text_reporter_takes_quiet_from_the_settings_in_colour_too():
    finding = SimpleNamespace(file="a.yaml", where="a.yaml:1:1", code="TC401", severity="error", message="m",
                              name="placeholder-description", tool="t", pointer="/description", target=None,
                              help="h", data=None, fix=None, fixable=None)
    result = SimpleNamespace(findings=[finding], summary=lambda: {"errors": 1, "warnings": 0, "infos": 0,
                                                                   "files": 1, "tools": 1, "targets": ["openai"]})
    for color in (False, True):
        loud = render_text(result, SimpleNamespace(statistics=False, quiet=False), color=color)
        quiet = render_text(result, SimpleNamespace(statistics=False, quiet=True), color=color)
        assert "Found" in loud and "Targets checked" in loud
        assert "Found" not in quiet and "Targets checked" not in quiet and "placeholder-description" in quiet
    empty = SimpleNamespace(findings=[], summary=result.summary)
    assert render_text(empty, SimpleNamespace(statistics=False, quiet=True), color=True) == ""
