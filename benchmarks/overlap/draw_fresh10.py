"""Draw the tenth fresh held-out round (issue 18): a new seed, none of the earlier pairs, labelled blind.

    python benchmarks/overlap/draw_fresh10.py            # write pairs_fresh10.jsonl (labels joined from labels_fresh10.jsonl)
    python benchmarks/overlap/draw_fresh10.py --check    # exit 1 unless pairs_fresh10.jsonl is what the procedure gives

The procedure is draw_fresh9.py's (draw_fresh3.py's families, stratum tests, caps and quotas) with two changes,
fixed before any pair was labelled: SEED = 2035, and every pair of pairs_fresh9.jsonl is removed from the candidates
too (as well as every earlier round's and ../shared/overlap_dev/pairs.jsonl). It was drawn on 2026-12-04 after fresh9
was scored once (after recall round G), for the next change to TC430, built by someone who never saw fresh10's pairs
or its labellers' reports.
No toolcheck code is used. Every record gets "split": "fresh10".
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import draw_fresh as F  # noqa: E402
import draw_fresh3 as F3  # noqa: E402
import draw_fresh9 as F9  # noqa: E402
from overlap_common import HERE  # noqa: E402

SEED = 2035
OUT = HERE / "pairs_fresh10.jsonl"
LABELS = HERE / "labels_fresh10.jsonl"


earlier_ids, draw = F.after(F9, SEED, F3.QUOTAS, "fresh10")


def main(argv: list[str] | None = None) -> int:
    return F.run(argv, draw, OUT, LABELS, __doc__, Path(__file__).name)


if __name__ == "__main__":
    sys.exit(main())
