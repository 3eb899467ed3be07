"""Which corpus A tools a model is handed together: the tool-set index `sets.json` that draw.py reads.

Corpus A (`../shared/corpus/A/tools.jsonl`) keeps one record per distinct definition and drops the grouping of
its sources, so the sets are recovered here from the published files, once, and recorded as corpus lines:

* ``bfcl_entries``: every BFCL entry with two or more functions (the functions one question offers together),
  from the gorilla repository at the commit the corpus names. A function is matched to its corpus line by
  its definition (name, description, parameters; the corpus keeps a definition once, under the first source that had it) (the corpus drops the ``response`` key of multi-turn docs).
* ``bfcl_classes``: the BFCL multi-turn API classes (``multi_turn_func_doc/*.json``), each offered whole.
* ``livemcpbench``: the server (and category) of every LiveMCPBench tool, from its ``tools.json``: the
  benchmark hands a model all 70 servers' tools together, so any two of them can meet.

ToolUniverse needs no index: each of its data files is one source in the corpus.

Run once (it needs bare git copies of the two repositories; the output is committed, the repositories not):

    python benchmarks/overlap/prepare_sets.py --gorilla PATH/TO/gorilla.git --livemcpbench PATH/TO/LiveMCPBench.git
"""

from __future__ import annotations

import argparse
import json
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parents[2] / "shared" / "corpus" / "A" / "tools.jsonl"


def _key(name, description, parameters) -> str:
    return json.dumps([name, description, parameters], sort_keys=True, ensure_ascii=False)


def _show(git_dir: str, commit: str, path: str) -> str:
    return subprocess.run(["git", "--git-dir", git_dir, "show", f"{commit}:{path}"], check=True,
                          capture_output=True, text=True).stdout


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gorilla", required=True, help="git dir of ShishirPatil/gorilla")
    ap.add_argument("--livemcpbench", required=True, help="git dir of icip-cas/LiveMCPBench")
    ap.add_argument("--corpus", default=str(CORPUS))
    ap.add_argument("-o", "--output", default=str(HERE / "sets.json"))
    args = ap.parse_args()

    rows = [json.loads(x) for x in open(args.corpus, encoding="utf-8")]
    # the corpus keeps one record per distinct definition, under the first source that had it: match a function
    # by its definition alone (a function of BFCL_v4_multiple may be kept as a BFCL_v4_simple_python line)
    by_key: dict[str, int] = {}
    for i, r in enumerate(rows):
        by_key.setdefault(_key(r["name"], r.get("description"), r.get("parameters")), i)
    sources = sorted({r["source"] for r in rows})

    entries: list[dict] = []
    classes: list[dict] = []
    missed = 0
    for src in sources:
        if not src.startswith("ShishirPatil/gorilla@"):
            continue
        repo_commit, path = src.split(":", 1)
        commit = repo_commit.split("@", 1)[1]
        text = _show(args.gorilla, commit, path)
        if "/multi_turn_func_doc/" in path:
            lines = []
            for raw in text.splitlines():
                if raw.strip():
                    f = json.loads(raw)
                    ln = by_key.get(_key(f["name"], f.get("description"), f.get("parameters")))
                    if ln is None:
                        missed += 1
                    else:
                        lines.append(ln)
            classes.append({"source": src, "lines": lines})
            continue
        for raw in text.splitlines():
            if not raw.strip():
                continue
            e = json.loads(raw)
            funcs = e.get("function") or []
            if len(funcs) < 2:
                continue
            lines = []
            for f in funcs:
                ln = by_key.get(_key(f.get("name"), f.get("description"), f.get("parameters")))
                if ln is None:
                    missed += 1
                elif ln not in lines:
                    lines.append(ln)
            if len(lines) >= 2:
                entries.append({"source": src, "id": e.get("id"), "lines": lines})

    # LiveMCPBench: corpus records of one source file; match by name, description and schema
    lm_src = next(s for s in sources if s.startswith("icip-cas/LiveMCPBench@"))
    repo_commit, path = lm_src.split(":", 1)
    servers = json.loads(_show(args.livemcpbench, repo_commit.split("@", 1)[1], path))
    livemcp: dict[str, dict] = {}
    for s in servers:
        for _, block in sorted((s.get("tools") or {}).items()):
            for t in block.get("tools") or []:
                ln = by_key.get(_key(t.get("name"), t.get("description"), t.get("inputSchema")))
                if ln is None:
                    missed += 1
                    continue
                livemcp.setdefault(str(ln), {"server": s["name"], "category": s.get("category")})
    out = {
        "corpus": "../shared/corpus/A/tools.jsonl",
        "bfcl_entries": entries,
        "bfcl_classes": classes,
        "livemcpbench": dict(sorted(livemcp.items(), key=lambda kv: int(kv[0]))),
    }
    Path(args.output).write_text(json.dumps(out, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"{len(entries)} BFCL entries, {len(classes)} classes, {len(livemcp)} LiveMCPBench tools; "
          f"{missed} definitions not matched")


if __name__ == "__main__":
    main()
