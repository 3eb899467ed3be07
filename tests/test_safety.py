"""TC6 safety policy: messages, pointers, options, hostile values, the corpus and the bundled contracts."""

from __future__ import annotations

import json
import re
import textwrap

import pytest

from toolcheck.rules import doc_section, load_rules
from toolcheck.rules.tc6_safety.index import name_tokens, result_union, snake_name

from .conftest import CORPUS, ROOT, needs_corpus, run_engine

RULES = load_rules()
TC6 = sorted(c for c in RULES if c.startswith("TC6"))


def lint(project, contract: str, config: str | None = None, name: str = "tool.yaml", command: str = "validate",
         suffix: str = "", opt_in: bool = True):
    """Write one contract file (and optionally a config) and return the TC6 findings (with the family's opt-in
    rules selected too, unless ``opt_in`` is false)."""
    project.write(f"contracts/{name}", _dedent(contract) + suffix)
    project.write("toolcheck.yaml", "paths: [contracts]\nsamples: samples\n" + (OPT_IN if opt_in else "")
                  + _dedent(config or ""))
    result = run_engine(command, cwd=project.path)
    return [f for f in result.findings if f.code.startswith("TC6")]


# the family's opt-in policy rules, selected as a team that adopts the policy does (their defaults: see
# test_policy_rules_are_opt_in)
OPT_IN_CODES = sorted(c for c in TC6 if not RULES[c].default_enabled)
OPT_IN = f"extend-select: [{', '.join(OPT_IN_CODES)}]\n"


def _dedent(text: str) -> str:
    """Remove the first line's indentation from every line that has it (an indented block + a flush suffix)."""
    lines = text.lstrip("\n").rstrip(" ").splitlines(keepends=True)
    first = next((ln for ln in lines if ln.strip()), "")
    pad = first[: len(first) - len(first.lstrip(" "))]
    return "".join(ln[len(pad):] if ln.startswith(pad) else ln for ln in lines)


def codes(findings) -> list[str]:
    return sorted(f.code for f in findings)


def by_code(findings, code):
    return [f for f in findings if f.code == code]


KEYED = """\
idempotency_key: request_id
parameters:
  type: object
  required: [request_id]
  properties:
    request_id: {type: string, description: Unique key reused on every retry.}
errors:
  - {code: NOT_FOUND, retryable: false, description: Nothing has this id.}
"""


# ------------------------------------------------------------------------------------------------ names


@pytest.mark.parametrize("name,tokens", [
    ("delete_file", ["delete", "file"]),
    ("deleteFile", ["delete", "file"]),
    ("DeleteFile", ["delete", "file"]),
    ("delete-file", ["delete", "file"]),
    ("files.delete_file", ["delete", "file"]),
    ("github__create_issue", ["create", "issue"]),
    ("api/v1:purgeCache", ["purge", "cache"]),
    ("HTTPServer_start", ["http", "server", "start"]),
    ("user_api.UserApi.delete_user", ["delete", "user"]),
    ("trailing.", ["trailing"]),
    ("ギフト検索", []),
    ("ギフト_delete", ["delete"]),
])
def test_name_tokens(name, tokens):
    assert name_tokens(name) == tokens


def test_snake_name():
    assert snake_name("payments.chargeCard") == "charge_card"


# ------------------------------------------------------------------------------------------------ TC601


def test_missing_risk_suggests_from_verb_and_points_at_contract(project):
    fs = lint(project, """
        name: delete_file
        description: Delete one file.
        parameters: {type: object, properties: {}}
    """)
    [f] = by_code(fs, "TC601")
    assert f.pointer == "" and f.line == 1 and f.severity == "error"
    assert "declares no `risk`" in f.message
    assert "`risk: destructive`" in f.help


def test_missing_risk_suggests_from_annotations(project):
    fs = lint(project, """
        name: weather
        description: Current weather.
        annotations: {readOnlyHint: true}
        parameters: {type: object, properties: {}}
    """)
    assert "`risk: read_only`" in by_code(fs, "TC601")[0].help


def test_present_but_invalid_risk_is_left_to_tc009(project):
    for value in ("5", "null", "high", "[read_only]"):
        project.write("contracts/tool.yaml", f"name: delete_file\ndescription: Delete.\nrisk: {value}\n"
                                             "parameters: {type: object, properties: {}}\n")
        result = run_engine("validate", cwd=project.path)
        got = {f.code for f in result.findings}
        assert "TC009" in got and not {c for c in got if c.startswith("TC6")}, (value, got)


def _jsonl(*records) -> str:
    return "".join(json.dumps(r) + "\n" for r in records)


def test_function_files_are_not_asked_for_a_risk_they_cannot_carry(project):
    """Function objects (JSON Lines, OpenAI/Anthropic files) have no field for a risk: neither TC601 nor TC616
    reports them, whatever their verb (judged false before: a risk the file cannot carry)."""
    project.write("contracts/tools.jsonl", _jsonl(
        {"source": "x", "name": "users.deleteUser", "description": "Remove a user.", "parameters": {"type": "object"}},
        {"source": "x", "name": "janitor", "description": "Permanently erases old logs.",
         "parameters": {"type": "object"}},
    ))
    project.write("toolcheck.yaml", "paths: [contracts]\nrules:\n  TC616: {vendor-input: all}\n")
    assert not [f for f in run_engine("lint", cwd=project.path).findings if f.code.startswith("TC6")]


def _mcp(*tools) -> str:
    return json.dumps({"tools": [{"inputSchema": {"type": "object"}, **t} for t in tools]}, indent=1)


def test_mcp_tools_without_risk_hints_are_tc616_info(project):
    project.write("contracts/tools_list.json", _mcp(
        {"name": "get_weather", "description": "Get the weather."},
        {"name": "users.deleteUser", "description": "Remove a user."},
        {"name": "notifier", "description": "Sends a push notification."},
        {"name": "janitor", "description": "Permanently erases old logs.", "annotations": {"title": "Janitor"}},
        {"name": "math.sum", "description": "Sum numbers."},
    ))
    fs = [f for f in run_engine("lint", cwd=project.path).findings if f.code.startswith("TC6")]
    assert [(f.code, f.severity, f.tool) for f in fs] == [("TC616", "info", "users.deleteUser"),
                                                         ("TC616", "info", "janitor")]
    assert "name verb `delete` says it deletes data" in fs[0].message and "risk: destructive" in fs[0].help
    assert "description verb `erase`" in fs[1].message
    assert "`annotations: {readOnlyHint: false, destructiveHint: true}`" in fs[1].help
    project.write("toolcheck.yaml", "paths: [contracts]\nrules:\n  TC616: {vendor-input: write}\n")
    fs = [f for f in run_engine("lint", cwd=project.path).findings if f.code.startswith("TC6")]
    assert [f.tool for f in fs] == ["users.deleteUser", "notifier", "janitor"]
    assert "description verb `send` says it changes data" in fs[1].message and "risk: write_limited" in fs[1].help


@pytest.mark.parametrize("mode,expected", [("all", 3), ("off", 0), ("destructive", 1), ("write", 2)])
def test_mcp_vendor_input_option(project, mode, expected):
    project.write("toolcheck.yaml",
                  f"paths: [contracts]\nrules:\n  missing-risk-annotations: {{vendor-input: \"{mode}\"}}\n")
    project.write("contracts/tools_list.json", _mcp(
        {"name": "get_weather", "description": "Get the weather."},
        {"name": "drop_table", "description": "Drop a table."},
        {"name": "create_table", "description": "Create a table."},
    ))
    fs = [f for f in run_engine("lint", cwd=project.path).findings if f.code.startswith("TC6")]
    assert len(fs) == expected and all(f.code == "TC616" and f.severity == "info" for f in fs)


# ------------------------------------------------------------------------------------------------ TC602


@pytest.mark.parametrize("name,risk,verb", [
    ("delete_file", "write_limited", "delete"),
    ("DropTable", "read_only", "drop"),
    ("cache-purge", "write_limited", "purge"),
    ("svc.destroyVolume", "write_limited", "destroy"),
    ("remove_member", "read_only", "remove"),
    ("wipe_device", "write_limited", "wipe"),
    ("truncate_log", "write_limited", "truncate"),
    ("create_order", "read_only", "create"),
    ("send_email", "read_only", "send"),
    ("chargeCard", "read_only", "charge"),
    ("refund_order", "read_only", "refund"),
    ("update_profile", "read_only", "update"),
    ("set_volume", "read_only", "set"),
    ("add_item", "read_only", "add"),
    ("post_message", "read_only", "post"),
    ("cancel_order", "read_only", "cancel"),
    ("transfer_funds", "read_only", "transfer"),
    ("pay_invoice", "read_only", "pay"),
    ("github__create_issue", "read_only", "create"),
])
def test_verb_contradicts_risk(project, name, risk, verb):
    fs = lint(project, f"""
        name: {name}
        description: A tool.
        risk: {risk}
        requires_confirmation: true
    """, suffix=KEYED)
    [f] = by_code(fs, "TC602")
    assert f.pointer == "/risk" and f.line == 3
    assert f"`{verb}`" in f.message and f"`{risk}`" in f.message
    assert "risk:" in f.help


@pytest.mark.parametrize("name,risk", [
    ("create_order", "write_limited"), ("create_order", "destructive"), ("delete_file", "destructive"),
    ("get_refund_status", "read_only"), ("list_deleted_items", "read_only"), ("search_posts", "read_only"),
    ("get_file", "destructive"),  # over-cautious is not a contradiction
    ("weather", "read_only"), ("deleted_count", "read_only"),
])
def test_verb_consistent_with_risk(project, name, risk):
    fs = lint(project, f"""
        name: {name}
        description: A tool.
        risk: {risk}
        requires_confirmation: true
    """, suffix=KEYED)
    assert not by_code(fs, "TC602")


def test_japanese_description_has_no_verb(project):
    fs = lint(project, """
        name: ギフト削除
        description: ギフトリストを完全に削除します。
        risk: read_only
        parameters: {type: object, properties: {}}
    """)
    assert not fs


def test_description_verb_when_name_has_none(project):
    fs = lint(project, """
        name: cleanup
        description: Permanently removes every file older than a week.
        risk: write_limited
    """, suffix=KEYED)
    [f] = by_code(fs, "TC602")
    assert f.message.startswith("the description starts with the destructive verb `remove`")


def test_name_verb_wins_over_description(project):
    fs = lint(project, """
        name: get_file
        description: Deletes nothing; returns one file.
        risk: read_only
        parameters: {type: object, properties: {}}
    """)
    assert not by_code(fs, "TC602")


def test_verb_options(project):
    config = """
        rules:
          TC602:
            destructive-verbs: [archive]
            write-verbs: []
            check-description: false
    """
    fs = lint(project, """
        tools:
          - name: archive_project
            description: Archive a project.
            risk: write_limited
            parameters: {type: object, properties: {}}
          - name: delete_file
            description: Delete a file.
            risk: read_only
            parameters: {type: object, properties: {}}
          - name: cleanup
            description: Deletes old files.
            risk: read_only
            parameters: {type: object, properties: {}}
    """, config)
    assert [(f.code, f.tool) for f in by_code(fs, "TC602")] == [("TC602", "archive_project")]


def test_scan_words_option(project):
    contract = """
        name: acme_billing_api_charge_card
        description: A tool.
        risk: read_only
        parameters: {type: object, properties: {}}
    """
    assert not by_code(lint(project, contract), "TC602")  # `charge` is the 4th word; 3 are scanned
    fs = lint(project, contract, "rules:\n  TC602: {scan-words: 1}\n")
    assert not by_code(fs, "TC602")
    fs = lint(project, contract, "rules:\n  TC602: {scan-words: 4}\n")
    assert by_code(fs, "TC602")


def test_suppression_on_risk_line(project):
    fs = lint(project, """
        name: remove_duplicates
        description: Remove repeated items from a list.
        risk: read_only  # toolcheck: ignore[TC602] pure computation
        parameters: {type: object, properties: {}}
    """)
    assert not fs


# ------------------------------------------------------------------------------------------------ TC603


@pytest.mark.parametrize("risk,ann,pointers", [
    ("write_limited", "{readOnlyHint: true}", ["/annotations/readOnlyHint"]),
    ("destructive", "{readOnlyHint: true, destructiveHint: true}", ["/annotations/readOnlyHint"]),
    ("read_only", "{readOnlyHint: false}", ["/annotations/readOnlyHint"]),
    ("read_only", "{destructiveHint: true}", ["/annotations/destructiveHint"]),
    ("write_limited", "{readOnlyHint: false, destructiveHint: true}", ["/annotations/destructiveHint"]),
    ("destructive", "{destructiveHint: false}", ["/annotations/destructiveHint"]),
    ("read_only", "{readOnlyHint: false, destructiveHint: true}",
     ["/annotations/destructiveHint", "/annotations/readOnlyHint"]),
    ("read_only", "{readOnlyHint: true}", []),
    ("write_limited", "{readOnlyHint: false, destructiveHint: false}", []),
    ("destructive", "{readOnlyHint: false, destructiveHint: true, idempotentHint: true}", []),
    ("destructive", "{}", []),
    ("destructive", "[readOnlyHint]", []),
    ("destructive", "{readOnlyHint: 1, destructiveHint: 0}", []),
])
def test_annotations(project, risk, ann, pointers):
    fs = lint(project, f"""
        name: tool
        description: A tool.
        risk: {risk}
        requires_confirmation: true
        annotations: {ann}
    """, suffix=KEYED)
    got = by_code(fs, "TC603")
    assert sorted(f.pointer for f in got) == pointers
    for f in got:
        assert f"risk: {risk}" in f.message and "Make them agree" in f.help


# ------------------------------------------------------------------------------------------------ TC604-TC607


def test_missing_key_help_names_existing_parameter(project):
    fs = lint(project, """
        name: create_order
        description: Place an order.
        risk: write_limited
        parameters:
          type: object
          properties:
            request_id: {type: string, description: Key.}
    """)
    [f] = by_code(fs, "TC604")
    assert f.pointer == "" and "`idempotency_key: request_id`" in f.help


def test_missing_key_risks_option(project):
    contract = """
        name: create_order
        description: Place an order.
        risk: write_limited
        parameters: {type: object, properties: {}}
    """
    assert by_code(lint(project, contract), "TC604")
    assert not by_code(lint(project, contract, "rules:\n  TC604: {risks: [destructive]}\n"), "TC604")
    assert not by_code(lint(project, contract, "rules:\n  TC604: {risks: []}\n"), "TC604")
    read_only = contract.replace("write_limited", "read_only")
    assert by_code(lint(project, read_only, "rules:\n  TC604: {risks: [read_only]}\n"), "TC604")


def test_accepted_key_names_option(project):
    contract = _dedent("""
        name: create_order
        description: Place an order.
        risk: write_limited
    """) + KEYED
    assert not by_code(lint(project, contract), "TC604")
    fs = lint(project, contract, "rules:\n  TC604: {names: [idempotency_key, client_token]}\n")
    [f] = by_code(fs, "TC604")
    assert f.pointer == "/idempotency_key" and "not an accepted key name" in f.message
    assert "`idempotency_key: idempotency_key`" in f.help
    assert not by_code(lint(project, contract, "rules:\n  TC604: {names: request_id}\n"), "TC604")


def test_unknown_parameter_did_you_mean(project):
    fs = lint(project, """
        name: create_order
        description: Place an order.
        risk: write_limited
        idempotency_key: request_id
        parameters:
          type: object
          required: [requestID]
          properties:
            requestID: {type: string, description: Key.}
    """)
    [f] = by_code(fs, "TC605")
    assert f.pointer == "/idempotency_key" and "did you mean `requestID`" in f.message
    assert not by_code(fs, "TC606") and not by_code(fs, "TC607")


@pytest.mark.parametrize("parameters", [
    "", "parameters: x\n", "parameters: {type: object, properties: [request_id]}\n", "parameters: [1, 2]\n",
])
def test_hostile_parameters_are_unknown_key_parameter(project, parameters):
    fs = lint(project, """
        name: create_order
        description: Place an order.
        risk: write_limited
        idempotency_key: request_id
    """, suffix=parameters)
    assert codes(fs) == ["TC605", "TC615"]


@pytest.mark.parametrize("value", ["5", "[request_id]", '""', "{a: b}", "null"])
def test_hostile_idempotency_key_left_to_tc009(project, value):
    fs = lint(project, f"""
        name: create_order
        description: Place an order.
        risk: write_limited
        idempotency_key: {value}
        parameters: {{type: object, properties: {{}}}}
        errors: []
    """)
    assert not fs


@pytest.mark.parametrize("schema,pointer", [
    ("{type: integer}", "/parameters/properties/request_id/type"),
    ("{type: [string, integer]}", "/parameters/properties/request_id/type"),
    ("{type: 5}", "/parameters/properties/request_id/type"),
    ("{description: untyped}", "/parameters/properties/request_id"),
    ("string", "/parameters/properties/request_id"),
    ('{$ref: "#/$defs/missing"}', "/parameters/properties/request_id"),
    ('{$ref: "#/$defs/a"}', "/parameters/$defs/a"),  # a $ref cycle ends after a bounded number of hops
])
def test_key_not_string(project, schema, pointer):
    fs = lint(project, f"""
        name: create_order
        description: Place an order.
        risk: write_limited
        idempotency_key: request_id
        parameters:
          type: object
          required: [request_id]
          properties:
            request_id: {schema}
          $defs:
            a: {{$ref: "#/$defs/b"}}
            b: {{$ref: "#/$defs/a"}}
        errors: []
    """)
    [f] = by_code(fs, "TC606")
    assert f.pointer in (pointer, "/parameters/$defs/b")
    assert "`request_id`" in f.message


def test_key_string_via_ref_and_alias(project):
    fs = lint(project, """
        name: create_order
        description: Place an order.
        risk: write_limited
        idempotency_key: key
        inputSchema:
          type: object
          required: [key]
          properties:
            key: {$ref: "#/$defs/Key"}
          $defs:
            Key: {type: string, format: uuid}
        errors: []
    """)
    assert not fs


def test_key_not_required_pointers(project):
    base = """
        name: create_order
        description: Place an order.
        risk: write_limited
        idempotency_key: request_id
        input_schema:
          type: object
          {req}
          properties:
            cart: {{type: string}}
            request_id: {{type: string}}
        errors: []
    """
    [f] = by_code(lint(project, base.format(req="required: [cart]")), "TC607")
    assert f.pointer == "/input_schema/required" and "`required: [cart, request_id]`" in f.help
    [f] = by_code(lint(project, base.format(req="required: cart")), "TC607")
    assert f.pointer == "/input_schema/properties/request_id"


def test_key_checks_apply_whatever_the_risk(project):
    fs = lint(project, """
        name: get_order
        description: Get an order.
        risk: read_only
        idempotency_key: request_id
        parameters: {type: object, properties: {request_id: {type: integer}}}
    """)
    assert codes(fs) == ["TC606", "TC607"]


# ------------------------------------------------------------------------------------------------ TC608


def test_confirmation_missing_and_false(project):
    contract = _dedent("""
        name: reboot_server
        description: Reboot one server.
        risk: destructive
    """) + KEYED
    [f] = by_code(lint(project, contract), "TC608")
    assert f.pointer == "" and "`requires_confirmation: true`" in f.help
    [f] = by_code(lint(project, contract.replace("risk: destructive", "risk: destructive\n"
                                                                    "requires_confirmation: false")), "TC608")
    assert f.pointer == "/requires_confirmation" and f.line == 4


def test_confirmation_name_patterns(project):
    config = 'rules:\n  missing-confirmation: {names: ["charge_*", "transfer_*", "SEND_*"]}\n'
    tools = """
        tools:
          - name: billing.chargeCard
            description: Charge a card.
            risk: write_limited
            {keyed}
          - name: send-email
            description: Send an e-mail.
            risk: write_limited
            {keyed}
          - name: charge_preview
            description: Preview a charge.
            risk: read_only
            parameters: {{type: object, properties: {{}}}}
          - name: transfer_funds
            description: Transfer funds.
            risk: write_limited
            requires_confirmation: true
            {keyed}
    """.format(keyed=textwrap.indent(KEYED, " " * 12).strip())
    fs = by_code(lint(project, tools, config), "TC608")
    assert sorted(f.tool for f in fs) == ["billing.chargeCard", "send-email"]
    assert "(matching `charge_*`)" in fs[0].message
    assert not by_code(lint(project, tools), "TC608")


def test_confirmation_risks_option(project):
    contract = _dedent("""
        name: delete_file
        description: Delete a file.
        risk: destructive
    """) + KEYED
    assert not by_code(lint(project, contract, "rules:\n  TC608: {risks: []}\n"), "TC608")
    fs = lint(project, contract.replace("destructive", "write_limited"),
              "rules:\n  TC608: {risks: [write_limited, destructive]}\n")
    assert by_code(fs, "TC608")


# ------------------------------------------------------------------------------------------------ errors


def _errors(block: str) -> str:
    return "name: get_order\ndescription: Get an order.\nrisk: read_only\n" \
           "parameters: {type: object, properties: {}}\n" + block


@pytest.mark.parametrize("errors", [
    'errors: "x"\n', "errors: 5\n", "errors: {code: X}\n", "errors: [5, x, null, [1]]\n", "errors: []\n",
    "errors: [{code: 5, retryable: no_bool, description: 7}]\n",
])
def test_hostile_errors(project, errors):
    assert not lint(project, _errors(errors))


def test_error_entry_findings(project):
    fs = lint(project, _errors("""\
errors:
  - {code: NOT_FOUND, retryable: false, description: No order.}
  - {retryable: true, description: Timeout.}
  - {code: orderGone, description: ""}
  - {code: NOT_FOUND, retryable: false}
  - {code: "  ", retryable: false, description: Blank code.}
  - {code: "2FA_REQUIRED", retryable: false, description: Digits first.}
"""))
    got = sorted((f.code, f.pointer, f.message) for f in fs)
    assert got == [
        ("TC609", "/errors/1", "error #1 has no `code`"),
        ("TC609", "/errors/2/code", "error code `orderGone` is not UPPER_SNAKE_CASE"),
        ("TC609", "/errors/4/code", "error #4 has an empty `code`"),
        ("TC609", "/errors/5/code", "error code `2FA_REQUIRED` is not UPPER_SNAKE_CASE"),
        ("TC610", "/errors/2", "error `orderGone` does not say whether it is `retryable`"),
        ("TC611", "/errors/2/description", "error `orderGone` has an empty `description`"),
        ("TC611", "/errors/3", "error `NOT_FOUND` has no `description`"),
        ("TC612", "/errors/3/code", "error code `NOT_FOUND` is already declared by error #0"),
    ]
    dup = by_code(fs, "TC612")[0]
    assert dup.related and dup.related[0]["pointer"] == "/errors/0/code" and dup.related[0]["line"] == 6
    snake = [f for f in fs if "orderGone" in f.message and f.code == "TC609"][0]
    assert "`code: ORDER_GONE`" in snake.help


def test_error_code_pattern_option(project):
    contract = _errors("errors:\n  - {code: order.not_found, retryable: false, description: No order.}\n"
                       "  - {code: ORDER_NOT_FOUND, retryable: false, description: No order.}\n")
    fs = by_code(lint(project, contract, "rules:\n  TC609: {pattern: '^[a-z]+(\\.[a-z_]+)+$'}\n"), "TC609")
    assert [f.pointer for f in fs] == ["/errors/1/code"] and "does not match" in fs[0].message
    # an invalid pattern is a config error (exit 2, with its line), not a crash; the engine's fallback to the
    # default for a value handed over anyway is tests/test_catalogue.py's
    from toolcheck.config import ConfigError

    with pytest.raises(ConfigError, match=r"`rules.TC609.pattern`: is not a valid regular expression"):
        lint(project, contract, "rules:\n  TC609: {pattern: '(['}\n")


def test_errors_in_json_contract(project):
    fs = lint(project, json.dumps({
        "name": "get_order", "description": "Get an order.", "risk": "read_only",
        "parameters": {"type": "object", "properties": {}},
        "errors": [{"code": "A", "retryable": False, "description": "x"},
                   {"code": "A", "retryable": False, "description": "y"}],
    }, indent=2), name="tool.json")
    [f] = fs
    assert f.code == "TC612" and f.pointer == "/errors/1/code" and f.line > 1


# ------------------------------------------------------------------------------------------------ TC613/TC614


UNION = """\
name: get_order
description: Get an order.
risk: read_only
parameters: {type: object, properties: {}}
returns:
  anyOf:
    - type: object
      required: [ok]
      properties:
        ok: {const: true}
    - type: object
      required: [ok, error]
      properties:
        ok: {enum: [false]}
        error:
          type: object
          required: [code, message, retryable]
          properties:
            code: {type: string, enum: [NOT_FOUND, GONE]}
            message: {type: string}
            retryable: {type: boolean}
errors:
  - {code: NOT_FOUND, retryable: false, description: No order.}
  - {code: GONE, retryable: false, description: Deleted.}
"""


def test_complete_union_is_clean(project):
    assert not lint(project, UNION)


class _C:
    def __init__(self, returns):
        self.returns = returns
        self.returns_key = "returns"


def test_result_union_recognition():
    ok = {"type": "object", "properties": {"ok": {"const": True}}}
    err = {"type": "object", "properties": {"ok": {"const": False}, "error": {}}}
    u = result_union(_C({"oneOf": [ok, err]}))
    assert u and [p for _, p in u["err"]] == ["/oneOf/1"] and [p for _, p in u["ok"]] == ["/oneOf/0"]
    assert result_union(_C({"oneOf": [ok]})) is None
    assert result_union(_C({"oneOf": [ok, {"properties": {"ok": {"const": 0}}}]})) is None  # 0 is not false
    assert result_union(_C({"anyOf": "x"})) is None
    assert result_union(_C(["x"])) is None
    assert result_union(_C({"$ref": "#"})) is None  # self-reference, bounded
    u = result_union(_C({"$ref": "#/$defs/R", "$defs": {"R": {"anyOf": [{"$ref": "#/$defs/E"}]},
                                                       "E": err}}))
    assert [p for _, p in u["err"]] == ["/$defs/E"]


@pytest.mark.parametrize("old,new,expected", [
    ("required: [code, message, retryable]", "required: [code, message]",
     [("TC613", "/returns/anyOf/1/properties/error/required", "`error.retryable` of `returns` is not required")]),
    ("            retryable: {type: boolean}\n", "",
     [("TC613", "/returns/anyOf/1/properties/error/properties",
       "`error` of the `ok: false` branch of `returns` does not declare `retryable`")]),
    ("message: {type: string}", "message: {type: [string, 'null']}",
     [("TC613", "/returns/anyOf/1/properties/error/properties/message/type",
       "`error.message` of `returns` has type `[string, null]`, not `string`")]),
    ("      required: [ok, error]", "      required: [ok]",
     [("TC613", "/returns/anyOf/1/required", "the `ok: false` branch of `returns` does not require `error`")]),
    ("        error:", "        failure:",
     [("TC613", "/returns/anyOf/1/properties", "the `ok: false` branch of `returns` has no `error` property")]),
    ("enum: [NOT_FOUND, GONE]", "enum: [NOT_FOUND, GONE, RATE_LIMITED, 5]",
     [("TC614", "/returns/anyOf/1/properties/error/properties/code/enum/2",
       "error code `RATE_LIMITED` of `returns` is not declared in `errors`")]),
])
def test_union_findings(project, old, new, expected):
    assert old in UNION
    fs = lint(project, UNION.replace(old, new))
    assert [(f.code, f.pointer, f.message) for f in fs] == expected


def test_union_error_as_property_without_properties(project):
    fs = lint(project, UNION.replace("""          type: object
          required: [code, message, retryable]
          properties:
            code: {type: string, enum: [NOT_FOUND, GONE]}
            message: {type: string}
            retryable: {type: boolean}
""", "          type: object\n"))
    assert [(f.code, f.pointer) for f in fs] == [("TC613", "/returns/anyOf/1/properties/error")] * 3


def test_union_without_errors_key(project):
    fs = lint(project, UNION.split("errors:")[0])
    assert [f.code for f in fs] == ["TC614", "TC614"]
    assert all("the tool has no `errors`" in f.message for f in fs)


def test_union_options(project):
    renamed = (UNION.replace("ok:", "success:").replace("[ok", "[success").replace("error:", "problem:")
               .replace("[ok, error]", "[success, problem]").replace("errors:", "errors:"))
    renamed = renamed.replace("problem:\n  - {code: NOT_FOUND", "errors:\n  - {code: NOT_FOUND")
    config = "rules:\n  TC613: {ok-key: success, error-key: problem, fields: [code, message]}\n"
    fs = lint(project, renamed.replace("required: [success, error]", "required: [success, problem]"), config)
    assert not [f for f in fs if f.code == "TC613"], [f.message for f in fs]
    config = "rules:\n  TC613: {fields: {code: string, message: string, retryable: boolean, trace_id: string}}\n"
    fs = lint(project, UNION, config)
    assert [f.message for f in fs] == ["`error` of the `ok: false` branch of `returns` does not declare `trace_id`"]


@pytest.mark.parametrize("returns", [
    "returns: x\n", "returns: [1]\n", "returns: {anyOf: 5}\n", "returns: {oneOf: [5, x, {properties: []}]}\n",
    "returns: {anyOf: [{properties: {ok: {const: false}, error: 5}}]}\n",
    "returns: {anyOf: [{properties: {ok: {const: false}, error: {properties: {code: 5}}}}]}\n",
    'returns: {anyOf: [{$ref: "#/anyOf/0"}]}\n',
    'returns: {anyOf: [{$ref: "http://example.com/x"}]}\n',
])
def test_hostile_returns(project, returns):
    fs = lint(project, "name: get_order\ndescription: Get.\nrisk: read_only\n"
                       "parameters: {type: object, properties: {}}\n" + returns)
    assert all(f.code in ("TC613", "TC614") for f in fs)


# ------------------------------------------------------------------------------------------------ TC615


def test_write_tool_without_errors(project):
    contract = """
        name: cancel_order
        description: Cancel an order.
        risk: write_limited
        idempotency_key: request_id
        parameters: {type: object, required: [request_id], properties: {request_id: {type: string}}}
    """
    [f] = lint(project, contract)
    assert f.code == "TC615" and f.severity == "info" and f.pointer == ""
    assert not lint(project, contract, suffix="errors: []\n")
    assert not lint(project, contract, "rules:\n  TC615: {risks: [destructive]}\n")


# ------------------------------------------------------------------------------------------------ whole-family


def test_hostile_contract_never_crashes(project):
    project.write("contracts/a.yaml", textwrap.dedent("""
        tools:
          - name: 5
            description: [x]
            risk: destructive
            requires_confirmation: maybe
            idempotency_key: {a: 1}
            annotations: [1]
            parameters: 7
            returns: {oneOf: [{properties: {ok: {const: false}}}]}
            errors: [{code: [1]}, null, {retryable: true}]
          - description: no name
            risk: write_limited
          - name: delete_all
            risk: read_only
            description: 5
            annotations: {readOnlyHint: true, destructiveHint: null}
            inputSchema: {properties: {key: {type: string}}, required: key}
            idempotency_key: key
            outputSchema: {$ref: "#"}
    """))
    result = run_engine("validate", cwd=project.path, extend_select=OPT_IN_CODES)
    got = {f.code for f in result.findings if f.code.startswith("TC6")}
    assert {"TC604", "TC613", "TC618", "TC607", "TC609"} <= got  # TC618 stands for TC602 on `delete_all`


def _fence(code: str, heading: str) -> str:
    m = re.search(r"```[^\n]*\n(.*?)```", doc_section(RULES[code].doc, heading) or "", re.S)
    assert m, (code, heading)
    return m.group(1)


@pytest.mark.parametrize("code", TC6)
def test_use_instead_is_clean_for_the_whole_family(code, project):
    # TC616-TC618's examples show only their fix: clean under the default rules, not every team policy
    assert not lint(project, _fence(code, "Use instead"), opt_in=code not in ("TC616", "TC617", "TC618")), code


def test_every_rule_has_options_documented():
    for code in TC6:
        r = RULES[code]
        for opt in r.options:
            assert f"`{opt}`" in r.doc or f".{opt}`" in r.doc, (code, opt)


def test_bundled_contracts_are_clean():
    if not (ROOT / "contracts").is_dir():
        pytest.skip("no bundled contracts")
    result = run_engine("lint", cwd=ROOT, select=["TC6"])
    assert result.contracts
    assert not result.findings, [(f.file, f.code, f.message) for f in result.findings]


@needs_corpus
def test_corpus(tmp_path):
    result = run_engine("lint", [str(CORPUS / "tools.jsonl")], cwd=tmp_path, select=["TC6"])
    assert len(result.contracts) > 7000
    # function objects carry no risk, annotations, confirmation or errors: the family asks them for nothing
    # (TC601 reported 65 of 7,078 as info before; judged false: a risk the file cannot carry)
    assert not result.findings, [(f.code, f.tool) for f in result.findings[:5]]


def test_mcp_annotations_stand_for_risk(project):
    project.write("contracts/tools.json", json.dumps({"result": {"tools": [
        {"name": "delete_repo", "description": "Delete a repository.", "inputSchema": {"type": "object"},
         "annotations": {"readOnlyHint": True}},
        {"name": "delete_branch", "description": "Delete a branch.", "inputSchema": {"type": "object"},
         "annotations": {"destructiveHint": True}},
        {"name": "purge_cache", "description": "Purge the cache.", "inputSchema": {"type": "object"}},
        {"name": "get_repo", "description": "Get a repository.", "inputSchema": {"type": "object"}},
    ]}}, indent=1))
    result = run_engine("lint", cwd=project.path)
    if not result.contracts or result.contracts[0].format != "mcp":
        pytest.skip("MCP tools/list input is not read as the MCP format")
    fs = sorted((f.code, f.tool, f.pointer, f.severity) for f in result.findings if f.code.startswith("TC6"))
    assert fs == [("TC602", "delete_repo", "/result/tools/0/annotations", "warning"),
                  ("TC616", "purge_cache", "/result/tools/2", "info")]
    tc616 = [f for f in result.findings if f.code == "TC616"][0]
    assert "`annotations: {readOnlyHint: false, destructiveHint: true}`" in tc616.help


def test_policy_rules_are_opt_in(project):
    """TC604, TC608 and TC615 are team policies (judged 0/12, 2/11, 0/11 on imported servers): off by default
    and under `TC6`, on when named. A contract as `toolcheck import` writes it from an MCP server: write tools
    idempotent in effect, every action marked destructive, no declared errors."""
    assert OPT_IN_CODES == ["TC604", "TC608", "TC615"]
    project.write("contracts/update_page.yaml", _dedent("""
        name: update_page
        description: Replace the text of one page.
        risk: destructive
        parameters: {type: object, properties: {page_id: {type: string, description: The page.}}}
        annotations: {readOnlyHint: false, idempotentHint: false}
    """))
    project.write("toolcheck.yaml", "paths: [contracts]\n")
    for select in (None, ["TC6"]):
        got = {f.code for f in run_engine("lint", cwd=project.path, select=select).findings}
        assert not got & {"TC604", "TC608", "TC615", "TC617"}, got
    got = {f.code for f in run_engine("lint", cwd=project.path, extend_select=["missing-idempotency-key", "TC608",
                                                                              "TC615"]).findings}
    assert {"TC604", "TC608", "TC615"} <= got


def test_deletion_without_confirmation_is_tc617_and_stands_for_tc608(project):
    contract = _dedent("""
        name: drop_table
        description: Drop one table.
        risk: destructive
    """) + KEYED
    project.write("contracts/tool.yaml", contract)
    project.write("toolcheck.yaml", "paths: [contracts]\n")
    [f] = [f for f in run_engine("lint", cwd=project.path).findings if f.code.startswith("TC6")]
    assert (f.code, f.severity, f.pointer) == ("TC617", "error", "")
    assert "name verb `drop` says it deletes data" in f.message
    fs = [f for f in run_engine("lint", cwd=project.path, extend_select=["TC608"]).findings if f.code.startswith("TC6")]
    assert [f.code for f in fs] == ["TC617"]  # TC608's finding on the same tool is superseded
    project.write("contracts/tool.yaml", contract.replace("risk: destructive", "risk: destructive\n"
                                                                             "requires_confirmation: true"))
    assert not [f for f in run_engine("lint", cwd=project.path).findings if f.code.startswith("TC6")]


def test_deleting_name_declared_read_only_is_tc618_and_stands_for_tc602(project):
    """The issue's example: a `delete_*` tool explicitly declared `risk: read_only` is an error (lint exits 1),
    not TC602's warning; derived (MCP) risks and names that also say they read stay TC602's."""
    project.write("toolcheck.yaml", "paths: [contracts]\n")
    project.write("contracts/tool.yaml", "name: delete_order\ndescription: Delete an order.\nrisk: read_only\n"
                                         "parameters: {type: object, properties: {}}\n")
    fs = [f for f in run_engine("lint", cwd=project.path).findings if f.code.startswith("TC6")]
    assert [(f.code, f.severity, f.pointer) for f in fs] == [("TC618", "error", "/risk")]
    project.write("contracts/tool.yaml", "name: delete_preview\ndescription: Preview a cleanup.\nrisk: read_only\n"
                                         "parameters: {type: object, properties: {}}\n")
    fs = [f for f in run_engine("lint", cwd=project.path).findings if f.code.startswith("TC6")]
    assert [(f.code, f.severity) for f in fs] == [("TC602", "warning")]
