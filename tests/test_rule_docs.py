"""Every rule is documented (What it does / Why is this bad? / Example / Use instead) and its Example fires."""

from __future__ import annotations

import re

import pytest

from toolcheck.rules import doc_code_block, doc_section, load_rules

from .conftest import run_engine

RULES = load_rules()

# Rules whose example cannot be written as a text file (the doc describes the bytes or the OS state instead);
# their behaviour is covered by fixtures generated in tests/test_loading.py.
NOT_TEXT = {"TC004", "TC011"}

# A minimal valid contract so that sample-file examples have a tool to attach to.
SEARCH_DOCS = """\
name: search_docs
description: Search the product documentation by keyword and return matching pages.
risk: read_only
parameters:
  type: object
  additionalProperties: false
  required: [query]
  properties:
    query: {type: string, description: Words to search for.}
"""


@pytest.mark.parametrize("code", sorted(RULES))
def test_rule_is_documented(code):
    r = RULES[code]
    assert r.summary, code
    for heading in ("What it does", "Why is this bad?", "Example", "Use instead"):
        assert doc_section(r.doc, heading), f"{code} lacks '{heading}'"


def _write_example(project, block: str, info: str) -> list[str] | None:
    """Write the fence's file (``file=PATH``, default contracts/example.yaml); ``args=PATH`` names the paths to
    check on the command line (default: none, the configured paths)."""
    m = re.search(r"file=(\S+)", info)
    rel = m.group(1) if m else "contracts/example.yaml"
    if rel.startswith("samples/") or not rel.startswith(("contracts/", "old/", "new/")):
        project.write("contracts/search_docs.yaml", SEARCH_DOCS)
    project.write(rel, block)
    a = re.search(r"args=(\S+)", info)
    return a.group(1).split(",") if a else None


def _write_fences(code: str, doc: str, heading: str, project) -> list[str] | None:
    """Write a section's fences: the first is the example (its ``args=`` are the paths to check); a further one
    names its file (``file=toolcheck.yaml``: a config the example needs, e.g. ``ship: export``)."""
    fences = re.findall(r"```([^\n]*)\n(.*?)```", doc_section(doc, heading) or "", re.S)
    assert fences, f"{code}: no fenced {heading!r}"
    for info, _block in fences[1:]:
        assert "file=" in info, f"{code}: a further fence of {heading!r} must name its file"
    paths = _write_example(project, fences[0][1], fences[0][0])
    for info, block in fences[1:]:
        _write_example(project, block, info)
    return paths


@pytest.mark.parametrize("code", sorted(c for c in RULES if c not in NOT_TEXT))
def test_documented_example_fires(code, project):
    r = RULES[code]
    if code.startswith("TC8"):
        result = _diff_example(code, r.doc, "Example", project)
    else:
        paths = _write_fences(code, r.doc, "Example", project)
        result = _run_for(code, project, paths)
    assert code in {f.code for f in result.findings}, f"{code}: example did not fire: {result.findings}"


@pytest.mark.parametrize("code", sorted(c for c in RULES if c not in NOT_TEXT))
def test_use_instead_is_clean(code, project):
    r = RULES[code]
    if code.startswith("TC8"):
        result = _diff_example(code, r.doc, "Use instead", project)
    else:
        paths = _write_fences(code, r.doc, "Use instead", project)
        result = _run_for(code, project, paths)
    assert code not in {f.code for f in result.findings}, [f.message for f in result.findings if f.code == code]


def _run_for(code, project, paths=None):
    """TC7 rules run only under `toolcheck fuzz` (the fuzz extra); every other family under validate."""
    extend = None if RULES[code].default_enabled else [code]  # an opt-in rule runs when named
    if not code.startswith("TC7"):
        return run_engine("validate", paths=paths, cwd=project.path, extend_select=extend)
    pytest.importorskip("hypothesis_jsonschema")
    import os

    from toolcheck.cli import build_settings
    from toolcheck.fuzz import FuzzOptions, run_fuzz

    old = os.getcwd()
    os.chdir(project.path)
    try:
        settings = build_settings(
            "fuzz", paths=None, config=None, select=None, extend_select=extend, ignore=None, target=None, ship=None,
            samples=None, exclude=None, fmt=None, output=None, fail_on=None, exit_zero=False, statistics=False,
            baseline=None, write_baseline=None, no_cache=True, quiet=True, force_exclude=False)
        return run_fuzz(settings, FuzzOptions(max_examples=25, seed=0, budget_seconds=20.0, handler=None,
                                              handler_timeout=2.0, save_failures=False))
    finally:
        os.chdir(old)


# TC8 compares two versions: its Example and Use instead hold two fences each, ```yaml file=old/<name> and
# ```yaml file=new/<name>; both are written and compared with `toolcheck diff old new`.
def _diff_example(code: str, doc: str, heading: str, project):
    import os

    from toolcheck.cli import build_settings
    from toolcheck.diffing import run_diff

    fences = re.findall(r"```([^\n]*)\n(.*?)```", doc_section(doc, heading) or "", re.S)
    assert len(fences) >= 2, f"{code}: {heading} needs a file=old/... and a file=new/... fence"
    for info, block in fences:
        _write_example(project, block, info)
    old = os.getcwd()
    os.chdir(project.path)
    try:
        settings = build_settings(
            "diff", paths=None, config=None, select=None, extend_select=None, ignore=None, target=None, ship=None,
            samples=None, exclude=None, fmt=None, output=None, fail_on=None, exit_zero=False, statistics=False,
            baseline=None, write_baseline=None, no_cache=True, quiet=False, force_exclude=False)
        return run_diff(settings, ["old", "new"], None)
    finally:
        os.chdir(old)


def test_doc_code_block_helper():
    assert doc_code_block(RULES["TC001"].doc, "Example")[0] == "yaml"


def test_rule_command_shows_the_measured_precision(monkeypatch):
    """Issue 17: `toolcheck rule CODE` shows the rule's measured precision and n, from the data the precision
    benchmark writes (toolcheck/data/precision.json: blind rounds only); a rule that never fired says so."""
    import json
    from importlib import resources

    from typer.testing import CliRunner

    from toolcheck import measured
    from toolcheck.cli import app

    data = json.loads(resources.files("toolcheck").joinpath("data/precision.json").read_text(encoding="utf-8"))
    rules = load_rules()
    assert set(data["rules"]) <= set(rules) and data["rounds"] and data["tools"] > 1000
    judged = sorted(c for c, r in data["rules"].items() if r["judged"] and r["true"] + r["false"])
    assert judged, "the shipped data holds judged rules"
    c = judged[0]
    r = data["rules"][c]
    out = CliRunner().invoke(app, ["rule", c]).output
    assert "Measured precision:" in out and f"n = {r['judged']} judged" in " ".join(out.split())
    never = next(code for code in sorted(rules) if code not in data["rules"])
    assert "no finding on the real tool sets" in CliRunner().invoke(app, ["rule", never]).output
    # figures made up for the test: what is printed comes from the data, not from the code
    monkeypatch.setattr(measured, "_data", lambda: {"rounds": ["fresh"], "tools": 2000, "sets": 9, "rules": {
        "TC601": {"findings": 40, "per_1k_tools": 20.0, "judged": 20, "true": 19, "debatable": 1, "false": 0,
                  "precision": 1.0, "precision_lb": 0.83, "precision_strict": 0.95, "precision_strict_lb": 0.76}}})
    text = measured.describe("TC601")
    assert text.startswith("Measured precision: 100% (95% lower bound 83%), n = 20 judged: 19 true, 1 debatable")
    monkeypatch.setattr(measured, "_data", lambda: {})
    assert measured.describe("TC601") is None
