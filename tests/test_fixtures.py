"""Every rule's fixture folder (tests/rules/<CODE>/{pass,fail}/, see tests/fixture_harness.py): each fail case,
run with only its rule selected, reports exactly the findings it names; each pass case does not raise the code."""

from __future__ import annotations

import pytest

from .fixture_harness import (
    RULES_DIR,
    also_selected,
    cases,
    compare,
    configures_severity,
    describe,
    expectations,
    off_default,
    prepare,
    run_case,
)

CASES = cases()


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_fixture(case, tmp_path):
    if case.code.startswith("TC7"):
        pytest.importorskip("hypothesis_jsonschema")
    proj = prepare(case, tmp_path)
    if case.kind == "pass":
        result = run_case(case, proj, only=False)
        fired = [describe(f) for f in result.findings if f.code == case.code]
        assert not fired, f"{case.path}: {case.code} fired: " + "; ".join(fired)
        _default_severities(case, proj, result)
        return
    expected = expectations(case)
    assert expected, (f"{case.path} names no expected finding: add `# expect: {case.code}` on the line it is "
                      f"reported at, or {case.expect_path.name} (see tests/fixture_harness.py)")
    assert any(e.code == case.code for e in expected), f"{case.path}: expects no {case.code} finding"
    also = also_selected(case)
    result = run_case(case, proj, only=True, also=also)
    missing, unexpected = compare(expected, result.findings)
    report = [f"missing: {e}" for e in missing] + [f"unexpected: {describe(f)}" for f in unexpected]
    selected = ", ".join((case.code, *also))
    assert not report, f"{case.path} (only {selected} selected):\n  " + "\n  ".join(report)
    _default_severities(case, proj, result)


def _default_severities(case, proj, result) -> None:
    """One code, one default severity (issue 17): without `severity:` in its config, every finding of a case has
    its code's declared severity (tests/test_severity_policy.py checks the bundled contracts and corpus A)."""
    if not configures_severity(proj):
        off = off_default(result.findings)
        assert not off, f"{case.path}: " + "; ".join(off)


def test_every_rule_has_fixtures():
    from toolcheck.rules import load_rules

    missing = []
    for code in sorted(load_rules()):
        d = RULES_DIR / code
        if not (d / "pass").is_dir() or not (d / "fail").is_dir() or not any((d / "fail").iterdir()):
            missing.append(code)
    assert not missing, f"rules without pass/fail fixtures: {missing}"


def test_fixture_folders_are_rule_codes():
    from toolcheck.rules import load_rules

    rules = load_rules()
    strays = [p.name for p in RULES_DIR.iterdir() if p.is_dir() and p.name not in rules]
    assert not strays, f"fixture folders for codes that are not rules: {strays}"


def test_markers_and_expectation_files_are_read(tmp_path):
    from .fixture_harness import Case, Expected, markers

    text = ("name: x\n"
            "risk: nope  # expect: TC009\n"
            "errors:  # expect: TC609, TC610 @/errors/0\n")
    assert markers(text, "contracts/x.yaml") == [
        Expected("TC009", "contracts/x.yaml", 2), Expected("TC609", "contracts/x.yaml", 3),
        Expected("TC610", "contracts/x.yaml", 3, "/errors/0")]
    case = Case("TC301", "fail", tmp_path / "a.jsonl")
    case.path.write_text("{}\n")
    case.expect_path.write_text('[{"code": "TC301", "line": 1}, {"code": "TC301", "file": "x", "pointer": "/a"}]')
    assert case.expect_path.name == "a.expect.json"
    assert expectations(case) == [Expected("TC301", "contracts/a.jsonl", 1), Expected("TC301", "x", None, "/a")]


def test_compare_names_missing_and_unexpected():
    from types import SimpleNamespace

    from .fixture_harness import Expected

    f1 = SimpleNamespace(code="TC601", file="contracts/a.yaml", line=1, pointer="", message="m")
    f2 = SimpleNamespace(code="TC601", file="contracts/a.yaml", line=4, pointer="/x", message="m")
    missing, unexpected = compare([Expected("TC601", "contracts/a.yaml", 1), Expected("TC601", line=9)], [f1, f2])
    assert missing == [Expected("TC601", line=9)] and unexpected == [f2]
