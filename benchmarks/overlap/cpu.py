"""TC430's CPU time on corpus A in process: parsing the frames and comparing the pairs of each origin group.

    python benchmarks/overlap/cpu.py [--out findings.json]

A shared machine's wall times swing with its load (speed.py's figures can be 10x an idle machine's); process CPU
time of the two parts TC430 spends on (parse: one frame per tool; compare: the candidate pairs of each group, at
the shipped threshold 0.5) swings far less. The groups are `group-by: auto`'s (origin: the part of `source`
before `@`), each name once. ``--out`` writes the (group, tool, other, score) found, to check that a speed-up
changes no finding. The cyclic garbage collector is off, as `toolcheck lint` runs (cli.py: lint and validate
are short-lived; reference counting frees what matters); ``--gc`` keeps it on (a library caller's default). The
peak RSS of the process is printed too.
"""

from __future__ import annotations

import argparse
import gc
import json
import resource
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from overlap_common import CORPUS  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", metavar="PATH")
    ap.add_argument("--gc", action="store_true", help="keep the cyclic garbage collector on")
    args = ap.parse_args(argv)
    if not args.gc:
        gc.disable()
    from toolcheck.overlap import find_overlaps, mention_keys, parse

    groups: dict[str, dict[str, dict]] = defaultdict(dict)
    with open(CORPUS, encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            src = r.get("source") or ""
            groups[src.split("@", 1)[0] if "@" in src else src].setdefault(r["name"], r)
    t_parse = t_compare = 0.0
    found = []
    for origin, by_name in sorted(groups.items()):
        tools = list(by_name.values())
        if len(tools) < 2:
            continue
        known = frozenset(k for r in tools for k in mention_keys(r["name"]))
        t0 = time.process_time()
        frames = [parse(r["name"], r.get("description") or "", r.get("parameters"), known) for r in tools]
        t1 = time.process_time()
        pairs = find_overlaps(frames, 0.5)
        t2 = time.process_time()
        t_parse += t1 - t0
        t_compare += t2 - t1
        found.extend((origin, frames[i].name, frames[j].name, round(s, 6)) for i, j, s in pairs)
    print(f"parse {t_parse:.2f} s, compare {t_compare:.2f} s, total {t_parse + t_compare:.2f} s CPU; "
          f"{len(found)} pairs at 0.5; peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MB"
          f"{' (collector on)' if args.gc else ''}")
    if args.out:
        Path(args.out).write_text(json.dumps(found) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
