"""Experiment (issue 18): refit TC430's logistic model on every tuning set, not only dev + own-tune + candidates.

    .venv/bin/python benchmarks/overlap/experiments/refit_all.py [--l2 1.0]

The tuning sets are run.datasets' without run.HELD_OUT (own-holdout and fresh7 are never scored here). The fit is
fit.py's (ridge logistic regression towards PRIOR; `interchange` held at 0 and `bulk_form` at 1.0 as the shipped
model holds them); the threshold is fit.best_threshold's on 5-fold cross-validated scores (best pooled F1 over the
sets that are not `candidates`, among thresholds with a cross-validated precision >= 0.5 on `candidates`). Printed
per set, every pair scored by the model alone (no blocking): F1 of the shipped model at 0.5, of the cross-validated
scores at the chosen threshold, and of the model fitted on all sets at it; then the refit weights beside the
shipped ones. Nothing is written.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH.parents[1]))

import fit  # noqa: E402
import run  # noqa: E402
from overlap_common import CORPUS, Resolver, load_corpus, prf  # noqa: E402

from toolcheck.overlap.decide import FEATURES, model  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--l2", type=float, default=fit.L2)
    args = ap.parse_args(argv)
    res = Resolver(load_corpus(CORPUS))
    names, recs = [], []
    for name, rs, _ in run.datasets(False, res):
        if name not in run.HELD_OUT:
            names += [name] * len(rs)
            recs += rs
    ys = [r["label"] == "overlap" for r in recs]
    xs = fit.featurise(recs, res)
    for f, prior in (("interchange", 0.0), ("bulk_form", 1.0)):  # as the shipped model holds them
        fit.FIXED[f], fit.PRIOR[f] = 1000.0, prior
    cv, _ = fit.cross_validate(xs, ys, names, args.l2)
    t, cvf1 = fit.best_threshold(ys, cv, names)
    w = fit.fit(xs, ys, args.l2)
    full = [fit.predict(w, x) for x in xs]
    m = model()
    shipped = [m.score(x) for x in xs]
    print(f"{len(ys)} pairs; cross-validated threshold {t:.2f} (pooled F1 {cvf1:.3f} over the non-candidates sets)")
    print(f"| set | n | shipped F1 @0.5 | cross-validated F1 @{t:.2f} | fitted on all, F1 @{t:.2f} |")
    print("|---|---|---|---|---|")
    for ds in dict.fromkeys(names):
        sel = [i for i, n in enumerate(names) if n == ds]

        def f1(scores: list[float], th: float, sel: list[int] = sel) -> float:
            return prf([ys[i] for i in sel], [scores[i] >= th for i in sel])[2]
        print(f"| {ds} | {len(sel)} | {f1(shipped, 0.5):.2f} | {f1(cv, t):.2f} | {f1(full, t):.2f} |")
    print("weights (refit, shipped):")
    for f, wi in sorted(zip(FEATURES, w[1:], strict=True), key=lambda x: -abs(x[1])):
        print(f"  {f:18} {wi:+.2f} {m.by_name[f]:+.2f}")
    print(f"  {'bias':18} {w[0]:+.2f} {m.bias:+.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
