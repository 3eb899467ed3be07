"""Issue 15, items 1-7, 20 and 21: inputs that made toolcheck crash ("internal error, please report it") or pass
silently. Each reproducer now ends in a finding (exit 1) or a one-line usage error (exit 2), in every format."""

from __future__ import annotations

import json
import os
import xml.dom.minidom
from pathlib import Path

import pytest

from ..conftest import ROOT, run_cli
from .conftest import assert_clean_failure, run_blocked

FORMATS = ("text", "json", "sarif", "junit", "github")
GOOD_DESC = "Get the current weather for a city by its name. Use it when the user asks about the weather."


def _findings(p) -> list[dict]:
    assert_clean_failure(p, codes=(1,))
    return json.loads(p.stdout)["findings"]


def _parses(fmt: str, text: str) -> None:
    if fmt in ("json", "sarif"):
        json.loads(text)
    elif fmt == "junit":
        xml.dom.minidom.parseString(text.encode("utf-8"))


# ------------------------------------------------------------------------------------------------ item 1

@pytest.mark.parametrize("name,text", [
    ("tools.jsonl", json.dumps({"source": {}, "name": "get_weather", "description": GOOD_DESC,
                                "parameters": {"type": "object", "properties": {}}}) + "\n"),
    ("functions.json", json.dumps([{"source": {"repo": "x"}, "name": "get_weather", "description": GOOD_DESC,
                                    "parameters": {"type": "object", "properties": {}}},
                                   {"source": ["a"], "name": "get_time", "description": GOOD_DESC,
                                    "parameters": {"type": "object", "properties": {}}}])),
])
def test_source_that_is_not_a_string_is_a_finding(hostile, name, text):
    (hostile / "contracts" / name).write_text(text, encoding="utf-8")
    for cmd in ("lint", "validate"):
        found = _findings(run_blocked(cmd, "--format", "json", "--no-cache", cwd=hostile, timeout=60))
        bad = [f for f in found if f["code"] == "TC009" and f["pointer"].endswith("/source")]
        assert bad and "not a string" in bad[0]["message"], found


# ------------------------------------------------------------------------------------------------ item 2

def test_schema_keys_with_braces_under_gemini(hostile):
    token = "sk-proj-Xq7Lm2Vb9Nc4Rt8Wz3Kd6Hy1Pf5Gs0AjUe"
    params = {"type": "object", "{0}": 1, "a}": 2, "${HOME}": 3, "{" + token + "}": 4, "properties": {}}
    (hostile / "contracts" / "t.json").write_text(json.dumps(
        {"name": "get_weather", "description": GOOD_DESC, "parameters": params}), encoding="utf-8")
    for fmt in FORMATS:
        p = run_blocked("validate", "--target", "gemini", "--format", fmt, "--no-cache", cwd=hostile, timeout=60)
        assert_clean_failure(p, codes=(1,))
        assert token not in p.stdout + p.stderr
        _parses(fmt, p.stdout)
    found = _findings(run_blocked("validate", "--target", "gemini", "--format", "json", "--no-cache", cwd=hostile))
    keys = {f["pointer"] for f in found if f["code"] == "TC204"}
    assert {"/parameters/{0}", "/parameters/a}", "/parameters/${HOME}"} <= keys, keys


# ------------------------------------------------------------------------------------------------ item 3

HUGE = "1" + "0" * 400


def test_huge_integer_bounds(hostile):
    (hostile / "contracts" / "t.json").write_text(
        '{"name": "get_weather", "description": "DESC", "parameters": {"type": "object", "minProperties": HUGE, '
        '"properties": {"q": {"type": "string", "minLength": HUGE, "description": "The city."}}}, '
        '"samples": [{"data": {"q": "x"}, "valid": true}, {"data": {}, "valid": false}]}'
        .replace("DESC", GOOD_DESC).replace("HUGE", HUGE), encoding="utf-8")
    found = _findings(run_blocked("validate", "--format", "json", "--no-cache", cwd=hostile, timeout=60))
    assert found
    p = run_cli("check-args", "get_weather", '{"q": "x"}', cwd=hostile)
    assert p.returncode == 1, p.stderr
    res = json.loads(p.stdout)
    assert res["error"]["code"] == "VALIDATION_ERROR" and HUGE not in p.stdout

    from toolcheck.host import check_arguments

    big = int(HUGE)
    for kw in ("minProperties", "maxProperties", "minLength", "maxLength", "minItems", "maxItems", "minimum",
               "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minContains", "maxContains"):
        for v in (big, -big):
            schema = {"type": "object", kw: v, "properties": {"a": {kw: v}, "b": {"type": "array", kw: v,
                                                                                 "contains": {}}}}
            for args in ({}, {"a": "xyz", "b": [1, 2]}, {"a": 5}):
                res = check_arguments(schema, args)  # never raises
                assert res["ok"] or len(res["error"]["message"]) < 400, (kw, res)


# ------------------------------------------------------------------------------------------------ item 4

@pytest.mark.parametrize("value", ["5", "true", "null", json.dumps("x" * 100_000), json.dumps({"name": "a"})])
def test_function_declarations_that_are_not_a_list(hostile, value):
    (hostile / "contracts" / "g.jsonl").write_text('{"functionDeclarations": ' + value + "}\n", encoding="utf-8")
    p = run_blocked("lint", "--format", "json", "--no-cache", cwd=hostile, timeout=60)
    found = _findings(p)
    assert [f["code"] for f in found] == ["TC006"], found
    assert len(p.stdout) < 5000  # one finding, not one per character


# ------------------------------------------------------------------------------------------------ item 5

def test_lone_surrogate_in_a_name_is_escaped_in_every_format(hostile):
    (hostile / "contracts" / "t.json").write_text(
        '{"name": "get_\\ud800", "description": "' + GOOD_DESC + '", "parameters": {"type": "object", '
        '"properties": {}}}', encoding="utf-8")
    for fmt in FORMATS:
        first = run_blocked("lint", "--format", fmt, cwd=hostile, timeout=60)
        assert_clean_failure(first, codes=(1,))
        assert "\\ud800" in first.stdout, (fmt, first.stdout[:500])
        _parses(fmt, first.stdout)
        cached = run_blocked("lint", "--format", fmt, cwd=hostile, timeout=60)  # from .toolcheck_cache
        assert (cached.returncode, cached.stdout) == (first.returncode, first.stdout)
    doc = json.loads(run_blocked("lint", "--format", "json", "--no-cache", cwd=hostile).stdout)
    assert {f["tool"] for f in doc["findings"]} == {"get_\ud800"}  # the JSON escape reads back as the name
    baseline = hostile / "baseline.json"
    p = run_blocked("lint", "--write-baseline", str(baseline), cwd=hostile)
    assert p.returncode == 0, p.stderr
    assert run_blocked("lint", "--baseline", str(baseline), cwd=hostile).returncode == 0


# ------------------------------------------------------------------------------------------------ item 6

def test_import_of_very_long_names_writes_every_tool(tmp_path):
    tools = [{"name": f"tool_{i}_" + "x" * 300 if i % 3 == 0 else f"tool_{i}", "description": GOOD_DESC,
              "input_schema": {"type": "object", "properties": {}}} for i in range(17)]
    tools.append({"name": "tool_0_" + "x" * 300 + "_other", "description": GOOD_DESC, "input_schema": {}})
    tools.append({"name": "TOOL_1", "description": GOOD_DESC, "input_schema": {}})  # one file with tool_1 on macOS
    (tmp_path / "tools.json").write_text(json.dumps(tools), encoding="utf-8")
    p = run_cli("import", "tools.json", "--out", "out", cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    files = sorted((tmp_path / "out").glob("*.yaml"))
    assert len(files) == len(tools)
    assert len({f.name.casefold() for f in files}) == len(tools)
    assert max(len(f.name.encode()) for f in files) <= 120
    import yaml

    assert sorted(yaml.safe_load(f.read_text())["name"] for f in files) == sorted(t["name"] for t in tools)


# ------------------------------------------------------------------------------------------------ item 7

READONLY = str(Path(__file__).parent / "readonly")


def _run_readonly(folder, *args, cwd):
    env = {"PYTHONPATH": READONLY + os.pathsep + os.environ.get("PYTHONPATH", ""),
           "TOOLCHECK_TEST_READONLY": str(folder)}
    return run_cli(*args, cwd=cwd, env=env, timeout=60)


def _one_line_write_error(p, path_part: str, why: str) -> None:
    assert p.returncode == 2, (p.returncode, p.stdout[-500:], p.stderr)
    lines = [ln for ln in p.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "internal error" not in lines[0] and "Traceback" not in p.stderr, p.stderr
    assert lines[0].startswith("toolcheck: error: cannot write ") and path_part in lines[0] and why in lines[0], lines


@pytest.fixture
def good_project(tmp_path):
    (tmp_path / "contracts").mkdir()
    (tmp_path / "contracts" / "search_docs.yaml").write_text(
        (ROOT / "contracts" / "search_docs.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "toolcheck.yaml").write_text("paths: [contracts]\n")
    (tmp_path / "tools.json").write_text(json.dumps([{"name": "get_weather", "description": GOOD_DESC,
                                                      "input_schema": {"type": "object"}}]))
    return tmp_path


@pytest.mark.parametrize("args,target", [
    (("lint", "--output", "{ro}/report.txt"), "report.txt"),
    (("lint", "--write-baseline", "{ro}/baseline.json"), "baseline.json"),
    (("export", "--target", "openai", "--out", "{ro}/tools.json"), "tools.json"),
    (("import", "tools.json", "--out", "{ro}/contracts"), "contracts"),
    (("init", "{ro}/starter"), "starter"),
])
def test_writes_into_a_read_only_file_system(good_project, tmp_path_factory, args, target):
    ro = tmp_path_factory.mktemp("readonly")
    p = _run_readonly(ro, *(a.format(ro=ro) for a in args), cwd=good_project)
    _one_line_write_error(p, target, "Read-only file system")


@pytest.mark.parametrize("args", [
    ("lint", "--output", "adir"),
    ("lint", "--write-baseline", "adir"),
    ("export", "--target", "openai", "--out", "adir"),
])
def test_writes_onto_a_directory(good_project, args):
    (good_project / "adir").mkdir()
    p = run_cli(*args, cwd=good_project)
    _one_line_write_error(p, "adir", "it is a directory")


def test_writes_below_a_file(good_project):
    (good_project / "afile").write_text("x")
    _one_line_write_error(run_cli("import", "tools.json", "--out", "afile/contracts", cwd=good_project),
                          "afile/contracts", "Not a directory")
    _one_line_write_error(run_cli("init", "afile/starter", cwd=good_project), "afile/starter", "Not a directory")


# ------------------------------------------------------------------------------------------------ item 20

@pytest.mark.parametrize("name,doc", [
    ("one-object.json", {"functionDeclarations": {"name": "get_weather", "description": GOOD_DESC,
                                                  "parameters": {"type": "object"}}}),
    ("empty-list.json", [{"functionDeclarations": []}]),
    ("mcp-no-tools.json", {"result": {"tools": []}}),
])
def test_vendor_file_without_tools_is_a_finding(hostile, name, doc):
    (hostile / "contracts" / name).write_text(json.dumps(doc), encoding="utf-8")
    p = run_blocked("validate", "--target", "all", "--format", "json", "--no-cache", cwd=hostile, timeout=60)
    found = _findings(p)
    assert [f["code"] for f in found] == ["TC006"], found
    assert json.loads(p.stdout)["summary"]["tools"] == 0
    text = run_blocked("validate", "--target", "all", "--no-cache", cwd=hostile)
    assert "All checks passed" not in text.stdout


# ------------------------------------------------------------------------------------------------ item 21

@pytest.mark.parametrize("args", [
    b'{"query": 5, "query": "x"}', b'{"query": "x", "opts": {"a": 1, "a": 2}}', b'{"query": 1e400}',
    b'{"query": -1e400}', b'{"query": "\xff"}', b'{"query": NaN}',
])
def test_check_args_rejects_what_parsers_disagree_on(tmp_path, args):
    (tmp_path / "contracts").mkdir()
    (tmp_path / "contracts" / "search.json").write_text(json.dumps(
        {"name": "search", "description": GOOD_DESC, "parameters": {"type": "object", "properties": {
            "query": {"type": ["string", "number"]}, "opts": {"type": "object"}}}}))
    from toolcheck.host import check_arguments

    contract = json.loads((tmp_path / "contracts" / "search.json").read_text())
    lib = check_arguments(contract, args)
    assert lib["error"]["code"] == "JSON_SYNTAX_ERROR", lib
    import subprocess
    import sys

    cli = subprocess.run([sys.executable, "-m", "toolcheck", "check-args", "search", "-"], input=args, cwd=tmp_path,
                         capture_output=True, timeout=60)
    assert cli.returncode == 1, cli.stderr
    assert json.loads(cli.stdout) == lib
    if b"\xff" not in args:
        argv = run_cli("check-args", "search", args.decode(), cwd=tmp_path)
        assert argv.returncode == 1 and json.loads(argv.stdout) == lib
