"""Draw the fresh held-out pairs (issue 18, round 5): a new seed, none of the earlier pairs, labelled blind.

    python benchmarks/overlap/draw_fresh.py            # write pairs_fresh.jsonl (labels joined from labels_fresh.jsonl)
    python benchmarks/overlap/draw_fresh.py --check    # exit 1 unless pairs_fresh.jsonl is what the procedure gives

The procedure is draw.py's (same tool-set families, same name/TF-IDF stratum tests, same caps, strata filled in
the fixed order below, each from its own seeded shuffle) with three changes: SEED = 2026; the quotas below, weighted
toward the cross-server / cross-file TF-IDF-high and same-name strata where overlaps live, keeping hard negatives
(list-vs-get, opposite, sibling) and a random stratum; and every pair already in pairs_own.jsonl,
pairs_candidates.jsonl or ../shared/overlap_dev/pairs.jsonl is removed from the candidates before drawing.
No toolcheck code is used. Every record gets "split": "fresh".
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import draw as D  # noqa: E402
from overlap_common import CAND, CORPUS, DEV, HERE, OWN, load_corpus, load_pairs  # noqa: E402

SEED = 2026
OUT = HERE / "pairs_fresh.jsonl"
LABELS = HERE / "labels_fresh.jsonl"
QUOTAS: dict[str, list[tuple[str, int]]] = {
    "tooluniverse-cross": [("tfidf-high", 30), ("tfidf-mid", 4)],
    "bundle": [("same-name", 8), ("tfidf-high", 14), ("hard-list-vs-get", 3), ("hard-opposite", 3), ("random", 3)],
    "livemcpbench-cross": [("same-name", 6), ("tfidf-high", 12), ("hard-sibling", 3), ("random", 3)],
    "captured-cross": [("tfidf-high", 5)],
    "tooluniverse": [("tfidf-high", 10), ("hard-list-vs-get", 4), ("hard-opposite", 3), ("hard-sibling", 3),
                     ("random", 4)],
    "tooluniverse-package": [("hard-deprecated", 4)],
    "bfcl-entry": [("tfidf-high", 6), ("hard-list-vs-get", 3), ("random", 3)],
    "bfcl-class": [("tfidf-high", 2), ("hard-opposite", 2)],
    "livemcpbench-same": [("tfidf-high", 3), ("hard-list-vs-get", 2)],
    "server": [("tfidf-high", 4), ("hard-sibling", 3), ("random", 2)],
}


def _pair_id(r: dict) -> str:
    return r["id"]


def earlier_ids() -> set[str]:
    ids = set()
    for path in (OWN, CAND):
        ids |= {_pair_id(r) for r in load_pairs(path)}
    for r in load_pairs(DEV):
        ids.add("|".join(sorted((f"A:{r['a']['line']}", f"A:{r['b']['line']}"))))
    return ids


def draw_round(corpus, seed: int, quotas: dict, seen: set[str], split: str) -> list[dict]:
    """draw.py's procedure with its own seed and quotas, no third round, the pairs in ``seen`` removed."""
    original = D.family_pairs

    def fresh_family_pairs(family, sets, tfidf=None):
        return {k: v for k, v in original(family, sets, tfidf).items() if k not in seen}

    saved = (D.SEED, D.QUOTAS, D.ROUND3, D.family_pairs)
    D.SEED, D.QUOTAS, D.ROUND3, D.family_pairs = seed, quotas, [], fresh_family_pairs
    try:
        out = D.draw(corpus)
    finally:
        D.SEED, D.QUOTAS, D.ROUND3, D.family_pairs = saved
    for p in out:
        p["split"] = split
    return out


def draw(corpus) -> list[dict]:
    return draw_round(corpus, SEED, QUOTAS, earlier_ids(), "fresh")


def after(prev, seed: int, quotas: dict, split: str):
    """(earlier_ids, draw) of a round drawn after round module ``prev`` (its ``earlier_ids`` and ``OUT``): every
    pair of ``prev`` and of the rounds before it is left out, the rest is ``draw_round`` with ``seed``."""

    def earlier_ids() -> set[str]:
        return prev.earlier_ids() | {r["id"] for r in load_pairs(prev.OUT)}

    def draw(corpus) -> list[dict]:
        return draw_round(corpus, seed, quotas, earlier_ids(), split)

    return earlier_ids, draw


def run(argv: list[str] | None, draw_fn, out: Path, labels: Path, doc: str, script: str) -> int:
    """The command line of a round's draw script: write its pairs file (labels joined), or --check it."""
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    ap.add_argument("--check", action="store_true", help=f"exit 1 unless {out.name} matches the procedure")
    args = ap.parse_args(argv)
    corpus = load_corpus(CORPUS)
    if corpus is None:
        print(f"{script} needs ../shared/corpus/A/tools.jsonl", file=sys.stderr)
        return 2
    pairs = draw_fn(corpus)
    D.join_labels(pairs, labels)
    return D.write_or_check(pairs, out, script, args.check)


def main(argv: list[str] | None = None) -> int:
    return run(argv, draw, OUT, LABELS, __doc__, Path(__file__).name)


if __name__ == "__main__":
    sys.exit(main())
