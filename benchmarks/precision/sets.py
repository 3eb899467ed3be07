"""Realistic tool sets for the precision benchmark, each linted alone as its maintainer would lint it.

A set is the tools one maintainer publishes together, written into an empty project folder the way that
maintainer's repository would hold them:

- ``server/<slug>``: a captured MCP server (servers/<slug>.json, the ``tools/list`` result as received), as
  ``tools_list.json``. Two views: ``as-is`` (``toolcheck validate tools_list.json``: the file the server publishes)
  and ``contracts`` (``toolcheck import tools_list.json --out contracts`` then ``toolcheck validate``: a maintainer
  who moved to contracts). The filesystem and git reference servers also have a ``fuzz`` view (``toolcheck fuzz
  --mcp-command`` against the installed server, sandboxed; full runs only).
- from corpus A (../shared/corpus/A/tools.jsonl, skipped cleanly when absent), view ``as-is`` only:
  ``lmb/<server>`` one LiveMCPBench server (grouping from corpus_sets.json), written as ``tools_list.json`` with
  ``inputSchema``; ``tu/<file>`` one ToolUniverse data file; ``bfcl-api/<file>`` one BFCL multi-turn API (its
  func doc file); ``bfcl/<entry id>`` the functions one BFCL multi-function entry offers together. ToolUniverse and
  BFCL sets are written as ``tools.json``, a JSON array of ``{name, description, parameters}`` as the corpus holds
  them (BFCL's ``"type": "dict"`` included: that is what the file has).
- ``bundle/<name>``: an agent's plausible bundle of servers, every server's file in one project, linted together
  (what a host integrator sees). Bundles repeat their servers' tools, so they do not count toward per-1,000-tools
  rates.

Which corpus sets: every LiveMCPBench server; every ToolUniverse file with >= 6 tools plus a seeded 40 of the
smaller ones; every BFCL multi-turn API file; a seeded 15 entries from each of the four BFCL multi-function files.
``quick_sets()`` is the fixed small subset CI runs.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SERVERS_DIR = HERE / "servers"
MAPS = HERE / "corpus_sets.json"
DEFAULT_SHARED = ROOT.parent / "shared"
SEED = 17
TU_MIN_TOOLS = 6
TU_SMALL_SAMPLE = 40
BFCL_PER_FILE = 15

# Agent bundles: servers a host plausibly loads together.
BUNDLES = {
    "reference-desktop": ["mcp-filesystem", "mcp-git", "mcp-fetch", "mcp-memory", "mcp-time",
                          "mcp-sequential-thinking"],
    "developer": ["github", "playwright", "context7", "mcp-filesystem", "semgrep"],
    "cloud-ops": ["kubernetes", "aws-eks", "aws-iam", "aws-documentation"],
}
LMB_BUNDLE_CATEGORY = "Discovery"

# Servers also fuzzed over tools/call (view `fuzz`, full runs only, in a sandbox: see run.py).
FUZZ_SERVERS = ("mcp-filesystem", "mcp-git")

# In the quick form only these servers are also imported (the `contracts` view), to keep CI fast.
QUICK_CONTRACTS = ("mcp-filesystem", "mcp-git", "github", "kubernetes", "playwright", "auth0")

QUICK_CORPUS = ["lmb/desktop-commander", "tu/opentarget_tools", "bfcl-api/vehicle_control", "bfcl/multiple_0"]


@dataclass
class ToolSet:
    id: str
    kind: str  # server | livemcpbench | tooluniverse | bfcl-api | bfcl-entry | bundle
    source: str
    files: dict[str, str]  # project-relative path -> text
    views: tuple[str, ...] = ("as-is",)
    counts_rate: bool = True  # its tools count toward per-1,000-tools rates (each real tool once)
    tools: list[dict] = field(default_factory=list)  # {file, index, name, description, parameters, definition}

    @property
    def n_tools(self) -> int:
        return len(self.tools)

    def definition(self, tool: str | None, file: str | None = None) -> dict | None:
        """The original definition of a tool (for a judge), by name and, for a bundle, by file."""
        cands = [t for t in self.tools if t["name"] == tool and (file is None or t["file"] == file)]
        if not cands:
            cands = [t for t in self.tools if t["name"] == tool]
        return cands[0] if cands else None


def record_digest(r: dict) -> str:
    """12 hex digits naming one corpus record (name, description, parameters)."""
    text = json.dumps({"name": r.get("name"), "description": r.get("description"), "parameters": r.get("parameters")},
                      sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def corpus_path(shared: Path | None = None) -> Path:
    return (shared or DEFAULT_SHARED) / "corpus" / "A" / "tools.jsonl"


def _mcp_tools(doc: dict, file: str) -> list[dict]:
    out = []
    for i, t in enumerate(doc.get("tools", [])):
        out.append({"file": file, "index": i, "name": t.get("name"), "description": t.get("description"),
                    "parameters": t.get("inputSchema"), "definition": t})
    return out


def manifest() -> dict:
    return json.loads((SERVERS_DIR / "manifest.json").read_text(encoding="utf-8"))


def server_sets() -> list[ToolSet]:
    out = []
    for slug, m in manifest()["servers"].items():
        text = (SERVERS_DIR / m["file"]).read_text(encoding="utf-8")
        out.append(ToolSet(id=f"server/{slug}", kind="server", source=f"{m['registry']}:{m['package']}@{m['version']}",
                           files={"tools_list.json": text},
                           views=("as-is", "contracts") + (("fuzz",) if slug in FUZZ_SERVERS else ()),
                           tools=_mcp_tools(json.loads(text), "tools_list.json")))
    return out


def bundle_sets(corpus: list[dict] | None = None) -> list[ToolSet]:
    servers = manifest()["servers"]
    out = []
    for name, slugs in BUNDLES.items():
        slugs = [s for s in slugs if s in servers]
        files, tools = {}, []
        for s in slugs:
            text = (SERVERS_DIR / servers[s]["file"]).read_text(encoding="utf-8")
            files[f"{s}.json"] = text
            tools += _mcp_tools(json.loads(text), f"{s}.json")
        out.append(ToolSet(id=f"bundle/{name}", kind="bundle", source="servers: " + ", ".join(slugs), files=files,
                           counts_rate=False, tools=tools))
    if corpus is not None:
        by_digest = {record_digest(r): r for r in corpus}
        files, tools = {}, []
        for key, srv in _maps()["livemcpbench"]["servers"].items():
            if srv.get("category") != LMB_BUNDLE_CATEGORY:
                continue
            doc = {"tools": [_as_mcp(by_digest[d]) for d in srv["tools"]]}
            files[f"{key}.json"] = json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
            tools += _mcp_tools(doc, f"{key}.json")
        if files:
            out.append(ToolSet(id=f"bundle/lmb-{LMB_BUNDLE_CATEGORY.lower()}", kind="bundle",
                               source=f"LiveMCPBench servers of category {LMB_BUNDLE_CATEGORY}: " + ", ".join(files),
                               files=files, counts_rate=False, tools=tools))
    return out


def _as_mcp(r: dict) -> dict:
    return {"name": r["name"], "description": r["description"], "inputSchema": r["parameters"]}


def _as_function(r: dict) -> dict:
    return {"name": r["name"], "description": r["description"], "parameters": r["parameters"]}


def _maps() -> dict:
    return json.loads(MAPS.read_text(encoding="utf-8"))


def load_corpus(shared: Path | None = None) -> list[dict] | None:
    p = corpus_path(shared)
    if not p.is_file():
        return None
    return [json.loads(line) for line in p.open(encoding="utf-8") if line.strip()]


def _functions_set(set_id: str, kind: str, source: str, records: list[dict]) -> ToolSet:
    doc = [_as_function(r) for r in records]
    text = json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    tools = [{"file": "tools.json", "index": i, "name": t["name"], "description": t["description"],
              "parameters": t["parameters"], "definition": t} for i, t in enumerate(doc)]
    return ToolSet(id=set_id, kind=kind, source=source, files={"tools.json": text}, tools=tools)


def corpus_sets(corpus: list[dict]) -> list[ToolSet]:
    maps = _maps()
    by_digest = {}
    by_source: dict[str, list[dict]] = {}
    for r in corpus:
        by_digest.setdefault(record_digest(r), r)
        by_source.setdefault(r["source"], []).append(r)
    out = []
    lmb = maps["livemcpbench"]
    for key, srv in lmb["servers"].items():
        doc = {"tools": [_as_mcp(by_digest[d]) for d in srv["tools"] if d in by_digest]}
        text = json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
        out.append(ToolSet(id=f"lmb/{key}", kind="livemcpbench", source=f"{lmb['source']} server {key}",
                           files={"tools_list.json": text}, tools=_mcp_tools(doc, "tools_list.json")))
    tu = {s: rs for s, rs in by_source.items() if s.startswith("pypi:tooluniverse")}
    big = sorted(s for s, rs in tu.items() if len(rs) >= TU_MIN_TOOLS)
    small = sorted(s for s, rs in tu.items() if len(rs) < TU_MIN_TOOLS)
    small = sorted(random.Random(SEED).sample(small, min(TU_SMALL_SAMPLE, len(small))))
    for s in big + small:
        stem = s.rsplit("/data/", 1)[-1].removesuffix(".json")
        out.append(_functions_set(f"tu/{stem}", "tooluniverse", s, tu[s]))
    for s, rs in sorted(by_source.items()):
        if "/multi_turn_func_doc/" in s:
            stem = s.rsplit("/", 1)[-1].removesuffix(".json")
            out.append(_functions_set(f"bfcl-api/{stem}", "bfcl-api", s, rs))
    bf = maps["bfcl_entries"]
    per_file: dict[str, list[str]] = {}
    for eid, e in bf["entries"].items():
        per_file.setdefault(e["file"], []).append(eid)
    chosen = []
    for f, ids in sorted(per_file.items()):
        chosen += random.Random(f"{SEED}:{f}").sample(ids, min(BFCL_PER_FILE, len(ids)))
    if "multiple_0" in bf["entries"] and "multiple_0" not in chosen:
        chosen.append("multiple_0")  # the quick subset's entry
    for eid in chosen:
        e = bf["entries"][eid]
        recs = [by_digest[d] for d in e["tools"] if d in by_digest]
        if len(recs) == len(e["tools"]):
            out.append(_functions_set(f"bfcl/{eid}", "bfcl-entry", f"{bf['source']}{e['file']}.json entry {eid}",
                                      recs))
    return out


def all_sets(shared: Path | None = None) -> tuple[list[ToolSet], str | None]:
    """Every set, and why the corpus part was skipped (None when it was not)."""
    corpus = load_corpus(shared)
    sets = server_sets()
    if corpus is None:
        return sets + bundle_sets(None), f"corpus A not found at {corpus_path(shared)}: corpus sets skipped"
    return sets + corpus_sets(corpus) + bundle_sets(corpus), None


def quick_sets(shared: Path | None = None) -> tuple[list[ToolSet], str | None]:
    """The fixed small subset CI runs: every captured server as-is (six of them also imported), one bundle, and
    four corpus sets; no fuzzing."""
    import dataclasses

    corpus = load_corpus(shared)
    servers = [dataclasses.replace(s, views=("as-is", "contracts") if s.id.split("/", 1)[1] in QUICK_CONTRACTS
                                   else ("as-is",)) for s in server_sets()]
    sets = servers + [b for b in bundle_sets(None) if b.id == "bundle/reference-desktop"]
    if corpus is None:
        return sets, f"corpus A not found at {corpus_path(shared)}: corpus sets skipped"
    wanted = {s.id: s for s in corpus_sets(corpus) if s.id in QUICK_CORPUS}
    return sets + [wanted[i] for i in QUICK_CORPUS if i in wanted], None


if __name__ == "__main__":  # a summary of the sets
    import collections
    import sys

    sets, skipped = (quick_sets if "--quick" in sys.argv else all_sets)()
    if skipped:
        print(skipped)
    kinds = collections.Counter()
    tools = collections.Counter()
    for s in sets:
        kinds[s.kind] += 1
        tools[s.kind] += s.n_tools
    for k in kinds:
        print(f"{k:14} {kinds[k]:4} sets {tools[k]:6} tools")
    print(f"{'total':14} {len(sets):4} sets {sum(tools.values()):6} tools")
