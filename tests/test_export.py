"""toolcheck export: the exact payload each target takes, read back clean, and round-trips to the same tools."""

from __future__ import annotations

import json
import shutil

import pytest

from .conftest import ROOT, run_cli, run_json

TARGETS = ["openai", "openai-strict", "anthropic", "anthropic-strict", "gemini", "gemini-json-schema", "mcp",
           "mcp@2025-06-18", "bedrock"]


@pytest.fixture(scope="module")
def bundled(tmp_path_factory):
    d = tmp_path_factory.mktemp("bundled")
    shutil.copytree(ROOT / "contracts", d / "contracts")
    (d / "toolcheck.yaml").write_text("paths: [contracts]\n")
    return d


def _export(proj, target, *extra):
    p = run_cli("export", "--target", target, "--out", f"out-{target}.json", *extra, cwd=proj)
    assert p.returncode == 0, p.stderr
    return json.loads((proj / f"out-{target}.json").read_text())


def _tools(target, payload):
    base = target.split("@")[0]
    if base.startswith("gemini"):
        return payload[0]["functionDeclarations"]
    if base in ("mcp", "bedrock"):
        return payload["tools"]
    return payload


@pytest.mark.parametrize("target", TARGETS)
def test_export_round_trip(bundled, target):
    payload = _export(bundled, target)
    tools = _tools(target, payload)
    names = sorted((t.get("function") or t.get("toolSpec") or t)["name"] for t in tools)
    assert names == sorted(p.stem for p in (ROOT / "contracts").glob("*.yaml"))
    if target == "bedrock":
        assert all("json" in t["toolSpec"]["inputSchema"] for t in tools)
        return
    # read back through auto-detection and checked against its own target: zero errors
    elsewhere = bundled.parent / f"readback-{target}"
    elsewhere.mkdir(exist_ok=True)
    shutil.copy(bundled / f"out-{target}.json", elsewhere / "tools.json")
    code, doc = run_json("validate", "tools.json", "--target", target, "--no-cache", "--select", "TC0,TC1,TC2",
                         cwd=elsewhere)
    errors = [f for f in doc["findings"] if f["severity"] == "error"]
    assert errors == [], errors
    assert doc["summary"]["tools"] == len(names)


def test_strict_export_applies_the_documented_transforms(bundled):
    tools = _export(bundled, "openai-strict")
    fn = next(t["function"] for t in tools if t["function"]["name"] == "search_gifts")
    params = fn["parameters"]
    assert fn["strict"] is True and params["additionalProperties"] is False
    assert sorted(params["required"]) == sorted(params["properties"])  # optional -> required + nullable
    assert "null" in params["properties"]["category"]["type"] or "null" in str(params["properties"]["category"])


def test_gemini_export_turns_const_into_enum(tmp_path):
    (tmp_path / "contracts").mkdir()
    (tmp_path / "contracts" / "c.yaml").write_text(
        "name: set_mode\ndescription: Set the display mode. Use it when the user asks for dark mode.\nrisk: write_limited\n"
        "parameters:\n  type: object\n  properties:\n    mode: {const: dark, description: The mode.}\n")
    (tmp_path / "toolcheck.yaml").write_text("paths: [contracts]\n")
    payload = _export(tmp_path, "gemini")
    mode = payload[0]["functionDeclarations"][0]["parameters"]["properties"]["mode"]
    assert mode.get("enum") == ["dark"] and "const" not in mode


def test_gemini_json_schema_export_keeps_null_of_a_nullable_enum(tmp_path):
    """`enum` takes strings and numbers only there: `null` moves to an `anyOf` branch instead of being dropped
    (dropping it made the exported schema refuse a value the contract allows; 22 corpus tools, found by TC704)."""
    import jsonschema

    (tmp_path / "contracts").mkdir()
    (tmp_path / "contracts" / "c.yaml").write_text(
        "name: set_mode\ndescription: Set the display mode. Use it when the user asks for dark mode.\n"
        "risk: write_limited\nparameters:\n  type: object\n  required: [mode]\n  properties:\n"
        "    mode: {type: [string, 'null'], enum: [dark, light, null], description: The mode or null.}\n")
    (tmp_path / "toolcheck.yaml").write_text("paths: [contracts]\n")
    payload = _export(tmp_path, "gemini-json-schema")
    schema = payload[0]["functionDeclarations"][0]["parametersJsonSchema"]
    mode = schema["properties"]["mode"]
    assert mode["description"] == "The mode or null."
    assert mode["anyOf"] == [{"type": "string", "enum": ["dark", "light"]}, {"type": "null"}]
    v = jsonschema.Draft202012Validator(schema)
    assert v.is_valid({"mode": None}) and v.is_valid({"mode": "dark"}) and not v.is_valid({"mode": "blue"})
    code, doc = run_json("validate", "--target", "gemini-json-schema", "--ship", "export", "--no-cache",
                         "--select", "TC2", cwd=tmp_path)
    assert [f for f in doc["findings"] if f["severity"] != "info"] == []


@pytest.mark.parametrize("target", ["openai-strict", "anthropic-strict"])
def test_strict_export_refuses_a_map_it_would_close(tmp_path, target):
    """patternProperties cannot be sent in strict mode, and every object is closed there: dropping it would leave
    `labels` accepting only `{}`. That is an error (nothing written), not a dropped-constraint warning."""
    (tmp_path / "contracts").mkdir()
    (tmp_path / "contracts" / "c.yaml").write_text(
        "name: tag_items\ndescription: Attach labels to items. Use it when the user asks to label things.\n"
        "risk: read_only\nparameters:\n  type: object\n  properties:\n    labels:\n      type: object\n"
        "      additionalProperties: false\n      patternProperties: {'^[a-z]+$': {type: string}}\n")
    (tmp_path / "toolcheck.yaml").write_text("paths: [contracts]\n")
    p = run_cli("export", "--target", target, "--out", "out.json", cwd=tmp_path)
    assert p.returncode == 1 and not (tmp_path / "out.json").exists(), p.stdout + p.stderr
    assert "cannot express a map" in p.stdout + p.stderr
    code, doc = run_json("validate", "--target", target, "--ship", "export", "--no-cache", "--select", "TC2",
                         cwd=tmp_path)
    errors = [(f["code"], f["pointer"]) for f in doc["findings"] if f["severity"] == "error"]
    assert errors == [("TC206", "/parameters/properties/labels")]


def test_responses_api_shape(bundled):
    tools = _export(bundled, "openai-strict", "--api", "responses")
    assert all(t["type"] == "function" and "name" in t and "function" not in t for t in tools)


def test_unexpressible_contract_is_reported_and_nothing_written(tmp_path):
    (tmp_path / "contracts").mkdir()
    (tmp_path / "contracts" / "c.yaml").write_text(
        "name: bad name!\ndescription: A tool whose name no vendor accepts.\nparameters: {type: object, properties: {}}\n")
    (tmp_path / "toolcheck.yaml").write_text("paths: [contracts]\n")
    p = run_cli("export", "--target", "openai", "--out", "out.json", cwd=tmp_path)
    assert p.returncode == 1 and "nothing written" in p.stderr
    assert not (tmp_path / "out.json").exists()


def test_export_usage_errors(bundled):
    assert run_cli("export", "--target", "openai-lax", cwd=bundled).returncode == 2
    assert run_cli("export", "--target", "openai", "--api", "graphql", cwd=bundled).returncode == 2


# ------------------------------------------------------------------------------------------------ issue 12, item 1

BMI_DICT = {  # corpus A's commonest shape (3,526 tools): BFCL's `dict` and `float` type names
    "name": "determine_body_mass_index",
    "description": "Calculate body mass index given weight and height.",
    "parameters": {"type": "dict", "properties": {
        "weight": {"type": "float", "description": "Weight of the individual in kilograms."},
        "height": {"type": "float", "description": "Height of the individual in meters."}},
        "required": ["weight", "height"]},
}
BOOLEAN_EXCLUSIVE = {  # draft-04 spelling: a boolean `exclusiveMinimum` is invalid in draft 2020-12
    "name": "set_volume",
    "description": "Set the speaker volume. Use it when the user asks to make it louder or quieter.",
    "parameters": {"type": "object", "additionalProperties": False, "required": ["level"], "properties": {
        "level": {"type": "number", "minimum": 0, "exclusiveMinimum": True, "description": "Volume level."}}},
}
INVALID_TYPE = {
    "name": "count_words",
    "description": "Count the words of a text. Use it when the user asks how long a text is.",
    "parameters": {"type": "object", "additionalProperties": False, "required": ["text"], "properties": {
        "text": {"type": "str", "description": "The text."}}},
}


def _export_refused(tmp_path, tool, target, fmt="contract"):
    """Export `tool` to `target` with --out: must exit 1, name each blocking finding and write nothing."""
    proj = tmp_path / target.replace("@", "-")
    proj.mkdir()
    if fmt == "jsonl":
        (proj / "tools.jsonl").write_text(json.dumps(tool) + "\n")
    else:
        (proj / "contracts").mkdir()
        (proj / "contracts" / "tool.json").write_text(json.dumps(tool, indent=2))
    (proj / "toolcheck.yaml").write_text("paths: [tools.jsonl]\n" if fmt == "jsonl" else "paths: [contracts]\n")
    p = run_cli("export", "--target", target, "--out", "out.json", cwd=proj)
    assert p.returncode == 1, p.stdout + p.stderr
    assert not (proj / "out.json").exists() and not [x for x in proj.iterdir() if x.name.startswith("out")]
    assert p.stdout == ""  # the findings are diagnostics: stderr, in the usual format
    assert "nothing written: " in p.stderr and f"block the `{target}` export" in p.stderr
    return p.stderr


@pytest.mark.parametrize("fmt", ["contract", "jsonl"])
def test_export_refuses_the_corpus_dict_schema_for_mcp(tmp_path, fmt):
    """The MCP spec requires `inputSchema.type` "object": `type: dict` was exported as it is."""
    err = _export_refused(tmp_path, BMI_DICT, "mcp", fmt)
    assert err.count("TC103 error") == 3, err
    assert "`dict` is not a JSON Schema type (did you mean `object`?)" in err
    assert "pointer: /parameters/type" in err or "pointer: /0/parameters/type" in err


@pytest.mark.parametrize("target", TARGETS)
def test_export_refuses_a_boolean_exclusive_minimum(tmp_path, target):
    err = _export_refused(tmp_path, BOOLEAN_EXCLUSIVE, target)
    assert "TC101 error" in err and "exclusiveMinimum" in err, err


@pytest.mark.parametrize("target", ["openai-strict", "anthropic-strict", "gemini", "gemini-json-schema"])
def test_export_refuses_invalid_type_names(tmp_path, target):
    err = _export_refused(tmp_path, INVALID_TYPE, target)
    assert "TC103 error `str` is not a JSON Schema type (did you mean `string`?)" in err, err
    # export fixes nothing itself (no [*], no `--fix` of its own), and says which command fixes the source
    assert "[*]" not in err and "; 1 fixable with `--fix`" not in err, err
    assert "toolcheck: in the source, 1 fixable with `toolcheck validate --fix`" in err, err


def test_export_refusal_keeps_stdout_empty_without_out(tmp_path):
    (tmp_path / "contracts").mkdir()
    (tmp_path / "contracts" / "tool.json").write_text(json.dumps(INVALID_TYPE))
    p = run_cli("export", "--target", "openai", cwd=tmp_path)
    assert p.returncode == 1 and p.stdout == "" and "TC103" in p.stderr


def test_export_ignores_tc1_warnings_and_respects_config_severity(tmp_path):
    """Only errors block; a TC1 warning (an unknown keyword) neither blocks nor clutters the export. A code the
    project configured down to a warning no longer blocks (the config is the project's policy)."""
    tool = json.loads(json.dumps(INVALID_TYPE))
    tool["parameters"]["properties"]["text"]["type"] = "string"
    tool["parameters"]["properties"]["text"]["minLen"] = 1  # TC104 warning (did you mean minLength?)
    (tmp_path / "contracts").mkdir()
    (tmp_path / "contracts" / "tool.json").write_text(json.dumps(tool))
    p = run_cli("export", "--target", "openai", "--out", "out.json", cwd=tmp_path)
    assert p.returncode == 0 and (tmp_path / "out.json").exists() and "TC104" not in p.stderr, p.stderr
    (tmp_path / "contracts" / "tool.json").write_text(json.dumps(INVALID_TYPE))
    (tmp_path / "toolcheck.yaml").write_text("paths: [contracts]\nseverity: {TC103: warning}\n")
    p = run_cli("export", "--target", "openai", "--out", "out2.json", cwd=tmp_path)
    assert p.returncode == 0 and (tmp_path / "out2.json").exists(), p.stderr


# ------------------------------------------------------------------------------------------------ issue 12, item 2

def _project(tmp_path, contract: str):
    (tmp_path / "contracts").mkdir()
    (tmp_path / "contracts" / "c.yaml").write_text(contract)
    (tmp_path / "toolcheck.yaml").write_text("paths: [contracts]\n")
    return tmp_path


def test_strict_export_leaves_a_constraint_only_branch_open(tmp_path):
    """A branch of an object that lists its own properties constrains that object: closing the branch refused
    the object's other properties (corpus A `Protein_MSA_inspect`). It is left open (a warning saying why)."""
    proj = _project(tmp_path, "name: find\ndescription: Find a record. Use it when the user asks for one.\n"
                    "risk: read_only\nparameters:\n  type: object\n  properties:\n    where:\n      type: object\n"
                    "      properties: {column: {type: string}, value: {type: string}}\n      anyOf:\n"
                    "        - {required: [column], properties: {column: {minLength: 1}}}\n"
                    "        - {required: [value]}\n")
    p = run_cli("export", "--target", "anthropic-strict", "--out", "out.json", cwd=proj)
    assert p.returncode == 0, p.stderr
    where = json.loads((proj / "out.json").read_text())[0]["input_schema"]["properties"]["where"]
    assert where["additionalProperties"] is False and "additionalProperties" not in where["anyOf"][0]
    assert "this branch constrains the object it belongs to" in p.stderr


@pytest.mark.parametrize("target", ["openai-strict", "anthropic-strict"])
def test_strict_export_refuses_properties_only_branches_declare(tmp_path, target):
    proj = _project(tmp_path, "name: pay\ndescription: Pay an invoice. Use it when the user asks to pay.\n"
                    "risk: read_only\nparameters:\n  type: object\n  required: [kind]\n  properties:\n"
                    "    kind: {type: string, enum: [card, iban]}\n  anyOf:\n"
                    "    - properties: {kind: {const: card}, card_number: {type: string}}\n"
                    "    - properties: {kind: {const: iban}, iban: {type: string}}\n")
    p = run_cli("export", "--target", target, "--out", "out.json", cwd=proj)
    assert p.returncode == 1 and not (proj / "out.json").exists()
    assert "this object's properties do not list `card_number`, `iban`" in p.stderr, p.stderr


@pytest.mark.parametrize("target", ["openai-strict", "anthropic", "anthropic-strict"])
def test_root_union_of_constraints_is_dropped_with_a_warning(tmp_path, target):
    """These targets reject a root `anyOf`/`oneOf`: one that only constrains declared properties is dropped (a
    constraint the host still enforces), instead of being kept (rejected by the API) or closed (refusing calls)."""
    proj = _project(tmp_path, "name: get_structure\ndescription: Fetch a structure by id or content. Use it when "
                    "the user gives one.\nrisk: read_only\nparameters:\n  type: object\n  properties:\n"
                    "    pdb_id: {type: [string, 'null']}\n    pdb_content: {type: [string, 'null']}\n  oneOf:\n"
                    "    - {required: [pdb_id], properties: {pdb_id: {type: string, minLength: 1}}}\n"
                    "    - {required: [pdb_content], properties: {pdb_content: {type: string, minLength: 1}}}\n")
    p = run_cli("export", "--target", target, "--out", "out.json", cwd=proj)
    assert p.returncode == 0, p.stderr
    tool = json.loads((proj / "out.json").read_text())[0]
    schema = tool.get("input_schema") or tool["function"]["parameters"]
    assert "oneOf" not in schema and "anyOf" not in schema
    assert "TC225 warning" in p.stderr and "the export drops it" in p.stderr
