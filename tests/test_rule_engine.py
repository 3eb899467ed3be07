"""How the engine runs rule files: the Index built once per run and keyed by its class, options resolved from
their declarations, supersedes applied by the engine, emits, and the JSON value model everyone shares."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from toolcheck.engine import apply_supersedes
from toolcheck.model.findings import Finding
from toolcheck.model.jsontypes import canonical, has_type, is_integral, json_equal, json_type
from toolcheck.rules import RULES, load_rules, rule_dict

from .conftest import run_cli, run_engine

load_rules()


def _f(code: str, pointer: str, file: str = "contracts/a.yaml") -> Finding:
    return Finding(code=code, name="n", severity="error", message="m", help="h", file=file, line=1, column=1,
                   tool="t", pointer=pointer)


def test_supersedes_silences_the_declared_codes_at_and_below_the_pointer():
    assert "TC009" in RULES["TC003"].supersedes
    fs = [_f("TC003", "/parameters/properties/a/enum/1"), _f("TC009", "/parameters/properties/a/enum"),
          _f("TC109", "/parameters/properties/a/enum/0"), _f("TC109", "/parameters/properties/b/enum"),
          _f("TC009", "/parameters/properties/a/enum", file="contracts/other.yaml"),
          _f("TC101", "/parameters/properties/a/enum")]  # not declared: stays
    kept = apply_supersedes(fs)
    assert [(f.code, f.pointer, f.file) for f in kept] == [
        ("TC003", "/parameters/properties/a/enum/1", "contracts/a.yaml"),
        ("TC109", "/parameters/properties/b/enum", "contracts/a.yaml"),
        ("TC009", "/parameters/properties/a/enum", "contracts/other.yaml"),
        ("TC101", "/parameters/properties/a/enum", "contracts/a.yaml")]


def test_an_unquoted_yaml_value_is_one_finding(project):
    project.write("contracts/a.yaml", "name: answer\ndescription: Answer a yes or no question for the user.\n"
                  "risk: read_only\nparameters:\n  type: object\n  properties:\n"
                  "    answer: {type: string, enum: [yes, no], description: The answer.}\n")
    codes = [f.code for f in run_engine("validate", cwd=project.path).findings]
    assert "TC003" in codes and not {"TC111", "TC205", "TC221"} & set(codes)
    # with TC003 not selected, nothing silences the consequences (the default target `gemini-json-schema` takes
    # only string and number enum values: TC221, a warning since TC205 keeps only what targets reject)
    alone = [f.code for f in run_engine("validate", cwd=project.path, select=["TC111", "TC221"]).findings]
    assert sorted(alone) == ["TC111", "TC221"]


def test_a_family_index_is_built_once_per_run(project, monkeypatch):
    from toolcheck.rules.tc6_safety import index as safety

    built = []
    real = safety.SafetyIndex.__init__

    def spy(self, run):
        built.append(run)
        real(self, run)

    monkeypatch.setattr(safety.SafetyIndex, "__init__", spy)
    for i in range(3):
        project.write(f"contracts/t{i}.yaml", f"name: delete_file_{i}\ndescription: Delete one file from the drive."
                      "\nrisk: write_limited\nparameters: {type: object, properties: {}}\n")
    result = run_engine("lint", cwd=project.path, select=["TC6", "TC604"])  # TC604 is opt-in
    assert len(built) == 1  # 18 rules, 3 contracts, one index
    assert {f.code for f in result.findings} >= {"TC602", "TC604"}


def test_rule_options_come_from_their_declarations(project):
    from toolcheck.engine import Context
    from toolcheck.settings import Settings

    ctx = Context(Settings(root=str(project.path), rules={"TC602": {"scan-words": 0, "read-verbs": "peek"},
                                                          "missing-risk-annotations": {"vendor-input": "all"}}),
                  "lint", [], [], set(), [])
    o = ctx.options("TC602")
    assert o["scan-words"] == 3  # out of range (min 1): the default, until the config check (WP6) refuses it
    assert o["read-verbs"] == ["peek"]  # one name stands for a one-item list
    assert o["check-description"] is True
    assert ctx.options("TC616") == {"vendor-input": "all"}  # by rule name too
    assert ctx.options("TC602") is o  # resolved once per run


def test_a_code_reported_by_another_rule_runs_it(tmp_path):
    (tmp_path / "contracts").mkdir()
    (tmp_path / "contracts" / "a.yaml").write_text(
        "name: delete_file\ndescripton: Delete one file.\ndescription: Delete one file from the drive.\n"
        "parameters: {type: object, properties: {}}\n", encoding="utf-8")
    p = run_cli("lint", "--select", "TC007", "--format", "json", "contracts", cwd=tmp_path)
    assert p.returncode == 1, p.stderr
    assert '"code": "TC007"' in p.stdout and "descripton" in p.stdout
    assert RULES["TC009"].emits == ("TC007", "TC008", "TC018")


def test_rules_json_has_the_fix_field():
    d = rule_dict(RULES["TC616"])
    assert d["fix"] == "none" and d["options"] == {"vendor-input": "destructive"}
    assert list(d)[:8] == ["code", "name", "family", "family_name", "severity", "summary", "targets", "fixable"]


# ------------------------------------------------------------------------------------------------ JSON values

@pytest.mark.parametrize("value,t", [(1, "integer"), (1.0, "integer"), (-0.0, "integer"), (1.5, "number"),
                                     (float("inf"), "number"), (float("nan"), "number"), (True, "boolean"),
                                     (None, "null"), ("1", "string"), ([], "array"), ((), "array"),
                                     ({}, "object"), ({1}, "set")])
def test_json_type_follows_json_schema(value, t):
    assert json_type(value) == t


def test_an_integer_is_a_number_and_a_boolean_is_not():
    assert has_type(1.0, "integer") and has_type(1.0, "number") and has_type(2, "number")
    assert not has_type(True, "integer") and not has_type(1.5, "integer") and not is_integral(True)


def test_canonical_equality():
    assert json_equal(1, 1.0) and json_equal({"a": [1, {"b": 2.0}]}, {"a": [1.0, {"b": 2}]})
    assert not json_equal(True, 1) and not json_equal(0, False) and not json_equal([1, 2], [2, 1])
    assert canonical({"b": 1, "a": 2}) == canonical({"a": 2, "b": 1})
    assert json_equal((1, 2), [1, 2])
    deep: list = []
    cur = deep
    for _ in range(300):
        cur.append([])
        cur = cur[0]
    assert json_equal(deep, deep) and not json_equal(deep, [[]])


def test_one_json_type_for_the_host_and_the_fuzzer():
    from toolcheck import host
    from toolcheck.fuzz import shape
    from toolcheck.model import jsontypes

    assert host.json_type is jsontypes.json_type and shape.json_type is jsontypes.json_type


def test_the_fuzzer_reads_an_integral_float_as_an_integer():
    """An enum of 1.0 admits the integer 1 only: a non-integral number there is not a declared shape (it was,
    when the fuzzer called 1.0 a number while the host and TC1 called it an integer)."""
    from toolcheck.fuzz.shape import Walker

    norm = SimpleNamespace(root={})
    w = Walker.__new__(Walker)
    w.synthetic = set()
    w.norm = norm
    assert w.declared_types([{"enum": [1.0]}]) == frozenset({"integer"})
    assert w.declared_types([{"enum": [1.5]}]) == frozenset({"number", "integer"})


def test_an_opt_in_rule_runs_only_when_named(monkeypatch):
    """A rule with default_enabled=False is off by default and under its family or a prefix; its code, its
    name or ALL turn it on (select or extend-select), and `rules --format json` says `default: false`."""
    import dataclasses

    from toolcheck.engine import enabled_codes
    from toolcheck.settings import Settings

    load_rules()
    monkeypatch.setitem(RULES, "TC410", dataclasses.replace(RULES["TC410"], default_enabled=False))
    name = RULES["TC410"].name

    def on(**kw) -> bool:
        return "TC410" in enabled_codes(Settings(root=".", **kw), "lint")

    assert not on()
    assert not on(select=("TC4",)) and not on(select=("TC41",)) and not on(extend_select=("TC",))
    assert on(select=("TC410",)) and on(extend_select=("TC410",)) and on(extend_select=(name,))
    assert on(select=("ALL",))
    assert not on(select=("TC410",), ignore=("TC410",))
    assert "TC401" in enabled_codes(Settings(root="."), "lint")  # default rules unchanged
    assert rule_dict(RULES["TC410"])["default"] is False and rule_dict(RULES["TC401"])["default"] is True


def test_a_family_index_is_dropped_after_its_last_rule_and_the_findings_do_not_change(project, monkeypatch):
    """The engine forgets a family's indexes once the family's last rule ran (a large run's heap), each index is
    still built once, and a later family never sees another's index."""
    import gc
    import weakref

    from toolcheck.engine.context import Context
    from toolcheck.rules.tc4_naming import index as naming

    alive = []
    cls = naming.NamingIndex
    real = cls.__init__

    def spy(self, run):
        alive.append(weakref.ref(self))
        real(self, run)

    monkeypatch.setattr(cls, "__init__", spy)
    for i in range(3):
        project.write(f"contracts/t{i}.yaml", f"name: get_item_{i}\ndescription: Get one item by id.\n"
                      "risk: read_only\nparameters: {type: object, properties: {id: {type: string}}}\n")
    drops = []
    real_drop = Context.drop_indexes

    def record(self, group):
        real_drop(self, group)
        gc.collect()
        drops.append((group, alive[0]() is None if alive else None, sorted(c.__name__ for c in self.indexes)))

    monkeypatch.setattr(Context, "drop_indexes", record)
    kept = run_engine("lint", cwd=project.path, select=["TC4", "TC6"])
    assert len(alive) == 1  # built once for the family's rules
    assert [g for g, _, _ in drops] == ["toolcheck.rules.tc4_naming", "toolcheck.rules.tc6_safety"]
    assert drops[0][1] is True  # gone before the TC6 rules ran
    assert drops[-1][2] == []

    monkeypatch.setattr(Context, "drop_indexes", lambda self, group: None)
    assert [f.to_dict() for f in run_engine("lint", cwd=project.path, select=["TC4", "TC6"]).findings] == \
        [f.to_dict() for f in kept.findings]
