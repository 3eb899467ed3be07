"""Issue 21: the pre-commit path (`toolcheck lint` of one YAML contract) imports none of what only other commands
need — fuzzing, import/export, diff, live MCP, the editor server, the embedding extra.

Two views of the same run, because each alone misses something: ``-X importtime`` (what the issue names, and
what the benchmark's import-time table reads) reports imports made by ``import`` statements, but not modules
loaded through ``importlib.import_module`` — which is how the rule registry loads its rule files — so the run
also writes the final ``sys.modules`` at exit, which holds everything that was imported by any route.
"""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _benchmark_denylist() -> tuple[str, ...]:
    """benchmarks/run.py's IMPORT_DENYLIST (the one list, which the benchmark reports), loaded under a name of its
    own: benchmarks/precision/run.py is imported as `run` by another test."""
    path = ROOT / "benchmarks" / "run.py"
    spec = importlib.util.spec_from_file_location("toolcheck_benchmark_run_denylist", path)
    mod = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(path.parent))  # its own imports (benchlib)
    try:
        spec.loader.exec_module(mod)
    finally:
        sys.path.remove(str(path.parent))
    return mod.IMPORT_DENYLIST


IMPORT_DENYLIST = _benchmark_denylist()

# `toolcheck lint` of one contract, under -X importtime, with sys.modules written at exit (-X makes the CLI exit
# through sys.exit, not os._exit, so atexit handlers run)
DRIVER = """
import atexit, json, sys
out = sys.argv.pop(1)
atexit.register(lambda: open(out, "w").write(json.dumps(sorted(sys.modules))))
sys.argv[0] = "toolcheck"
from toolcheck.cli import entry
entry()
"""

IMPORTTIME_LINE = re.compile(r"^import time:\s+\d+\s+\|\s+\d+\s+\|\s*(\S+)\s*$")


def _denied(name: str) -> bool:
    return any(name == d or name.startswith(d + ".") for d in IMPORT_DENYLIST)


def _lint_one(tmp_path: Path, contract: Path) -> tuple[list[str], list[str], int]:
    mods_file = tmp_path / "modules.json"
    r = subprocess.run([sys.executable, "-X", "importtime", "-c", DRIVER, str(mods_file), "lint", "--no-cache",
                        str(contract)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    timed = [m.group(1) for line in r.stderr.splitlines() if (m := IMPORTTIME_LINE.match(line))]
    return timed, json.loads(mods_file.read_text()), r.returncode


@pytest.mark.parametrize("contract", ["contracts/search_docs.yaml", "contracts/delete_file.yaml"])
def test_lint_of_one_contract_imports_nothing_on_the_denylist(tmp_path, contract):
    timed, modules, code = _lint_one(tmp_path, ROOT / contract)
    assert code == 0, "the bundled contract must lint clean"
    # the run really happened and was observed: the CLI, the engine and a rule family were imported
    assert "toolcheck.cli" in timed and "toolcheck.engine" in timed
    assert any(m.startswith("toolcheck.rules.tc6_safety.") for m in modules)
    assert not [m for m in timed if _denied(m)], "imported on the pre-commit path (-X importtime)"
    assert not [m for m in modules if _denied(m)], "imported on the pre-commit path (sys.modules at exit)"


def test_the_denylist_names_what_the_issue_names():
    for name in ("hypothesis", "hypothesis_jsonschema", "ruamel", "pygls", "toolcheck.fuzz", "toolcheck.diffing",
                 "toolcheck.interop"):
        assert name in IMPORT_DENYLIST
    assert _denied("hypothesis.strategies") and not _denied("hypothesisx")


def test_the_check_sees_a_denied_import(tmp_path):
    """The detector is not vacuous: a run that does import a denied module is caught by both views."""
    mods_file = tmp_path / "modules.json"
    driver = DRIVER.replace("entry()", "import toolcheck.diffing\nentry()")
    r = subprocess.run([sys.executable, "-X", "importtime", "-c", driver, str(mods_file), "lint", "--no-cache",
                        str(ROOT / "contracts/search_docs.yaml")], cwd=ROOT, capture_output=True, text=True,
                       timeout=120)
    timed = [m.group(1) for line in r.stderr.splitlines() if (m := IMPORTTIME_LINE.match(line))]
    assert "toolcheck.diffing" in timed
    assert "toolcheck.diffing" in json.loads(mods_file.read_text())
