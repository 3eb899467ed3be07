"""The overlap benchmark: TC430 of the installed toolcheck on labelled pairs, each pair scored on its own.

    python benchmarks/overlap/run.py              # dev (../shared/overlap_dev), own tune, own holdout
    python benchmarks/overlap/run.py --quick      # a fixed subset, for CI (a few seconds)
    python benchmarks/overlap/run.py --json out.json

For every dataset it prints n, overlaps, precision/recall/F1 at TC430's shipped default threshold, the ROC AUC of
its score, the threshold that would give the best F1 on that set (information only: tune on dev + tune, never on
holdout), the misclassified pairs, and the same figures for a TF-IDF baseline (overlap_common.Tfidf).

How a pair is scored (``score_pairs``, the one place that talks to toolcheck): each pair is written as its own
JSON Lines file of two tool records, and one ``toolcheck lint --select TC430`` run reads all the files with
``rules.TC430.group-by: file`` (every file is its own comparison group, so no pair sees another pair's tools)
and a threshold of 1e-9, so that every pair TC430 scores at all is reported with its score. A pair TC430 does not
report scores 0. Two tools with the same name are TC012's, not TC430's; as an MCP host does when two servers
offer one name, such a pair is given to TC430 with each name prefixed by its server or source
(``desktop_commander__read_file``). The default threshold is read from ``toolcheck rules --format json``.

The dev set and the own pairs drawn from corpus A need ../shared beside the checkout; without it they are skipped
(pairs from captured servers in servers/ still run).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from overlap_common import (  # noqa: E402
    CAND,
    CORPUS,
    DEV,
    OWN,
    Resolver,
    Tfidf,
    best_f1,
    load_corpus,
    load_pairs,
    pair_id,
    prf,
    roc_auc,
)

QUICK_PER_LABEL = 12  # --quick: per dataset, the first overlaps and the first distinct pairs by pair id
_SLUG_RE = re.compile(r"[^a-z0-9]+")


# ------------------------------------------------------------------------------------------------ toolcheck adapter

def toolcheck_command() -> list[str]:
    """The installed toolcheck: the package importable by this interpreter, run as `python -m toolcheck`."""
    return [sys.executable, "-m", "toolcheck"]


def shipped_threshold() -> float:
    """TC430's default threshold, as the installed toolcheck documents it (`toolcheck rules --format json`)."""
    out = subprocess.run([*toolcheck_command(), "rules", "--format", "json"], capture_output=True, text=True,
                         check=True).stdout
    for r in json.loads(out):
        if r["code"] == "TC430":
            return float(r["options"]["threshold"])
    raise RuntimeError("the installed toolcheck has no TC430")


def _namespace(ref: dict, tool: dict) -> str:
    """What an MCP host would prefix a clashing name with: the server, else the source file's stem."""
    if ref.get("server"):
        base = ref["server"]
    elif ref.get("file"):
        base = Path(ref["file"]).stem
    else:
        base = Path(str(tool.get("source", "tools")).rsplit(":", 1)[-1]).stem
    return _SLUG_RE.sub("_", base.lower()).strip("_") or "tools"


def pair_records(rec: dict, resolver: Resolver) -> list[dict]:
    """The two tool records of a pair as TC430 sees them (names made distinct as an MCP host would)."""
    a, b = resolver.tool(rec["a"]), resolver.tool(rec["b"])
    if a["name"] == b["name"]:
        na, nb = _namespace(rec["a"], a), _namespace(rec["b"], b)
        if na == nb:
            na, nb = na + "_a", nb + "_b"
        a = {**a, "name": f"{na}__{a['name']}"}
        b = {**b, "name": f"{nb}__{b['name']}"}
    return [a, b]


def score_pairs(tool_pairs: list[list[dict]], timeout: float = 600, threshold: float = 1e-9,
                backends: str = "named") -> list[tuple[float, str]]:
    """(score, TC430 message) for each pair of tool records, each pair scored in isolation, in one process.

    Adapter to the installed toolcheck's CLI: one file per pair, `group-by: file`, the given threshold (1e-9: every
    pair TC430 compares at all is reported with its score; TC430 compares more pairs below 0.2, see its blocking)."""
    if not tool_pairs:
        return []
    with tempfile.TemporaryDirectory(prefix="overlap-bench-") as tmp:
        root = Path(tmp)
        pdir = root / "pairs"
        pdir.mkdir()
        for i, tools in enumerate(tool_pairs):
            with open(pdir / f"p{i:05d}.jsonl", "w", encoding="utf-8") as f:
                for t in tools:
                    f.write(json.dumps(t, ensure_ascii=False) + "\n")
        cfg = root / "toolcheck.yaml"
        cfg.write_text(f"rules:\n  TC430:\n    threshold: {threshold:.12f}\n    group-by: file\n    backends: {backends}\n",
                       encoding="utf-8")
        env = {k: v for k, v in os.environ.items() if k != "TOOLCHECK_FORMAT"}
        env["NO_COLOR"] = "1"
        p = subprocess.run([*toolcheck_command(), "lint", "--select", "TC430", "--config", str(cfg), "--format",
                            "json", "--no-cache", "--exit-zero", "pairs"], cwd=root, capture_output=True,
                           text=True, env=env, timeout=timeout)
        if p.returncode != 0:
            raise RuntimeError(f"toolcheck exited {p.returncode}: {p.stderr.strip()[-2000:]}")
        report = json.loads(p.stdout)
    out = [(0.0, "")] * len(tool_pairs)
    for f in report["findings"]:
        if f.get("code") != "TC430":
            continue
        i = int(Path(f["file"]).stem[1:])
        score = float((f.get("data") or {}).get("score", 0.0))
        if score > out[i][0]:
            out[i] = (score, f.get("message", ""))
    return out


def score_pairs_in_process(tool_pairs: list[list[dict]], threshold: float = 1e-9,
                           backends: str = "named") -> list[tuple[float, str]]:
    """The same scores from the importable toolcheck.overlap, without the CLI (for iterating; the reported figures
    come from score_pairs): as TC430 reads a file of the two tools (group-by: file), the names a description may
    mention are the pair's own, and a pair its blocking does not propose is not compared (score 0)."""
    from toolcheck.overlap import explain, find_overlaps, mention_keys, parse

    out = []
    for a, b in tool_pairs:
        known = frozenset(k for t in (a, b) for k in mention_keys(t.get("name", "")))
        fa = parse(a.get("name", ""), a.get("description", ""), a.get("parameters"), known)
        fb = parse(b.get("name", ""), b.get("description", ""), b.get("parameters"), known)
        hit = find_overlaps([fa, fb], threshold, backends=backends)
        out.append((hit[0][2], "; ".join(explain(fb, fa))) if hit else (0.0, ""))
    return out


# ------------------------------------------------------------------------------------------------ datasets

FRESH = OWN.parent / "pairs_fresh.jsonl"
FRESH2 = OWN.parent / "pairs_fresh2.jsonl"
FRESH3 = OWN.parent / "pairs_fresh3.jsonl"
FRESH4 = OWN.parent / "pairs_fresh4.jsonl"
FRESH5 = OWN.parent / "pairs_fresh5.jsonl"
FRESH6 = OWN.parent / "pairs_fresh6.jsonl"
FRESH7 = OWN.parent / "pairs_fresh7.jsonl"
FRESH8 = OWN.parent / "pairs_fresh8.jsonl"
FRESH9 = OWN.parent / "pairs_fresh9.jsonl"
FRESH10 = OWN.parent / "pairs_fresh10.jsonl"
FRESH11 = OWN.parent / "pairs_fresh11.jsonl"
# scored only to report, never to tune: --no-holdout leaves them out. "fresh" and "fresh2" were each scored once
# (2026-12-02), "fresh3" once (2026-12-03, F1 0.11), "fresh4" once (F1 0.19), "fresh5" once (F1 0.42), "fresh6"
# once (2026-12-04, F1 0.22), "fresh8" once after recall round F (F1 0.25), "fresh7" twice (F1 0.36 before and
# after round F): all eight are spent, so they are tuning sets now. "fresh9" was drawn and labelled blind
# (draw_fresh9.py) before recall round G was built, and scored once after it (F1 0.25, as before G): spent too.
# "fresh10" was drawn and labelled blind (draw_fresh10.py) before recall round H was built, and scored once after
# it (F1 0.42, as before H): spent. "fresh11" (draw_fresh11.py, content repeats of earlier pairs left out) was
# drawn and labelled blind before recall round I was built, and scored once after it (F1 0.00: none of its 11
# overlaps found, as before I): spent. The next change needs a new round, drawn and labelled blind
# (draw_fresh11.py's procedure with a new seed) before it is built.
HELD_OUT = ("own-holdout",)
# labelled blind, each scored once labelled whole
ROUNDS = (("fresh", FRESH), ("fresh2", FRESH2), ("fresh3", FRESH3), ("fresh4", FRESH4), ("fresh5", FRESH5),
          ("fresh6", FRESH6), ("fresh7", FRESH7), ("fresh8", FRESH8), ("fresh9", FRESH9),
          ("fresh10", FRESH10), ("fresh11", FRESH11))

def datasets(quick: bool, resolver: Resolver) -> list[tuple[str, list[dict], int]]:
    """(name, usable records, how many were skipped because their tools need ../shared)."""
    out: list[tuple[str, list[dict]]] = []
    if DEV.is_file():
        out.append(("dev", [{**r, "id": pair_id(r)} for r in load_pairs(DEV)]))
    own = load_pairs(OWN)
    out.append(("own-tune", [r for r in own if r["split"] == "tune"]))
    out.append(("own-holdout", [r for r in own if r["split"] == "holdout"]))
    if CAND.is_file():
        out.append(("candidates", load_pairs(CAND)))
    for name, path in ROUNDS:
        if not path.is_file():
            continue
        recs = load_pairs(path)
        done = [r for r in recs if r.get("label") in ("overlap", "distinct")]
        if len(done) == len(recs):
            out.append((name, done))
        else:  # scored only once it is labelled whole: a part would be looked at before the rest is labelled
            print(f"note: {name}: {len(done)} of {len(recs)} pairs labelled; not scored until all are",
                  file=sys.stderr)
    kept = []
    for name, recs in out:
        usable = [r for r in recs if resolver.available(r["a"]) and resolver.available(r["b"])]
        skipped = len(recs) - len(usable)
        if quick:
            usable = sorted(usable, key=lambda r: r["id"])
            usable = ([r for r in usable if r["label"] == "overlap"][:QUICK_PER_LABEL]
                      + [r for r in usable if r["label"] != "overlap"][:QUICK_PER_LABEL])
        kept.append((name, usable, skipped))
    return kept


def evaluate(name: str, recs: list[dict], scores: list[float], base: list[float], threshold: float,
             base_threshold: float | None, flagged: list[bool] | None = None) -> dict:
    y = [r["label"] == "overlap" for r in recs]
    pred = flagged if flagged is not None else [s >= threshold for s in scores]
    p, r, f1 = prf(y, pred)
    bt, bf1 = best_f1(y, scores)
    res = {
        "dataset": name, "n": len(recs), "overlaps": sum(y), "threshold": threshold,
        "precision": p, "recall": r, "f1": f1, "auc": roc_auc(y, scores),
        "best_threshold": bt, "best_f1": bf1,
        "tfidf_auc": roc_auc(y, base),
        "tfidf_best_threshold": best_f1(y, base)[0], "tfidf_best_f1": best_f1(y, base)[1],
    }
    if base_threshold is not None:
        res["tfidf_threshold"] = base_threshold
        res["tfidf_f1"] = prf(y, [s >= base_threshold for s in base])[2]
    res["misclassified"] = [
        {"id": rec["id"], "a": rec["a"]["name"], "b": rec["b"]["name"], "label": rec["label"],
         "score": round(s, 3), "why": rec.get("why", ""), "stratum": rec.get("stratum"), "flagged": pp}
        for rec, s, yy, pp in zip(recs, scores, y, pred, strict=True) if yy != pp
    ]
    return res


def _fmt(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def print_report(results: list[dict], skipped: dict[str, int], quick: bool, misclassified: int | None) -> None:
    print(f"TC430 overlap benchmark{' (quick subset)' if quick else ''}; shipped threshold "
          f"{results[0]['threshold'] if results else '-'}")
    print()
    print("| dataset | n | overlaps | P | R | F1 | AUC | best-F1 threshold (F1) | TF-IDF AUC | TF-IDF F1 "
          "(dev+tune threshold) | TF-IDF best F1 |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for r in results:
        print(f"| {r['dataset']} | {r['n']} | {r['overlaps']} | {_fmt(r['precision'])} | {_fmt(r['recall'])} | "
              f"{_fmt(r['f1'])} | {_fmt(r['auc'])} | {r['best_threshold']:.3f} ({_fmt(r['best_f1'])}) | "
              f"{_fmt(r['tfidf_auc'])} | {_fmt(r.get('tfidf_f1'))} @ {r.get('tfidf_threshold', 0):.3f} | "
              f"{_fmt(r['tfidf_best_f1'])} |")
    for name, n in skipped.items():
        if n:
            print(f"({name}: {n} pairs skipped, their tools need ../shared/corpus/A)")
    for r in results:
        mis = r["misclassified"]
        fp = [m for m in mis if m["label"] == "distinct"]
        fn = [m for m in mis if m["label"] == "overlap"]
        print()
        print(f"## {r['dataset']}: {len(fp)} false positives, {len(fn)} false negatives at {r['threshold']}")
        for kind, rows in (("FP", fp), ("FN", fn)):
            for m in rows[:misclassified] if misclassified is not None else rows:
                # an overlap scoring above the threshold that the run at the threshold did not report: the
                # blocking (toolcheck/overlap/candidates.py) never compared the pair there
                lost = "  (not compared at the threshold)" if kind == "FN" and m["score"] >= r["threshold"] else ""
                print(f"  {kind} {m['score']:.2f}  {m['a']} | {m['b']}  [{m['stratum'] or 'dev'}]  {m['why']}{lost}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true",
                    help=f"per dataset only the first {QUICK_PER_LABEL} overlaps and distinct pairs by id (CI)")
    ap.add_argument("--json", metavar="PATH", help="also write the results as JSON")
    ap.add_argument("--in-process", action="store_true",
                    help="score with the importable toolcheck.overlap instead of the CLI (faster; for iterating)")
    ap.add_argument("--no-holdout", action="store_true",
                    help="leave out the held-out sets (own-holdout; while developing)")
    ap.add_argument("--held-out", metavar="NAME", action="append", choices=HELD_OUT,
                    help="score only this held-out set with the tuning sets, the other held-out sets left out "
                         "(repeatable): a round is looked at once, when its turn comes")
    ap.add_argument("--backends", choices=("named", "interchangeable"), default="named",
                    help="TC430's backends option (default: named, the shipped default)")
    ap.add_argument("--misclassified", type=int, default=None, metavar="N",
                    help="list at most N false positives and N false negatives per dataset (default: all)")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    corpus = load_corpus(CORPUS)
    resolver = Resolver(corpus)
    data = datasets(args.quick, resolver)
    if args.no_holdout or args.held_out:
        data = [d for d in data if d[0] not in HELD_OUT or d[0] in (args.held_out or ())]
    skipped = {name: n for name, _, n in data}
    # one toolcheck run for every pair of every dataset (each pair its own group)
    flat = [(name, rec) for name, recs, _ in data for rec in recs]
    scorer = functools.partial(score_pairs_in_process if args.in_process else score_pairs, backends=args.backends)
    records = [pair_records(rec, resolver) for _, rec in flat]
    scored = scorer(records)
    threshold = shipped_threshold()
    # what a user sees: the findings of a run at the shipped threshold (P, R, F1 come from these)
    flagged_all = [s > 0 for s, _ in scorer(records, threshold=threshold)]
    # the baseline: document frequencies from corpus A (or, without it, from the benchmark's own tools)
    background = corpus if corpus is not None else [t for _, rec in flat for t in pair_records(rec, resolver)]
    tfidf = Tfidf(background)
    base = [tfidf.cosine(*[resolver.tool(rec[k]) for k in "ab"]) for _, rec in flat]
    by_name: dict[str, tuple[list[dict], list[float], list[float]]] = {}
    flags: dict[str, list[bool]] = {}
    for (name, rec), (s, _), b, fl in zip(flat, scored, base, flagged_all, strict=True):
        recs, ss, bs = by_name.setdefault(name, ([], [], []))
        recs.append(rec)
        ss.append(s)
        bs.append(b)
        flags.setdefault(name, []).append(fl)
    # the baseline's threshold is chosen where a tuner may look: dev + tune
    ty: list[bool] = []
    tb: list[float] = []
    for name in ("dev", "own-tune"):
        if name in by_name:
            ty += [r["label"] == "overlap" for r in by_name[name][0]]
            tb += by_name[name][2]
    base_threshold = best_f1(ty, tb)[0] if ty else None
    results = [evaluate(name, *by_name[name], threshold, base_threshold, flags[name]) for name, recs, _ in data if recs]
    if args.backends != "named":
        print(f"TC430 option backends: {args.backends}")
    print_report(results, skipped, args.quick, args.misclassified)
    print(f"\n{len(flat)} pairs scored in {time.perf_counter() - t0:.1f} s")
    if args.json:
        Path(args.json).write_text(json.dumps({"quick": args.quick, "results": results}, indent=1) + "\n",
                                   encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
