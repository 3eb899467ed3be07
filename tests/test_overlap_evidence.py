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


def _props(t: dict) -> dict:
    p = t.get("parameters") or {}
    return p.get("properties") or {} if isinstance(p, dict) else {}


def _mentions(t: dict, word: str) -> bool:
    """The word is in the name or description, as written or inflected (updates, updated, updating; deleting)."""
    text = _text(t)
    w = word.lower()
    return w in text or len(w) >= 4 and w.rstrip("e")[: max(4, len(w) - 2)] in text


def check(finding: dict, tools: dict[str, dict]) -> list[str]:
    """The clauses of one finding that are not true of its two tools (empty: all true)."""
    a, b = tools[finding["tool"]], tools[finding["related"][0]["tool"]]
    both = (a, b)
    wrong = []

    def bad(clause, why):
        wrong.append(f"{clause!r}: {why}")

    for c in _clauses(finding["message"]):
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
            base = m.group(1)
            if not (a["name"].endswith(base) and b["name"].endswith(base)):
                bad(c, "a name does not end with the stripped base")
            prefixes = {m.group(2).strip("`"), m.group(3).strip("`")}
            actual = {a["name"][: -len(base)] or "none", b["name"][: -len(base)] or "none"}
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
            quoted = m.group(3).removesuffix("...")
            if " ".join(quoted.split()) not in " ".join((t.get("description") or "").split()):
                bad(c, "the sentence is not in that description")
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
