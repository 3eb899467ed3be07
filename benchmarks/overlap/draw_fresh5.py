"""Draw the fifth fresh held-out round (issue 18): a new seed, none of the earlier pairs, labelled blind.

    python benchmarks/overlap/draw_fresh5.py            # write pairs_fresh5.jsonl (labels joined from labels_fresh5.jsonl)
    python benchmarks/overlap/draw_fresh5.py --check    # exit 1 unless pairs_fresh5.jsonl is what the procedure gives

The procedure is draw_fresh4.py's (draw_fresh3.py's families, stratum tests, caps and quotas) with two changes,
fixed before any pair was labelled: SEED = 2030, and every pair of pairs_fresh4.jsonl is removed from the candidates
too (as well as every earlier round's and ../shared/overlap_dev/pairs.jsonl). It was drawn on 2026-12-03 right after
fresh4 was scored once (F1 0.19), so that the next change to TC430 is judged on pairs nobody has seen or tuned on.
No toolcheck code is used. Every record gets "split": "fresh5".
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import draw_fresh as F  # noqa: E402
import draw_fresh3 as F3  # noqa: E402
import draw_fresh4 as F4  # noqa: E402
from overlap_common import HERE  # noqa: E402

SEED = 2030
OUT = HERE / "pairs_fresh5.jsonl"
LABELS = HERE / "labels_fresh5.jsonl"


earlier_ids, draw = F.after(F4, SEED, F3.QUOTAS, "fresh5")


def main(argv: list[str] | None = None) -> int:
    return F.run(argv, draw, OUT, LABELS, __doc__, Path(__file__).name)


if __name__ == "__main__":
    sys.exit(main())
