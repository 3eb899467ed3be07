"""A host and a CI script using the public API, type-checked by `mypy --strict` in tests/test_api.py.

It uses only names from `toolcheck.__all__`; a change that loses a type (an `Any` leaking out, a renamed result
key, a wrong parameter) makes that test fail.
"""

from __future__ import annotations

import sys
from pathlib import Path

import toolcheck
from toolcheck import ArgumentCheck, Contract, Finding


def errors_only(findings: list[Finding]) -> list[str]:
    return [f"{f.where}: {f.code} {f.message}" for f in findings if f.severity == "error"]


def run_tool(contracts: list[Contract], name: str, arguments: str) -> ArgumentCheck:
    by_name: dict[str, Contract] = {c.name: c for c in contracts if c.name is not None}
    result = toolcheck.check_arguments(by_name[name], arguments, target="openai-strict")
    if not result["ok"]:
        error = result["error"]
        code: str = error["code"]
        for e in error.get("errors", []):
            pointer: str = e["pointer"]
            print(code, pointer, e["message"], file=sys.stderr)
    return result


def main(folder: Path) -> int:
    try:
        contracts: list[Contract] = toolcheck.load_contracts([folder])
    except (toolcheck.ConfigError, toolcheck.LoadError) as e:
        print(e, file=sys.stderr)
        return 2
    lint_findings: list[Finding] = toolcheck.lint(contracts, select=["TC1", "TC4"])
    ci_findings: list[Finding] = toolcheck.validate([folder], targets=["openai-strict"], ignore=["TC4"])
    also: list[Finding] = toolcheck.lint({"name": "x", "parameters": {"type": "object"}})
    for line in errors_only(lint_findings + ci_findings + also):
        print(line)
    check = run_tool(contracts, "search_docs", '{"query": "teapot"}')
    ok: bool = check["ok"]
    version: str = toolcheck.__version__
    print(version, ok)
    return 1 if ci_findings else 0


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1])))
