"""Property test of `--fix` on the bundled contracts, through the real entry point.

The generator takes a bundled contract, inserts comments (own-line, trailing, and `# toolcheck: ignore[...]`
suppressions) and fixable mistakes (a misspelt top-level key: TC007; a YAML 1.1 trap such as `yes` appended to
the `enum` of a string property: TC003; a `type` written as a non-JSON-Schema name or a typo, `str`, `dict`,
`strng`: TC103; `required: true` on a property the parent's `required` lists: TC105), then runs `--diff` and
`--fix`. It asserts that the fixed file parses,
that no comment is lost, that the file reads as the original contract with the appended values as strings (the
mistakes fixed, nothing else changed), that a second `--fix` changes nothing and that the `--diff` output,
applied with `patch -p1`, gives the same file. A second property removes `additionalProperties: false` from the
objects of a contract and checks that the unsafe TC206 fix puts back exactly those keys and nothing else.

Fixed seed (derandomize) and a bounded number of examples: the same cases every run, ~1 minute.
"""

from __future__ import annotations

import difflib
import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolcheck.fixing.textedit import index_yaml, yaml_comments
from toolcheck.loading import load_file
from toolcheck.loading.yaml_loader import Limits

from .conftest import ROOT, run_cli

CONTRACTS = sorted((ROOT / "contracts").glob("*.yaml"))
MISSPELT = {"description": "descripton", "risk": "risc", "parameters": "paramters", "returns": "retruns",
            "version": "versoin", "annotations": "anotations", "requires_confirmation": "requires_confirmaton",
            "idempotency_key": "idempotency_kye", "handler": "handlr", "title": "Title"}
TYPE_NAMES = {"string": ["str", "String", "text", "strng", "stirng"], "integer": ["int", "long", "integr"],
              "number": ["float", "double", "nubmer"], "boolean": ["bool", "boolen"], "object": ["dict", "map"],
              "array": ["list", "tuple"]}
DATA_KEYS = frozenset(("enum", "const", "default", "examples", "example"))
TRAPS = ["yes", "no", "on", "off", "Yes", "OFF", "1.10", "12:30"]
SUPPRESSIONS = ["# toolcheck: ignore[TC410] the usage guidance is elsewhere", "# toolcheck: ignore[TC5]"]
RUN = settings(max_examples=16, derandomize=True, deadline=None, database=None,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _doc(text: str):
    lf = load_file("c.yaml", "c.yaml", Limits(), text=text, kind="yaml")
    assert not [h for h in lf.hits if h.code in ("TC001", "TC002")], [h.message for h in lf.hits]
    return lf.file.documents[0]


def _free_lines(text: str) -> set[int]:
    """0-based lines a comment may end or precede: not inside (or heading) a block scalar or a flow collection
    that spans lines."""
    idx = index_yaml(text)
    starts = [0]
    for ln in text.split("\n"):
        starts.append(starts[-1] + len(ln) + 1)

    def line(off: int) -> int:
        import bisect

        return bisect.bisect_right(starts, off) - 1

    busy: set[int] = set()
    for n in idx.values():
        multi = (n.kind == "scalar" and n.style in ("|", ">")) or (n.kind in ("map", "seq") and n.flow)
        if multi and line(n.start) != line(max(n.start, n.end - 1)):
            busy.update(range(line(n.start), line(n.end - 1) + 1))
    return {i for i, ln in enumerate(text.split("\n")) if ln.strip() and i not in busy}


@st.composite
def mutated(draw):
    path = draw(st.sampled_from(CONTRACTS))
    text = path.read_text(encoding="utf-8")
    expected = _doc(text)
    text, schema_mistakes = _schema_mistakes(draw, text, expected)
    lines = text.split("\n")
    # a fixable mistake of each kind, where the contract has a place for it
    keys = [k for k in MISSPELT if re.search(rf"(?m)^{re.escape(k)}:", text)]
    renamed = draw(st.sampled_from(keys)) if keys else None
    enums = [i for i, ln in enumerate(lines) if re.search(r"\benum: \[[^\]]*\]", ln) and
             _string_enum(expected, i, text)]
    trap_lines = draw(st.lists(st.sampled_from(enums), unique=True, min_size=1, max_size=2)) if enums else []
    appended: dict[int, str] = {i: draw(st.sampled_from(TRAPS)) for i in trap_lines}
    for i, word in appended.items():
        lines[i] = re.sub(r"(\benum: \[[^\]]*)\]", lambda m, w=word: f"{m.group(1)}, {w}]", lines[i], count=1)
    appended = _enum_pointers("\n".join(lines), appended)  # before the rename: pointers of the original keys
    if renamed:
        k = next(i for i, ln in enumerate(lines) if ln.startswith(renamed + ":"))
        lines[k] = MISSPELT[renamed] + lines[k][len(renamed):]
    # comments: trailing ones, own-line ones, suppressions (of rules that do not touch the mistakes)
    free = sorted(_free_lines("\n".join(lines)))
    trailing = draw(st.lists(st.sampled_from(free), unique=True, max_size=4))
    own = draw(st.lists(st.sampled_from(free), unique=True, max_size=4))
    sup = draw(st.lists(st.sampled_from(free), unique=True, max_size=2))
    comments: list[str] = []
    for n, i in enumerate(trailing):
        c = f"# trailing {n}" if i not in sup else SUPPRESSIONS[n % 2]
        lines[i] += "  " + c
        comments.append(c)
    for n, i in enumerate(sorted(own, reverse=True)):
        indent = len(lines[i]) - len(lines[i].lstrip(" -"))
        c = f"# own line {n}"
        lines.insert(i, " " * indent + c)
        comments.append(c)
    return path.name, "\n".join(lines), expected, appended, renamed, comments, schema_mistakes


def _schema_pointers(doc, ptr: str = ""):
    """(pointer, schema) of every schema object under `parameters` and `returns` (not the data in enum, ...)."""
    if isinstance(doc, dict):
        if ptr:
            yield ptr, doc
        for k, v in doc.items():
            if (not ptr and k not in ("parameters", "returns")) or k in DATA_KEYS or str(k).startswith("x-"):
                continue
            yield from _schema_pointers(v, f"{ptr}/{k}")
    elif isinstance(doc, list) and ptr:
        for i, v in enumerate(doc):
            yield from _schema_pointers(v, f"{ptr}/{i}")


def _schema_mistakes(draw, text: str, doc) -> tuple[str, int]:
    """A misnamed `type` (TC103) and a `required: true` on a required property (TC105), when the contract has a
    place for them; spliced into the text at the nodes' own spans. (The text, how many mistakes.)"""
    idx = index_yaml(text)
    splices = []
    types = [(p, n) for p, n in idx.items() if n.kind == "scalar" and n.style == "" and n.fixed and
             (p.endswith("/type") or p.rsplit("/", 1)[0].endswith("/type")) and
             p.split("/")[1] in ("parameters", "returns") and not DATA_KEYS & set(p.split("/")) and
             text[n.start:n.end] in TYPE_NAMES]
    if types and draw(st.booleans()):
        p, n = draw(st.sampled_from(types))
        splices.append((n.start, n.end, draw(st.sampled_from(TYPE_NAMES[text[n.start:n.end]]))))
    props = []
    for ptr, schema in _schema_pointers(doc):
        req, properties = schema.get("required"), schema.get("properties")
        if not isinstance(req, list) or not isinstance(properties, dict):
            continue
        for name in req:
            node = idx.get(f"{ptr}/properties/{name}")
            sub = properties.get(name)
            if node is None or not node.fixed or node.kind != "map" or not node.children or not isinstance(
                    sub, dict) or "required" in sub:
                continue
            first = idx[node.children[0]]
            ks = first.key_start
            line_start = text.rfind("\n", 0, ks) + 1
            if not node.flow and text[line_start:ks].strip():
                continue
            props.append((ks, node.flow, ks - line_start))
    if props and draw(st.booleans()):
        ks, flow, col = draw(st.sampled_from(props))
        splices.append((ks, ks, "required: true, " if flow else "required: true\n" + " " * col))
    for start, end, new in sorted(splices, reverse=True):
        text = text[:start] + new + text[end:]
    return text, len(splices)


def _string_enum(doc, line_no: int, text: str) -> bool:
    """Whether the flow `enum` on ``line_no`` belongs to a schema with `type: string` (where a trap's quote is
    the safe fix): the line itself or the closest `type:` above it at the same indentation says so."""
    lines = text.split("\n")
    ln = lines[line_no]
    if "type: string" in ln:
        return True
    indent = len(ln) - len(ln.lstrip())
    for j in range(line_no - 1, -1, -1):
        other = lines[j]
        ind = len(other) - len(other.lstrip())
        if ind < indent and other.strip():
            return False
        if ind == indent and other.strip().startswith("type:"):
            return other.strip() == "type: string"
    return False


def _enum_pointers(text: str, appended: dict[int, str]) -> dict[str, str]:
    """{pointer of the flow list on line i: word} for {i: word}."""
    idx = index_yaml(text)
    starts = [0]
    for ln in text.split("\n"):
        starts.append(starts[-1] + len(ln) + 1)
    return {next(p for p, n in idx.items() if n.kind == "seq" and n.flow and starts[i] <= n.start < starts[i + 1]): w
            for i, w in appended.items()}


def _with_appended(doc, appended: dict[str, str]):
    """The original contract with each trap word appended, as a string, to the enum at its pointer."""
    import copy

    want = copy.deepcopy(doc)
    for ptr, word in appended.items():
        node = want
        for t in ptr.strip("/").split("/"):
            node = node[int(t)] if isinstance(node, list) else node[t]
        node.append(word)
    return want


def _project(tmp: Path, name: str, text: str) -> tuple[Path, Path]:
    proj = tmp / "proj"
    if proj.exists():
        shutil.rmtree(proj)
    (proj / "contracts").mkdir(parents=True)
    (proj / "toolcheck.yaml").write_text("paths: [contracts]\nsamples: samples\n", encoding="utf-8")
    target = proj / "contracts" / name
    target.write_text(text, encoding="utf-8")
    return proj, target


def _patched(tmp: Path, proj: Path, diff: str, rel: str) -> str:
    copy = tmp / "patched"
    if copy.exists():
        shutil.rmtree(copy)
    shutil.copytree(proj, copy)
    p = subprocess.run(["patch", "-p1", "--quiet", "--no-backup-if-mismatch"], input=diff, cwd=copy,
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr
    return (copy / rel).read_text(encoding="utf-8")


@RUN
@given(case=mutated())
def test_fix_keeps_the_file_and_fixes_the_mistakes(case, tmp_path_factory):
    name, text, original, appended, renamed, comments, schema_mistakes = case
    tmp = tmp_path_factory.mktemp("prop")
    proj, target = _project(tmp, name, text)
    rel = f"contracts/{name}"
    mistakes = bool(appended or renamed or schema_mistakes)
    assert renamed  # every bundled contract has a key to misspell

    d = run_cli("lint", "--diff", rel, cwd=proj)
    assert d.returncode == (1 if mistakes else 0), d.stderr
    assert target.read_text(encoding="utf-8") == text

    f = run_cli("lint", "--fix", rel, cwd=proj)
    fixed = target.read_text(encoding="utf-8")
    assert f.returncode in (0, 1), f.stderr
    assert "fix not applied" not in f.stderr, f.stderr
    doc = _doc(fixed)  # it parses, without a duplicate key
    assert doc == _with_appended(original, appended) and list(doc) == list(original)  # nothing else moved
    for word in appended.values():  # fixed: the trap words are strings now
        assert f"\"{word}\"" in fixed or f"'{word}'" in fixed
    assert not re.search(r"\b(TC00[37]|TC10[35])\b", f.stdout), f.stdout
    assert not Counter(yaml_comments(text)) - Counter(yaml_comments(fixed)), "a comment was lost"
    for c in comments:
        assert c in fixed
    changed = [ln for ln in difflib.ndiff(text.split("\n"), fixed.split("\n")) if ln[:1] in "+-"]
    # only the lines of the mistakes changed (a removed `required: true` line is one line less)
    assert len(changed) <= 2 * (len(appended) + bool(renamed) + schema_mistakes)

    assert run_cli("lint", "--fix", rel, cwd=proj).returncode == f.returncode
    assert target.read_text(encoding="utf-8") == fixed, "a second --fix changed the file"
    if mistakes:  # the --diff printed before fixing, applied to the mutated file, gives the fixed file
        src, _ = _project(tmp / "orig", name, text)
        assert _patched(tmp, src, d.stdout, rel) == fixed


@st.composite
def opened(draw):
    path = draw(st.sampled_from(CONTRACTS))
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    start = lines.index("parameters:")  # strict targets check the arguments' schema (not `returns`)
    end = next(i for i in range(start + 1, len(lines)) if lines[i][:1].isalpha())
    closed = [i for i in range(start, end) if lines[i].strip() == "additionalProperties: false"]
    drop = draw(st.lists(st.sampled_from(closed), unique=True, min_size=1)) if closed else []
    return path.name, "\n".join(ln for i, ln in enumerate(lines) if i not in drop), len(drop)


@settings(max_examples=6, derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(case=opened())
def test_unsafe_strict_fix_puts_back_exactly_what_was_removed(case, tmp_path_factory):
    name, text, dropped = case
    tmp = tmp_path_factory.mktemp("strict")
    proj, target = _project(tmp, name, text)
    args = ["validate", "--select", "TC206", "--target", "openai-strict", f"contracts/{name}"]
    run_cli(*args, "--fix", cwd=proj)
    assert target.read_text(encoding="utf-8") == text  # unsafe: --fix alone leaves it
    p = run_cli(*args, "--fix", "--unsafe-fixes", cwd=proj)
    fixed = target.read_text(encoding="utf-8")
    assert "TC206" not in p.stdout, p.stdout
    added = [ln for ln in difflib.ndiff(text.split("\n"), fixed.split("\n")) if ln[:1] in "+-"]
    assert all(ln.startswith("+ ") and ln[2:].strip() == "additionalProperties: false" for ln in added), added
    assert len(added) == dropped, (p.stdout, p.stderr)
    original = (ROOT / "contracts" / name).read_text(encoding="utf-8")
    assert _doc(fixed) == _doc(original)  # the same document (key order aside: export puts it after `type`)
