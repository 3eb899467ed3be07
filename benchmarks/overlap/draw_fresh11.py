"""Draw the eleventh fresh held-out round (issue 18): a new seed, none of the earlier pairs, labelled blind.

    python benchmarks/overlap/draw_fresh11.py            # write pairs_fresh11.jsonl (labels joined from labels_fresh11.jsonl)
    python benchmarks/overlap/draw_fresh11.py --check    # exit 1 unless pairs_fresh11.jsonl is what the procedure gives

The procedure is draw_fresh10.py's (draw_fresh3.py's families, stratum tests, caps and quotas) with three changes,
fixed before any pair was labelled: SEED = 2036; every pair of pairs_fresh10.jsonl is removed from the candidates
too (as well as every earlier round's and ../shared/overlap_dev/pairs.jsonl); and, new in this round, a drawn pair
that repeats an earlier set's pair **by content** (its two tools have the names and descriptions of an earlier
pair's, in either order: repeats.py) is dropped after the draw, so the round holds only pairs nobody has tuned on.
It was drawn on 2026-12-04 after fresh10 was scored once (after recall round H), for the next change to TC430,
built by someone who never saw fresh11's pairs or its labellers' reports.
No toolcheck code is used. Every record gets "split": "fresh11".
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import draw_fresh as F  # noqa: E402
import draw_fresh3 as F3  # noqa: E402
import draw_fresh10 as F10  # noqa: E402
import repeats as R  # noqa: E402
from overlap_common import HERE, Resolver  # noqa: E402

SEED = 2036
OUT = HERE / "pairs_fresh11.jsonl"
LABELS = HERE / "labels_fresh11.jsonl"


earlier_ids, _draw = F.after(F10, SEED, F3.QUOTAS, "fresh11")


def draw(corpus) -> list[dict]:
    """The seeded draw, less the pairs that repeat an earlier set's pair by content."""
    res = Resolver(corpus)
    earlier = {R.content_key(r, res) for _, _, recs in R.earlier_sets(res, before="fresh11") for r in recs}
    return [r for r in _draw(corpus) if R.content_key(r, res) not in earlier]


def main(argv: list[str] | None = None) -> int:
    return F.run(argv, draw, OUT, LABELS, __doc__, Path(__file__).name)


if __name__ == "__main__":
    sys.exit(main())
