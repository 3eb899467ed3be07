"""The TC103/TC104/TC105 fixes of toolcheck/fixing/schema_fixes.py, on the real findings of their rules.

Their rules move into their own files in the redesign (issue 16, WP1); until then the fix is not attached, and
this test attaches it the way the rule will: for each finding the rule reports, one call of the fix function
with the node at the finding's pointer. The fixes are then applied by the same code as `--fix`
(`toolcheck.fixing.apply.fix_text`) until nothing changes, and the result is compared byte for byte with the
fixture's `after` (tests/fixing/<CODE>/<case>/, an `args` file holding `--unsafe-fixes` where the unsafe ones
apply too). Once a rule attaches its fix, its folder runs through the CLI in tests/test_fixing.py instead.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from toolcheck.findings import resolve_pointer, split_pointer
from toolcheck.fixing.apply import fix_text
from toolcheck.fixing.schema_fixes import keyword_fix, required_flag_fix, type_list_fix, type_name_fix

from .conftest import run_engine
from .test_fixing import PENDING, _cases, _files

# the names the rule reads with certainty (its own table of aliases and another case of a type name); any other
# suggestion is a close spelling, and its fix unsafe
ALIASES = {"str": "string", "float": "number", "int": "integer", "dict": "object", "bool": "boolean", "any": None}


def _suggestion(message: str) -> str | None:
    m = re.search(r"did you mean `([^`]+)`", message, re.I)
    return m.group(1) if m else None


def _attach(f, doc):
    """What the rule's one added call will compute for finding ``f`` (pointers into the file's document)."""
    toks = split_pointer(f.pointer)
    if f.code == "TC103":
        if toks[-1] == "type":
            name = resolve_pointer(doc, f.pointer)
            return type_name_fix(f.pointer, name, lambda t, f=f: _suggest(t, f.message))
        type_ptr = f.pointer.rsplit("/", 1)[0]
        return type_list_fix(type_ptr, resolve_pointer(doc, type_ptr), lambda t: _suggest(t, ""))
    if f.code == "TC104":
        return keyword_fix(resolve_pointer(doc, f.pointer.rsplit("/", 1)[0]), f.pointer, _suggestion(f.help))
    if f.code == "TC105":
        parent = resolve_pointer(doc, "/" + "/".join(toks[:-3])) if len(toks) > 3 else None
        return required_flag_fix(f.pointer, resolve_pointer(doc, f.pointer), parent)
    return None


def _suggest(t: str, message: str):
    low = t.lower()
    if low in ALIASES:
        return ALIASES[low], True
    if low in ("array", "boolean", "integer", "null", "number", "object", "string"):
        return low, True
    return _suggestion(message), False


def _fix_until_stable(proj: Path, path: Path, code: str, unsafe: bool) -> int:
    applied = 0
    for _ in range(10):
        result = run_engine("validate", paths=[str(path)], cwd=proj, select=[code])
        sf = next(s for s in result.files if s.abspath == str(path))
        fixes = [x for x in (_attach(f, sf.documents[0]) for f in result.findings if f.code == code) if x]
        fixes = [x for x in fixes if x.applies(unsafe)]
        if not fixes:
            break
        out = fix_text(sf.text, sf.kind, fixes, path=str(path))
        assert not out.failed, out.failed
        if out.text == sf.text:
            break
        path.write_text(out.text, encoding="utf-8", newline="")
        applied += len(out.applied)
    return applied


@pytest.mark.parametrize("code,case", _cases(cli=False))
def test_schema_fix_fixture(code, case, tmp_path):
    assert code in PENDING
    before, after = _files(case)
    unsafe = (case / "args").exists() and "--unsafe-fixes" in (case / "args").read_text()
    proj = tmp_path / "proj"
    (proj / "contracts").mkdir(parents=True)
    (proj / "toolcheck.yaml").write_text("paths: [contracts]\n", encoding="utf-8")
    target = proj / "contracts" / f"c{before.suffix}"
    shutil.copyfile(before, target)
    n = _fix_until_stable(proj, target, code, unsafe)
    assert target.read_bytes() == after.read_bytes(), target.read_text(encoding="utf-8")
    assert (n > 0) == (after.read_bytes() != before.read_bytes())
    assert _fix_until_stable(proj, target, code, unsafe) == 0  # idempotent


def test_type_name_fix_readings():
    sure = type_name_fix("/type", "dict", lambda t: ("object", True))
    assert (sure.applicability, sure.edits[0].op, sure.edits[0].value) == ("safe", "replace", "object")
    assert type_name_fix("/type", "strng", lambda t: ("string", False)).applicability == "unsafe"
    assert type_name_fix("/type", "any", lambda t: (None, True)).edits[0].op == "delete"
    assert type_name_fix("/type", "wat", lambda t: (None, False)) is None


def test_type_list_fix_removes_a_duplicate_and_orders_deletions():
    fx = type_list_fix("/type", ["int", "integer", "long", "null"],
                       lambda t: ({"int": "integer", "long": "integer"}[t], True))
    assert [(e.op, e.pointer) for e in fx.edits] == [("delete", "/type/2"), ("delete", "/type/0")]
    from toolcheck.fixing.document import apply_edits

    assert apply_edits({"type": ["int", "integer", "long", "null"]}, fx.edits) == {"type": ["integer", "null"]}


def test_required_flag_fix_cases():
    fx = required_flag_fix("/properties/a/required", True, {"properties": {"a": {}}})
    assert [(e.op, e.pointer, e.value) for e in fx.edits] == [("delete", "/properties/a/required", None),
                                                              ("add", "/required", "a")]
    listed = required_flag_fix("/properties/a/required", True, {"required": ["a"]})
    assert [e.op for e in listed.edits] == ["delete"]
    assert required_flag_fix("/properties/a/required", False, {"required": ["a"]}) is None  # contradiction
    assert required_flag_fix("/required", True, {}) is None  # not a property


def test_keyword_fix_is_unsafe_and_never_overwrites():
    fx = keyword_fix({"minimun": 1}, "/minimun", "minimum")
    assert fx.applicability == "unsafe" and fx.edits[0].value == "minimum"
    assert keyword_fix({"minimun": 1, "minimum": 2}, "/minimun", "minimum") is None
    assert keyword_fix({"x-min": 1}, "/x-min", "minimum") is None
