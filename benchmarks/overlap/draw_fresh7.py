"""Draw the seventh fresh held-out round (issue 18): a new seed, none of the earlier pairs, labelled blind.

    python benchmarks/overlap/draw_fresh7.py            # write pairs_fresh7.jsonl (labels joined from labels_fresh7.jsonl)
    python benchmarks/overlap/draw_fresh7.py --check    # exit 1 unless pairs_fresh7.jsonl is what the procedure gives

The procedure is draw_fresh6.py's (draw_fresh3.py's families, stratum tests, caps and quotas) with two changes,
fixed before any pair was labelled: SEED = 2032, and every pair of pairs_fresh6.jsonl is removed from the candidates
too (as well as every earlier round's and ../shared/overlap_dev/pairs.jsonl). It was drawn on 2026-12-04, before fresh6 was
scored, so that a round nobody has seen or tuned on is ready for the change after the one fresh6 judges.
No toolcheck code is used. Every record gets "split": "fresh7".
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import draw_fresh as F  # noqa: E402
import draw_fresh3 as F3  # noqa: E402
import draw_fresh6 as F6  # noqa: E402
from overlap_common import HERE  # noqa: E402

SEED = 2032
OUT = HERE / "pairs_fresh7.jsonl"
LABELS = HERE / "labels_fresh7.jsonl"


earlier_ids, draw = F.after(F6, SEED, F3.QUOTAS, "fresh7")


def main(argv: list[str] | None = None) -> int:
    return F.run(argv, draw, OUT, LABELS, __doc__, Path(__file__).name)


if __name__ == "__main__":
    sys.exit(main())
