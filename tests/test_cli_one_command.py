"""`toolcheck CMD ...` builds only CMD's click command (cli.app_for): Typer turns every command's signature into
click parameters at each start, and a pre-commit run needs one. The reduced app must answer exactly as the whole
app does: the same help, usage errors, exit codes and results."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import typer.main

from toolcheck import cli

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = [c.name or typer.main.get_command_name(c.callback.__name__) for c in cli.app.registered_commands]

CASES = [[c, "--help"] for c in COMMANDS] + [
    ["lint", "--bogus"], ["lint", "--format", "nope", "x.yaml"], ["validate", "--target", "zzz", "x.yaml"],
    ["rule"], ["rule", "TC101"], ["lint", "missing.yaml"], ["lint", "contracts/search_docs.yaml"],
    ["lint", "-h"], ["export", "--target"], ["check-args"], ["lnt"], ["--version"], [], ["--help"],
]


def test_every_command_is_found_and_only_it_is_built():
    for name in COMMANDS:
        one = cli.app_for([name, "--flag"])
        assert [c.callback for c in one.registered_commands] == [
            c.callback for c in cli.app.registered_commands if (c.name or typer.main.get_command_name(
                c.callback.__name__)) == name]
        assert list(typer.main.get_command(one).commands) == [name]
    assert len(cli.app.registered_commands) == len(COMMANDS)  # the whole app is untouched
    for argv in ([], ["--version"], ["lnt"], ["--help", "lint"]):
        assert cli.app_for(argv) is cli.app


def _invoke(app, argv: list[str], cwd: Path) -> tuple[int, str]:
    import os

    from typer.testing import CliRunner

    old = os.getcwd()
    os.chdir(cwd)
    try:
        r = CliRunner().invoke(app, argv, prog_name="toolcheck")
    finally:
        os.chdir(old)
    return r.exit_code, r.output


@pytest.mark.parametrize("argv", CASES, ids=[" ".join(c) or "(none)" for c in CASES])
def test_the_reduced_app_answers_as_the_whole_app(argv):
    assert _invoke(cli.app_for(argv), argv, ROOT) == _invoke(cli.app, argv, ROOT)


def test_the_console_script_path_is_unchanged():
    """The real entry point (with its fast exit) in a process, reduced and whole."""
    argv = ["lint", "--no-cache", "--format", "json", "contracts/search_docs.yaml"]
    runs = []
    for patch in ("", "m.app_for = lambda argv: m.app; "):
        code = f"import sys, toolcheck.cli as m; {patch}sys.argv[0] = 'toolcheck'; m.entry()"
        p = subprocess.run([sys.executable, "-c", code, *argv], cwd=ROOT, capture_output=True, text=True,
                           timeout=120)
        runs.append((p.returncode, p.stdout, p.stderr))
    assert runs[0] == runs[1] and runs[0][0] == 0 and '"findings": []' in runs[0][1]
