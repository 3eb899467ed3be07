"""Draw the second fresh held-out round (issue 18, round 6): a new seed, none of the earlier pairs, labelled blind.

    python benchmarks/overlap/draw_fresh2.py            # write pairs_fresh2.jsonl (labels joined from labels_fresh2.jsonl)
    python benchmarks/overlap/draw_fresh2.py --check    # exit 1 unless pairs_fresh2.jsonl is what the procedure gives

The procedure is draw_fresh.py's (draw.py's tool-set families, name/TF-IDF stratum tests and caps, strata filled
in a fixed order, each from its own seeded shuffle) with two changes, fixed before any pair was labelled:
SEED = 2027, and every pair of pairs_fresh.jsonl is removed from the candidates too (as well as pairs_own.jsonl,
pairs_candidates.jsonl and ../shared/overlap_dev/pairs.jsonl). The quotas are draw_fresh.py's, each scaled by 4/3
(rounded), for a bigger round: the first one's 21 positives made its F1 wide. No toolcheck code is used. Every
record gets "split": "fresh2".
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import draw as D  # noqa: E402
import draw_fresh as F  # noqa: E402
from overlap_common import CORPUS, HERE, load_corpus, load_pairs  # noqa: E402

SEED = 2027
OUT = HERE / "pairs_fresh2.jsonl"
LABELS = HERE / "labels_fresh2.jsonl"
QUOTAS: dict[str, list[tuple[str, int]]] = {
    family: [(stratum, round(n * 4 / 3)) for stratum, n in quota] for family, quota in F.QUOTAS.items()
}


def earlier_ids() -> set[str]:
    return F.earlier_ids() | {r["id"] for r in load_pairs(F.OUT)}


def draw(corpus) -> list[dict]:
    seen = earlier_ids()
    original = D.family_pairs

    def fresh_family_pairs(family, sets, tfidf=None):
        return {k: v for k, v in original(family, sets, tfidf).items() if k not in seen}

    saved = (D.SEED, D.QUOTAS, D.ROUND3, D.family_pairs)
    D.SEED, D.QUOTAS, D.ROUND3, D.family_pairs = SEED, QUOTAS, [], fresh_family_pairs
    try:
        out = D.draw(corpus)
    finally:
        D.SEED, D.QUOTAS, D.ROUND3, D.family_pairs = saved
    for p in out:
        p["split"] = "fresh2"
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 unless pairs_fresh2.jsonl matches the procedure")
    args = ap.parse_args(argv)
    corpus = load_corpus(CORPUS)
    if corpus is None:
        print("draw_fresh2.py needs ../shared/corpus/A/tools.jsonl", file=sys.stderr)
        return 2
    pairs = draw(corpus)
    D.join_labels(pairs, LABELS)
    return D.write_or_check(pairs, OUT, "draw_fresh2.py", args.check)


if __name__ == "__main__":
    sys.exit(main())
