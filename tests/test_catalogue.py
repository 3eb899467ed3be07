"""The generated catalogue (toolcheck/rules/_catalogue.py) and the scaffold (scripts/add_rule.py)."""

from __future__ import annotations

import dataclasses
import os
import shutil
import subprocess
import sys

import pytest

from toolcheck.cli import build_settings
from toolcheck.config import ConfigError
from toolcheck.engine import run
from toolcheck.rules import RULES, load_rules
from toolcheck.rules.base import Option, RuleSpec

from .conftest import ROOT


def _script(name: str, *args: str, cwd=ROOT, env=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(cwd / "scripts" / name), *args], cwd=cwd, capture_output=True,
                          text=True, env=env, timeout=300)


def test_the_catalogue_and_the_readme_table_are_not_stale():
    p = _script("gen_catalogue.py", "--check")
    assert p.returncode == 0, p.stderr


def test_every_rule_file_is_registered_from_its_own_module():
    from toolcheck.rules import _catalogue as cat  # the generated file itself

    load_rules()
    for code, module in cat.RULE_MODULES.items():
        r = RULES[code]
        assert r.module == module, code
        assert (r.check is None) == (r.scope == "emitted"), code  # a process emits the code: no check
        assert r.doc and r.summary, code
    assert set(cat.RULE_MODULES) == set(RULES)  # every registered code comes from a rule file


def test_rule_spec_validates_its_declaration():
    import pytest

    with pytest.raises(ValueError, match="bad rule code"):
        RuleSpec("TC9999", "x-y")
    with pytest.raises(ValueError, match="kebab-case"):
        RuleSpec("TC301", "Bad_Name")
    with pytest.raises(ValueError, match="bad fix"):
        RuleSpec("TC301", "x-y", fix="maybe")
    with pytest.raises(ValueError, match="default of option"):
        RuleSpec("TC301", "x-y", options={"n": Option(int, "five")})


def test_options_are_checked_against_their_declaration():
    n = Option(int, 3, min=1, max=10)
    assert n.problem(5) is None and n.value(5, True) == 5
    assert n.problem(True) == "must be an integer, not a boolean"
    assert n.problem(0) == "must be at least 1, not 0" and n.value(0, True) == 3
    assert n.value(None, False) == 3
    risks = Option(list, ["destructive"], items=str, choices=("read_only", "destructive"), single=True)
    assert risks.value("read_only", True) == ["read_only"]  # a lone item is a one-item list
    assert risks.problem(["read_only", 3]) == "must list strings only, not an integer"
    assert risks.problem(["writes"]).startswith("must be one of read_only, destructive")
    assert Option(float, 0.5).problem(1) is None  # an integer is a number
    assert Option((dict, list), {}).problem("x") == "must be a mapping or a list, not a string"
    schema = risks.json_schema()
    assert schema["anyOf"] == [{"type": "array", "items": {"type": "string", "enum": ["read_only", "destructive"]}},
                               {"type": "string", "enum": ["read_only", "destructive"]}]
    assert schema["default"] == ["destructive"]


def test_rule_files_receive_their_declared_options(project):
    from .conftest import run_engine

    project.write("contracts/t.yaml", "name: get_x\ndescription: Get one x of the user by its id, for display.\n"
                  "risk: read_only\nparameters: {type: object, properties: {}}\n"
                  "errors:\n  - {code: notFound, retryable: false, description: No x has this id.}\n")
    project.write("toolcheck.yaml", "paths: [contracts]\nrules:\n  TC609: {pattern: '^[a-z][a-zA-Z]*$'}\n")
    assert not [f for f in run_engine("lint", cwd=project.path).findings if f.code == "TC609"]
    project.write("toolcheck.yaml", "paths: [contracts]\nrules:\n  TC609: {pattern: '(unclosed'}\n")
    with pytest.raises(ConfigError, match=r"toolcheck.yaml:3:20: `rules.TC609.pattern`: is not a valid regular"):
        run_engine("lint", cwd=project.path)  # the config check refuses a pattern that does not compile
    project.write("toolcheck.yaml", "paths: [contracts]\n")
    settings = build_settings("lint", paths=None, config=str(project.path / "toolcheck.yaml"), select=None,
                              extend_select=None, ignore=None, target=None, ship=None, samples=None, exclude=None,
                              fmt=None, output=None, fail_on=None, exit_zero=False, statistics=False, baseline=None,
                              write_baseline=None, no_cache=True, quiet=False, force_exclude=False)
    settings = dataclasses.replace(settings, rules={"TC609": {"pattern": "(unclosed"}})  # handed over anyway
    old = os.getcwd()
    os.chdir(project.path)
    try:
        found = run(settings, "lint").findings
    finally:
        os.chdir(old)
    assert [f.message for f in found if f.code == "TC609"] == [
        "error code `notFound` is not UPPER_SNAKE_CASE"]  # the engine then uses the default


def test_add_rule_scaffolds_a_rule_that_the_registry_runs(tmp_path):
    """The scaffold in a copy of the checkout: rule file, fixture folders, catalogue; the rule then loads and
    runs, and the catalogue check passes."""
    work = tmp_path / "checkout"
    shutil.copytree(ROOT / "toolcheck", work / "toolcheck", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "scripts", work / "scripts", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copyfile(ROOT / "README.md", work / "README.md")
    (work / "tests" / "rules").mkdir(parents=True)
    env = {**os.environ, "PYTHONPATH": str(work)}
    p = _script("add_rule.py", "TC399", "sample-scaffold-check", "TC3", "--severity", "warning", "--scope",
                "contract", "--option", "max-items=int:5", "--option", "names=list:[]", cwd=work, env=env)
    assert p.returncode == 0, p.stderr
    rule_file = work / "toolcheck" / "rules" / "tc3_samples" / "sample_scaffold_check.py"
    text = rule_file.read_text(encoding="utf-8")
    for part in ("What it does:", "Why is this bad?", "Example:", "Use instead:", "Options:",
                 'RULE = RuleSpec(\n    "TC399", "sample-scaffold-check", severity="warning", scope="contract"',
                 '"max-items": Option(int, 5,', '"names": Option(list, [],', 'fix="none"', "def check("):
        assert part in text, part
    assert (work / "tests" / "rules" / "TC399" / "fail" / "example.yaml").read_text().count("# expect: TC399") == 1
    assert (work / "tests" / "rules" / "TC399" / "pass" / "example.yaml").is_file()
    assert '"TC399": "toolcheck.rules.tc3_samples.sample_scaffold_check"' in (
        work / "toolcheck" / "rules" / "_catalogue.py").read_text(encoding="utf-8")
    assert "| TC399 | `sample-scaffold-check` |" in (work / "README.md").read_text(encoding="utf-8")
    assert _script("gen_catalogue.py", "--check", cwd=work, env=env).returncode == 0
    q = subprocess.run([sys.executable, "-m", "toolcheck", "rule", "TC399"], cwd=work, env=env, capture_output=True,
                       text=True, timeout=60)
    assert q.returncode == 0 and "TC399 sample-scaffold-check" in q.stdout and "fix: none" in q.stdout, q.stderr
    # a code that is taken, or a family that does not match, is refused
    again = _script("add_rule.py", "TC301", "another-name", "TC3", cwd=work, env=env)
    assert again.returncode == 2 and "taken" in again.stderr
    wrong = _script("add_rule.py", "TC398", "yet-another", "tc6_safety", cwd=work, env=env)
    assert wrong.returncode == 2 and "not a code of family" in wrong.stderr
