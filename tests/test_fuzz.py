"""`toolcheck fuzz` (TC7): schema-level checks, handler fuzzing, MCP servers, --save-failures, the extra's pins.

Deliberately broken handlers live in tests/fuzz_handlers/broken.py and are copied into each throw-away project
(the project root is what the worker puts on sys.path). Example counts are kept small where the case is found
early anyway; the four "Done means" defects run with the default budget (100 examples).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
import time
import uuid
from pathlib import Path

import pytest

from .conftest import CORPUS, ROOT, needs_corpus, run_cli

HANDLERS = Path(__file__).resolve().parent / "fuzz_handlers"


def _has_extra() -> bool:
    try:
        import hypothesis  # noqa: F401
        import hypothesis_jsonschema  # noqa: F401
    except ImportError:
        return False
    return True


needs_extra = pytest.mark.skipif(not _has_extra(), reason="the `fuzz` extra is not installed")


def fuzz(cwd, paths=None, select=None, target=None, mcp_command=None, mcp_timeout=30.0, **fopts):
    """Run `toolcheck fuzz` in-process; returns (RunResult, FuzzOptions) — the options carry the run's state."""
    from toolcheck.cli import build_settings
    from toolcheck.fuzz import FuzzOptions, run_fuzz

    old = os.getcwd()
    os.chdir(cwd)
    try:
        settings = build_settings(
            "fuzz", paths=[Path(p) for p in paths] if paths else None, config=None,
            select=[select] if isinstance(select, str) else select, extend_select=None, ignore=None,
            target=[target] if isinstance(target, str) else target, ship=None, samples=None, exclude=None, fmt=None,
            output=None, fail_on=None, exit_zero=False, statistics=False, baseline=None, write_baseline=None,
            no_cache=True, quiet=True, force_exclude=False, mcp_command=mcp_command, mcp_timeout=mcp_timeout)
        fopts.setdefault("progress", False)
        opts = FuzzOptions(**fopts)
        return run_fuzz(settings, opts), opts
    finally:
        os.chdir(old)


def project(tmp_path: Path, contracts: dict[str, str], handlers: bool = True, config: str = "") -> Path:
    (tmp_path / "contracts").mkdir(parents=True, exist_ok=True)
    (tmp_path / "toolcheck.yaml").write_text("paths: [contracts]\nsamples: samples\n" + config, encoding="utf-8")
    for name, text in contracts.items():
        (tmp_path / "contracts" / f"{name}.yaml").write_text(textwrap.dedent(text), encoding="utf-8")
    if handlers:
        shutil.copytree(HANDLERS, tmp_path / "fuzz_handlers", ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path


def by_code(result, code):
    return [f for f in result.findings if f.code == code]


# ------------------------------------------------------------------------------------------------ contracts

SPLIT = """\
name: split_payment
description: Split a payment into equal parts. Use it when the user asks how much each part is.
risk: read_only
handler: fuzz_handlers.broken:split_payment
parameters:
  type: object
  additionalProperties: false
  required: [total, parts]
  properties:
    total: {type: integer, minimum: 0, maximum: 1000000, description: The amount in cents.}
    parts: {type: integer, minimum: 0, maximum: 20, description: How many parts.}
"""
LOOKUP = """\
name: lookup_order
description: Look up an order by its reference. Use it when the user asks about an order.
risk: read_only
handler: fuzz_handlers.broken:lookup_order
parameters:
  type: object
  additionalProperties: false
  required: [order_ref]
  properties:
    order_ref: {type: string, minLength: 1, maxLength: 12, description: The order reference.}
"""
RESERVE = """\
name: reserve_table
description: Reserve a table at the restaurant tonight. Use it when the user wants to book a table.
risk: write_limited
idempotency_key: party_size
handler: fuzz_handlers.broken:reserve_table
parameters:
  type: object
  additionalProperties: false
  required: [party_size]
  properties:
    party_size: {type: integer, minimum: 1, maximum: 12, description: How many people.}
errors:
  - code: RESTAURANT_CLOSED
    retryable: false
    description: The restaurant is closed tonight.
"""
QUOTE = """\
name: price_quote
description: Quote the price of an amount of credits. Use it when the user asks what credits cost.
risk: read_only
handler: fuzz_handlers.broken:price_quote
parameters:
  type: object
  additionalProperties: false
  required: [amount, currency]
  properties:
    amount: {type: integer, minimum: 1, maximum: 1000, description: How many credits.}
    currency: {type: string, enum: [EUR, JPY], description: The currency of the quote.}
returns:
  type: object
  additionalProperties: false
  required: [price, currency]
  properties:
    price: {type: number, minimum: 0, description: The price.}
    currency: {type: string, description: The currency.}
"""


# ------------------------------------------------------------------------------------------------ the extra

@needs_extra
def test_pinned_versions_and_an_object_schema_generates():
    from hypothesis import Phase, find, settings
    from hypothesis_jsonschema import from_schema

    from toolcheck.fuzz import PINNED, installed_versions

    assert installed_versions() == PINNED
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    for dist, version in PINNED.items():
        assert f'"{dist}=={version}"' in pyproject
    from toolcheck.fuzz.runtime import no_local_constants, storage

    schema = {"type": "object", "required": ["a"], "properties": {"a": {"type": "integer", "minimum": 3}}}
    with storage(), no_local_constants():  # as the driver runs it: no .hypothesis/ here, no source scan
        found = find(from_schema(schema), lambda x: True,
                     settings=settings(database=None, max_examples=5, phases=[Phase.generate]))
    assert isinstance(found, dict) and isinstance(found["a"], int) and found["a"] >= 3


def test_lint_validate_and_rules_never_import_hypothesis(tmp_path):
    code = textwrap.dedent("""
        import sys
        from toolcheck.cli import app
        for cmd in (["rules"], ["lint", "contracts"], ["validate", "contracts"]):
            try:
                app(cmd, standalone_mode=False)
            except SystemExit:
                pass
        print(sorted(m for m in sys.modules if m.split(".")[0] in ("hypothesis", "hypothesis_jsonschema")))
    """)
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert p.stdout.strip().splitlines()[-1] == "[]", p.stdout + p.stderr


def test_without_the_extra_fuzz_names_the_install_command_and_exits_2(tmp_path):
    project(tmp_path, {"reserve_table": RESERVE}, handlers=False)
    code = ("import sys; sys.modules['hypothesis_jsonschema'] = None; sys.argv = ['toolcheck', 'fuzz']; "
            "from toolcheck.cli import main; main()")
    p = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert p.returncode == 2
    assert "pip install 'toolcheck-llm[fuzz] @ git+" in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1
    assert "Traceback" not in p.stderr


# ------------------------------------------------------------------------------------------------ handlers

@needs_extra
def test_the_four_broken_handlers_are_found_with_the_default_budget(tmp_path):
    proj = project(tmp_path, {"split_payment": SPLIT, "lookup_order": LOOKUP, "reserve_table": RESERVE,
                              "price_quote": QUOTE})
    result, opts = fuzz(proj, select="TC710,TC713,TC714,TC718", seed=3)
    assert opts.max_examples == 100  # the default budget
    found = {(f.code, f.tool) for f in result.findings}
    assert found == {("TC710", "split_payment"), ("TC718", "lookup_order"), ("TC714", "reserve_table"),
                     ("TC713", "price_quote")}, [(f.code, f.tool, f.message) for f in result.findings]

    zero = by_code(result, "TC710")[0]
    assert "ZeroDivisionError" in zero.message
    assert zero.data["arguments"] == {"parts": 0, "total": 0}  # shrunk to the minimal case
    assert zero.data["seed"] == 3
    assert zero.data["reproduce"] == ("toolcheck fuzz --seed 3 --tool split_payment --select TC710 "
                                      "contracts/split_payment.yaml")
    assert zero.file == "contracts/split_payment.yaml" and zero.pointer == "/handler" and zero.line == 4
    assert "traceback" in zero.data and "ZeroDivisionError" in zero.data["traceback"]

    trace = by_code(result, "TC718")[0]
    assert "stack trace" in trace.message
    undeclared = by_code(result, "TC714")[0]
    assert "`FULLY_BOOKED`" in undeclared.message and "RESTAURANT_CLOSED" in undeclared.message
    assert undeclared.pointer == "/errors" and undeclared.data["arguments"] == {"party_size": 7}
    returns = by_code(result, "TC713")[0]
    assert returns.data["arguments"]["currency"] == "JPY"
    assert returns.pointer.startswith("/returns/properties/price")


@needs_extra
def test_same_seed_same_cases_same_findings(tmp_path):
    proj = project(tmp_path, {"split_payment": SPLIT, "price_quote": QUOTE})

    def run(seed):
        result, _ = fuzz(proj, select="TC710,TC713,TC703", seed=seed, max_examples=40)
        return [(f.code, f.tool, f.pointer, f.message, json.dumps(f.data, sort_keys=True)) for f in result.findings]

    first = run(7)
    assert first and first == run(7)


@needs_extra
def test_reproduce_command_replays_the_finding(tmp_path):
    proj = project(tmp_path, {"split_payment": SPLIT})
    p = run_cli("fuzz", "--seed", "5", "--select", "TC710", "--format", "json", cwd=proj)
    assert p.returncode == 1, p.stderr
    f = json.loads(p.stdout)["findings"][0]
    cmd = f["data"]["reproduce"].split()
    assert cmd[:2] == ["toolcheck", "fuzz"]
    again = run_cli(*cmd[1:], "--format", "json", cwd=proj)
    g = json.loads(again.stdout)["findings"][0]
    assert (g["code"], g["data"]["arguments"], g["message"]) == (f["code"], f["data"]["arguments"], f["message"])
    assert run_cli("fuzz", "--seed", "5", "--select", "TC710", "--exit-zero", "-q", cwd=proj).returncode == 0


@needs_extra
def test_async_handler_called_with_kwargs_mutates_values_not_keys(tmp_path):
    contract = """\
    name: count_down
    description: Count down from a number in steps. Use it when the user wants a countdown.
    risk: read_only
    handler: fuzz_handlers.broken:countdown
    handler_call: kwargs
    parameters:
      type: object
      additionalProperties: false
      required: [start]
      properties:
        start: {type: integer, minimum: 0, maximum: 100, description: Where to start.}
        step: {type: integer, minimum: 0, maximum: 10, description: The step.}
    """
    result, _ = fuzz(project(tmp_path, {"count_down": contract}), select="TC710,TC716", max_examples=30)
    raised = by_code(result, "TC710")
    assert raised and "ValueError" in raised[0].message and raised[0].data["arguments"]["step"] == 0
    for f in by_code(result, "TC716"):
        assert "keyword argument" not in f.data.get("message", ""), f.message  # no key was added or dropped


@needs_extra
def test_a_handler_that_exits_or_hangs_is_a_finding_not_a_hang(tmp_path):
    contract = """\
    name: run_job
    description: Run a maintenance job in one of three modes. Use it when the operator starts a job.
    risk: write_limited
    idempotency_key: mode
    handler: fuzz_handlers.broken:fragile
    parameters:
      type: object
      additionalProperties: false
      required: [mode]
      properties:
        mode: {type: string, enum: [ok, exit, hang], description: The mode.}
    """
    t0 = time.monotonic()
    result, _ = fuzz(project(tmp_path, {"run_job": contract}), select="TC711,TC712", max_examples=20,
                     handler_timeout=1.0)
    assert time.monotonic() - t0 < 60
    crashed = by_code(result, "TC711")
    assert crashed and crashed[0].data["arguments"] == {"mode": "exit"} and "exit status 3" in crashed[0].message
    hung = by_code(result, "TC712")
    assert hung and hung[0].data["arguments"] == {"mode": "hang"}


@needs_extra
def test_invalid_arguments_must_come_back_as_structured_errors(tmp_path):
    def contract(name, fn, errors=""):
        return f"""\
        name: {name}
        description: Add an item to the cart. Use it when the user wants to buy an item.
        risk: write_limited
        idempotency_key: sku
        handler: toolcheck.examples.pitfalls:{fn}
        parameters:
          type: object
          additionalProperties: false
          required: [sku, quantity]
          properties:
            sku: {{type: string, minLength: 1, maxLength: 20, description: The SKU.}}
            quantity: {{type: integer, minimum: 1, maximum: 99, description: How many.}}
        {errors}"""
    proj = project(tmp_path, {"add_to_cart": contract("add_to_cart", "add_to_cart"),
                              "add_careful": contract("add_careful", "add_to_cart_careful")}, handlers=False)
    result, _ = fuzz(proj, select="TC7", max_examples=40)
    got = {(f.code, f.tool) for f in result.findings}
    assert ("TC716", "add_to_cart") in got
    assert not [f for f in result.findings if f.tool == "add_careful"], [f.message for f in result.findings]
    raised = [f for f in by_code(result, "TC716") if f.tool == "add_to_cart"]
    assert all(f.data["mutation"] for f in raised)


@needs_extra
def test_unloadable_handler_is_reported_at_the_handler_key(tmp_path):
    contract = RESERVE.replace("fuzz_handlers.broken:reserve_table", "fuzz_handlers.nowhere:reserve_table")
    result, _ = fuzz(project(tmp_path, {"reserve_table": contract}), max_examples=5)
    f = by_code(result, "TC719")[0]
    assert f.pointer == "/handler" and "ModuleNotFoundError" in f.message


@needs_extra
def test_bundled_contracts_fuzz_clean_with_their_example_handlers():
    result, opts = fuzz(ROOT, max_examples=15)
    assert result.findings == [], [(f.code, f.tool, f.message) for f in result.findings]
    assert opts.state.calls >= 11 * 15  # every tool's handler was called, valid and invalid arguments
    assert opts.state.invalid > 0


# ------------------------------------------------------------------------------------------------ schemas

SCHEMAS = {
    "seats": """\
    name: book_seats
    description: Book seats for a show. Use it when the user has chosen the seats.
    risk: write_limited
    idempotency_key: show
    parameters:
      type: object
      additionalProperties: false
      required: [show, seats]
      properties:
        show: {type: string, minLength: 1, maxLength: 20, description: The show.}
        seats:
          type: array
          description: The seats to book.
          uniqueItems: true
          minItems: 3
          items: {type: string, enum: [A1, A2], description: A seat.}
    """,
    "static_unsat": """\
    name: pick_budget
    description: Pick a budget for a present. Use it when the user names a price range.
    risk: read_only
    parameters:
      type: object
      additionalProperties: false
      required: [budget]
      properties:
        budget: {type: number, minimum: 100, maximum: 10, description: The budget.}
    """,
    "rate": """\
    name: set_rate
    description: Set a discount rate. Use it when the user changes a promotion.
    risk: write_limited
    idempotency_key: key
    parameters:
      type: object
      additionalProperties: false
      required: [key, rate]
      properties:
        key: {type: string, minLength: 8, maxLength: 20, description: The key.}
        rate: {type: number, minimum: 0, maximum: 1, multipleOf: 0.01, description: The rate.}
    """,
    "modern": """\
    name: plan_route
    description: Plan a route through waypoints. Use it when the user asks for directions.
    risk: read_only
    parameters:
      $schema: https://json-schema.org/draft/2020-12/schema
      type: object
      additionalProperties: false
      required: [start, stops]
      properties:
        start: {$ref: "#/$defs/point", description: Where to start.}
        stops:
          type: array
          description: Stops, each a point and a label.
          maxItems: 4
          items:
            type: array
            prefixItems: [{$ref: "#/$defs/point"}, {type: string, maxLength: 10}]
            items: false
            minItems: 2
        mode: {type: string, enum: [car, bike], description: How to travel.}
        bike_type: {type: string, enum: [road, mountain], description: The bike, for mode bike.}
        tree: {$ref: "#/$defs/node", description: A recursive structure.}
      dependentRequired: {bike_type: [mode]}
      $defs:
        point:
          type: object
          additionalProperties: false
          required: [lat, lon]
          properties:
            lat: {type: number, minimum: -90, maximum: 90}
            lon: {type: number, minimum: -180, maximum: 180}
        node:
          type: object
          additionalProperties: false
          properties:
            name: {type: string, pattern: "^\\\\d{2}-\\\\w+$"}
            children: {type: array, maxItems: 2, items: {$ref: "#/$defs/node"}}
    """,
    "open": """\
    name: search_recipes
    description: Search recipes by ingredient. Use it when the user asks what to cook.
    risk: read_only
    parameters:
      type: object
      required: [ingredient]
      properties:
        ingredient: {type: string, minLength: 1, maxLength: 30, description: One ingredient.}
        limit: {type: integer, description: "How many recipes, between 1 and 20."}
        extra: {description: Anything else.}
        choice:
          description: A name or a number.
          anyOf: [{type: string, maxLength: 5}, {type: integer}]
    """,
    "bfcl": """\
    name: convert_units
    description: Convert a quantity between units. Use it when the user asks for a conversion.
    risk: read_only
    parameters:
      type: dict
      properties:
        value: {type: float, description: The quantity.}
    """,
    "labels": """\
    name: tag_photo
    description: Tag a photo with labels. Use it when the user asks to label a picture.
    risk: write_limited
    idempotency_key: photo_id
    targets: [openai-strict]
    parameters:
      type: object
      additionalProperties: false
      required: [photo_id, labels]
      properties:
        photo_id: {type: string, minLength: 1, maxLength: 40, description: The photo.}
        labels:
          type: object
          description: Confidence by label name.
          minProperties: 1
          patternProperties: {"^[a-z]+$": {type: number, minimum: 0, maximum: 1}}
          additionalProperties: false
        note: {type: string, maxLength: 20, description: An optional note.}
    """,
}


@needs_extra
def test_schema_level_findings(tmp_path):
    proj = project(tmp_path, SCHEMAS, handlers=False)
    result, opts = fuzz(proj, max_examples=50)
    got = {}
    for f in result.findings:
        got.setdefault(f.tool, []).append(f)
    codes = {tool: sorted({f.code for f in fs}) for tool, fs in got.items()}

    seats = got["book_seats"]
    assert [f.code for f in seats] == ["TC701"] and seats[0].severity == "error"
    assert seats[0].pointer == "/parameters/properties/seats"
    # no example exists and TC111 proves it statically: fuzz reports that finding (never "All checks passed")
    assert codes["pick_budget"] == ["TC111"] and got["pick_budget"][0].severity == "error"

    rate = got["set_rate"]
    assert [f.code for f in rate] == ["TC702"] and rate[0].pointer == "/parameters/properties/rate/multipleOf"
    assert rate[0].data["instance"]["rate"] not in (0, 1) and rate[0].data["seed"] == 0

    assert "plan_route" not in got, [(f.code, f.message) for f in got.get("plan_route", [])]  # 2020-12, recursion

    recipes = got["search_recipes"]
    msgs = [f.message for f in recipes]
    assert codes["search_recipes"] == ["TC703"]
    # the object is open, but nothing answers a call here: reading the schema says that much, fuzz adds nothing
    assert not any("unknown" in m for m in msgs)
    assert any("`/limit` accepts 21" in m and "upper bound 20" in m for m in msgs)
    assert any(m.startswith("`/extra` declares no type") for m in msgs)
    assert not any("`/choice`" in m and "accepts a string" in m for m in msgs)  # the union declares it

    assert codes["convert_units"] == ["TC705"] and got["convert_units"][0].severity == "info"

    labels = got["tag_photo"]
    assert [(f.code, f.target) for f in labels] == [("TC704", "openai-strict")]
    assert opts.state.examples > 0


@needs_extra
def test_over_permissive_mutations_are_configurable(tmp_path):
    proj = project(tmp_path, {"open": SCHEMAS["open"]}, handlers=False,
                   config="rules:\n  TC703: {mutations: [past-bounds]}\n")
    result, _ = fuzz(proj, select="TC703", max_examples=20)
    assert result.findings and all("past its description" in f.message for f in result.findings)


# ------------------------------------------------------------------------------------------------ save-failures

@needs_extra
def test_save_failures_appends_records_that_validate_replays(tmp_path):
    proj = project(tmp_path, {"split_payment": SPLIT, "open": SCHEMAS["open"]})
    (proj / "samples").mkdir()
    old = "# hand-written samples: keep this comment\n- description: two parts\n  data: {total: 10, parts: 2}\n" \
          "  valid: true\n"
    (proj / "samples" / "split_payment.yaml").write_text(old, encoding="utf-8")
    result, opts = fuzz(proj, select="TC710,TC703", max_examples=25, save_failures=True)
    assert by_code(result, "TC710") and by_code(result, "TC703")
    assert any(n.startswith("saved ") for n in result.notes)

    new = (proj / "samples" / "split_payment.yaml").read_text(encoding="utf-8")
    assert new.startswith(old)  # existing records and comments untouched
    import yaml

    records = yaml.safe_load(new)
    assert records[0]["description"] == "two parts"
    saved = records[1]
    assert saved["valid"] is True and saved["data"] == {"parts": 0, "total": 0} and "TC710" in saved["description"]
    created = yaml.safe_load((proj / "samples" / "search_recipes.yaml").read_text(encoding="utf-8"))
    assert created and all(r["valid"] is False and set(r["expect"]) == {"keyword", "pointer"} for r in created)

    from .conftest import run_engine

    replay = run_engine("validate", cwd=proj, select=["TC3"])
    codes = {(f.code, f.tool) for f in replay.findings}
    assert ("TC301", "split_payment") not in codes  # the valid case still validates
    assert ("TC303", "search_recipes") not in codes
    assert ("TC302", "search_recipes") in codes  # until the schema is tightened, validate says so

    # a second run adds nothing twice
    fuzz(proj, select="TC710,TC703", max_examples=25, save_failures=True)
    assert (proj / "samples" / "split_payment.yaml").read_text(encoding="utf-8") == new


# ------------------------------------------------------------------------------------------------ MCP

def _alive(marker: str) -> list[str]:
    out = []
    for pid in os.listdir("/proc") if os.path.isdir("/proc") else []:
        if pid.isdigit():
            try:
                cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode("utf-8", "replace")
            except OSError:
                continue
            if marker in cmd:
                out.append(cmd)
    return out


@needs_extra
def test_mcp_server_crash_hang_and_leak_are_findings_and_the_server_stops(tmp_path):
    pytest.importorskip("mcp")
    marker = f"--marker={uuid.uuid4().hex}"
    server = ROOT / "tests" / "data" / "fuzz_mcp_server.py"
    cmd = f"{sys.executable} {server} --with-crash --with-hang {marker}"
    (tmp_path / "toolcheck.yaml").write_text("samples: samples\n", encoding="utf-8")
    t0 = time.monotonic()
    result, opts = fuzz(tmp_path, mcp_command=cmd, select="TC711,TC712,TC718", max_examples=4, handler_timeout=1.5)
    assert time.monotonic() - t0 < 90
    found = {(f.code, f.tool) for f in result.findings}
    assert ("TC711", "archive_note") in found
    assert ("TC712", "slow_lookup") in found
    assert ("TC718", "parse_day") in found
    crash = next(f for f in result.findings if f.code == "TC711")
    assert crash.file.startswith("mcp:") and "--mcp-command" in crash.data["reproduce"]
    assert "MCP server died" in crash.message
    time.sleep(0.5)
    assert _alive(marker) == []


# ------------------------------------------------------------------------------------------------ units

def test_normalise_rewrites_2020_12_for_draft_07():
    from toolcheck.fuzz.normalize import normalise

    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
        "properties": {"p": {"$ref": "#/$defs/pt", "description": "x"}, "t": {"type": "array",
                       "prefixItems": [{"type": "integer"}], "items": False},
                       "a": {"$ref": "#anchor"}, "r": {"$ref": "#"}},
        "dependentRequired": {"p": ["t"]},
        "$defs": {"pt": {"type": "string", "minLength": 2}, "x": {"$anchor": "anchor", "type": "boolean"}},
    }
    n = normalise(schema)
    s = n.schema
    assert s["properties"]["p"] == {"type": "string", "minLength": 2}  # $ref inlined, annotation dropped
    assert s["properties"]["t"]["items"] == [{"type": "integer"}] and s["properties"]["t"]["additionalItems"] is False
    assert s["properties"]["a"] == {"type": "boolean"}
    assert s["dependencies"] == {"p": ["t"]}
    assert "$defs" not in s and "$schema" not in s
    assert any("recursive" in a for a in n.approximations)  # `#` unrolled a few levels
    assert n.origin[id(s["properties"]["p"])] == "/$defs/pt"


def test_normalise_draft_07_ignores_ref_siblings_and_2019_keeps_them():
    from toolcheck.fuzz.normalize import Unsupported, normalise

    d7 = {"$schema": "http://json-schema.org/draft-07/schema#", "definitions": {"s": {"type": "string"}},
          "properties": {"x": {"$ref": "#/definitions/s", "maxLength": 3}}}
    assert normalise(d7).schema["properties"]["x"] == {"type": "string"}
    d20 = {"$defs": {"s": {"type": "string"}}, "properties": {"x": {"$ref": "#/$defs/s", "maxLength": 3}}}
    x = normalise(d20).schema["properties"]["x"]
    assert x["maxLength"] == 3 and x["allOf"] == [{"type": "string"}]
    with pytest.raises(Unsupported, match="another document"):
        normalise({"properties": {"x": {"$ref": "https://example.com/s.json"}}})
    with pytest.raises(Unsupported, match="points to nothing"):
        normalise({"properties": {"x": {"$ref": "#/$defs/missing"}}})


def test_ecma_patterns_become_python_patterns_with_the_same_meaning():
    import re

    from toolcheck.fuzz.normalize import python_pattern

    assert python_pattern(r"^\d{3}$") == "^[0-9]{3}$"
    assert not re.search(python_pattern(r"^\d$"), "٣")  # ECMA \d is ASCII
    assert python_pattern(r"[\w-]+") == "[A-Za-z0-9_-]+"
    assert python_pattern(r"(?<year>\d{4})-\k<year>") == "(?P<year>[0-9]{4})-(?P=year)"
    assert python_pattern(r"\p{L}+") is None  # no Python equivalent: the generator approximates
    assert python_pattern(r"[^]") == r"[\s\S]"
    assert python_pattern(r"\/api") == "/api"


def test_stated_bounds_are_read_conservatively():
    from toolcheck.fuzz.shape import stated_bounds

    assert stated_bounds("Number of results, between 1 and 100.", "number") == {"lo": 1, "hi": 100}
    assert stated_bounds("Rating (1-5).", "number") == {"lo": 1, "hi": 5}
    assert stated_bounds("Default 10, max 50.", "number") == {"hi": 50}
    assert stated_bounds("Page size; maximum number of rows.", "number") == {}
    assert stated_bounds("ISO 3166-1 code.", "number") == {}
    assert stated_bounds("At most 200 characters.", "string") == {"hi": 200}
    assert stated_bounds("Up to 5 items.", "array") == {"hi": 5}
    assert stated_bounds("between 10 and 1", "number") == {}


def test_mutations_respect_unions_and_explicit_extras():
    from toolcheck.fuzz.normalize import normalise
    from toolcheck.fuzz.shape import Walker

    schema = {"type": "object", "additionalProperties": True, "required": ["a"],
              "properties": {"a": {"anyOf": [{"type": "string"}, {"type": "integer"}]}, "b": {}}}
    w = Walker(normalise(schema), schema)
    muts = w.mutations({"a": "x", "b": 1})
    unknown = next(m for m in muts if m.kind == "unknown-property")
    assert unknown.declared  # additionalProperties: true says so
    to_int = next(m for m in muts if m.kind == "change-type" and m.loc == "/a" and m.detail["type"] == "integer")
    assert to_int.declared
    on_b = [m for m in muts if m.loc == "/b" and m.kind == "change-type"]
    assert on_b and not any(m.declared for m in on_b) and on_b[0].detail["declared"] is None
    drop = next(m for m in muts if m.kind == "drop-required")
    assert drop.instance == {"b": 1} and drop.loc == "/a" and drop.keyword == "required"


def test_leaks_in_error_messages():
    from toolcheck.fuzz.outcome import find_leak

    assert find_leak('Traceback (most recent call last):\n  File "/srv/app/x.py", line 3')[0] == "a stack trace"
    assert find_leak("KeyError: 'budget'") == ("an exception class name", "KeyError")
    assert find_leak("failed to open /var/lib/app/db.sqlite")[0] == "a file path"
    assert find_leak("float division by zero")[0] == "an implementation error message"
    assert find_leak("quantity must be at least 1") is None
    assert find_leak("see https://example.com/docs/errors/limits") is None
    echoed = {"path": "/etc/passwd"}
    assert find_leak("file_path must be relative, got /etc/passwd", echoed) is None  # the model's own value


def test_outcome_judging():
    from toolcheck.fuzz.outcome import Expectations, Outcome, judge_invalid, judge_valid

    exp = Expectations(error_codes=frozenset({"NOT_FOUND"}))
    ok = Outcome("returned", value={"ok": True, "result": {}})
    assert judge_valid(ok, exp, {}) is None
    bad_code = Outcome("returned", value={"ok": False, "error": {"code": "X", "message": "m", "retryable": False}})
    assert judge_valid(bad_code, exp, {}).code == "TC714"
    assert judge_invalid(bad_code, exp, {}) is None  # any code is fine for invalid arguments
    bare = Outcome("returned", value={"ok": False, "error": "nope"})
    assert judge_valid(bare, exp, {}).code == "TC715"
    assert judge_invalid(ok, exp, {}).code == "TC717"
    assert judge_invalid(Outcome("raised", exc_type="KeyError", message="'a'"), exp, {}).code == "TC716"
    assert judge_valid(Outcome("unserialisable", message="datetime"), exp, {}).code == "TC713"


# ------------------------------------------------------------------------------------------------ corpus

@needs_extra
@needs_corpus
def test_fuzz_a_fixed_sample_of_corpus_tools(tmp_path):
    import jsonschema_rs

    tools = []
    with open(CORPUS / "tools.jsonl", encoding="utf-8") as fh:
        for line in fh:
            t = json.loads(line)
            if isinstance(t.get("parameters"), dict) and jsonschema_rs.meta.is_valid(t["parameters"]):
                tools.append(t)
    sample = tools[::max(1, len(tools) // 30)][:30]
    path = tmp_path / "sample.jsonl"
    path.write_text("".join(json.dumps(t) + "\n" for t in sample), encoding="utf-8")
    result, opts = fuzz(tmp_path, paths=[path], max_examples=10, budget_seconds=10)
    state = opts.state
    assert state.tools == len(sample) == 30
    assert state.examples >= 10 * 20  # most tools generate their 10 examples
    assert not [n for n in state.notes if "time limit" in n]
    assert {f.code for f in result.findings} <= {"TC702", "TC703", "TC704", "TC705", "TC701"}


# ------------------------------------------------------------------------------------------------ zero examples

UNSAT_BOUNDS = """\
name: pick_word
description: Pick a word of some length. Use it when the user asks for a word.
risk: read_only
parameters:
  type: object
  additionalProperties: false
  required: [word]
  properties:
    word: {type: string, minLength: 5, maxLength: 1, description: The word.}
"""


@needs_extra
def test_zero_examples_is_never_all_checks_passed(tmp_path):
    """Issue 12 item 6: a schema fuzz cannot generate any example for used to print "All checks passed!" after 0
    examples. The TC111 finding that explains it is reported instead (exit 1); with TC111 ignored, TC706."""
    proj = project(tmp_path, {"pick_word": UNSAT_BOUNDS}, handlers=False)
    p = run_cli("fuzz", "--max-examples", "10", cwd=proj)
    assert p.returncode == 1, p.stdout + p.stderr
    assert "All checks passed" not in p.stdout
    assert "TC111 error `minLength` (5) is greater than `maxLength` (1)" in p.stdout
    assert "TC706" not in p.stdout
    p = run_cli("fuzz", "--max-examples", "10", "--ignore", "TC111", cwd=proj)
    assert p.returncode == 1, p.stdout + p.stderr
    assert "TC706 error no example was generated: no value satisfies the schema (TC111:" in p.stdout


@needs_extra
def test_zero_examples_from_an_approximation_is_tc706(tmp_path):
    contract = """\
    name: tag_gift
    description: Tag a gift with one label. Use it when the user labels a gift.
    risk: read_only
    parameters:
      type: object
      required: [gift_id]
      minProperties: 2
      allOf:
        - properties:
            gift_id: {type: string, description: The gift to tag.}
      unevaluatedProperties: false
    """
    result, _ = fuzz(project(tmp_path, {"tag_gift": contract}, handlers=False), max_examples=20)
    got = by_code(result, "TC706")
    assert len(got) == 1 and got[0].severity == "error", [(f.code, f.message) for f in result.findings]
    assert "unevaluatedProperties" in got[0].message and got[0].pointer == "/parameters"


def test_a_path_the_model_sent_or_the_server_was_given_is_not_a_leak():
    """TC718 separates what the model sent from what the server revealed (judged on the reference filesystem and
    git servers: 9 of 10 path findings were the model's own path resolved under the allowed root, or the root)."""
    from toolcheck.fuzz.outcome import find_leak
    from toolcheck.fuzz.tool import command_paths

    root = command_paths("npx -y some-server /srv/notes --cache=/var/cache/x 'two words' -v")
    assert root == ("/srv/notes", "/var/cache/x")
    assert command_paths("uvx git-server --repository /srv/repo") == ("/srv/repo",)
    assert find_leak("ENOENT: no such file or directory, open '/srv/notes/0'", {"path": "0"}, root) is None
    assert find_leak("path . is outside the allowed repository /srv/notes", {"repo_path": ""}, root) is None
    assert find_leak("no note at /srv/notes/0:", {"path": "0:"}, root) is None
    assert find_leak("no note at /srv/x", {"path": "../x"}, root) is None  # still the model's own path
    # the root with a temporary file's suffix (written beside it, then renamed) shows only the root (judged
    # debatable at best in round fresh3: "the allowed root the model already knows plus a random .tmp suffix")
    assert find_leak("EISDIR: rename '/srv/notes.3f9a.tmp' -> '/srv/notes'", {"path": ""}, root) is None
    assert find_leak("cannot write /srv/notes~", {"path": ""}, root) is None
    # what the server made up itself still leaks: a folder beside the root, a path elsewhere
    assert find_leak("cannot read /srv/notes-index/v2.db", {"path": ""}, root) == (
        "a file path", "/srv/notes-index/v2.db")
    assert find_leak("cannot read /srv/notes.json", {"path": ""}, root) == ("a file path", "/srv/notes.json")
    assert find_leak("cannot read /etc/notes/settings.ini", {"path": "0"}, root) == (
        "a file path", "/etc/notes/settings.ini")
    # without a given folder (a Python handler), the base a handler resolved against is its own
    assert find_leak("ENOENT: no such file or directory, open '/srv/notes/0'", {"path": "0"}) == (
        "a file path", "/srv/notes/0")


def test_a_tool_stopped_with_nothing_static_to_explain_it_gets_no_explanation():
    # driver.py asks `tool.explained() or [the time-limit finding]`: with no TC111 finding inside the schema that
    # must be [] (it indexed the empty list: an IndexError, a traceback instead of the time-limit finding)
    from types import SimpleNamespace

    from toolcheck.fuzz.tool import ToolFuzz

    assert ToolFuzz.explained(SimpleNamespace(unsat_hits=[])) == []


@needs_extra
def test_a_pattern_invalid_only_in_unicode_mode_still_blocks_fuzzing(tmp_path):
    # TC122 was TC114's warning case and blocked fuzzing then; it still does, and TC705 names the code it has now
    proj = project(tmp_path, {"gift": """
        name: get_gift
        description: Get one gift by its id.
        risk: read_only
        parameters:
          type: object
          properties:
            gift_id: {type: string, pattern: "^GIFT\\\\-[0-9]+$", description: The gift's id.}
        """}, handlers=False)
    result, _ = fuzz(proj, seed=0, max_examples=10)
    (f,) = by_code(result, "TC705")
    assert f.pointer == "/parameters" and "(TC122)" in f.message


# ------------------------------------------------------------------------------------------------ durations (TC712)

def test_duration_parameters_are_read_from_name_unit_and_description():
    from toolcheck.fuzz.durations import asked, duration_of, duration_params

    def factor(name, node):
        d = duration_of(name, node)
        return None if d is None else d.factor

    assert factor("seconds", {"type": "number", "default": 10}) == 1.0
    assert factor("pollIntervalMs", {"type": "integer"}) == 0.001
    assert factor("timeout", {"type": "integer", "description": "How long to wait, in minutes."}) == 60.0
    assert factor("delay", {"anyOf": [{"type": "number"}, {"type": "null"}], "description": "Delay in seconds"}) == 1.0
    # not durations: no unit, a rate, a range bound, not a number
    assert factor("timeout", {"type": "integer"}) is None
    assert factor("limit", {"type": "integer", "description": "Requests to wait for per second."}) is None
    assert factor("price_min", {"type": "number", "description": "Lowest price."}) is None
    assert factor("wait_seconds", {"type": "string"}) is None

    params = duration_params({"type": "object", "properties": {
        "seconds": {"type": "number", "default": 10}, "grace_ms": {"type": "integer", "default": 500},
        "ticks": {"type": "integer", "default": 5}}})
    assert [p.name for p in params] == ["seconds", "grace_ms"]
    # what the call sends wins; what it leaves out (or sends as null) is the documented default the server applies
    assert asked(params, {}) == (10.5, "`seconds` = 10, its default and `grace_ms` = 500, its default")
    assert asked(params, {"seconds": 2, "grace_ms": None})[0] == 2.5
    assert asked(params, {"seconds": "3", "grace_ms": 0}) == (3.0, "`seconds` = 3")  # a lenient server reads "3"
    assert asked(params, {"seconds": -4, "grace_ms": 0}) == (0.0, "")
    assert asked(params, {"seconds": True, "grace_ms": [1]})[0] == 1.5  # read leniently; no number: the default
    assert asked((), {"seconds": 9}) == (0.0, "")


@needs_extra
def test_a_call_gets_the_time_its_arguments_ask_for_and_one_past_the_budget_is_not_sent(tmp_path):
    contract = """\
    name: steep_tea
    description: Steep a cup of tea, then say it is ready. Use it when the user wants tea.
    risk: read_only
    handler: fuzz_handlers.slow:steep
    parameters:
      type: object
      additionalProperties: false
      properties:
        steep_seconds: {type: number, minimum: 0, maximum: 1.5, default: 1.5, description: How long to steep it.}
    """
    proj = project(tmp_path, {"steep_tea": contract})
    (proj / "fuzz_handlers" / "slow.py").write_text(
        "import time\n\n\ndef steep(arguments):\n    time.sleep(arguments.get('steep_seconds', 1.5))\n"
        "    return {'ok': True, 'result': 'ready'}\n", encoding="utf-8")
    result, opts = fuzz(proj, select="TC712", max_examples=5, handler_timeout=0.5, budget_seconds=8.0)
    assert by_code(result, "TC712") == [], [f.message for f in result.findings]  # 1.5 s asked, 2 s granted
    assert opts.state.calls >= 1

    result, _ = fuzz(proj, select="TC712", max_examples=3, handler_timeout=0.5, budget_seconds=1.0)
    assert by_code(result, "TC712") == []
    note = next(n for n in result.notes if "not sent" in n)
    assert "steep_tea" in note and "`steep_seconds` = 1.5, its default" in note and "--budget-seconds" in note


@needs_extra
def test_unknown_argument_is_reported_only_when_the_handler_ignores_it(tmp_path):
    def contract(name, fn):
        return f"""\
        name: {name}
        description: List the user's saved addresses. Use it when the user picks where to send something.
        risk: read_only
        handler: fuzz_handlers.addresses:{fn}
        parameters:
          type: object
          properties:
            country: {{type: string, enum: [JP, FR], description: Only addresses in this country.}}
        errors:
          - {{code: OFFLINE, retryable: true, description: The address book cannot be reached; try later.}}
          - {{code: UNKNOWN_ARGUMENT, retryable: true, description: An argument the tool does not take.}}
        """
    proj = project(tmp_path, {"ignores": contract("list_addresses", "ignores"),
                              "refuses": contract("list_addresses_strictly", "refuses"),
                              "same_error": contract("list_addresses_offline", "offline")})
    (proj / "fuzz_handlers" / "addresses.py").write_text(
        "def ignores(arguments):\n    return {'ok': True, 'result': [arguments.get('country', 'any')]}\n\n\n"
        "def refuses(arguments):\n    extra = sorted(set(arguments) - {'country'})\n"
        "    if extra:\n        return {'ok': False, 'error': {'code': 'UNKNOWN_ARGUMENT', 'retryable': True,\n"
        "                'message': 'unknown argument ' + extra[0]}}\n"
        "    return {'ok': True, 'result': []}\n\n\n"
        "def offline(arguments):\n    return {'ok': False, 'error': {'code': 'OFFLINE', 'retryable': True,\n"
        "            'message': 'the address book is offline'}}\n", encoding="utf-8")
    result, _ = fuzz(proj, select="TC703", max_examples=5)
    got = {f.tool: f for f in result.findings if f.code == "TC703"}
    assert set(got) == {"list_addresses", "list_addresses_offline"}, [(f.tool, f.message) for f in result.findings]
    ignored = got["list_addresses"]
    assert ignored.pointer == "/parameters" and "`fuzz_handlers.addresses:ignores` answered without an error" in \
        ignored.message and "unexpected_property" in ignored.message and "`country`" in ignored.help
    assert ignored.data["answer"] == {"ok": True, "result": ["any"]} or "result" in str(ignored.data["answer"])
    # the same error with and without it, not naming it: ignored as well
    assert "the error it gives without it" in got["list_addresses_offline"].message
