#!/usr/bin/env python3
"""Helpers for judges: read a chunk, fill in verdicts, merge them into judged.jsonl.

    python benchmarks/precision/judge.py show to_judge/before-01.jsonl [--index 7]
    python benchmarks/precision/judge.py fill to_judge/before-01.jsonl verdicts.jsonl
    python benchmarks/precision/judge.py merge to_judge/before-01.jsonl --round before --judge NAME

`fill` takes JSON Lines of {"index" or "key", "verdict", "reason"} and writes them into the chunk; `merge`
checks that every record has a verdict in {true, debatable, false} and a reason, then appends one line per
record to judged.jsonl (replacing an earlier verdict of the same key in the same round).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
JUDGED = HERE / "judged.jsonl"
VERDICTS = ("true", "debatable", "false")
KEY_FIELDS = ("key", "set", "view", "file", "tool", "code", "target", "pointer", "related", "h", "vh")


def read(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.open(encoding="utf-8") if line.strip()]


def write(path: Path, recs: list[dict]) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    with tmp.open("w", encoding="utf-8") as fh:
        for r in recs:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    tmp.replace(path)


def resolve(doc, pointer: str):
    """The value at an RFC 6901 pointer, or None."""
    cur = doc
    for tok in [t.replace("~1", "/").replace("~0", "~") for t in pointer.split("/")[1:]] if pointer else []:
        if isinstance(cur, list) and tok.isdigit() and int(tok) < len(cur):
            cur = cur[int(tok)]
        elif isinstance(cur, dict) and tok in cur:
            cur = cur[tok]
        else:
            return None
    return cur


def show(r: dict, i: int, full: bool) -> str:
    f = r["finding"]
    out = [f"=== [{i}] {f['code']} {f['name']} ({f['severity']}) set={r['set']} view={r['view']} tool={r['tool']}",
           f"message: {f['message']}", f"help:    {f.get('help', '')}"]
    for k in ("target", "data", "related"):
        if f.get(k):
            out.append(f"{k}: {json.dumps(f[k], ensure_ascii=False)[:600]}")
    out.append(f"pointer: {r['pointer']}   how: {r['set_info']['how_linted']}")
    d = r.get("tool_definition")
    if d is not None and r["pointer"]:
        v = resolve(d, r["pointer"])
        if v is not None:
            out.append("at pointer: " + json.dumps(v, ensure_ascii=False)[:1500])
    limit = None if full else 2500
    out.append("definition: " + json.dumps(d, ensure_ascii=False)[:limit])
    for rd in r.get("related_definitions") or []:
        out.append("related: " + json.dumps(rd, ensure_ascii=False)[:limit])
    if r.get("linted_file"):
        out.append(f"linted {r['linted_file']['path']}:\n" + r["linted_file"]["text"][:limit])
    if r.get("verdict"):
        out.append(f"VERDICT: {r['verdict']}: {r.get('reason')}")
    return "\n".join(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("show")
    s.add_argument("chunk", type=Path)
    s.add_argument("--index", type=int, action="append")
    s.add_argument("--full", action="store_true")
    s.add_argument("--doc", action="store_true", help="also print the rule documentation")
    fl = sub.add_parser("fill")
    fl.add_argument("chunk", type=Path)
    fl.add_argument("verdicts", type=Path)
    m = sub.add_parser("merge")
    m.add_argument("chunk", type=Path)
    m.add_argument("--round", required=True)
    m.add_argument("--judge", required=True)
    m.add_argument("--judged", type=Path, default=JUDGED)
    a = ap.parse_args(argv)
    recs = read(a.chunk)
    if a.cmd == "show":
        for i, r in enumerate(recs):
            if a.index and i not in a.index:
                continue
            print(show(r, i, a.full))
            if a.doc:
                print("rule doc:\n" + r["rule_doc"])
            print()
        return 0
    if a.cmd == "fill":
        by_key = {r["key"]: r for r in recs}
        for v in read(a.verdicts):
            r = recs[v["index"]] if "index" in v else by_key.get(v.get("key"))
            if r is None:
                print(f"no record for {v}", file=sys.stderr)
                return 1
            if "key" in v and "index" in v and v["key"] != r["key"]:
                print(f"index {v['index']} is {r['key']}, not {v['key']}", file=sys.stderr)
                return 1
            r["verdict"], r["reason"] = v["verdict"], v["reason"]
        write(a.chunk, recs)
        print(f"{sum(1 for r in recs if r.get('verdict'))} of {len(recs)} records of {a.chunk} have a verdict")
        return 0
    bad = [i for i, r in enumerate(recs) if r.get("verdict") not in VERDICTS or not str(r.get("reason") or "").strip()]
    if bad:
        print(f"records without a valid verdict and reason: {bad}", file=sys.stderr)
        return 1
    old = read(a.judged) if a.judged.is_file() else []
    new_keys = {(a.round, r["key"]) for r in recs}
    kept = [o for o in old if (o.get("round"), o.get("key")) not in new_keys]
    for r in recs:
        kept.append({**{k: r[k] for k in KEY_FIELDS if r.get(k) not in (None, "") or k in ("target", "related")},
                     "severity": r["finding"]["severity"], "message": r["finding"]["message"],
                     "part": r.get("part", "lint"), "verdict": r["verdict"], "reason": r["reason"],
                     "round": a.round, "judged_at": r.get("toolcheck_commit"), "judge": a.judge})
    write(a.judged, kept)
    print(f"merged {len(recs)} verdicts into {a.judged} ({len(kept)} in all)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
