"""Issue 16's size limits, kept: in `toolcheck/`, no module over 800 lines, no function over 80 lines, no
function over radon cyclomatic complexity 25 (the README's Architecture section; there are no exceptions)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "toolcheck"
MODULES = sorted(PACKAGE.rglob("*.py"))
MAX_MODULE_LINES, MAX_FUNCTION_LINES, MAX_COMPLEXITY = 800, 80, 25


def test_no_module_is_over_800_lines():
    assert [(str(p.relative_to(PACKAGE)), n) for p in MODULES
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES] == []


def test_no_function_is_over_80_lines():
    long = []
    for p in MODULES:
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                n = node.end_lineno - node.lineno + 1
                if n > MAX_FUNCTION_LINES:
                    long.append((f"{p.relative_to(PACKAGE)}:{node.lineno} {node.name}", n))
    assert long == []


def test_no_function_is_over_complexity_25():
    cc = pytest.importorskip("radon.complexity")
    high = []
    for p in MODULES:
        for block in cc.cc_visit(p.read_text(encoding="utf-8")):
            items = [block, *getattr(block, "methods", [])]
            for b in items:
                if b.complexity > MAX_COMPLEXITY:
                    high.append((f"{p.relative_to(PACKAGE)}:{b.lineno} {b.name}", b.complexity))
    assert high == []
