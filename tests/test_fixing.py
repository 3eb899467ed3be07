"""`--fix`, `--unsafe-fixes`, `--diff`: fixture pairs compared byte for byte, through the real entry point.

Each case is a folder `tests/fixing/<CODE>/<case>/` with `before.<ext>` and `after.<ext>` and, optionally, `args`
(the command and options, default `lint --select <CODE>`). The case's file is checked as
`contracts/<name>.<ext>` of a project: `--diff` must print a patch that `patch -p1` applies to give `after`
exactly (exit 1 when it changes something, 0 when not), `--fix` must leave `after` exactly, and a second `--fix`
must change nothing. Every rule that declares a fix has such folders, and every folder names such a rule.
"""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from .conftest import run_cli

FIXING = Path(__file__).resolve().parent / "fixing"


def _cases():
    out = []
    for code_dir in sorted(FIXING.iterdir()) if FIXING.is_dir() else ():
        if not code_dir.name.startswith("TC"):
            continue
        for case in sorted(p for p in code_dir.iterdir() if p.is_dir()):
            out.append(pytest.param(code_dir.name, case, id=f"{code_dir.name}-{case.name}"))
    return out


def _files(case: Path) -> tuple[Path, Path]:
    (before,) = [p for p in case.iterdir() if p.stem == "before"]
    (after,) = [p for p in case.iterdir() if p.stem == "after"]
    return before, after


def _project(tmp: Path, before: Path) -> tuple[Path, Path]:
    proj = tmp / "proj"
    (proj / "contracts").mkdir(parents=True)
    (proj / "toolcheck.yaml").write_text("paths: [contracts]\nsamples: samples\n", encoding="utf-8")
    target = proj / "contracts" / f"c{before.suffix}"
    shutil.copyfile(before, target)
    return proj, target


def _args(code: str, case: Path) -> list[str]:
    f = case / "args"
    return shlex.split(f.read_text(encoding="utf-8")) if f.exists() else ["lint", "--select", code]


@pytest.mark.parametrize("code,case", _cases())
def test_fix_fixture(code, case, tmp_path):
    before, after = _files(case)
    want = after.read_bytes()
    changes = want != before.read_bytes()
    args = _args(code, case)
    proj, target = _project(tmp_path, before)
    rel = str(target.relative_to(proj))

    d = run_cli(*args, "--diff", rel, cwd=proj)
    assert d.returncode == (1 if changes else 0), d.stderr
    assert target.read_bytes() == before.read_bytes(), "--diff wrote the file"
    if changes:
        assert d.stdout.startswith(f"--- a/{rel}\n+++ b/{rel}\n"), d.stdout
        copy = tmp_path / "patched"
        shutil.copytree(proj, copy)
        p = subprocess.run(["patch", "-p1", "--quiet", "--no-backup-if-mismatch"], input=d.stdout, cwd=copy,
                           capture_output=True, text=True)
        assert p.returncode == 0, p.stdout + p.stderr
        assert (copy / rel).read_bytes() == want, "the --diff patch does not give after"
    else:
        assert d.stdout == ""

    f = run_cli(*args, "--fix", rel, cwd=proj)
    assert f.returncode in (0, 1), f.stderr
    assert target.read_bytes() == want, (target.read_text(encoding="utf-8"), f.stderr)
    assert ("Fixed " in f.stderr) == changes, f.stderr

    again = run_cli(*args, "--fix", rel, cwd=proj)
    assert target.read_bytes() == want, "a second --fix changed the file"
    assert "Fixed " not in again.stderr
    assert run_cli(*args, "--diff", rel, cwd=proj).returncode == 0


def test_every_fixable_rule_has_fixture_pairs():
    """A rule that declares a fix has fixture pairs; a fixture folder names a rule with a fix."""
    from toolcheck.rules import load_rules

    rules = load_rules()
    declared = {c for c, r in rules.items() if r.fix != "none"}
    folders = {p.name for p in FIXING.iterdir() if p.is_dir() and p.name.startswith("TC")}
    assert declared <= folders, f"fix declared without fixtures: {sorted(declared - folders)}"
    assert folders <= declared, f"fixtures of rules without a fix: {sorted(folders - declared)}"
    for code in declared:
        cases = [p for p in (FIXING / code).iterdir() if p.is_dir()]
        assert any(_files(c)[0].read_bytes() != _files(c)[1].read_bytes() for c in cases), code


def test_rules_show_the_fix_field():
    import json

    p = run_cli("rules", "--format", "json")
    rules = {r["code"]: r for r in json.loads(p.stdout)}
    assert {rules[c]["fix"] for c in ("TC003", "TC007", "TC103", "TC104", "TC105")} == {"safe"}
    assert {rules[c]["fix"] for c in ("TC206", "TC207")} == {"unsafe"}
    assert all(r["fix"] in ("safe", "unsafe", "none") for r in rules.values())
    assert rules["TC401"]["fix"] == "none"
    assert rules["TC206"]["fixable"] is True  # `fixable` keeps meaning "export resolves it"
    for code, fix in (("TC003", "safe"), ("TC103", "safe"), ("TC104", "safe"), ("TC105", "safe"),
                      ("TC207", "unsafe"), ("TC401", "none")):
        assert re.search(rf"; fix: {fix}[;)]", run_cli("rule", code).stdout.splitlines()[0]), code
    listing = run_cli("rules").stdout
    assert any("TC003" in ln and "[fix]" in ln for ln in listing.splitlines())
    assert any("TC206" in ln and "[unsafe fix]" in ln and "[export]" in ln for ln in listing.splitlines())


def test_readme_fixing_example_is_what_toolcheck_prints(tmp_path):
    """The README's `lint --diff` example: its file (the diff's whole-file hunk read back) gives exactly that diff."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Fixing"):]
    cmd = "$ toolcheck lint --diff contracts/set_reminder.yaml\n"
    block = section[section.index(cmd) + len(cmd):section.index("```", section.index(cmd))]
    diff, summary = block[:block.rindex("Would fix")], block[block.rindex("Would fix"):]
    body = [ln[1:] for ln in diff.splitlines()[3:] if ln[:1] in (" ", "-")]
    assert diff.splitlines()[2].startswith(f"@@ -1,{len(body)} "), "the example's hunk must be the whole file"
    proj = tmp_path / "proj"
    (proj / "contracts").mkdir(parents=True)
    (proj / "toolcheck.yaml").write_text("paths: [contracts]\n", encoding="utf-8")
    (proj / "contracts" / "set_reminder.yaml").write_text("\n".join(body) + "\n", encoding="utf-8")
    p = run_cli("lint", "--diff", "contracts/set_reminder.yaml", cwd=proj)
    assert p.returncode == 1
    assert p.stdout == diff
    assert p.stderr == summary
