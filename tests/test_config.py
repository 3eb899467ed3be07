"""The config check (issue 16 item 4): every problem of one file together, each with file:line:column, the key
path and a suggestion; exit 2. Rule options are checked against the registry's declarations, old-style rules
included; unknown selectors and severity keys are errors. Real config files through the real entry point."""

from __future__ import annotations

import pytest

from toolcheck.config import ConfigError, key_path, read_config
from toolcheck.loading.toml_positions import toml_positions
from toolcheck.rules import load_rules

from .conftest import run_cli

GOOD = """\
name: search_docs
description: Search the product documentation by keyword and return the best-matching pages.
risk: read_only
parameters:
  type: object
  additionalProperties: false
  properties:
    query: {type: string, description: Words to search for.}
  required: [query]
"""


def errors(p) -> list[str]:
    assert p.returncode == 2, (p.stdout, p.stderr)
    assert "Traceback" not in p.stderr
    lines = p.stderr.splitlines()
    assert all(ln.startswith("toolcheck: error: ") for ln in lines), p.stderr
    return [ln.removeprefix("toolcheck: error: ") for ln in lines]


def test_every_rule_problem_of_a_yaml_config_is_reported_at_once(project):
    project.write("contracts/search_docs.yaml", GOOD)
    project.write("toolcheck.yaml", """\
paths: [contracts]
rules:
  TC430: {treshold: 0.99}
  TC999: {x: 1}
  TC402:
    min-words: three
  multi-purpose-tool: {min-kinds: 1}
  TC401: {placeholders: [TBD], colour: red}
  tc404: {allow: [run]}
  TC4: {x: 1}
""")
    got = errors(run_cli("lint", cwd=project.path))
    assert got == [
        "toolcheck.yaml:3:11: `rules.TC430.treshold`: unknown option `treshold` of TC430 (did you mean `threshold`?)",
        "toolcheck.yaml:4:3: `rules.TC999`: unknown rule `TC999`; `toolcheck rules` lists the codes and names",
        "toolcheck.yaml:6:16: `rules.TC402.min-words`: must be a number, not a string (the minimum number of words; "
        "default 3)",
        "toolcheck.yaml:7:35: `rules.multi-purpose-tool.min-kinds`: must be at least 2, not 1 (how many kinds of "
        "action in one sentence are reported; default 3)",
        "toolcheck.yaml:8:32: `rules.TC401.colour`: unknown option `colour` of TC401 (its options: "
        + ", ".join(load_rules()["TC401"].options) + ")",
        "toolcheck.yaml:9:3: `rules.tc404`: unknown rule `tc404` (did you mean `TC404`?); `toolcheck rules` lists "
        "the codes and names",
        "toolcheck.yaml:10:3: `rules.TC4`: `TC4` is not a rule: options are set per rule, by code (TC401) or name "
        "(`toolcheck rules` lists them)",
    ]


def test_schema_selector_and_severity_problems_are_reported_with_the_rule_problems(project):
    project.write("contracts/search_docs.yaml", GOOD)
    project.write("toolcheck.yaml", """\
paths: [contracts]
select: [TC1, TC4O1]
ignore: [placeholder-descripton]
fail-on: fatal
severity: {TC4: info, TC402: warning, descripton-too-short: error}
per-file-ignores: {"legacy/*.yaml": [TC5, TC5x]}
rules: {TC402: {min-words: 2}}
colour: true
""")
    got = errors(run_cli("lint", cwd=project.path))
    assert [g.split(": ", 2)[:2] for g in got] == [
        ["toolcheck.yaml:2:15", "`select[1]`"],
        ["toolcheck.yaml:3:10", "`ignore[0]`"],
        ["toolcheck.yaml:4:10", "`fail-on`"],
        ["toolcheck.yaml:5:12", "`severity.TC4`"],
        ["toolcheck.yaml:5:39", "`severity.descripton-too-short`"],
        ["toolcheck.yaml:6:43", "`per-file-ignores.legacy/*.yaml[1]`"],
        ["toolcheck.yaml:8:1", "`colour`"],
    ]
    assert "unknown rule selector `placeholder-descripton` (did you mean `placeholder-description`?)" in got[1]
    assert "(did you mean `description-too-short`?)" in got[4]
    assert "`TC4` is not a rule" in got[3]
    assert "unknown key `colour`" in got[6]


def test_pyproject_errors_have_lines_too(tmp_path):
    (tmp_path / "contracts").mkdir()
    (tmp_path / "contracts" / "search_docs.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text("""\
[project]
name = "demo"  # [tool.toolcheck] in a comment is not a table

[tool.toolcheck]
paths = ["contracts",
  # a comment inside an array
  "more#contracts"]
exclude = "x"
rules.TC430.treshold = 0.9

[tool.toolcheck.rules.TC999]
x = 1

[tool.toolcheck.rules."description-too-short"]
min-words = {value = 3}
""", encoding="utf-8")
    (tmp_path / "more#contracts").mkdir()
    got = errors(run_cli("lint", cwd=tmp_path))
    assert [g.split(": ", 2)[:2] for g in got] == [
        ["pyproject.toml:8:11", "`exclude`"],
        ["pyproject.toml:9:13", "`rules.TC430.treshold`"],
        ["pyproject.toml:11:23", "`rules.TC999`"],
        ["pyproject.toml:15:13", "`rules.description-too-short.min-words`"],
    ]
    assert "must be a number, not a mapping" in got[3]


def test_a_toml_syntax_error_names_its_line(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.toolcheck]\npaths = ["a" "b"]\n', encoding="utf-8")
    got = errors(run_cli("lint", cwd=tmp_path))
    assert len(got) == 1 and got[0].startswith("pyproject.toml:2:14: cannot read TOML: "), got


def test_yaml_loading_problems_come_with_the_others(project):
    project.write("toolcheck.yaml", "select: [TC1]\nselect: [TC2]\nrules: {TC402: {min-words: x}}\n")
    got = errors(run_cli("lint", cwd=project.path))
    assert got[0].startswith("toolcheck.yaml:2:1: duplicate key `select`")
    assert got[1].startswith("toolcheck.yaml:3:28: `rules.TC402.min-words`: must be a number")


def test_rule_options_of_every_family_are_checked_against_their_declarations(project):
    """Options declared by rule files of several families (TC4, TC1, TC7, TC2): an ill-typed value is refused."""
    project.write("contracts/search_docs.yaml", GOOD)
    project.write("toolcheck.yaml", "rules:\n  TC430: {threshold: high, group-by: 3}\n  TC104: {allow: x-internal}\n"
                  "  TC703: {mutations: [null, 3]}\n  TC204: {unenforced-keywords: 1}\n")
    got = errors(run_cli("lint", cwd=project.path))
    assert [g.split(": ", 2)[1] for g in got] == ["`rules.TC430.threshold`", "`rules.TC430.group-by`",
                                                  "`rules.TC104.allow`", "`rules.TC703.mutations`",
                                                  "`rules.TC204.unenforced-keywords`"]
    assert "must be a number, not a string" in got[0]
    assert "must be a list of strings, not a string" in got[2]
    assert "must list strings only, not null" in got[3]
    assert "must be a boolean, not an integer" in got[4]


def test_valid_configs_pass_unchanged(project):
    project.write("contracts/search_docs.yaml", GOOD)
    project.write("toolcheck.yaml", "paths: [contracts]\nselect: [TC4, TC104, unknown-keyword, ALL]\n"
                  "ignore: [TC5]\nseverity: {TC401: warning, description-too-short: info}\n"
                  "per-file-ignores: {'a/*.yaml': [TC4]}\n"
                  "rules:\n  TC430: {threshold: 1, group-by: file}\n  description-too-short: {min-words: 2.5}\n"
                  "  TC402: {min-words: 2}\n")
    p = run_cli("lint", cwd=project.path)
    assert p.returncode == 0, p.stderr
    assert read_config(str(project.path / "toolcheck.yaml"))["rules"]["TC430"] == {"threshold": 1, "group-by": "file"}


def test_the_library_gets_every_problem_in_one_error(project):
    project.write("toolcheck.yaml", "rules: {TC402: {min-words: x}, TC403: {max-len: 1}}\n")
    with pytest.raises(ConfigError) as e:
        read_config(str(project.path / "toolcheck.yaml"))
    assert len(e.value.problems) == 2 and str(e.value) == "\n".join(e.value.problems)
    assert "(did you mean `max-length`?)" in e.value.problems[1]


def test_an_unknown_select_on_the_command_line_is_still_exit_2(project):
    project.write("contracts/search_docs.yaml", GOOD)
    got = errors(run_cli("lint", "--select", "TC4O1", cwd=project.path))
    # a letter O typed for the digit 0 is suggested as the code it stands for, not as the nearest spelling (TC841)
    assert got == ["unknown rule selector `TC4O1` (did you mean `TC401`?) (use a code like TC401, a family like TC4, "
                   "or a rule name; `toolcheck rules` lists them)"]


def test_key_path():
    assert key_path("/rules/TC430/threshold") == "rules.TC430.threshold"
    assert key_path("/select/1") == "select[1]"
    assert key_path("/per-file-ignores/a~1b.yaml/0") == "per-file-ignores.a/b.yaml[0]"


def test_toml_positions():
    text = ('a = 1\n[t]\ns = "x # y" # c\nl = [1, [2, 3],\n  {k = "}"}]\n\'q.k\' = 2\n'
            'd.e = """\nmulti = 1\n"""\nafter = true\n[[arr]]\nx = 1\n[[arr]]\nx = 2\n')
    ix = toml_positions(text)
    assert ix.keys["/a"] == (1, 1) and ix.values["/a"] == (1, 5)
    assert ix.keys["/t"] == (2, 2)
    assert ix.values["/t/s"] == (3, 5)
    assert ix.values["/t/l/1/1"] == (4, 13)
    assert ix.keys["/t/l/2/k"] == (5, 4)
    assert ix.keys["/t/q.k"] == (6, 1)
    assert ix.keys["/t/d/e"] == (7, 3)
    assert "/t/multi" not in ix.keys  # inside a multi-line string
    assert ix.keys["/t/after"] == (10, 1)
    assert ix.keys["/arr/1/x"] == (14, 1) and ix.keys["/arr/0/x"] == (12, 1)


def test_the_readme_example_is_what_toolcheck_prints(project):
    import re

    from .conftest import ROOT

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    m = re.search(r"This `toolcheck.yaml`\n\n```yaml\n(.*?)```\n\nis refused with\n\n```\n(.*?)```", readme, re.S)
    assert m, "the README's config error example"
    project.write("toolcheck.yaml", m.group(1))
    (project.path / "contracts").mkdir()
    p = run_cli("lint", cwd=project.path)
    assert p.returncode == 2 and p.stderr == m.group(2), p.stderr


def test_the_config_schema_lists_what_the_code_defines():
    """The shipped config schema (read by editors, so it is a file) repeats lists the code defines once: the
    output formats, the severities, the targets."""
    import re

    from toolcheck.config import config_schema
    from toolcheck.model.findings import SEVERITIES
    from toolcheck.report import FORMATS
    from toolcheck.vendors.targets import TARGETS

    schema = config_schema()
    assert tuple(schema["properties"]["format"]["enum"]) == FORMATS
    assert tuple(schema["$defs"]["severity"]["enum"]) == SEVERITIES
    target = re.compile(schema["$defs"]["target"]["pattern"])
    assert all(target.match(t) for t in (*TARGETS, "all", "mcp@2025-06-18"))
    assert not target.match("openai-strictest")
    listed = set(re.findall(r"[a-z][a-z-]+", schema["$defs"]["target"]["pattern"].split("(@")[0]))
    assert listed == {*TARGETS, "all"}


def test_an_allow_pattern_that_is_not_a_regex_is_a_config_error(project):
    # it used to be matched as plain text without a word: `bad([` allowed nothing the user meant
    project.write("contracts/search_docs.yaml", GOOD)
    project.write("toolcheck.yaml", 'allow:\n  patterns:\n    - "internal-[a-z]+"\n    - "svc(["\n')
    got = errors(run_cli("lint", cwd=project.path))
    assert got == ["toolcheck.yaml:4:7: `allow.patterns[1]`: not a valid regular expression (unterminated character "
                   "set at position 4): escape special characters such as `(` or `[` with a backslash to match them "
                   "as text"]
    project.write("toolcheck.yaml", 'allow:\n  patterns:\n    - "internal-[a-z]+"\n    - "svc\\\\(\\\\["\n')
    assert run_cli("lint", cwd=project.path).returncode == 0


def test_a_code_typed_with_look_alike_letters_is_suggested_as_that_code(project):
    from toolcheck.suggest import closest

    codes = list(load_rules())
    assert closest("TC4O1", codes) == "TC401" and closest("tc4l0", codes) == "TC410"
    assert closest("TC4O1", ["TC841"]) == "TC841"  # with no such code, the nearest spelling as before
    p = run_cli("rule", "TC4O1", cwd=project.path)
    assert p.returncode == 2 and "(did you mean `TC401`?)" in p.stderr


@pytest.mark.parametrize("text, what", [("- select: [TC4]\n", "a list"), ("just text\n", "a string"),
                                        ("42\n", "a number")])
def test_a_config_that_is_not_a_mapping_is_named_as_a_config(project, text, what):
    # it used to say "file holds a list, not a contract": the contract loader's words for a config file
    project.write("contracts/search_docs.yaml", GOOD)
    project.write("toolcheck.yaml", text)
    assert errors(run_cli("lint", cwd=project.path)) == [
        f"toolcheck.yaml:1:1: the configuration must be a mapping of settings (`select:`, `paths:`, ...), not {what}"]


@pytest.mark.parametrize("text", ["", "\n", "# settings come later\n", "~\n"])
def test_an_empty_config_means_the_defaults(project, text):
    # as ruff reads an empty ruff.toml: the file marks the project root and changes nothing
    project.write("contracts/search_docs.yaml", GOOD)
    project.write("toolcheck.yaml", text)
    p = run_cli("lint", cwd=project.path)
    assert p.returncode == 0 and "error" not in p.stderr, (p.stdout, p.stderr)
