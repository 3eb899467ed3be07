"""How far two blind labellings of one round agree, and how TC430 scores against each (issue 18's labels' own
reliability: a bar on F1 means little above the labellers' agreement with each other).

    python benchmarks/overlap/agreement.py fresh5 fresh6      # the rounds with a second labelling (relabel_<round>.jsonl)

For each round: the first labelling (pairs_<round>.jsonl, the one scored) and the second (relabel_<round>.jsonl,
the same pairs labelled again by other blind labellers, same rules, same definitions printed by a script that shows
nothing else, before they saw the first labels or any score). Printed: the agreement (share of pairs, Cohen's kappa),
the overlaps each found and both found, the second labelling's precision/recall/F1 taking the first as truth (the
F1 a perfect imitation of one labeller would get against the other), and TC430's F1 at the shipped threshold
against the first, the second, and the pairs both agree on. TC430's scores come from run.py's scorer (the CLI of
the installed toolcheck, or --in-process).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from overlap_common import CORPUS, Resolver, load_corpus, load_pairs, prf  # noqa: E402


def kappa(a: list[bool], b: list[bool]) -> float:
    n = len(a)
    po = sum(x == y for x, y in zip(a, b, strict=True)) / n
    pa, pb = sum(a) / n, sum(b) / n
    pe = pa * pb + (1 - pa) * (1 - pb)
    return (po - pe) / (1 - pe) if pe < 1 else 1.0


def main(argv: list[str] | None = None) -> int:
    import run

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("rounds", nargs="+")
    ap.add_argument("--in-process", action="store_true")
    args = ap.parse_args(argv)
    held = [r for r in args.rounds if r in run.HELD_OUT]
    if held:
        print(f"agreement.py: {', '.join(held)} is held out (run.py HELD_OUT): not scored here", file=sys.stderr)
        return 2
    missing = [r for r in args.rounds if not (HERE / f"relabel_{r}.jsonl").is_file()]
    if missing:
        print(f"agreement.py: no second labelling of {', '.join(missing)} (relabel_<round>.jsonl)", file=sys.stderr)
        return 2
    resolver = Resolver(load_corpus(CORPUS))
    scorer = run.score_pairs_in_process if args.in_process else run.score_pairs
    threshold = run.shipped_threshold()
    print("| round | pairs | agree | kappa | overlaps 1st / 2nd / both | 2nd vs 1st P / R / F1 | TC430 F1 vs 1st | "
          "vs 2nd | vs both-agree pairs |")
    print("|---|---|---|---|---|---|---|---|---|")
    for rnd in args.rounds:
        first = {r["id"]: r for r in load_pairs(HERE / f"pairs_{rnd}.jsonl")}
        second = {r["id"]: r for r in load_pairs(HERE / f"relabel_{rnd}.jsonl")}
        ids = [i for i in first if i in second]
        y1 = [first[i]["label"] == "overlap" for i in ids]
        y2 = [second[i]["label"] == "overlap" for i in ids]
        flagged = [s > 0 for s, _ in scorer([run.pair_records(first[i], resolver) for i in ids], threshold=threshold)]
        agree = sum(a == b for a, b in zip(y1, y2, strict=True)) / len(ids)
        p, r, f = prf(y1, y2)
        both = [k for k in range(len(ids)) if y1[k] == y2[k]]
        f_both = prf([y1[k] for k in both], [flagged[k] for k in both])[2]
        print(f"| {rnd} | {len(ids)} | {agree:.2f} | {kappa(y1, y2):.2f} | {sum(y1)} / {sum(y2)} / "
              f"{sum(a and b for a, b in zip(y1, y2, strict=True))} | {p:.2f} / {r:.2f} / {f:.2f} | "
              f"{prf(y1, flagged)[2]:.2f} | {prf(y2, flagged)[2]:.2f} | {f_both:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
