"""TC1 (JSON Schema validity): messages, pointers, lines, dialects, options and hostile input."""

from __future__ import annotations

import json
import socket

import pytest

from toolcheck.rules.tc1_schema import _tables as S
from toolcheck.rules.tc1_schema._regex import pattern_problems

from .conftest import CORPUS, ROOT, needs_corpus, run_engine


def tc1(project, text: str, rel: str = "contracts/tool.yaml", **opts):
    project.write(rel, text)
    result = run_engine("lint", cwd=project.path, **opts)
    return [f for f in result.findings if f.code.startswith("TC1")]


def by_code(findings, code):
    return [f for f in findings if f.code == code]


def regex_codes(pattern: str) -> list[str]:
    """The TC1 codes a pattern gets (TC115, else TC114 or TC122; TC116 unless it does not compile at all)."""
    p = pattern_problems(pattern)
    return ((["TC115"] if p.foreign else []) + (["TC114"] if p.invalid else [])
            + (["TC122"] if p.unicode_only else []) + (["TC116"] if p.backtracking else []))


HEAD = "name: demo\ndescription: A demo tool used by the schema rule tests.\n"


# ------------------------------------------------------------------------------------------------ type names

def test_bfcl_dict_float_reported_once_each_with_suggestion(project):
    doc = {"name": "calc_bmi", "description": "Calculate body mass index given weight and height.",
           "parameters": {"type": "dict", "properties": {
               "weight": {"type": "float", "description": "Weight in kg."},
               "height": {"type": "float", "description": "Height in m."}}, "required": ["weight", "height"]}}
    fs = tc1(project, json.dumps(doc, indent=2), rel="contracts/calc_bmi.json")
    assert [f.code for f in fs] == ["TC103", "TC103", "TC103"]  # no TC101 echo of the same problem
    root, weight, height = fs
    assert root.pointer == "/parameters/type" and (root.line, root.column) == (5, 13)
    assert "`dict`" in root.message and "`object`" in root.message
    assert root.help == "Write `type: object`."
    assert weight.pointer == "/parameters/properties/weight/type" and weight.line == 8
    assert "Write `type: number`." == weight.help


@pytest.mark.parametrize("bad,want", [
    ("strng", "`type: string`"), ("int", "`type: integer`"), ("bool", "`type: boolean`"),
    ("String", "`type: string`"), ("list", "`type: array`"), ("tuple", "`prefixItems`"), ("str", "`type: string`"),
    ("double", "`type: number`"), ("long", "`type: integer`"), ("HashMap", "`type: object`"),
    ("any", "Remove `type`"),
])
def test_type_name_suggestions(project, bad, want):
    fs = tc1(project, HEAD + f"parameters:\n  type: object\n  properties:\n    x: {{type: {bad}}}\n")
    assert [f.code for f in fs] == ["TC103"]
    assert want in fs[0].help
    assert fs[0].pointer == "/parameters/properties/x/type"


def test_type_list_entry_pointer(project):
    fs = tc1(project, HEAD + "parameters:\n  type: object\n  properties:\n    x: {type: [string, dict]}\n")
    assert [(f.code, f.pointer) for f in fs] == [("TC103", "/parameters/properties/x/type/1")]
    assert "Replace `dict` with `object`" in fs[0].help


# ------------------------------------------------------------------------------------------------ meta-validation

def test_meta_reports_every_error_at_its_keyword_and_names_the_dialect(project):
    fs = tc1(project, HEAD + (
        "parameters:\n"
        "  type: object\n"
        "  required: name\n"
        "  properties:\n"
        "    a: {type: string, minLength: -1}\n"
        "    b: {type: array, items: [{type: string}]}\n"
        "    c: 5\n"))
    got = {f.pointer: f for f in by_code(fs, "TC101")}
    assert set(got) == {"/parameters/required", "/parameters/properties/a/minLength",
                        "/parameters/properties/b/items", "/parameters/properties/c"}
    assert got["/parameters/required"].line == 5
    assert got["/parameters/properties/a/minLength"].line == 7
    assert "non-negative integer" in got["/parameters/properties/a/minLength"].message
    assert "prefixItems" in got["/parameters/properties/b/items"].help
    assert all("draft 2020-12 metaschema" in f.help for f in got.values())
    # the 2020-12 metaschema reaches a subschema through several vocabularies: one finding each, not eight
    assert len(by_code(fs, "TC101")) == 4


def test_declared_dialect_is_used(project):
    text = HEAD + ("parameters:\n  $schema: 'http://json-schema.org/draft-07/schema#'\n  type: object\n"
                   "  properties:\n    p: {type: array, items: [{type: string}], minItems: x}\n")
    fs = tc1(project, text)
    assert [f.pointer for f in fs] == ["/parameters/properties/p/minItems"]  # items list is fine in draft-07
    assert "draft-07 metaschema" in fs[0].help


def test_draft04_boolean_exclusive_minimum_is_valid_there_only(project):
    body = "  type: object\n  properties:\n    p: {type: number, minimum: 0, exclusiveMinimum: true}\n"
    fs = tc1(project, HEAD + "parameters:\n  $schema: 'http://json-schema.org/draft-04/schema#'\n" + body)
    assert fs == []
    fs = tc1(project, HEAD + "parameters:\n" + body)
    assert [(f.code, f.pointer) for f in fs] == [("TC101", "/parameters/properties/p/exclusiveMinimum")]
    assert "since draft-06" in fs[0].message


def test_unknown_dialect(project):
    fs = tc1(project, HEAD + "parameters:\n  $schema: 'https://example.com/my-meta'\n  type: object\n")
    assert [(f.code, f.pointer) for f in fs] == [("TC102", "/parameters/$schema")]
    assert "checked as draft 2020-12" in fs[0].message


def test_dialect_of():
    assert S.dialect_of({}) == (S.D2020, None)
    assert S.dialect_of({"$schema": "http://json-schema.org/draft-07/schema#"}) == (S.D7, None)
    assert S.dialect_of({"$schema": "https://json-schema.org/draft-07/schema"}) == (S.D7, None)
    assert S.dialect_of({"$schema": "https://json-schema.org/draft/2019-09/schema"}) == (S.D2019, None)
    assert S.dialect_of({"$schema": "json-schema.org/draft-07/schema"})[1] is not None
    assert S.dialect_of({"$schema": "http://json-schema.org/draft-03/schema#"})[1] is not None


# ------------------------------------------------------------------------------------------------ keywords

def test_unknown_keywords_and_data_positions(project):
    fs = tc1(project, HEAD + (
        "parameters:\n"
        "  type: object\n"
        "  requried: [a]\n"
        "  properties:\n"
        "    a: {type: string, minLenght: 2, optional: true}\n"
        "    minLenght: {type: string, enum: [requried], default: requried, examples: [requried]}\n"
        "    b: {type: object, default: {additionalproperties: 1}, x-anything: {requried: 1}}\n"
        "  $defs:\n"
        "    requried: {type: string}\n"))
    got = {f.pointer: f for f in by_code(fs, "TC104")}
    assert set(got) == {"/parameters/requried", "/parameters/properties/a/minLenght",
                        "/parameters/properties/a/optional"}
    assert "`required`" in got["/parameters/requried"].help
    assert "`minLength`" in got["/parameters/properties/a/minLenght"].help
    assert all(f.severity == "warning" for f in got.values())


def test_optional_listed_in_required_says_so(project):
    fs = tc1(project, HEAD + "parameters:\n  type: object\n  required: [a]\n  properties:\n"
                             "    a: {type: string, optional: true}\n")
    assert "listed in the parent's `required`" in fs[0].message


def test_boolean_required_owns_the_problem(project):
    fs = tc1(project, HEAD + "parameters:\n  type: object\n  properties:\n"
                             "    to: {type: string, required: true}\n")
    assert [(f.code, f.pointer, f.line) for f in fs] == [("TC105", "/parameters/properties/to/required", 6)]
    assert "add `to` to the `required` list" in fs[0].help


def test_annotations_and_nullable(project):
    # one code, one severity: OpenAPI's `nullable` is TC121's info, not TC104's warning
    fs = tc1(project, HEAD + "parameters:\n  type: object\n  title: T\n  x-owner: me\n  properties:\n"
                             "    a: {type: string, nullable: true, example: x, deprecated: true, readOnly: true}\n")
    assert [(f.code, f.severity) for f in fs] == [("TC121", "info")]
    assert "nullable" in fs[0].message


def test_vendor_format_own_key_is_tc121_and_a_typo_stays_tc104(project):
    # in vendor-format input a key that resembles no keyword is the format's own (TC121, info); a typo is TC104's
    line = json.dumps({"name": "lookup", "description": "Look a code up.", "parameters": {
        "type": "object", "properties": {"code": {"type": "string", "maxLenght": 9}}, "needs_keys": ["K"]}})
    fs = tc1(project, line + "\n", rel="contracts/tools.jsonl")
    assert sorted((f.code, f.severity, f.pointer) for f in fs) == [
        ("TC104", "warning", "/0/parameters/properties/code/maxLenght"),
        ("TC121", "info", "/0/parameters/needs_keys")]


def test_keyword_of_another_dialect(project):
    fs = tc1(project, HEAD + "parameters:\n  $schema: 'http://json-schema.org/draft-04/schema#'\n  type: object\n"
                             "  properties:\n    a: {const: 1}\n")
    assert [(f.code, f.pointer) for f in fs] == [("TC104", "/parameters/properties/a/const")]
    assert "not a draft-04 keyword" in fs[0].message


def test_allow_option(project):
    project.write("toolcheck.yaml", "paths: [contracts]\nrules:\n  TC104:\n    allow: [errorMessage]\n")
    fs = tc1(project, HEAD + "parameters:\n  type: object\n  errorMessage: nope\n  other: 1\n")
    assert [f.pointer for f in fs] == ["/parameters/other"]


def test_vendor_input_is_lenient_for_unknown_non_typos(project):
    rec = {"name": "icd_search", "description": "Search ICD-11.", "parameters": {
        "type": "object", "properties": {"q": {"type": "string", "optional": True}},
        "required_api_keys": ["ICD_CLIENT_ID"]}}
    fs = tc1(project, json.dumps(rec) + "\n", rel="contracts/tools.jsonl")
    sev = {f.pointer: f.severity for f in fs}
    assert sev == {"/0/parameters/required_api_keys": "info", "/0/parameters/properties/q/optional": "warning"}


# ------------------------------------------------------------------------------------------------ required, enum

def test_required_not_defined_and_duplicates(project):
    fs = tc1(project, HEAD + "parameters:\n  type: object\n  required: [user_id, name, name]\n  properties:\n"
                             "    userId: {type: string}\n    name: {type: string}\n")
    assert [(f.code, f.pointer) for f in fs] == [("TC106", "/parameters/required/0"),
                                                 ("TC107", "/parameters/required/2")]
    assert "`userId`" in fs[0].help
    assert fs[1].line == 5


def test_required_forbidden_is_unsatisfiable_not_undefined(project):
    fs = tc1(project, HEAD + "parameters:\n  type: object\n  additionalProperties: false\n  required: [a, b]\n"
                             "  properties:\n    a: {type: string}\n")
    assert [(f.code, f.pointer) for f in fs] == [("TC111", "/parameters/required/1")]


def test_enum_values(project):
    fs = tc1(project, HEAD + "parameters:\n  type: object\n  properties:\n"
                             "    a: {type: integer, enum: [1, 2, two, 1.0]}\n"
                             "    b: {type: boolean, enum: ['True', 'False']}\n")
    got = [(f.code, f.pointer) for f in fs]
    assert ("TC109", "/parameters/properties/a/enum/2") in got
    assert ("TC108", "/parameters/properties/a/enum/3") in got
    assert ("TC111", "/parameters/properties/b/enum") in got
    assert not any(p.startswith("/parameters/properties/b/enum/") for _, p in got)


def test_default_and_examples(project):
    fs = tc1(project, HEAD + "parameters:\n  type: object\n  properties:\n"
                             "    a: {type: string, default: null, examples: [ok, 3]}\n"
                             "    b: {type: string, enum: [x, y], default: z}\n"
                             "    c: {anyOf: [{type: string}, {type: 'null'}], default: null}\n"
                             "    d: {$ref: '#/$defs/m', default: fast}\n"
                             "  $defs:\n    m: {type: string, enum: [fast, slow]}\n")
    got = {f.pointer: f for f in by_code(fs, "TC110")}
    assert set(got) == {"/parameters/properties/a/examples/1", "/parameters/properties/b/default"}
    assert {f.severity for f in got.values()} == {"error"}  # the schema rejects its own value: a proven defect
    # a null default on a schema that rejects null is its own code, a warning (issue 17: one code, one severity)
    (null,) = by_code(fs, "TC124")
    assert null.pointer == "/parameters/properties/a/default" and null.severity == "warning"
    assert '"null" to `type`' in null.help and null.message == "`default` null is not of type `string`"


# ------------------------------------------------------------------------------------------------ contradictions

@pytest.mark.parametrize("prop,pointer", [
    ("{type: number, minimum: 5, maximum: 1}", "minimum"),
    ("{type: number, exclusiveMinimum: 5, exclusiveMaximum: 5}", "exclusiveMinimum"),
    ("{type: number, minimum: 5, exclusiveMaximum: 5}", "minimum"),
    ("{type: integer, minimum: 1.1, maximum: 1.9}", "minimum"),
    ("{type: string, minLength: 3, maxLength: 2}", "minLength"),
    ("{type: array, minItems: 3, maxItems: 2}", "minItems"),
    ("{type: object, minProperties: 3, maxProperties: 2}", "minProperties"),
    ("{type: object, maxProperties: 1, required: [a, b]}", "maxProperties"),
    ("{type: string, const: 1}", "const"),
    ("{type: string, enum: []}", "enum"),
    ("{allOf: [{type: string}, {type: number}]}", "allOf/1"),
])
def test_unsatisfiable(project, prop, pointer):
    fs = tc1(project, HEAD + f"parameters:\n  type: object\n  properties:\n    x: {prop}\n")
    assert ("TC111", f"/parameters/properties/x/{pointer}") in [(f.code, f.pointer) for f in fs]


def test_satisfiable_edges(project):
    fs = tc1(project, HEAD + "parameters:\n  type: object\n  properties:\n"
                             "    a: {type: number, minimum: 5, maximum: 5}\n"
                             "    b: {allOf: [{type: number}, {type: integer}]}\n"
                             "    c: {anyOf: [{type: number}, {not: {}}]}\n"
                             "    d: {type: integer, minimum: 1.5, maximum: 2}\n")
    assert fs == []


# ------------------------------------------------------------------------------------------------ refs

def test_refs_resolve_recursively_and_remote_is_never_fetched(project, monkeypatch):
    def no_network(*a, **k):
        raise AssertionError("toolcheck tried to open a network connection")

    monkeypatch.setattr(socket.socket, "connect", no_network)
    fs = tc1(project, HEAD + (
        "parameters:\n"
        "  type: object\n"
        "  properties:\n"
        "    tree: {$ref: '#/$defs/node'}\n"
        "    remote: {$ref: 'https://example.com/schemas/a.json'}\n"
        "    file: {$ref: 'common.yaml#/x'}\n"
        "    typo: {$ref: '#/$defs/nod'}\n"
        "  $defs:\n"
        "    node:\n"
        "      type: object\n"
        "      properties:\n"
        "        kids: {type: array, items: {$ref: '#/$defs/node'}}\n"
        "        up: {$ref: '#'}\n"))
    got = {f.pointer: f for f in fs}
    assert set(got) == {"/parameters/properties/remote/$ref", "/parameters/properties/file/$ref",
                        "/parameters/properties/typo/$ref"}
    assert got["/parameters/properties/remote/$ref"].code == "TC113"
    assert got["/parameters/properties/file/$ref"].code == "TC113"
    assert got["/parameters/properties/typo/$ref"].code == "TC112"
    assert "`node`" in got["/parameters/properties/typo/$ref"].message
    assert got["/parameters/properties/typo/$ref"].line == 9


def test_yaml_alias_reported_at_each_place(project):
    fs = tc1(project, HEAD + "parameters:\n  type: object\n  properties:\n    a: &s {type: dict}\n    b: *s\n")
    assert sorted((f.code, f.pointer) for f in fs) == [("TC103", "/parameters/properties/a/type"),
                                                       ("TC103", "/parameters/properties/b/type")]


# ------------------------------------------------------------------------------------------------ patterns

@pytest.mark.parametrize("pattern,code", [
    ("(?P<y>\\d+)", "TC115"), ("(?i)abc", "TC115"), ("abc\\Z", "TC115"), ("\\Aabc", "TC115"),
    ("(?>a+)b", "TC115"), ("a++b", "TC115"), ("[[:digit:]]+", "TC115"), ("(?P=y)", "TC115"),
    ("[a-", "TC114"), ("(abc", "TC114"), ("a{2,1}", "TC114"), ("a\\-b", "TC122"), ("\\_x", "TC122"), ("a{", "TC122"),
    ("(a+)+$", "TC116"), ("(a*)*b", "TC116"), ("(a|aa)+$", "TC116"), ("^(\\w+\\s?)*$", "TC116"),
    ("(.*a)+x", "TC116"), ("(\\d+|\\w+)*!", "TC116"), ("^([a-zA-Z0-9]+\\s?)+$", "TC116"),
])
def test_regex_findings(pattern, code):
    assert regex_codes(pattern) == [code]


@pytest.mark.parametrize("pattern", [
    "^[a-z0-9]+(-[a-z0-9]+)*$", "^([a-z]+\\.)+[a-z]{2,}$", "^(?<y>\\d{4})-\\k<y>$", "^\\p{L}+$", ".*\\S.*",
    "^[A-Z0-9]{1,4}(,[A-Z0-9]{1,4})*$", "^(https?|ftp)://", "^\\d{3}-\\d{4}$", "(ab+)+c", "a\\+\\+",
    "^[0-9]{4}(?:/[A-Za-z0-9][A-Za-z0-9._-]*)+$", "(?<=a)b(?!c)", "[\\]]+", "^$",
])
def test_regex_clean(pattern):
    assert regex_codes(pattern) == []


def test_unicode_mode_only_escape_has_its_own_code(project):
    # one code, one severity: invalid only in `u` mode is TC122's warning; invalid in both modes TC114's error
    fs = tc1(project, HEAD + "parameters:\n  type: object\n  properties:\n"
                             "    a: {type: string, pattern: 'GIFT\\-[0-9]+'}\n    b: {type: string, pattern: '[a-'}\n")
    assert [(f.code, f.severity, f.pointer) for f in fs] == [
        ("TC122", "warning", "/parameters/properties/a/pattern"),
        ("TC114", "error", "/parameters/properties/b/pattern")]


def test_pattern_properties_key_pointer(project):
    fs = tc1(project, HEAD + "parameters:\n  type: object\n  patternProperties:\n    '(?P<n>x)': {type: string}\n")
    assert [(f.code, f.pointer, f.line) for f in fs] == [("TC115", "/parameters/patternProperties/(?P<n>x)", 6)]


# ------------------------------------------------------------------------------------------------ formats, root

def test_formats(project):
    project.write("toolcheck.yaml", "paths: [contracts]\nrules:\n  TC117:\n    formats: [phone]\n")
    fs = tc1(project, HEAD + "parameters:\n  type: object\n  properties:\n"
                             "    a: {type: string, format: datetime}\n"
                             "    b: {type: integer, format: int64}\n"
                             "    c: {type: string, format: phone}\n"
                             "    d: {type: string, format: date-time}\n")
    assert [(f.code, f.pointer, f.severity) for f in fs] == [("TC117", "/parameters/properties/a/format", "warning")]
    assert "`format: date-time`" in fs[0].help
    # the OpenAPI `int64` is TC120's, opt-in (judged on published servers: 0 of 7 worth changing)
    fs = tc1(project, HEAD + "parameters:\n  type: object\n  properties:\n    b: {type: integer, format: int64}\n",
             extend_select=["TC120"])
    assert [(f.code, f.pointer, f.severity) for f in fs] == [("TC120", "/parameters/properties/b/format", "info")]


def test_root_object(project):
    fs = tc1(project, HEAD + "parameters:\n  properties: {q: {type: string}}\nreturns: {type: string}\n")
    assert [(f.code, f.severity, f.pointer, f.line) for f in fs] == [("TC118", "warning", "/parameters", 3)]
    # one code, one severity: a root type that rules out an object is TC123's error, not TC118's warning
    fs = tc1(project, HEAD + "input_schema: {type: array}\n")
    assert [(f.code, f.severity, f.pointer) for f in fs] == [("TC123", "error", "/input_schema/type")]
    fs = tc1(project, HEAD + "parameters: {type: [string, 'null']}\n")
    assert [(f.code, f.severity, f.pointer) for f in fs] == [("TC123", "error", "/parameters/type")]
    fs = tc1(project, HEAD + "parameters: {type: [object, 'null']}\n")
    assert [(f.code, f.severity, f.pointer) for f in fs] == [("TC118", "warning", "/parameters/type")]
    fs = tc1(project, HEAD + "parameters: {type: dict}\n")
    assert [f.code for f in fs] == ["TC103"]


# ------------------------------------------------------------------------------------------------ robustness

@pytest.mark.parametrize("params", [
    "hello", "[1, 2]", "true", "{type: 5}", "{type: object, properties: [a]}", "{type: object, required: 5}",
    "{enum: 3, const: [], default: {a: [1, {b: null}]}}", "{properties: {a: {items: {items: {items: 5}}}}}",
    "{'$ref': 5}", "{pattern: 5, format: []}", "{patternProperties: {'[': {}}}",
    "{type: object, properties: {a: {minimum: '1', maximum: 0}}}", "{'$schema': 7}",
    "{type: integer, minimum: 1e400, maximum: 5}", "{multipleOf: 0, default: 3}", "{items: [], '$ref': '#/items/9'}",
    "{'$ref': '#/%7Bbad'}", "{allOf: [true, false, 5]}", "{not: true}",
])
def test_hostile_values_never_raise(project, params):
    tc1(project, HEAD + f"parameters: {params}\n")  # the assertion is that the engine returns


def test_selecting_one_code_keeps_it_and_ignoring_another_keeps_the_rest(project):
    text = HEAD + "parameters:\n  type: dict\n  properties:\n    a: {type: string, minLength: x}\n"
    project.write("contracts/tool.yaml", text)
    only = run_engine("lint", cwd=project.path, select=["TC103"]).findings
    assert [f.code for f in only] == ["TC103"]
    rest = run_engine("lint", cwd=project.path, ignore=["TC101"]).findings
    assert "TC103" in [f.code for f in rest] and "TC101" not in [f.code for f in rest]


def test_bundled_contracts_have_no_tc1_findings():
    result = run_engine("validate", cwd=ROOT, select=["TC1"])
    assert result.contracts, "the bundled contracts were not found"
    assert [(f.file, f.pointer, f.message) for f in result.findings] == []


@needs_corpus
def test_corpus_every_bfcl_tool_gets_the_dict_suggestion(tmp_path):
    path = CORPUS / "tools.jsonl"
    result = run_engine("lint", [str(path)], cwd=tmp_path)
    sources = [json.loads(line).get("source", "") for line in path.read_text(encoding="utf-8").splitlines()]
    dict_hits = {int(f.pointer.split("/")[1]) for f in result.findings
                 if f.code == "TC103" and "`dict`" in f.message and f.help == "Write `type: object`."}
    bfcl = {i for i, s in enumerate(sources) if "gorilla" in s}
    assert bfcl, "no BFCL records in the corpus"
    assert bfcl <= dict_hits
    # and no TC101 echo of a type name that TC103 already reports
    assert not [f for f in result.findings if f.code == "TC101" and "`type`" in f.message]


@pytest.mark.parametrize("pattern", ["a{2}+", "\\p{L}{2,}+", "x*+"])
def test_possessive_quantifiers(pattern):
    assert regex_codes(pattern) == ["TC115"]
