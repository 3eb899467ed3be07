"""The README stays true: its two commands open it, CI runs its test command, and it lists every rule."""

from __future__ import annotations

import re

from toolcheck.docs import END, START, rules_markdown

from .conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")


def _commands():
    block = re.search(r"```sh\n(.*?)```", README, re.S).group(1)
    return [ln.strip() for ln in block.splitlines() if ln.strip()]


def test_readme_opens_with_the_two_commands():
    run, test = _commands()
    assert README.index("```sh") < 400
    assert "toolcheck validate" in run and "pip install" in run
    assert "pytest" in test and ".[test]" in test


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert _commands()[1] in ci


def test_readme_lists_every_rule():
    block = README[README.index(START) + len(START): README.index(END)].strip()
    assert block == rules_markdown(), "run `python -m toolcheck.docs` to regenerate the README rule table"
