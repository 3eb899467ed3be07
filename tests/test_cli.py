"""The CLI through its real entry point: exit codes, config, suppression, baseline, selection, formats."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import run_cli, run_json

GOOD = """\
name: search_docs
description: Search the product documentation by keyword and return the best-matching pages.
risk: read_only
parameters:
  type: object
  additionalProperties: false
  required: [query]
  properties:
    query: {type: string, description: Words to search for.}
"""

BAD = """\
name: set_reminder
description: Set a reminder.
parameters:
  type: object
  properties:
    answer: {type: string, enum: [yes, no], description: The answer.}
"""


def test_version_and_module_entry():
    p = run_cli("--version")
    assert p.returncode == 0 and p.stdout.startswith("toolcheck ")
    script = Path(sys.executable).parent / "toolcheck"
    if script.exists():  # the console script installed by pip: the same program
        p2 = subprocess.run([str(script), "--version"], capture_output=True, text=True)
        assert p2.stdout == p.stdout


def test_clean_project_exits_0(project):
    project.write("contracts/search_docs.yaml", GOOD)
    p = run_cli("lint", "--select", "TC0", cwd=project.path)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "All checks passed" in p.stdout


def test_findings_exit_1_with_position(project):
    project.write("contracts/r.yaml", BAD)
    p = run_cli("lint", "--select", "TC0", cwd=project.path)
    assert p.returncode == 1
    assert "contracts/r.yaml:6:35: TC003 error" in p.stdout
    assert "help:" in p.stdout and "pointer: /parameters/properties/answer/enum\n" in p.stdout


@pytest.mark.parametrize(
    "args,needle",
    [
        (("lint", "does-not-exist"), "path does not exist"),
        (("lint", "--select", "TC999"), "unknown rule selector"),
        (("lint", "--format", "xml"), "Invalid value"),
        (("lint", "--no-such-option"), "No such option"),
        (("validate", "--target", "openai-lax"), "unknown target"),
        (("diff", "only-one"), "give OLD and NEW"),
        (("import",), "give FILES"),
        (("rule", "TC9999"), "unknown rule"),
    ],
)
def test_usage_errors_exit_2(project, args, needle):
    project.write("contracts/search_docs.yaml", GOOD)
    p = run_cli(*args, cwd=project.path)
    assert p.returncode == 2, (p.stdout, p.stderr)
    assert needle in p.stderr
    assert "Traceback" not in p.stderr


def test_no_input_files_exits_2(tmp_path):
    p = run_cli("lint", cwd=tmp_path)
    assert p.returncode == 2 and "no input files" in p.stderr


@pytest.mark.parametrize(
    "config,needle",
    [
        ("fail-on: fatal\n", "`fail-on`"),
        ("paths: contracts\n", "`paths`"),
        ("selekt: [TC1]\n", "unknown key `selekt` (did you mean `select`?)"),
        ("limits: {max-depth: many}\n", "`limits.max-depth`"),
        ("rules: [1, 2]\n", "`rules`"),
        ("paths: [contracts\n", "toolcheck.yaml"),
    ],
)
def test_config_errors_exit_2_naming_file_and_key(project, config, needle):
    project.write("contracts/search_docs.yaml", GOOD)
    project.write("toolcheck.yaml", config)
    p = run_cli("lint", cwd=project.path)
    assert p.returncode == 2, p.stdout
    assert "toolcheck.yaml" in p.stderr and needle in p.stderr, p.stderr
    assert "Traceback" not in p.stderr


def test_pyproject_config_is_found_upward(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.toolcheck]\npaths = ["tools"]\nignore = ["TC003"]\n')
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "r.yaml").write_text(BAD)
    sub = tmp_path / "tools"
    code, doc = run_json("lint", "--select", "TC0", cwd=sub)
    assert code == 0 and doc["findings"] == []


def test_pyproject_type_error(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.toolcheck]\nexclude = "x"\n')
    p = run_cli("lint", cwd=tmp_path)
    assert p.returncode == 2 and "pyproject.toml" in p.stderr and "`exclude`" in p.stderr


def test_select_ignore_and_rule_names(project):
    project.write("contracts/r.yaml", BAD)
    assert run_json("lint", "--select", "TC0", "--ignore", "yaml-implicit-conversion", cwd=project.path)[1]["findings"] == []
    code, doc = run_json("lint", "--select", "TC003", cwd=project.path)
    assert {f["code"] for f in doc["findings"]} == {"TC003"}


def test_fail_on_exit_zero_and_severity_override(project):
    project.write("contracts/r.yaml", BAD)
    project.write("toolcheck.yaml", "paths: [contracts]\nseverity: {TC003: warning}\nselect: [TC0]\n")
    code, doc = run_json("lint", cwd=project.path)
    assert code == 0 and {f["severity"] for f in doc["findings"]} == {"warning"}
    assert run_cli("lint", "--fail-on", "warning", cwd=project.path).returncode == 1
    assert run_cli("lint", "--fail-on", "warning", "--exit-zero", cwd=project.path).returncode == 0


def test_json_report_fields(project):
    project.write("contracts/r.yaml", BAD)
    _, doc = run_json("lint", "--select", "TC0", cwd=project.path)
    assert set(doc) >= {"version", "findings", "summary"}
    assert set(doc["summary"]) >= {"files", "tools", "errors", "warnings", "infos", "targets"}
    f = doc["findings"][0]
    for key in ("code", "name", "severity", "message", "help", "file", "line", "column", "tool", "pointer",
                "target", "url"):
        assert key in f
    assert f["file"] == "contracts/r.yaml" and f["tool"] == "set_reminder"
    assert isinstance(f["line"], int) and f["line"] >= 1 and f["column"] >= 1


def test_statistics(project):
    project.write("contracts/r.yaml", BAD.replace("enum: [yes, no]", "enum: [yes, maybe], default: no"))
    p = run_cli("lint", "--select", "TC0", "--statistics", cwd=project.path)
    assert "TC003" in p.stdout and "yaml-implicit-conversion" in p.stdout and "2" in p.stdout
    _, doc = run_json("lint", "--select", "TC0", "--statistics", cwd=project.path)
    assert doc["statistics"][0] == {"code": "TC003", "name": "yaml-implicit-conversion", "count": 2, "fixable": False}


def test_output_file_and_env_format(project):
    project.write("contracts/r.yaml", BAD)
    p = run_cli("lint", "--select", "TC0", "--output", "out/report.json", cwd=project.path,
                env={"TOOLCHECK_FORMAT": "json"})
    assert p.returncode == 1 and p.stdout == ""
    doc = json.loads((project.path / "out" / "report.json").read_text())
    assert doc["summary"]["errors"] == 1


# ------------------------------------------------------------------------------------------ suppression

def test_suppression_same_line_next_line_and_file(project):
    project.write("contracts/a.yaml", BAD.replace("The answer.}", "The answer.}  # toolcheck: ignore[TC003] booleans"))
    project.write("contracts/b.yaml", BAD.replace("    answer:", "    # toolcheck: ignore[TC0] legacy\n    answer:")
                  .replace("set_reminder", "set_alarm"))
    project.write("contracts/c.yaml", "# toolcheck: file-ignore[yaml-implicit-conversion]\n" +
                  BAD.replace("set_reminder", "set_timer"))
    code, doc = run_json("lint", "--select", "TC0", cwd=project.path)
    assert doc["findings"] == [] and code == 0


def test_suppression_on_a_key_covers_its_subtree(project):
    project.write("contracts/a.yaml", BAD.replace("parameters:", "parameters:  # toolcheck: ignore[TC003]"))
    _, doc = run_json("lint", "--select", "TC0", cwd=project.path)
    assert doc["findings"] == []


def test_hash_inside_a_string_is_not_a_comment(project):
    text = BAD.replace("description: Set a reminder.", 'description: "Set a reminder # toolcheck: ignore[TC003]"')
    project.write("contracts/a.yaml", text)
    _, doc = run_json("lint", "--select", "TC0", cwd=project.path)
    assert [f["code"] for f in doc["findings"]] == ["TC003"]


def test_unused_and_unknown_suppressions(project):
    project.write("contracts/a.yaml", GOOD.replace("name: search_docs", "name: search_docs  # toolcheck: ignore[TC003]"))
    project.write("contracts/b.yaml", GOOD.replace("search_docs", "search_more").replace(
        "risk: read_only", "risk: read_only  # toolcheck: ignore[TC777, TC2]"))
    _, doc = run_json("lint", "--select", "TC0", cwd=project.path)
    got = sorted((f["file"], f["code"], f["line"]) for f in doc["findings"])
    # TC2 did not run under lint: not reported as unused; TC777 is unknown
    assert got == [("contracts/a.yaml", "TC014", 1), ("contracts/b.yaml", "TC015", 3)]


def test_per_file_ignores(project):
    project.write("contracts/legacy/r.yaml", BAD)
    project.write("toolcheck.yaml", "paths: [contracts]\nper-file-ignores: {'contracts/legacy/*': [TC003]}\n")
    assert run_json("lint", "--select", "TC0", cwd=project.path)[1]["findings"] == []


# ------------------------------------------------------------------------------------------ baseline

def test_baseline_reports_only_new_findings(project):
    project.write("contracts/r.yaml", BAD)
    p = run_cli("lint", "--select", "TC0", "--write-baseline", "baseline.json", cwd=project.path)
    assert p.returncode == 0 and "Wrote 1 finding to" in p.stderr  # `enum: [yes, no]`: one mistake
    code, doc = run_json("lint", "--select", "TC0", "--baseline", "baseline.json", cwd=project.path)
    assert code == 0 and doc["findings"] == []
    # moving lines does not invalidate the baseline (no line numbers in it)
    project.write("contracts/r.yaml", "# a new comment line\n\n" + BAD)
    assert run_json("lint", "--select", "TC0", "--baseline", "baseline.json", cwd=project.path)[1]["findings"] == []
    # a new problem is reported
    project.write("contracts/r.yaml", BAD.replace("enum: [yes, no]", "enum: [yes, no, on]"))
    code, doc = run_json("lint", "--select", "TC0", "--baseline", "baseline.json", cwd=project.path)
    assert code == 1 and [f["pointer"] for f in doc["findings"]] == ["/parameters/properties/answer/enum"]
    assert "`on`" in doc["findings"][0]["message"]


def test_bad_baseline_exits_2(project):
    project.write("contracts/r.yaml", BAD)
    project.write("baseline.json", "{not json")
    p = run_cli("lint", "--baseline", "baseline.json", cwd=project.path)
    assert p.returncode == 2 and "baseline" in p.stderr


# ------------------------------------------------------------------------------------------ discovery

def test_gitignore_and_exclude(project):
    subprocess.run(["git", "init", "-q"], cwd=project.path, check=True)
    project.write(".gitignore", "contracts/generated/\n")
    project.write("contracts/generated/r.yaml", BAD)
    project.write("contracts/old/r.yaml", BAD)
    project.write("contracts/search_docs.yaml", GOOD)
    code, doc = run_json("lint", "--select", "TC0", "--exclude", "old/", cwd=project.path)
    assert code == 0 and doc["summary"]["files"] == 1


def test_force_exclude_skips_files_outside_contract_paths(project):
    project.write("contracts/search_docs.yaml", GOOD)
    project.write(".pre-commit-config.yaml", "repos: []\n")
    project.write("other/workflow.yaml", "on: push\n")
    p = run_cli("lint", "--force-exclude", ".pre-commit-config.yaml", "other/workflow.yaml",
                "contracts/search_docs.yaml", "--select", "TC0", cwd=project.path)
    assert p.returncode == 0, p.stdout
    assert "1 file" in p.stdout


def test_hook_sees_the_whole_set_for_cross_file_rules(project):
    project.write("contracts/a.yaml", GOOD)
    project.write("contracts/b.yaml", GOOD.replace("Search the product", "Look up the product"))
    code, doc = run_json("lint", "--force-exclude", "contracts/b.yaml", "--select", "TC012", cwd=project.path)
    assert code == 1
    assert [(f["file"], f["code"]) for f in doc["findings"]] == [("contracts/b.yaml", "TC012")]
    assert doc["findings"][0]["related"][0]["file"] == "contracts/a.yaml"


def test_symlink_loop_in_contracts_folder(project):
    project.write("contracts/search_docs.yaml", GOOD)
    (project.path / "contracts" / "loop").symlink_to(project.path / "contracts", target_is_directory=True)
    p = run_cli("lint", "--select", "TC0", cwd=project.path, timeout=30)
    assert p.returncode == 0, p.stdout + p.stderr


# ------------------------------------------------------------------------------------------ rules, init

def test_rules_json_lists_every_rule():
    p = run_cli("rules", "--format", "json")
    rules = json.loads(p.stdout)
    codes = [r["code"] for r in rules]
    assert codes == sorted(codes) and len(codes) == len(set(codes))
    for r in rules:
        assert set(r) >= {"code", "name", "family", "severity", "targets"}


def test_rule_prints_docs_by_code_or_name():
    p = run_cli("rule", "TC003")
    assert p.returncode == 0 and "Example:" in p.stdout and "Use instead:" in p.stdout
    assert run_cli("rule", "duplicate-key").stdout.startswith("TC002 duplicate-key")


def test_init_writes_a_clean_starter_and_never_overwrites(tmp_path):
    p = run_cli("init", cwd=tmp_path)
    assert p.returncode == 0 and (tmp_path / "contracts" / "search_docs.yaml").exists()
    (tmp_path / "toolcheck.yaml").write_text("paths: [contracts]\n# mine\n")
    p = run_cli("init", cwd=tmp_path)
    assert "kept" in p.stderr and "# mine" in (tmp_path / "toolcheck.yaml").read_text()
    assert run_cli("lint", cwd=tmp_path).returncode == 0
    assert run_cli("validate", cwd=tmp_path).returncode == 0


def test_lint_does_not_import_hypothesis(project):
    project.write("contracts/search_docs.yaml", GOOD)
    code = (
        "import sys, os\n"
        f"os.chdir({str(project.path)!r})\n"
        "from toolcheck.cli import main\n"
        "sys.argv = ['toolcheck', 'lint']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('hypothesis', 'hypothesis_jsonschema')]\n"
        "print('HEAVY', bad)\n"
    )
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert "HEAVY []" in p.stdout, p.stdout + p.stderr
