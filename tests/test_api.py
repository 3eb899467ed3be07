"""The library API (issue 19 item 3): `toolcheck.__all__`, lazy loading, types, doctests, CLI parity."""

from __future__ import annotations

import doctest
import json
import os
import shutil
import subprocess
import sys
import textwrap

import pytest

import toolcheck

from .conftest import ROOT, run_cli

BAD = """name: send_email
description: sends
parameters:
  type: object
  properties:
    to: {type: strin}
"""


def test_all_names_resolve_and_are_documented():
    assert set(toolcheck.__all__) >= {"load_contracts", "lint", "validate", "check_arguments", "Contract",
                                      "Finding", "ArgumentCheck", "ConfigError", "LoadError"}
    for name in toolcheck.__all__:
        value = getattr(toolcheck, name)
        if name != "__version__":
            assert (value.__doc__ or "").strip(), f"toolcheck.{name} has no docstring"
    assert set(toolcheck.__all__) <= set(dir(toolcheck))
    with pytest.raises(AttributeError):
        toolcheck.no_such_name  # noqa: B018


def test_py_typed_is_shipped():
    assert (ROOT / "toolcheck" / "py.typed").is_file()
    assert '"py.typed"' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def _modules_after(code: str) -> list[str]:
    p = subprocess.run([sys.executable, "-c", code + "\nimport sys, json; print(json.dumps(sorted(sys.modules)))"],
                       capture_output=True, text=True, cwd=ROOT, check=True)
    return json.loads(p.stdout.splitlines()[-1])


def test_import_toolcheck_is_cheap_and_the_api_lazy():
    """`import toolcheck` loads no submodule (nor yaml, jsonschema, typer); the CLI does not load the API."""
    mods = _modules_after("import toolcheck")
    assert [m for m in mods if m.startswith("toolcheck")] == ["toolcheck"]
    assert not {"yaml", "jsonschema", "typer", "jsonschema_rs", "typing"} & set(mods)
    mods = _modules_after("import toolcheck.cli")
    assert "toolcheck.api" not in mods and "toolcheck.host" not in mods
    mods = _modules_after("import toolcheck; toolcheck.check_arguments")
    assert "toolcheck.host" in mods and "toolcheck.api" not in mods


def test_check_arguments_is_the_host_function_itself():
    """No wrapper on a host's hot path: the API's check_arguments is toolcheck.host.check_arguments."""
    from toolcheck.host import check_arguments

    assert toolcheck.check_arguments is check_arguments


@pytest.mark.parametrize("module", ["toolcheck.api", "toolcheck.host", "toolcheck.contract"])
def test_doctests(module, tmp_path, monkeypatch):
    import importlib

    monkeypatch.chdir(tmp_path)  # no config found upward from the examples' in-memory tools
    mod = importlib.import_module(module)
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


def _mypy(path, tmp_path) -> subprocess.CompletedProcess:
    if shutil.which("mypy", path=os.path.dirname(sys.executable)) is None:
        pytest.skip("mypy is not installed (the `test` extra has it)")
    cfg = tmp_path / "mypy.ini"
    # toolcheck's own modules are read for their types but not reported on (what a user with the package
    # installed in site-packages gets; the editable install's import hook is invisible to mypy, hence
    # mypy_path); the example itself is checked with --strict, from a folder outside the checkout
    cfg.write_text(f"[mypy]\nstrict = True\nincremental = False\nmypy_path = {ROOT}\n"
                   "[mypy-toolcheck.*]\nfollow_imports = silent\n", encoding="utf-8")
    src = tmp_path / path.name
    if path != src:
        shutil.copyfile(path, src)
    return subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(cfg), src.name], capture_output=True,
                          text=True, cwd=tmp_path, timeout=300)


def test_mypy_strict_passes_on_the_example(tmp_path):
    p = _mypy(ROOT / "tests" / "typing" / "api_example.py", tmp_path)
    assert p.returncode == 0, p.stdout + p.stderr


def test_mypy_strict_catches_a_misuse(tmp_path):
    """The API's types are real (not Any): a wrong use is an error."""
    bad = tmp_path / "misuse.py"
    bad.write_text(textwrap.dedent("""
        import toolcheck

        count: int = toolcheck.lint(["contracts"])
        toolcheck.validate(["contracts"], target="openai")
        ok: str = toolcheck.check_arguments({"name": "x"}, {})["ok"]
    """), encoding="utf-8")
    p = _mypy(bad, tmp_path)
    assert p.returncode == 1
    assert p.stdout.count("error:") == 3, p.stdout


def _project(tmp_path):
    (tmp_path / "toolcheck.yaml").write_text("paths: [contracts]\nper-file-ignores:\n  'quiet.yaml': [TC4]\n",
                                             encoding="utf-8")
    (tmp_path / "contracts").mkdir()
    (tmp_path / "contracts" / "send_email.yaml").write_text(BAD, encoding="utf-8")
    (tmp_path / "contracts" / "quiet.yaml").write_text(BAD.replace("send_email", "send_sms"), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("command", ["lint", "validate"])
def test_lint_and_validate_report_what_the_cli_reports(command, tmp_path, monkeypatch):
    project = _project(tmp_path)
    cli = run_cli(command, "--format", "json", cwd=project)
    assert cli.returncode == 1, cli.stderr
    expected = json.loads(cli.stdout)["findings"]
    monkeypatch.chdir(project)
    got = [f.to_dict() for f in getattr(toolcheck, command)()]
    assert got == expected and got
    # paths given, from another working directory: the config is found upward from the paths
    monkeypatch.chdir(ROOT)
    got = getattr(toolcheck, command)([project / "contracts"])
    assert {(f.code, os.path.basename(f.file)) for f in got} == {(f["code"], os.path.basename(f["file"]))
                                                                 for f in expected}
    assert not any(f.code.startswith("TC4") and f.file.endswith("quiet.yaml") for f in got)  # per-file-ignores


def test_bundled_contracts_are_clean_through_the_api(monkeypatch):
    monkeypatch.chdir(ROOT)
    assert [f for f in toolcheck.validate() if f.severity == "error"] == []


def test_lint_on_loaded_contracts_and_mappings(tmp_path, monkeypatch):
    project = _project(tmp_path)
    monkeypatch.chdir(project)
    contracts = toolcheck.load_contracts(["contracts"])
    assert sorted(c.name for c in contracts) == ["send_email", "send_sms"]
    one = [c for c in contracts if c.name == "send_email"]
    got = toolcheck.lint(one)
    assert got and {f.tool for f in got} == {"send_email"} and "TC103" in {f.code for f in got}
    assert all(isinstance(f, toolcheck.Finding) for f in got)
    # a tool mapping: checked as its own document
    tool = {"type": "function", "function": {"name": "get_time", "description": "The time in a city.",
                                             "parameters": {"type": "object", "properties": {"tz": {"type": "strin"}}}}}
    got = toolcheck.lint(tool, select=["TC103"])
    assert [(f.code, f.pointer, f.file) for f in got] == [("TC103", "/function/parameters/properties/tz/type",
                                                          "<get_time-0>.json")]
    assert not list(project.glob("<*"))  # nothing written
    strict = toolcheck.validate(tool, targets=["openai-strict"], select=["TC207"])  # `tz` is optional
    assert [(f.code, f.target) for f in strict] == [("TC207", "openai-strict")]
    assert toolcheck.validate(tool, select=["TC207"]) == []  # an OpenAI tool is sent to `openai` by default
    with pytest.raises(TypeError):
        toolcheck.lint([42])  # type: ignore[list-item]


def test_errors_are_exceptions_not_exits(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(toolcheck.ConfigError, match="path does not exist"):
        toolcheck.lint([tmp_path / "missing.yaml"])
    with pytest.raises(toolcheck.ConfigError, match="unknown rule selector"):
        toolcheck.lint({"name": "x"}, select=["TC999x"])
    (tmp_path / "broken.yaml").write_text("name: [unclosed\n", encoding="utf-8")
    with pytest.raises(toolcheck.LoadError) as e:
        toolcheck.load_contracts(tmp_path / "broken.yaml")
    assert e.value.path.endswith("broken.yaml")
    assert toolcheck.load_contracts(tmp_path / "broken.yaml", strict=False) == []
    (tmp_path / "package.json").write_text("{}", encoding="utf-8")
    with pytest.raises(toolcheck.LoadError, match="npm package manifest"):
        toolcheck.load_contracts(tmp_path / "package.json")


def test_check_arguments_typed_result():
    tool = {"name": "get_weather", "parameters": {"type": "object", "required": ["city"],
                                                  "properties": {"city": {"type": "string"}}}}
    assert toolcheck.check_arguments(tool, {"city": "Oslo"}) == {"ok": True}
    bad = toolcheck.check_arguments(tool, {})
    assert bad["ok"] is False and bad["error"]["code"] == "VALIDATION_ERROR"
    assert bad["error"]["errors"][0]["pointer"] == "/city"
