#!/usr/bin/env python3
"""Time the TC1 (JSON Schema validity) checks alone over corpus A, in-process.

    python benchmarks/tc1_schema.py [--repeats N]

Loads `../shared/corpus/A/tools.jsonl` once, then times only the TC1 rule checks (all codes, each contract's
schemas walked once by the family index, `toolcheck/rules/tc1_schema/index.py`, and shared by the rules, as in a
real run), i.e. the work the checks add on top of loading; stamping positions and rendering the report are the
engine's and are not included. Each repeat starts from a fresh `Context` (so the index is rebuilt; module-level
memos of pure functions — compiled metaschemas, analysed regexes — stay warm after the first repeat, as they
would be after the first few tools of a run). Prints wall and CPU medians.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
CORPUS = ROOT.parent / "shared" / "corpus" / "A" / "tools.jsonl"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()

    from toolcheck.engine import Context
    from toolcheck.loading import load_file
    from toolcheck.rules import RULES, load_rules
    from toolcheck.settings import Settings

    load_rules()
    settings = Settings(root=str(ROOT))
    lf = load_file(str(CORPUS), "tools.jsonl", settings.limits, role="contracts")
    contracts = lf.contracts
    tc1 = sorted(c for c in RULES if c.startswith("TC1"))
    walls, cpus = [], []
    hits = 0
    for _ in range(args.repeats):
        ctx = Context(settings, "lint", contracts, [], set(tc1), [])
        t, c0 = time.perf_counter(), time.process_time()
        hits = 0
        for code in tc1:
            r = RULES[code]
            index, options = ctx.index(r.index), ctx.options(code)
            hits += sum(1 for c in contracts for _ in r.check(index.facts(c), options))
        walls.append(time.perf_counter() - t)
        cpus.append(time.process_time() - c0)
    print(f"TC1 ({len(tc1)} codes): {len(contracts)} tools, {hits} hits, wall median {statistics.median(walls):.3f} s "
          f"(min {min(walls):.3f}), CPU median {statistics.median(cpus):.3f} s, "
          f"{1e6 * min(walls) / max(1, len(contracts)):.0f} µs/tool")


if __name__ == "__main__":
    main()
