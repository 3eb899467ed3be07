"""The GitHub Action (action.yml): its structure, and its shell steps run here with bash as the runner runs them
(`bash --noprofile --norc -eo pipefail`, GITHUB_OUTPUT, GITHUB_ACTION_PATH, RUNNER_TEMP, the step's `env:` with
its `${{ inputs.x }}`/`${{ steps.s.outputs.o }}` values filled in). The setup-python step is not run; the install
step is replaced by this test venv's toolcheck, except in the slow test, which runs it (a fresh venv, `pip install`
of a copy of the checkout). The README's workflow snippets must parse and use the action as it is."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
import yaml

import toolcheck

from .conftest import ROOT

ACTION = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
STEPS = ACTION["runs"]["steps"]
DATA = ROOT / "tests" / "data"
SARIF_SCHEMA = json.loads((DATA / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
# SchemaStore's schemas for action metadata and workflows (as vendored by check-jsonschema: tests/data/README.md)
ACTION_SCHEMA = json.loads((DATA / "github" / "github-action.schema.json").read_text(encoding="utf-8"))
WORKFLOW_SCHEMA = json.loads((DATA / "github" / "github-workflow.schema.json").read_text(encoding="utf-8"))
README = (ROOT / "README.md").read_text(encoding="utf-8")
SLUG = toolcheck.REPOSITORY.removeprefix("https://github.com/")
EXPR = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")
REF = re.compile(r"^(?:inputs\.([\w-]+)|steps\.([\w-]+)\.outputs\.([\w-]+))$")

BAD = """\
name: Bad Tool
description: x
parameters:
  type: object
  properties:
    q: {type: strin}
"""
# no error, one warning (TC104: the typo `maxLenght`); TC307 stays quiet: the project keeps no samples
WARNING_ONLY = """\
name: search_docs
version: "1.0.0"
description: >-
  Search the product documentation by keyword and return the best-matching pages with a short excerpt.
  Use it when the user asks how a feature works or where a setting is.
risk: read_only
parameters:
  type: object
  additionalProperties: false
  required: [query]
  properties:
    query: {type: string, description: Words to search for., minLength: 2, maxLenght: 200}
"""


def _parse_output_file(path: Path) -> dict[str, str]:
    """GITHUB_OUTPUT as the runner reads it: `name=value` lines and `name<<DELIM` ... `DELIM` blocks."""
    out: dict[str, str] = {}
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    i = 0
    while i < len(lines):
        line = lines[i]
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delim = line.split("<<", 1)
            j = lines.index(delim, i + 1)
            out[name] = "\n".join(lines[i + 1:j])
            i = j + 1
            continue
        name, value = line.split("=", 1)
        out[name] = value
        i += 1
    return out


def _value(expr: str, inputs: dict[str, str], outputs: dict[str, dict[str, str]]) -> str:
    m = REF.match(expr)
    assert m, f"the action's env may only name an input or a step output, not `{expr}`"
    if m.group(1):
        return inputs[m.group(1)]
    return outputs.get(m.group(2), {}).get(m.group(3), "")


def _fill(text: str, inputs, outputs) -> str:
    return EXPR.sub(lambda m: _value(m.group(1), inputs, outputs), text)


class Run:
    def __init__(self, rc: int, outputs: dict[str, str], stdout: str, stderr: str, steps: dict):
        self.rc, self.outputs, self.stdout, self.stderr, self.steps = rc, outputs, stdout, stderr, steps


def run_action(tmp_path: Path, cwd: Path, install: bool = False, action_path: Path = ROOT, **given: str) -> Run:
    """Run the action's `run:` steps in order, as the runner would, until one fails."""
    inputs = {name: str(spec.get("default", "")) for name, spec in ACTION["inputs"].items()}
    given = {k.replace("_", "-"): v for k, v in given.items()}
    assert set(given) <= set(inputs), set(given) - set(inputs)
    inputs.update(given)
    temp = tmp_path / "runner-temp"
    temp.mkdir(exist_ok=True)
    outputs: dict[str, dict[str, str]] = {}
    stdout = stderr = ""
    rc = 0
    for n, step in enumerate(STEPS):
        if "uses" in step:  # actions/setup-python: its python-path is this interpreter when the install step runs
            outputs[step["id"]] = {"python-path": sys.executable if install else ""}
            continue
        if step["id"] == "install" and not install:
            outputs["install"] = {"bin": str(Path(sys.executable).parent)}  # the test venv's toolcheck
            continue
        out_file = tmp_path / f"github-output-{n}"
        env = {k: v for k, v in os.environ.items() if not k.startswith(("TOOLCHECK_FORMAT", "INPUT_", "GITHUB_"))}
        env.update(NO_COLOR="1", GITHUB_ACTIONS="true", GITHUB_OUTPUT=str(out_file),
                   GITHUB_ENV=str(tmp_path / "github-env"), GITHUB_ACTION_PATH=str(action_path),
                   GITHUB_WORKSPACE=str(cwd), RUNNER_TEMP=str(temp))
        env.update({k: _fill(str(v), inputs, outputs) for k, v in step.get("env", {}).items()})
        script = tmp_path / f"step-{n}.sh"
        script.write_text(step["run"], encoding="utf-8")
        p = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)], cwd=cwd, env=env,
                           capture_output=True, text=True, timeout=900)
        outputs[step["id"]] = _parse_output_file(out_file)
        stdout += p.stdout
        stderr += p.stderr
        rc = p.returncode
        if rc:
            break
    action_outputs = {name: _fill(spec["value"], inputs, outputs) for name, spec in ACTION["outputs"].items()}
    return Run(rc, action_outputs, stdout, stderr, outputs)


def _sarif(path: Path) -> dict:
    doc = json.loads(path.read_text(encoding="utf-8"))
    jsonschema.Draft4Validator(SARIF_SCHEMA).validate(doc)
    return doc


def _codes(doc: dict) -> set[str]:
    return {r["ruleId"] for run in doc["runs"] for r in run["results"]}


# ----------------------------------------------------------------------------------------------------- structure
def test_the_action_is_composite_with_the_documented_inputs_and_outputs():
    assert ACTION["runs"]["using"] == "composite"
    assert {"command", "paths", "targets", "fail-on", "config", "args", "base", "sarif-file", "log-format",
            "python-version", "extras"} == set(ACTION["inputs"])
    for name, spec in ACTION["inputs"].items():
        assert spec["description"] and spec.get("required") is False and "default" in spec, name
    assert ACTION["inputs"]["command"]["default"] == "validate"
    assert ACTION["inputs"]["sarif-file"]["default"] == "toolcheck.sarif"
    assert re.fullmatch(r"3\.1[2-9]", ACTION["inputs"]["python-version"]["default"])
    assert set(ACTION["outputs"]) == {"sarif-file", "exit-code"}
    ids = [s["id"] for s in STEPS]
    assert ids == ["python", "install", "run"]
    for spec in ACTION["outputs"].values():
        m = EXPR.fullmatch(spec["value"])
        assert m and REF.match(m.group(1)).group(2) in ids


def test_action_yml_is_valid_action_metadata():
    jsonschema.Draft7Validator(ACTION_SCHEMA).validate(ACTION)
    broken = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
    del broken["runs"]["steps"][1]["shell"]  # a composite run step must name its shell: the schema knows that
    assert not jsonschema.Draft7Validator(ACTION_SCHEMA).is_valid(broken)


def test_setup_python_leaves_the_job_python_alone():
    setup = STEPS[0]
    assert setup["uses"].startswith("actions/setup-python@v")
    assert setup["with"] == {"python-version": "${{ inputs.python-version }}", "update-environment": False}
    assert setup["if"] == "inputs.python-version != ''"


def test_no_expression_in_any_script_inputs_come_through_env():
    """`${{ inputs.x }}` in a script body is pasted into the script before bash reads it: shell injection."""
    for step in STEPS:
        if "run" not in step:
            continue
        assert step["shell"] == "bash"
        assert "${{" not in step["run"], step["id"]
        for key, value in step.get("env", {}).items():
            m = EXPR.fullmatch(str(value))
            assert m and REF.match(m.group(1)), (key, value)
    used = {REF.match(EXPR.fullmatch(str(v)).group(1)).group(1) for s in STEPS for v in s.get("env", {}).values()}
    used |= {"python-version"}  # the setup-python step's `with:`
    assert used - {None} == set(ACTION["inputs"]), "every input reaches a step"


def test_install_step_installs_this_checkout():
    script = STEPS[1]["run"]
    assert 'spec="$GITHUB_ACTION_PATH"' in script and '-m pip install' in script and '"$spec"' in script
    assert "git+" not in script and "toolcheck-llm" not in script  # the action's own checkout, not the index


# ------------------------------------------------------------------------------------------------ running it
def test_bundled_contracts_pass_and_the_sarif_is_written(tmp_path):
    sarif = tmp_path / "reports" / "toolcheck.sarif"
    r = run_action(tmp_path, ROOT, sarif_file=str(sarif))
    assert r.rc == 0, r.stdout + r.stderr
    assert r.outputs == {"sarif-file": str(sarif), "exit-code": "0"}
    doc = _sarif(sarif)
    assert doc["runs"][0]["results"] == [] and doc["runs"][0]["tool"]["driver"]["name"] == "toolcheck"
    assert f"toolcheck validate: exit 0; SARIF report in {sarif}" in r.stdout
    assert "::error" not in r.stdout


def test_default_sarif_path_is_relative_to_the_workspace(tmp_path):
    work = tmp_path / "work"
    shutil.copytree(ROOT / "contracts", work / "contracts")
    shutil.copytree(ROOT / "samples", work / "samples")
    (work / "toolcheck.yaml").write_text("paths: [contracts]\nsamples: samples\n")
    r = run_action(tmp_path, work, targets="openai, anthropic\nmcp", log_format="text")
    assert r.rc == 0, r.stdout + r.stderr
    assert r.outputs["sarif-file"] == "toolcheck.sarif"
    _sarif(work / "toolcheck.sarif")
    assert "All checks passed!" in r.stdout and "Targets checked: openai, anthropic, mcp" in r.stdout


def test_a_bad_contract_fails_the_step_after_writing_the_sarif_and_annotates(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    (work / "bad.yaml").write_text(BAD)
    r = run_action(tmp_path, work, paths="bad.yaml")
    assert r.rc == 1, r.stdout + r.stderr
    assert r.outputs == {"sarif-file": "toolcheck.sarif", "exit-code": "1"}
    codes = _codes(_sarif(work / "toolcheck.sarif"))
    assert {"TC103", "TC201", "TC601"} <= codes
    assert "::error file=bad.yaml,line=6,col=15,title=TC103 invalid-type-name (Bad Tool)::" in r.stdout
    assert "toolcheck validate: exit 1" in r.stdout


def test_fail_on_decides_the_exit_status_not_what_the_sarif_holds(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    (work / "warn.yaml").write_text(WARNING_ONLY)
    ok = run_action(tmp_path, work, paths="warn.yaml")
    assert ok.rc == 0 and ok.outputs["exit-code"] == "0", ok.stdout + ok.stderr
    assert _codes(_sarif(work / "toolcheck.sarif")) == {"TC104"}
    assert "::warning file=warn.yaml" in ok.stdout  # still annotated
    strict = run_action(tmp_path, work, paths="warn.yaml", fail_on="warning")
    assert strict.rc == 1 and strict.outputs["exit-code"] == "1"
    assert _codes(_sarif(work / "toolcheck.sarif")) == {"TC104"}
    zero = run_action(tmp_path, work, paths="warn.yaml", fail_on="warning", args="--exit-zero")
    assert zero.rc == 0 and zero.outputs["exit-code"] == "0"


def test_args_are_split_as_a_shell_would_and_config_is_passed(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    (work / "bad.yaml").write_text(BAD)
    (work / "ci").mkdir()
    (work / "ci" / "toolcheck.yaml").write_text("ignore: [TC6]\n")
    r = run_action(tmp_path, work, paths="bad.yaml", config="ci/toolcheck.yaml",
                   args="--ignore 'TC2, TC4' \"--select\" TC", log_format="text")
    assert r.rc == 1
    assert _codes(_sarif(work / "toolcheck.sarif")) == {"TC103"}
    assert "bad.yaml:6:15: TC103 error" in r.stdout and "TC201" not in r.stdout


def test_inputs_cannot_inject_shell_or_workflow_commands(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    (work / "bad.yaml").write_text(BAD)
    evil = '$(touch pwned1) `touch pwned2`;touch pwned3 *'
    r = run_action(tmp_path, work, paths=evil, args=evil + " --select TC1")
    assert r.rc == 2  # toolcheck: those paths do not exist
    assert not list(work.glob("pwned*")) and not list(tmp_path.glob("pwned*"))
    r = run_action(tmp_path, work, paths="--exit-zero bad.yaml")  # a path is never an option
    assert r.rc == 2 and "path does not exist: --exit-zero" in r.stderr
    r = run_action(tmp_path, work, command="lint\n::warning::injected")
    assert r.rc == 2 and r.outputs["exit-code"] == "2"
    assert "::error title=toolcheck::command: expected validate, lint or diff, got 'lint%0A::warning::injected'" \
        in r.stdout
    assert "\n::warning::injected" not in r.stdout
    r = run_action(tmp_path, work, args="--select 'TC1")
    assert r.rc == 2 and "args: cannot split" in r.stdout


@pytest.mark.parametrize("given, message", [
    ({"command": "check"}, "command: expected validate, lint or diff"),
    ({"command": "lint", "targets": "openai"}, "targets: only `validate` checks vendor targets"),
    ({"base": "HEAD"}, "base: only `diff` compares with a git ref"),
    ({"log_format": "json"}, "log-format: expected github, text or none"),
    ({"sarif_file": "", "log_format": "none"}, "sarif-file is empty and log-format is none"),
    ({"sarif_file": "a\nb.sarif"}, "sarif-file: a path with a line break"),
])
def test_bad_inputs_are_exit_2_with_an_annotation(tmp_path, given, message):
    r = run_action(tmp_path, ROOT, **given)
    assert r.rc == 2 and r.outputs == {"sarif-file": "", "exit-code": "2"}
    assert f"::error title=toolcheck::{message}" in r.stdout


def test_a_usage_error_from_toolcheck_is_printed_once(tmp_path):
    r = run_action(tmp_path, ROOT, fail_on="sometimes", sarif_file=str(tmp_path / "x.sarif"))
    assert r.rc == 2 and r.outputs == {"sarif-file": "", "exit-code": "2"}
    assert not (tmp_path / "x.sarif").exists()
    assert r.stderr.count("Invalid value for '--fail-on'") == 1 and "SARIF" not in r.stdout


def test_without_sarif_the_log_run_decides(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    (work / "bad.yaml").write_text(BAD)
    r = run_action(tmp_path, work, command="lint", paths="bad.yaml", sarif_file="", log_format="text")
    assert r.rc == 1 and r.outputs == {"sarif-file": "", "exit-code": "1"}
    assert not (work / "toolcheck.sarif").exists()
    assert "bad.yaml:6:15: TC103 error" in r.stdout and "toolcheck lint: exit 1" in r.stdout


def test_extras_are_names_only(tmp_path):
    r = run_action(tmp_path, ROOT, install=True, extras='mcp]" ; touch pwned')
    assert r.rc == 2 and r.steps["install"] == {} and "run" not in r.steps
    assert "::error title=toolcheck::extras: expected names separated by commas" in r.stdout
    assert not list((tmp_path / "runner-temp").iterdir()) and not list(ROOT.glob("pwned"))


@pytest.mark.skipif(shutil.which("git") is None, reason="git is needed")
def test_diff_against_the_base_commit(tmp_path):
    work = tmp_path / "work"
    shutil.copytree(ROOT / "contracts", work / "contracts")
    (work / "toolcheck.yaml").write_text("paths: [contracts]\n")
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"}
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "v1"]):
        subprocess.run(["git", *args], cwd=work, check=True, capture_output=True, env=env)
    base = subprocess.run(["git", "rev-parse", "HEAD"], cwd=work, check=True, capture_output=True,
                          text=True).stdout.strip()
    clean = run_action(tmp_path, work, command="diff", base=base)
    assert clean.rc == 0, clean.stdout + clean.stderr
    contract = work / "contracts" / "search_docs.yaml"
    contract.write_text(contract.read_text().replace("maxLength: 300", "maxLength: 100"))
    r = run_action(tmp_path, work, command="diff", base=base)
    assert r.rc == 1, r.stdout + r.stderr
    codes = _codes(_sarif(work / "toolcheck.sarif"))
    assert codes and all(c.startswith("TC8") for c in codes)
    assert "::error file=contracts/search_docs.yaml" in r.stdout


@pytest.mark.slow
def test_the_install_step_installs_the_checkout_into_a_fresh_venv(tmp_path):
    """The real install step: `pip install` of the action's checkout (a copy of the tracked files, as the runner
    downloads them) into a venv of its own, then the run step with that toolcheck."""
    if shutil.which("git") is None:
        pytest.skip("git is needed to list the tracked files")
    checkout = tmp_path / "action"
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True).stdout
    for rel in filter(None, files.decode().split("\0")):
        if (ROOT / rel).is_file():
            (checkout / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / rel, checkout / rel)
    r = run_action(tmp_path, checkout, install=True, action_path=checkout, sarif_file=str(tmp_path / "out.sarif"))
    assert r.rc == 0, r.stdout + r.stderr
    venv_bin = Path(r.steps["install"]["bin"])
    assert venv_bin.is_relative_to(tmp_path / "runner-temp")
    assert (venv_bin / "toolcheck").exists() and f"toolcheck {toolcheck.__version__}" in r.stdout
    _sarif(tmp_path / "out.sarif")


# ---------------------------------------------------------------------------------------------------- README
def _workflows() -> list[dict]:
    blocks = re.findall(r"```yaml\n(.*?)```", README, re.S)
    docs = [doc for doc in map(yaml.safe_load, blocks) if isinstance(doc, dict) and "jobs" in doc]
    for doc in docs:  # PyYAML reads the key `on` as YAML 1.1's true; GitHub reads it as the string
        assert True in doc, "a workflow has `on:`"
        doc["on"] = doc.pop(True)
    return docs


def test_readme_workflows_are_valid_workflows():
    workflows = _workflows()
    assert len(workflows) >= 3
    for w in workflows:
        jsonschema.Draft7Validator(WORKFLOW_SCHEMA).validate(w)


def _steps(workflow: dict) -> list[dict]:
    return [s for job in workflow["jobs"].values() for s in job["steps"]]


def _action_steps(workflow: dict) -> list[dict]:
    return [s for s in _steps(workflow) if str(s.get("uses", "")).startswith(f"{SLUG}@")]


def test_readme_workflows_use_the_action_at_this_version_with_real_inputs():
    workflows = _workflows()
    using = [w for w in workflows if _action_steps(w)]
    assert len(using) >= 2  # code scanning, breaking changes
    for w in using:
        for step in _action_steps(w):
            assert step["uses"] == f"{SLUG}@v{toolcheck.__version__}"
            assert set(step.get("with", {})) <= set(ACTION["inputs"]), step
        checkout = _steps(w)[0]
        assert checkout["uses"].startswith("actions/checkout@v")


def test_readme_uploads_the_sarif_to_code_scanning():
    uploads = [(w, s) for w in _workflows() for s in _steps(w)
               if str(s.get("uses", "")).startswith("github/codeql-action/upload-sarif@")]
    assert uploads
    for w, upload in uploads:
        assert upload["if"] == "always()"
        (job,) = [j for j in w["jobs"].values() if upload in j["steps"]]
        assert job["permissions"]["security-events"] == "write"
        (tc,) = _action_steps(w)
        assert upload["with"]["sarif_file"] == f"${{{{ steps.{tc['id']}.outputs.sarif-file }}}}"


def test_readme_diff_workflow_compares_with_the_pull_requests_base():
    diffs = [w for w in _workflows() for s in _action_steps(w) if s.get("with", {}).get("command") == "diff"]
    assert diffs
    for w in diffs:
        (step,) = _action_steps(w)
        assert step["with"]["base"] == "${{ github.event.pull_request.base.sha }}"
        assert _steps(w)[0]["with"]["fetch-depth"] == 0
        assert w["on"] in ("pull_request", ["pull_request"])


def test_readme_keeps_a_plain_pip_workflow():
    plain = [w for w in _workflows() if not _action_steps(w)
             and any("pip install" in str(s.get("run", "")) for s in _steps(w))]
    assert plain
    for w in plain:
        runs = " ".join(str(s.get("run", "")) for s in _steps(w))
        assert f"git+{toolcheck.REPOSITORY}@v{toolcheck.__version__}" in runs and "toolcheck validate" in runs
