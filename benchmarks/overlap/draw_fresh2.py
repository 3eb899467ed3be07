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

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import draw_fresh as F  # noqa: E402
from overlap_common import HERE, load_pairs  # noqa: E402

SEED = 2027
OUT = HERE / "pairs_fresh2.jsonl"
LABELS = HERE / "labels_fresh2.jsonl"
QUOTAS: dict[str, list[tuple[str, int]]] = {
    family: [(stratum, round(n * 4 / 3)) for stratum, n in quota] for family, quota in F.QUOTAS.items()
}


def earlier_ids() -> set[str]:
    return F.earlier_ids() | {r["id"] for r in load_pairs(F.OUT)}


def draw(corpus) -> list[dict]:
    return F.draw_round(corpus, SEED, QUOTAS, earlier_ids(), "fresh2")


def main(argv: list[str] | None = None) -> int:
    return F.run(argv, draw, OUT, LABELS, __doc__, Path(__file__).name)


if __name__ == "__main__":
    sys.exit(main())
