#!/usr/bin/env python3
"""Benchmark: `toolcheck fuzz --max-examples 10` over the valid-schema tools of corpus A (a benchmark, not a test).

    python benchmarks/fuzz_corpus.py                  # every tool whose `parameters` is valid JSON Schema
    python benchmarks/fuzz_corpus.py --sample 200     # a fixed, evenly spread sample (same tools every run)
    python benchmarks/fuzz_corpus.py --jobs 2         # split the tools over 2 processes (wall time only)

The tools are read from ``../shared/corpus/A/tools.jsonl`` (beside the checkout), kept when their `parameters`
is an object that draft 2020-12 meta-validates, written to a temporary JSON Lines file and fuzzed in-process
through :func:`toolcheck.fuzz.run_fuzz` (schema-level checks only: corpus tools have no handlers). Prints one
JSON object: tools, wall seconds, valid and invalid examples, examples per second, seconds per tool, findings
per code, and the tools stopped at the time limit. No crash and no hang is the pass criterion.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "A"


def valid_tools(corpus: Path, sample: int | None = None) -> list[dict]:
    import jsonschema_rs

    out = []
    with open(corpus / "tools.jsonl", encoding="utf-8") as fh:
        for line in fh:
            t = json.loads(line)
            p = t.get("parameters")
            if isinstance(p, dict):
                try:
                    ok = jsonschema_rs.meta.is_valid(p)
                except Exception:  # noqa: BLE001 - an unknown $schema
                    ok = False
                if ok:
                    out.append(t)
    if sample and sample < len(out):
        step = len(out) / sample
        out = [out[int(i * step)] for i in range(sample)]
    return out


def fuzz(tools: list[dict], max_examples: int, seed: int, budget: float) -> dict:
    sys.path.insert(0, str(ROOT))
    from toolcheck.cli import build_settings
    from toolcheck.fuzz import FuzzOptions, run_fuzz

    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "tools.jsonl"
        path.write_text("".join(json.dumps(t, ensure_ascii=False) + "\n" for t in tools), encoding="utf-8")
        old = os.getcwd()
        os.chdir(d)
        try:
            settings = build_settings("fuzz", paths=[path], config=None, select=None, extend_select=None, ignore=None,
                                      target=None, ship=None, samples=None, exclude=None, fmt=None, output=None,
                                      fail_on=None, exit_zero=False, statistics=False, baseline=None,
                                      write_baseline=None, no_cache=True, quiet=True, force_exclude=False)
            opts = FuzzOptions(max_examples=max_examples, seed=seed, budget_seconds=budget, progress=False)
            t0 = time.perf_counter()
            result = run_fuzz(settings, opts)
            wall = time.perf_counter() - t0
        finally:
            os.chdir(old)
    st = opts.state
    return {"tools": len(tools), "wall_s": round(wall, 2), "valid_examples": st.examples,
            "invalid_examples": st.invalid, "findings": dict(sorted(Counter(f.code for f in result.findings).items())),
            "stopped": [n for n in st.notes if "time limit" in n]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", type=Path, default=CORPUS)
    ap.add_argument("--sample", type=int, default=None, help="fuzz a fixed sample of N tools")
    ap.add_argument("--max-examples", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--budget-seconds", type=float, default=20.0)
    ap.add_argument("--jobs", type=int, default=1, help="processes (each fuzzes every N-th tool)")
    ap.add_argument("--part", type=str, default=None, help=argparse.SUPPRESS)  # "i/n": internal, for --jobs
    a = ap.parse_args()
    if not (a.corpus / "tools.jsonl").is_file():
        raise SystemExit(f"corpus not found: {a.corpus}")
    tools = valid_tools(a.corpus, a.sample)
    if a.part:
        i, n = (int(x) for x in a.part.split("/"))
        print(json.dumps(fuzz(tools[i::n], a.max_examples, a.seed, a.budget_seconds)))
        return
    t0 = time.perf_counter()
    if a.jobs > 1:
        cmd = [sys.executable, __file__, "--corpus", str(a.corpus), "--max-examples", str(a.max_examples), "--seed",
               str(a.seed), "--budget-seconds", str(a.budget_seconds)] + (["--sample", str(a.sample)] if a.sample else [])
        procs = [subprocess.Popen(cmd + ["--part", f"{i}/{a.jobs}"], stdout=subprocess.PIPE, text=True)
                 for i in range(a.jobs)]
        parts = [json.loads(p.communicate()[0].strip().splitlines()[-1]) for p in procs]
        res = {"tools": sum(p["tools"] for p in parts), "valid_examples": sum(p["valid_examples"] for p in parts),
               "invalid_examples": sum(p["invalid_examples"] for p in parts),
               "findings": dict(sorted(sum((Counter(p["findings"]) for p in parts), Counter()).items())),
               "stopped": [s for p in parts for s in p["stopped"]]}
    else:
        res = fuzz(tools, a.max_examples, a.seed, a.budget_seconds)
    wall = time.perf_counter() - t0
    res["wall_s"] = round(wall, 2)
    res["jobs"] = a.jobs
    res["examples_per_s"] = round((res["valid_examples"] + res["invalid_examples"]) / wall, 1)
    res["s_per_tool"] = round(wall / max(1, res["tools"]), 4)
    print(json.dumps(res, indent=2))


if __name__ == "__main__":
    main()
