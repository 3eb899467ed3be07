"""The N-process rule run (toolcheck.runner.parallel, `--jobs N`): same findings, same masking, same failures as
one process, for every N."""

from __future__ import annotations

import json
import os
import random
import sys
from types import SimpleNamespace

import pytest

from tests.conftest import CORPUS, needs_corpus, run_cli, run_engine
from toolcheck import runner
from toolcheck.masking import Masker
from toolcheck.model.findings import Finding
from toolcheck.runner import parallel

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the split run is Linux only")

VERBS = ["get", "list", "search", "create", "delete", "update", "send", "find", "fetch", "cancel"]
NOUNS = ["order", "gift", "ticket", "user", "invoice", "file", "report", "shipment", "coupon", "review"]


def _tools(n: int, seed: int = 7) -> list[dict]:
    """``n`` varied tools: overlaps, vague text, vendor-hostile schemas, leaks and a secret found by context."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        verb, noun = rng.choice(VERBS), rng.choice(NOUNS)
        props = {
            f"{noun}_id": {"type": "string", "description": f"The {noun} to act on."},
            "limit": {"type": "integer", "minimum": 1, "maximum": rng.choice([10, 50, 100])},
        }
        if i % 5 == 0:
            props["filters"] = {"type": "object", "additionalProperties": {"type": "string"}}
        if i % 7 == 0:
            props["when"] = {"type": "string", "format": "date-time", "pattern": "^[0-9T:-]+$"}
        if i % 11 == 0:
            props["password"] = {"type": "string", "default": f"Zq8!vR2#kP{i:04d}wX"}
        desc = rng.choice([
            f"{verb.capitalize()} a {noun} by its id.",
            f"This tool will {verb} {noun}s. Use it when the user asks about a {noun}.",
            "TODO",
            f"{verb.capitalize()} {noun}s from http://10.0.3.{i % 250}/internal/api.",
        ])
        out.append({"name": f"{verb}_{noun}_{i}", "description": desc,
                    "parameters": {"type": "object", "properties": props, "required": [f"{noun}_id"]}})
    return out


def _project(tmp_path, n: int):
    (tmp_path / "tools.jsonl").write_text("\n".join(json.dumps(t) for t in _tools(n)) + "\n", encoding="utf-8")
    (tmp_path / "toolcheck.yaml").write_text("paths: [tools.jsonl]\n", encoding="utf-8")
    return tmp_path


def _dicts(result) -> list[dict]:
    return [f.to_dict() for f in result.findings]


def _run(command: str, proj, jobs: int | None, **opts):
    """The runner in-process (the engine with the process split), no cache."""
    from toolcheck.cli import build_settings

    old = os.getcwd()
    os.chdir(proj)
    try:
        kw = dict(paths=None, config=None, select=None, extend_select=None, ignore=None, target=None, ship=None,
                  samples=None, exclude=None, fmt=None, output=None, fail_on=None, exit_zero=False, statistics=False,
                  baseline=None, write_baseline=None, no_cache=True, quiet=False, force_exclude=False)
        kw.update(opts)
        return runner.run(build_settings(command, **kw), command, jobs=jobs)
    finally:
        os.chdir(old)


def test_split_run_matches_serial_run_for_any_number_of_processes(tmp_path, monkeypatch):
    proj = _project(tmp_path, parallel.MIN_CONTRACTS + 20)
    calls = []
    real = parallel.run_split

    def spy(work, shares, *a, **kw):
        calls.append(len(shares))
        return real(work, shares, *a, **kw)

    monkeypatch.setattr(parallel, "run_split", spy)
    serial = _run("validate", proj, 1, target=["all"])
    assert calls == []  # --jobs 1: no subprocess
    assert _dicts(serial) == _dicts(run_engine("validate", cwd=proj, target=["all"]))  # the pure engine's
    for jobs in (2, 3, 5):
        calls.clear()
        split = _run("validate", proj, jobs, target=["all"])
        assert calls == [jobs]
        assert _dicts(split) == _dicts(serial), jobs
        assert not any("Zq8!vR2#kP" in json.dumps(d) for d in _dicts(split))
    codes = {f.code[:3] for f in serial.findings}
    assert {"TC2", "TC4", "TC5"} <= codes  # several shares of the split produced findings


def test_split_run_is_skipped_for_small_runs(tmp_path, monkeypatch):
    proj = _project(tmp_path, 20)
    monkeypatch.setattr(parallel, "run_split", lambda *a, **k: pytest.fail("forked for 20 contracts"))
    assert _run("lint", proj, 4).findings


def test_cli_output_is_the_same_for_one_two_or_three_jobs(tmp_path):
    proj = _project(tmp_path, parallel.MIN_CONTRACTS + 5)
    args = ("validate", "--target", "all", "--format", "json", "--no-cache")
    one, two, three = (run_cli(*args, "--jobs", n, cwd=proj) for n in ("1", "2", "3"))
    assert one.returncode == two.returncode == three.returncode == 1, one.stderr + two.stderr + three.stderr
    assert one.stdout == two.stdout == three.stdout
    text = [run_cli("lint", "--no-cache", "--jobs", n, cwd=proj) for n in ("1", "3")]
    assert text[0].stdout == text[1].stdout and text[0].returncode == text[1].returncode


def test_jobs_must_be_a_positive_number(tmp_path):
    proj = _project(tmp_path, 3)
    p = run_cli("lint", "--jobs", "0", cwd=proj)
    assert p.returncode == 2 and "--jobs" in p.stderr


@needs_corpus
def test_corpus_sample_split_matches_serial(tmp_path):
    lines = (CORPUS / "tools.jsonl").read_text(encoding="utf-8").splitlines()[:800]
    (tmp_path / "tools.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (tmp_path / "toolcheck.yaml").write_text("paths: [tools.jsonl]\n", encoding="utf-8")
    args = ("validate", "--target", "all", "--format", "json", "--no-cache")
    one = run_cli(*args, "--jobs", "1", cwd=tmp_path)
    two = run_cli(*args, "--jobs", "2", cwd=tmp_path)
    three = run_cli(*args, "--jobs", "3", cwd=tmp_path)
    assert one.returncode == two.returncode == three.returncode == 1
    assert one.stdout == two.stdout == three.stdout


def test_the_plan_balances_groups_over_n_processes(monkeypatch):
    """Longest first, each group to the process where it would finish earliest; a child also pays for sending
    its findings back (TRANSFER), so a group with many findings stays here when that is quicker."""
    from types import SimpleNamespace

    from toolcheck.rules.base import Index, RuleSpec

    def rule(code, module):  # (with an index: a family's rule files are one unit)
        return RuleSpec(code, f"rule-{code.lower()}", scope="set", module=module, index=Index,
                        check=lambda facts, options: [])

    groups = ["toolcheck.rules.tc4_naming", "toolcheck.rules.tc2_targets", "toolcheck.rules.tc1_schema",
              "toolcheck.rules.tc5_leaks", "toolcheck.rules.tc0_loading", "mod_x"]
    monkeypatch.setattr(parallel, "COST", {groups[0]: 3.0, groups[1]: 2.5, groups[2]: 0.5, groups[3]: 0.3,
                                           groups[4]: 0.1})  # mod_x: DEFAULT_COST, 0.1
    monkeypatch.setattr(parallel, "TRANSFER", {groups[1]: 1.0})
    rules = [rule(f"TC89{i}", g if g == "mod_x" else g + ".a_rule") for i, g in enumerate(groups)]
    contracts = [SimpleNamespace(file=_File()) for _ in range(parallel.MIN_CONTRACTS)]
    assert parallel.plan(rules, contracts, 1) is None
    two = parallel.plan(rules, contracts, 2)
    assert [[r.group for r in share] for share in two] == [
        [groups[1], groups[2], groups[3]],  # 2.5 (here: no trip) + 0.5 + 0.3 = 3.3
        [groups[0], "mod_x", groups[4]]]  # 3.0 + 0.1 + 0.1 (the ties of 0.1 by name)
    monkeypatch.setattr(parallel, "TRANSFER", {})  # without the trip, the costliest group leads this process
    assert [share[0].group for share in parallel.plan(rules, contracts, 2)] == [groups[0], groups[1]]
    three = parallel.plan(rules, contracts, 3)
    assert [share[0].group for share in three] == groups[:3]  # the three costliest lead a share each
    assert sorted(r.code for share in three for r in share) == sorted(r.code for r in rules)
    assert len(parallel.plan(rules, contracts, 64)) == len(groups)  # never more processes than groups
    assert parallel.plan(rules, contracts[:-1], 4) is None  # a small run never forks


def test_a_rule_file_that_reads_no_index_is_a_unit_of_its_own(monkeypatch):
    """TC430 shares nothing with the other TC4 rules: the split may place it apart from them."""
    from toolcheck.rules.base import Index, RuleSpec

    def rule(code, module, index=None):
        return RuleSpec(code, f"rule-{code.lower()}", scope="set", module=module, index=index,
                        check=lambda facts, options: [])

    fam = "toolcheck.rules.tc4_naming"
    alone, a, b = rule("TC891", fam + ".alone"), rule("TC892", fam + ".a", Index), rule("TC893", fam + ".b", Index)
    old = rule("TC894", "old_module")  # an old-style module's rules stay together, index or not
    assert [parallel.unit(r) for r in (alone, a, b, old)] == [fam + ".alone", fam, fam, "old_module"]
    monkeypatch.setattr(parallel, "COST", {fam + ".alone": 2.0, fam: 1.0, "old_module": 1.0})
    monkeypatch.setattr(parallel, "TRANSFER", {})
    contracts = [SimpleNamespace(file=_File()) for _ in range(parallel.MIN_CONTRACTS)]
    shares = parallel.plan([alone, a, b, old], contracts, 2)
    assert [[r.code for r in share] for share in shares] == [["TC891"], ["TC894", "TC892", "TC893"]]  # ties by name


# ------------------------------------------------------------------------------------------------ run_split

class _File:
    reported = True


def _finding(code: str, message: str, f: _File) -> Finding:
    x = Finding(code=code, name="n", severity="error", message=message, help="h", file="f", line=1, column=1,
                tool=None, pointer="")
    x.extra["file"] = f
    return x


def test_secrets_learned_on_either_side_mask_both_sides(monkeypatch):
    files = [_File()]
    parent = os.getpid()
    a, b = "Kd93-hidden-ALPHA-77", "Xw81-hidden-BRAVO-42"
    masker = Masker()  # the run's: the child works on its forked copy

    def remask(fs):
        masker.mask_findings(fs)

    def work(rules):
        if os.getpid() == parent:
            masker.remember(a)
            out = {"P": [_finding("P", f"parent sees {a} and {b}", files[0])]}
        else:
            masker.remember(b)
            out = {"C": [_finding("C", f"child sees {a} and {b}", files[0])]}
        remask([f for fs in out.values() for f in fs])
        return out

    got = parallel.run_split(work, [["here"], ["there"]], files, remask=remask, masker=masker)
    assert set(got) == {"P", "C"}
    for code in ("P", "C"):
        msg = got[code][0].message
        assert a not in msg and b not in msg, msg
        assert got[code][0].extra["file"] is files[0]
    assert masker.known == {a, b}  # the parent's masker learned what the child learned


def test_a_child_that_dies_leaves_its_rules_to_the_parent():
    files = [_File()]
    parent = os.getpid()
    ran_here = []

    def work(rules):
        if os.getpid() != parent:
            os._exit(3)  # killed, out of memory, ...: no payload
        ran_here.extend(rules)
        return {r: [_finding(r, r, files[0])] for r in rules}

    got = parallel.run_split(work, [["A"], ["B"]], files, remask=lambda fs: None, masker=Masker())
    assert sorted(got) == ["A", "B"]
    assert ran_here == ["A", "B"]


def test_an_error_in_the_child_surfaces_as_in_one_process():
    files = [_File()]

    def work(rules):
        if "B" in rules:
            raise ValueError("rule B is broken")
        return {r: [] for r in rules}

    with pytest.raises(ValueError, match="rule B is broken"):
        parallel.run_split(work, [["A"], ["B"]], files, remask=lambda fs: None, masker=Masker())


def test_default_jobs(monkeypatch):
    monkeypatch.setenv("TOOLCHECK_JOBS", "1")
    assert parallel.default_jobs() == 1
    monkeypatch.setenv("TOOLCHECK_JOBS", "nonsense")
    assert parallel.default_jobs() == 1
    monkeypatch.setenv("TOOLCHECK_JOBS", "4")
    assert parallel.default_jobs() == 4
    monkeypatch.delenv("TOOLCHECK_JOBS")
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(3)), raising=False)
    assert parallel.default_jobs() == 3  # the CPUs this process may use (a container's, a taskset's)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(64)), raising=False)
    assert parallel.default_jobs() == parallel.MAX_DEFAULT_JOBS == 8


def test_a_failure_here_kills_the_child_instead_of_waiting_for_it():
    import time

    files = [_File()]
    parent = os.getpid()

    def work(rules):
        if os.getpid() != parent:
            time.sleep(60)  # a long share of the rules
            return {}
        raise RuntimeError("broken here")

    t = time.monotonic()
    with pytest.raises(RuntimeError, match="broken here"):
        parallel.run_split(work, [["A"], ["B"]], files, remask=lambda fs: None, masker=Masker())
    assert time.monotonic() - t < 20


def test_only_lint_and_validate_split(tmp_path, monkeypatch):
    """fuzz runs its own worker processes and time limits: it must never run in a forked copy of the engine."""
    from toolcheck.engine import Context, RunResult, Stamper
    from toolcheck.engine.pipeline import run_rules
    from toolcheck.rules.base import RuleSpec
    from toolcheck.settings import Settings

    def rule(code, module):
        return RuleSpec(code, f"rule-{code.lower()}", scope="set", module=module, check=lambda facts, options: [])

    proj = _project(tmp_path, 3)
    executors = {}

    def check(settings, inputs, masker=None, texts=None, executor=None):
        executors[inputs.command] = executor
        return RunResult([], [], [], [], set(), [])

    monkeypatch.setattr(runner, "check", check)
    for command in ("fuzz", "lint", "validate"):
        _run(command, proj, 4)
    assert executors["fuzz"] is None
    assert isinstance(executors["lint"], runner.Split) and isinstance(executors["validate"], runner.Split)

    rules = [rule("TC898", "mod_a"), rule("TC899", "mod_b")]
    from toolcheck.rules import RULES

    for r in rules:  # a rule's check reads its options from the registry
        monkeypatch.setitem(RULES, r.code, r)
    contracts = [SimpleNamespace(file=_File()) for _ in range(parallel.MIN_CONTRACTS + 1)]
    split = []
    monkeypatch.setattr(parallel, "run_split", lambda work, shares, files, remask, masker: split.append(1) or {
        k: v for share in shares for k, v in work(share).items()})
    settings = Settings(root=str(tmp_path))
    ctx = Context(settings, "validate", [], [], set(), [])
    assert run_rules(rules, ctx, [], contracts, [], Stamper(settings, set())) == []
    assert split == []  # the engine alone never splits
    assert run_rules(rules, ctx, [], contracts, [], Stamper(settings, set()), runner.Split(2)) == []
    assert split == [1]


def test_detached_work_does_not_hold_the_callers_output_pipe():
    import subprocess
    import time

    code = ("import time\nfrom toolcheck.runner.parallel import detached\n"
            "ok = detached(lambda: (time.sleep(4), print('from the detached process')))\nprint('done', ok)\n")
    t = time.monotonic()
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert p.stdout == "done True\n" and p.returncode == 0, p.stderr
    assert time.monotonic() - t < 3.5  # the reader saw EOF when the caller exited, not 4 s later


def test_large_run_cache_is_complete_once_the_detached_writer_is_done(tmp_path):
    import time

    proj = _project(tmp_path, parallel.MIN_CONTRACTS + 10)
    args = ("validate", "--target", "all")
    first = run_cli(*args, "--format", "json", cwd=proj)
    assert first.returncode == 1, first.stderr
    entries = proj / ".toolcheck_cache"
    deadline = time.monotonic() + 60
    while not list(entries.rglob("*.findings.json")) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert list(entries.rglob("*.findings.json"))
    again = run_cli(*args, "--format", "json", cwd=proj)
    assert (again.returncode, again.stdout) == (1, first.stdout)
    sarif = run_cli(*args, "--format", "sarif", cwd=proj)  # served from the stored findings
    fresh = run_cli(*args, "--format", "sarif", "--no-cache", cwd=proj)
    assert (sarif.returncode, sarif.stdout) == (fresh.returncode, fresh.stdout)
    assert not list(entries.rglob("*.tmp"))
