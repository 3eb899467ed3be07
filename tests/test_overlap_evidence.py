"""TC430's evidence is true: every clause of every finding's message that names a word, a parameter, a sentence or
a namespace is checked against the two tool definitions it speaks of, on real servers (issue 18, item 4).

The run is the real CLI over published tool sets, each its own group, at a low threshold (0.3) so that many more
pairs are explained than a user would see: 20 captured MCP servers (benchmarks/precision/servers, in the
repository) and, with ../shared, LiveMCPBench's 70 servers and the BFCL multi-turn API classes of corpus A.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

from .conftest import CORPUS, ROOT, needs_corpus

SERVERS = ROOT / "benchmarks" / "precision" / "servers"
SETS = ROOT / "benchmarks" / "overlap" / "sets.json"


def _server_sets() -> dict[str, list[dict]]:
    out = {}
    for p in sorted(SERVERS.glob("*.json")):
        if p.name == "manifest.json":
            continue
        tools = json.loads(p.read_text(encoding="utf-8")).get("tools") or []
        out[p.stem] = [{"name": t["name"], "description": t.get("description") or "",
                        "parameters": t.get("inputSchema") or {"type": "object"}} for t in tools]
    return out


def _corpus_sets() -> dict[str, list[dict]]:
    recs = [json.loads(line) for line in (CORPUS / "tools.jsonl").read_text(encoding="utf-8").splitlines()]
    sets = json.loads(SETS.read_text(encoding="utf-8"))
    out: dict[str, list[dict]] = defaultdict(list)
    for line, meta in sets["livemcpbench"].items():
        out[f"lmb-{meta['server']}"].append(recs[int(line)])
    for k, c in enumerate(sets["bfcl_classes"]):
        out[f"bfcl-{k}"] = [recs[i] for i in c["lines"]]
    return {k: [{"name": r["name"], "description": r.get("description") or "", "parameters": r.get("parameters")}
                for r in v] for k, v in out.items()}


def _tooluniverse_sets() -> dict[str, list[dict]]:
    """Each ToolUniverse data file of corpus A, one suite of tools as its authors group them (flagged.py's tu-file
    sets: most of the pairs a blind judge found untrue evidence in, issue 18 item 4)."""
    out: dict[str, list[dict]] = defaultdict(list)
    for line in (CORPUS / "tools.jsonl").read_text(encoding="utf-8").splitlines():
        r = json.loads(line)
        if r["source"].startswith("pypi:tooluniverse"):
            out["tu-" + Path(r["source"].rsplit(":", 1)[-1]).stem].append(
                {"name": r["name"], "description": r.get("description") or "", "parameters": r.get("parameters")})
    return out


def _lint(tmp_path: Path, sets: dict[str, list[dict]]) -> tuple[list[dict], dict[str, dict[str, dict]]]:
    names = {}
    (tmp_path / "sets").mkdir()
    for k, (_name, tools) in enumerate(sorted(sets.items())):
        f = tmp_path / "sets" / f"s{k:03d}.jsonl"
        f.write_text("".join(json.dumps(t, ensure_ascii=False) + "\n" for t in tools), encoding="utf-8")
        names[f.stem] = {t["name"]: t for t in tools}
    (tmp_path / "toolcheck.yaml").write_text("rules:\n  TC430: {threshold: 0.3, group-by: file}\n",
                                             encoding="utf-8")
    p = subprocess.run([sys.executable, "-m", "toolcheck", "lint", "--select", "TC430", "--format", "json",
                        "--no-cache", "sets"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert p.returncode in (0, 1), p.stderr
    found = json.loads(p.stdout)["findings"]
    return found, {stem: tools for stem, tools in names.items()}


def _clauses(message: str) -> list[str]:
    """The message's clauses after 'score N: ', split at '; ' outside parentheses and quotes."""
    body = message.split(": ", 1)[1]
    out, depth, quote, cur = [], 0, False, ""
    i = 0
    while i < len(body):
        c = body[i]
        if c == "'" and (not quote and (i == 0 or body[i - 1] in " :") or quote and body[i + 1:i + 2] in ("", ";")):
            quote = not quote
        elif not quote and c == "(":
            depth += 1
        elif not quote and c == ")":
            depth -= 1
        if not quote and depth == 0 and body.startswith("; ", i):
            out.append(cur)
            cur, i = "", i + 2
            continue
        cur += c
        i += 1
    return [*out, cur]


def _text(t: dict) -> str:
    """What a reader of the definition sees: name (snake/camel/kebab split) and description, lower case."""
    name = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", t["name"])
    return (re.sub(r"[_\-.:/]+", " ", name) + " " + (t.get("description") or "")).lower()


def _required(t: dict) -> list:
    p = t.get("parameters") or {}
    return list(p.get("required") or []) if isinstance(p, dict) else []


def _props(t: dict) -> dict:
    p = t.get("parameters") or {}
    return p.get("properties") or {} if isinstance(p, dict) else {}


def _takes_window(t: dict, side: str) -> bool:
    """``side`` (``required start_date/end_date, period``) is what the tool takes: each parameter, the ones said
    required in its required list, the others not."""
    props = t.get("parameters") or {}
    req = set(props.get("required") or ()) if isinstance(props, dict) else set()
    for part in side.split(", "):
        required = part.startswith("required ")
        names = part.removeprefix("required ").split("/")
        if not all(n in _props(t) and (n in req) == required for n in names):
            return False
    return True


def _mentions(t: dict, word: str) -> bool:
    """The word is in the name or description, as written or inflected (updates, updated, updating; deleting)."""
    text = _text(t)
    w = word.lower()
    return w in text or len(w) >= 4 and w.rstrip("e")[: max(4, len(w) - 2)] in text


def _stem(w: str) -> str:
    w = w.lower()
    return w[:-3] + "y" if w.endswith("ies") and len(w) > 4 else w[:-1] if w.endswith("s") and len(w) > 3 else w


def _pinned(t: dict, name: str) -> str | None:
    """The one value a parameter's schema allows (const, or an enum of one), or None."""
    spec = _props(t).get(name) or {}
    if "const" in spec:
        return str(spec["const"])
    enum = spec.get("enum")
    return str(enum[0]) if isinstance(enum, list) and len(enum) == 1 else None


def _takes(t: dict, words: list[str]) -> bool:
    """A parameter of t takes a key named by one of the words (by project: a project parameter; by id: an id)."""
    names = [k.lower() for k in _props(t)]
    for w in words:
        w = {"identifier": "id", "keyword": "query", "keywords": "query"}.get(w, w)
        for k in names:
            parts = re.split(r"[_\-.]+", re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", k))
            if _stem(w) in (_stem(x) for x in parts) or len(w) >= 4 and w in k or w == "id" and _stem(k).endswith("id") \
                    or w == "query" and k in ("q", "query", "keywords", "search", "term"):
                return True
    return False


# words that name a file format, not a platform (a host, registry, engine or service a tool runs against)
_FORMATS = frozenset({"json", "xml", "csv", "tsv", "pdf", "markdown", "md", "html", "yaml", "docx", "xlsx", "txt"})


def _object_phrases(c: str) -> list[str]:
    m = re.match(r"(?:different objects(?: of one kind)?|one object is a part of the other|the same words the other "
                 r"way round|one object narrows the other) \(([^;)]*)", c)
    if not m:
        return []
    return [p.strip() for p in re.split(r" vs | ~ ", m.group(1))]


def check(finding: dict, tools: dict[str, dict]) -> list[str]:
    """The clauses of one finding that are not true of its two tools (empty: all true)."""
    a, b = tools[finding["tool"]], tools[finding["related"][0]["tool"]]
    both = (a, b)
    wrong = []

    def bad(clause, why):
        wrong.append(f"{clause!r}: {why}")

    clauses = _clauses(finding["message"])
    verbs: set[str] = set()
    for c in clauses:
        m = re.match(r"(?:same|related|opposite|different) actions? \(([^)]*)\)", c)
        if m:
            verbs |= {w.strip().lower().replace("_", "") for w in re.split(r"~| vs ", m.group(1))}
    shared_prefix = ""
    pa, pb = (re.split(r"[_.\-]", t["name"], maxsplit=1)[0].lower() for t in both)
    if pa == pb and len(pa) < len(a["name"]) and len(pb) < len(b["name"]):
        shared_prefix = pa  # FlyMine_ on both: the service both belong to, no object that sets one apart
    unmatched = set()
    for c in clauses:
        m = re.match(r"`([^`]+)` requires `([^`]+)`, which `([^`]+)` has no counterpart for", c)
        if m:
            unmatched.add(m.group(2))
    for c in clauses:
        for phrase in _object_phrases(c):
            for w in phrase.split():
                if "_" in w or not any(_mentions(t, w) for t in both):
                    bad(c, f"object word {w!r} is not written so in either tool")
            if c.startswith("different objects") and (set(phrase.lower().split()) & verbs):
                bad(c, f"object {phrase!r} holds the verb")
            if c.startswith("different objects") and shared_prefix and any(
                    len(w) >= 4 and shared_prefix.startswith(w) for w in phrase.lower().split()):
                bad(c, f"object {phrase!r} holds the service name both tools share")
        m = re.match(r"one object narrows the other \(([^;)]*) ~ ([^;)]*)\)$", c)
        if m:
            x, y = ({_stem(w) for w in g.split()} for g in (m.group(1), m.group(2)))
            if not (x <= y or y <= x):
                bad(c, "neither object's words contain the other's")
            extra = (y - x) if x <= y else (x - y)
            for t in both:
                if any(re.search(rf"\bnon[- ]?{re.escape(w)}\b", (t.get("description") or "").lower()) for w in extra):
                    bad(c, f"`{t['name']}` excludes the narrowing word ({'/'.join(sorted(extra))})")
        m = re.match(r"only `([^`]+)` names a lookup key \(([^)]*)\)$", c)
        if m and not _takes(tools[m.group(1)], m.group(2).split()):
            bad(c, "no parameter of it takes that key")
        m = re.match(r"(?:only `[^`]+` names a platform|different platforms) \((.+)\)$", c)
        if m and set(re.split(r"[/ =]+| vs ", m.group(1))) & _FORMATS:
            bad(c, "a file format is no platform")
        m = re.match(r"(?:matching|identical) parameters (\S+)", c)
        if m:
            for pair in m.group(1).split("/"):
                x, _, y = pair.partition("~")
                y = y or x
                if x in unmatched or y in unmatched:
                    bad(c, f"{pair} is matched, yet said to have no counterpart")
                if x != y and any(w in _props(a) and w in _props(b) for w in (x, y)):
                    bad(c, f"{pair} is a loose match, yet one of them has a same-named partner")
                for u, v in ((x, y), (y, x)):
                    ua, vb = _pinned(a, u), _pinned(b, v)
                    if u in _props(a) and v in _props(b) and ua is not None and vb is not None and ua != vb:
                        bad(c, f"{pair} is fixed to different values ({ua} vs {vb})")
    for c in clauses:
        m = re.match(r"(?:same|related) actions? \(([^)]*)\)", c)
        if m:
            words = [w.strip() for w in m.group(1).split("~")]
            if len(words) == 1:
                if not all(_mentions(t, words[0]) for t in both):
                    bad(c, "the verb is not in both tools")
            elif not (_mentions(a, words[0]) and _mentions(b, words[1])
                      or _mentions(b, words[0]) and _mentions(a, words[1])):
                bad(c, "the verbs are not one in each tool")
        m = re.search(r"on the same object \(([^)]*)\)", c) or re.match(r"the same object \(([^)]*)\)", c)
        if m:
            parts = [p.strip() for p in m.group(1).split("~")]
            for p in parts:
                if not any(all(_mentions(t, w) for w in p.split()) for t in both):
                    bad(c, f"object words {p!r} are in neither tool")
        m = re.match(r"same name once namespaces are stripped \(([^;]+); (.+) vs (.+)\)$", c)
        if m:
            bases = [x.strip() for x in m.group(1).split(" ~ ")]  # each as written when they differ in case or _
            ends = {t["name"]: next((x for x in bases if t["name"].endswith(x)), None) for t in both}
            if None in ends.values() or len(bases) > 1 and len(set(ends.values())) == 1 or \
                    len({re.sub(r"[^a-z0-9]", "", x.lower()) for x in bases}) != 1:
                bad(c, "a name does not end with the stripped base")
            prefixes = {m.group(2).strip("`"), m.group(3).strip("`")}
            actual = {(t["name"][: -len(e)] or "none") if (e := ends[t["name"]]) else t["name"] for t in both}
            if prefixes != actual:
                bad(c, f"prefixes {prefixes} are not the names' {actual}")
        m = re.match(r"names alike once prefixes, filler words and word forms are set aside \(([^;)]+)(?:; (.+) vs (.+))?\)$", c)
        if m:
            parts = [x.strip() for x in m.group(1).split("~")]
            if not (any(a["name"].endswith(x) for x in parts) and any(b["name"].endswith(x) for x in parts)):
                bad(c, "a name does not end with one of the parts named")
            for pre in (m.group(2), m.group(3)):
                if pre and pre != "none" and not (a["name"].startswith(pre.strip("`")) or b["name"].startswith(pre.strip("`"))):
                    bad(c, f"neither name starts with {pre}")
        m = re.match(r"`([^`]+)` requires `([^`]+)`, which `([^`]+)` has no counterpart for", c)
        if m:
            t = tools[m.group(1)]
            if m.group(2) not in ((t.get("parameters") or {}).get("required") or []):
                bad(c, "that parameter is not required there")
        m = re.match(r"identical parameters (.+)$", c)
        if m:
            ps = set(m.group(1).split("/"))
            if not (ps == set(_props(a)) == set(_props(b))):
                bad(c, "the parameters are not identical")
        m = re.match(r"matching parameters (\S+) \((\d+) of (\d+)\)$", c)
        if m:
            for pair in m.group(1).split("/"):
                x, _, y = pair.partition("~")
                y = y or x
                if not (x in _props(a) and y in _props(b) or x in _props(b) and y in _props(a)):
                    bad(c, f"{pair} is not a parameter of each")
            if int(m.group(3)) != len(set(_props(a)) | set(_props(b))):
                bad(c, "the count of parameters is wrong")
        m = re.match(r"`([^`]+)` names its object in its service prefix \(`([^`]+)`: ([^)]+)\), `([^`]+)` after its verb$", c)
        if m:
            x, pre, words, y = m.group(1), m.group(2), m.group(3).split(), m.group(4)
            if not x.startswith(pre) or not all(w in pre.lower() and w in y.lower() for w in words):
                bad(c, "the prefix does not start that name or the words are not in both names")
        if c == "neither takes parameters" and (_props(a) or _props(b)):
            bad(c, "one does")
        m = re.match(r"only `([^`]+)` takes parameters$", c)
        if m:
            other = b if m.group(1) == a["name"] else a
            if not _props(tools[m.group(1)]) or _props(other):
                bad(c, "not so")
        m = re.match(r"(?:description of `([^`]+)`: |`([^`]+)` says it is deprecated: )'(.*)'$", c)
        if m:
            t = tools[m.group(1) or m.group(2)]
            quoted = m.group(3).removesuffix("...").removeprefix("...")
            desc, at = " ".join((t.get("description") or "").split()), 0
            for piece in quoted.split(" ... "):  # a list's introducing sentence ... one of its items
                at = desc.find(" ".join(piece.split()), at)
                if at < 0:
                    bad(c, "the sentence is not in that description")
                    break
        m = re.match(r"`([^`]+)`'s description lists (.+), the part `([^`]+)`'s name adds to the object, among what "
                     r"it returns: '(.*)'$", c)
        if m:
            whole, words, part = tools[m.group(1)], m.group(2).lower().split(), tools[m.group(3)]
            quoted = m.group(4).removesuffix("...").removeprefix("...")
            if " ".join(quoted.split()) not in " ".join((whole.get("description") or "").split()):
                bad(c, "the sentence is not in that description")
            if not all(w in quoted.lower() and w in part["name"].lower() for w in words):
                bad(c, "a part word is not in the quote or not in the part tool's name")
        m = re.match(r"each takes a time window \((.+)\)$", c)
        if m:
            sides = m.group(1).split(" vs ")
            for side in sides:
                if not any(_takes_window(t, side) for t in both):
                    bad(c, f"no tool takes {side}")
        m = re.match(r"`([^`]+)` also takes a sampling step \((.+)\)$", c)
        if m and not all(p in _props(tools[m.group(1)]) for p in m.group(2).split("/")):
            bad(c, "that step is not a parameter of it")
        m = re.match(r"`([^`]+)` covers `([^`]+)` with its switch (\S+) on$", c)
        if m and m.group(3) not in _props(tools[m.group(1)]):
            bad(c, "that switch is not a parameter of it")
        m = re.match(r"`([^`]+)` covers `([^`]+)` with ([^=]+)=(.+)$", c)
        if m:
            spec = _props(tools[m.group(1)]).get(m.group(3)) or {}
            values = [str(v) for v in spec.get("enum") or ()] + [str(v) for v in (spec.get("items") or {}).get("enum") or ()]
            # an enum written in the parameter's description ("Options: 'a', 'b'") is its enum too
            listed = re.search(r"(?i)\b(?:options|one of|allowed values|possible values|valid values|accepted values|"
                               r"choices)\b[^.;]*", str(spec.get("description") or ""))
            if m.group(4) not in values and not (listed and re.search(r"(?<![\w:])" + re.escape(m.group(4)) + r"\b",
                                                                       listed.group(0), re.IGNORECASE)):
                bad(c, "that value is not in that parameter's enum nor in the values its description lists")
        m = re.match(r"`([^`]+)` acts on a general object \(([^)]*)\) and its (description|enum values) names? "
                     r"`([^`]+)`'s object \(([^)]*)\)$", c)
        if m:
            g, word = tools[m.group(1)], m.group(5)
            if m.group(3) == "description" and word not in (g.get("description") or "").lower():
                bad(c, "the description does not name that object")
        m = re.match(r"only `([^`]+)` names a platform \((.+)\)$", c)
        if m:
            for w in m.group(2).split("/"):
                written = w.split(" = ")[0]
                if written not in _text(tools[m.group(1)]):
                    bad(c, f"{written!r} is not in that tool")
        m = re.match(r"`([^`]+)`'s `([^`]+)` marks a version of it$", c) or re.match(
            r"`([^`]+)`'s version marker \(`([^`]+)`\) is set aside from its object$", c)
        if m and (m.group(1) not in tools or m.group(2) not in m.group(1)
                  or not re.search(r"(?i)v\d+", m.group(2))):
            bad(c, "that marker is not a version marker of that tool's name")
        m = re.match(r"`([^`]+)`'s `([^`]+)` and `([^`]+)`'s `([^`]+)` mark two versions of it$", c)
        if m and not (m.group(2) in m.group(1) and m.group(4) in m.group(3) and m.group(2) != m.group(4)):
            bad(c, "those markers are not in those names, or are one")
        m = re.match(r"only `([^`]+)` names an output format \((.+)\)$", c)
        if m:
            other = b if m.group(1) == a["name"] else a
            if not all(w in _text(tools[m.group(1)]) for w in m.group(2).split()) or \
                    any(re.search(rf"\b{re.escape(w)}\b", other["name"].lower()) for w in m.group(2).split()):
                bad(c, "that format is not in that tool, or the other's name says it too")
        m = re.match(r"different output formats \((.+) vs (.+)\)$", c)
        if m and not all(any(w in _text(t) for t in both) for w in (*m.group(1).split(), *m.group(2).split())):
            bad(c, "a format is in neither tool")
        m = re.match(r"one tool under two prefixes: both are `([^`]+)` \((.+) vs (.+)\) with (?:the same required "
                     r"parameters \(([^)]*)\)|no required parameter), parameters and descriptions alike$", c)
        if m:
            name = m.group(1)
            if not all(t["name"].lower().endswith(name.lower()) for t in both):
                bad(c, "a name does not end with that name")
            actual = {t["name"][: len(t["name"]) - len(name)] or "none" for t in both}
            if {m.group(2).strip("`"), m.group(3).strip("`")} != actual or a["name"] == b["name"]:
                bad(c, f"prefixes are not the names' {actual}")
            req = set(m.group(4).split("/")) if m.group(4) else set()
            if any({r.lower() for r in req} != {r.lower() for r in _required(t)} for t in both):
                bad(c, "those are not the required parameters of both")
            if not all((t.get("description") or "").strip() for t in both):
                bad(c, "a description is empty")
        m = re.match(r"`([^`]+)` takes a (list|map|comma-separated list) \(`([^`]+)`\) of what `([^`]+)` takes one "
                     r"of: one entry holds (.+)$", c)
        if m:
            many, kind, coll, one = tools[m.group(1)], m.group(2), m.group(3), tools[m.group(4)]
            spec = _props(many).get(coll)
            if not isinstance(spec, dict) or coll not in _required(many):
                bad(c, "that list is not a required parameter of the bulk tool")
            elif kind == "comma-separated list" and not (
                    spec.get("type") == "string" and re.search(r"(?i)comma[- ]?separated|comma[- ]delimited|逗号分隔|逗號分隔|"
                                                               r"カンマ区切り|コンマ区切り", str(spec.get("description")))):
                bad(c, "that parameter is no string its description calls comma-separated")
            elif kind == "list" and "array" not in (spec.get("type") if isinstance(spec.get("type"), list)
                                                    else [spec.get("type")]):
                bad(c, "that parameter is no array")
            for held in re.sub(r" \(as [^)]*\)", "", m.group(5)).split(", "):
                if held not in _required(one):
                    bad(c, f"{held} is not a required parameter of the single tool")
        if "Chinese and Japanese words" in c and not any(re.search("[\u3040-\u9fff]", _text(t)) for t in both):
            bad(c, "neither description has Chinese or Japanese words")
        if c.startswith("one object is a kind of the other"):
            bad(c, "a kind relation is never established, only a mention")
        m = re.match(r"\d+% shared description terms \((.*)\)$", c)
        if m and "English glosses" not in m.group(1):  # CJK words are compared through the lexicon's glosses
            terms = [w.strip() for w in m.group(1).split(";")[0].split(",") if not w.strip().startswith("+")]
            for term in terms:
                x, _, y = (w.strip() for w in term.partition("~"))
                y = y or x
                if not (_mentions(a, x) and _mentions(b, y) or _mentions(b, x) and _mentions(a, y)):
                    bad(c, f"{term!r} is not in both descriptions")
    return wrong


def _assert_true(found, tools_by_file):
    assert found
    wrong = []
    for f in found:
        assert f["code"] == "TC430"
        errs = check(f, tools_by_file[Path(f["file"]).stem])
        wrong += [f"{f['tool']} | {f['related'][0]['tool']}: {e}" for e in errs]
    assert not wrong, "\n".join(wrong[:40])


def test_clause_splitting():
    msg = ("tool `a` overlaps `b`, score 0.9: same action (get); 50% shared description terms (x, y; 1 identical "
           "sentence set aside); description of `b`: 'Old; use a instead.'")
    assert _clauses(msg) == ["same action (get)", "50% shared description terms (x, y; 1 identical sentence set aside)",
                             "description of `b`: 'Old; use a instead.'"]


def test_the_checker_catches_false_claims():
    tools = {"get_order": {"name": "get_order", "description": "Get an order.", "parameters": {
                 "type": "object", "properties": {"id": {}}, "required": ["id"]}},
             "fetch_purchase": {"name": "fetch_purchase", "description": "Fetch a purchase.", "parameters": {}}}
    f = {"tool": "get_order", "related": [{"tool": "fetch_purchase"}], "message":
         "tool `get_order` overlaps `fetch_purchase`, score 0.9: same action (get); same name once namespaces are "
         "stripped (order; `get_` vs none); identical parameters id; `fetch_purchase` requires `id`, which "
         "`get_order` has no counterpart for; one object is a kind of the other (purchase ~ order)"}
    wrong = "\n".join(check(f, tools))
    for why in ("the verb is not in both tools", "a name does not end with the stripped base", "are not the names'",
                "the parameters are not identical", "that parameter is not required there",
                "a kind relation is never established"):
        assert why in wrong, wrong
    svc = {"tool": "get_order", "related": [{"tool": "fetch_purchase"}], "message":
           "tool `get_order` overlaps `fetch_purchase`, score 0.9: `get_order` names its object in its service "
           "prefix (`Shop_`: order), `fetch_purchase` after its verb"}
    assert "the prefix does not start that name" in "\n".join(check(svc, tools))
    copy = {**f, "message": "tool `get_order` overlaps `fetch_purchase`, score 0.9: one tool under two prefixes: "
            "both are `order` (`get_` vs none) with the same required parameters (id), parameters and descriptions "
            "alike"}
    said = "\n".join(check(copy, tools))
    assert "a name does not end with that name" in said and "not the required parameters of both" in said, said
    bulk = {**f, "message": "tool `get_order` overlaps `fetch_purchase`, score 0.9: `get_order` takes a "
            "comma-separated list (`id`) of what `fetch_purchase` takes one of: one entry holds id (as one value)"}
    said = "\n".join(check(bulk, tools))
    assert "no string its description calls comma-separated" in said and "not a required parameter of the single" \
        in said, said
    assert check({**f, "message": "tool `get_order` overlaps `fetch_purchase`, score 0.9: only `get_order` takes "
                  "parameters; `get_order` requires `id`, which `fetch_purchase` has no counterpart for"}, tools) == []


def test_every_clause_is_true_on_captured_servers(tmp_path):
    found, tools = _lint(tmp_path, _server_sets())
    assert len(found) >= 20  # at threshold 0.3
    _assert_true(found, tools)


@needs_corpus
@pytest.mark.slow
def test_every_clause_is_true_on_corpus_servers(tmp_path):
    found, tools = _lint(tmp_path, _corpus_sets())
    assert len(found) >= 25  # enough messages to check (28 at 0.3 once the sibling and lookup-key vetoes cut)
    _assert_true(found, tools)


def _fixture_sets() -> dict[str, list[dict]]:
    import yaml

    out = {}
    for case in sorted((ROOT / "tests" / "rules" / "TC430").glob("*/*/contracts")):
        tools = [yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted(case.glob("*.y*ml"))]
        out[f"{case.parent.parent.name}-{case.parent.name}"] = [
            {"name": t["name"], "description": t.get("description") or "", "parameters": t.get("parameters")}
            for t in tools]
    return out


def test_every_clause_is_true_on_the_fixtures(tmp_path):
    """The paraphrase fixtures in English, Japanese and Chinese too: a quoted sentence is the tool's own text (not
    the lexicon's English glosses of it)."""
    found, tools = _lint(tmp_path, _fixture_sets())
    assert len(found) >= 15
    _assert_true(found, tools)


@needs_corpus
def test_every_clause_is_true_on_tooluniverse_files(tmp_path):
    """ToolUniverse's data files, each its own group: what the judged flagged pairs found untrue (a narrowing the
    other tool's 'non-human' denies, a lookup key no parameter takes, a parameter both matched and said to have no
    counterpart, operation= pinned to different values, a file format called a platform, an object phrase holding
    the verb or the shared service name) is checked on every finding."""
    found, tools = _lint(tmp_path, _tooluniverse_sets())
    assert len(found) >= 100
    _assert_true(found, tools)


def _schema(props: dict, required=()) -> dict:
    return {"type": "object", "properties": props, "required": list(required)}


# one pair per class of untrue clause the blind judge found (issue 18 item 4), written the way the real tools are:
# each must explain with every clause true (check), and the message must not say the untrue thing
_PAIRS = {
    "narrows-excluded": (
        {"name": "Tox_get_human_toxicity_values", "description": "Get human toxicity values for a compound: fatal "
         "oral doses and air concentrations for people.", "parameters": _schema({"cid": {"type": "integer"}})},
        {"name": "Tox_get_toxicity_values", "description": "Get non-human toxicity values (LD50, LC50) for a "
         "compound from animal studies.", "parameters": _schema({"cid": {"type": "integer"}})},
        "one object narrows the other"),
    "key-without-parameter": (
        {"name": "GDC_get_mutation_frequency_by_project", "description": "Get how often a gene is mutated in each "
         "cancer project, broken down by project.", "parameters": _schema({"gene_symbol": {"type": "string"}})},
        {"name": "GDC_get_mutation_frequency", "description": "Get how often a gene is mutated across all cancer "
         "projects.", "parameters": _schema({"gene_symbol": {"type": "string"}}, ["gene_symbol"])},
        "names a lookup key (project)"),
    "matched-and-unmatched": (
        {"name": "MSig_get_hallmark_geneset", "description": "Get a hallmark gene set of MSigDB by its pathway name.",
         "parameters": _schema({"pathway_name": {"type": "string"}, "species": {"type": "string"}},
                               ["pathway_name"])},
        {"name": "MSig_get_geneset", "description": "Get a gene set of MSigDB by its gene set name.",
         "parameters": _schema({"geneSetName": {"type": "string"}, "species": {"type": "string"}},
                               ["geneSetName"])},
        "has no counterpart for"),
    "unit-spelling": (
        {"name": "get_stock_price", "description": "Get the stock price of a company.",
         "parameters": _schema({"symbol": {"type": "string"}}, ["symbol"])},
        {"name": "get_current_stock_price", "description": "Get the current stock price of a company.",
         "parameters": _schema({"symbol": {"type": "string"}}, ["symbol"])},
        "current stock_price"),
    "description-object": (
        {"name": "FlyMine_search_genes", "description": "Search FlyMine for Drosophila genes; a wrapper that keeps "
         "the Gene category only.", "parameters": _schema({"q": {"type": "string"}, "size": {"type": "integer"}},
                                                         ["q"])},
        {"name": "FlyMine_search", "description": "Search FlyMine, the InterMine data warehouse for Drosophila "
         "genomics data: genes, proteins and publications.",
         "parameters": _schema({"q": {"type": "string"}, "size": {"type": "integer"},
                                "facet_Category": {"type": "string"}}, ["q"])},
        "flymine intermine"),
    "description-object-verb": (
        {"name": "CGAR_lookup_by_external_id", "description": "Reverse-lookup the ClinGen Allele Registry by an "
         "external identifier such as a dbSNP rsID.", "parameters": _schema({"dbsnp_rs": {"type": "string"}})},
        {"name": "CGAR_lookup_allele", "description": "Look up a variant allele in the ClinGen Allele Registry by "
         "HGVS notation.", "parameters": _schema({"hgvs": {"type": "string"}}, ["hgvs"])},
        "(allele vs lookup"),
    "pinned-operation": (
        {"name": "SAb_get_structure_summary", "description": "Get the summary of an antibody structure by PDB id.",
         "parameters": _schema({"operation": {"type": "string", "const": "get_structure_summary"},
                                "pdb_id": {"type": "string"}})},
        {"name": "SAb_get_structure", "description": "Get an antibody structure by PDB id.",
         "parameters": _schema({"operation": {"type": "string", "const": "get_structure"},
                                "pdb_id": {"type": "string"}})},
        "parameters operation/"),
    "loose-takes-exact": (
        {"name": "Chem_search_activities", "description": "Search bioactivity records by molecule or target.",
         "parameters": _schema({"molecule_chembl_id": {"type": "string"}, "target_chembl_id": {"type": "string"},
                                "limit": {"type": "integer"}})},
        {"name": "Chem_get_target_activities", "description": "Get the bioactivity records of a target.",
         "parameters": _schema({"target_chembl_id": {"type": "string"}, "limit": {"type": "integer"}},
                               ["target_chembl_id"])},
        "target_chembl_id~molecule_chembl_id"),
    "format-platform": (
        {"name": "read_note", "description": "Read a note and return its markdown text.",
         "parameters": _schema({"identifier": {"type": "string"}}, ["identifier"])},
        {"name": "view_note", "description": "View a note as an artifact.",
         "parameters": _schema({"identifier": {"type": "string"}}, ["identifier"])},
        "names a platform (markdown)"),
}


@pytest.mark.parametrize("case", sorted(_PAIRS))
def test_each_untrue_clause_class_is_gone(case):
    from toolcheck.overlap import parse
    from toolcheck.overlap.explain import explain

    x, y, untrue = _PAIRS[case]
    fx, fy = (parse(t["name"], t["description"], t["parameters"]) for t in (x, y))
    msg = f"tool `{x['name']}` overlaps `{y['name']}`, score 0.90: " + "; ".join(explain(fx, fy))
    assert untrue not in msg, msg
    assert check({"tool": x["name"], "related": [{"tool": y["name"]}], "message": msg},
                 {x["name"]: x, y["name"]: y}) == [], msg


def test_the_checker_catches_the_judged_untrue_clauses():
    """Each check added for issue 18 item 4 fires on the clause the blind judge found untrue."""
    tools = {t["name"]: t for c in ("narrows-excluded", "key-without-parameter", "pinned-operation",
                                   "format-platform", "description-object-verb", "description-object",
                                   "matched-and-unmatched") for t in _PAIRS[c][:2]}

    def why(tool, other, clause):
        f = {"tool": tool, "related": [{"tool": other}], "message": f"tool `{tool}` overlaps `{other}`, score 0.9: "
             + clause}
        return "\n".join(check(f, tools))

    assert "excludes the narrowing word" in why("Tox_get_human_toxicity_values", "Tox_get_toxicity_values",
                                                "one object narrows the other (toxicity ~ human toxicity)")
    assert "no parameter of it takes that key" in why(
        "GDC_get_mutation_frequency_by_project", "GDC_get_mutation_frequency",
        "only `GDC_get_mutation_frequency_by_project` names a lookup key (project)")
    assert "fixed to different values" in why("SAb_get_structure_summary", "SAb_get_structure",
                                              "matching parameters operation/pdb_id (2 of 2)")
    assert "a file format is no platform" in why("read_note", "view_note", "only `read_note` names a platform (markdown)")
    assert "holds the verb" in why("CGAR_lookup_by_external_id", "CGAR_lookup_allele",
                                   "same action (lookup); different objects (allele vs lookup clingen allele registry)")
    assert "service name both tools share" in why("FlyMine_search_genes", "FlyMine_search",
                                                  "different objects (flymine intermine data warehouse vs genes)")
    assert "not written so" in why("FlyMine_search_genes", "FlyMine_search", "different objects (note_book vs genes)")
    assert "yet said to have no counterpart" in why(
        "MSig_get_hallmark_geneset", "MSig_get_geneset", "`MSig_get_hallmark_geneset` requires `pathway_name`, which "
        "`MSig_get_geneset` has no counterpart for; matching parameters geneSetName~pathway_name/species (2 of 3)")
    assert "neither object's words contain" in why("Tox_get_human_toxicity_values", "Tox_get_toxicity_values",
                                                   "one object narrows the other (summary ~ content)")
