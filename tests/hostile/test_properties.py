"""Property-based tests of toolcheck itself: random documents and random JSON Schemas through lint and validate.

hypothesis-jsonschema cannot generate from the 2020-12 metaschema, so schemas come from a recursive strategy of
our own that mixes valid keywords, wrong types, typos and vendor junk. Derandomized (a fixed seed) and without
an example database, so CI sees the same cases every run.
"""

from __future__ import annotations

import json

import jsonschema
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ..conftest import run_engine
from ..test_reporters import SARIF_SCHEMA

PROFILE = settings(max_examples=60, derandomize=True, database=None, deadline=None,
                   suppress_health_check=list(HealthCheck))

scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=False, allow_infinity=False),
                    st.text(max_size=30))
KEYWORDS = ["type", "properties", "required", "items", "enum", "const", "default", "minimum", "maximum", "minLength",
            "maxLength", "pattern", "format", "additionalProperties", "anyOf", "oneOf", "allOf", "not", "$ref",
            "$defs", "description", "title", "examples", "prefixItems", "requried", "optional", "nullable",
            "dependentRequired", "uniqueItems", "multipleOf", "exclusiveMinimum", "$schema"]
TYPES = ["object", "string", "integer", "number", "boolean", "array", "null", "dict", "float", "strng", "any"]


def _schema_values(children):
    return st.one_of(
        scalars,
        st.sampled_from(TYPES),
        st.lists(st.sampled_from(TYPES), max_size=3),
        st.lists(st.text(max_size=8), max_size=4),
        st.dictionaries(st.text(max_size=8), children, max_size=4),
        st.sampled_from(["#/$defs/a", "#/nope", "http://169.254.169.254/x", "(a+)+$", "[", "^\\d{3}$", "(?P<x>a)"]),
        children,
    )


schemas = st.recursive(
    st.one_of(st.booleans(), st.fixed_dictionaries({"type": st.sampled_from(TYPES)})),
    lambda children: st.dictionaries(st.sampled_from(KEYWORDS), _schema_values(children), max_size=6),
    max_leaves=25,
)

json_docs = st.recursive(scalars, lambda c: st.one_of(st.lists(c, max_size=4),
                                                      st.dictionaries(st.text(max_size=10), c, max_size=4)),
                         max_leaves=30)


def _check_result(res, files):
    for f in res.findings:
        assert f.line >= 1 and f.column >= 1, f
        assert f.severity in ("error", "warning", "info")
        assert isinstance(f.message, str) and f.message and isinstance(f.help, str)
        assert f.pointer == "" or f.pointer.startswith("/")


def _render_all(res):
    from toolcheck.report import render

    class S:
        statistics = False

    doc = json.loads(render("json", res, S(), "test"))
    assert set(doc) >= {"version", "findings", "summary"}
    sarif = json.loads(render("sarif", res, S(), "test"))
    jsonschema.Draft4Validator(SARIF_SCHEMA).validate(sarif)


@PROFILE
@given(schema=schemas, name=st.text(min_size=0, max_size=20), desc=st.one_of(st.none(), st.text(max_size=60)))
def test_random_schemas_never_crash(tmp_path_factory, schema, name, desc):
    tmp = tmp_path_factory.mktemp("p")
    (tmp / "contracts").mkdir()
    contract = {"name": name, "parameters": schema, "returns": schema}
    if desc is not None:
        contract["description"] = desc
    (tmp / "contracts" / "c.json").write_text(json.dumps(contract))
    (tmp / "contracts" / "c.yaml").write_text(yaml.safe_dump(dict(contract, name=name + "_y"), allow_unicode=True))
    (tmp / "toolcheck.yaml").write_text("paths: [contracts]\n")
    for cmd in ("lint", "validate"):
        res = run_engine(cmd, cwd=tmp, target=["all"] if cmd == "validate" else None)
        _check_result(res, tmp)
    _render_all(res)


@PROFILE
@given(doc=json_docs)
def test_random_documents_never_crash(tmp_path_factory, doc):
    tmp = tmp_path_factory.mktemp("d")
    (tmp / "contracts").mkdir()
    (tmp / "contracts" / "d.json").write_text(json.dumps(doc))
    (tmp / "contracts" / "d.yaml").write_text(yaml.safe_dump(doc, allow_unicode=True))
    (tmp / "contracts" / "d.jsonl").write_text(json.dumps(doc) + "\n" + json.dumps([doc]) + "\n")
    (tmp / "toolcheck.yaml").write_text("paths: [contracts]\n")
    res = run_engine("validate", cwd=tmp)
    _check_result(res, tmp)
    _render_all(res)


@PROFILE
@given(text=st.text(alphabet=st.sampled_from(list("ab:-[]{}&*!|>'\"#\n\t ,?%@`yesno01.")), max_size=120))
def test_random_yaml_text_never_crashes(tmp_path_factory, text):
    tmp = tmp_path_factory.mktemp("y")
    (tmp / "contracts").mkdir()
    (tmp / "contracts" / "t.yaml").write_text(text)
    (tmp / "toolcheck.yaml").write_text("paths: [contracts]\n")
    res = run_engine("lint", cwd=tmp)
    _check_result(res, tmp)
