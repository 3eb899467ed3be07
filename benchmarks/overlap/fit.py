"""Fit TC430's evidence weights (toolcheck/data/overlap/model.json) on the labelled pairs a tuner may look at.

    python benchmarks/overlap/fit.py             # fit on dev + own-tune, print cross-validated figures, write model.json
    python benchmarks/overlap/fit.py --dry-run   # the same without writing
    python benchmarks/overlap/fit.py --report    # in-process figures of the shipped model on dev and own-tune

Only the dev set (../shared/overlap_dev) and the `tune` split of pairs_own.jsonl are read: the holdout split is
never loaded here. The model is an L2-regularised logistic regression over the features of
toolcheck.overlap.decide.FEATURES (evidence such as "same action", "same object", "a different lookup key",
"description names the other as deprecated"), fitted by Newton's method; its threshold is the one with the best
mean F1 over the cross-validation folds. Each pair is given to the model exactly as run.py gives it to the CLI
(same-named tools prefixed by their server, as an MCP host does).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

from overlap_common import CAND, CORPUS, DEV, OWN, Resolver, load_corpus, load_pairs, pair_id, prf  # noqa: E402
from run import pair_records  # noqa: E402

from toolcheck.overlap.decide import FEATURES, features  # noqa: E402
from toolcheck.overlap.frames import parse  # noqa: E402

MODEL = ROOT / "toolcheck" / "data" / "overlap" / "model.json"
L2 = 1.0  # ridge penalty on the weights (not the bias), towards PRIOR
# Prior weights, from the label rules (../shared/overlap_dev/README.md), not from any pair: the same action on the
# same object is an overlap; a different action, object, scope or lookup key makes tools distinct "even with 90%
# shared words"; a description that names the other tool as deprecated, an alias, or the thing to use instead is
# strong evidence; so is an enum of one that selects the other's job. The fit moves the weights away from these
# where the data says so; with the data absent they decide alone.
PRIOR = {
    "same_base": 1.0, "act_same": 1.0, "act_opposite": -2.0, "act_different": -1.5, "obj_disjoint": -1.5,
    "head_conflict": -1.0, "sibling": -1.5, "match": 1.5, "qual_conflict": -1.0, "direction": -2.0,
    "state_conflict": -2.0, "facet_conflict": -0.5, "cardinality": -1.5, "platform": -2.0, "ns_conflict": -1.0,
    "extra_required": -0.5, "key_conflict": -1.0, "desc_cos": 1.0, "lead_cos": 1.0, "param_sim": 1.0,
    "cue_alias": 3.0, "cue_instead": 1.5, "cue_workflow": -1.0, "enum_cover": 2.0, "ns_differ": -1.0,
    "ns_differ_desc": 1.5, "foreign_key": -1.0, "state_one_side": -0.5, "facet_one_side": -0.5,
    "scope_one_side": -0.5, "sub_resource": -1.0, "veto": -3.0, "mod_unsupported": -1.0, "part_listed": 1.0,
    "time_series": 0.5,
}
FIXED = {"veto": 1000.0}  # a feature whose weight stays at its prior: the label rules, not the data, set it
FOLDS = 5
SEED = 18


def tuning_pairs(resolver: Resolver) -> list[tuple[str, dict]]:
    out = [("dev", {**r, "id": pair_id(r)}) for r in load_pairs(DEV)] if DEV.is_file() else []
    out += [("own-tune", r) for r in load_pairs(OWN) if r["split"] == "tune"]
    if CAND.is_file():
        out += [("candidates", r) for r in load_pairs(CAND)]
    return [(n, r) for n, r in out if resolver.available(r["a"]) and resolver.available(r["b"])]


def frame_of(t: dict):
    return parse(t.get("name", ""), t.get("description", ""), t.get("parameters"))


def featurise(recs: list[dict], resolver: Resolver) -> list[list[float]]:
    out = []
    for r in recs:
        a, b = pair_records(r, resolver)
        out.append(features(frame_of(a), frame_of(b)))
    return out


# ------------------------------------------------------------------------------------------------ logistic regression

def _solve(m: list[list[float]], v: list[float]) -> list[float]:
    n = len(v)
    a = [row[:] + [v[i]] for i, row in enumerate(m)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        piv = a[c][c] or 1e-12
        for r in range(n):
            if r != c and a[r][c]:
                f = a[r][c] / piv
                for k in range(c, n + 1):
                    a[r][k] -= f * a[c][k]
    return [a[i][n] / (a[i][i] or 1e-12) for i in range(n)]


def fit(xs: list[list[float]], ys: list[bool], l2: float = L2, iters: int = 50) -> list[float]:
    """Weights [bias, w1..wn] of a logistic regression with a ridge penalty towards PRIOR, by Newton's method."""
    d = len(xs[0]) + 1
    prior = [0.0] + [PRIOR.get(f, 0.0) for f in FEATURES]
    pen = [0.0] + [FIXED.get(f, l2) for f in FEATURES]
    w = prior[:]
    rows = [[1.0, *x] for x in xs]
    for _ in range(iters):
        grad = [0.0] * d
        hess = [[0.0] * d for _ in range(d)]
        for row, y in zip(rows, ys, strict=True):
            z = sum(wi * xi for wi, xi in zip(w, row, strict=True))
            p = 1 / (1 + math.exp(-max(min(z, 35), -35)))
            g = p - (1.0 if y else 0.0)
            s = p * (1 - p)
            for i in range(d):
                if row[i]:
                    grad[i] += g * row[i]
                    ri = s * row[i]
                    hrow = hess[i]
                    for j in range(d):
                        if row[j]:
                            hrow[j] += ri * row[j]
        for i in range(1, d):
            grad[i] += pen[i] * (w[i] - prior[i])
            hess[i][i] += pen[i]
        hess[0][0] += 1e-6
        step = _solve(hess, grad)
        t = 1.0
        base = _loss(w, rows, ys, pen, prior)
        while t > 1e-4:  # backtracking: a full Newton step can overshoot far from the optimum
            cand = [wi - t * si for wi, si in zip(w, step, strict=True)]
            if _loss(cand, rows, ys, pen, prior) <= base:
                break
            t /= 2
        w = cand
        if max(abs(t * s) for s in step) < 1e-7:
            break
    return w


def _loss(w, rows, ys, pen, prior) -> float:
    out = 0.0
    for row, y in zip(rows, ys, strict=True):
        z = sum(wi * xi for wi, xi in zip(w, row, strict=True))
        out += math.log1p(math.exp(-z)) if y else math.log1p(math.exp(z)) if z < 35 else z
    return out + 0.5 * sum(c * (wi - pi) ** 2 for c, wi, pi in zip(pen[1:], w[1:], prior[1:], strict=True))


def predict(w: list[float], x: list[float]) -> float:
    z = w[0] + sum(wi * xi for wi, xi in zip(w[1:], x, strict=True))
    return 1 / (1 + math.exp(-max(min(z, 35), -35)))


def cross_validate(xs, ys, names, l2: float) -> tuple[list[float], list[str]]:
    """Out-of-fold scores (each pair scored by a model that did not see it), folds stratified by dataset+label."""
    idx = list(range(len(xs)))
    random.Random(SEED).shuffle(idx)
    idx.sort(key=lambda i: (names[i], ys[i]))
    fold = {i: k % FOLDS for k, i in enumerate(idx)}
    scores = [0.0] * len(xs)
    for f in range(FOLDS):
        tr = [i for i in range(len(xs)) if fold[i] != f]
        w = fit([xs[i] for i in tr], [ys[i] for i in tr], l2)
        for i in range(len(xs)):
            if fold[i] == f:
                scores[i] = predict(w, xs[i])
    return scores, [str(fold[i]) for i in range(len(xs))]


FIELD_PRECISION = 0.5  # the least precision on the candidates set (the pairs compared in the field) a threshold may give


def best_threshold(ys: list[bool], scores: list[float], names: list[str]) -> tuple[float, float]:
    """The threshold (0.05 grid) with the best cross-validated F1 on dev + own-tune pooled (the issue's measures)
    among those whose cross-validated precision on the candidates set - pairs drawn from what the blocking
    compares in the field - is at least FIELD_PRECISION; ties go to the higher threshold (fewer findings)."""
    best = (0.5, -1.0)
    hard = [i for i, n in enumerate(names) if n != "candidates"]
    field = [i for i, n in enumerate(names) if n == "candidates"]
    for t100 in range(20, 81, 5):
        t = t100 / 100
        if field:
            p, _, _ = prf([ys[i] for i in field], [scores[i] >= t for i in field])
            if p < FIELD_PRECISION:
                continue
        f1 = prf([ys[i] for i in hard], [scores[i] >= t for i in hard])[2]
        if f1 >= best[1] - 1e-9:
            best = (t, f1)
    return best


def _commit() -> str:
    try:
        return subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--report", action="store_true", help="figures of the shipped model on dev and own-tune")
    ap.add_argument("--l2", type=float, default=L2)
    args = ap.parse_args(argv)
    resolver = Resolver(load_corpus(CORPUS))
    data = tuning_pairs(resolver)
    names = [n for n, _ in data]
    recs = [r for _, r in data]
    ys = [r["label"] == "overlap" for r in recs]
    xs = featurise(recs, resolver)
    if args.report:
        from toolcheck.overlap.decide import model

        m = model()
        scores = [m.score(x) for x in xs]
        for ds in ("dev", "own-tune", "candidates"):
            sel = [i for i, n in enumerate(names) if n == ds]
            p, r, f1 = prf([ys[i] for i in sel], [scores[i] >= m.threshold for i in sel])
            print(f"{ds}: n={len(sel)} P={p:.2f} R={r:.2f} F1={f1:.2f} at {m.threshold}")
        return 0
    scores, _ = cross_validate(xs, ys, names, args.l2)
    t, cvf1 = best_threshold(ys, scores, names)
    print(f"cross-validated ({FOLDS} folds, l2={args.l2}): threshold {t:.2f}, dev + own-tune F1 {cvf1:.3f}")
    for ds in ("dev", "own-tune", "candidates"):
        sel = [i for i, n in enumerate(names) if n == ds]
        p, r, f1 = prf([ys[i] for i in sel], [scores[i] >= t for i in sel])
        fp = sum(1 for i in sel if scores[i] >= t and not ys[i])
        print(f"  {ds}: n={len(sel)} P={p:.2f} R={r:.2f} F1={f1:.2f} (false positives {fp})")
    w = fit(xs, ys, args.l2)
    full = [predict(w, x) for x in xs]
    for ds in ("dev", "own-tune", "candidates"):
        sel = [i for i, n in enumerate(names) if n == ds]
        p, r, f1 = prf([ys[i] for i in sel], [full[i] >= t for i in sel])
        print(f"  fitted on all, {ds}: P={p:.2f} R={r:.2f} F1={f1:.2f}")
    print("weights:")
    for f, wi in sorted(zip(FEATURES, w[1:], strict=True), key=lambda x: -abs(x[1])):
        print(f"  {f:16} {wi:+.2f}")
    print(f"  {'bias':16} {w[0]:+.2f}")
    if not args.dry_run:
        doc = {
            "provenance": (f"L2 logistic regression (l2={args.l2}) fitted by benchmarks/overlap/fit.py on "
                           f"{len(ys)} labelled pairs (dev {names.count('dev')} + own-tune "
                           f"{names.count('own-tune')}; the holdout split is never read) at commit {_commit()}; "
                           f"threshold: the best {FOLDS}-fold cross-validated F1 on dev + own-tune ({cvf1:.3f}) among thresholds "
                           f"with a cross-validated precision of at least {FIELD_PRECISION} on the candidates set"),
            "threshold": t,
            "bias": round(w[0], 4),
            "weights": {f: round(wi, 4) for f, wi in zip(FEATURES, w[1:], strict=True)},
        }
        MODEL.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {MODEL.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
