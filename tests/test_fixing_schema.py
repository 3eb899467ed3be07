"""The TC103/TC104/TC105 fix functions of toolcheck/fixing/schema_fixes.py, case by case.

End to end (the TC1 rule files of toolcheck/rules/tc1_schema/ attach them; `--fix` through the real entry point) they are
proven by the fixture pairs tests/fixing/TC103, TC104, TC105 in tests/test_fixing.py.
"""

from __future__ import annotations

from toolcheck.fixing.schema_fixes import (
    is_typo_of,
    keyword_fix,
    optional_fix,
    required_flag_fix,
    type_list_fix,
    type_name_fix,
)

JSON_TYPES = ("array", "boolean", "integer", "null", "number", "object", "string")


def test_a_close_spelling_is_certain_only_as_a_typo():
    from toolcheck.rules.tc1_schema._values import type_reading as _type_reading

    for word, sugg in (("strng", "string"), ("stirng", "string"), ("nubmer", "number"), ("integ", "integer"),
                       ("nulll", "null"), ("obect", "object")):
        assert is_typo_of(word, sugg, JSON_TYPES) and _type_reading(word) == (sugg, True), word
    for word in ("strg", "arr", "String[]", "object[]", "enum", "boo", "jsonarray"):
        sugg, certain = _type_reading(word)
        assert sugg is not None and not certain, word
    assert _type_reading("dict") == ("object", True) and _type_reading("any") == (None, True)
    assert _type_reading("wat") == (None, False)


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


def test_optional_fix_removes_only_what_agrees_with_required():
    fx = optional_fix("/properties/a/optional", True, "a", False)
    assert fx.applicability == "safe" and [(e.op, e.pointer) for e in fx.edits] == [("delete", "/properties/a/optional")]
    assert optional_fix("/properties/a/optional", "false", "a", True).applicability == "safe"
    assert optional_fix("/properties/a/optional", True, "a", True) is None  # listed: a contradiction
    assert optional_fix("/properties/a/optional", False, "a", False) is None  # the author meant required
    assert optional_fix("/optional", True, None, False) is None
    assert optional_fix("/properties/a/optional", "maybe", "a", False) is None
