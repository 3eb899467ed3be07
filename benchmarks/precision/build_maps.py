#!/usr/bin/env python3
"""Build corpus_sets.json: which corpus A tools belong together as one realistic set.

Corpus A (../shared/corpus/A/tools.jsonl) keeps each distinct definition once and records only the file it came
from, so two groupings need the upstream files (read from local clones at the corpus's commits, e.g. the search
tool's `fetch` of github:icip-cas/LiveMCPBench and github:ShishirPatil/gorilla; both Apache-2.0):

- LiveMCPBench: tools/LiveMCPTool/tools.json lists 70 servers, each with its `tools/list`; every one of the 527
  corpus tools matches exactly one (name, description) there, with the same schema.
- BFCL multi-function entries: each entry of BFCL_v4_{multiple,parallel_multiple,live_multiple,
  live_parallel_multiple}.json offers the model 2-10 functions together; an entry becomes a set when every one of
  its functions is in the corpus (same name, description and parameters).

The result holds only names, categories and 12-hex digests of corpus records (no upstream text), so sets.py can
rebuild the sets from ../shared alone. ToolUniverse data files and BFCL's multi-turn API files need no map: each
corpus `source` file is one set.

    python benchmarks/precision/build_maps.py --livemcpbench DIR --gorilla DIR
"""

from __future__ import annotations

import argparse
import json
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "corpus_sets.json"
CORPUS = HERE.parent.parent.parent / "shared" / "corpus" / "A" / "tools.jsonl"
LMB = ("icip-cas/LiveMCPBench", "a928e57d1ee7a25579b9a7036030faffff72d15b", "tools/LiveMCPTool/tools.json")
BFCL = ("ShishirPatil/gorilla", "6ea57973c7a6097fd7c5915698c54c17c5b1b6c8",
        "berkeley-function-call-leaderboard/bfcl_eval/data/")
BFCL_FILES = ["BFCL_v4_multiple", "BFCL_v4_parallel_multiple", "BFCL_v4_live_multiple",
              "BFCL_v4_live_parallel_multiple"]

def show(repo_dir: Path, commit: str, path: str) -> str:
    return subprocess.run(["git", "--git-dir", str(repo_dir), "show", f"{commit}:{path}"], capture_output=True,
                          text=True, check=True).stdout

def _compact(out: dict) -> str:
    """Readable and small: one line per server and per entry."""
    parts = ['{"_about": ' + json.dumps(out["_about"]) + ',']
    for group, inner in (("livemcpbench", "servers"), ("bfcl_entries", "entries")):
        items = out[group][inner]
        parts.append(f' "{group}": {{"source": {json.dumps(out[group]["source"])}, "{inner}": {{')
        parts.append(",\n".join(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in items.items()))
        parts.append(" }}" + ("," if group == "livemcpbench" else ""))
    parts.append("}")
    return "\n".join(parts)


def main(argv=None) -> int:
    import sys
    sys.path.insert(0, str(HERE))
    from sets import record_digest
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--livemcpbench", type=Path, required=True, help="git dir of a LiveMCPBench clone")
    ap.add_argument("--gorilla", type=Path, required=True, help="git dir of a gorilla clone")
    ap.add_argument("--corpus", type=Path, default=CORPUS)
    a = ap.parse_args(argv)
    corpus = {}
    for line in a.corpus.open(encoding="utf-8"):
        r = json.loads(line)
        corpus.setdefault(record_digest(r), r)

    servers = {}
    for entry in json.loads(show(a.livemcpbench, LMB[1], LMB[2])):
        for key, srv in (entry.get("tools") or {}).items():
            ds = [record_digest({"name": t["name"], "description": t.get("description"),
                                 "parameters": t.get("inputSchema")}) for t in srv.get("tools", [])]
            missing = [d for d in ds if d not in corpus]
            if ds and not missing:
                servers[key] = {"entry": entry["name"], "category": entry.get("category"),
                                "version": srv.get("version"), "tools": ds}
    entries = {}
    for stem in BFCL_FILES:
        for line in show(a.gorilla, BFCL[1], BFCL[2] + stem + ".json").splitlines():
            if not line.strip():
                continue
            e = json.loads(line)
            ds = [record_digest(f) for f in e["function"]]
            if all(d in corpus for d in ds) and len(set(ds)) == len(ds) > 1:
                entries[e["id"]] = {"file": stem, "tools": ds}
    out = {"_about": "Groupings of corpus A records into realistic tool sets; see build_maps.py.",
           "livemcpbench": {"source": f"{LMB[0]}@{LMB[1]}:{LMB[2]}", "servers": dict(sorted(servers.items()))},
           "bfcl_entries": {"source": f"{BFCL[0]}@{BFCL[1]}:{BFCL[2]}", "entries": entries}}
    OUT.write_text(_compact(out) + "\n")
    print(f"{len(servers)} LiveMCPBench servers ({sum(len(s['tools']) for s in servers.values())} tools), "
          f"{len(entries)} BFCL entries -> {OUT}")
    return 0

if __name__ == "__main__":
    raise SystemExit(main())
