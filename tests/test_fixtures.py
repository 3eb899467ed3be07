"""Every rule's fixture folder: each `fail/` case must raise the rule's code, each `pass/` case must not.

A case is a file (checked alone, as `contracts/<name>`) or a folder (a whole project: contracts/, samples/, and
optionally toolcheck.yaml). Cases run through `toolcheck validate`, a superset of `lint`; TC8 cases are pairs of
folders, `old/` and `new/`, run through `toolcheck diff old new`.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from .conftest import FIXTURES, run_engine


def _cases():
    out = []
    if not FIXTURES.is_dir():
        return out
    for rule_dir in sorted(FIXTURES.iterdir()):
        if not rule_dir.is_dir() or not rule_dir.name.startswith("TC"):
            continue
        for kind in ("pass", "fail"):
            d = rule_dir / kind
            if d.is_dir():
                for case in sorted(d.iterdir()):
                    out.append(pytest.param(rule_dir.name, kind, case, id=f"{rule_dir.name}-{kind}-{case.name}"))
    return out


def _prepare(case: Path, tmp: Path) -> Path:
    if case.is_dir():
        shutil.copytree(case, tmp / "proj", symlinks=True)
        proj = tmp / "proj"
        if not (proj / "toolcheck.yaml").exists():
            (proj / "toolcheck.yaml").write_text("paths: [contracts]\nsamples: samples\n", encoding="utf-8")
        return proj
    proj = tmp / "proj"
    (proj / "contracts").mkdir(parents=True)
    (proj / "toolcheck.yaml").write_text("paths: [contracts]\nsamples: samples\n", encoding="utf-8")
    shutil.copyfile(case, proj / "contracts" / case.name)
    return proj


def _run_diff_case(case: Path, tmp: Path):
    """TC8 cases are pairs: `<case>/old/` and `<case>/new/` (and an optional toolcheck.yaml), compared with
    `toolcheck diff old new` (see toolcheck/checks/compat.py)."""
    import os

    from toolcheck.cli import build_settings
    from toolcheck.diffing import run_diff

    proj = tmp / "proj"
    shutil.copytree(case, proj, symlinks=True)
    if not (proj / "toolcheck.yaml").exists():
        (proj / "toolcheck.yaml").write_text("paths: [new]\n", encoding="utf-8")
    old = os.getcwd()
    os.chdir(proj)
    try:
        settings = build_settings(
            "diff", paths=None, config=None, select=None, extend_select=None, ignore=None, target=None, ship=None,
            samples=None, exclude=None, fmt=None, output=None, fail_on=None, exit_zero=False, statistics=False,
            baseline=None, write_baseline=None, no_cache=True, quiet=False, force_exclude=False)
        return run_diff(settings, ["old", "new"], None)
    finally:
        os.chdir(old)


@pytest.mark.parametrize("code,kind,case", _cases())
def test_fixture(code, kind, case, tmp_path):
    if code.startswith("TC8"):
        result = _run_diff_case(case, tmp_path)
    else:
        proj = _prepare(case, tmp_path)
        if code.startswith("TC7"):  # fuzzing rules run only under `toolcheck fuzz`
            from .test_rule_docs import _run_for

            class _P:
                path = proj

            result = _run_for(code, _P)
        else:
            result = run_engine("validate", cwd=proj)
    codes = [f.code for f in result.findings]
    if kind == "fail":
        assert code in codes, f"{case}: expected {code}, got {codes}"
    else:
        assert code not in codes, f"{case}: {code} fired: " + "; ".join(
            f"{f.line}:{f.column} {f.message}" for f in result.findings if f.code == code)


def test_every_rule_has_fixtures():
    from toolcheck.registry import load_rules

    missing = []
    for code in sorted(load_rules()):
        d = FIXTURES / code
        if not (d / "pass").is_dir() or not (d / "fail").is_dir() or not any((d / "fail").iterdir()):
            missing.append(code)
    assert not missing, f"rules without pass/fail fixtures: {missing}"
