"""TC3 sample replay: messages, pointers, options, bounded regexes, the corpus and the bundled samples."""

from __future__ import annotations

import json
import os
import time

import pytest

from .conftest import CORPUS, ROOT, needs_corpus, run_engine

SEARCH = """\
name: search_docs
description: Search the product documentation by keyword and return matching pages.
risk: read_only
parameters:
  type: object
  additionalProperties: false
  required: [query]
  properties:
    query: {type: string, description: Words to search for.}
    limit: {type: integer, minimum: 1, maximum: 50, description: Maximum number of pages to return.}
    language: {type: string, enum: [en, ja, de], description: Language of the pages.}
    tags: {type: array, items: {type: string}, description: Tags to filter by.}
    filters:
      type: object
      required: [since]
      description: Extra filters.
      properties:
        since: {type: string, description: ISO date.}
"""

OK = "- data: {query: refunds}\n  valid: true\n"


def tc3(result, code=None):
    return [f for f in result.findings if f.code.startswith("TC3") and (code is None or f.code == code)]


def test_string_for_integer_is_rejected_without_coercion(project):
    project.write("contracts/search_docs.yaml", SEARCH)
    project.write("samples/search_docs.yaml", OK + "- description: limit as text\n"
                                                  "  data: {query: refunds, limit: \"10\"}\n  valid: true\n")
    (f,) = tc3(run_engine("validate", cwd=project.path))
    assert f.code == "TC301" and f.severity == "error"
    assert f.file == "samples/search_docs.yaml"
    assert f.pointer == "/1/data/limit"
    assert (f.line, f.column) == (4, 33)  # the value "10", not the record
    assert 'limit must be an integer, got the string "10"' in f.message
    assert '"limit as text"' in f.message
    assert f.tool == "search_docs"
    assert f.data == {"pointer": "/limit", "keyword": "type"}


def test_inline_sample_pointer_is_inside_the_contract(project):
    project.write("contracts/search_docs.yaml", SEARCH + "samples:\n  - data: {query: a, language: jp}\n"
                                                         "    valid: true\n")
    (f,) = tc3(run_engine("validate", cwd=project.path))
    assert f.file == "contracts/search_docs.yaml"
    assert f.pointer == "/samples/0/data/language"
    assert "language must be one of: en, ja, de" in f.message


def test_recorded_call_shapes_and_pointers(project):
    project.write("contracts/search_docs.yaml", SEARCH)
    project.write("samples/search_docs.yaml", OK)
    calls = [
        {"name": "search_docs", "arguments": json.dumps({"query": "a", "limit": 0})},  # OpenAI string
        {"name": "search_docs", "input": {"query": "a", "filters": {}}},  # Anthropic
        {"name": "search_docs", "arguments": {"query": "a", "tags": ["x", 3]}},  # MCP / corpus
    ]
    project.write("samples/calls/log.jsonl", "".join(json.dumps(c) + "\n" for c in calls))
    fs = sorted(tc3(run_engine("validate", cwd=project.path)), key=lambda f: f.line)
    assert [f.code for f in fs] == ["TC301"] * 3
    # a pointer cannot point inside a JSON string: the `arguments` key, with the property named in the message
    assert fs[0].pointer == "/0/arguments" and "limit must be at least 1, got the number 0" in fs[0].message
    assert fs[1].pointer == "/1/input/filters/since" and "filters.since is required" in fs[1].message
    assert fs[2].pointer == "/2/arguments/tags/1" and "tags[1] must be a string, got the number 3" in fs[2].message
    assert all(f.message.startswith("recorded call is rejected") for f in fs)


def test_max_errors_option(project):
    project.write("toolcheck.yaml", "paths: [contracts]\nsamples: samples\nrules:\n  TC301: {max-errors: 2}\n")
    project.write("contracts/search_docs.yaml", SEARCH)
    project.write("samples/search_docs.yaml",
                  "- data: {query: 1, limit: x, language: fr, tags: 5, colour: red}\n  valid: true\n")
    fs = tc3(run_engine("validate", cwd=project.path), "TC301")
    assert len(fs) == 2
    assert fs[-1].message.endswith("(and 3 more errors in this sample)") or any(
        f.message.endswith("(and 3 more errors in this sample)") for f in fs)
    # missing and unexpected properties come first
    assert 'unexpected property "colour"' in " ".join(f.message for f in fs)


def test_invalid_sample_accepted_names_the_expectation(project):
    project.write("contracts/search_docs.yaml", SEARCH)
    project.write("samples/search_docs.yaml", OK + "- data: {query: a, limit: 5}\n  valid: false\n"
                                                  "  expect: {keyword: maximum, pointer: /limit}\n")
    (f,) = tc3(run_engine("validate", cwd=project.path))
    assert f.code == "TC302" and f.pointer == "/1/data"
    assert "expected to fail `maximum` at /limit" in f.message


def test_expect_matching_rules(project):
    project.write("contracts/search_docs.yaml", SEARCH)
    project.write("samples/search_docs.yaml", OK + "".join([
        # required: the missing property's would-be location
        "- data: {query: a, filters: {}}\n  valid: false\n  expect: {keyword: required, pointer: /filters/since}\n",
        # required: the object's own location also matches
        "- data: {}\n  valid: false\n  expect: {keyword: required, pointer: \"\"}\n",
        # unexpected property: the property's location
        "- data: {query: a, colour: red}\n  valid: false\n  expect: {keyword: additionalProperties, pointer: /colour}\n",
        # ANY error may match
        "- data: {limit: 0}\n  valid: false\n  expect: {keyword: minimum}\n",
        # pointer only; a URI-fragment pointer is accepted
        "- data: {query: a, language: fr}\n  valid: false\n  expect: {pointer: \"#/language\"}\n",
        # arguments that are not an object fail `type` at the root
        "- data: [1]\n  valid: false\n  expect: {keyword: type, pointer: \"\"}\n",
    ]))
    assert tc3(run_engine("validate", cwd=project.path)) == []


def test_wrong_reason_names_both(project):
    project.write("contracts/search_docs.yaml", SEARCH)
    project.write("samples/search_docs.yaml", OK + "- description: no query\n  data: {query: 42}\n"
                                                  "  valid: false\n  expect: {keyword: required, pointer: /query}\n")
    (f,) = tc3(run_engine("validate", cwd=project.path))
    assert f.code == "TC303" and f.pointer == "/1/expect"
    assert "expected to fail `required` at /query" in f.message
    assert "`type` at /query (query must be a string, got the number 42)" in f.message
    assert f.data["actual"] == [{"pointer": "/query", "keyword": "type"}]


def test_arguments_not_json_and_not_object(project):
    project.write("contracts/search_docs.yaml", SEARCH)
    project.write("samples/search_docs.yaml", OK)
    lines = [
        {"name": "search_docs", "arguments": '{"query": "a",}'},
        {"name": "search_docs", "arguments": '{"query": "a"'},
        {"name": "search_docs", "arguments": '{"query": "a"', "valid": False},  # refused as expected: silent
        {"name": "search_docs", "arguments": '"just text"'},
        {"name": "search_docs", "input": "query=a"},
    ]
    project.write("samples/openai.jsonl", "".join(json.dumps(x) + "\n" for x in lines))
    fs = sorted(tc3(run_engine("validate", cwd=project.path)), key=lambda f: f.line)
    assert [(f.code, f.line) for f in fs] == [("TC304", 1), ("TC304", 2), ("TC305", 4), ("TC305", 5)]
    assert "JSON syntax error at column 15" in fs[0].message
    assert "JSON syntax error at column 14" in fs[1].message
    assert 'got the string "just text"' in fs[2].message
    assert fs[3].pointer == "/4/input"


def test_unknown_tool_grouped_with_suggestion(project):
    project.write("contracts/search_docs.yaml", SEARCH)
    project.write("samples/search_doc.yaml", OK)
    project.write("samples/calls.jsonl", "".join(json.dumps({"name": "search_doc", "arguments": {}}) + "\n"
                                                 for _ in range(3)))
    fs = sorted(tc3(run_engine("validate", cwd=project.path), "TC306"), key=lambda f: f.file)
    assert len(fs) == 2
    calls, sfile = fs
    assert calls.pointer == "/0/name" and "(3 recorded calls name it)" in calls.message
    assert "did you mean `search_docs`?" in calls.message
    assert sfile.file == "samples/search_doc.yaml" and sfile.line == 1 and sfile.tool is None
    assert "did you mean `search_docs`?" in sfile.message


def test_tool_without_samples_is_info_only_for_contract_files(project):
    project.write("contracts/search_docs.yaml", SEARCH)
    project.write("contracts/get_doc.yaml", SEARCH.replace("search_docs", "get_doc"))
    project.write("samples/get_doc.yaml", "- data: {query: a}\n  valid: true\n")
    project.write("contracts/corpus.jsonl", json.dumps({"name": "other_tool", "description": "Another tool.",
                                                        "parameters": {"type": "object"}}) + "\n")
    fs = tc3(run_engine("validate", cwd=project.path))
    assert [(f.code, f.severity, f.tool, f.pointer) for f in fs] == [("TC307", "info", "search_docs", "/name")]


def test_tool_without_samples_only_where_the_project_keeps_samples(project):
    """Contracts written by `toolcheck import`, or a project that has not started replaying, get no TC307 per
    tool (judged 0 of 16 true on imported servers); one sample anywhere in the set turns it on."""
    project.write("contracts/search_docs.yaml", SEARCH)
    project.write("contracts/get_doc.yaml", SEARCH.replace("search_docs", "get_doc"))
    assert tc3(run_engine("validate", cwd=project.path)) == []
    project.write("samples/calls.jsonl", json.dumps({"name": "get_doc", "arguments": {"query": "a"}}) + "\n")
    fs = tc3(run_engine("validate", cwd=project.path))
    assert [(f.code, f.tool) for f in fs] == [("TC307", "search_docs")]


def test_lint_does_not_replay(project):
    project.write("contracts/search_docs.yaml", SEARCH)
    project.write("samples/search_docs.yaml", "- data: {query: 1}\n  valid: true\n")
    assert tc3(run_engine("lint", cwd=project.path)) == []
    assert tc3(run_engine("validate", cwd=project.path))


def test_each_code_selectable_alone(project):
    project.write("contracts/search_docs.yaml", SEARCH)
    project.write("samples/search_docs.yaml", "- data: {query: 1}\n  valid: true\n- data: {query: a}\n  valid: false\n")
    both = {f.code for f in tc3(run_engine("validate", cwd=project.path))}
    assert both == {"TC301", "TC302"}
    only = {f.code for f in tc3(run_engine("validate", cwd=project.path, ignore=["TC301"]))}
    assert only == {"TC302"}


def test_secrets_in_echoed_values_are_masked(project):
    project.write("contracts/search_docs.yaml", SEARCH)
    from toolcheck.masking import mask

    key = "AKIA" + "Q3VZ7HX2M9TB4KLW"
    assert mask(key) != key
    project.write("samples/search_docs.yaml", f"- data: {{query: a, limit: {key}}}\n  valid: true\n")
    (f,) = tc3(run_engine("validate", cwd=project.path))
    assert key not in f.message and "limit must be an integer, got the string" in f.message


def test_one_compiled_validator_per_schema(project, monkeypatch):
    import toolcheck.schemaval as sv

    calls = []
    real = sv.compile_schema

    def counting(schema, *a, **kw):
        if isinstance(schema, dict) and "query" in (schema.get("properties") or {}):
            calls.append(id(schema))
        return real(schema, *a, **kw)

    monkeypatch.setattr(sv, "compile_schema", counting)
    project.write("contracts/search_docs.yaml", SEARCH)
    project.write("samples/search_docs.yaml", OK * 5 + "- data: {}\n  valid: false\n")
    project.write("samples/calls.jsonl", json.dumps({"name": "search_docs", "input": {"query": "x"}}) + "\n")
    run_engine("validate", cwd=project.path, select=["TC3"])
    assert len(calls) == 1


def test_uncompilable_schema_is_skipped_quietly(project):
    project.write("contracts/search_docs.yaml", SEARCH.replace("description: Words to search for.",
                                                              "pattern: \"(\", description: Words."))
    project.write("samples/search_docs.yaml", "- data: {query: 1}\n  valid: true\n")
    assert tc3(run_engine("validate", cwd=project.path, select=["TC3"])) == []


def test_hostile_pattern_is_bounded():
    """`(a+)+$` against 50,000 characters: python-jsonschema (Python `re`) needs seconds at 27 characters;
    jsonschema-rs matches it with a linear-time engine. Bounded, not timed: it must simply complete."""
    from toolcheck.host import check_arguments

    schema = {"type": "object", "properties": {"tag": {"type": "string", "pattern": "(a+)+$"}}}
    assert check_arguments(schema, {"tag": "a" * 50_000}) == {"ok": True}
    bad = check_arguments(schema, {"tag": "a" * 50_000 + "!"})
    (err,) = bad["error"]["errors"]
    assert err["keyword"] == "pattern" and "must match the pattern (a+)+$" in err["message"]
    assert "aaaa" not in err["message"]  # a long value is never echoed


def test_backreference_pattern_hits_the_step_limit_not_a_hang():
    """Backreferences need a backtracking engine: jsonschema-rs (fancy-regex) bounds it with a step limit."""
    from toolcheck.host import check_arguments

    schema = {"type": "object", "properties": {"tag": {"type": "string", "pattern": r"^(a|a)*\1b$"}}}
    res = check_arguments(schema, {"tag": "a" * 50_000})
    assert res["ok"] is False
    assert "backtracking limit" in res["error"]["errors"][0]["message"]


def test_bundled_samples_replay_clean():
    if not (ROOT / "contracts").is_dir() or not (ROOT / "samples").is_dir():
        pytest.skip("the bundled contracts and samples are not there")
    result = run_engine("validate", cwd=ROOT, select=["TC3"])
    assert [f"{f.file}:{f.line} {f.code} {f.message}" for f in result.findings] == []
    assert result.samples and all(s.contract is not None for s in result.samples)


# what a replay says about one sample (rejected, accepted, wrong reason, not JSON, not an object, unknown tool);
# other TC3 rules judge samples that replay fine
REPLAY_VERDICTS = ("TC301", "TC302", "TC303", "TC304", "TC305", "TC306")


@needs_corpus
def test_corpus_published_samples_all_pass(tmp_path, capsys):
    (tmp_path / "samples").mkdir()
    src = CORPUS / "samples.jsonl"
    try:
        os.symlink(src, tmp_path / "samples" / "samples.jsonl")
    except OSError:
        (tmp_path / "samples" / "samples.jsonl").write_bytes(src.read_bytes())
    (tmp_path / "toolcheck.yaml").write_text(f"paths: [{json.dumps(str(CORPUS / 'tools.jsonl'))}]\nsamples: samples\n",
                                             encoding="utf-8")
    t0 = time.perf_counter()
    result = run_engine("validate", cwd=tmp_path, select=list(REPLAY_VERDICTS))
    elapsed = time.perf_counter() - t0
    assert len(result.samples) == 4892
    assert all(s.contract is not None for s in result.samples)
    assert [f for f in result.findings if f.code in REPLAY_VERDICTS] == []
    with capsys.disabled():
        print(f"\n[corpus A] load + replay of {len(result.samples)} published samples: {elapsed:.2f} s")


@needs_corpus
def test_corpus_published_example_calls_that_pass_undeclared_arguments(tmp_path):
    """TC308 on real input: corpus A's published example calls (tooluniverse 1.5.7) pass arguments their schemas
    never declare; each of the 30 was checked by hand."""
    from collections import Counter

    (tmp_path / "samples").mkdir()
    (tmp_path / "samples" / "samples.jsonl").write_bytes((CORPUS / "samples.jsonl").read_bytes())
    (tmp_path / "toolcheck.yaml").write_text(f"paths: [{json.dumps(str(CORPUS / 'tools.jsonl'))}]\nsamples: samples\n",
                                             encoding="utf-8")
    found = run_engine("validate", cwd=tmp_path, select=["TC308"]).findings
    assert Counter(f.data["property"] for f in found) == {"operation": 18, "expected_output_type": 5,
                                                         "description": 5, "size": 2}
    assert all(f.file == "samples/samples.jsonl" and f.severity == "warning" for f in found)
    first = next(f for f in found if f.tool == "ARCHS4_get_gene_expression")
    assert first.message == "recorded call passes `operation`, which `parameters` does not declare"
    assert first.pointer.endswith("/arguments/operation") and first.line is not None
