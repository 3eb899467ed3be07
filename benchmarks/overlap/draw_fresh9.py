"""Draw the ninth fresh held-out round (issue 18): a new seed, none of the earlier pairs, labelled blind.

    python benchmarks/overlap/draw_fresh9.py            # write pairs_fresh9.jsonl (labels joined from labels_fresh9.jsonl)
    python benchmarks/overlap/draw_fresh9.py --check    # exit 1 unless pairs_fresh9.jsonl is what the procedure gives

The procedure is draw_fresh8.py's (draw_fresh3.py's families, stratum tests, caps and quotas) with two changes,
fixed before any pair was labelled: SEED = 2034, and every pair of pairs_fresh8.jsonl is removed from the candidates
too (as well as every earlier round's and ../shared/overlap_dev/pairs.jsonl). It was drawn on 2026-12-04 when every
earlier round was spent (scored at least once), for the next change to TC430, built by someone who never saw
fresh9's pairs or its labellers' reports.
No toolcheck code is used. Every record gets "split": "fresh9".
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import draw_fresh as F  # noqa: E402
import draw_fresh3 as F3  # noqa: E402
import draw_fresh8 as F8  # noqa: E402
from overlap_common import HERE  # noqa: E402

SEED = 2034
OUT = HERE / "pairs_fresh9.jsonl"
LABELS = HERE / "labels_fresh9.jsonl"


earlier_ids, draw = F.after(F8, SEED, F3.QUOTAS, "fresh9")


def main(argv: list[str] | None = None) -> int:
    return F.run(argv, draw, OUT, LABELS, __doc__, Path(__file__).name)


if __name__ == "__main__":
    sys.exit(main())
