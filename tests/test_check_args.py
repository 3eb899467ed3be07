"""Runtime argument checks: toolcheck.check_arguments, host.run_check_args and `toolcheck check-args`."""

from __future__ import annotations

import json

import pytest

import toolcheck
from toolcheck.host import check_arguments, run_check_args

from .conftest import run_cli

TICKET = {
    "name": "create_ticket",
    "description": "Open a support ticket about an order. INTERNAL: routes to the zendesk-prod queue.",
    "parameters": {
        "type": "object",
        "additionalProperties": False,
        "required": ["ticket_id", "summary"],
        "properties": {
            "ticket_id": {"type": "string", "pattern": "^T-[0-9]{4}$", "description": "The ticket id."},
            "summary": {"type": "string", "minLength": 5, "maxLength": 200},
            "budget": {"type": "number", "minimum": 0, "maximum": 500},
            "quantity": {"type": "integer", "exclusiveMinimum": 0},
            "warehouse": {"type": "string", "enum": ["tokyo", "osaka", "fukuoka"]},
            "tags": {"type": "array", "maxItems": 3, "uniqueItems": True, "items": {"type": "string"}},
            "contact": {
                "type": "object",
                "additionalProperties": False,
                "required": ["email"],
                "properties": {"email": {"type": "string"}, "phone": {"type": ["string", "null"]}},
            },
            "items": {
                "type": "array",
                "items": {"type": "object", "required": ["sku"],
                          "properties": {"sku": {"type": "string"}, "qty": {"type": "integer", "minimum": 1}}},
            },
        },
    },
}
GOOD = {"ticket_id": "T-0001", "summary": "Parcel arrived damaged."}


def errors(result):
    assert result["ok"] is False
    assert result["error"]["code"] == "VALIDATION_ERROR"
    assert result["error"]["retryable"] is False
    for e in result["error"]["errors"]:
        assert set(e) == {"pointer", "keyword", "message"}
    return {(e["pointer"], e["keyword"]): e["message"] for e in result["error"]["errors"]}


def test_valid():
    assert check_arguments(TICKET, GOOD) == {"ok": True}
    assert toolcheck.check_arguments(TICKET, dict(GOOD, budget=0, quantity=1, warehouse="osaka")) == {"ok": True}


def test_missing():
    errs = errors(check_arguments(TICKET, {"summary": "Parcel arrived damaged."}))
    assert errs == {("/ticket_id", "required"): "ticket_id is required"}


def test_extra():
    res = check_arguments(TICKET, dict(GOOD, colour="red"))
    assert errors(res) == {("/colour", "additionalProperties"): 'unexpected property "colour"'}
    assert res["error"]["message"] == 'unexpected property "colour"'


def test_wrong_type_is_not_coerced():
    errs = errors(check_arguments(TICKET, dict(GOOD, budget="10", quantity="3")))
    assert errs[("/budget", "type")] == 'budget must be a number, got the string "10"'
    assert errs[("/quantity", "type")] == 'quantity must be an integer, got the string "3"'
    errs = errors(check_arguments(TICKET, dict(GOOD, quantity=True, summary=None)))
    assert errs[("/quantity", "type")] == "quantity must be an integer, got the boolean true"
    assert errs[("/summary", "type")] == "summary must be a string, got null"


def test_out_of_range():
    errs = errors(check_arguments(TICKET, dict(GOOD, budget=501, quantity=0, summary="Hi",
                                               tags=["a", "b", "c", "d"])))
    assert errs[("/budget", "maximum")] == "budget must be at most 500, got the number 501"
    assert errs[("/quantity", "exclusiveMinimum")] == "quantity must be greater than 0, got the number 0"
    assert errs[("/summary", "minLength")] == "summary must be at least 5 characters long, got 2"
    assert errs[("/tags", "maxItems")] == "tags must have at most 3 items, got 4"
    errs = errors(check_arguments(TICKET, dict(GOOD, budget=-1)))
    assert errs == {("/budget", "minimum"): "budget must be at least 0, got the number -1"}


def test_enum():
    errs = errors(check_arguments(TICKET, dict(GOOD, warehouse="kyoto")))
    assert errs[("/warehouse", "enum")].startswith("warehouse must be one of: tokyo, osaka, fukuoka")
    big = {"type": "object", "properties": {"code": {"enum": [f"C{i:03d}" for i in range(40)]}}}
    msg = errors(check_arguments(big, {"code": "X"}))[("/code", "enum")]
    assert "one of 40 allowed values (e.g. C000, C001, C002, C003, C004)" in msg and "C039" not in msg


def test_nested():
    errs = errors(check_arguments(TICKET, dict(GOOD, contact={"phone": 5, "fax": "x"},
                                               items=[{"sku": "A", "qty": 0}, {"qty": 1}])))
    assert errs[("/contact/email", "required")] == "contact.email is required"
    assert errs[("/contact/fax", "additionalProperties")] == 'unexpected property "fax" in contact'
    assert errs[("/contact/phone", "type")] == "contact.phone must be a string or null, got the number 5"
    assert errs[("/items/0/qty", "minimum")] == "items[0].qty must be at least 1, got the number 0"
    assert errs[("/items/1/sku", "required")] == "items[1].sku is required"


def test_pattern_and_unique():
    errs = errors(check_arguments(TICKET, dict(GOOD, ticket_id="12", tags=["a", "a"])))
    assert errs[("/ticket_id", "pattern")] == 'ticket_id must match the pattern ^T-[0-9]{4}$, got the string "12"'
    assert errs[("/tags", "uniqueItems")] == "tags must not contain duplicate items"


def test_string_json_arguments():
    assert check_arguments(TICKET, json.dumps(GOOD)) == {"ok": True}
    assert check_arguments(TICKET, json.dumps(GOOD).encode()) == {"ok": True}
    errs = errors(check_arguments(TICKET, '{"ticket_id": "T-0001", "summary": "Damaged box", "budget": "10"}'))
    assert errs == {("/budget", "type"): 'budget must be a number, got the string "10"'}


@pytest.mark.parametrize("text,where", [
    ('{"ticket_id": "T-0001"', "column 23"),
    ('{"ticket_id": "T-0001",}', "column 24"),
    ("", "column 1"),
    ('{"budget": NaN}', "NaN"),
])
def test_json_syntax_error(text, where):
    res = check_arguments(TICKET, text)
    assert res["ok"] is False
    assert res["error"]["code"] == "JSON_SYNTAX_ERROR" and res["error"]["retryable"] is False
    assert where in res["error"]["message"]
    assert "errors" not in res["error"]


def test_arguments_must_be_an_object():
    for args, got in (([1, 2], "an array of 2 items"), ('"text"', 'the string "text"'), ("null", "null"),
                      (json.dumps(json.dumps(GOOD)), "a string of")):
        errs = errors(check_arguments(TICKET, args))
        assert list(errs) == [("", "type")]
        assert errs[("", "type")].startswith(f"arguments must be an object, got {got}")
    # even when the schema does not say so
    assert check_arguments({}, [1])["ok"] is False
    assert check_arguments({}, {"a": 1}) == {"ok": True}


def test_summary_message_joins_the_first_errors_missing_first():
    res = check_arguments(TICKET, {"budget": "x", "quantity": "y", "warehouse": "z", "colour": 1})
    msg = res["error"]["message"]
    assert msg.startswith("ticket_id is required; summary is required; unexpected property \"colour\"")
    assert msg.endswith("(and 3 more)")
    assert len(res["error"]["errors"]) == 6


def test_messages_leak_no_schema_internals_or_long_values():
    schema = {"type": "object", "properties": {
        "note": {"type": "integer", "description": "SECRET-DESCRIPTION"},
        "mode": {"not": {"const": "internal-debug-mode"}},
        "kind": {"anyOf": [{"type": "string", "pattern": "^x"}, {"type": "integer"}]},
    }}
    long = "z" * 500
    res = check_arguments(schema, {"note": long, "mode": "internal-debug-mode", "kind": "y"})
    text = json.dumps(res)
    assert "SECRET-DESCRIPTION" not in text and "zzzzzzzzzz" not in text
    assert "internal-debug-mode\"}" not in text and "{\\\"const" not in text and "const" not in res["error"]["message"]
    errs = errors(res)
    assert errs[("/note", "type")] == "note must be an integer, got a string of 500 characters"
    assert errs[("/mode", "not")].startswith("mode has a value that is not allowed")
    assert errs[("/kind", "anyOf")].startswith("kind does not match any of the allowed alternatives")


def test_anyof_of_types_names_them():
    schema = {"type": "object", "properties": {"v": {"anyOf": [{"type": "string"}, {"type": "integer"}]}}}
    assert errors(check_arguments(schema, {"v": [1]}))[("/v", "anyOf")] == \
        "v must be a string or an integer, got an array of 1 item"


def test_refs_and_false_schemas():
    schema = {"type": "object", "$defs": {"qty": {"type": "integer", "maximum": 9}},
              "properties": {"q": {"$ref": "#/$defs/qty"}, "legacy": False},
              "dependentRequired": {"gift_wrap": ["message"]}}
    errs = errors(check_arguments(schema, {"q": 10, "legacy": 1, "gift_wrap": True}))
    assert errs[("/q", "maximum")] == "q must be at most 9, got the number 10"
    assert errs[("/legacy", "falseSchema")] == 'unexpected property "legacy"'
    assert errs[("/message", "dependentRequired")] == "message is required when gift_wrap is given"


def test_property_names_with_odd_characters():
    schema = {"type": "object", "properties": {"a b": {"type": "object", "properties": {"x.y": {"type": "string"}}}}}
    errs = errors(check_arguments(schema, {"a b": {"x.y": 1}}))
    assert errs[("/a b/x.y", "type")] == '["a b"]["x.y"] must be a string, got the number 1'


def test_contract_forms():
    from toolcheck.loading import Limits, load_file

    schema = TICKET["parameters"]
    bad = {"ticket_id": "T-0001"}
    forms = [
        TICKET,
        {"name": "create_ticket", "input_schema": schema},
        {"name": "create_ticket", "inputSchema": schema},
        {"name": "create_ticket", "parametersJsonSchema": schema},
        {"type": "function", "function": {"name": "create_ticket", "parameters": schema}},
        schema,
    ]
    for form in forms:
        assert errors(check_arguments(form, bad)) == {("/summary", "required"): "summary is required"}, form
    # a toolcheck Contract
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "t.json"
        p.write_text(json.dumps(TICKET), encoding="utf-8")
        (contract,) = load_file(str(p), "t.json", Limits()).contracts
    assert errors(check_arguments(contract, bad)) == {("/summary", "required"): "summary is required"}
    # a contract without parameters takes an object; boolean schemas work
    assert check_arguments({"name": "ping", "description": "Ping."}, {}) == {"ok": True}
    assert check_arguments(True, {"x": 1}) == {"ok": True}
    assert check_arguments(False, {})["ok"] is False
    with pytest.raises(TypeError):
        check_arguments("create_ticket", {})


def test_schema_error():
    res = check_arguments({"type": "object", "properties": {"x": {"type": "string", "pattern": "("}}}, {"x": "a"})
    assert res["ok"] is False and res["error"]["code"] == "SCHEMA_ERROR"
    res = check_arguments({"name": "t", "parameters": "not a schema"}, {})
    assert res["error"]["code"] == "SCHEMA_ERROR"


def test_remote_ref_is_never_fetched():
    res = check_arguments({"$ref": "https://example.com/schema.json"}, {})
    assert res["error"]["code"] == "SCHEMA_ERROR"


def test_no_coercion_of_numbers_in_strings_for_enums_and_consts():
    schema = {"type": "object", "properties": {"n": {"enum": [1, 2]}, "c": {"const": 3}}}
    errs = errors(check_arguments(schema, {"n": "1", "c": "3"}))
    assert errs[("/n", "enum")] == 'n must be one of: 1, 2, got the string "1"'
    assert errs[("/c", "const")] == 'c must be 3, got the string "3"'


def test_secrets_are_masked_in_messages():
    from toolcheck.masking import mask

    key = "ghp_" + "x7Qm2ZpL9vR4tY8wK1nB6cD3fG5hJ0aS2eU7"
    assert mask(key) != key
    res = check_arguments({"type": "object", "properties": {"n": {"type": "integer"}}}, {"n": "password=" + key[:20]})
    assert key[:20] not in json.dumps(res)


# ------------------------------------------------------------------------------------------- run_check_args / CLI

CONTRACT_YAML = """\
name: get_product_stock
description: Get the stock level of one product in one warehouse.
risk: read_only
parameters:
  type: object
  additionalProperties: false
  required: [sku, warehouse]
  properties:
    sku: {type: string, description: The product SKU.}
    warehouse: {type: string, enum: [tokyo, osaka, fukuoka], description: The warehouse.}
"""


@pytest.fixture
def stock(project, monkeypatch):
    project.write("contracts/get_product_stock.yaml", CONTRACT_YAML)
    monkeypatch.chdir(project.path)
    return project


def test_run_check_args_exit_codes(stock):
    assert run_check_args("get_product_stock", '{"sku": "A1", "warehouse": "osaka"}', None, None) == (0, {"ok": True})
    code, res = run_check_args("get_product_stock", '{"sku": "A1", "warehouse": "kyoto"}', None, None)
    assert code == 1 and res["error"]["code"] == "VALIDATION_ERROR"
    assert res["error"]["errors"][0]["message"].startswith("warehouse must be one of: tokyo, osaka, fukuoka")
    code, res = run_check_args("get_product_stock", '{"sku": ', None, None)
    assert code == 1 and res["error"]["code"] == "JSON_SYNTAX_ERROR"
    code, res = run_check_args("get_product_stok", "{}", None, None)
    assert code == 2 and res == {"ok": False, "error": {
        "code": "UNKNOWN_TOOL", "retryable": False,
        "message": 'unknown tool "get_product_stok" (did you mean `get_product_stock`?) (1 tool loaded)'}}


def test_run_check_args_paths(stock, tmp_path_factory):
    other = tmp_path_factory.mktemp("elsewhere")
    (other / "tools.json").write_text(json.dumps({"tools": [TICKET]}), encoding="utf-8")
    code, res = run_check_args("create_ticket", json.dumps(GOOD), str(other / "tools.json"), None)
    assert (code, res) == (0, {"ok": True})
    code, res = run_check_args("create_ticket", json.dumps(GOOD), str(other), None)
    assert (code, res) == (0, {"ok": True})
    code, res = run_check_args("create_ticket", "{}", None, None)  # not among the configured contracts
    assert code == 2 and res["error"]["code"] == "UNKNOWN_TOOL"
    cfg = other / "toolcheck.yaml"
    cfg.write_text("paths: [.]\n", encoding="utf-8")
    assert run_check_args("create_ticket", json.dumps(GOOD), None, str(cfg)) == (0, {"ok": True})
    code, res = run_check_args("create_ticket", "{}", str(other / "missing.yaml"), None)
    assert code == 2 and res["error"]["code"] == "CONFIG_ERROR"
    code, res = run_check_args("create_ticket", "{}", None, str(other / "nope.yaml"))
    assert code == 2 and res["error"]["code"] == "CONFIG_ERROR"


def test_cli_check_args(stock):
    p = run_cli("check-args", "get_product_stock", '{"sku": "A1", "warehouse": "osaka"}', cwd=stock.path)
    assert p.returncode == 0 and json.loads(p.stdout) == {"ok": True}
    p = run_cli("check-args", "get_product_stock", "-", cwd=stock.path, input='{"sku": 12}')
    assert p.returncode == 1
    res = json.loads(p.stdout)
    assert res["error"]["code"] == "VALIDATION_ERROR"
    assert {e["message"] for e in res["error"]["errors"]} == {"warehouse is required",
                                                              "sku must be a string, got the number 12"}
    p = run_cli("check-args", "get_product_stock", "{nope", cwd=stock.path)
    assert p.returncode == 1 and json.loads(p.stdout)["error"]["code"] == "JSON_SYNTAX_ERROR"
    p = run_cli("check-args", "no_such_tool", "{}", cwd=stock.path)
    assert p.returncode == 2 and json.loads(p.stdout)["error"]["code"] == "UNKNOWN_TOOL"
    p = run_cli("check-args", "get_product_stock", '{"sku": "A1", "warehouse": "tokyo"}', "--contracts",
                str(stock.path / "contracts" / "get_product_stock.yaml"), cwd=stock.path)
    assert p.returncode == 0


def test_property_names_and_values_that_are_not_json():
    schema = {"type": "object", "properties": {"f": {"type": "object", "propertyNames": {"pattern": "^[a-z]+$"}}}}
    errs = errors(check_arguments(schema, {"f": {"Bad Key": 1}}))
    assert errs == {("/f", "propertyNames"): 'property name "Bad Key" is not allowed in f'}
    # a host may hand over Python values that are not JSON: a result, never an exception
    res = check_arguments({"type": "object"}, {1: 2})
    assert res["ok"] is False and "not plain JSON data" in res["error"]["message"]


# ------------------------------------------------------------------------------------------------ strict targets

SEARCH = {
    "name": "search_docs",
    "description": "Search the documentation.",
    "parameters": {"type": "object", "additionalProperties": False, "required": ["query"], "properties": {
        "query": {"type": "string", "minLength": 2, "description": "What to look for."},
        "limit": {"type": "integer", "minimum": 1, "maximum": 50, "description": "How many results."}}},
}


def test_strict_null_for_an_optional_property_means_absent():
    """Issue 12 item 3: strict mode sends null for an absent optional field (the export's optional -> required +
    nullable transform asks the model to), and check_arguments refused it."""
    call = {"query": "x1", "limit": None}
    assert check_arguments(SEARCH, call)["ok"] is False  # without a target: null is not an integer
    for target in ("openai-strict", "anthropic-strict"):
        assert toolcheck.check_arguments(SEARCH, call, target=target) == {"ok": True, "arguments": {"query": "x1"}}
    assert call == {"query": "x1", "limit": None}  # the caller's arguments are never modified
    # a non-strict target does not make optional properties nullable: null stays an error there
    assert check_arguments(SEARCH, call, target="openai")["ok"] is False
    assert check_arguments(SEARCH, {"query": "x1"}, target="openai") == {"ok": True, "arguments": {"query": "x1"}}


def test_strict_target_still_enforces_what_the_export_dropped():
    """anthropic-strict drops `minLength` and the bounds (the model no longer sees them): the host still checks
    them, from the contract."""
    short = check_arguments(SEARCH, {"query": "x", "limit": None}, target="anthropic-strict")
    assert short["ok"] is False and short["error"]["errors"] == [
        {"pointer": "/query", "keyword": "minLength", "message": "query must be at least 2 characters long, got 1"}]
    big = check_arguments(SEARCH, {"query": "xy", "limit": 51}, target="openai-strict")
    assert big["ok"] is False and big["error"]["errors"][0]["keyword"] == "maximum"
    required_null = check_arguments(SEARCH, {"query": None, "limit": None}, target="openai-strict")
    assert required_null["ok"] is False  # `query` is required: null is not "absent" there
    assert required_null["error"]["errors"][0]["pointer"] == "/query"


def test_strict_nulls_in_nested_objects_and_arrays_and_nullable_properties():
    c = {"name": "t", "parameters": {"type": "object", "properties": {
        "contact": {"type": "object", "required": ["email"], "properties": {
            "email": {"type": "string"}, "phone": {"type": "string"},
            "fax": {"type": ["string", "null"]}}},
        "items": {"type": "array", "items": {"$ref": "#/$defs/item"}}},
        "$defs": {"item": {"type": "object", "required": ["sku"], "properties": {
            "sku": {"type": "string"}, "qty": {"type": "integer"}}}}}}
    call = {"contact": {"email": "a@b.c", "phone": None, "fax": None},
            "items": [{"sku": "A", "qty": None}, {"sku": "B", "qty": 2}]}
    got = check_arguments(c, call, target="openai-strict")
    # fax accepts null in the contract itself: null is a value there, and stays
    assert got == {"ok": True, "arguments": {"contact": {"email": "a@b.c", "fax": None},
                                             "items": [{"sku": "A"}, {"sku": "B", "qty": 2}]}}
    assert check_arguments(c, json.dumps(call), target="openai-strict") == got


def test_strict_nulls_inside_a_union_branch():
    c = {"name": "pay", "parameters": {"type": "object", "required": ["method"], "properties": {"method": {"anyOf": [
        {"type": "object", "required": ["card"], "properties": {"card": {"type": "string"}, "cvc": {"type": "string"}}},
        {"type": "object", "required": ["iban"], "properties": {"iban": {"type": "string"}, "bic": {"type": "string"}}},
    ]}}}}
    got = check_arguments(c, {"method": {"iban": "DE1", "bic": None}}, target="openai-strict")
    assert got == {"ok": True, "arguments": {"method": {"iban": "DE1"}}}


def test_strict_round_trip_of_the_bundled_samples():
    """Every valid sample of the bundled contracts, sent as strict mode sends it (each optional property the call
    leaves out as null), is accepted under the target and normalised back to the sample itself."""
    from toolcheck.config import limits_from
    from toolcheck.loading import load_file

    from .conftest import ROOT

    checked = 0
    for path in sorted((ROOT / "contracts").glob("*.yaml")):
        c = load_file(str(path), path.name, limits_from({})).contracts[0]
        samples = load_file(str(ROOT / "samples" / path.name), path.name, limits_from({}), role="samples").samples
        required = set(c.parameters.get("required") or ())
        for s in samples:
            if not s.valid or not isinstance(s.data, dict):
                continue
            sent = dict(s.data)
            for k in c.parameters.get("properties") or {}:
                if k not in required:
                    sent.setdefault(k, None)
            assert check_arguments(c, sent, target="openai-strict") == {"ok": True, "arguments": s.data}, (c.name, sent)
            checked += 1
    assert checked >= 10


def test_unknown_target_is_a_programming_error():
    with pytest.raises(ValueError, match="unknown target"):
        check_arguments(SEARCH, {"query": "xy"}, target="openai-lax")


def test_check_args_cli_target(tmp_path):
    (tmp_path / "contracts").mkdir()
    (tmp_path / "contracts" / "search_docs.json").write_text(json.dumps(SEARCH))
    p = run_cli("check-args", "search_docs", '{"query": "xy", "limit": null}', "--target", "openai-strict",
                cwd=tmp_path)
    assert p.returncode == 0 and json.loads(p.stdout) == {"ok": True, "arguments": {"query": "xy"}}, p.stderr
    p = run_cli("check-args", "search_docs", '{"query": "xy", "limit": null}', cwd=tmp_path)
    assert p.returncode == 1 and json.loads(p.stdout)["ok"] is False
    p = run_cli("check-args", "search_docs", '{"query": "xy"}', "--target", "openai-lax", cwd=tmp_path)
    assert p.returncode == 2 and json.loads(p.stdout)["error"]["code"] == "CONFIG_ERROR"
