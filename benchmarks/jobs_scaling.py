#!/usr/bin/env python3
"""How `--jobs N` can scale: the CPU time of each rule group of one run, and what the split makes of it.

    python benchmarks/jobs_scaling.py PROJECT [--target all] [--command validate]

Runs the engine in this process, serially, timing (CPU time, so a loaded machine does not distort it) the
work outside the rules (discovery, loading, suppression, sorting, the JSON report) and each rule group the
split shares out (with its findings' JSON encoded, as a forked process does), and what sending those findings
back from a child would add (pickled, unpickled). Then, for N = 1..8, it takes the shares
:func:`toolcheck.runner.parallel.plan` makes and prints the largest share's measured CPU time, a child's with
its findings' trip: with N idle cores, a run takes about ``outside + largest share`` (plus a fork). No group is split, so the costliest group bounds the speed-up. Build PROJECT from corpus A with
``python benchmarks/run.py --make-project DIR``.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import pickle
import time
from types import SimpleNamespace


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("project")
    ap.add_argument("--command", default="validate", choices=("lint", "validate"))
    ap.add_argument("--target", action="append", default=None)
    args = ap.parse_args()
    gc.disable()  # as the runner does
    from toolcheck.engine import check, gather
    from toolcheck.options import CheckOptions, Fmt, build_settings
    from toolcheck.report import render
    from toolcheck.runner import parallel

    os.chdir(args.project)
    settings = build_settings(args.command, CheckOptions(target=args.target, fmt=Fmt.json, no_cache=True))
    cost: dict[str, float] = {}
    transfer: dict[str, float] = {}
    seen: dict = {}

    def timed(work, rules, contracts, files, masker):
        seen.update(rules=rules, contracts=contracts)
        out: dict = {}
        index = {id(f): i for i, f in enumerate(files)}
        for group in dict.fromkeys(parallel.unit(r) for r in rules):
            t = time.process_time()
            got = work([r for r in rules if parallel.unit(r) == group])
            for fs in got.values():
                for f in fs:
                    f.to_json()
            cost[group] = time.process_time() - t
            # what a forked child adds for this group: its findings pickled (files sent as their index), sent
            # and unpickled here
            t = time.process_time()
            held = [(f, f.extra["file"]) for fs in got.values() for f in fs]
            for f, sf in held:
                f.extra["file"] = index[id(sf)]
            pickle.loads(pickle.dumps(got, pickle.HIGHEST_PROTOCOL))
            for f, sf in held:
                f.extra["file"] = sf
            transfer[group] = time.process_time() - t
            out.update(got)
        return out

    t = time.process_time()
    result = check(settings, gather(settings, args.command), executor=timed)
    render("json", result, settings, "x")
    outside = time.process_time() - t - sum(cost.values())
    rules = [SimpleNamespace(group=r.group, code=r.code, index=r.index, module=r.module) for r in seen["rules"]]
    many = [SimpleNamespace(file=SimpleNamespace(reported=True))] * max(parallel.MIN_CONTRACTS, 1)
    saved = dict(parallel.COST), dict(parallel.TRANSFER)
    rows = []
    for table in ("measured", "shipped"):
        parallel.COST.clear()
        parallel.TRANSFER.clear()
        # balance the shares on this run's own costs, then on the shipped tables
        parallel.COST.update(cost if table == "measured" else saved[0])
        parallel.TRANSFER.update(transfer if table == "measured" else saved[1])
        for n in range(1, 9):
            shares = parallel.plan(rules, many, n) if n > 1 else [rules]
            largest = max(sum(cost[g] + (transfer[g] if i else 0.0) for g in dict.fromkeys(parallel.unit(r) for r in share))
                          for i, share in enumerate(shares))
            rows.append({"balanced on": table, "jobs": n, "processes": len(shares),
                         "largest share s": round(largest, 2), "estimate s": round(outside + largest, 2)})
    print(f"{sum(1 for c in result.contracts if c.file.reported)} tools; CPU outside the rules {outside:.2f} s")
    print("groups (CPU s): " + json.dumps({k: round(v, 2) for k, v in sorted(cost.items(), key=lambda kv: -kv[1])}))
    print("their findings' trip from a child (CPU s): " + json.dumps(
        {k: round(v, 2) for k, v in sorted(transfer.items(), key=lambda kv: -kv[1]) if v >= 0.005}))
    print("| balanced on | --jobs | processes | largest share | estimate with idle cores |")
    print("|---|---:|---:|---:|---:|")
    for r in rows:
        print(f"| {r['balanced on']} | {r['jobs']} | {r['processes']} | {r['largest share s']:.2f} s | "
              f"{r['estimate s']:.2f} s |")


if __name__ == "__main__":
    main()
