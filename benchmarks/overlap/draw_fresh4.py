"""Draw the fourth fresh held-out round (issue 18): a new seed, none of the earlier pairs, labelled blind.

    python benchmarks/overlap/draw_fresh4.py            # write pairs_fresh4.jsonl (labels joined from labels_fresh4.jsonl)
    python benchmarks/overlap/draw_fresh4.py --check    # exit 1 unless pairs_fresh4.jsonl is what the procedure gives

The procedure is draw_fresh3.py's (draw.py's tool-set families, name/TF-IDF stratum tests and caps, strata filled
in a fixed order, each from its own seeded shuffle; draw_fresh3's quotas, with its middle-band and paraphrase strata
for the cross-server families) with two changes, fixed before any pair was labelled: SEED = 2029, and every pair of
pairs_fresh3.jsonl is removed from the candidates too (as well as every earlier round's and
../shared/overlap_dev/pairs.jsonl). It was drawn on 2026-12-03 right after fresh3 was scored once (F1 0.11), so that
the next change to TC430 is judged on pairs nobody has seen or tuned on. No toolcheck code is used. Every record
gets "split": "fresh4".
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import draw_fresh as F  # noqa: E402
import draw_fresh3 as F3  # noqa: E402
from overlap_common import HERE  # noqa: E402

SEED = 2029
OUT = HERE / "pairs_fresh4.jsonl"
LABELS = HERE / "labels_fresh4.jsonl"


earlier_ids, draw = F.after(F3, SEED, F3.QUOTAS, "fresh4")


def main(argv: list[str] | None = None) -> int:
    return F.run(argv, draw, OUT, LABELS, __doc__, Path(__file__).name)


if __name__ == "__main__":
    sys.exit(main())
