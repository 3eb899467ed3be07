#!/usr/bin/env python3
"""toolcheck benchmarks: each case prints one table row (median of repeated runs, min/max, peak RSS, and a
ratio against a reference measured in the same run where one exists).

    python benchmarks/run.py            # all cases, full corpus (../shared/corpus/A beside the checkout)
    python benchmarks/run.py --quick    # CI: small sample, few repeats, no timing assertions

Machines are shared and noisy: compare ratios measured in the same run, not absolute numbers across runs.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "A"


def timed(cmd: list[str], cwd: Path, repeats: int, env: dict | None = None) -> tuple[list[float], int, int]:
    """Wall times, peak RSS of the measured process (KiB, the largest over the repeats; a large run's forked
    rule process shares its pages and is not added) and the last exit code."""
    times = []
    code = 0
    peak = 0
    for _ in range(repeats):
        t = time.perf_counter()
        p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             env={**_env(), **(env or {})})
        err = p.stderr.read()
        _, status, usage = os.wait4(p.pid, 0)
        times.append(time.perf_counter() - t)
        p.returncode = code = os.waitstatus_to_exitcode(status)
        peak = max(peak, usage.ru_maxrss)
        if code not in (0, 1):
            raise SystemExit(f"{' '.join(cmd)} failed ({code}): {err.decode()[-500:]}")
    return times, peak, code


def _env():
    e = dict(os.environ)
    e["NO_COLOR"] = "1"
    e.pop("TOOLCHECK_FORMAT", None)
    return e


def row(name: str, times: list[float], rss_kib: int | None, ref: list[float] | None = None, note: str = "") -> dict:
    med = statistics.median(times)
    r = {"case": name, "median_s": round(med, 3), "min_s": round(min(times), 3), "max_s": round(max(times), 3),
         "runs": len(times), "peak_rss_mib": round(rss_kib / 1024, 1) if rss_kib else None}
    if ref:
        r["reference_median_s"] = round(statistics.median(ref), 3)
        r["ratio"] = round(med / statistics.median(ref), 2)
    if note:
        r["note"] = note
    ratio = f"  ratio {r['ratio']:.2f} vs {r['reference_median_s']:.3f}s" if ref else ""
    print(f"| {name:<52} | {med:7.3f}s | {min(times):7.3f}s | {max(times):7.3f}s | "
          f"{(r['peak_rss_mib'] or 0):7.1f} MiB |{ratio} {note}", flush=True)
    return r


def toolcheck_cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "toolcheck", *args]


def schemas_dir(contracts: list[Path], out: Path) -> list[Path]:
    """The `parameters` of each contract as a standalone JSON Schema file (what check-jsonschema can read)."""
    import yaml

    files = []
    for c in contracts:
        doc = yaml.safe_load(c.read_text(encoding="utf-8"))
        p = out / (c.stem + ".json")
        p.write_text(json.dumps(doc.get("parameters", {})), encoding="utf-8")
        files.append(p)
    return files


def case_precommit(repeats: int, results: list) -> None:
    contracts = sorted((ROOT / "contracts").glob("*.yaml"))
    cj = shutil.which("check-jsonschema") or (str(Path(sys.executable).parent / "check-jsonschema")
                                              if (Path(sys.executable).parent / "check-jsonschema").exists() else None)
    with tempfile.TemporaryDirectory() as td:
        schemas = schemas_dir(contracts, Path(td))
        for label, files, sch in (("one contract", [contracts[0]], schemas[:1]), ("bundled contracts/", contracts, schemas)):
            tc, rss, _ = timed(toolcheck_cmd("lint", *map(str, files)), ROOT, repeats)
            ref = None
            if cj:
                ref, _, _ = timed([cj, "--check-metaschema", *map(str, sch)], ROOT, repeats)
            results.append(row(f"pre-commit: toolcheck lint, {label} ({len(files)})", tc, rss, ref,
                               "" if cj else "(check-jsonschema not installed: no ratio)"))


def _corpus_project(tmp: Path, copies: int = 1, limit: int | None = None) -> Path:
    """Build the project in a child process: Linux folds the spawning process's memory high-water mark into a
    spawned command's peak RSS (exec after vfork), so this process must stay small for the RSS column to mean
    anything."""
    cmd = [sys.executable, __file__, "--make-project", str(tmp), "--copies", str(copies)]
    if limit:
        cmd += ["--limit", str(limit)]
    subprocess.run(cmd, check=True)
    return tmp


def _make_project(tmp: Path, copies: int = 1, limit: int | None = None) -> Path:
    (tmp / "samples").mkdir(parents=True, exist_ok=True)
    tools = (CORPUS / "tools.jsonl").read_text(encoding="utf-8").splitlines()
    samples = (CORPUS / "samples.jsonl").read_text(encoding="utf-8").splitlines()
    if limit:
        tools = tools[:limit]
        names = {json.loads(t)["name"] for t in tools}
        samples = [s for s in samples if json.loads(s)["name"] in names]
    for i in range(copies):
        if i == 0:
            (tmp / "tools.jsonl").write_text("\n".join(tools) + "\n", encoding="utf-8")
            (tmp / "samples" / "calls.jsonl").write_text("\n".join(samples) + "\n", encoding="utf-8")
            continue
        # renamed tools from renamed projects: each copy is a corpus of its own, so overlap (grouped by the
        # project a tool was published in) compares as many pairs per copy as in the original
        out_t, out_s = [], []
        for t in tools:
            d = json.loads(t)
            d["name"] = f"{d['name']}_c{i}"
            if isinstance(d.get("source"), str):
                d["source"] = f"copy{i}/{d['source']}"
            out_t.append(json.dumps(d))
        for s in samples:
            d = json.loads(s)
            d["name"] = f"{d['name']}_c{i}"
            if isinstance(d.get("source"), str):
                d["source"] = f"copy{i}/{d['source']}"
            out_s.append(json.dumps(d))
        (tmp / f"tools_c{i}.jsonl").write_text("\n".join(out_t) + "\n", encoding="utf-8")
        (tmp / "samples" / f"calls_c{i}.jsonl").write_text("\n".join(out_s) + "\n", encoding="utf-8")
    (tmp / "toolcheck.yaml").write_text("paths: ['.']\nsamples: samples\nexclude: [toolcheck.yaml]\n")
    return tmp


def case_validate_corpus(repeats: int, results: list, quick: bool) -> None:
    if not CORPUS.is_dir():
        print("| validate corpus A: skipped (../shared/corpus not found)")
        return
    with tempfile.TemporaryDirectory() as td:
        proj = _corpus_project(Path(td), limit=300 if quick else None)
        t, rss, _ = timed(toolcheck_cmd("validate", "--target", "all", "--format", "json", "--no-cache"), proj, repeats)
        n = sum(1 for _ in open(proj / "tools.jsonl"))
        results.append(row(f"CI: toolcheck validate --target all, corpus A ({n} tools)", t, rss))
        t1, rss1, _ = timed(toolcheck_cmd("validate", "--target", "all", "--format", "json", "--no-cache"), proj,
                            repeats, env={"TOOLCHECK_JOBS": "1"})
        results.append(row("CI: the same on one process (TOOLCHECK_JOBS=1)", t1, rss1, t,
                           "(ratio: against the default, two processes)"))
        cold_cached = []
        for _ in range(repeats):  # a first run with an empty cache (what a CI job without a kept cache sees)
            time.sleep(3)  # the previous run's detached findings writer is done: a CI job runs once
            shutil.rmtree(proj / ".toolcheck_cache", ignore_errors=True)
            t1, rss1, _ = timed(toolcheck_cmd("validate", "--target", "all", "--format", "json"), proj, 1)
            cold_cached += t1
        results.append(row("CI: the same, first run filling .toolcheck_cache/", cold_cached, rss1, t,
                           "(ratio: against --no-cache)"))
        time.sleep(3)  # the detached writer of the findings file finishes
        t, rss, _ = timed(toolcheck_cmd("validate", "--target", "all", "--format", "json"), proj, repeats)
        results.append(row("CI: the same, second unchanged run (cache)", t, rss))
        t, rss, _ = timed(toolcheck_cmd("lint", "--format", "json", "--no-cache"), proj, repeats)
        results.append(row(f"toolcheck lint, corpus A ({n} tools)", t, rss))
        t, rss, _ = timed(toolcheck_cmd("lint", "--select", "TC430", "--format", "json", "--no-cache"), proj, repeats)
        results.append(row(f"overlap only (TC430), corpus A ({n} tools)", t, rss))


def case_scaling(repeats: int, results: list, quick: bool) -> None:
    if not CORPUS.is_dir() or quick:
        return
    for k in (1, 2, 4):
        with tempfile.TemporaryDirectory() as td:
            proj = _corpus_project(Path(td), copies=k)
            t, rss, _ = timed(toolcheck_cmd("validate", "--format", "json", "--no-cache"), proj, max(1, repeats // 2))
            results.append(row(f"scaling: validate at {k}x corpus A", t, rss))


def case_overlap_scaling(repeats: int, results: list, quick: bool) -> None:
    """Overlap at a quarter, half and all of corpus A (copies would be near-duplicates of each other)."""
    if not CORPUS.is_dir() or quick:
        return
    with open(CORPUS / "tools.jsonl", encoding="utf-8") as fh:
        n = sum(1 for _ in fh)
    for frac, label in ((4, "1/4"), (2, "1/2"), (1, "all")):
        with tempfile.TemporaryDirectory() as td:
            proj = _corpus_project(Path(td), limit=n // frac)
            t, rss, _ = timed(toolcheck_cmd("lint", "--select", "TC430", "--format", "json", "--no-cache"), proj,
                              max(1, repeats // 2))
            results.append(row(f"scaling: overlap (TC430) at {label} of corpus A ({n // frac} tools)", t, rss))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="small sample, 1-2 repeats (CI)")
    ap.add_argument("--repeats", type=int, default=None)
    ap.add_argument("--json", type=Path, help="also write the rows as JSON here")
    ap.add_argument("--make-project", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--copies", type=int, default=1, help=argparse.SUPPRESS)
    ap.add_argument("--limit", type=int, default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.make_project:
        _make_project(args.make_project, args.copies, args.limit)
        return
    repeats = args.repeats or (2 if args.quick else 7)
    print(f"# toolcheck benchmarks — {time.strftime('%Y-%m-%d')} — {platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}")
    print("| case | median | min | max | peak RSS | ratio |")
    # an installed package has its bytecode compiled by pip; a checkout run with PYTHONDONTWRITEBYTECODE would
    # recompile toolcheck's sources on every start and measure the compiler instead
    import compileall

    compileall.compile_dir(str(ROOT / "toolcheck"), quiet=1)
    results: list = []
    case_precommit(repeats, results)
    case_validate_corpus(repeats if not args.quick else 1, results, args.quick)
    case_scaling(repeats, results, args.quick)
    case_overlap_scaling(repeats, results, args.quick)
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
