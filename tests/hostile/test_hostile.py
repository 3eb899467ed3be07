"""Bad input never prints a traceback: each case ends in exit 1 (a finding) or 2 (usage), within a bound, with a
one-line message, and without touching the network."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from ..conftest import ROOT, run_cli
from .conftest import assert_clean_failure, run_blocked

GOOD = "name: search_docs\ndescription: Search the docs.\nparameters: {type: object, properties: {}}\n"


def _write(root, name, data):
    p = root / "contracts" / name
    if isinstance(data, bytes):
        p.write_bytes(data)
    else:
        p.write_text(data, encoding="utf-8")
    return p


def _alias_bomb(levels=9):
    out = "a: &a [x,x,x,x,x,x,x,x,x,x]\n"
    for i in range(1, levels):
        prev, cur = chr(96 + i), chr(97 + i)
        out += f"{cur}: &{cur} [" + ",".join([f"*{prev}"] * 10) + "]\n"
    return out


CASES = {
    "truncated-yaml": ("t.yaml", 'name: search_docs\ndescription: "Search the\nparameters:\n  type: obj', "TC001"),
    "truncated-json": ("t.json", '{"name": "search_docs", "parameters": {"type": "obj', "TC001"),
    "binary": ("b.yaml", bytes(range(256)) * 4, "TC004"),
    "binary-utf8-control": ("c.yaml", "name: x\x00\x01\x02\n", "TC001"),
    "invalid-utf8": ("u.json", b'{"name": "\xc3\x28"}', "TC004"),
    "alias-bomb": ("bomb.yaml", _alias_bomb(), "TC010"),
    "tab-indented": ("tab.yaml", "name: x\nparameters:\n\ttype: object\n", "TC001"),
    "empty": ("e.yaml", "", "TC005"),
    "python-object-tag": ("p.yaml", "name: !!python/object/apply:os.system ['touch /tmp/pwned']\n", "TC016"),
    "duplicate-keys": ("d.yaml", GOOD + "name: again\n", "TC002"),
    "nan": ("n.json", '{"name": "x", "description": "d", "parameters": {"maximum": NaN}}', "TC001"),
    "infinity": ("i.json", '{"name": "x", "parameters": {"maximum": -Infinity}}', "TC001"),
    "huge-int": ("h.json", '{"name": "x", "parameters": {"maximum": 1' + "0" * 400 + "}}", None),
    "huge-int-digits": ("h2.json", '{"name": "x", "parameters": {"maximum": 1' + "0" * 5000 + "}}", "TC001"),
    "deep-json": ("deep.json", "[" * 10_000 + "]" * 10_000, "TC010"),
    "deep-yaml-flow": ("deep.yaml", "a: " + "[" * 10_000 + "]" * 10_000 + "\n", "TC010"),
    "deep-yaml-block": ("deepb.yaml", "".join("  " * i + f"k{i}:\n" for i in range(300)) + "  " * 300 + "v\n",
                        "TC010"),
    "not-a-mapping": ("s.yaml", "- 1\n- 2\n", "TC006"),
    "jsonl-garbage": ("g.jsonl", '{"name": "a"}\nnot json\n[1,2]\n', "TC001"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_hostile_file(hostile, case):
    name, data, code = CASES[case]
    _write(hostile, name, data)
    p = run_blocked("lint", "--format", "json", cwd=hostile, timeout=60)
    assert_clean_failure(p)
    if p.returncode == 1:
        doc = json.loads(p.stdout)
        got = {f["code"] for f in doc["findings"]}
        if code:
            assert code in got, (case, got)
        for f in doc["findings"]:
            assert f["line"] >= 1 and f["column"] >= 1
            assert "\n" not in f["message"]


def test_fifty_megabyte_file(hostile):
    p = hostile / "contracts" / "big.yaml"
    with open(p, "wb") as fh:
        fh.write(b"name: x\ndescription: '")
        fh.write(b"a" * (50 * 1024 * 1024))
        fh.write(b"'\n")
    proc = run_blocked("lint", "--format", "json", cwd=hostile, timeout=60)
    assert_clean_failure(proc, codes=(1,))
    f = json.loads(proc.stdout)["findings"][0]
    assert f["code"] == "TC010" and "MiB" in f["message"]


def test_symlink_loop_and_broken_link(hostile):
    _write(hostile, "ok.yaml", GOOD)
    os.symlink(hostile / "contracts", hostile / "contracts" / "loop")
    os.symlink(hostile / "contracts" / "missing.yaml", hostile / "contracts" / "dangling.yaml")
    p = run_blocked("lint", "--format", "json", "--select", "TC0", cwd=hostile, timeout=60)
    assert_clean_failure(p, codes=(1,))
    assert {f["code"] for f in json.loads(p.stdout)["findings"]} == {"TC011"}


def test_unreadable_directory_named_like_a_file(hostile):
    (hostile / "contracts" / "dir.yaml").mkdir()
    _write(hostile, "ok.yaml", GOOD)
    p = run_blocked("lint", "--select", "TC0", "contracts/dir.yaml/../ok.yaml", cwd=hostile)
    assert p.returncode == 0, p.stderr


@pytest.mark.parametrize("config", [
    "paths: 5\n", "limits: {max-depth: -1}\n", "select: TC1\n", "severity: {TC001: fatal}\n", "[not yaml\n",
    "\x00\x01", "- a list\n", "allow: {domains: example.com}\n",
])
def test_config_with_wrong_types(hostile, config):
    _write(hostile, "ok.yaml", GOOD)
    (hostile / "toolcheck.yaml").write_text(config)
    p = run_blocked("lint", cwd=hostile)
    assert_clean_failure(p, codes=(2,))
    assert "toolcheck.yaml" in p.stderr


def test_remote_ref_is_not_fetched(hostile):
    _write(hostile, "r.yaml", "name: r\ndescription: Remote.\nparameters:\n  $ref: 'http://169.254.169.254/latest/meta-data'\n")
    p = run_blocked("validate", "--format", "json", cwd=hostile, timeout=60)
    assert "NETWORK-BLOCKED" not in p.stderr
    assert p.returncode in (0, 1) and "Traceback" not in p.stderr


# ------------------------------------------------------------------------------------------------ unreadable files

UNREADABLE = str(Path(__file__).parent / "unreadable")


def _run_unreadable(names, *args, cwd):
    """The CLI with the named files unreadable: chmod 000 where that works, a simulated EACCES as root."""
    env = {"PYTHONPATH": UNREADABLE + os.pathsep + os.environ.get("PYTHONPATH", ""),
           "TOOLCHECK_TEST_UNREADABLE": os.pathsep.join(names)}
    return run_cli(*args, cwd=cwd, env=env, timeout=60)


def test_unreadable_contract_is_a_finding_and_the_rest_is_checked(hostile):
    good = (ROOT / "contracts" / "search_docs.yaml").read_text(encoding="utf-8")
    (hostile / "contracts" / "search_docs.yaml").write_text(good, encoding="utf-8")
    (hostile / "contracts" / "locked.yaml").write_text(good.replace("search_docs", "locked_tool"), encoding="utf-8")
    for cmd in (("lint",), ("validate",), ("lint", "--no-cache")):
        p = _run_unreadable(["locked.yaml"], *cmd, "--format", "json", cwd=hostile)
        assert_clean_failure(p, codes=(1,))
        findings = json.loads(p.stdout)["findings"]
        locked = [f for f in findings if f["file"] == "contracts/locked.yaml"]
        assert [f["code"] for f in locked] == ["TC011"], locked
        assert "Permission denied" in locked[0]["message"]
        assert not [f for f in findings if f["file"] == "contracts/search_docs.yaml" and f["severity"] == "error"]


def test_unreadable_samples_file_is_a_finding(hostile):
    good = (ROOT / "contracts" / "search_docs.yaml").read_text(encoding="utf-8")
    (hostile / "contracts" / "search_docs.yaml").write_text(good, encoding="utf-8")
    (hostile / "samples").mkdir()
    (hostile / "samples" / "calls.yaml").write_text("tool: search_docs\nvalid: []\n", encoding="utf-8")
    (hostile / "toolcheck.yaml").write_text("paths: [contracts]\nsamples: samples\n")
    p = _run_unreadable(["calls.yaml"], "validate", "--format", "json", "--no-cache", cwd=hostile)
    assert_clean_failure(p, codes=(1,))
    codes = {(f["file"], f["code"]) for f in json.loads(p.stdout)["findings"]}
    assert ("samples/calls.yaml", "TC011") in codes, codes


def test_unreadable_config_is_a_usage_error(hostile):
    (hostile / "contracts" / "x.yaml").write_text("name: x\n", encoding="utf-8")
    p = _run_unreadable(["toolcheck.yaml"], "lint", cwd=hostile)
    assert_clean_failure(p, codes=(2,))
    assert "toolcheck.yaml" in p.stderr and "ermission" in p.stderr


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads a chmod 000 file")
def test_chmod_000_contract_for_real(hostile):
    locked = hostile / "contracts" / "locked.yaml"
    locked.write_text("name: locked\n", encoding="utf-8")
    locked.chmod(0)
    try:
        p = run_blocked("lint", "--format", "json", cwd=hostile)
        assert_clean_failure(p, codes=(1,))
        assert [f["code"] for f in json.loads(p.stdout)["findings"]] == ["TC011"]
    finally:
        locked.chmod(0o644)
