#!/usr/bin/env python3
"""Where the CPU time of one short `toolcheck lint` goes, phase by phase, on a real install (issue 21).

    python benchmarks/startup_profile.py [--python VENV/bin/python] [--runs 9] [--peer VENV/bin/toollint ARGS...]
    python benchmarks/startup_profile.py --json out.json

Each run is a fresh process of the given interpreter (default: the real install `benchmarks/run.py` builds and
caches; run that first) that lints the bundled contract `contracts/search_docs.yaml` (or `--contracts`: all
eleven) with `--no-cache` in a scratch copy of the contracts, as pre-commit does. Inside it, CPU time
(`time.process_time`, so a loaded machine does not distort it) is charged to the phase that is running,
exclusively (a nested phase's time is not also its parent's):

- `imports: typer`, `imports: yaml`, `imports: rich`, `imports: pathspec`, `imports: toolcheck` (its own modules,
  at `import toolcheck.cli`), then later imports by whoever triggers them;
- `rule files` (the registry importing every rule file: `toolcheck.rules.load_rules`, less its regexes);
- `regex compile` (every `re.compile` / first use of a pattern, wherever it happens: `re._compiler.compile`);
- `discovery`, `loading` (read + parse + positions), `rules` (every rule's check, with the family indexes it
  builds), `report`;
- `other`: CLI parsing, config, settings, stamping, suppression, sorting.

`exit` is the process's CPU time (rusage) less everything above and the interpreter start: what is spent after
the report is written (the console script's fast exit skips the heap teardown) and before the probe's first line.

The interpreter's own start (before the first line of the script runs) is measured by `python -c pass` in the
same rounds and reported as `interpreter start`; `--peer` times another command (e.g. toollint) in the same rounds.
The medians over `--runs` runs are printed as a table (and written with `--json`). Phases overlap a little (a
phase's import is charged to imports), and the hooks cost about 1 ms in all; the sum is within a few ms of the
same process's total CPU time, which the table also gives.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The in-process part: run by the measured interpreter with `-c`; prints one JSON line of phase -> seconds.
PROBE = r'''
import sys, time, json
_clock = time.process_time
_stack = [["other", _clock()]]
_acc = {}
def _enter(name):
    now = _clock()
    top = _stack[-1]
    _acc[top[0]] = _acc.get(top[0], 0.0) + now - top[1]
    _stack.append([name, now])
def _leave():
    now = _clock()
    name, t = _stack.pop()
    _acc[name] = _acc.get(name, 0.0) + now - t
    _stack[-1][1] = now
def _timed(name, fn):
    def wrapper(*a, **k):
        _enter(name)
        try:
            return fn(*a, **k)
        finally:
            _leave()
    wrapper.__wrapped__ = fn
    return wrapper
t_start = _clock()
import re._compiler as _rc
_rc.compile = _timed("regex compile", _rc.compile)
for mod, phase in (("typer", "imports: typer"), ("yaml", "imports: yaml"), ("rich", "imports: rich"),
                   ("pathspec", "imports: pathspec")):
    _enter(phase)
    try:
        __import__(mod)
    except ImportError:
        pass
    _leave()
_enter("imports: toolcheck")
import toolcheck.cli
_leave()
import importlib
patches = [("toolcheck.rules", "load_rules", "rule files"), ("toolcheck.discovery", "discover", "discovery"),
           ("toolcheck.loading", "load_file", "loading"), ("toolcheck.engine.stamp", "run_rule", "rules"),
           ("toolcheck.engine", "_run_rule", "rules"),  # before the redesign (for --python of an older install)
           ("toolcheck.report", "render", "report")]
for owner_name, attr, phase in patches:
    try:
        orig = getattr(importlib.import_module(owner_name), attr)
    except (ImportError, AttributeError):
        continue
    owner = sys.modules[owner_name]
    new = _timed(phase, orig)
    for m in list(sys.modules.values()):  # every module that bound the name with `from ... import`
        if getattr(m, "__name__", "").startswith("toolcheck") and getattr(m, attr, None) is orig:
            setattr(m, attr, new)
    setattr(owner, attr, new)
sys.argv = ["toolcheck", "lint", "--no-cache", *ARGS]
import atexit, os
def _report():
    now = _clock()
    while len(_stack) > 1:
        _leave()
    _acc["other"] = _acc.get("other", 0.0) + now - _stack[0][1]
    _acc["total (this process)"] = now - t_start
    os.write(3, (json.dumps(_acc) + "\n").encode())
atexit.register(_report)
def _exit_wrapper(orig):
    def _exit_now(code):  # the fast exit skips atexit: report first
        _report()
        atexit.unregister(_report)
        orig(code)
    return _exit_now
for owner_name, attr in (("toolcheck.runner", "exit_now"), ("toolcheck.cli", "_exit_now")):  # now; before
    try:
        owner = importlib.import_module(owner_name)
    except ImportError:
        continue
    if hasattr(owner, attr):
        setattr(owner, attr, _exit_wrapper(getattr(owner, attr)))
toolcheck.cli.entry()  # the console script's entry point: with its fast exit
'''

PHASES = ("interpreter start", "imports: typer", "imports: yaml", "imports: rich", "imports: pathspec",
          "imports: toolcheck", "rule files", "regex compile", "discovery", "loading", "rules", "report", "other", "exit")


def default_python() -> str:
    cache = Path(os.environ.get("TOOLCHECK_BENCH_CACHE") or Path.home() / ".cache" / "toolcheck-bench")
    venvs = sorted(cache.glob("toolcheck-[0-9a-f]*"), key=lambda p: p.stat().st_mtime, reverse=True)
    if not venvs:
        raise SystemExit("no real install found: run `python benchmarks/run.py --quick` first, or pass --python")
    return str(venvs[0] / "bin" / "python")


def cpu_of(cmd: list[str], cwd: Path, env: dict, pass_fds=()) -> tuple[float, subprocess.CompletedProcess]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, pass_fds=pass_fds, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), p


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--python", help="the interpreter of a real install (default: benchmarks/run.py's cached one)")
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--contracts", action="store_true", help="lint all 11 bundled contracts, not one")
    ap.add_argument("--toollint", nargs="?", const="auto", metavar="PATH",
                    help="also time toollint on the same tools, same rounds (default PATH: benchmarks/run.py's "
                    "cached venv)")
    ap.add_argument("--peer", nargs=argparse.REMAINDER, help="a command timed in the same rounds (CPU only)")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    py = args.python or default_python()
    work = Path(tempfile.mkdtemp(prefix="toolcheck-startup-"))
    try:
        shutil.copytree(ROOT / "contracts", work / "contracts")
        (work / "config").mkdir()
        env = {k: v for k, v in os.environ.items() if not k.startswith(("TOOLCHECK", "PYTHON"))}
        env["XDG_CONFIG_HOME"] = str(work / "config")
        targets = ["contracts"] if args.contracts else ["contracts/search_docs.yaml"]
        if args.toollint:
            sys.path.insert(0, str(ROOT / "benchmarks"))
            import benchlib as bl

            cache = Path(os.environ.get("TOOLCHECK_BENCH_CACHE") or Path.home() / ".cache" / "toolcheck-bench")
            tl = [Path(args.toollint)] if args.toollint != "auto" else sorted(
                cache.glob("toollint-*/bin/toollint"), key=lambda p: p.stat().st_mtime, reverse=True)
            if not tl:
                raise SystemExit("toollint's venv not found: run `python benchmarks/run.py --quick` first")
            files = [work / t for t in targets] if not args.contracts else sorted((work / "contracts").glob("*.yaml"))
            tl_file, _ = bl.write_peer_inputs(files, work / "inputs", "peer")
            args.peer = [str(tl[0]), "check", str(tl_file)]
        probe = PROBE.replace("*ARGS", ", ".join(repr(t) for t in targets))
        rows: dict[str, list[float]] = {}
        for i in range(args.runs + 1):  # the first round warms the page cache and is not counted
            r, w = os.pipe()
            total, p = cpu_of([py, "-c", f"import os; os.dup2({w}, 3)\n" + probe], work, env, pass_fds=(w,))
            os.close(w)
            with os.fdopen(r) as fh:
                line = fh.read().strip()
            if p.returncode not in (0, 1) or not line:
                raise SystemExit(f"the probe failed (exit {p.returncode}):\n{p.stderr[-2000:]}")
            bare, _ = cpu_of([py, "-c", "pass"], work, env)
            peer = cpu_of(args.peer, work, env)[0] if args.peer else None
            if i == 0:
                continue
            phases = json.loads(line)
            phases["interpreter start"] = bare
            phases["total (process CPU, rusage)"] = total
            phases["exit"] = max(0.0, total - bare - phases["total (this process)"])
            if peer is not None:
                phases[f"peer: {Path(args.peer[0]).name} (process CPU, rusage)"] = peer
            for k, v in phases.items():
                rows.setdefault(k, []).append(v)
        med = {k: statistics.median(v) for k, v in rows.items()}
        what = "all 11 bundled contracts" if args.contracts else "contracts/search_docs.yaml"
        print(f"`toolcheck lint --no-cache` of {what}, {py}: median CPU of {args.runs} runs")
        print()
        print("| phase | CPU (ms) |")
        print("|---|---:|")
        for k in (*PHASES, *(k for k in med if k not in PHASES)):
            if k in med:
                print(f"| {k} | {med[k] * 1000:.1f} |")
        if args.json:
            args.json.write_text(json.dumps({"python": py, "runs": args.runs, "what": what,
                                             "median_seconds": med}, indent=2), encoding="utf-8")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
