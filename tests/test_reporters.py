"""Each reporter on real findings: SARIF validated against the 2.1.0 schema, JUnit, GitHub, text."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest

from .conftest import run_cli

SARIF_SCHEMA = json.loads((Path(__file__).parent / "data" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))

# Japanese text before the finding's column: SARIF columns are UTF-16 code units; 𝒳 is one character, two units.
CONTRACT = """\
name: set_reminder
description: Set a reminder.
parameters:
  type: object
  properties:
    answer: {description: "答え𝒳", type: string, enum: [yes, no]}
"""
GOOD = """\
name: search_docs
description: Search the product documentation by keyword.
parameters: {type: object, properties: {}}
"""


@pytest.fixture
def proj(project):
    project.write("contracts/r.yaml", CONTRACT)
    project.write("contracts/s.yaml", GOOD)
    return project


def _out(proj, fmt):
    p = run_cli("lint", "--select", "TC0", "--format", fmt, cwd=proj.path)
    assert p.returncode == 1, p.stderr
    return p.stdout


def test_sarif_validates_against_schema(proj):
    doc = json.loads(_out(proj, "sarif"))
    jsonschema.Draft4Validator(SARIF_SCHEMA).validate(doc)
    run = doc["runs"][0]
    assert run["tool"]["driver"]["name"] == "toolcheck"
    res = run["results"]
    assert [r["ruleId"] for r in res] == ["TC003"]  # `enum: [yes, no]` is one mistake
    region = res[0]["locations"][0]["physicalLocation"]["region"]
    assert region["startLine"] == 6
    # the character column is 55; 𝒳 before it counts twice in UTF-16
    assert region["startColumn"] == 56
    assert run["tool"]["driver"]["rules"][res[0]["ruleIndex"]]["id"] == "TC003"
    assert res[0]["properties"]["pointer"] == "/parameters/properties/answer/enum"


def test_sarif_with_no_findings_is_valid(project):
    project.write("contracts/s.yaml", GOOD)
    p = run_cli("lint", "--select", "TC0", "--format", "sarif", cwd=project.path)
    doc = json.loads(p.stdout)
    jsonschema.Draft4Validator(SARIF_SCHEMA).validate(doc)
    assert doc["runs"][0]["results"] == []


def test_junit_one_case_per_tool(proj):
    root = ET.fromstring(_out(proj, "junit"))
    cases = root.findall(".//testcase")
    assert sorted(c.get("name") for c in cases) == ["search_docs", "set_reminder"]
    failing = [c for c in cases if c.find("failure") is not None]
    assert [c.get("name") for c in failing] == ["set_reminder"]
    assert "TC003" in failing[0].find("failure").text


def test_github_annotations(proj):
    lines = _out(proj, "github").splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("::error file=contracts/r.yaml,line=6,col=55,title=TC003 yaml-implicit-conversion")
    assert "::`yes`, `no` are read by YAML 1.1" in lines[0]


def test_text_is_plain_without_a_tty_and_grouped(proj):
    out = _out(proj, "text")
    assert "\x1b[" not in out
    assert out.splitlines()[0].startswith("contracts/r.yaml:6:55: TC003 error")
    assert "Found 1 error," in out


def test_text_colour_only_when_asked(proj):
    from toolcheck.report.text import render_text

    from .conftest import run_engine

    res = run_engine("lint", cwd=proj.path, select=["TC0"])

    class S:
        statistics = False

    assert "\x1b[" in render_text(res, S(), color=True)
    assert "\x1b[" not in render_text(res, S(), color=False)


def test_secrets_are_masked_in_every_format(project):
    key = "AKIA" + "Z" * 12 + "QRST"
    project.write("contracts/k.yaml", f"name: k\ndescription: 'use {key}'\nparameters: {{type: object}}\n"
                                      f"x-note: [\n")  # also a syntax error snippet
    project.write("contracts/j.yaml", f"name: j\ndescription: d\nparameters:\n  type: object\n"
                                      f"  properties:\n    a: {{default: {key}, enum: [yes]}}\n")
    for fmt in ("text", "json", "sarif", "junit", "github"):
        p = run_cli("lint", "--format", fmt, cwd=project.path)
        assert key not in p.stdout and key not in p.stderr, fmt
