"""TC5: leaked internals and secrets — messages, pointers, context, options, masking in every output format."""

from __future__ import annotations

import json
import random
import string
from collections import Counter

import pytest

from toolcheck import masking, secrets
from toolcheck.rules.tc5_leaks import _patterns, _walk

from .conftest import CORPUS, needs_corpus, run_cli, run_engine

# Fake credentials in the documented formats (random, never issued).
GH = "ghp_M0XvqZjxTW3xvboSRt5Mh3dAwVtRMflhbmua"
AWS = "AKIAPTT0ZN3X0PDQXRYO"
OPENAI = "sk-proj-1nIj7BRd03Q2ybv097SHzxgQA6TCvY4dhKMlRdZQ"
ANTHROPIC = "sk-ant-api03-9QsTXUuSnH6av1Ib8pp1xxXHU0BScJXj675eVq30"
GOOGLE = "AIzaXYqaNUDqN9Nifp28uwCDydesokF5NSAllsN"
STRIPE = "sk_live_dV40J599dTCZWZYvRSZeyx4A"
SLACK = "xoxb-140532352691-5956419069784-tYpATIk27f4t3tGolUByxRmX"
JWT = ("eyJhbGciOiAiSFMyNTYiLCAidHlwIjogIkpXVCJ9.eyJzdWIiOiAic3ZjLWJpbGxpbmciLCAiaWF0IjogMTcxODAwMDAwMH0."
       "7NRSOtv75y4SXvE9rwLbAtf6e9cpCGybY9lMR4pAwBp")
RANDOM32 = "BYQ0DVbpag1xYKiuMw7TpHD8BHbNdZU0"
RANDOM40 = "Zq3ZycZOkN8gaW18vjsgJ0Wu8FxTwXqxni7z9KwR"
HEX = "580fac27cd8995efeba9032050d09c58"
PG_PASSWORD = "Qm4vRt8sLp"
ASSIGNED = "Hx7kPq2wZn4024"
DEFAULT_PASSWORD = "Tr0ub4dor&3"
KEY_BODY = "MIIEowIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi"

LEAKY = f"""\
name: leaky_tool
title: "Leaky (bot {SLACK})"
description: >-
  Calls the billing API with key {OPENAI} and reads
  postgres://app:{PG_PASSWORD}@db.prod.acme.net:5432/shop. Requests are signed with {RANDOM32}.
  Authenticate with password={ASSIGNED}.
risk: read_only
parameters:
  type: object
  properties:
    token:
      type: string
      default: {GH}
      examples: [{AWS}, "{JWT}"]
      description: A token.
    account:
      type: integer
      const: {STRIPE}
      enum: [{GOOGLE}]
    password: {{type: string, default: "{DEFAULT_PASSWORD}", description: Password.}}
    api_key: {{type: string, default: "{HEX}"}}
    headers:
      type: object
      default: {{Authorization: "Bearer {RANDOM40}"}}
errors:
  - {{code: AUTH, retryable: false, description: "Key {ANTHROPIC} rejected."}}
returns:
  type: object
  properties:
    key: {{type: string, description: "-----BEGIN RSA PRIVATE KEY-----\\n{KEY_BODY}\\n-----END RSA PRIVATE KEY-----"}}
"""
LEAKED = (SLACK, OPENAI, PG_PASSWORD, RANDOM32, ASSIGNED, GH, AWS, JWT, STRIPE, GOOGLE, DEFAULT_PASSWORD, HEX,
          RANDOM40, ANTHROPIC, KEY_BODY)


def _codes(result, prefix="TC5"):
    return [f.code for f in result.findings if f.code.startswith(prefix)]


def _lint(project, text: str, name: str = "tool.yaml", **kw):
    project.write(f"contracts/{name}", text)
    return run_engine("lint", cwd=project.path, select=["TC5"], **kw)


def _one(description: str, props: str = "") -> str:
    body = props or "    q: {type: string, description: What to look for.}\n"
    return (f"name: a_tool\ndescription: {json.dumps(description)}\nrisk: read_only\nparameters:\n  type: object\n"
            f"  properties:\n{body}")


# ------------------------------------------------------------------------------------------------ masking

@pytest.mark.parametrize("fmt", ["json", "sarif", "text", "junit", "github"])
def test_no_secret_in_any_output_format(project, fmt):
    project.write("contracts/leaky.yaml", LEAKY)
    p = run_cli("validate", "--format", fmt, cwd=project.path)
    assert p.returncode == 1, p.stderr
    out = p.stdout + p.stderr
    assert "TC503" in out
    for secret in LEAKED:
        assert secret not in out, f"{secret} printed in {fmt} output"


def test_every_secret_of_the_fixture_is_reported(project):
    result = _lint(project, LEAKY)
    codes = Counter(_codes(result))
    assert codes["TC503"] >= 11
    assert codes["TC502"] == 1 and codes["TC504"] == 1
    text = json.dumps([f.to_dict() for f in result.findings])
    for secret in LEAKED:
        assert secret not in text


def test_secret_in_property_name_is_neither_printed_nor_in_the_pointer(project):
    result = _lint(project, _one("Pasted a token by mistake.", f"    {GH}: {{type: string}}\n"))
    hits = [f for f in result.findings if f.code == "TC503"]
    assert len(hits) == 1
    assert hits[0].pointer == "/parameters/properties"
    assert GH not in hits[0].message and "property name" in hits[0].message


def test_mask_covers_every_reported_kind():
    for secret in (GH, AWS, OPENAI, ANTHROPIC, GOOGLE, STRIPE, SLACK, JWT, RANDOM32):
        masked = masking.mask(f"value {secret} here")
        assert secret not in masked and "********" in masked
    assert PG_PASSWORD not in masking.mask(f"postgres://app:{PG_PASSWORD}@db:5432/x")
    assert ASSIGNED not in masking.mask(f"password={ASSIGNED}")
    assert KEY_BODY not in masking.mask(f"-----BEGIN PRIVATE KEY-----\n{KEY_BODY}\n-----END PRIVATE KEY-----")


def test_context_secret_is_remembered_for_other_messages(project):
    value = "Wq8zLm3xQv7n"  # only a credential because of where it is
    result = _lint(project, _one("Create an account.", f"    password: {{type: string, default: \"{value}\"}}\n"))
    assert value not in result.masker.mask(f"another rule quotes `{value}`")
    assert value in result.masker.known
    # the run's masker, not process state: another run (or a host's check_arguments) starts from the patterns
    assert value in masking.mask(f"another rule quotes `{value}`")
    assert value not in masking.Masker().known


def test_mask_value_keeps_a_few_characters():
    assert masking.mask_value("abcdefghijklmnopqrstuvwxyz") == "abcd********yz"
    assert masking.mask_value("hunter2x") == "h*******"
    assert masking.mask("no secret here, just words") == "no secret here, just words"
    assert masking.PATTERNS.mask_data({GH: [f"x {GH}"]}) == {"ghp_********ua": ["x ghp_********ua"]}


@pytest.mark.parametrize("text", [
    "Append '&apikey=YOUR_API_KEY' to the query", "Authorization: Bearer <token>", "keys look like sk-...",
    "AKIAIOSFODNN7EXAMPLE", "api_key: ${API_KEY}", "password=xxxxxxxx", "http://user:password@host:port",
    "Password: minimum eight characters", "token: CiAKGjBpNDd2Nmp2Zml2 (the cursor of the next page)",
    "ABC123DEF456GHI789J0", "a1b2c3d4e5f6g7h8i9j0", "43c94480-78d1-4a23-91d4-1d49fea72cb7",
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", "InputBondAtom1LigandAtomFilter",
    "BioSamples_get_facets_by_attribute", "SGVsbG8gd29ybGQsIHRoaXMgaXMgc2FtcGxlIGRhdGE=", "RXN4CHEMISTRY_API_KEY",
])
def test_placeholders_and_identifiers_are_not_secrets(text):
    assert secrets.find_secrets(text) == []


def test_random_tokens_are_found_without_context():
    rng = random.Random(7)
    alphabet = string.ascii_letters + string.digits
    found = sum(bool(secrets.find_secrets("x " + "".join(rng.choice(alphabet) for _ in range(32)) + " y"))
                for _ in range(300))
    assert found >= 250  # ~93 %; the rest lack a digit or look too regular to tell from identifiers


# ------------------------------------------------------------------------------------------------ messages

def test_internal_host_message_and_pointer(project):
    result = _lint(project, _one("Fetch an invoice from https://billing.corp.acme.com/api/invoices by number."))
    (f,) = [f for f in result.findings if f.code == "TC501"]
    assert f.pointer == "/description" and f.severity == "warning" and f.tool == "a_tool"
    assert "billing.corp.acme.com" in f.message and "`corp` label" in f.message
    assert "allow.domains" in f.help


def test_several_matches_in_one_string_are_one_finding(project):
    result = _lint(project, _one("Mirrors http://10.0.0.5/a, http://10.0.0.6/b, http://10.0.0.7/c, http://10.0.0.8/d"))
    (f,) = [f for f in result.findings if f.code == "TC501"]
    assert "internal hosts" in f.message and "and 1 more" in f.message
    assert len(f.data["matches"]) == 4


def test_a_connection_string_without_a_password_has_its_own_code(project):
    # one code, one severity: the password-less string is TC512's warning, the one with a password TC502's error
    result = _lint(project, _one("Reads mongodb+srv://cluster0.ab1cd.mongodb.net/users."))
    assert "TC502" not in _codes(result)
    (f,) = [f for f in result.findings if f.code == "TC512"]
    assert f.severity == "warning"
    result = _lint(project, _one(f"Reads mongodb+srv://app:{PG_PASSWORD}@cluster0.ab1cd.mongodb.net/users."))
    (f,) = [f for f in result.findings if f.code == "TC502"]
    assert f.severity == "error" and PG_PASSWORD not in f.message and "TC501" not in _codes(result)
    assert "TC512" not in _codes(result)


def test_findings_point_into_nested_schemas(project):
    props = """\
    filter:
      anyOf:
        - type: object
          properties:
            where: {type: string, description: "Reads the prod.customers table."}
        - {$ref: "#/$defs/x"}
      items: {type: string, examples: ["/etc/acme/secrets.yaml"]}
"""
    text = _one("Filter things.", props) + "  $defs:\n    x: {type: string, description: Reads process.env.ACME_HOME.}\n"
    result = _lint(project, text, extend_select=["TC507"])
    by_code = {f.code: f.pointer for f in result.findings if f.code.startswith("TC5")}
    assert by_code["TC506"] == "/parameters/properties/filter/anyOf/0/properties/where/description"
    assert by_code["TC505"] == "/parameters/properties/filter/items/examples/0"
    assert by_code["TC507"] == "/parameters/$defs/x/description"


def test_returns_and_errors_are_scanned(project):
    text = _one("Get the report.") + """\
returns:
  type: object
  properties:
    link: {type: string, description: "Under https://reports.internal/weekly/."}
errors:
  - {code: FAILED, retryable: true, description: "The reply is the KeyError text when the report is missing."}
"""
    result = _lint(project, text, extend_select=["TC509"])
    pointers = {(f.code, f.pointer) for f in result.findings}
    assert ("TC501", "/returns/properties/link/description") in pointers
    assert ("TC509", "/errors/0/description") in pointers


def test_function_jsonl_records(project):
    empty = {"name": "empty", "parameters": {"type": "object"}}
    record = {"name": "fetch", "description": "GET http://intranet/pages then parse.",
              "parameters": {"type": "object", "properties": {"u": {"type": "string"}}}}
    project.write("contracts/tools.jsonl", "\n".join(json.dumps(r) for r in (empty, empty, record)) + "\n")
    result = run_engine("lint", cwd=project.path, select=["TC5"])
    (f,) = result.findings
    assert f.code == "TC501" and f.pointer == "/2/description" and "single-label" in f.message
    assert f.tool == "fetch"


# ------------------------------------------------------------------------------------------------ context

@pytest.mark.parametrize("description,props", [
    ("Weather from https://api.open-meteo.com/v1/forecast (docs at https://open-meteo.com).", ""),
    ("Register a server.", "    host: {type: string, default: localhost, description: \"e.g. '192.168.1.100'\"}\n"),
    ("Bind to an address.", "    addr: {type: string, format: ipv4, description: Such as 10.0.0.1.}\n"),
    ("Fetch https://{host}/api or http://host:port/x, e.g. https://api.example.com/items.", ""),
    ("Save a file.", "    output_path: {type: string, description: \"For example '/var/log/myapp/' or /tmp/x.\"}\n"),
    ("Open reports/q1.pdf or ~/notes.txt; the /app/settings page; /home/user/work.", ""),
    ("Select a gift from the list and update the cart.", ""),
    ("Run read-only SQL.", "    sql: {type: string, description: \"e.g. SELECT * FROM prod.users\"}\n"),
    ("Mail user@example.com or support@acme.com; esm@ee891c52.", ""),
    ("Choose API_KEY or OAUTH_TOKEN.", "    mode: {type: string, enum: [API_KEY, OAUTH_TOKEN]}\n"),
    ("Returns NotFoundError when nothing matches.", "    kind: {type: string, enum: [NotFoundError]}\n"),
    ("Count lines; at least one, at most 10. See the File menu, line 3.", ""),
    ("Classes live in com.acme.internal; URIs like memory://folder/note.", ""),
])
def test_documentation_of_a_format_is_not_a_leak(project, description, props):
    result = _lint(project, _one(description, props))
    assert _codes(result) == [], [f.message for f in result.findings]


@pytest.mark.parametrize("props,reported", [
    # a count is not a path, whatever its description opens with
    ("    limit: {type: integer, description: \"Files to scan at most, e.g. 10 under /srv/photos.\"}\n", True),
    # a description that opens with a path noun makes a path parameter of an oddly named one
    ("    into: {type: string, description: \"Folder to copy into, e.g. /srv/photos/in.\"}\n", False),
    # "e.g." and "i.e." do not end the example's clause; a full stop does
    ("    folder: {type: string, description: \"Folder (i.e. a directory), e.g. /home/marta/in.\"}\n", False),
    ("    folder: {type: string, description: \"Folder such as in/. It ends up in /home/marta/in.\"}\n", True),
    # the template is the format, even with a real-looking name before it
    ("    out_dir: {type: string, description: \"Written to /Users/dkowal/<project>/out.\"}\n", False),
    ("    out_dir: {type: string, description: \"Written to C:\\\\Users\\\\dkowal\\\\{project}\\\\out.\"}\n", False),
    # a placeholder user is no user, whatever the parameter
    ("    note: {type: string, description: \"Stored under C:\\\\Users\\\\<name>\\\\notes.\"}\n", False),
    ("    note: {type: string, description: \"Stored under C:\\\\Users\\\\dkowal\\\\notes.\"}\n", True),
    # the tool's own value is not a format example
    ("    folder: {type: string, enum: [/home/dkowal/in], description: \"Folder such as that one.\"}\n", True),
])
def test_a_path_is_a_format_only_as_an_example_under_a_path_parameter(project, props, reported):
    result = _lint(project, _one("Copy photos.", props))
    assert (_codes(result) == ["TC505"]) is reported and set(_codes(result)) <= {"TC505"}, \
        [f.message for f in result.findings]


def test_file_urls_are_paths(project):
    result = _lint(project, _one("Reads file:///etc/acme/app.conf at start-up."))
    (f,) = [f for f in result.findings if f.code.startswith("TC5")]
    assert f.code == "TC505" and "/etc/acme/app.conf" in f.message


def test_sql_in_a_search_tool_is_reported(project):
    props = "    query: {type: string, description: Words to search for.}\n"
    result = _lint(project, _one("Search docs (runs SELECT id FROM prod.docs WHERE body LIKE ?).", props))
    assert "TC506" in _codes(result)


# ------------------------------------------------------------------------------------------------ options

def test_allow_domains_accepts_suffixes_and_cidr(project):
    project.write("toolcheck.yaml", "paths: [contracts]\nallow:\n  domains: ['*.corp.acme.com', 10.0.0.0/8]\n")
    result = _lint(project, _one("See https://wiki.corp.acme.com/x and http://10.1.2.3/y; not http://192.168.0.9/z."))
    (f,) = [f for f in result.findings if f.code == "TC501"]
    assert "192.168.0.9" in f.message and "10.1.2.3" not in f.message


def test_allow_patterns_and_a_pattern_that_is_not_a_regex(project):
    # a pattern that does not compile is a config error (it used to be matched as plain text, silently); written
    # escaped it matches the text it names
    from toolcheck.config import ConfigError

    project.write("toolcheck.yaml", "paths: [contracts]\nallow:\n  patterns: ['^https://wiki\\.lan/', '[unclosed']\n")
    with pytest.raises(ConfigError, match="not a valid regular expression"):
        _lint(project, _one("See https://wiki.lan/x and http://build.lan/."))
    project.write("toolcheck.yaml", "paths: [contracts]\nallow:\n  patterns: ['^https://wiki\\.lan/', '\\[unclosed']\n")
    result = _lint(project, _one("See https://wiki.lan/x, http://files.lan/[unclosed and http://build.lan/."))
    (f,) = [f for f in result.findings if f.code == "TC501"]
    assert "build.lan" in f.message and "wiki.lan" not in f.message and "files.lan" not in f.message


def test_internal_domains_options(project):
    project.write("toolcheck.yaml", "paths: [contracts]\nrules:\n  TC501: {internal-domains: [acme.net]}\n"
                  "  internal-email: {internal-domains: [acme.com]}\n")
    result = _lint(project, _one("Docs at https://wiki.acme.net/; ask jane.doe@acme.com or ops@acme.net."))
    msgs = {f.code: f.message for f in result.findings}
    assert "wiki.acme.net" in msgs["TC501"]
    assert "jane.doe@acme.com" in msgs["TC510"] and "ops@acme.net" in msgs["TC510"]


def test_min_length_option_only_raises_the_bar(project):
    project.write("toolcheck.yaml", "paths: [contracts]\nrules:\n  TC504: {min-length: 40}\n")
    assert "TC504" not in _codes(_lint(project, _one(f"Signed with {RANDOM32}.")))
    assert "TC504" in _codes(_lint(project, _one(f"Signed with {RANDOM40}.")))


def test_select_one_code_runs_only_that_detector(project):
    project.write("contracts/leaky.yaml", LEAKY)
    result = run_engine("lint", cwd=project.path, select=["TC502"])
    assert _codes(result) == ["TC502"]


# ------------------------------------------------------------------------------------------------ robustness

@pytest.mark.parametrize("parameters", [
    "parameters: just a string\n",
    "parameters: {type: object, properties: [1, 2]}\n",
    "parameters: {type: 5, description: 7, enum: [1, null, {a: [b]}], pattern: 3, default: {1: x}}\n",
    "parameters: {type: object, properties: {a: {anyOf: 3, items: [1, {description: 'http://10.0.0.1/'}]}}}\n",
])
def test_hostile_values_do_not_crash(project, parameters):
    result = _lint(project, f"name: odd\ndescription: Odd.\n{parameters}")
    assert all(f.code != "TC011" for f in result.findings)


def test_deep_and_self_referencing_schemas(project):
    deep = "{description: 'see http://10.9.9.9/'}"
    for _ in range(150):
        deep = f"{{items: {deep}}}"
    result = _lint(project, f"name: deep\ndescription: Deep.\nparameters: {deep}\n")
    assert _codes(result) == []  # beyond the depth limit: not walked, and no crash
    alias = ("name: alias\ndescription: Alias.\nx-defs:\n  s: &s {description: 'http://10.1.1.1/'}\n"
             "parameters:\n  type: object\n  properties:\n    a: *s\n    b: *s\n")
    result = _lint(project, alias, name="alias.yaml")
    assert sorted(f.pointer for f in result.findings if f.code == "TC501") == [
        "/parameters/properties/a/description", "/parameters/properties/b/description"]


def test_a_cyclic_schema_in_memory_terminates():
    class FakeContract:
        parameters_key, returns_key = "parameters", None
        data: dict = {"name": "cyclic", "description": "Cyclic."}

    schema: dict = {"type": "object", "description": "http://10.0.0.1/", "properties": {}}
    schema["properties"]["self"] = schema
    FakeContract.data["parameters"] = schema
    texts, names = _walk.collect_strings(FakeContract())
    assert 0 < len(texts) <= _walk.MAX_DEPTH + 2 and len(names) <= _walk.MAX_DEPTH + 1


def test_offsets_survive_non_ascii_text():
    strings = ["Ünïcödé İstanbul ⚙️ 🎁 text", "plain", "ß then http://10.0.0.1/x", "🎁" * 3 + " process.env.DB_URL"]
    cand = _patterns.candidates(strings, {"host", "env", "secret"})
    assert cand == {2: {"host"}, 3: {"env"}}


def test_classify_host():
    assert _patterns.classify_host("127.0.0.1") == "loopback address"
    assert _patterns.classify_host("169.254.169.254") == "link-local address"
    assert _patterns.classify_host("fe80::1") == "link-local address"
    assert _patterns.classify_host("172.20.1.1") == "private address"
    assert _patterns.classify_host("172.32.1.1") is None
    assert _patterns.classify_host("db.svc.cluster.local") == ".local domain"
    assert _patterns.classify_host("billing") == "single-label host name"
    assert _patterns.classify_host("{host}") is None and _patterns.classify_host("hostname") is None
    assert _patterns.classify_host("api.github.com") is None
    assert _patterns.classify_host("wiki.acme.net", ("acme.net",)) == "configured internal domain acme.net"


# ------------------------------------------------------------------------------------------------ corpus

@needs_corpus
def test_corpus_counts(tmp_path):
    result = run_engine("lint", [str(CORPUS / "tools.jsonl")], cwd=tmp_path, select=["TC5", "TC507", "TC509"])
    counts = Counter(f.code for f in result.findings)
    # Measured when written (issue 17): TC501 1, `https://sweweb/...` (a named intranet host in a URL example; the
    # requests.get proxy examples `http://10.10.1.10:3128` are format examples under proxy parameters, no longer
    # reported). TC507 was 118 (ToolUniverse setup text naming API-key variables) and TC509 5 (BFCL Java methods
    # that document what they "throw"): neither class is reported any more, and both rules are opt-in.
    assert 1 <= counts["TC501"] <= 3
    assert counts["TC507"] <= 3 and counts["TC509"] <= 3
    for code in ("TC502", "TC503", "TC504", "TC505", "TC506", "TC508", "TC510"):
        assert counts[code] <= 3, (code, [f.message for f in result.findings if f.code == code])
    default = run_engine("lint", [str(CORPUS / "tools.jsonl")], cwd=tmp_path, select=["TC5"])
    assert not {f.code for f in default.findings} & {"TC507", "TC509"}  # opt-in: a family selector leaves them off
