"""Experiment (issue 18): does a static word-embedding similarity of the two tools, as extra feature(s) of TC430's
logistic model, improve generalisation to unseen rounds?

    .venv/bin/pip install wordllama==0.4.0.post1 tokenlearn-static-model==0.1.1   # weights inside the wheels
    .venv/bin/python benchmarks/overlap/experiments/embed_feature.py [--out results.json]

Leave-one-set-out over the tuning sets (dev, own-tune, candidates, fresh, fresh2..fresh6; the held-out sets
own-holdout and fresh7 are never loaded: pairs_own.jsonl's holdout split is dropped as it is read and
pairs_fresh7.jsonl is not opened): fit fit.fit on every other set, score the left-out one. The refit holds
`interchange` at 0 and `bulk_form` at 1.0 as the shipped model does. Variants add cosines of static embeddings of
the two tools (name words + description; name words + first sentence; name words alone) as features with prior
weight 0 (or 1) and the same ridge penalty as the others. Scores are reported two ways: the model's score of every
labelled pair ("all pairs", as refits were judged before) and the score zeroed where TC430's blocking does not
compare the pair at all ("blocked", what the shipped check could report). No toolcheck/ code is changed.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
BENCH = HERE.parent
ROOT = BENCH.parents[1]
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(ROOT))

import fit  # noqa: E402
import run  # noqa: E402
from overlap_common import (  # noqa: E402
    CAND,
    CORPUS,
    DEV,
    OWN,
    Resolver,
    best_f1,
    load_corpus,
    load_pairs,
    pair_id,
    prf,
    roc_auc,
)

from toolcheck.overlap.decide import FEATURES, model  # noqa: E402

TUNING = ("dev", "own-tune", "candidates", "fresh", "fresh2", "fresh3", "fresh4", "fresh5", "fresh6")
UNSEEN = ("fresh3", "fresh4", "fresh5", "fresh6")  # the rounds whose pooled F1 is the question
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_LEAD = re.compile(r"[.!?。！？]\s|\n")


def tuning_sets(resolver: Resolver) -> dict[str, list[dict]]:
    """run.datasets' tuning sets, without ever building a held-out one."""
    out: dict[str, list[dict]] = {}
    if DEV.is_file():
        out["dev"] = [{**r, "id": pair_id(r)} for r in load_pairs(DEV)]
    out["own-tune"] = [r for r in load_pairs(OWN) if r["split"] == "tune"]
    if CAND.is_file():
        out["candidates"] = load_pairs(CAND)
    for name, path in run.ROUNDS:
        if name in run.HELD_OUT or name not in TUNING:
            continue
        recs = load_pairs(path)
        assert all(r.get("label") in ("overlap", "distinct") for r in recs), name
        out[name] = recs
    return {n: [r for r in rs if resolver.available(r["a"]) and resolver.available(r["b"])] for n, rs in out.items()}


# ------------------------------------------------------------------------------------------------ texts and embedders

def name_words(name: str) -> str:
    return " ".join(w for w in re.split(r"[_\-./:\s]+", _CAMEL.sub(" ", name)) if w).lower()


def texts(tool: dict) -> dict[str, str]:
    nw = name_words(tool.get("name", ""))
    desc = " ".join((tool.get("description") or "").split())
    lead = _LEAD.split(tool.get("description") or "", maxsplit=1)[0].strip()
    return {"full": f"{nw}. {desc}", "lead": f"{nw}. {lead}", "name": nw}


class WordLlamaEmb:
    label = "wordllama-0.4.0.post1 (l2_supercat 256-d)"

    def __init__(self):
        import wordllama
        from wordllama import WordLlama

        # the wheel keeps its tokenizer under wordllama/tokenizers/ but the loader looks in .../tokenizer/ first
        # and otherwise downloads: as cache_dir, the package folder has both weights/ and tokenizers/
        self.wl = WordLlama.load(cache_dir=Path(wordllama.__file__).parent, disable_download=True)

    def embed(self, xs: list[str]):
        return self.wl.embed(xs, norm=True)


class StaticModelEmb:
    label = "tokenlearn-static-model-0.1.1 (10k vocab, 64-d int8)"

    def __init__(self):
        import numpy as np
        import static_model

        self.np = np
        self.mod = static_model

    def embed(self, xs: list[str]):
        v = self.np.asarray(self.mod.get_embeddings(list(xs)), dtype=self.np.float32)
        return v / self.np.maximum(self.np.linalg.norm(v, axis=1, keepdims=True), 1e-12)


EMBEDDERS = {"wordllama": WordLlamaEmb, "static_model": StaticModelEmb}


def pair_cosines(emb, pairs: list[tuple[dict, dict]]) -> dict[str, list[float]]:
    out = {}
    for kind in ("full", "lead", "name"):
        ea = emb.embed([texts(a)[kind] for a, _ in pairs])
        eb = emb.embed([texts(b)[kind] for _, b in pairs])
        out[kind] = [float(x) for x in (ea * eb).sum(axis=1)]
    return out


# ------------------------------------------------------------------------------------------------ costs

def import_cost(which: str, reps: int = 5) -> dict:
    """Median wall seconds of a fresh interpreter's import + model load, and of the bare interpreter."""
    snippet = {"wordllama": "import time;t=time.perf_counter();import wordllama;from pathlib import Path;"
                            "from wordllama import WordLlama;t1=time.perf_counter();"
                            "WordLlama.load(cache_dir=Path(wordllama.__file__).parent,disable_download=True);"
                            "print(t1-t,time.perf_counter()-t1)",
               "static_model": "import time;t=time.perf_counter();import static_model;t1=time.perf_counter();"
                               "static_model.get_embeddings(['warm up']);print(t1-t,time.perf_counter()-t1)"}[which]
    imp, load = [], []
    for _ in range(reps):
        a, b = subprocess.run([sys.executable, "-c", snippet], capture_output=True, text=True,
                              check=True).stdout.split()
        imp.append(float(a))
        load.append(float(b))
    return {"import_s": statistics.median(imp), "load_s": statistics.median(load)}


def embed_cost(emb, tools: list[dict], reps: int = 3) -> dict:
    xs = [texts(t)["full"] for t in tools]
    batch = []
    for _ in range(reps):
        t = time.perf_counter()
        emb.embed(xs)
        batch.append(time.perf_counter() - t)
    order = sorted(xs, key=len)  # batches of similar length pad less
    t = time.perf_counter()
    emb.embed(order)
    sorted_s = time.perf_counter() - t
    t = time.perf_counter()
    for x in xs[:1000]:
        emb.embed([x])
    one = (time.perf_counter() - t) / 1000
    return {"tools": len(xs), "batch_s": statistics.median(batch), "per_tool_batched_us": statistics.median(batch)
            / len(xs) * 1e6, "batch_sorted_by_length_s": sorted_s, "per_tool_one_by_one_us": one * 1e6}


# ------------------------------------------------------------------------------------------------ the experiment

def f1_at(ys, scores, t):
    return prf(ys, [s >= t for s in scores])[2]


def loso(X: dict, Y: dict, extra: dict, cols: tuple[str, ...], prior: float, l2: float) -> dict[str, list[float]]:
    """Leave-one-set-out scores per set, with the extra feature columns `cols` appended to TC430's features."""
    feats = FEATURES + tuple(f"x_{c}" for c in cols)
    saved = fit.FEATURES, dict(fit.PRIOR)
    fit.FEATURES = feats
    for c in cols:
        fit.PRIOR[f"x_{c}"] = prior
    try:
        rows = {n: [x + [extra[n][c][i] for c in cols] for i, x in enumerate(X[n])] for n in X}
        out, weights = {}, {}
        for held in X:
            xs = [x for n in X if n != held for x in rows[n]]
            ys = [y for n in X if n != held for y in Y[n]]
            w = fit.fit(xs, ys, l2)
            out[held] = [fit.predict(w, x) for x in rows[held]]
            weights[held] = {f: round(wi, 3) for f, wi in zip(feats, w[1:], strict=True)
                             if f.startswith("x_") or f in ("desc_cos", "lead_cos", "param_sim")}
        return {"scores": out, "weights": weights}
    finally:
        fit.FEATURES, fit.PRIOR = saved[0], saved[1]


def log_loss(ys, ss) -> float:
    return -sum(math.log(max(s, 1e-9)) if y else math.log(max(1 - s, 1e-9)) for y, s in zip(ys, ss, strict=True)) / len(ys)


def counts(ys, ss, t=0.5) -> dict:
    return {"tp": sum(1 for y, s in zip(ys, ss, strict=True) if y and s >= t),
            "fp": sum(1 for y, s in zip(ys, ss, strict=True) if not y and s >= t),
            "fn": sum(1 for y, s in zip(ys, ss, strict=True) if y and s < t)}


def bootstrap_delta(ys, base, new, reps: int = 2000, t: float = 0.5) -> dict:
    """Paired bootstrap over pairs of pooled F1(new) - F1(base) at t: mean and 95% interval, P(delta > 0)."""
    rng = random.Random(18)
    n = len(ys)
    ds = []
    for _ in range(reps):
        idx = [rng.randrange(n) for _ in range(n)]
        yy = [ys[i] for i in idx]
        ds.append(f1_at(yy, [new[i] for i in idx], t) - f1_at(yy, [base[i] for i in idx], t))
    ds.sort()
    return {"mean": statistics.fmean(ds), "lo95": ds[int(0.025 * reps)], "hi95": ds[int(0.975 * reps)],
            "p_gt0": sum(d > 0 for d in ds) / reps}


def summarise(Y, scores, mask) -> dict:
    res = {}
    for n in Y:
        s_all, s_blk = scores[n], [s if m else 0.0 for s, m in zip(scores[n], mask[n], strict=True)]
        res[n] = {"all@0.5": f1_at(Y[n], s_all, 0.5), "all@best": max(f1_at(Y[n], s_all, t) for t in (0.3, 0.4, 0.5)),
                  "blk@0.5": f1_at(Y[n], s_blk, 0.5), "blk@best": max(f1_at(Y[n], s_blk, t) for t in (0.3, 0.4, 0.5)),
                  "auc": roc_auc(Y[n], s_all)}
    for key in ("all", "blk"):
        ys = [y for n in UNSEEN for y in Y[n]]
        ss = [s if (key == "all" or m) else 0.0 for n in UNSEEN for s, m in zip(scores[n], mask[n], strict=True)]
        res.setdefault("pooled-fresh3-6", {})[f"{key}@0.5"] = f1_at(ys, ss, 0.5)
        res["pooled-fresh3-6"][f"{key}@best"] = max(f1_at(ys, ss, t) for t in (0.3, 0.4, 0.5))
        res["pooled-fresh3-6"][f"{key}_counts@0.5"] = counts(ys, ss)
    ys = [y for n in UNSEEN for y in Y[n]]
    ss = [s for n in UNSEEN for s in scores[n]]
    res["pooled-fresh3-6"]["log_loss"] = log_loss(ys, ss)
    res["pooled-fresh3-6"]["auc"] = roc_auc(ys, ss)
    yall = [y for n in Y for y in Y[n]]
    sall = [s for n in Y for s in scores[n]]
    res["pooled-all"] = {"log_loss": log_loss(yall, sall), "auc": roc_auc(yall, sall), "all@0.5": f1_at(yall, sall, 0.5)}
    return res


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=HERE / "embed_feature_results.json")
    ap.add_argument("--embedders", default="wordllama,static_model")
    ap.add_argument("--l2", type=float, default=fit.L2)
    args = ap.parse_args(argv)
    fit.FIXED["interchange"] = 1000.0
    fit.PRIOR["interchange"] = 0.0
    fit.FIXED["bulk_form"] = 1000.0
    fit.PRIOR["bulk_form"] = 1.0

    corpus = load_corpus(CORPUS)
    resolver = Resolver(corpus)
    sets = tuning_sets(resolver)
    names = [n for n in TUNING if n in sets]
    X = {n: fit.featurise(sets[n], resolver) for n in names}
    Y = {n: [r["label"] == "overlap" for r in sets[n]] for n in names}
    P = {n: [run.pair_records(r, resolver) for r in sets[n]] for n in names}
    # what the shipped TC430 reports for the pair alone (0 where its blocking does not compare it)
    shipped = {n: [s for s, _ in run.score_pairs_in_process(P[n])] for n in names}
    mask = {n: [s > 0 for s in shipped[n]] for n in names}
    m = model()
    result: dict = {"sets": {n: {"n": len(Y[n]), "overlaps": sum(Y[n]), "compared": sum(mask[n])} for n in names}}
    result["shipped"] = {n: {"blk@0.5": f1_at(Y[n], shipped[n], m.threshold),
                             "model_all@0.5": f1_at(Y[n], [m.score(x) for x in X[n]], m.threshold)} for n in names}

    # anchors: TC430's own text cosines alone, at their best threshold per set
    result["tc430_cos_alone_best_f1"] = {
        f: {n: round(best_f1(Y[n], [x[FEATURES.index(f)] for x in X[n]])[1], 3) for n in names}
        for f in ("desc_cos", "lead_cos")}
    extra: dict = {n: {} for n in names}
    result["embedders"] = {}
    for key in args.embedders.split(","):
        emb = EMBEDDERS[key]()
        info = {"label": EMBEDDERS[key].label, **import_cost(key), **embed_cost(emb, corpus)}
        for n in names:
            cos = pair_cosines(emb, P[n])
            for kind, vals in cos.items():
                extra[n][f"{key}_{kind}"] = vals
        info["cos_alone_best_f1"] = {
            kind: {n: round(best_f1(Y[n], extra[n][f"{key}_{kind}"])[1], 3) for n in names}
            for kind in ("full", "lead", "name")}
        result["embedders"][key] = info
        print(json.dumps({key: info}, indent=1), flush=True)

    variants = [("base", (), 0.0)]
    for key in args.embedders.split(","):
        variants += [(f"{key}:full", (f"{key}_full",), 0.0), (f"{key}:lead", (f"{key}_lead",), 0.0),
                     (f"{key}:name", (f"{key}_name",), 0.0),
                     (f"{key}:full+lead", (f"{key}_full", f"{key}_lead"), 0.0),
                     (f"{key}:full(prior1)", (f"{key}_full",), 1.0)]
    result["variants"] = {}
    for label, cols, prior in variants:
        r = loso(X, Y, extra, cols, prior, args.l2)
        summ = summarise(Y, r["scores"], mask)
        result["variants"][label] = {"f1": summ, "weights": r["weights"]}
        ys = [y for n in UNSEEN for y in Y[n]]
        if label == "base":
            base_scores = r["scores"]
        else:
            for key, msk in (("all", False), ("blk", True)):
                b = [s if (not msk or k) else 0.0 for n in UNSEEN for s, k in zip(base_scores[n], mask[n], strict=True)]
                v = [s if (not msk or k) else 0.0 for n in UNSEEN for s, k in zip(r["scores"][n], mask[n], strict=True)]
                summ["pooled-fresh3-6"][f"{key}_delta_vs_base@0.5"] = bootstrap_delta(ys, b, v)
        row = "  ".join(f"{n}={summ[n]['all@0.5']:.2f}/{summ[n]['blk@0.5']:.2f}" for n in [*names, "pooled-fresh3-6"])
        pf = summ["pooled-fresh3-6"]
        print(f"{label:26} all/blk@0.5  {row}  logloss {pf['log_loss']:.3f} auc {pf['auc']:.3f}", flush=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
