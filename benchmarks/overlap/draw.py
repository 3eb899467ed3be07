"""Draw the own overlap pairs: a stated, seeded procedure over tool sets that overlap_dev under-uses.

    python benchmarks/overlap/draw.py            # writes pairs_own.jsonl (labels joined from labels.jsonl)
    python benchmarks/overlap/draw.py --check    # exit 1 unless pairs_own.jsonl is what the procedure gives

Every pair is two tools a model could be handed together:

* ``tooluniverse-data-file``: two tools of one ToolUniverse data file (corpus A source ``pypi:tooluniverse...``);
  ``tooluniverse-package`` only for the deprecated/alias stratum, where one tool's description names the other
  from another data file of the package (its MCP server hands all of them to a model at once).
* ``bfcl-multi-function-entry``: two functions of one BFCL entry with several functions (``sets.json``).
* ``bfcl-multi-turn-class``: two functions of one BFCL multi-turn API class.
* ``livemcpbench-cross-server`` / ``livemcpbench-same-server``: two tools of LiveMCPBench's toolbox (all 70
  servers are offered together), from two servers or from one.
* ``captured-server``: two tools of one published MCP server's tools/list, captured live
  (``servers/*.json``, copied from the precision benchmark's captures with their manifest entry).

Pairs of overlap_dev (either order) are left out. Within each family, strata are filled in a fixed order, each
by a seeded shuffle of its candidates with caps (a tool at most twice in the whole file, a set at most
``SET_CAP`` times per stratum; in LiveMCPBench's single toolbox a server pair), so the strata do not share pairs.
A description citing another tool by a one-word name (``search``) does not count as naming it.

1. hard categories, found by name patterns of this script's own (not toolcheck's tables):
   ``hard-deprecated`` (a description says alias/deprecated/use X instead and names the other tool),
   ``hard-enum`` (an enum argument, action/method/type..., has a value naming the other tool's job),
   ``hard-list-vs-get`` (a list/search verb vs a get-one verb on a shared object word),
   ``hard-opposite`` (opposite words in the names, add/remove, start/stop, ..., with a shared object word; or
   x_to_y vs y_to_x),
   ``hard-sibling`` (same verb, different object words that share one, or the same namespace within one set),
   ``hard-paraphrase`` (names share no word, descriptions alone have TF-IDF cosine >= 0.3),
   ``hard-cross-language`` (LiveMCPBench: for a tool described in Chinese or Japanese, the English tool whose
   name words and parameter names are most alike);
2. bands of the TF-IDF baseline (overlap_common.Tfidf: cosine of name + description, document frequencies of corpus A):
   ``tfidf-high`` (>= 0.5), ``tfidf-mid`` (0.25-0.5), ``tfidf-low`` (< 0.25);
3. ``random``: any pair of the family's sets;
4. a third round (``ROUND3``), after the first two had given 11% overlaps: ``same-name`` (two servers' tools
   with one name, case and -/_ aside) and more ``tfidf-high`` pairs in the families where overlaps had been
   found, each with its own random stream.

The split is by a hash of the pair id (overlap_common.split_of): about 40% ``tune``, 60% ``holdout``.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import random
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from overlap_common import CORPUS, DEV, HERE, OWN, SERVERS, Tfidf, load_corpus, load_pairs, split_of  # noqa: E402

SEED = 18
SET_CAP = 3  # pairs per set and stratum
TOOL_CAP = 2  # appearances of one tool in the whole file
LABELS = HERE / "labels.jsonl"
SETS = HERE / "sets.json"

# how many pairs each (family, stratum) gets; a stratum with fewer candidates gives what it has
QUOTAS: dict[str, list[tuple[str, int]]] = {
    "tooluniverse-package": [("hard-deprecated", 10)],
    "tooluniverse": [("hard-enum", 3), ("hard-list-vs-get", 8), ("hard-opposite", 6),
                     ("hard-sibling", 8), ("hard-paraphrase", 8), ("tfidf-high", 20), ("tfidf-mid", 18),
                     ("tfidf-low", 8), ("random", 12)],
    "bfcl-entry": [("hard-deprecated", 2), ("hard-enum", 4), ("hard-list-vs-get", 6), ("hard-opposite", 6),
                   ("hard-sibling", 6), ("hard-paraphrase", 6), ("tfidf-high", 14), ("tfidf-mid", 10),
                   ("tfidf-low", 4), ("random", 8)],
    "bfcl-class": [("hard-list-vs-get", 2), ("hard-opposite", 2), ("hard-sibling", 2), ("hard-paraphrase", 2),
                   ("tfidf-high", 3), ("random", 3)],
    "livemcpbench-cross": [("hard-deprecated", 2), ("hard-enum", 2), ("hard-list-vs-get", 5),
                           ("hard-opposite", 3), ("hard-sibling", 5), ("hard-paraphrase", 10),
                           ("hard-cross-language", 8), ("tfidf-high", 14), ("tfidf-mid", 14), ("random", 8)],
    "livemcpbench-same": [("hard-deprecated", 2), ("hard-enum", 2), ("hard-list-vs-get", 5), ("hard-opposite", 5),
                          ("hard-sibling", 5), ("hard-paraphrase", 4), ("tfidf-high", 4), ("random", 4)],
    "server": [("hard-deprecated", 4), ("hard-enum", 6), ("hard-list-vs-get", 8), ("hard-opposite", 6),
               ("hard-sibling", 8), ("hard-paraphrase", 6), ("tfidf-high", 10), ("tfidf-mid", 6),
               ("random", 6)],
    # second round, added after the first 275 pairs were labelled (6% overlaps): strata where tools that do the
    # same job meet, to bring the share of overlaps towards that of real bundles; appended, so that the first
    # round's draws do not change
    "tooluniverse-cross": [("tfidf-high", 30), ("tfidf-mid", 10)],
    "bundle": [("tfidf-high", 24), ("tfidf-mid", 12), ("hard-paraphrase", 6), ("hard-list-vs-get", 4),
               ("hard-opposite", 4), ("hard-sibling", 4), ("random", 4)],
    "captured-cross": [("tfidf-high", 6), ("hard-sibling", 3), ("random", 3)],
}
# third round (429 pairs held 11% overlaps): more of the strata where the second round found most of them, and
# tools of two servers that carry the same name; drawn after all of the above, with their own random streams
ROUND3: list[tuple[str, list[tuple[str, int]]]] = [
    ("livemcpbench-cross", [("same-name", 9), ("tfidf-high", 10)]),
    ("bundle", [("same-name", 15), ("tfidf-high", 20)]),
    ("captured-cross", [("tfidf-high", 8)]),
    ("tooluniverse-cross", [("tfidf-high", 120)]),
]
TOOL_SET = {"tooluniverse-package": "tooluniverse-package", "tooluniverse": "tooluniverse-data-file", "bfcl-entry": "bfcl-multi-function-entry",
            "bfcl-class": "bfcl-multi-turn-class", "livemcpbench-cross": "livemcpbench-cross-server",
            "livemcpbench-same": "livemcpbench-same-server", "server": "captured-server",
            "tooluniverse-cross": "tooluniverse-package", "bundle": "captured-plus-livemcpbench",
            "captured-cross": "captured-cross-server"}
# families whose one set holds several servers: the per-set cap applies to a server pair
MULTI_SERVER = ("livemcpbench-cross", "livemcpbench-same", "bundle", "captured-cross")
# a captured server and the LiveMCPBench server of the same project (by its repository) are never paired:
# nobody installs one server twice
SAME_PROJECT = {
    "mcp-filesystem": "Filesystem MCP Server",  # modelcontextprotocol/servers src/filesystem
    "mcp-memory": "Knowledge Graph Memory Server",  # src/memory
    "mcp-git": "mcp-server-git: A git MCP server",  # src/git
    "mcp-fetch": "Fetch MCP Server",  # src/fetch
    "mcp-sequential-thinking": "Sequential Thinking MCP Server",  # src/sequentialthinking
    "mcp-time": "Time MCP Server",  # src/time
    "context7": "Context7 MCP - Up-to-date Code Docs For Any Prompt",  # upstash/context7
}

# ------------------------------------------------------------------------------------------------ name words

_SPLIT_RE = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+|[^\x00-\x7f]+")
_CJK_RE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
_LIST_VERBS = {"list", "search", "find", "query", "browse", "enumerate", "all", "lookup", "filter"}
_GET_VERBS = {"get", "fetch", "retrieve", "read", "describe", "detail", "details", "info", "show", "view"}
_VERBS = _LIST_VERBS | _GET_VERBS | {
    "create", "add", "new", "insert", "make", "delete", "remove", "update", "edit", "set", "modify", "put", "post",
    "send", "run", "execute", "start", "stop", "open", "close", "calculate", "compute", "convert", "check",
    "validate", "generate", "analyze", "predict", "download", "upload", "save", "write", "load", "book", "buy",
    "cancel", "reserve", "submit", "enable", "disable", "move", "copy", "rename", "count", "estimate", "scan",
    "lookup", "resolve", "map", "annotate", "score", "compare", "summarize", "extract", "parse", "format",
}
_FILLER = {"by", "of", "for", "to", "from", "the", "a", "an", "and", "or", "in", "on", "with", "api", "tool",
           "data", "info", "information", "details", "detail", "v1", "v2", "v3", "1", "2", "3", "4", "mcp"}
_OPPOSITES = [("add", "remove"), ("add", "delete"), ("create", "delete"), ("insert", "delete"),
              ("enable", "disable"), ("start", "stop"), ("open", "close"), ("encode", "decode"),
              ("encrypt", "decrypt"), ("upload", "download"), ("lock", "unlock"), ("follow", "unfollow"),
              ("buy", "sell"), ("import", "export"), ("push", "pull"), ("increase", "decrease"),
              ("show", "hide"), ("attach", "detach"), ("subscribe", "unsubscribe"), ("connect", "disconnect"),
              ("install", "uninstall"), ("get", "set"), ("read", "write"), ("min", "max"), ("forward", "back"),
              ("in", "out"), ("on", "off"), ("up", "down"), ("before", "after"), ("parent", "child"),
              ("parents", "children"), ("upstream", "downstream"), ("source", "target"), ("first", "last"),
              ("next", "previous"), ("minimum", "maximum"), ("inflow", "outflow"), ("deposit", "withdraw"),
              ("book", "cancel"), ("grant", "revoke"), ("approve", "reject"), ("archive", "unarchive"),
              ("pin", "unpin"), ("mute", "unmute"), ("block", "unblock"), ("login", "logout"),
              ("ancestors", "descendants"), ("incoming", "outgoing"), ("sent", "received"), ("top", "bottom")]
_OPP = {}
for _x, _y in _OPPOSITES:
    _OPP.setdefault(_x, set()).add(_y)
    _OPP.setdefault(_y, set()).add(_x)
_DEPRECATED_RE = re.compile(r"deprecat|legacy|\balias\b|superseded|\binstead\b|same as|prefer|obsolete|replaced by",
                            re.I)
_IDENT_RE = re.compile(r"[A-Za-z_][\w.]*\w")
_ENUM_KEYS = re.compile(r"(^|_)(action|method|operation|op|mode|command|cmd|task|type|kind|function|endpoint|"
                        r"subcommand|what|resource|entity|target|format)$", re.I)


def words(name: str) -> list[str]:
    return [w.lower() for w in _SPLIT_RE.findall(name)]


def _fold(w: str) -> str:
    if len(w) > 3 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
        return w[:-1]
    return w


def objects(name: str) -> set[str]:
    return {_fold(w) for w in words(name) if w not in _VERBS and w not in _FILLER}


def is_cjk(text: str) -> bool:
    return len(_CJK_RE.findall(text or "")) >= 4


# ------------------------------------------------------------------------------------------------ tool sets

class Tool:
    __slots__ = ("ref", "rec", "name", "desc", "params", "ws", "objs", "server", "category")

    def __init__(self, ref: dict, rec: dict, server: str | None = None, category: str | None = None):
        self.ref = ref
        self.rec = rec
        self.name = rec["name"]
        self.desc = rec.get("description") or ""
        p = rec.get("parameters") or rec.get("inputSchema") or {}
        self.params = p.get("properties") if isinstance(p, dict) and isinstance(p.get("properties"), dict) else {}
        self.ws = words(self.name)
        self.objs = objects(self.name)
        self.server = server
        self.category = category

    @property
    def key(self) -> str:
        return f"A:{self.ref['line']}" if "line" in self.ref else f"S:{self.ref['file']}#{self.ref['name']}"


def corpus_tool(corpus, line: int, lm: dict) -> Tool:
    r = corpus[line]
    ref = {"source": r["source"], "name": r["name"], "line": line}
    info = lm.get(str(line))
    if info:
        ref["server"] = info["server"]
    return Tool(ref, r, info["server"] if info else None, info["category"] if info else None)


def load_sets(corpus) -> dict[str, list[tuple[str, list[Tool]]]]:
    """family -> [(set name, tools)]; for the LiveMCPBench families one set each (the whole toolbox)."""
    idx = json.loads(SETS.read_text(encoding="utf-8"))
    lm = idx["livemcpbench"]
    fam: dict[str, list[tuple[str, list[Tool]]]] = defaultdict(list)
    tu: dict[str, list[int]] = defaultdict(list)
    for i, r in enumerate(corpus):
        if r["source"].startswith("pypi:tooluniverse"):
            tu[r["source"]].append(i)
    for src in sorted(tu):
        fam["tooluniverse"].append((src.rsplit("/", 1)[-1], [corpus_tool(corpus, i, lm) for i in tu[src]]))
    fam["tooluniverse-package"].append(("tooluniverse", [t for _, ts in fam["tooluniverse"] for t in ts]))
    for e in idx["bfcl_entries"]:
        fam["bfcl-entry"].append((e["id"], [corpus_tool(corpus, i, lm) for i in e["lines"]]))
    for e in idx["bfcl_classes"]:
        fam["bfcl-class"].append((e["source"].rsplit("/", 1)[-1], [corpus_tool(corpus, i, lm) for i in e["lines"]]))
    box = [corpus_tool(corpus, int(k), lm) for k in lm]
    fam["livemcpbench-cross"].append(("LiveMCPBench", box))
    fam["livemcpbench-same"].append(("LiveMCPBench", box))
    captured: list[Tool] = []
    for path in sorted(SERVERS.glob("*.json")) if SERVERS.is_dir() else []:
        if path.name == "manifest.json":
            continue
        data = json.loads(path.read_text(encoding="utf-8"))
        tools = []
        for t in data.get("tools") or []:
            rec = {"name": t["name"], "description": t.get("description") or "",
                   "parameters": t.get("inputSchema") or {}}
            tools.append(Tool({"file": path.name, "name": t["name"], "server": path.stem}, rec, path.stem))
        fam["server"].append((path.name, tools))
        captured.extend(tools)
    fam["tooluniverse-cross"] = fam["tooluniverse-package"]
    fam["bundle"].append(("captured + LiveMCPBench", captured + box))
    fam["captured-cross"].append(("captured", captured))
    return fam


def _similar_pairs(tools: list[Tool], tfidf: Tfidf, floor: float) -> list[tuple[Tool, Tool]]:
    """Pairs whose TF-IDF cosine is at least `floor`, found through shared terms (a term held by more than 200
    tools is skipped when proposing; the cosine is then computed over all terms)."""
    vecs = [tfidf.vec(t.rec) for t in tools]
    post: dict[str, list[int]] = defaultdict(list)
    for i, v in enumerate(vecs):
        for w in v:
            post[w].append(i)
    cand: set[tuple[int, int]] = set()
    for w in sorted(post):
        lst = post[w]
        if 2 <= len(lst) <= 200:
            cand.update(itertools.combinations(lst, 2))
    out = []
    for i, j in sorted(cand):
        a, b = vecs[i], vecs[j]
        if sum(x * b.get(w, 0.0) for w, x in a.items()) >= floor:
            out.append((tools[i], tools[j]))
    return out


def family_pairs(family: str, sets, tfidf: Tfidf | None = None) -> dict[str, tuple[str, Tool, Tool]]:
    """pair id -> (set name, a, b): every pair of the family, the first set that has it."""
    out: dict[str, tuple[str, Tool, Tool]] = {}
    for name, tools in sets:
        if family == "tooluniverse-cross":  # 4.5 million pairs: only those of the two TF-IDF bands it draws
            combos = [(a, b) for a, b in _similar_pairs(tools, tfidf, 0.25) if a.rec["source"] != b.rec["source"]]
        elif family == "tooluniverse-package":  # 3,025 tools: only the pairs where a description names the other
            by_name = {t.name: t for t in tools}
            combos = []
            for t in tools:
                for w in sorted(set(_IDENT_RE.findall(t.desc))):
                    o = by_name.get(w)
                    if o is not None and o is not t:
                        combos.append((t, o))
        else:
            combos = itertools.combinations(tools, 2)
        for a, b in combos:
            if a.key == b.key:
                continue
            if family == "livemcpbench-cross" and a.server == b.server:
                continue
            if family == "livemcpbench-same" and a.server != b.server:
                continue
            if family == "tooluniverse" and a.rec["source"] != b.rec["source"]:
                continue
            if family == "bundle" and (("file" in a.ref) == ("file" in b.ref)
                                       or SAME_PROJECT.get(a.server) == b.server
                                       or SAME_PROJECT.get(b.server) == a.server):
                continue  # one captured server's tool and one LiveMCPBench tool, of different projects
            if family == "captured-cross" and a.server == b.server:
                continue
            a2, b2 = sorted((a, b), key=lambda t: t.key)
            pid = f"{a2.key}|{b2.key}"
            out.setdefault(pid, (name, a2, b2))
    return out


# ------------------------------------------------------------------------------------------------ strata

def _antonyms(a: Tool, b: Tool) -> bool:
    wa, wb = set(a.ws), set(b.ws)
    return any(_OPP.get(x, set()) & (wb - wa) for x in wa - wb)


def _swapped(a: Tool, b: Tool) -> bool:
    """x_to_y vs y_to_x."""
    if "to" in a.ws and "to" in b.ws:
        ia, ib = a.ws.index("to"), b.ws.index("to")
        la, ra = set(a.ws[:ia]), set(a.ws[ia + 1:])
        lb, rb = set(b.ws[:ib]), set(b.ws[ib + 1:])
        if la & rb and ra & lb:
            return True
    return False


def _opposite(a: Tool, b: Tool) -> bool:
    return _antonyms(a, b) or _swapped(a, b)


def _verb(t: Tool) -> str | None:
    for w in t.ws:
        if w in _VERBS:
            return w
    return None


def _names_other(t: Tool, o: Tool) -> bool:
    return bool(re.search(r"(?<![\w.])" + re.escape(o.name) + r"(?![\w])", t.desc))


def _enum_values(t: Tool) -> list[str]:
    vals = []
    for k, v in t.params.items():
        if isinstance(v, dict) and _ENUM_KEYS.search(k):
            en = v.get("enum")
            if en is None and isinstance(v.get("items"), dict):
                en = v["items"].get("enum")
            if isinstance(en, list) and len(en) >= 2:
                vals.extend(str(x) for x in en if isinstance(x, str))
    return vals


def _enum_covers(t: Tool, o: Tool) -> bool:
    """An enum value of t is (words of) o's job: o's name words minus t's name words are in one value."""
    vals = _enum_values(t)
    if not vals:
        return False
    rest = set(o.ws) - set(t.ws) - _FILLER
    if not rest or not t.objs & o.objs:
        return False
    for v in vals:
        vw = {_fold(w) for w in words(v.replace("-", "_"))}
        if {_fold(w) for w in rest} <= vw or (_verb(o) and _verb(o) in vw and o.objs & (t.objs | vw)):
            return True
    return False


def _distinctive(name: str) -> bool:
    """A name another description can cite without meaning a plain word: two words or more."""
    return len(words(name)) >= 2


def _name_overlap(a: Tool, b: Tool) -> int:
    return len({_fold(w) for w in a.ws} & {_fold(w) for w in b.ws})


def cross_language_score(a: Tool, b: Tool) -> int:
    """How alike a Chinese/Japanese tool and an English one look by what stays English: names, parameters."""
    return 2 * len(a.objs & b.objs) + len(set(a.params) & set(b.params))


_CUE: dict[str, bool] = {}


def _has_cue(t: Tool) -> bool:
    got = _CUE.get(t.key)
    if got is None:
        got = _CUE[t.key] = bool(_DEPRECATED_RE.search(t.desc))
    return got


def _stratum_test(stratum: str, a: Tool, b: Tool, cos, dcos, same_set: bool) -> bool:
    if stratum == "hard-deprecated":
        return any(_has_cue(x) and _distinctive(y.name) and _names_other(x, y) for x, y in ((a, b), (b, a)))
    if stratum == "hard-enum":
        return _enum_covers(a, b) or _enum_covers(b, a)
    shared = a.objs & b.objs
    if stratum == "hard-list-vs-get":
        if not shared:
            return False
        va, vb = set(a.ws), set(b.ws)
        return bool((va & _LIST_VERBS and vb & _GET_VERBS and not vb & _LIST_VERBS)
                    or (vb & _LIST_VERBS and va & _GET_VERBS and not va & _LIST_VERBS))
    if stratum == "hard-opposite":
        return (_antonyms(a, b) and bool(shared)) or _swapped(a, b)
    if stratum == "hard-sibling":
        va, vb = _verb(a), _verb(b)
        if not va or va != vb or not a.objs or not b.objs or a.objs == b.objs or _opposite(a, b):
            return False
        # the same kind of thing: a shared object word, or (within one published set) the same namespace
        return bool(shared) or (same_set and a.ws[0] == b.ws[0] and a.ws[0] != va)
    if stratum == "hard-paraphrase":
        return not _name_overlap(a, b) and dcos() >= 0.3
    if stratum == "same-name":
        return a.name.lower().replace("-", "_") == b.name.lower().replace("-", "_")
    if stratum == "hard-cross-language":
        return is_cjk(a.desc) != is_cjk(b.desc) and cross_language_score(a, b) >= 2
    c = cos()
    if stratum == "tfidf-high":
        return c >= 0.5
    if stratum == "tfidf-mid":
        return 0.25 <= c < 0.5
    if stratum == "tfidf-low":
        return c < 0.25
    if stratum == "random":
        return True
    raise ValueError(stratum)


def _rng(family: str, stratum: str, round_: int = 1) -> random.Random:
    key = f"{SEED}:{family}:{stratum}" + (f":round{round_}" if round_ > 1 else "")
    return random.Random(int(hashlib.sha256(key.encode()).hexdigest()[:16], 16))


def draw(corpus) -> list[dict]:
    tfidf = Tfidf(corpus)
    dtf = Tfidf([{"name": "", "description": r.get("description") or ""} for r in corpus])
    vec_cache: dict[tuple[int, str], dict] = {}

    cos_cache: dict[tuple[str, str, str], float] = {}

    def cosine(model, which, a: Tool, b: Tool) -> float:
        ck = (which, a.key, b.key)
        got = cos_cache.get(ck)
        if got is not None:
            return got

        def v(t):
            k = (which, t.key)
            if k not in vec_cache:
                vec_cache[k] = model.vec(t.rec if which == "full" else {"name": "", "description": t.desc})
            return vec_cache[k]
        va, vb = v(a), v(b)
        got = cos_cache[ck] = sum(x * vb.get(w, 0.0) for w, x in va.items())
        return got

    dev = set()
    for r in load_pairs(DEV):
        dev.add("|".join(sorted((f"A:{r['a']['line']}", f"A:{r['b']['line']}"))))
    fams = load_sets(corpus)
    used: set[str] = set()
    uses: Counter = Counter()
    out: list[dict] = []
    plan = [(family, quota, 1) for family, quota in QUOTAS.items()] + [(f, q, 3) for f, q in ROUND3]
    memo: dict[str, dict] = {}
    for family, quota, round_ in plan:
        if family not in memo:
            memo[family] = family_pairs(family, fams.get(family, []), tfidf)
        pairs = memo[family]
        ordered = sorted(p for p in pairs if p not in dev)
        for stratum, k in quota:
            cands = [p for p in ordered if p not in used]
            rng = _rng(family, stratum, round_)
            rng.shuffle(cands)
            per_set: Counter = Counter()
            if stratum == "hard-cross-language":  # the English partner that shares most parameter names
                best: dict[str, tuple[int, str]] = {}
                for pid in cands:
                    s, a, b = pairs[pid]
                    cj, en = (a, b) if is_cjk(a.desc) else (b, a)
                    if not _stratum_test(stratum, a, b, None, None, False):
                        continue
                    n = cross_language_score(a, b)
                    if cj.key not in best or n > best[cj.key][0]:
                        best[cj.key] = (n, pid)
                cands = [best[k2][1] for k2 in sorted(best)]
                rng.shuffle(cands)
            got = 0
            for pid in cands:
                if got >= k:
                    break
                s, a, b = pairs[pid]
                # LiveMCPBench's one toolbox: the cap is per server pair instead
                cap_key = " + ".join(sorted({a.server or "", b.server or ""})) if family in MULTI_SERVER else s
                if per_set[cap_key] >= SET_CAP and family not in ("tooluniverse-package", "tooluniverse-cross"):
                    continue
                if uses[a.key] >= TOOL_CAP or uses[b.key] >= TOOL_CAP:
                    continue
                if not _stratum_test(stratum, a, b, lambda a=a, b=b: cosine(tfidf, "full", a, b),
                                     lambda a=a, b=b: cosine(dtf, "desc", a, b), family not in MULTI_SERVER):
                    continue
                used.add(pid)
                uses[a.key] += 1
                uses[b.key] += 1
                per_set[cap_key] += 1
                got += 1
                ts = TOOL_SET[family]
                if family == "tooluniverse-package" and a.rec["source"] == b.rec["source"]:
                    ts, s = "tooluniverse-data-file", a.rec["source"].rsplit("/", 1)[-1]
                out.append({"id": pid, "a": a.ref, "b": b.ref, "label": None, "why": None, "tool_set": ts,
                            "set": s, "stratum": stratum,
                            "baseline": round(cosine(tfidf, "full", a, b), 3), "split": split_of(pid)})
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 unless pairs_own.jsonl matches the procedure")
    ap.add_argument("--unlabelled", action="store_true", help="print the pairs that have no label yet")
    args = ap.parse_args()
    corpus = load_corpus(CORPUS)
    if corpus is None:
        print("draw.py needs ../shared/corpus/A/tools.jsonl", file=sys.stderr)
        return 2
    pairs = draw(corpus)
    join_labels(pairs, LABELS)
    if args.unlabelled:
        for p in pairs:
            if p["label"] is None:
                print(p["id"], p["stratum"], p["a"]["name"], "|", p["b"]["name"])
        return 0
    return write_or_check(pairs, OWN, "draw.py", args.check)


def join_labels(pairs: list[dict], labels_path) -> None:
    """Fill each pair's label and reason from the labels file (by pair id), where it has one."""
    labels = {x["id"]: x for x in load_pairs(labels_path)} if labels_path.is_file() else {}
    for p in pairs:
        lab = labels.get(p["id"])
        if lab:
            p["label"], p["why"] = lab["label"], lab["why"]


def write_or_check(pairs: list[dict], out, script: str, check: bool) -> int:
    """Write the pairs file (and print its counts), or with ``check`` exit 1 unless it already holds them."""
    text = "".join(json.dumps(p, ensure_ascii=False) + "\n" for p in pairs)
    if check:
        ok = out.is_file() and out.read_text(encoding="utf-8") == text
        print(f"{out.name} is up to date" if ok else f"{out.name} differs from {script}'s output")
        return 0 if ok else 1
    out.write_text(text, encoding="utf-8")
    c = Counter((p["tool_set"], p["stratum"]) for p in pairs)
    for k in sorted(c):
        print(f"{c[k]:4d}  {k[0]:28s} {k[1]}")
    print(f"{len(pairs)} pairs, {sum(p['label'] is None for p in pairs)} unlabelled")
    return 0


if __name__ == "__main__":
    sys.exit(main())
