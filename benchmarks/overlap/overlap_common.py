"""Shared by draw.py and run.py: loading the tools a pair names, the TF-IDF baseline, the split, the metrics.

Nothing here imports toolcheck: the baseline and the drawing must not see toolcheck's score.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SHARED = ROOT.parent / "shared"
CORPUS = SHARED / "corpus" / "A" / "tools.jsonl"
DEV = SHARED / "overlap_dev" / "pairs.jsonl"
OWN = HERE / "pairs_own.jsonl"
CAND = HERE / "pairs_candidates.jsonl"  # round 4: pairs the blocking compares, all for tuning (draw_candidates.py)
SERVERS = HERE / "servers"

LABELS = ("overlap", "distinct")
SPLITS = ("tune", "holdout")
TUNE_SHARE = 40  # percent of own pairs in `tune`, by a hash of the pair id


# ------------------------------------------------------------------------------------------------ tools

def load_corpus(path: Path = CORPUS) -> list[dict] | None:
    """Corpus A's records by 0-based line, or None when ../shared is not beside the checkout."""
    if not path.is_file():
        return None
    with open(path, encoding="utf-8") as f:
        return [json.loads(x) for x in f]


def load_server(name: str, servers: Path = SERVERS) -> dict:
    """A captured server file (benchmarks/overlap/servers/NAME): {"server": ..., "tools": [tools/list entries]}."""
    return json.loads((servers / name).read_text(encoding="utf-8"))


def tool_ref(t: dict) -> str:
    """A tool's identity within the benchmark: `A:<line>` for corpus A, `S:<file>#<name>` for a captured server."""
    if "line" in t:
        return f"A:{t['line']}"
    return f"S:{t['file']}#{t['name']}"


def pair_id(rec: dict) -> str:
    return "|".join(sorted((tool_ref(rec["a"]), tool_ref(rec["b"]))))


def split_of(pid: str) -> str:
    h = int(hashlib.sha256(pid.encode("utf-8")).hexdigest()[:8], 16)
    return "tune" if h % 100 < TUNE_SHARE else "holdout"


class Resolver:
    """Turns a record's tool reference into the tool definition {name, description, parameters, source?}."""

    def __init__(self, corpus: list[dict] | None, servers: Path = SERVERS):
        self.corpus = corpus
        self.servers = servers
        self._files: dict[str, dict] = {}

    def available(self, t: dict) -> bool:
        if "line" in t:
            return self.corpus is not None
        return (self.servers / t["file"]).is_file()

    def tool(self, t: dict) -> dict:
        if "line" in t:
            if self.corpus is None:
                raise LookupError("corpus A is not available (../shared)")
            r = self.corpus[t["line"]]
            if r["name"] != t["name"] or ("source" in t and r["source"] != t["source"]):
                raise LookupError(f"corpus line {t['line']} is {r['name']!r}, not {t['name']!r}")
            return dict(r)
        f = self._files.get(t["file"])
        if f is None:
            f = self._files[t["file"]] = load_server(t["file"], self.servers)
        for x in f["tools"]:
            if x.get("name") == t["name"]:
                out = {"name": x["name"], "description": x.get("description") or "",
                       "parameters": x.get("inputSchema") or {"type": "object"}}
                return out
        raise LookupError(f"{t['file']} has no tool {t['name']!r}")


def load_pairs(path: Path) -> list[dict]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(x) for x in f if x.strip()]


# ------------------------------------------------------------------------------------------------ TF-IDF baseline

_STOP = frozenset("""a an the of to in on for and or is are be by with from as at this that it its into can
will returns return given specified using use used based if not all any each which when your you their""".split())
_CAMEL_RE = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_WORD_RE = re.compile(r"[a-z0-9]+")
_CJK_RE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]+")


def tokens(tool: dict) -> list[str]:
    """Name (split at separators and camelCase) and description: lower-case words without stop words, a final
    plural s dropped; Chinese and Japanese runs as character bigrams."""
    text = f"{tool.get('name') or ''} {tool.get('description') or ''}"
    text = _CAMEL_RE.sub(" ", text).replace("_", " ")
    out = []
    for w in _WORD_RE.findall(text.lower()):
        if len(w) < 2 or w in _STOP:
            continue
        if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
            w = w[:-1]
        out.append(w)
    for run in _CJK_RE.findall(text):
        out.extend(run[i:i + 2] for i in range(len(run) - 1)) if len(run) > 1 else out.append(run)
    return out


class Tfidf:
    """Cosine of TF-IDF vectors of name + description; document frequencies from a fixed background set."""

    def __init__(self, background: list[dict]):
        self.n = len(background)
        df: Counter = Counter()
        for t in background:
            df.update(set(tokens(t)))
        self.df = df

    def vec(self, tool: dict) -> dict[str, float]:
        tf = Counter(tokens(tool))
        v = {w: (1 + math.log(c)) * (1 + math.log((self.n + 1) / (self.df.get(w, 0) + 1))) for w, c in tf.items()}
        norm = math.sqrt(sum(x * x for x in v.values())) or 1.0
        return {w: x / norm for w, x in v.items()}

    def cosine(self, a: dict, b: dict) -> float:
        va, vb = self.vec(a), self.vec(b)
        if len(va) > len(vb):
            va, vb = vb, va
        return sum(x * vb.get(w, 0.0) for w, x in va.items())


# ------------------------------------------------------------------------------------------------ metrics

def prf(labels: list[bool], predicted: list[bool]) -> tuple[float, float, float]:
    tp = sum(1 for y, p in zip(labels, predicted, strict=True) if y and p)
    fp = sum(1 for y, p in zip(labels, predicted, strict=True) if not y and p)
    fn = sum(1 for y, p in zip(labels, predicted, strict=True) if y and not p)
    prec = tp / (tp + fp) if tp + fp else 0.0
    rec = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * prec * rec / (prec + rec) if prec + rec else 0.0
    return prec, rec, f1


def roc_auc(labels: list[bool], scores: list[float]) -> float | None:
    """Probability that a random overlap scores above a random distinct pair (ties count half)."""
    pos = [s for y, s in zip(labels, scores, strict=True) if y]
    neg = [s for y, s in zip(labels, scores, strict=True) if not y]
    if not pos or not neg:
        return None
    # rank-sum (Mann-Whitney U) with average ranks for ties
    order = sorted(range(len(scores)), key=lambda i: scores[i])
    ranks = [0.0] * len(scores)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and scores[order[j + 1]] == scores[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    rpos = sum(r for r, y in zip(ranks, labels, strict=True) if y)
    u = rpos - len(pos) * (len(pos) + 1) / 2
    return u / (len(pos) * len(neg))


def best_f1(labels: list[bool], scores: list[float]) -> tuple[float, float]:
    """(threshold, F1) of the threshold on this set that gives the best F1 (predict overlap when score >= t);
    the threshold is the midpoint between neighbouring distinct scores, ties broken by the lower threshold."""
    cuts = sorted(set(scores))
    best = (0.0, 0.0)
    for k, c in enumerate(cuts):
        f1 = prf(labels, [s >= c for s in scores])[2]
        t = c if k == 0 else (c + cuts[k - 1]) / 2
        if f1 > best[1] + 1e-12:
            best = (t, f1)
    return best
