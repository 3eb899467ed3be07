"""Draw the third fresh held-out round (issue 18, round 7): a new seed, none of the earlier pairs, labelled blind.

    python benchmarks/overlap/draw_fresh3.py            # write pairs_fresh3.jsonl (labels joined from labels_fresh3.jsonl)
    python benchmarks/overlap/draw_fresh3.py --check    # exit 1 unless pairs_fresh3.jsonl is what the procedure gives

The procedure is draw_fresh2.py's (draw.py's tool-set families, name/TF-IDF stratum tests and caps, strata filled
in a fixed order, each from its own seeded shuffle; draw_fresh2's quotas) with three changes, fixed before any pair
was labelled: SEED = 2028; every pair of pairs_fresh2.jsonl is removed from the candidates too (as well as
pairs_fresh.jsonl, pairs_own.jsonl, pairs_candidates.jsonl and ../shared/overlap_dev/pairs.jsonl); and EXTRA below
adds middle-band and paraphrase strata to the cross-server families, whose high band is used up. It was drawn
after fresh2 was scored, so that a re-fit on every earlier round is judged on pairs nobody has seen. No toolcheck
code is used. Every record gets "split": "fresh3".
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import draw_fresh as F  # noqa: E402
import draw_fresh2 as F2  # noqa: E402
from overlap_common import HERE, load_pairs  # noqa: E402

SEED = 2028
OUT = HERE / "pairs_fresh3.jsonl"
LABELS = HERE / "labels_fresh3.jsonl"
# draw_fresh2's quotas plus, for each cross-server family, strata that still have pairs left: the earlier rounds took
# nearly every cross-server pair with a TF-IDF cosine >= 0.5 (draw_fresh2's quotas alone now give 104 pairs, 3 of
# them in the cross-file tfidf-high stratum that gave most overlaps before). The middle TF-IDF band and the
# paraphrase stratum (names share no word, descriptions do) are where overlaps in other words live.
EXTRA: dict[str, list[tuple[str, int]]] = {
    "tooluniverse-cross": [("tfidf-mid", 30), ("hard-paraphrase", 10)],
    "bundle": [("tfidf-mid", 10), ("hard-paraphrase", 6)],
    "livemcpbench-cross": [("tfidf-mid", 10), ("hard-paraphrase", 6)],
    "captured-cross": [("tfidf-mid", 5)],
}


def _with_extra(quota: list[tuple[str, int]], extra: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """A stratum already in the quota gets the extra pairs added to its count; a new one goes at the end."""
    more = dict(extra)
    out = [(s, n + more.pop(s, 0)) for s, n in quota]
    return out + [(s, n) for s, n in extra if s in more]


QUOTAS: dict[str, list[tuple[str, int]]] = {
    family: _with_extra(quota, EXTRA.get(family, [])) for family, quota in F2.QUOTAS.items()
}


def earlier_ids() -> set[str]:
    return F2.earlier_ids() | {r["id"] for r in load_pairs(F2.OUT)}


def draw(corpus) -> list[dict]:
    return F.draw_round(corpus, SEED, QUOTAS, earlier_ids(), "fresh3")


def main(argv: list[str] | None = None) -> int:
    return F.run(argv, draw, OUT, LABELS, __doc__, Path(__file__).name)


if __name__ == "__main__":
    sys.exit(main())
