"""The bundled example contracts and samples are the product's proof: every rule must pass them."""

from __future__ import annotations

import json

import pytest
import yaml

from toolcheck.model.pointer import escape_pointer_token
from toolcheck.schemaval import compile_schema

from .conftest import ROOT, run_cli

TOOLS = [
    "search_gifts",
    "suggest_gifts",
    "get_gift_details",
    "estimate_delivery_cost",
    "create_order",
    "get_product_stock",
    "update_profile",
    "search_docs",
    "delete_file",
    "send_email",
    "create_ticket",
]

CONTRACTS = ROOT / "contracts"
SAMPLES = ROOT / "samples"
RECORDED = SAMPLES / "calls" / "recorded.jsonl"


def _contract(name: str) -> dict:
    return yaml.safe_load((CONTRACTS / f"{name}.yaml").read_text(encoding="utf-8"))


def _samples(name: str) -> list:
    return yaml.safe_load((SAMPLES / f"{name}.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("command", ["lint", "validate"])
def test_bundled_contracts_have_no_findings(command):
    # --fail-on info: exit 0 only when not even an info finding is reported
    p = run_cli(command, "--format", "json", "--fail-on", "info", cwd=ROOT)
    assert p.returncode == 0, f"exit {p.returncode}\n{p.stdout}\n{p.stderr}"
    report = json.loads(p.stdout)
    assert report["findings"] == [], json.dumps(report["findings"], indent=2)
    summary = report["summary"]
    assert summary["errors"] == summary["warnings"] == summary["infos"] == 0
    assert summary["tools"] >= len(TOOLS)


def test_bundled_contracts_ship_to_every_target_without_an_error():
    # The contracts keep their constraints (minLength, maximum, optional properties): sent as written to a strict
    # target they are errors (TC204, TC207), and `validate --target all` says so. What a user ships is the export,
    # and that payload every target accepts: no error for any of the eight targets with `--ship export`; the
    # warnings are the constraints the export drops or a target only may reject (TC225, TC220), each reported.
    p = run_cli("validate", "--target", "all", "--ship", "export", "--format", "json", cwd=ROOT)
    assert p.returncode == 0, f"exit {p.returncode}\n{p.stdout}\n{p.stderr}"
    report = json.loads(p.stdout)
    assert report["summary"]["errors"] == 0
    assert {f["severity"] for f in report["findings"]} <= {"warning"}
    assert len(report["summary"]["targets"]) == 8


def test_validate_reads_the_samples_and_recorded_calls():
    p = run_cli("validate", "--format", "json", cwd=ROOT)
    report = json.loads(p.stdout)
    # one file per contract, one sample file per tool, and the recorded calls
    assert report["summary"]["files"] >= 2 * len(TOOLS) + 1


@pytest.mark.parametrize("name", TOOLS)
def test_every_tool_has_a_contract_and_samples(name):
    contract = _contract(name)
    assert contract["name"] == name
    assert contract["version"] == "1.0.0"
    assert contract["risk"] in ("read_only", "write_limited", "destructive")
    if contract["risk"] != "read_only":
        key = contract["idempotency_key"]
        params = contract["parameters"]
        assert key in params["required"] and params["properties"][key]["type"] == "string"
    if contract["risk"] == "destructive":
        assert contract["requires_confirmation"] is True

    records = _samples(name)
    assert any(r["valid"] is True for r in records), f"{name}: no valid sample"
    invalid = [r for r in records if r["valid"] is False]
    assert invalid, f"{name}: no invalid sample"
    assert all("keyword" in r["expect"] and "pointer" in r["expect"] for r in invalid)


def _failures(compiled, data) -> list[tuple[str, str]]:
    out = []
    for e in compiled.errors(data):
        pointer = e.pointer
        if e.keyword == "required" and e.extra:
            pointer += "/" + escape_pointer_token(str(e.extra[0]))
        out.append((e.keyword, pointer))
    return out


@pytest.mark.parametrize("name", TOOLS)
def test_each_sample_fails_only_for_its_stated_reason(name):
    compiled = compile_schema(_contract(name)["parameters"])
    for record in _samples(name):
        got = _failures(compiled, record["data"])
        if record["valid"]:
            assert got == [], f"{name}: {record['description']!r} should be valid, got {got}"
        else:
            want = (record["expect"]["keyword"], record["expect"]["pointer"])
            assert got == [want], f"{name}: {record['description']!r} expected only {want}, got {got}"


def test_recorded_calls_cover_the_three_shapes_and_are_valid():
    shapes = set()
    lines = [ln for ln in RECORDED.read_text(encoding="utf-8").splitlines() if ln.strip()]
    assert lines
    for line in lines:
        call = json.loads(line)
        assert call["name"] in TOOLS
        if "input" in call:
            shapes.add("anthropic")
            args = call["input"]
        elif isinstance(call["arguments"], str):
            shapes.add("openai")
            args = json.loads(call["arguments"])
        else:
            shapes.add("mcp")
            args = call["arguments"]
        assert call.get("valid", True) is True
        assert compile_schema(_contract(call["name"])["parameters"]).errors(args) == [], line
    assert shapes == {"openai", "anthropic", "mcp"}
