"""Vendor formats in: detection per file, positions in the user's own file, import to contracts, live MCP."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest
import yaml

from toolcheck.loading import Limits, load_file

from .conftest import CORPUS, needs_corpus, run_cli, run_engine, run_json

DATA = Path(__file__).parent / "data"
FORMATS = DATA / "formats"


def _load(name, input_format="auto"):
    p = FORMATS / name
    return load_file(str(p), name, Limits(), input_format=input_format)


@pytest.mark.parametrize(
    "name,fmt,pointer,params_key,strict",
    [
        ("openai_chat.json", "openai", "/tools/0/function", "parameters", True),
        ("openai_responses.json", "openai-responses", "/0", "parameters", True),
        ("anthropic.json", "anthropic", "/0", "input_schema", False),
        ("gemini.json", "gemini", "/functionDeclarations/0", "parameters", False),
        ("gemini_json_schema.json", "gemini", "/0/functionDeclarations/0", "parametersJsonSchema", False),
        ("mcp_tools_list.json", "mcp", "/result/tools/0", "inputSchema", False),
        ("bfcl.json", "functions", "/0", "parameters", False),
    ],
)
def test_format_detection(name, fmt, pointer, params_key, strict):
    lf = _load(name)
    assert not lf.hits
    (c,) = lf.contracts
    assert (c.format, c.pointer, c.parameters_key, c.strict) == (fmt, pointer, params_key, strict)
    assert c.name and c.description


@pytest.mark.parametrize("name,sent_as", [
    ("openai_chat.json", "request"),  # {tools: [...]}: a request body's `tools`
    ("openai_responses.json", "catalogue"),  # a bare list
    ("anthropic.json", "catalogue"),
    ("gemini.json", "request"),  # one Gemini `Tool` ({functionDeclarations: [...]})
    ("gemini_json_schema.json", "catalogue"),  # a bare list of Gemini `Tool`s
    ("mcp_tools_list.json", "request"),  # a JSON-RPC `tools/list` response (result.tools)
    ("bfcl.json", "catalogue"),
    ("mixed.jsonl", "catalogue"),  # JSON Lines: one definition a line
])
def test_the_loader_records_whether_a_vendor_file_is_sent_whole(name, sent_as):
    """TC213 counts a request payload as one request; a catalogue over a limit is TC226's (issue 17)."""
    assert _load(name).file.sent_as == sent_as


def test_a_contract_file_is_part_of_the_project_request(tmp_path):
    p = tmp_path / "tools.json"
    p.write_text('[{"name": "a", "description": "Tool a.", "risk": "read_only", "parameters": {"type": "object"}}]')
    lf = load_file(str(p), "tools.json", Limits())
    assert [c.format for c in lf.contracts] == ["contract"] and lf.file.sent_as == "request"


def test_jsonl_mixing_shapes():
    lf = _load("mixed.jsonl")
    assert [(c.format, c.name) for c in lf.contracts] == [
        ("openai", "get_time"), ("anthropic", "get_date"), ("function-jsonl", "get_year")]
    assert lf.contracts[0].pointer == "/0/function"


def test_anthropic_input_examples_become_samples():
    (c,) = _load("anthropic.json").contracts
    assert [s.data for s in c.samples] == [{"ticker": "AAPL"}, {"ticker": "MSFT"}]
    assert all(s.valid for s in c.samples)


def test_mcp_annotations_give_the_risk():
    (c,) = _load("mcp_tools_list.json").contracts
    assert c.risk == "destructive"


def test_input_format_override(tmp_path):
    p = tmp_path / "x.json"
    p.write_text(json.dumps([{"name": "a", "description": "A tool.", "parameters": {"type": "object"}}]))
    assert load_file(str(p), "x.json", Limits()).contracts[0].format == "functions"
    assert load_file(str(p), "x.json", Limits(), input_format="mcp").contracts[0].format == "mcp"


def test_findings_point_into_the_vendor_file(tmp_path):
    shutil.copy(FORMATS / "bfcl.json", tmp_path / "bfcl.json")
    res = run_engine("lint", [str(tmp_path / "bfcl.json")], cwd=tmp_path)
    tc1 = [f for f in res.findings if f.code.startswith("TC1")]
    assert tc1, "a BFCL `dict` type must be reported, never silently fixed"
    f = next(f for f in tc1 if f.pointer == "/0/parameters/type")
    assert (f.line, f.file) == (6, "bfcl.json")
    assert "object" in f.message + f.help


def test_strict_flag_adds_the_strict_target(tmp_path):
    shutil.copy(FORMATS / "openai_chat.json", tmp_path / "tools.json")
    res = run_engine("validate", [str(tmp_path / "tools.json")], cwd=tmp_path)
    assert "openai-strict" in res.targets and "openai" in res.targets
    assert "anthropic" not in res.targets  # a vendor file is checked against its own vendor


@pytest.mark.parametrize("name", sorted(p.name for p in FORMATS.iterdir()))
def test_every_format_through_the_cli(name, tmp_path):
    shutil.copy(FORMATS / name, tmp_path / name)
    for cmd in ("lint", "validate"):
        p = run_cli(cmd, name, "--format", "json", cwd=tmp_path)
        assert p.returncode in (0, 1), p.stderr
        doc = json.loads(p.stdout)
        assert doc["summary"]["tools"] >= 1
        for f in doc["findings"]:
            assert f["file"] == name and f["line"] >= 1


# ------------------------------------------------------------------------------------------ import

def test_import_writes_one_contract_per_tool(tmp_path):
    files = [str(FORMATS / n) for n in ("openai_chat.json", "anthropic.json", "gemini.json", "mcp_tools_list.json",
                                        "bfcl.json")]
    p = run_cli("import", *files, "--out", "contracts", "--samples", "samples", cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    names = sorted(x.name for x in (tmp_path / "contracts").iterdir())
    assert names == ["calculate_bmi.yaml", "delete_note.yaml", "find_theaters.yaml", "get_stock_price.yaml",
                     "get_weather.yaml"]
    weather = yaml.safe_load((tmp_path / "contracts" / "get_weather.yaml").read_text())
    assert list(weather) == ["name", "description", "parameters", "targets"]
    assert list(weather["parameters"]["properties"]) == ["city", "unit"]  # key order kept
    assert weather["targets"] == ["openai-strict"]
    note = yaml.safe_load((tmp_path / "contracts" / "delete_note.yaml").read_text())
    assert note["risk"] == "destructive" and note["title"] == "Delete a note"
    bmi = yaml.safe_load((tmp_path / "contracts" / "calculate_bmi.yaml").read_text())
    assert bmi["parameters"]["type"] == "dict"  # reported by the schema rules, never silently fixed
    samples = yaml.safe_load((tmp_path / "samples" / "get_stock_price.yaml").read_text())
    assert [s["data"] for s in samples] == [{"ticker": "AAPL"}, {"ticker": "MSFT"}]
    # what import wrote loads back as the same tools
    res = run_engine("validate", cwd=tmp_path, select=["TC0", "TC3"], paths=["contracts"], samples=Path("samples"))
    assert [f for f in res.findings if f.severity == "error" and f.code != "TC012"] == []
    assert sorted(c.name for c in res.contracts) == sorted(n[:-5] for n in names)


def test_import_block_style_for_long_descriptions(tmp_path):
    p = tmp_path / "t.json"
    long = "Search the catalogue. " * 8
    p.write_text(json.dumps([{"name": "s", "description": long.strip() + "\nSecond line.", "input_schema":
                              {"type": "object", "properties": {"on": {"type": "string", "enum": ["yes", "no"]}}}}]))
    run_cli("import", str(p), "--out", "c", cwd=tmp_path)
    text = (tmp_path / "c" / "s.yaml").read_text()
    assert "description: |" in text
    back = yaml.safe_load(text)
    assert back["description"] == long.strip() + "\nSecond line."
    assert back["parameters"]["properties"]["on"]["enum"] == ["yes", "no"]  # YAML 1.1 look-alikes stay quoted


def test_import_never_overwrites_without_force(tmp_path):
    (tmp_path / "contracts").mkdir()
    mine = tmp_path / "contracts" / "get_weather.yaml"
    mine.write_text("# mine\n")
    p = run_cli("import", str(FORMATS / "openai_chat.json"), "--out", "contracts", cwd=tmp_path)
    assert p.returncode == 0 and "kept" in p.stderr and mine.read_text() == "# mine\n"
    p = run_cli("import", str(FORMATS / "openai_chat.json"), "--out", "contracts", "--force", cwd=tmp_path)
    assert p.returncode == 0 and mine.read_text().startswith("name: get_weather")
    assert not [x for x in (tmp_path / "contracts").iterdir() if x.name.startswith(".toolcheck-")]


def test_import_errors_are_clean(tmp_path):
    (tmp_path / "bad.json").write_text("{not json")
    p = run_cli("import", "bad.json", cwd=tmp_path)
    assert p.returncode == 1 and "JSON syntax error" in p.stderr and "Traceback" not in p.stderr
    assert "Imported" not in p.stderr and "Next:" not in p.stderr
    p = run_cli("import", "missing.json", cwd=tmp_path)  # a usage error, as for lint (issue 13)
    assert p.returncode == 2 and "path does not exist: missing.json" in p.stderr
    p = run_cli("import", cwd=tmp_path)
    assert p.returncode == 2


# ------------------------------------------------------------------------------------------ live MCP



def _has_mcp() -> bool:
    try:
        import mcp.client.stdio  # noqa: F401
        from mcp.server.mcpserver import MCPServer  # noqa: F401
    except ImportError:
        return False
    return True


needs_mcp = pytest.mark.skipif(not _has_mcp(), reason="the `mcp` extra is not installed")
SERVER = f"{sys.executable} {DATA / 'mcp_server.py'}"


@needs_mcp
def test_lint_a_live_mcp_server(tmp_path):
    code, doc = run_json("lint", "--mcp-command", SERVER, cwd=tmp_path)
    assert doc["summary"]["tools"] == 2
    assert {f["file"] for f in doc["findings"]} == {"mcp:notes"}  # the serverInfo name
    assert {(f["line"], f["column"]) for f in doc["findings"]} == {(None, None)}  # no document to point into


@needs_mcp
def test_import_from_a_live_mcp_server(tmp_path):
    p = run_cli("import", "--mcp-command", SERVER, "--out", "contracts", cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    assert sorted(x.name for x in (tmp_path / "contracts").iterdir()) == ["delete_note.yaml", "search_notes.yaml"]


@needs_mcp
def test_mcp_server_that_never_answers(tmp_path):
    p = run_cli("lint", "--mcp-command", SERVER + " --hang", "--mcp-timeout", "3", cwd=tmp_path, timeout=60)
    assert p.returncode == 2 and "did not answer" in p.stderr and "Traceback" not in p.stderr


def test_mcp_command_that_does_not_exist(tmp_path):
    p = run_cli("lint", "--mcp-command", "no-such-server-binary", cwd=tmp_path)
    assert p.returncode == 2 and "Traceback" not in p.stderr


# ------------------------------------------------------------------------------------------ corpus

@needs_corpus
def test_every_corpus_tool_loads_through_detection():
    lf = load_file(str(CORPUS / "tools.jsonl"), "tools.jsonl", Limits())
    assert len(lf.contracts) == 7078
    assert not [h for h in lf.hits if h.code in ("TC001", "TC006")]
