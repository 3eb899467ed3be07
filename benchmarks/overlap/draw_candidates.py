"""Draw the candidate pairs: pairs that TC430's blocking would compare, labelled for tuning (issue 18, round 4).

    python benchmarks/overlap/draw_candidates.py            # writes pairs_candidates.jsonl (labels joined)
    python benchmarks/overlap/draw_candidates.py --check    # exit 1 unless the file is what the procedure gives
    python benchmarks/overlap/draw_candidates.py --show     # print the drawn pairs in full, for labelling

Why: the dev set and pairs_own.jsonl were drawn by TF-IDF bands and name patterns, so they hold few of the pairs
the new TC430 actually compares: pairs of one realistic set that share a *purpose key* (the same action and
object head, the same name once namespaces are stripped, the same required parameters, a description naming the
other, an enum word). Those pairs decide its precision in the field. This draw samples them.

Procedure (seeded, SEED = 430): the realistic sets of corpus A (sets.json) in six families — each LiveMCPBench
server alone, the LiveMCPBench toolbox across servers, each ToolUniverse data file alone, the ToolUniverse package
across files, each BFCL multi-turn class, each BFCL multi-function entry. For each set, toolcheck.overlap's
candidate keys (candidates.keys_of: names, actions, objects, parameters, cues, enums; no score is computed) give
the candidate pairs; pairs with one name, pairs of overlap_dev and of pairs_own.jsonl are left out. Each pair's
stratum is the strongest key kind it shares (R reference > E enum > B base name > A action+head > P signature >
O objectless/actionless). Per family, strata are visited round-robin in a fixed order, each from a seeded shuffle,
with caps (a tool at most twice in the file, a set - across servers/files: a pair of them - at most SET_CAP times per
family), until QUOTA pairs. Every
pair is `split: tune`: this set is for tuning; the judged holdout stays pairs_own.jsonl's.

The labels (labels_candidates.jsonl) were written by reading both definitions in full before any score of
these pairs was computed, following overlap_dev's label rules.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

from overlap_common import CORPUS, DEV, OWN, Tfidf, load_corpus, load_pairs, pair_id  # noqa: E402

from toolcheck.overlap import parse  # noqa: E402
from toolcheck.overlap.candidates import keys_of  # noqa: E402

SEED = 430
OUT = HERE / "pairs_candidates.jsonl"
LABELS = HERE / "labels_candidates.jsonl"
SETS = HERE / "sets.json"
QUOTA = {"livemcpbench-server": 35, "livemcpbench-toolbox": 35, "tooluniverse-data-file": 35,
         "tooluniverse-package": 45, "bfcl-multi-turn-class": 25, "bfcl-multi-function-entry": 25}
STRATA = ("R", "E", "B", "A", "P", "O")
SET_CAP = 3
TOOL_CAP = 2


def families(corpus: list[dict]) -> dict[str, list[tuple[str, list[int], bool]]]:
    """family -> [(set id, corpus lines, cross-only)]; cross-only: pairs must come from two servers/files."""
    sets = json.loads(SETS.read_text(encoding="utf-8"))
    lmb: dict[str, list[int]] = defaultdict(list)
    for line, meta in sets["livemcpbench"].items():
        lmb[meta["server"]].append(int(line))
    tu: dict[str, list[int]] = defaultdict(list)
    for i, r in enumerate(corpus):
        if r["source"].startswith("pypi:tooluniverse"):
            tu[r["source"]].append(i)
    return {
        "livemcpbench-server": [(f"lmb:{s}", sorted(v), False) for s, v in sorted(lmb.items()) if len(v) > 1],
        "livemcpbench-toolbox": [("lmb:*", sorted(int(x) for x in sets["livemcpbench"]), True)],
        "tooluniverse-data-file": [(s, sorted(v), False) for s, v in sorted(tu.items()) if len(v) > 1],
        "tooluniverse-package": [("tu:*", sorted(i for v in tu.values() for i in v), True)],
        "bfcl-multi-turn-class": [(c["source"], sorted(c["lines"]), False) for c in sets["bfcl_classes"]],
        "bfcl-multi-function-entry": [(e["id"], sorted(e["lines"]), False) for e in sets["bfcl_entries"]
                                      if len(e["lines"]) > 1],
    }


def _group_of(corpus: list[dict], line: int, sets: dict) -> str:
    meta = sets["livemcpbench"].get(str(line))
    return meta["server"] if meta else corpus[line]["source"]


def candidates(corpus, lines: list[int], cross: bool, sets: dict) -> dict[tuple[int, int], str]:
    """(line a, line b) -> stratum, for the pairs of one set that share a key."""
    frames = {i: parse(corpus[i].get("name", ""), corpus[i].get("description", ""), corpus[i].get("parameters"))
              for i in lines}
    post: dict[str, tuple[list[int], list[int]]] = defaultdict(lambda: ([], []))
    for i in lines:
        for key, active in keys_of(frames[i]):
            post[key][0 if active else 1].append(i)
    out: dict[tuple[int, int], str] = {}
    for key, (act, pas) in sorted(post.items()):
        kind = key[0] if key[0] != "C" else "E"
        kind = "O" if kind == "H" else kind
        if len(act) + len(pas) > 400:
            continue
        members = [(a, b) for k, a in enumerate(act) for b in act[k + 1:]] + [(a, b) for a in act for b in pas]
        for a, b in members:
            if a == b or corpus[a]["name"] == corpus[b]["name"]:
                continue
            if cross and _group_of(corpus, a, sets) == _group_of(corpus, b, sets):
                continue
            pair = (min(a, b), max(a, b))
            prev = out.get(pair)
            if prev is None or STRATA.index(kind) < STRATA.index(prev):
                out[pair] = kind
    return out


def draw(corpus: list[dict]) -> list[dict]:
    sets = json.loads(SETS.read_text(encoding="utf-8"))
    seen = {pair_id(r) for r in load_pairs(DEV)} if DEV.is_file() else set()
    seen |= {r["id"] for r in load_pairs(OWN)}
    tfidf = Tfidf(corpus)
    rng = random.Random(SEED)
    uses: dict[int, int] = defaultdict(int)
    out: list[dict] = []
    for fam, fsets in families(corpus).items():
        pool: dict[str, list[tuple[str, int, int]]] = {s: [] for s in STRATA}
        for sid, lines, cross in fsets:
            for (a, b), kind in sorted(candidates(corpus, lines, cross, sets).items()):
                if f"A:{a}|A:{b}" not in seen:
                    # across servers/files the cap is per pair of servers/files
                    cap_key = "|".join(sorted((_group_of(corpus, a, sets), _group_of(corpus, b, sets)))) \
                        if cross else sid
                    pool[kind].append((cap_key, a, b))
        for s in STRATA:
            rng.shuffle(pool[s])
        per_set: dict[str, int] = defaultdict(int)
        taken = 0
        cursor = dict.fromkeys(STRATA, 0)
        while taken < QUOTA[fam] and any(cursor[s] < len(pool[s]) for s in STRATA):
            for s in STRATA:
                if taken >= QUOTA[fam]:
                    break
                while cursor[s] < len(pool[s]):
                    sid, a, b = pool[s][cursor[s]]
                    cursor[s] += 1
                    if uses[a] >= TOOL_CAP or uses[b] >= TOOL_CAP or per_set[sid] >= SET_CAP:
                        continue
                    uses[a] += 1
                    uses[b] += 1
                    per_set[sid] += 1
                    taken += 1
                    out.append(_record(corpus, sets, fam, sid if not fsets[0][2] else fsets[0][0], s, a, b, tfidf))
                    break
    return out


def _ref(corpus, sets, line: int) -> dict:
    r = corpus[line]
    ref = {"source": r["source"], "name": r["name"], "line": line}
    meta = sets["livemcpbench"].get(str(line))
    if meta:
        ref["server"] = meta["server"]
    return ref


def _record(corpus, sets, fam, sid, stratum, a, b, tfidf) -> dict:
    rec = {"a": _ref(corpus, sets, a), "b": _ref(corpus, sets, b)}
    return {"id": pair_id(rec), **rec, "tool_set": fam, "set": sid, "stratum": "key-" + stratum,
            "baseline": round(tfidf.cosine(corpus[a], corpus[b]), 3), "split": "tune"}


def show(recs: list[dict], corpus: list[dict]) -> None:
    for k, r in enumerate(recs):
        print(f"[{k}] {r['id']} ({r['tool_set']}, {r['stratum']})")
        for side in "ab":
            t = corpus[r[side]["line"]]
            p = t.get("parameters") or {}
            props = p.get("properties") or {}
            req = set(p.get("required") or [])
            ps = []
            for name, v in list(props.items())[:10]:
                v = v if isinstance(v, dict) else {}
                en = v.get("enum")
                pd = (v.get("description") or "")[:60].replace("\n", " ")
                ps.append(f"{name}{'*' if name in req else ''}{en[:6] if en else ''}" + (f" ({pd})" if pd else ""))
            srv = r[side].get("server", "")
            d = " ".join((t.get("description") or "").split())[:420]
            print(f"   {side.upper()}: {t['name']} [{srv}] :: {d}")
            print(f"      params: {'; '.join(ps)}")
        print()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--show", action="store_true")
    args = ap.parse_args(argv)
    corpus = load_corpus(CORPUS)
    if corpus is None:
        print("needs ../shared/corpus/A", file=sys.stderr)
        return 2
    recs = draw(corpus)
    if args.show:
        show(recs, corpus)
        return 0
    labels = {}
    if LABELS.is_file():
        labels = {x["id"]: x for x in load_pairs(LABELS)}
    lines = []
    for r in recs:
        lab = labels.get(r["id"])
        if lab is None:
            continue
        lines.append(json.dumps({**r, "label": lab["label"], "why": lab["why"]}, ensure_ascii=False))
    text = "\n".join(lines) + "\n"
    if args.check:
        ok = OUT.is_file() and OUT.read_text(encoding="utf-8") == text
        print("pairs_candidates.jsonl is what the procedure draws" if ok else "pairs_candidates.jsonl differs")
        return 0 if ok else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"{len(lines)} of {len(recs)} drawn pairs labelled -> {OUT.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
