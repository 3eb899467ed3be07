"""`.toolcheck_cache/`: a second, unchanged run answers from disk with the same output and exit code; any change
to an input, the config or the output options is a miss; a damaged or deleted cache is a miss, never an error."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import run_cli

BAD = """\
name: search_docs
description: TODO
parameters:
  type: object
  properties:
    query: {type: string, description: Words to look for.}
    when: {type: string, format: date-time}
"""
GOOD = """\
name: search_docs
description: >-
  Search the product documentation for pages that match the user's words. Use it when the user asks how a
  feature works; not for account questions.
risk: read_only
parameters:
  type: object
  additionalProperties: false
  required: [query]
  properties:
    query: {type: string, description: Words to look for in the documentation.}
"""


def _setup(project, text=BAD):
    project.write("contracts/search_docs.yaml", text)
    return project.path


def _entries(root: Path) -> list[Path]:
    return sorted(p for p in (root / ".toolcheck_cache").rglob("*") if p.is_file() and p.name != ".gitignore")


def test_second_run_answers_from_cache_with_same_output_and_exit(project):
    root = _setup(project)
    first = run_cli("validate", "--target", "all", cwd=root)
    assert first.returncode == 1, first.stderr
    names = {p.name.split(".", 1)[1] for p in _entries(root)}
    assert names >= {"json", "findings.json"} and any(n.startswith("out-") for n in names)
    # the stored output is what a hit writes: prove it by damaging the findings (a hit must not need them)
    for p in _entries(root):
        if p.name.endswith(".findings.json"):
            p.write_text("{}", encoding="utf-8")
    second = run_cli("validate", "--target", "all", cwd=root)
    assert (second.returncode, second.stdout, second.stderr) == (first.returncode, first.stdout, first.stderr)


def test_other_output_options_reuse_the_findings(project):
    root = _setup(project)
    text = run_cli("lint", cwd=root)
    assert text.returncode == 1
    as_json = run_cli("lint", "--format", "json", cwd=root)
    fresh = run_cli("lint", "--format", "json", "--no-cache", cwd=root)
    assert as_json.stdout == fresh.stdout and as_json.returncode == fresh.returncode == 1
    sarif = run_cli("lint", "--format", "sarif", cwd=root)
    fresh_sarif = run_cli("lint", "--format", "sarif", "--no-cache", cwd=root)
    assert sarif.stdout == fresh_sarif.stdout
    again = run_cli("lint", "--format", "json", "--fail-on", "info", "--statistics", cwd=root)
    fresh = run_cli("lint", "--format", "json", "--fail-on", "info", "--statistics", "--no-cache", cwd=root)
    assert again.stdout == fresh.stdout and again.returncode == fresh.returncode


def test_exit_code_of_a_hit_follows_fail_on(project):
    root = _setup(project, BAD.replace("TODO", "Search the product documentation for pages that match the words."))
    a = run_cli("lint", "--select", "TC410", cwd=root)  # an info finding only
    b = run_cli("lint", "--select", "TC410", cwd=root)
    c = run_cli("lint", "--select", "TC410", "--fail-on", "info", cwd=root)
    assert (a.returncode, b.returncode, c.returncode) == (0, 0, 1)
    assert "TC410" in b.stdout


def test_any_change_is_a_miss(project):
    root = _setup(project)
    bad = run_cli("lint", "--format", "json", cwd=root)
    project.write("contracts/search_docs.yaml", GOOD)
    good = run_cli("lint", "--format", "json", cwd=root)
    assert bad.returncode == 1 and good.returncode == 0, good.stdout
    (root / "toolcheck.yaml").write_text("paths: [contracts]\nignore: [TC410]\n", encoding="utf-8")
    project.write("contracts/search_docs.yaml", BAD)
    ignored = json.loads(run_cli("lint", "--format", "json", cwd=root).stdout)
    assert ignored["findings"] and not any(f["code"] == "TC410" for f in ignored["findings"])


def test_deleted_or_damaged_cache_is_a_miss(project):
    root = _setup(project)
    first = run_cli("lint", "--format", "json", cwd=root)
    for p in _entries(root):
        p.write_bytes(b"\x00garbage")
    damaged = run_cli("lint", "--format", "json", cwd=root)
    assert (damaged.returncode, damaged.stdout) == (first.returncode, first.stdout)
    assert damaged.stderr == ""
    import shutil

    shutil.rmtree(root / ".toolcheck_cache")
    again = run_cli("lint", "--format", "json", cwd=root)
    assert (again.returncode, again.stdout) == (first.returncode, first.stdout)


def test_truncated_stored_output_is_never_served(project):
    root = _setup(project)
    first = run_cli("lint", cwd=root)
    for p in _entries(root):
        if ".out-" in p.name:
            data = p.read_bytes()
            p.write_bytes(data[: len(data) // 2])
    second = run_cli("lint", cwd=root)
    assert second.stdout == first.stdout


def test_baseline_applies_to_cached_findings(project):
    root = _setup(project)
    run_cli("lint", cwd=root)
    wrote = run_cli("lint", "--write-baseline", "baseline.json", cwd=root)
    assert wrote.returncode == 0, wrote.stderr
    quiet = run_cli("lint", "--baseline", "baseline.json", cwd=root)
    assert quiet.returncode == 0, quiet.stdout


def test_concurrent_runs_share_the_cache_safely(project):
    root = _setup(project)
    cmd = [sys.executable, "-m", "toolcheck", "validate", "--target", "all", "--format", "json"]
    procs = [subprocess.Popen(cmd, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(4)]
    outs = [p.communicate(timeout=120) for p in procs]
    assert {p.returncode for p in procs} == {1}
    assert len({o for o, _ in outs}) == 1 and all(e == b"" for _, e in outs)
    assert not [p for p in (root / ".toolcheck_cache").rglob("*.tmp")]
    assert run_cli("validate", "--target", "all", "--format", "json", cwd=root).stdout.encode() == outs[0][0]


def test_no_cache_writes_nothing(project):
    root = _setup(project)
    run_cli("lint", "--no-cache", cwd=root)
    assert not (root / ".toolcheck_cache").exists()


def test_package_stamp_follows_content_not_install_time(tmp_path):
    """A reinstall of the same toolcheck (a CI job restoring a kept cache) keeps its keys; an edit changes them."""
    import os
    import shutil

    from toolcheck.runner import cache

    pkg = tmp_path / "pkg"
    shutil.copytree(Path(cache.__file__).parent.parent / "report", pkg)
    before = cache._package_stamp(str(pkg))
    for p in pkg.rglob("*.py"):
        os.utime(p, (1, 1))
    assert cache._package_stamp(str(pkg)) == before
    (pkg / "text.py").write_text((pkg / "text.py").read_text() + "\n# edited\n")
    assert cache._package_stamp(str(pkg)) != before
