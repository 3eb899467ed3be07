#!/usr/bin/env python3
"""Time the TC2 (vendor target) checks alone over corpus A, in-process.

    python benchmarks/tc2_targets.py [--ship as-is|export] [--repeats N]

Loads `../shared/corpus/A/tools.jsonl` once, then times only the TC2 rule checks (every TC2 code, every
target: `--target all`), i.e. the work the checks add on top of loading; stamping positions and rendering the
report are the engine's and are not included. Prints the median and the hit count.
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
    ap.add_argument("--ship", default="as-is", choices=("as-is", "export"))
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()

    from toolcheck.engine import Context
    from toolcheck.loading import load_file
    from toolcheck.rules import RULES, load_rules
    from toolcheck.settings import Settings

    load_rules()
    lf = load_file(str(CORPUS), "tools.jsonl", Settings(root=str(ROOT)).limits, role="contracts")
    contracts = lf.contracts
    tc2 = sorted(c for c in RULES if c.startswith("TC2"))
    settings = Settings(root=str(ROOT), targets=("all",), ship=args.ship)
    times = []
    cpu = []
    hits = 0
    for _ in range(args.repeats):
        ctx = Context(settings, "validate", contracts, [], set(tc2), [])
        t = time.perf_counter()
        c0 = time.process_time()
        hits = 0
        for code in tc2:  # each rule file's check, with its index's facts, as the engine calls it
            r = RULES[code]
            options, index = ctx.options(code), ctx.index(r.index)
            if r.scope == "contract":
                for c in contracts:
                    hits += sum(1 for _ in r.check(index.facts(c), options) or ())
            elif r.scope == "set":
                hits += sum(1 for _ in r.check(index.facts(contracts), options) or ())
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c0)
    print(f"TC2 --target all --ship {args.ship}: {len(contracts)} tools, {hits} hits, wall median "
          f"{statistics.median(times):.3f} s (min {min(times):.3f}, max {max(times):.3f}), CPU min {min(cpu):.3f} s")


if __name__ == "__main__":
    main()
