"""Draw the eighth fresh held-out round (issue 18): a new seed, none of the earlier pairs, labelled blind.

    python benchmarks/overlap/draw_fresh8.py            # write pairs_fresh8.jsonl (labels joined from labels_fresh8.jsonl)
    python benchmarks/overlap/draw_fresh8.py --check    # exit 1 unless pairs_fresh8.jsonl is what the procedure gives

The procedure is draw_fresh7.py's (draw_fresh3.py's families, stratum tests, caps and quotas) with two changes,
fixed before any pair was labelled: SEED = 2033, and every pair of pairs_fresh7.jsonl is removed from the candidates
too (as well as every earlier round's and ../shared/overlap_dev/pairs.jsonl). It was drawn on 2026-12-04 after fresh6 was
scored and fresh7 labelled, for a change built by someone who never saw fresh7's pairs or its labellers' reports.
No toolcheck code is used. Every record gets "split": "fresh8".
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import draw_fresh as F  # noqa: E402
import draw_fresh3 as F3  # noqa: E402
import draw_fresh7 as F7  # noqa: E402
from overlap_common import HERE  # noqa: E402

SEED = 2033
OUT = HERE / "pairs_fresh8.jsonl"
LABELS = HERE / "labels_fresh8.jsonl"


earlier_ids, draw = F.after(F7, SEED, F3.QUOTAS, "fresh8")


def main(argv: list[str] | None = None) -> int:
    return F.run(argv, draw, OUT, LABELS, __doc__, Path(__file__).name)


if __name__ == "__main__":
    sys.exit(main())
