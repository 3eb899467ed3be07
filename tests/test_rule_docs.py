"""Every rule is documented (What it does / Why is this bad? / Example / Use instead) and its Example fires."""

from __future__ import annotations

import re

import pytest

from toolcheck.registry import doc_code_block, doc_section, load_rules

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


def _write_example(project, block: str, info: str) -> None:
    m = re.search(r"file=(\S+)", info)
    rel = m.group(1) if m else "contracts/example.yaml"
    if rel.startswith("samples/"):
        project.write("contracts/search_docs.yaml", SEARCH_DOCS)
    project.write(rel, block)


def _fence(doc: str, heading: str):
    sec = doc_section(doc, heading)
    m = re.search(r"```([^\n]*)\n(.*?)```", sec or "", re.S)
    return (m.group(1), m.group(2)) if m else (None, None)


@pytest.mark.parametrize("code", sorted(c for c in RULES if c not in NOT_TEXT))
def test_documented_example_fires(code, project):
    r = RULES[code]
    info, block = _fence(r.doc, "Example")
    assert block is not None, f"{code}: no fenced Example"
    _write_example(project, block, info)
    result = run_engine("validate", cwd=project.path)
    assert code in {f.code for f in result.findings}, f"{code}: example did not fire: {result.findings}"


@pytest.mark.parametrize("code", sorted(c for c in RULES if c not in NOT_TEXT))
def test_use_instead_is_clean(code, project):
    r = RULES[code]
    info, block = _fence(r.doc, "Use instead")
    assert block is not None, f"{code}: no fenced 'Use instead'"
    _write_example(project, block, info)
    result = run_engine("validate", cwd=project.path)
    assert code not in {f.code for f in result.findings}, [f.message for f in result.findings if f.code == code]


def test_doc_code_block_helper():
    assert doc_code_block(RULES["TC001"].doc, "Example")[0] == "yaml"
