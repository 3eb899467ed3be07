"""TC430 on realistic first-party sets, each linted alone: what it flags, and how much of it is a real overlap.

    python benchmarks/overlap/flagged.py                 # list every flagged pair, with its verdict when judged
    python benchmarks/overlap/flagged.py --json out.json
    python benchmarks/overlap/flagged.py --new           # only the flagged pairs nobody has judged yet

Sets (each one run of the installed toolcheck, `toolcheck lint --select TC430`, as its maintainer would lint it):

* ``server/<slug>``: each captured MCP server of ../precision/servers (its tools/list, as received);
* ``lmb/<server>``: each LiveMCPBench server of corpus A (its tools as one JSON Lines file);
* ``bfcl-class/<class>``: each BFCL multi-turn API class of corpus A;
* ``tu-file/<file>``: each ToolUniverse data file of corpus A (one suite of tools, as its authors group them).

flagged_judged.jsonl holds verdicts for flagged pairs, keyed by set and the two tool names: ``true`` (a model
handed both could not reliably choose: the label rules of ../../../shared/overlap_dev/README.md), ``false``, or
``debatable``, with a one-line reason. Precision = true / (true + false), debatable reported apart; the figure
is printed per source and for all sets.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from overlap_common import load_corpus  # noqa: E402

SERVERS = HERE.parent / "precision" / "servers"
SETS = HERE / "sets.json"
JUDGED = HERE / "flagged_judged.jsonl"


def realistic_sets(corpus: list[dict] | None) -> list[tuple[str, list[dict]]]:
    out: list[tuple[str, list[dict]]] = []
    for p in sorted(SERVERS.glob("*.json")):
        if p.name == "manifest.json":
            continue
        tools = json.loads(p.read_text(encoding="utf-8")).get("tools") or []
        out.append((f"server/{p.stem}", [{"name": t["name"], "description": t.get("description") or "",
                                          "parameters": t.get("inputSchema") or {"type": "object"}} for t in tools]))
    if corpus is not None:
        sets = json.loads(SETS.read_text(encoding="utf-8"))
        lmb: dict[str, list[int]] = defaultdict(list)
        for line, meta in sets["livemcpbench"].items():
            lmb[meta["server"]].append(int(line))
        for server, lines in sorted(lmb.items()):
            out.append((f"lmb/{server}", [_tool(corpus[i]) for i in sorted(lines)]))
        for c in sets["bfcl_classes"]:
            out.append((f"bfcl-class/{Path(c['source'].rsplit(':', 1)[-1]).stem}", [_tool(corpus[i]) for i in c["lines"]]))
        tu: dict[str, list[dict]] = defaultdict(list)
        for r in corpus:
            if r["source"].startswith("pypi:tooluniverse"):
                tu[Path(r["source"].rsplit(":", 1)[-1]).stem].append(_tool(r))
        out.extend((f"tu-file/{name}", tools) for name, tools in sorted(tu.items()))
    return [(n, ts) for n, ts in out if len(ts) > 1]


def _tool(r: dict) -> dict:
    return {"name": r["name"], "description": r.get("description") or "", "parameters": r.get("parameters")}


def flagged(sets: list[tuple[str, list[dict]]]) -> list[dict]:
    """Every TC430 finding of each set linted alone (one CLI run over all sets, `group-by: file`)."""
    with tempfile.TemporaryDirectory(prefix="overlap-flagged-") as tmp:
        root = Path(tmp)
        (root / "sets").mkdir()
        names = {}
        for k, (name, tools) in enumerate(sets):
            f = root / "sets" / f"s{k:04d}.jsonl"
            f.write_text("".join(json.dumps(t, ensure_ascii=False) + "\n" for t in tools), encoding="utf-8")
            names[f.stem] = name
        (root / "toolcheck.yaml").write_text("rules:\n  TC430:\n    group-by: file\n", encoding="utf-8")
        p = subprocess.run([sys.executable, "-m", "toolcheck", "lint", "--select", "TC430", "--format", "json",
                            "--no-cache", "--exit-zero", "sets"], cwd=root, capture_output=True, text=True)
        if p.returncode != 0:
            raise SystemExit(p.stderr[-2000:])
        out = []
        for f in json.loads(p.stdout)["findings"]:
            out.append({"set": names[Path(f["file"]).stem], "tool": f["tool"], "other": f["data"]["other"],
                        "score": f["data"]["score"], "message": f["message"]})
    return sorted(out, key=lambda r: (r["set"], -r["score"], r["tool"]))


def key(r: dict) -> tuple[str, str, str]:
    a, b = sorted((r["tool"], r["other"]))
    return r["set"], a, b


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--json", metavar="PATH")
    ap.add_argument("--new", action="store_true", help="only flagged pairs without a verdict")
    args = ap.parse_args(argv)
    sets = realistic_sets(load_corpus())
    found = flagged(sets)
    judged = {}
    if JUDGED.is_file():
        for line in JUDGED.read_text(encoding="utf-8").splitlines():
            if line.strip():
                j = json.loads(line)
                judged[key(j)] = j
    tally: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for r in found:
        j = judged.get(key(r))
        v = j["verdict"] if j else "unjudged"
        src = r["set"].split("/", 1)[0]
        for t in (src, "all"):
            tally[t][v] += 1
        if args.new and j:
            continue
        print(f"{r['set']:40} {r['score']:.2f} {v:9} {r['tool']} | {r['other']}")
        print(f"    {r['message'][:400]}")
        if j:
            print(f"    -> {j['reason']}")
    print()
    print(f"{len(sets)} sets, {len(found)} flagged pairs")
    for t, c in sorted(tally.items()):
        tp, fp = c.get("true", 0), c.get("false", 0)
        prec = f"{tp / (tp + fp):.0%}" if tp + fp else "-"
        print(f"  {t:12} flagged {sum(c.values()):4}  true {tp:3}  false {fp:3}  debatable {c.get('debatable', 0):3}  "
              f"unjudged {c.get('unjudged', 0):3}  precision {prec}")
    # each source's precision on its judged pairs, weighted by how many pairs it flags (the judged pairs of a
    # source are all of them or a seeded sample, so this estimates the precision over every flagged pair)
    est = num = 0.0
    for t, c in tally.items():
        tp, fp = c.get("true", 0), c.get("false", 0)
        if t != "all" and tp + fp:
            est += sum(c.values()) * tp / (tp + fp)
            num += sum(c.values())
    if num:
        print(f"  estimate over all flagged pairs (each source's precision weighted by its flagged pairs): "
              f"{est / num:.0%}")
    if args.json:
        Path(args.json).write_text(json.dumps({"flagged": found, "tally": tally}, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
