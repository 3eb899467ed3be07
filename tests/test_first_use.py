"""What a new user ran into (issue 13), each scenario through the real entry point.

A fresh project, hand-written OpenAI/Anthropic files, `toolcheck init`, pre-commit, baselines and diff.
"""

from __future__ import annotations

import json
import re
import subprocess
import xml.etree.ElementTree as ET

from .conftest import run_cli, run_json

GOOD = """\
name: search_docs
description: Search the product documentation by keyword and return the best-matching pages. Use it for how-to questions.
risk: read_only
parameters:
  type: object
  additionalProperties: false
  required: [query]
  properties:
    query: {type: string, description: Words to search for.}
"""

ENUM_YES_NO = """\
name: answer_survey
description: Record the user's answer to a survey question. Use it when the user answers a survey question.
risk: read_only
parameters:
  type: object
  additionalProperties: false
  required: [answer]
  properties:
    answer: {type: string, enum: [yes, no], description: The answer.}
"""


def _openai(*names: str, strict: bool = False, extra: str = "") -> str:
    tools = []
    for n in names:
        fn = {"name": n, "description": f"Get the {n.replace('_', ' ')} for a city. Use it when the user asks.",
              "parameters": {"type": "object", "additionalProperties": False, "required": ["city"],
                             "properties": {"city": {"type": "string", "minLength": 2,
                                                     "description": "City name." + extra}}}}
        if strict:
            fn["strict"] = True
        tools.append({"type": "function", "function": fn})
    return json.dumps(tools, indent=2) + "\n"


# ------------------------------------------------------------------------------------------ item 8: small items

def test_rules_help_offers_only_the_formats_it_accepts():
    p = run_cli("rules", "--help")
    assert p.returncode == 0 and "<text|json>" in p.stdout and "sarif" not in p.stdout
    p = run_cli("rules", "--format", "sarif")
    assert p.returncode == 2 and "Traceback" not in p.stderr


def test_rule_with_a_family_lists_the_family():
    p = run_cli("rule", "TC4")
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("TC4  descriptions and naming: ")
    codes = re.findall(r"^  (TC\d{3})  ", p.stdout, re.M)
    assert "TC401" in codes and "TC430" in codes and all(c.startswith("TC4") for c in codes)
    assert "TC841" not in p.stdout + p.stderr
    p = run_cli("rule", "TC9")
    assert p.returncode == 2 and "did you mean" not in p.stderr and "TC8" in p.stderr


def test_import_of_a_missing_file_exits_2_like_lint(tmp_path):
    p = run_cli("import", "nosuch.json", cwd=tmp_path)
    assert p.returncode == 2, p.stderr
    assert p.stderr.strip() == "toolcheck: error: path does not exist: nosuch.json"
    assert "Imported" not in p.stderr and "Next:" not in p.stderr
    assert run_cli("lint", "nosuch.json", cwd=tmp_path).returncode == 2


def test_import_says_1_tool(tmp_path):
    (tmp_path / "tools.json").write_text(_openai("get_weather"), encoding="utf-8")
    p = run_cli("import", "tools.json", "--out", "contracts", cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    assert "Imported 1 tool. Next: toolcheck lint contracts" in p.stderr


def test_summary_says_1_tool(project):
    project.write("contracts/search_docs.yaml", GOOD)
    p = run_cli("lint", "--no-cache", cwd=project.path)
    assert "All checks passed! 1 file, 1 tool." in p.stdout, p.stdout
    project.write("contracts/search_docs.yaml", GOOD.replace("risk: read_only\n", ""))
    p = run_cli("lint", "--no-cache", cwd=project.path)
    assert re.search(r"in 1 file \(1 tool\)\.", p.stdout), p.stdout


def test_junit_failure_counts_what_it_lists(project):
    # two errors, a warning and an info on one tool: the message counts the four lines the text lists
    project.write("contracts/t.yaml", """\
name: func1
description: Does something.
parameters:
  type: object
  properties:
    q: {type: string, description: Query.}
""")
    # a sampled neighbour: the project keeps samples, so func1's missing ones are the info (TC307)
    project.write("contracts/u.yaml", "name: get_note\ndescription: Return one note by its id.\nrisk: read_only\n"
                  "parameters: {type: object, properties: {id: {type: string, description: Note id.}}}\n"
                  "samples: [{data: {id: n1}, valid: true}]\n")
    p = run_cli("validate", "--format", "junit", "--no-cache", cwd=project.path)
    case = next(tc for tc in ET.fromstring(p.stdout).iter("testcase") if tc.get("name") == "func1")
    failure = case.find("failure")
    listed = [ln for ln in failure.text.splitlines() if ln.strip()]
    severities = [re.search(r": TC\d+ (error|warning|info) ", ln).group(1) for ln in listed]
    assert "info" in severities and len(listed) >= 3
    n = {s: severities.count(s) for s in ("error", "warning", "info")}
    assert failure.get("message").startswith(f"{len(listed)} findings (")
    assert f"{n['error']} error" in failure.get("message") and f"{n['info']} info" in failure.get("message")


def test_enum_yes_no_is_one_finding_that_says_to_quote(project):
    project.write("contracts/a.yaml", ENUM_YES_NO)
    code, doc = run_json("validate", "--target", "all", "--no-cache", cwd=project.path)
    at_enum = [f for f in doc["findings"] if f["pointer"].startswith("/parameters/properties/answer/enum")]
    assert [f["code"] for f in at_enum] == ["TC003"], [(f["code"], f["message"]) for f in at_enum]
    f = at_enum[0]
    assert (f["line"], f["column"]) == (9, 35) and "`yes`, `no`" in f["message"]
    assert "Quote them (['yes', 'no'])" in f["help"]
    # quoted, nothing is left
    project.write("contracts/a.yaml", ENUM_YES_NO.replace("[yes, no]", "['yes', 'no']"))
    code, doc = run_json("validate", "--target", "all", "--no-cache", cwd=project.path)
    assert not [f for f in doc["findings"] if "/enum" in f["pointer"]]
    # with TC003 ignored, the consequences are real findings again
    project.write("contracts/a.yaml", ENUM_YES_NO)
    code, doc = run_json("validate", "--ignore", "TC003", "--no-cache", cwd=project.path)
    assert "TC111" in {f["code"] for f in doc["findings"]}


def test_target_given_checks_it_plus_what_the_file_declares_and_says_so(tmp_path):
    (tmp_path / "tools.json").write_text(_openai("get_weather", strict=True), encoding="utf-8")
    code, doc = run_json("validate", "tools.json", "--target", "anthropic-strict", "--no-cache", cwd=tmp_path)
    assert doc["summary"]["targets"] == ["anthropic-strict", "openai-strict"]
    assert doc["summary"]["targets_declared"] == {"openai-strict": "tools.json"}
    assert {f["target"] for f in doc["findings"] if f["target"]} <= {"anthropic-strict", "openai-strict"}
    p = run_cli("validate", "tools.json", "--target", "anthropic-strict", "--no-cache", cwd=tmp_path)
    assert "Targets checked: anthropic-strict, openai-strict (`strict: true` in tools.json)" in p.stdout
    # without `strict: true`, only what was asked
    (tmp_path / "tools.json").write_text(_openai("get_weather"), encoding="utf-8")
    code, doc = run_json("validate", "tools.json", "--target", "anthropic-strict", "--no-cache", cwd=tmp_path)
    assert doc["summary"]["targets"] == ["anthropic-strict"] and "targets_declared" not in doc["summary"]


def test_overlap_score_of_a_pair_does_not_depend_on_the_other_tools(project):
    pair = """\
  - name: search_gifts
    description: Search the gift catalogue by keyword, category and price range. Use it when the user describes a present.
    risk: read_only
    parameters: {type: object, properties: {query: {type: string, description: Words to search for.}}}
  - name: find_gifts
    description: Find gifts in the catalogue matching keywords, a category and a price range. Use it when the user describes a present.
    risk: read_only
    parameters: {type: object, properties: {query: {type: string, description: Words to search for.}}}
"""
    others = "".join(f"""\
  - name: {verb}_{noun}
    description: {verb.capitalize()} the {noun} of an order for the user. Use it when the user asks about the {noun}.
    risk: read_only
    parameters: {{type: object, properties: {{order_id: {{type: string, description: The order.}}}}}}
""" for verb, noun in [("get", "invoice"), ("track", "parcel"), ("cancel", "booking"), ("list", "returns")])

    def score(text: str) -> float:
        project.write("contracts/t.yaml", "tools:\n" + text)
        _, doc = run_json("lint", "--select", "TC430", "--no-cache", cwd=project.path)
        return next(f["data"]["score"] for f in doc["findings"] if f["tool"] == "find_gifts")

    assert score(pair) == score(pair + others)


# ------------------------------------------------------------------------------------------ item 4: baselines

def test_baseline_survives_a_tool_inserted_into_a_json_array(project):
    project.write("contracts/tools.json", _openai("get_weather", "get_forecast", extra=" See http://10.0.0.7/x"))
    p = run_cli("lint", "--write-baseline", "baseline.json", cwd=project.path)
    assert p.returncode == 0, p.stderr
    entries = json.loads((project.path / "baseline.json").read_text())
    assert entries["version"] == 2 and len(entries["findings"]) >= 2
    assert run_json("lint", "--baseline", "baseline.json", cwd=project.path)[1]["findings"] == []
    # a new tool at the front moves every other tool's pointer from /0/... to /1/... and /2/...
    project.write("contracts/tools.json", _openai("get_air_quality", "get_weather", "get_forecast",
                                                  extra=" See http://10.0.0.7/x"))
    code, doc = run_json("lint", "--baseline", "baseline.json", cwd=project.path)
    assert doc["findings"], "the new tool's own findings are reported"
    assert {f["tool"] for f in doc["findings"]} == {"get_air_quality"}, [(f["tool"], f["code"]) for f in
                                                                          doc["findings"]]
    assert all(f["pointer"].startswith("/0/") for f in doc["findings"])


def test_baseline_tells_tools_of_one_name_apart_by_source(project):
    rec = {"name": "search", "description": "Search the web for pages. Use it when the user asks for a page.",
           "parameters": {"type": "object", "properties": {"q": {"type": "string"}}}}
    lines = [dict(rec, source="server-a"), dict(rec, source="server-b")]
    project.write("contracts/tools.jsonl", "".join(json.dumps(r) + "\n" for r in lines))
    run_cli("lint", "--select", "TC407", "--write-baseline", "baseline.json", cwd=project.path)
    assert len(json.loads((project.path / "baseline.json").read_text())["findings"]) == 2
    # server-b's tool is fixed and server-c's is new, at server-b's place: server-c's finding is new
    lines[1] = dict(rec, source="server-c")
    project.write("contracts/tools.jsonl", "".join(json.dumps(r) + "\n" for r in lines))
    _, doc = run_json("lint", "--select", "TC407", "--baseline", "baseline.json", cwd=project.path)
    assert [(f["tool"], f["pointer"]) for f in doc["findings"]] == [("search", "/1/parameters/properties/q")]


def test_version_1_baselines_still_apply_with_a_note(project):
    project.write("contracts/tools.json", _openai("get_weather", extra=" See http://10.0.0.7/x"))
    _, doc = run_json("lint", "--no-cache", cwd=project.path)
    assert doc["findings"]
    # a version 1 baseline as toolcheck 0.1.0 wrote it: the absolute pointer in the fingerprint
    from toolcheck.engine import fingerprint_v1
    from toolcheck.model.findings import Finding

    class _File:
        documents = [json.loads((project.path / "contracts" / "tools.json").read_text())]

    old = []
    for f in doc["findings"]:
        x = Finding(f["code"], f["name"], f["severity"], f["message"], f["help"], f["file"], f["line"],
                    f["column"], f["tool"], f["pointer"])
        x.extra["file"] = _File()
        old.append({"code": f["code"], "file": f["file"], "tool": f["tool"], "pointer": f["pointer"],
                    "hash": fingerprint_v1(x)})
    (project.path / "old.json").write_text(json.dumps({"version": 1, "findings": old}))
    for _ in range(2):  # the second run would be a cache hit: a version 1 baseline needs the documents
        p = run_cli("lint", "--baseline", "old.json", "--format", "json", cwd=project.path)
        assert p.returncode == 0 and json.loads(p.stdout)["findings"] == [], p.stdout
        assert "version 1 baseline" in p.stderr and "--write-baseline" in p.stderr
    (project.path / "bad.json").write_text(json.dumps({"version": 7, "findings": []}))
    p = run_cli("lint", "--baseline", "bad.json", cwd=project.path)
    assert p.returncode == 2 and "unknown baseline version 7" in p.stderr


def _git(cwd, *args):
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True,
                   env={"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t",
                        "GIT_COMMITTER_EMAIL": "t@example.com", "HOME": str(cwd), "PATH": "/usr/bin:/bin"})


# ------------------------------------------------------------------------------------------ item 1: other files

def test_lint_dot_in_an_init_project_skips_the_config_and_pre_commit_files(tmp_path):
    assert run_cli("init", cwd=tmp_path).returncode == 0
    (tmp_path / "package.json").write_text('{"name": "site", "version": "1.0.0", "scripts": {}}\n')
    (tmp_path / "tsconfig.json").write_text('{"compilerOptions": {"strict": true}, // JSONC\n}\n')
    (tmp_path / "ci").mkdir()
    (tmp_path / "ci" / "build.yml").write_text("on: push\njobs:\n  t: {runs-on: ubuntu-latest, steps: []}\n")
    for cmd in ("lint", "validate"):
        code, doc = run_json(cmd, ".", "--no-cache", cwd=tmp_path)
        assert code == 0, doc["findings"]
        assert doc["summary"]["files"] == (1 if cmd == "lint" else 2), doc["summary"]  # + the samples file


def test_named_non_contract_files_get_one_finding_each(tmp_path):
    assert run_cli("init", cwd=tmp_path).returncode == 0
    (tmp_path / "script.py").write_text("print('hello')\n")
    (tmp_path / "stack.yaml").write_text("services:\n  api: {image: example/api:1}\n")
    code, doc = run_json("lint", "toolcheck.yaml", ".pre-commit-config.yaml", "script.py", "stack.yaml",
                         "--no-cache", cwd=tmp_path)
    assert code == 1
    got = [(f["file"], f["code"], f["line"], f["column"]) for f in doc["findings"]]
    assert got == [(".pre-commit-config.yaml", "TC017", 1, 1), ("script.py", "TC017", 1, 1),
                   ("stack.yaml", "TC017", 1, 1), ("toolcheck.yaml", "TC017", 1, 1)]
    msgs = {f["file"]: f["message"] for f in doc["findings"]}
    assert msgs["toolcheck.yaml"] == "`toolcheck.yaml` is toolcheck's configuration, not a contract"
    assert msgs[".pre-commit-config.yaml"] == "`.pre-commit-config.yaml` is a pre-commit configuration, not a contract"
    assert msgs["script.py"].startswith("`script.py` is not a supported file type")
    assert "string" not in msgs["script.py"]
    assert msgs["stack.yaml"] == "`stack.yaml` is a Docker Compose file (`services`), not a contract"


def test_a_config_given_with_config_is_recognised_whatever_its_name(tmp_path):
    assert run_cli("init", cwd=tmp_path).returncode == 0
    (tmp_path / "toolcheck.yaml").rename(tmp_path / "checks.yaml")
    code, doc = run_json("lint", ".", "--config", "checks.yaml", "--no-cache", cwd=tmp_path)
    assert code == 0 and doc["summary"]["files"] == 1, doc["findings"]


def test_show_files_lists_each_file_checked_or_skipped_and_why_then_exits_0(tmp_path):
    assert run_cli("init", cwd=tmp_path).returncode == 0
    (tmp_path / "README.md").write_text("# a project\n")
    (tmp_path / "contracts" / "broken.yaml").write_text("name: [\n")  # would be a finding: nothing is checked
    p = run_cli("validate", ".", "--show-files", cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    rows = {ln.split()[1]: (ln.split()[0], ln.split(None, 2)[2]) for ln in p.stdout.splitlines()
            if ln.startswith(("check", "skip", "context"))}
    assert rows["contracts/search_docs.yaml"][0] == "check"
    assert rows["contracts/broken.yaml"][0] == "check"
    assert rows["samples/search_docs.yaml"] == ("check", "samples, replayed against the contracts")
    assert rows["toolcheck.yaml"] == ("skip", "toolcheck's configuration")
    assert rows[".pre-commit-config.yaml"] == ("skip", "a pre-commit configuration")
    assert p.stdout.rstrip().endswith("1 other file skipped: not YAML, JSON or JSON Lines")
    assert "TC001" not in p.stdout and not (tmp_path / ".toolcheck_cache").exists()
    _, doc = run_json("lint", "--show-files", cwd=tmp_path)
    assert {f["path"]: f["status"] for f in doc["files"]} == {"contracts/broken.yaml": "check",
                                                             "contracts/search_docs.yaml": "check"}


# ------------------------------------------------------------------------------------------ item 2: cross-file context

def test_a_file_from_outside_the_configured_set_is_checked_on_its_own(tmp_path):
    proj = tmp_path / "proj"
    proj.mkdir()
    assert run_cli("init", cwd=proj).returncode == 0
    # an export of the same tool, with another schema: no duplicate name against contracts/, and the project's
    # samples (which need `query`) are not replayed against it
    (tmp_path / "export.json").write_text(json.dumps([{
        "name": "search_docs", "description": "Search the documentation by keyword. Use it for how-to questions.",
        "input_schema": {"type": "object", "additionalProperties": False, "required": ["text"],
                         "properties": {"text": {"type": "string", "description": "Words."}}}}]))
    code, doc = run_json("validate", "../export.json", "--no-cache", cwd=proj)
    assert code == 0 and doc["findings"] == [], [(f["code"], f["message"]) for f in doc["findings"]]
    assert doc["summary"]["files"] == 1
    # named together with a project file, each keeps its own context
    code, doc = run_json("validate", "../export.json", "contracts/search_docs.yaml", "--no-cache", cwd=proj)
    assert not {"TC012", "TC301", "TC303", "TC306"} & {f["code"] for f in doc["findings"]}, doc["findings"]
    # inside the project the same file is a duplicate
    (proj / "contracts" / "export.json").write_text((tmp_path / "export.json").read_text())
    code, doc = run_json("validate", "contracts/export.json", "--no-cache", cwd=proj)
    assert "TC012" in {f["code"] for f in doc["findings"]}


# ------------------------------------------------------------------------------------------ item 3: pre-commit note

def test_hook_says_once_how_many_files_it_skipped_and_why(tmp_path):
    assert run_cli("init", cwd=tmp_path).returncode == 0
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "bad.json").write_text('[{"name": "x"}]')
    p = run_cli("lint", "--force-exclude", "tools/bad.json", ".pre-commit-config.yaml", cwd=tmp_path)
    assert p.returncode == 0
    notes = [ln for ln in p.stderr.splitlines() if ln.strip()]
    assert notes == ["note: skipped 2 of the 2 files given (--force-exclude): 2 outside the configured `paths` "
                     "and `samples` (contracts, samples)"], p.stderr
    p = run_cli("lint", "--force-exclude", "contracts/search_docs.yaml", "toolcheck.yaml", cwd=tmp_path)
    assert p.returncode == 0 and "skipped 1 of the 2 files given" in p.stderr
    # nothing skipped, nothing said
    p = run_cli("lint", "--force-exclude", "contracts/search_docs.yaml", cwd=tmp_path)
    assert p.returncode == 0 and p.stderr == ""


# ------------------------------------------------------------------------------------------ item 7: init

def _modeline_schema(path):
    import os

    first = path.read_text(encoding="utf-8").splitlines()[0]
    m = re.fullmatch(r"# yaml-language-server: \$schema=(\S+)", first)
    assert m, first
    ref = m.group(1)
    return ref, (ref if os.path.isabs(ref) else os.path.normpath(os.path.join(path.parent, ref)))


def test_init_writes_schema_modelines_that_resolve_offline_to_the_shipped_schemas(tmp_path):
    from importlib import resources

    import jsonschema
    import yaml

    assert run_cli("init", cwd=tmp_path).returncode == 0
    for rel, schema in (("toolcheck.yaml", "config.schema.json"), ("contracts/search_docs.yaml",
                                                                   "contract.schema.json")):
        ref, resolved = _modeline_schema(tmp_path / rel)
        shipped = resources.files("toolcheck").joinpath("data", schema)
        with open(resolved, encoding="utf-8") as fh:  # a file on disk: no network needed
            assert fh.read() == shipped.read_text(encoding="utf-8")
        doc = yaml.safe_load((tmp_path / rel).read_text(encoding="utf-8"))
        jsonschema.Draft202012Validator(json.loads(shipped.read_text(encoding="utf-8"))).validate(doc)
    assert run_cli("validate", "--no-cache", cwd=tmp_path).returncode == 0


def test_schema_path_is_relative_when_the_install_is_inside_the_project(tmp_path):
    from importlib import resources

    from toolcheck.starter import schema_ref

    shipped = str(resources.files("toolcheck").joinpath("data", "contract.schema.json"))
    project = str(__import__("pathlib").Path(shipped).resolve().parents[2])  # a checkout (or a venv) around it
    ref = schema_ref("contract.schema.json", f"{project}/contracts/x.yaml", project)
    assert ref == "../toolcheck/data/contract.schema.json", ref
    assert schema_ref("contract.schema.json", str(tmp_path / "contracts" / "x.yaml"), str(tmp_path)).startswith("/")


def test_init_after_import_adds_no_demo_tool(tmp_path):
    (tmp_path / "tools.json").write_text(_openai("get_weather"), encoding="utf-8")
    assert run_cli("import", "tools.json", "--out", "contracts", cwd=tmp_path).returncode == 0
    p = run_cli("init", cwd=tmp_path)
    assert p.returncode == 0
    assert "no demo tool added" in p.stderr
    assert sorted(x.name for x in (tmp_path / "contracts").iterdir()) == ["get_weather.yaml"]
    assert not (tmp_path / "samples" / "search_docs.yaml").exists()
    assert (tmp_path / "toolcheck.yaml").exists() and (tmp_path / ".pre-commit-config.yaml").exists()
    _, doc = run_json("lint", "--no-cache", cwd=tmp_path)
    assert doc["summary"]["tools"] == 1


# ------------------------------------------------------------------------------------------ item 5: diff

PAY_OLD = """\
name: create_payment
description: Create a payment for a customer in a currency. Use it when the user pays.
risk: write_limited
idempotency_key: key
parameters:
  type: object
  additionalProperties: false
  required: [key, amount]
  properties:
    key: {type: string, description: Idempotency key.}
    amount: {type: number, description: Amount.}
    currency: {type: string, enum: [EUR, USD, JPY], description: Currency.}
    customer: {type: string, description: Customer id.}
"""
BROKEN = "name: lookup_rate\ndescription: Look up an exchange rate. Use it to convert prices.\nrisk: read_only\n"


def _repo(tmp_path):
    _git(tmp_path, "init", "-q")
    (tmp_path / "contracts").mkdir()
    (tmp_path / "contracts" / "pay.yaml").write_text(PAY_OLD)
    (tmp_path / "contracts" / "rate.yaml").write_text(BROKEN)  # a pre-existing TC008 (no `parameters`)
    _git(tmp_path, "add", "-A")
    _git(tmp_path, "commit", "-qm", "contracts")


def test_diff_gates_on_what_the_change_introduced(tmp_path):
    _repo(tmp_path)
    assert "TC008" in {f["code"] for f in run_json("lint", "--no-cache", cwd=tmp_path)[1]["findings"]}
    p = run_cli("diff", "--base", "HEAD", "--format", "json", cwd=tmp_path)
    assert p.returncode == 0 and json.loads(p.stdout)["findings"] == [], p.stdout
    assert "1 finding in files this change does not touch is not reported" in p.stderr
    # a change elsewhere: still only what it introduced
    (tmp_path / "contracts" / "pay.yaml").write_text(PAY_OLD.replace("[EUR, USD, JPY]", "[EUR, USD]"))
    code, doc = run_json("diff", "--base", "HEAD", cwd=tmp_path)
    assert code == 1 and [f["code"] for f in doc["findings"]] == ["TC806"]
    # touching the broken file makes its TC0 findings this change's
    (tmp_path / "contracts" / "rate.yaml").write_text(BROKEN.replace("Look up", "Look up the current"))
    code, doc = run_json("diff", "--base", "HEAD", cwd=tmp_path)
    assert sorted(f["code"] for f in doc["findings"]) == ["TC008", "TC806", "TC824"]
    # OLD NEW folders: the same rule
    (tmp_path / "old").mkdir()
    (tmp_path / "old" / "rate.yaml").write_text(BROKEN)
    (tmp_path / "new").mkdir()
    (tmp_path / "new" / "rate.yaml").write_text(BROKEN)
    code, doc = run_json("diff", "old", "new", cwd=tmp_path)
    assert code == 0 and doc["findings"] == []


def test_each_witness_names_and_witnesses_its_own_change(tmp_path):
    import jsonschema
    import yaml

    _repo(tmp_path)
    new = PAY_OLD.replace("required: [key, amount]", "required: [key, amount, customer, currency]").replace(
        "[EUR, USD, JPY]", "[EUR, USD]")
    (tmp_path / "contracts" / "pay.yaml").write_text(new)
    code, doc = run_json("diff", "--base", "HEAD", cwd=tmp_path)
    breaks = [f for f in doc["findings"] if f["code"] in ("TC804", "TC806")]
    assert len(breaks) == 3, [(f["code"], f["message"]) for f in breaks]
    validator = jsonschema.Draft202012Validator(yaml.safe_load(new)["parameters"])
    for f in breaks:
        w = f["data"]["witness"]
        assert f["message"].startswith(w["change"] + ";"), (w["change"], f["message"])
        # an independent validator rejects the witness once, for this change alone
        errors = list(validator.iter_errors(w["arguments"]))
        assert len(errors) == 1, (f["message"], [e.message for e in errors])
        assert errors[0].validator == ("enum" if f["code"] == "TC806" else "required")
    by_change = {f["data"]["witness"]["change"]: f["data"]["witness"]["error"] for f in breaks}
    assert by_change["parameter `currency` is now required"] == '"currency" is a required property'
    assert by_change["parameter `customer` is now required"] == '"customer" is a required property'
    assert "JPY" in by_change['parameter `currency`: enum value "JPY" removed']


def test_readme_show_files_example_is_what_toolcheck_prints(tmp_path):
    from .conftest import ROOT

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```text\n\$ toolcheck validate \. --show-files\n(.*?)```", readme, re.S).group(1)
    assert run_cli("init", cwd=tmp_path).returncode == 0
    (tmp_path / "package.json").write_text('{"name": "site", "version": "1.0.0", "scripts": {}}\n')
    (tmp_path / "README.md").write_text("# a project\n")
    p = run_cli("validate", ".", "--show-files", cwd=tmp_path)
    assert p.returncode == 0 and p.stdout == block
