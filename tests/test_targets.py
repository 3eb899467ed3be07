"""TC2 vendor targets: the rules as data, the checks (as written and as exported) and the export transforms."""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from toolcheck.vendors import export_tool, parse_target
from toolcheck.vendors.rules import (
    DEFAULT_KEYWORD,
    DESCRIPTION_LIMITS,
    FORMATS,
    KEYWORDS,
    NAME_COLLISION,
    NAME_RULES,
    OPENAI_STRICT_LIMITS,
    ROOT_OBJECT,
    ROOT_UNION,
    STRICT_BUDGETS,
    TOOL_LIMITS,
)
from toolcheck.vendors.sources import SOURCES, url_for
from toolcheck.vendors.targets import MCP_LATEST

from .conftest import CORPUS, ROOT, needs_corpus, run_engine, run_json

ALL = ["openai", "openai-strict", "anthropic", "anthropic-strict", "gemini", "gemini-json-schema", "mcp",
       "mcp@2025-06-18", "mcp@2025-11-25", "bedrock"]


def _write(project, rel: str, text: str) -> None:
    project.write(rel, text)


def _tc2(result, code: str | None = None):
    return [f for f in result.findings if f.code.startswith("TC2") and (code is None or f.code == code)]


def _contract(**params):
    return {"name": "get_weather", "description": "Get the weather.", **params}


# ------------------------------------------------------------------------------------------------ data


def _all_rule_ids() -> set[str]:
    ids = set()
    for rules in NAME_RULES.values():
        ids.update(r.rule for r in rules)
    for table in KEYWORDS.values():
        ids.update(k.rule for k in table.values())
    ids.update(k.rule for k in DEFAULT_KEYWORD.values())
    ids.update(v[0] for v in FORMATS.values())
    ids.update(v[0] for v in ROOT_OBJECT.values())
    ids.update(v[0] for v in ROOT_UNION.values())
    ids.update(v.rule for v in OPENAI_STRICT_LIMITS.values())
    ids.update(v.rule for v in TOOL_LIMITS)
    ids.update(v.rule for v in STRICT_BUDGETS.values())
    ids.update(v[0] for v in NAME_COLLISION.values())
    ids.update(v.rule for v in DESCRIPTION_LIMITS.values())
    return ids


def test_every_rule_has_a_source_with_url_and_date():
    ids = _all_rule_ids()
    src = Path(ROOT / "toolcheck" / "vendors").glob("*.py")
    src = [*src, *(ROOT / "toolcheck" / "rules" / "tc2_targets").glob("*.py")]
    text = "".join(p.read_text("utf-8") for p in src)
    ids |= set(re.findall(r'"((?:OAI|ANT|GEM|MCP|BRK)-[A-Z]+-\d{3}b?)"', text))
    missing = sorted(i for i in ids if i not in SOURCES)
    assert not missing, missing
    for i in ids:
        s = SOURCES[i]
        assert s.url.startswith("https://"), i
        assert s.date and s.section.startswith("§"), i
    assert url_for("MCP-TOOL-002", "2025-06-18") == \
        "https://modelcontextprotocol.io/specification/2025-06-18/server/tools"


# the reference's §7 (uncertain or version-dependent): these rules must default to `warning`
UNCERTAIN = {"OAI-LIM-001", "OAI-LIM-002", "OAI-LIM-003", "OAI-LIM-004", "OAI-LIM-005", "OAI-KW-006",
             "OAI-STRICT-013", "OAI-KW-002", "OAI-DESC-001", "ANT-NAME-002", "ANT-SCHEMA-003", "GEM-NAME-002",
             "GEM-SCH-005", "GEM-JS-002"}
# GEM-TOOLS-001 (512 function declarations) is an error: the cap only ever rose (64 -> 128 -> 512), so a set
# past 512 is rejected by every documented version, and TC213 has one severity (issue 17).


def test_uncertain_rules_default_to_warning():
    sev: dict[str, set[str]] = {}
    for rules in NAME_RULES.values():
        for r in rules:
            sev.setdefault(r.rule, set()).add(r.severity)
    for table in KEYWORDS.values():
        for k in table.values():
            sev.setdefault(k.rule, set()).add(k.severity)
    for v in ROOT_UNION.values():
        sev.setdefault(v[0], set()).add(v[1])
    for v in OPENAI_STRICT_LIMITS.values():
        sev.setdefault(v.rule, set()).add(v.severity)
    for v in TOOL_LIMITS:
        sev.setdefault(v.rule, set()).add(v.severity)
    for v in DESCRIPTION_LIMITS.values():
        sev.setdefault(v.rule, set()).add(v.severity)
    for rid in UNCERTAIN:
        assert sev.get(rid) == {"warning"}, (rid, sev.get(rid))


def test_parse_target():
    assert parse_target("mcp") == ("mcp", MCP_LATEST)
    assert parse_target("mcp@2025-06-18") == ("mcp", "2025-06-18")
    assert parse_target("mcp@2025-12-01") == ("mcp", "2025-11-25")  # not bundled: the newest before it
    assert parse_target("mcp@2024-11-05") == ("mcp", "2025-06-18")
    assert parse_target("openai-strict") == ("openai-strict", None)


# ------------------------------------------------------------------------------------------------ rules on the
# examples vendor-rules.md quotes

GUIDE_GET_WEATHER = """\
name: get_weather
description: Retrieves current weather for the given location.
targets: [openai-strict]
parameters:
  type: object
  properties:
    location: {type: string, description: City and country e.g. Bogotá, Colombia}
    units: {type: [string, "null"], enum: [celsius, fahrenheit], description: Units the temperature will be returned in.}
  required: [location, units]
  additionalProperties: false
"""


def test_openai_strict_guide_example_is_clean(project):
    _write(project, "contracts/get_weather.yaml", GUIDE_GET_WEATHER)
    assert _tc2(run_engine("validate", cwd=project.path)) == []


def test_openai_strict_without_additional_properties_false(project):
    _write(project, "contracts/get_weather.yaml", GUIDE_GET_WEATHER.replace("  additionalProperties: false\n", ""))
    fs = _tc2(run_engine("validate", cwd=project.path))
    assert [(f.code, f.pointer, f.severity, f.target) for f in fs] == [
        ("TC206", "/parameters", "error", "openai-strict")]
    f = fs[0]
    assert "additionalProperties: false" in f.message and "`openai-strict`" in f.message
    assert f.fixable is True and "toolcheck export --target openai-strict" in f.help
    assert f.url == SOURCES["OAI-STRICT-003"].url
    assert "\n" not in f.help


def test_openai_strict_optional_property_named(project):
    _write(project, "contracts/get_weather.yaml", GUIDE_GET_WEATHER.replace("[location, units]", "[location]"))
    fs = _tc2(run_engine("validate", cwd=project.path), "TC207")
    assert len(fs) == 1 and "`units` is optional" in fs[0].message
    assert fs[0].pointer == "/parameters/required" and fs[0].fixable is True


@pytest.mark.parametrize("name,ok", [("a" * 64, True), ("a" * 65, False), ("get-weather_2", True),
                                     ("get.weather", False), ("get weather", False)])
def test_openai_name_pattern_and_length(project, name, ok):
    _write(project, "contracts/t.yaml", f"name: '{name}'\ndescription: Get it.\ntargets: [openai]\n"
                                        "parameters: {type: object, properties: {}}\n")
    fs = _tc2(run_engine("validate", cwd=project.path), "TC201")
    assert (not fs) == ok, [f.message for f in fs]
    if not ok:
        assert fs[0].severity == "error" and fs[0].pointer == "/name"


# an older surface's stricter rule is TC218's warning; what every surface rejects is TC201's error
@pytest.mark.parametrize("name,expect", [("a" * 64, None), ("a" * 65, "TC218 warning"), ("a" * 128, "TC218 warning"),
                                         ("a" * 129, "TC201 error"), ("a.b", "TC201 error")])
def test_anthropic_name_128_and_older_64(project, name, expect):
    _write(project, "contracts/t.yaml", f"name: '{name}'\ndescription: Get it.\ntargets: [anthropic]\n"
                                        "parameters: {type: object, properties: {}}\n")
    fs = _tc2(run_engine("validate", cwd=project.path))
    assert [f"{f.code} {f.severity}" for f in fs] == ([expect] if expect else [])


@pytest.mark.parametrize("name,expect", [("_private.tool", None), ("ns:tool", "TC218 warning"),
                                         ("9lives", "TC201 error"), ("a" * 70, "TC218 warning"),
                                         ("a" * 129, "TC201 error")])
def test_gemini_names(project, name, expect):
    _write(project, "contracts/t.yaml", f"name: '{name}'\ndescription: Get it.\ntargets: [gemini]\n"
                                        "parameters: {type: object, properties: {}}\n")
    fs = _tc2(run_engine("validate", cwd=project.path))
    assert [f"{f.code} {f.severity}" for f in fs] == ([expect] if expect else [])


def test_one_finding_per_target_with_the_problem(project):
    # each target is a rule of its own: one finding per (problem, target), whose message, severity, url and
    # `target` are that target's (a finding naming several targets carried only one in `target`)
    _write(project, "contracts/t.yaml", "name: math.sum\ndescription: Add numbers.\n"
                                        "targets: [openai, openai-strict, anthropic, bedrock, gemini, mcp]\n"
                                        "parameters: {type: object, properties: {}}\n")
    fs = _tc2(run_engine("validate", cwd=project.path), "TC201")
    assert sorted(f.target for f in fs) == ["anthropic", "bedrock", "openai", "openai-strict"]
    for f in fs:
        assert f.message.count("(`") == 1 and f"(`{f.target}`) rejects the tool name" in f.message, f.message
        assert f.severity == "error"


def test_tc204_one_finding_per_problem_and_target_with_that_targets_severity(project):
    # `patternProperties`: an error for OpenAI strict mode (TC204), a warning for Gemini `parametersJsonSchema`,
    # which may ignore it (TC220): one finding per target, each under its severity's code
    _write(project, "contracts/t.yaml", "name: tag_items\ndescription: Tag the items. Use it to tag.\n"
                                        "targets: [openai-strict, gemini-json-schema]\nrisk: read_only\n"
                                        "parameters: {type: object, additionalProperties: false, required: [m], "
                                        "properties: {m: {type: object, additionalProperties: false, "
                                        "patternProperties: {'^x': {type: string}}, description: M.}}}\n")
    fs = [f for f in _tc2(run_engine("validate", cwd=project.path))
          if f.pointer.endswith("/patternProperties")]
    by_target = {f.target: f for f in fs}
    assert len(fs) == len(by_target) == 2, [(f.target, f.message) for f in fs]
    assert (by_target["openai-strict"].code, by_target["openai-strict"].severity) == ("TC204", "error")
    assert (by_target["gemini-json-schema"].code, by_target["gemini-json-schema"].severity) == ("TC220", "warning")
    assert "(`gemini-json-schema`)" in by_target["gemini-json-schema"].message
    assert "openai" not in by_target["gemini-json-schema"].message
    assert "(`openai-strict`)" in by_target["openai-strict"].message
    assert "gemini" not in by_target["openai-strict"].message


@pytest.mark.parametrize("n,expect", [(1024, None), (1025, "warning")])
def test_openai_description_1024(project, n, expect):
    _write(project, "contracts/t.yaml", f"name: t\ndescription: '{'x' * n}'\ntargets: [openai]\n"
                                        "parameters: {type: object, properties: {}}\n")
    fs = _tc2(run_engine("validate", cwd=project.path), "TC202")
    assert [f.severity for f in fs] == ([expect] if expect else [])


def _tools(n: int, target: str, params: str = "{type: object, additionalProperties: false}") -> str:
    return "tools:\n" + "".join(f"  - {{name: t{i}, description: Tool {i}., targets: [{target}], "
                                f"parameters: {params}}}\n" for i in range(n))


@pytest.mark.parametrize("target,limit,severity", [("openai", 128, "error"), ("anthropic-strict", 20, "error"),
                                                   ("gemini", 512, "error")])
def test_tool_count_limits(project, target, limit, severity):
    _write(project, "contracts/a.yaml", _tools(limit, target))
    assert not _tc2(run_engine("validate", cwd=project.path), "TC213")
    _write(project, "contracts/a.yaml", _tools(limit + 1, target))
    fs = _tc2(run_engine("validate", cwd=project.path), "TC213")
    assert [(f.severity, f.pointer, f.target) for f in fs] == [(severity, f"/tools/{limit}/name", target)]
    assert f"at most {limit}" in fs[0].message


def test_openai_advice_of_fewer_than_20_functions_is_its_own_opt_in_code(project):
    """OpenAI's "fewer than 20 functions" is soft advice (judged on published servers: 3 of 9 acted on), so it is
    TC217, info and opt-in; TC213 keeps one severity (error) for the limits a request is rejected over."""
    _write(project, "contracts/a.yaml", _tools(21, "openai"))
    assert not [f for f in run_engine("validate", cwd=project.path).findings if f.code in ("TC213", "TC217")]
    _write(project, "contracts/a.yaml", _tools(20, "openai"))
    assert not _tc2(run_engine("validate", cwd=project.path, extend_select=["TC217"]), "TC217")
    _write(project, "contracts/a.yaml", _tools(21, "openai"))
    fs = _tc2(run_engine("validate", cwd=project.path, extend_select=["TC217"]), "TC217")
    assert [(f.severity, f.pointer, f.target) for f in fs] == [("info", "/tools/20/name", "openai")]
    assert "fewer than 20 functions" in fs[0].message and "soft suggestion" in fs[0].message
    assert fs[0].url == "https://platform.openai.com/docs/guides/function-calling"
    _write(project, "contracts/a.yaml", _tools(129, "openai"))  # past the hard limit: only TC213 says so
    fs = [f for f in run_engine("validate", cwd=project.path, extend_select=["TC217"]).findings
          if f.code in ("TC213", "TC217")]
    assert [(f.code, f.severity) for f in fs] == [("TC213", "error")]


def _functions(n: int) -> list[dict]:
    return [{"name": f"f{i}", "description": f"Function {i}.", "parameters": {"type": "object", "properties": {}}}
            for i in range(n)]


def test_a_catalogue_over_a_tool_limit_is_its_own_warning_code(project):
    """Issue 17: a request payload over a limit is rejected whole (TC213, error); a bare list of definitions is a
    catalogue a host may load in part, so the same count is TC226's warning (opt-in), and never both."""
    chat = [{"type": "function", "function": f} for f in _functions(129)]
    _write(project, "contracts/request.json", json.dumps({"model": "gpt-4.1", "tools": chat}))
    fs = [f for f in run_engine("validate", cwd=project.path, extend_select=["TC226"]).findings
          if f.code in ("TC213", "TC226")]
    assert [(f.code, f.severity, f.pointer, f.target) for f in fs] == [
        ("TC213", "error", "/tools/128/function/name", "openai")]
    project.path.joinpath("contracts/request.json").unlink()
    _write(project, "contracts/catalogue.json", json.dumps(_functions(129)))
    fs = [f for f in run_engine("validate", cwd=project.path, extend_select=["TC217", "TC226"]).findings
          if f.code in ("TC213", "TC217", "TC226")]
    assert [(f.code, f.severity, f.pointer, f.target) for f in fs] == [("TC226", "warning", "/128/name", "openai")]
    assert fs[0].message.startswith("this file lists 129 tools; a request with all of them is rejected by OpenAI")
    assert "send at most 128 at a time" in fs[0].message
    _write(project, "contracts/catalogue.json", json.dumps(_functions(128)))
    assert not _tc2(run_engine("validate", cwd=project.path, extend_select=["TC226"]), "TC226")
    # JSON Lines records group by `source`, which the message names
    _write(project, "contracts/corpus.jsonl", "".join(json.dumps({**f, "source": "pkg@1:tools.json"}) + "\n"
                                                      for f in _functions(129)))
    assert not _tc2(run_engine("validate", cwd=project.path), "TC226")  # opt-in: off by default
    (f,) = _tc2(run_engine("validate", cwd=project.path, extend_select=["TC226"]), "TC226")
    assert f.file == "contracts/corpus.jsonl" and f.pointer == "/128/name"
    assert "this file lists 129 tools from `pkg@1:tools.json`" in f.message
    assert not _tc2(run_engine("validate", cwd=project.path), "TC213")


def test_anthropic_strict_budgets_sum_over_tools(project):
    props12 = ", ".join(f"p{i}: {{type: string}}" for i in range(12))
    one = "{type: object, additionalProperties: false, properties: {" + props12 + "}}"
    _write(project, "contracts/a.yaml", _tools(2, "anthropic-strict", one))
    assert not _tc2(run_engine("validate", cwd=project.path), "TC214")  # 24 optional: at the limit
    _write(project, "contracts/a.yaml", _tools(3, "anthropic-strict", one))
    fs = _tc2(run_engine("validate", cwd=project.path), "TC214")
    assert len(fs) == 1 and fs[0].severity == "error" and "at most 24 optional" in fs[0].message
    assert fs[0].pointer == "/tools/2/parameters/properties/p0"
    props25 = ", ".join(f"p{i}: {{type: string}}" for i in range(25))
    nested = ("{type: object, additionalProperties: false, required: [o], properties: {o: {type: object, "
              "additionalProperties: false, properties: {" + props25 + "}}}}")
    _write(project, "contracts/a.yaml", _tools(1, "anthropic-strict", nested))
    assert not _tc2(run_engine("validate", cwd=project.path), "TC214")
    fs = _tc2(run_engine("validate", cwd=project.path), "TC224")
    assert [f.severity for f in fs] == ["warning"]  # counting nested properties is unspecified (§7.6): TC224


def test_case_collision_per_target(project):
    _write(project, "contracts/a.yaml", "tools:\n"
           "  - {name: getGift, description: Get a gift., targets: [openai], parameters: {type: object}}\n"
           "  - {name: getgift, description: Get a gift too., targets: [openai], parameters: {type: object}}\n")
    fs = _tc2(run_engine("validate", cwd=project.path), "TC215")
    assert len(fs) == 1 and fs[0].related and fs[0].related[0]["tool"] == "getGift"


# ------------------------------------------------------------------------------------------------ as-is vs export

RAW_STRICT = """\
name: search_gifts
description: Search the gift catalogue.
targets: [openai-strict, anthropic-strict]
parameters:
  type: object
  required: [query]
  properties:
    query: {type: string, description: Words to search for.}
    max_price: {type: number, maximum: 500, description: Highest price.}
    filters:
      type: object
      properties:
        colour: {type: string}
"""


def test_raw_strict_violation_is_fixable_and_gone_under_ship_export(project):
    from toolcheck.cli import Ship

    _write(project, "contracts/search_gifts.yaml", RAW_STRICT)
    raw = _tc2(run_engine("validate", cwd=project.path))
    strict = [f for f in raw if f.code in ("TC206", "TC207")]
    assert strict and all(f.fixable is True for f in strict)
    assert {f.code for f in raw} >= {"TC204", "TC206", "TC207"}
    assert all("toolcheck export --target" in f.help for f in raw if f.fixable)

    out = _tc2(run_engine("validate", cwd=project.path, ship=Ship.export))
    assert not [f for f in out if f.code in ("TC206", "TC207")]
    assert [(f.code, f.severity, f.pointer, f.target) for f in out] == [
        ("TC225", "warning", "/parameters/properties/max_price/maximum", "anthropic-strict")]
    msg = out[0].message
    assert "the model no longer sees `maximum: 500`; only the host's validation enforces it" in msg
    assert out[0].fixable is None and out[0].line == 9


def test_ship_export_from_config_file(project):
    _write(project, "contracts/search_gifts.yaml", RAW_STRICT)
    project.write("toolcheck.yaml", "paths: [contracts]\nsamples: samples\nship: export\n")
    out = _tc2(run_engine("validate", cwd=project.path))
    assert [f.code for f in out] == ["TC225"]


def test_export_cannot_express_free_form_object_is_error(project):
    from toolcheck.cli import Ship

    _write(project, "contracts/t.yaml", "name: tag\ndescription: Tag it.\ntargets: [openai-strict]\n"
                                        "parameters:\n  type: object\n  additionalProperties: false\n  required: [meta]\n  properties:\n"
                                        "    meta: {type: object, additionalProperties: {type: string}}\n")
    for ship in (None, Ship.export):
        fs = _tc2(run_engine("validate", cwd=project.path, ship=ship), "TC206")
        assert [(f.severity, f.pointer) for f in fs] == [
            ("error", "/parameters/properties/meta/additionalProperties")]
        assert "free-form" in fs[0].message
        assert fs[0].fixable is (False if ship is None else None)


def test_export_pointers_map_back_through_inlined_refs(project):
    from toolcheck.cli import Ship

    _write(project, "contracts/t.yaml", """\
name: set_address
description: Set the address.
targets: [anthropic-strict]
parameters:
  type: object
  additionalProperties: false
  required: [address]
  properties:
    address: {$ref: "#/$defs/address"}
  allOf:
    - {required: [address]}
  $defs:
    address:
      type: object
      additionalProperties: false
      properties:
        zip: {type: string, maxLength: 10}
""")
    fs = _tc2(run_engine("validate", cwd=project.path, ship=Ship.export), "TC225")
    assert [f.pointer for f in fs] == ["/parameters/$defs/address/properties/zip/maxLength"]


def test_json_output_fields(project):
    _write(project, "contracts/t.yaml", RAW_STRICT)
    code, data = run_json("validate", "--select", "TC2", cwd=project.path)
    assert code == 1
    assert data["summary"]["targets"] == ["openai-strict", "anthropic-strict"]
    f = next(x for x in data["findings"] if x["code"] == "TC204")
    assert f["target"] == "anthropic-strict" and f["fixable"] is True
    assert f["pointer"] == "/parameters/properties/max_price/maximum" and f["line"] == 9
    assert f["url"].startswith("https://")


def test_target_option_overrides_contract_targets(project):
    _write(project, "contracts/t.yaml", GUIDE_GET_WEATHER)
    r = run_engine("validate", cwd=project.path, target=["gemini"])
    assert r.targets == ["gemini"]
    assert {f.target for f in _tc2(r)} <= {"gemini"}


def test_strict_jsonl_record_is_checked_against_strict_target(project):
    rec = {"name": "f", "description": "F.", "strict": True,
           "parameters": {"type": "object", "properties": {"a": {"type": "string"}}}}
    project.write("contracts/tools.jsonl", json.dumps(rec) + "\n")
    fs = _tc2(run_engine("validate", cwd=project.path))
    assert {f.code for f in fs} >= {"TC206", "TC207"}


def test_unenforced_keywords_option(project):
    body = ("name: t\ndescription: T.\ntargets: [gemini-json-schema]\nparameters:\n  type: object\n"
            "  properties:\n    code: {type: string, pattern: '^[a-z]+$', minLength: 2}\n")
    _write(project, "contracts/t.yaml", body)
    assert not _tc2(run_engine("validate", cwd=project.path))
    # the findings are TC220's warnings; the option works under TC220 and, as before TC220 existed, TC204
    for code in ("TC220", "TC204"):
        project.write("toolcheck.yaml", f"paths: [contracts]\nrules:\n  {code}:\n    unenforced-keywords: true\n")
        fs = _tc2(run_engine("validate", cwd=project.path))
        assert sorted((f.code, f.pointer.rsplit("/", 1)[1]) for f in fs) == [("TC220", "minLength"),
                                                                              ("TC220", "pattern")]


def test_hostile_values_do_not_crash(project):
    _write(project, "contracts/a.yaml", """\
tools:
  - {name: a, description: A., targets: [all], parameters: "not a schema"}
  - {name: b, description: B., targets: [all], parameters: {type: 5, properties: [x, y], required: 7}}
  - {name: c, description: C., targets: [all], parameters: {type: object, properties: {x: {$ref: "#"}},
      anyOf: 3, enum: {a: 1}, format: 9, minItems: true, allOf: [1, 2], $defs: {d: {$ref: "#/$defs/d"}}}}
  - {name: d, description: D., targets: [all], parameters: {$ref: "#/$defs/x", $defs: {x: {$ref: "#/$defs/y"},
      y: {$ref: "#/$defs/x"}}}}
  - {name: e, description: E., targets: [all], parameters: {type: object, properties: {x: true, y: false}},
      returns: [1]}
""")
    from toolcheck.cli import Ship

    for ship in (None, Ship.export):
        r = run_engine("validate", cwd=project.path, ship=ship)
        assert r.findings is not None


# ------------------------------------------------------------------------------------------------ transforms

def _schema(payload: dict, target: str):
    base = parse_target(target)[0]
    if base.startswith("openai"):
        return payload["function"]["parameters"]
    if base.startswith("anthropic"):
        return payload["input_schema"]
    if base == "gemini":
        return payload.get("parameters")
    if base == "gemini-json-schema":
        return payload["parametersJsonSchema"]
    if base == "mcp":
        return payload["inputSchema"]
    return payload["toolSpec"]["inputSchema"]["json"]


WEATHER = _contract(parameters={
    "type": "object",
    "required": ["location"],
    "properties": {
        "location": {"type": "string", "minLength": 1},
        "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
        "days": {"type": "integer", "minimum": 1, "maximum": 7, "exclusiveMinimum": 0},
        "mode": {"const": "fast"},
        "note": {"type": ["string", "null"]},
        "at": {"type": "string", "format": "uri"},
    },
})


@pytest.mark.parametrize("target", ALL)
def test_export_never_mutates_the_contract(target):
    c = copy.deepcopy(WEATHER)
    export_tool(c, target)
    assert c == WEATHER


def test_envelopes():
    p, _ = export_tool(WEATHER, "openai")
    assert p["type"] == "function" and set(p["function"]) == {"name", "description", "parameters"}
    assert p["function"]["parameters"] == WEATHER["parameters"]
    p, _ = export_tool(WEATHER, "openai-strict")
    assert p["function"]["strict"] is True
    p, _ = export_tool(WEATHER, "anthropic")
    assert set(p) == {"name", "description", "input_schema"}
    p, _ = export_tool(WEATHER, "anthropic-strict")
    assert p["strict"] is True
    p, _ = export_tool(WEATHER, "gemini")
    assert set(p) == {"name", "description", "parameters"}
    p, _ = export_tool(WEATHER, "gemini-json-schema")
    assert set(p) == {"name", "description", "parametersJsonSchema"}
    p, _ = export_tool(WEATHER, "bedrock")
    assert set(p["toolSpec"]) == {"name", "description", "inputSchema"} and "json" in p["toolSpec"]["inputSchema"]
    p, _ = export_tool({**WEATHER, "description": ""}, "bedrock")
    assert "description" not in p["toolSpec"]  # BRK-DESC-001: at least one character when present
    with pytest.raises(ValueError):
        export_tool(WEATHER, "cohere")


def test_export_accepts_a_contract_object(project):
    _write(project, "contracts/get_weather.yaml", GUIDE_GET_WEATHER)
    r = run_engine("validate", cwd=project.path)
    p, notes = export_tool(r.contracts[0], "openai-strict")
    assert p["function"]["parameters"]["additionalProperties"] is False and notes == []


def _objects(schema):
    from toolcheck.vendors.schemas import walk

    return [n.schema for n in walk(schema) if n.obj]


def test_openai_strict_transform():
    p, notes = export_tool(WEATHER, "openai-strict")
    s = p["function"]["parameters"]
    assert all(o.get("additionalProperties") is False for o in _objects(s))
    assert s["required"] == list(s["properties"])
    props = s["properties"]
    assert props["unit"] == {"type": ["string", "null"], "enum": ["celsius", "fahrenheit", None]}
    assert props["days"]["type"] == ["integer", "null"]
    assert props["mode"] == {"enum": ["fast", None]}
    assert props["note"]["type"] == ["string", "null"]
    assert "format" not in props["at"] and "minLength" not in props["location"]
    warn = {n.pointer: n for n in notes if n.severity == "warning"}
    assert set(warn) == {"/parameters/properties/at/format", "/parameters/properties/location/minLength"}
    assert all(n.rule in ("keyword-not-supported-by-target", "value-not-supported-by-target") for n in warn.values())
    info = [n for n in notes if n.severity == "info"]
    assert {n.pointer for n in info} >= {"/parameters/properties/unit", "/parameters/properties/days"}


def test_openai_strict_no_arguments_and_nested_rewrites():
    p, _ = export_tool(_contract(), "openai-strict")
    assert p["function"]["parameters"] == {"type": "object", "properties": {}, "additionalProperties": False,
                                           "required": []}
    c = _contract(parameters={
        "type": "object", "required": ["pet", "addr"],
        "properties": {
            "pet": {"oneOf": [{"type": "object", "required": ["meow"], "properties": {"meow": {"type": "boolean"}}},
                              {"type": "object", "required": ["bark"], "properties": {"bark": {"type": "boolean"}}}]},
            "addr": {"$ref": "#/$defs/addr", "description": "Where to."},
            "both": {"allOf": [{"type": "object", "properties": {"a": {"type": "string"}}},
                               {"properties": {"b": {"type": "string"}}, "required": ["b"]}]},
        },
        "$defs": {"addr": {"type": "object", "properties": {"zip": {"type": "string"}}, "required": ["zip"]}},
    })
    s = export_tool(c, "openai-strict")[0]["function"]["parameters"]
    assert "anyOf" in s["properties"]["pet"] and "oneOf" not in s["properties"]["pet"]
    addr = s["properties"]["addr"]
    assert "$ref" not in addr and addr["description"] == "Where to." and addr["properties"]["zip"] == {"type": "string"}
    both = s["properties"]["both"]
    assert "allOf" not in both and set(both["properties"]) == {"a", "b"} and both["required"] == ["a", "b"]
    assert all(o.get("additionalProperties") is False for o in _objects(s))


def test_openai_strict_keeps_recursive_ref_and_wraps_nullable():
    c = _contract(parameters={"type": "object", "properties": {
        "label": {"type": "string"}, "child": {"$ref": "#"}}})
    s = export_tool(c, "openai-strict")[0]["function"]["parameters"]
    assert s["properties"]["child"] == {"anyOf": [{"$ref": "#"}, {"type": "null"}]}


def test_anthropic_strict_drops_constraints_with_notes():
    c = _contract(parameters={"type": "object", "properties": {
        "n": {"type": "integer", "minimum": 1, "maximum": 500, "multipleOf": 5},
        "s": {"type": "string", "minLength": 2, "maxLength": 9, "format": "uri", "pattern": "^(a)\\1$"},
        "l": {"type": "array", "items": {"type": "string"}, "minItems": 3, "maxItems": 9},
        "o": {"type": "object", "additionalProperties": True, "properties": {"k": {"type": "string"}}},
    }})
    p, notes = export_tool(c, "anthropic-strict")
    props = p["input_schema"]["properties"]
    assert props["n"] == {"type": "integer"}
    assert props["s"] == {"type": "string", "format": "uri"}  # uri is on Anthropic's list
    assert props["l"] == {"type": "array", "items": {"type": "string"}, "minItems": 1}
    assert props["o"]["additionalProperties"] is False
    assert p["input_schema"]["additionalProperties"] is False
    warns = {n.pointer.rsplit("/", 1)[-1]: n.message for n in notes if n.severity == "warning"}
    assert set(warns) >= {"minimum", "maximum", "multipleOf", "minLength", "maxLength", "pattern", "minItems",
                          "maxItems", "additionalProperties"}
    assert "the model no longer sees `maximum: 500`" in warns["maximum"]
    assert "keys other than `k`" in warns["additionalProperties"]


def test_gemini_transform():
    c = _contract(parameters={
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object", "additionalProperties": False,
        "properties": {
            "mode": {"type": "string", "const": "fast"},
            "note": {"type": ["string", "null"], "description": "A note."},
            "pick": {"anyOf": [{"type": "string"}, {"type": "null"}], "description": "Pick."},
            "size": {"description": "Size.", "anyOf": [{"type": "integer"}, {"type": "string"}]},
            "level": {"type": "integer", "enum": [1, 2, 3]},
            "count": {"type": "integer", "exclusiveMinimum": 0, "examples": [3, 4]},
            "addr": {"$ref": "#/definitions/addr"},
            "free": {"enum": ["a", "b"]},
        },
        "definitions": {"addr": {"type": "object", "properties": {"zip": {"type": "string"}}}},
    })
    p, notes = export_tool(c, "gemini")
    s = p["parameters"]
    assert "$schema" not in s and "additionalProperties" not in s and "definitions" not in s and "$defs" not in s
    props = s["properties"]
    assert props["mode"] == {"type": "string", "enum": ["fast"]}
    assert props["note"] == {"type": "string", "nullable": True, "description": "A note."}
    assert props["pick"] == {"type": "string", "nullable": True, "description": "Pick."}
    assert props["size"] == {"anyOf": [{"type": "integer", "description": "Size."},
                                       {"type": "string", "description": "Size."}]}
    assert props["level"] == {"type": "integer", "enum": ["1", "2", "3"], "format": "enum"}
    assert props["count"] == {"type": "integer", "minimum": 1, "example": 3}
    assert props["addr"] == {"type": "object", "properties": {"zip": {"type": "string"}}}
    assert props["free"] == {"enum": ["a", "b"], "type": "string"}
    assert not [n for n in notes if n.severity == "warning"]
    # no arguments: `parameters` left unset (GEM-PARAM-004)
    assert "parameters" not in export_tool(_contract(parameters={"type": "object", "properties": {}}), "gemini")[0]


def test_gemini_json_schema_transform():
    c = _contract(parameters={
        "type": "object",
        "properties": {"mode": {"const": "fast"}, "a": {"$ref": "#/definitions/n"},
                       "flag": {"enum": ["x", True]}},
        "definitions": {"n": {"type": "object", "properties": {"next": {"$ref": "#/definitions/n"}}}},
    })
    p, notes = export_tool(c, "gemini-json-schema")
    s = p["parametersJsonSchema"]
    assert s["properties"]["mode"] == {"enum": ["fast"]}
    assert s["properties"]["a"] == {"$ref": "#/$defs/n"} and "definitions" not in s
    assert s["$defs"]["n"]["properties"]["next"] == {"$ref": "#/$defs/n"}
    assert s["properties"]["flag"] == {"enum": ["x"]}
    assert [n.pointer for n in notes if n.severity == "warning"] == ["/parameters/properties/flag/enum"]


@pytest.mark.parametrize("risk,idem,expect", [
    ("read_only", None, {"readOnlyHint": True}),
    ("write_limited", "key", {"readOnlyHint": False, "destructiveHint": False, "idempotentHint": True}),
    ("destructive", None, {"readOnlyHint": False, "destructiveHint": True}),
])
def test_mcp_annotations_from_risk(risk, idem, expect):
    c = {**WEATHER, "risk": risk, "title": "Weather"}
    if idem:
        c["idempotency_key"] = idem
    p, _ = export_tool(c, "mcp")
    assert p["annotations"] == expect and p["title"] == "Weather"
    p, _ = export_tool({**c, "annotations": {"readOnlyHint": False, "openWorldHint": False}}, "mcp")
    assert p["annotations"]["readOnlyHint"] is False and p["annotations"]["openWorldHint"] is False


@pytest.mark.parametrize("version", ["2025-06-18", "2025-11-25", "2026-07-28"])
def test_mcp_export_validates_against_the_bundled_tool_schema(version):
    from toolcheck.vendors.mcp import tool_validator

    c = {**WEATHER, "risk": "read_only", "title": "Weather", "returns": {"type": "array", "items": {"type": "string"}},
         "parameters": {"type": "object", "properties": {"q": True}}}
    p, notes = export_tool(c, f"mcp@{version}")
    assert tool_validator(version).errors(p) == []
    if version < "2026-07-28":
        assert "outputSchema" not in p
        assert [n.pointer for n in notes if n.severity == "warning"] == ["/returns"]
    else:
        assert p["outputSchema"] == c["returns"]


def _valid(schema, instance) -> bool:
    import jsonschema_rs

    return jsonschema_rs.validator_for(schema).is_valid(instance)


@pytest.mark.parametrize("target", ["openai", "openai-strict", "anthropic", "anthropic-strict", "gemini-json-schema",
                                    "mcp", "bedrock"])
def test_round_trip_valid_arguments_stay_valid(target):
    """What the contract accepts, the exported schema accepts too (strict: absent optionals sent as null)."""
    schema = _schema(export_tool(WEATHER, target)[0], target)
    samples = [{"location": "Paris"}, {"location": "Paris", "unit": "celsius", "days": 3, "mode": "fast",
                                       "note": None, "at": "https://x.example"}]
    for s in samples:
        assert _valid(WEATHER["parameters"], s)
        if target == "openai-strict":
            s = {**{k: None for k in WEATHER["parameters"]["properties"]}, **s}
        assert _valid(schema, s), (target, s)


# ------------------------------------------------------------------------------------------------ bundled, corpus

def test_bundled_contracts_clean_under_default_targets():
    if not (ROOT / "contracts").is_dir():
        pytest.skip("no bundled contracts")
    r = run_engine("validate", cwd=ROOT, select=["TC2"])
    assert _tc2(r) == [], [(f.file, f.message) for f in _tc2(r)]


def test_bundled_contracts_export_all_targets_without_errors():
    from toolcheck.cli import Ship

    if not (ROOT / "contracts").is_dir():
        pytest.skip("no bundled contracts")
    r = run_engine("validate", cwd=ROOT, select=["TC2"], target=["all"], ship=Ship.export)
    assert not [f for f in r.findings if f.severity == "error"]
    # the only warnings allowed: constraints a strict mode must drop
    for f in r.findings:
        assert f.code == "TC225" and "the export drops it" in f.message, f.message
        assert f.pointer.rsplit("/", 1)[-1] in ("minLength", "maxLength", "minimum", "maximum", "maxItems",
                                                  "minItems", "format", "pattern", "uniqueItems", "multipleOf")


def test_lint_does_not_import_the_vendor_transforms(project):
    _write(project, "contracts/t.yaml", GUIDE_GET_WEATHER)
    code = ("import sys\nfrom toolcheck.cli import main\nsys.argv = ['toolcheck', 'lint', '-q']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print('transforms' if 'toolcheck.vendors.transforms' in sys.modules else 'clean')\n")
    p = subprocess.run([sys.executable, "-c", code], cwd=project.path, capture_output=True, text=True, timeout=120)
    assert p.stdout.strip().splitlines()[-1] == "clean", p.stdout + p.stderr


@needs_corpus
def test_corpus_validate_all_targets_no_crash():
    from toolcheck.cli import Ship

    # (assert on plain values only: a Contract's repr holds its whole source file)
    path = str(CORPUS / "tools.jsonl")
    r = run_engine("validate", [path], cwd=ROOT, select=["TC2"], target=["all"])
    n_corpus = sum(1 for c in r.contracts if c.format == "function-jsonl")
    assert n_corpus == 7078
    codes = sorted({f.code for f in r.findings})
    assert {"TC201", "TC204", "TC206", "TC207"} <= set(codes)
    assert list(r.targets) == ["openai", "openai-strict", "anthropic", "anthropic-strict", "gemini",
                               "gemini-json-schema", "mcp", "bedrock"]
    fixable = sum(1 for f in r.findings if f.fixable)
    assert fixable > 0
    r2 = run_engine("validate", [path], cwd=ROOT, select=["TC2"], target=["all"], ship=Ship.export)
    optional_left = [(f.tool, f.pointer, f.message) for f in r2.findings if f.code == "TC207"][:3]
    open_left = [f.message for f in r2.findings if f.code == "TC206" and "free-form" not in f.message
                 and "cannot express a map" not in f.message]
    assert optional_left == []
    assert open_left == []  # only what the export cannot express stays: free-form objects and maps
    assert sum(1 for f in r2.findings if f.fixable is not None) == 0


@needs_corpus
def test_corpus_fixable_findings_disappear_after_export():
    """Self-consistency: whatever the as-is check marks fixable, the exported payload no longer has."""
    from toolcheck.loading import load_file
    from toolcheck.model.pointer import join_pointer
    from toolcheck.rules.tc2_targets.index import origin_pointer, params_of
    from toolcheck.settings import Settings
    from toolcheck.vendors.analysis import analyse
    from toolcheck.vendors.schemas import Refs, walk
    from toolcheck.vendors.transforms import export_result

    lf = load_file(str(CORPUS / "tools.jsonl"), "tools.jsonl", Settings(root=str(ROOT)).limits, role="contracts")
    left = []
    for c in lf.contracts[::3]:
        key, s = params_of(c)
        if not isinstance(s, dict):
            continue
        before = copy.deepcopy(c.data)
        nodes = walk(s)
        refs = Refs(s, nodes) if any("$ref" in n.schema for n in nodes) else None
        for t in ALL:
            base, version = parse_target(t)
            fixable = {(i.kind, join_pointer("", key, *i.path, *((i.key,) if i.key else ())))
                       for i in analyse(s, base, version, nodes, refs) if i.fix}
            if not fixable:
                continue
            res = export_result(c, t)
            ps = res.schema
            if not isinstance(ps, dict):
                continue
            pn = walk(ps)
            pr = Refs(ps, pn) if any("$ref" in n.schema for n in pn) else None
            after = {(i.kind, origin_pointer(res, c, res.schema_path + i.path, i.key))
                     for i in analyse(ps, base, version, pn, pr)}
            left += [(t, c.name, k) for k in fixable & after]
        assert c.data == before
    assert not left, left[:10]


def test_gemini_json_schema_const_help_is_true_for_a_boolean(project):
    """`enum: [true]` is no fix under gemini-json-schema (its enum takes strings and numbers): the help says so
    and the export does not offer that rewrite; a string `const` keeps the `enum` advice."""
    _write(project, "contracts/a.yaml", "name: close_ledger\ndescription: Close the books of a month.\n"
           "targets: [gemini-json-schema]\nparameters:\n  type: object\n  properties:\n"
           "    final: {type: boolean, const: true, description: Confirms the closing.}\n"
           "    kind: {type: string, const: monthly}\n")
    fs = {f.pointer: f for f in _tc2(run_engine("validate", cwd=project.path), "TC220")}
    assert set(fs) == {"/parameters/properties/final/const", "/parameters/properties/kind/const"}
    assert "is no substitute" in fs["/parameters/properties/final/const"].help
    assert "enum: [value]` instead" not in fs["/parameters/properties/final/const"].help
    assert "Write `enum: [value]` instead of `const: value`." in fs["/parameters/properties/kind/const"].help


def test_the_target_list_is_defined_once():
    """The CLI's choices and help, the config and contract schemas and the strict variants read one list."""
    import json

    from toolcheck.config import config_schema
    from toolcheck.vendors.targets import (
        STRICT_TARGETS,
        TARGETS,
        is_strict,
        strict_target,
        target_help,
        target_pattern,
        unknown_target,
    )

    assert config_schema()["$defs"]["target"]["pattern"] == target_pattern()
    contract = json.loads((ROOT / "toolcheck" / "data" / "contract.schema.json").read_text("utf-8"))
    assert json.dumps(target_pattern()) in json.dumps(contract)
    rx = re.compile(target_pattern())
    assert all(rx.fullmatch(t) for t in (*TARGETS, "all", "mcp@2025-06-18"))
    assert not rx.fullmatch("openai-responses") and not rx.fullmatch("mcp@latest")
    assert [t.removesuffix("[@VERSION]") for t in target_help().rstrip(".").split(", ")] == list(TARGETS)
    assert unknown_target("mcp@2025-06-18") is None and unknown_target("all", allow_all=True) is None
    assert unknown_target("all") == f"unknown target `all` (choose from {', '.join(TARGETS)})"
    assert STRICT_TARGETS == ("openai-strict", "anthropic-strict") and is_strict("anthropic-strict")
    assert not is_strict("anthropic")
    assert strict_target("anthropic") == "anthropic-strict"
    assert {strict_target(f) for f in ("openai", "openai-responses", "functions", "function-jsonl", "gemini",
                                       "mcp")} == {"openai-strict"}
