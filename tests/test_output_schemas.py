"""The machine formats have shipped schemas (issue 16 item 8): `toolcheck/data/report.schema.json` for the JSON
report of lint/validate/fuzz/diff, `toolcheck/data/rules.schema.json` for `toolcheck rules --format json`. Every
output here is validated against them with python-jsonschema (the reference implementation, independent of the
jsonschema-rs engine the product validates with), so "more keys may be added, none removed" is checkable: a
removed or retyped key fails. `conftest.run_json` validates every JSON report the rest of the suite produces."""

from __future__ import annotations

import json
import shutil

import jsonschema
import pytest

from .conftest import FIXTURES, ROOT, report_schema_errors, run_cli, schema_of


def _validated(p, kind: str = "report") -> dict:
    assert p.returncode in (0, 1), p.stderr
    doc = json.loads(p.stdout)
    errors = report_schema_errors(doc, kind)
    assert not errors, errors[:5]
    return doc


def test_the_schemas_are_valid_2020_12_schemas_shipped_as_package_data():
    for kind in ("report", "rules"):
        jsonschema.Draft202012Validator.check_schema(schema_of(kind))
    toml = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"data/*.json"' in toml  # the package-data glob that ships them


def test_the_bundled_contracts(tmp_path):
    for name in ("contracts", "samples"):
        shutil.copytree(ROOT / name, tmp_path / name)
    shutil.copyfile(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    _validated(run_cli("lint", "--format", "json", "--no-cache", cwd=tmp_path))
    doc = _validated(run_cli("validate", "--target", "all", "--format", "json", "--no-cache", cwd=tmp_path))
    assert doc["findings"] and doc["summary"]["targets"]
    _validated(run_cli("validate", "--target", "all", "--format", "json", "--statistics", "--no-cache",
                       "--unsafe-fixes", cwd=tmp_path))


def test_every_failing_fixture_at_once(tmp_path):
    """The fail cases of the static families, in one project: every kind of finding, `related`, `data` and `fix`
    included."""
    proj = tmp_path / "proj"
    n = 0
    for rule_dir in sorted(FIXTURES.iterdir()):
        fail = rule_dir / "fail"
        if not fail.is_dir() or rule_dir.name.startswith(("TC7", "TC8")):
            continue
        for case in sorted(fail.iterdir()):
            if case.is_file() and case.suffix in (".yaml", ".yml", ".json", ".jsonl"):
                dest = proj / "contracts" / rule_dir.name / case.name
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(case, dest)
                n += 1
    (proj / "toolcheck.yaml").write_text("paths: [contracts]\n", encoding="utf-8")
    assert n > 100
    doc = _validated(run_cli("validate", "--select", "ALL", "--target", "all", "--format", "json", "--no-cache",
                             "--unsafe-fixes", cwd=proj, timeout=600))
    keys = {k for f in doc["findings"] for k in f}
    assert {"related", "data", "fix", "fixable"} <= keys, keys
    assert len({f["code"] for f in doc["findings"]}) > 50


def test_diff(tmp_path):
    case = FIXTURES / "TC801" / "fail" / "file-deleted"
    shutil.copytree(case, tmp_path / "proj", ignore=shutil.ignore_patterns("expect.json"))
    doc = _validated(run_cli("diff", "old", "new", "--format", "json", cwd=tmp_path / "proj"))
    assert any(f["code"] == "TC801" for f in doc["findings"])


def test_fuzz(tmp_path):
    pytest.importorskip("hypothesis_jsonschema")
    (tmp_path / "contracts").mkdir()
    shutil.copyfile(FIXTURES / "TC702" / "fail" / "multiple-of-cents-as-float.yaml",
                    tmp_path / "contracts" / "t.yaml")
    (tmp_path / "toolcheck.yaml").write_text("paths: [contracts]\n", encoding="utf-8")
    doc = _validated(run_cli("fuzz", "--seed", "0", "--max-examples", "10", "--format", "json", cwd=tmp_path,
                             timeout=300))
    assert doc["findings"]


def test_the_rule_list():
    doc = _validated(run_cli("rules", "--format", "json"), "rules")
    assert len(doc) > 100 and any(r["options"] for r in doc)


@pytest.mark.parametrize("broken", [
    lambda d: d.pop("summary"),
    lambda d: d["findings"][0].pop("pointer"),
    lambda d: d["findings"][0].update(line="3"),
    lambda d: d["findings"][0].update(severity="fatal"),
    lambda d: d["summary"].update(errors=-1),
])
def test_a_removed_or_retyped_key_fails(broken):
    doc = {"version": "0", "findings": [{"code": "TC401", "name": "placeholder-description", "severity": "error",
                                         "message": "m", "help": "", "file": "a.yaml", "line": 1, "column": 1,
                                         "tool": "t", "pointer": "/description", "target": None, "url": None}],
           "summary": {"files": 1, "tools": 1, "errors": 1, "warnings": 0, "infos": 0, "targets": []}}
    assert not report_schema_errors(doc)
    doc["findings"][0]["new_key"] = "added keys are fine"
    assert not report_schema_errors(doc)
    broken(doc)
    assert report_schema_errors(doc)
