"""Live MCP servers (`--mcp-command`) that misbehave, and what they declare: each case runs a small stdio server of
the suite's own (tests/data/mcp_*_server.py) through the real entry point.

- a server that prints a banner, or floods stdout, besides its JSON-RPC messages: one summary line, no tracebacks,
  bounded memory and time (the stdout filter, toolcheck/mcp_relay.py);
- a server that dies at start: its exit status and the end of its stderr;
- findings located as `mcp:<serverInfo name>` with tool and pointer and no line numbers (or in the `--mcp-save`
  file), in every output format;
- `import` maps MCP annotations (idempotentHint too) and names the tools that got no `risk`;
- fuzz: the reproduce command, `--tool`, `--mcp-timeout`, an empty `--mcp-command`.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import urlsplit

import jsonschema
import pytest
import yaml

from .conftest import ROOT, run_cli

DATA = Path(__file__).parent / "data"
RELAY = ROOT / "toolcheck" / "mcp_relay.py"
SARIF_SCHEMA = json.loads((DATA / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))


def _has(*mods: str) -> bool:
    import importlib

    try:
        for m in mods:
            importlib.import_module(m)
    except ImportError:
        return False
    return True


needs_mcp = pytest.mark.skipif(not _has("mcp.client.stdio", "mcp.server.mcpserver"),
                               reason="the `mcp` extra is not installed")
needs_fuzz = pytest.mark.skipif(not _has("hypothesis", "hypothesis_jsonschema", "mcp.client.stdio"),
                                reason="the `fuzz` and `mcp` extras are not installed")


def server(name: str, *args: str) -> str:
    return shlex.join([sys.executable, str(DATA / name), *args])


NOTES = server("mcp_server.py")
BANNER = server("mcp_banner_server.py")
DYING = server("mcp_dying_server.py")
ANNOTATED = server("mcp_annotated_server.py")
SECRET = "sk-live-4f9c2b7e8a1d6f3c5b9e0a7d2c4f8b1e"  # in the banner server's banner


# ------------------------------------------------------------------------------------------ 1. stdout that is not MCP

@needs_mcp
def test_a_banner_on_stdout_is_one_masked_note_and_no_traceback(tmp_path):
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    p = run_cli("lint", "--mcp-command", BANNER, "--format", "json", "--extend-select", "TC407", cwd=tmp_path,
                env={"TMPDIR": str(tmp)})  # TC407 (opt-in): a finding to show the file is the server
    assert p.returncode == 0, p.stderr
    assert list(tmp.iterdir()) == []  # no listing file, no report left behind
    doc = json.loads(p.stdout)
    assert doc["summary"]["tools"] == 1 and {f["file"] for f in doc["findings"]} == {"mcp:banner-notes"}
    lines = p.stderr.splitlines()
    assert len(lines) == 1, p.stderr
    note = lines[0]
    assert note.startswith("note: MCP server `banner-notes` wrote 3 lines (105 bytes) to stdout that are not MCP "
                           "messages; toolcheck ignored them")
    assert '"Banner Notes server v1.2 starting (api_key=sk-l' in note and '"Listening on stdio"' in note
    assert SECRET not in p.stderr  # the banner's key is masked
    assert "Traceback" not in p.stderr and "Failed to parse" not in p.stderr


@needs_mcp
def test_a_24_mb_flood_before_the_messages_is_counted_in_bounded_time(tmp_path):
    t0 = time.monotonic()
    p = run_cli("lint", "-q", "--mcp-command", BANNER + " --flood-mb 24", "--extend-select", "TC407", cwd=tmp_path,
                timeout=120)
    took = time.monotonic() - t0
    assert p.returncode == 0, p.stderr
    assert "mcp:banner-notes: TC407" in p.stdout  # the server's tools were read after the flood
    (note,) = p.stderr.splitlines()
    assert "wrote 4,194,307 lines (24.0 MiB) to stdout" in note and '"hello"' in note
    assert len(p.stderr) < 1000 and "Traceback" not in p.stderr
    assert took < 30, took


@needs_mcp
def test_a_server_that_only_floods_times_out_with_the_count(tmp_path):
    t0 = time.monotonic()
    # 5 s, not 2: on a loaded machine the relay and the server take seconds to start, and a server that wrote
    # nothing yet has no count to report
    p = run_cli("lint", "--mcp-command", BANNER + " --flood-forever", "--mcp-timeout", "5", cwd=tmp_path, timeout=90)
    took = time.monotonic() - t0
    assert p.returncode == 2
    first, second = p.stderr.splitlines()[:2]
    assert first.endswith("--flood-forever` did not answer `initialize` within 5 s")
    assert second.startswith("  It wrote ") and "lines" in second and "to stdout that are not MCP messages" in second
    assert len(p.stderr) < 2000 and "Traceback" not in p.stderr
    assert took < 30, took


# started from a small interpreter, so that the children's peak RSS is theirs and not a copy of this test process
_MEASURE = """
import resource, subprocess, sys
with open(sys.argv[1], "wb") as out:
    subprocess.run(sys.argv[2:], stdin=subprocess.DEVNULL, stdout=out)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def _relay(tmp_path, argv: list[str]) -> tuple[bytes, dict, int]:
    """Run the stdout filter alone: (what it forwarded, its report, the peak RSS in KiB of it and the server)."""
    report, out = tmp_path / "report.json", tmp_path / "out.bin"
    p = subprocess.run([sys.executable, "-I", "-c", _MEASURE, str(out), sys.executable, "-I", str(RELAY), str(report),
                        "--", *argv], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    return out.read_bytes(), json.loads(report.read_text(encoding="utf-8")), int(p.stdout)


MSG = b'{"jsonrpc": "2.0", "id": 1, "result": {}}'


@pytest.mark.parametrize("name,body,lines", [
    ("yes-hello", b"hello\n" * (4 << 20), 4 << 20),  # `yes hello`, 24 MiB
    ("json-looking", b"{hello\n" * (3 << 20), 3 << 20),  # starts like a message, is not one
    ("no-newline", b"{" * (64 << 20) + b"\n", 1),  # one 64 MiB line: longer than any message is kept
    ("log-objects", b'{"level": "info", "msg": "started"}\n' * 100_000, 100_000),  # JSON, not JSON-RPC
])
def test_the_stdout_filter_forwards_messages_and_counts_the_rest_in_bounded_memory(tmp_path, name, body, lines):
    src = tmp_path / "stdout.bin"
    src.write_bytes(b"banner\n" + MSG + b"\n" + body + MSG + b"\r\n")
    t0 = time.monotonic()
    out, rep, rss_kib = _relay(tmp_path, ["cat", str(src)])
    assert time.monotonic() - t0 < 20
    assert out == MSG + b"\n" + MSG + b"\n"  # the messages, and nothing else
    assert rep["state"] == "exited" and rep["exit"] == 0
    assert rep["lines"] == lines + 1 and rep["bytes"] == len(b"banner\n") + len(body)
    assert rep["first"][0] == "banner" and len(rep["first"]) <= 3 and all(len(x) <= 201 for x in rep["first"])
    assert rss_kib < 60_000, rss_kib  # bounded whatever the flood (the 64 MiB line is not kept)


def test_the_stdout_filter_reports_a_command_that_cannot_start(tmp_path):
    out, rep, _ = _relay(tmp_path, ["no-such-server-binary-x"])
    assert out == b"" and rep["state"] == "not-started" and "No such file" in rep["start_error"]


# ------------------------------------------------------------------------------------------ 2. a server that dies

@pytest.mark.parametrize("command", [
    ["lint"], ["validate"], ["import", "--out", "contracts"],
    pytest.param(["fuzz", "--max-examples", "1"], marks=needs_fuzz),
])
@needs_mcp
def test_a_server_dying_at_start_shows_its_exit_status_and_stderr_tail(tmp_path, command):
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    p = run_cli(*command, "--mcp-command", DYING, cwd=tmp_path, env={"TMPDIR": str(tmp)})
    assert p.returncode == 2, p.stderr
    assert list(tmp.iterdir()) == []  # the relay's report folder is gone
    lines = p.stderr.splitlines()
    assert lines[0] == f"toolcheck: error: MCP server `{DYING}` exited with status 3 before it answered `initialize`"
    assert lines[1] == "  the end of its stderr:"
    assert lines[-2:] == ["    error: cannot open the notes database /nonexistent/notes.db: No such file or directory",
                          "    hint: set NOTES_DB to the database path"]
    assert "loading plugin 0\n" not in p.stderr  # the tail, not all of it
    assert "Traceback" not in p.stderr and "Connection closed" not in p.stderr
    assert not (tmp_path / "contracts").exists()


@needs_mcp
def test_a_server_that_cannot_start_is_named(tmp_path):
    p = run_cli("lint", "--mcp-command", "no-such-server-binary --stdio", cwd=tmp_path)
    assert p.returncode == 2
    assert p.stderr == ("toolcheck: error: cannot start MCP server `no-such-server-binary --stdio`: "
                        "No such file or directory\n")


# ------------------------------------------------------------------------------------------ 3. where findings are

def _findings(tmp_path, fmt: str, *extra: str) -> str:
    # TC407 (opt-in) is the finding these tests follow: the server's `query` has no description
    p = run_cli("lint", "--mcp-command", NOTES, "--format", fmt, "--extend-select", "TC407", *extra, cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    return p.stdout


@needs_mcp
def test_findings_on_a_live_server_name_the_server_tool_and_pointer_without_line_numbers(tmp_path):
    doc = json.loads(_findings(tmp_path, "json"))
    fs = doc["findings"]
    assert fs and {f["file"] for f in fs} == {"mcp:notes"}  # serverInfo.name, not the last word of the command
    assert {(f["line"], f["column"]) for f in fs} == {(None, None)}
    q = next(f for f in fs if f["pointer"] == "/tools/0/inputSchema/properties/query")
    assert q["tool"] == "search_notes" and q["code"] == "TC407"

    text = _findings(tmp_path, "text")
    assert "mcp:notes: TC407 warning parameter `query` has no description" in text
    assert "tool: search_notes  pointer: /tools/0/inputSchema/properties/query" in text
    assert "mcp:notes:" + "1" not in text and ":None" not in text

    gh = _findings(tmp_path, "github").splitlines()
    assert gh and all(" file=" not in ln and "line=" not in ln for ln in gh)
    assert any("::mcp:notes /tools/0/inputSchema/properties/query: parameter `query`" in ln for ln in gh)

    junit = ET.fromstring(_findings(tmp_path, "junit"))
    cases = junit.findall(".//testcase")
    assert {c.get("classname") for c in cases} == {"mcp:notes"} and all(c.get("file") is None for c in cases)
    assert "mcp:notes: TC407 warning" in "".join(c.findtext("failure") or "" for c in cases)

    sarif = json.loads(_findings(tmp_path, "sarif"))
    jsonschema.Draft4Validator(SARIF_SCHEMA).validate(sarif)
    for r in sarif["runs"][0]["results"]:
        (loc,) = r["locations"]
        art = loc["physicalLocation"]["artifactLocation"]
        assert art == {"uri": "mcp:notes"} and urlsplit(art["uri"]).scheme == "mcp"  # absolute: no uriBaseId
        assert "region" not in loc["physicalLocation"]  # no line in a document that exists only in memory
        assert loc["logicalLocations"][0]["fullyQualifiedName"].startswith(("search_notes/", "delete_note/"))


@needs_mcp
def test_mcp_save_writes_the_listing_and_findings_point_into_it(tmp_path):
    doc = json.loads(_findings(tmp_path, "json", "--mcp-save", "listing/notes.json"))
    saved = tmp_path / "listing" / "notes.json"
    listing = json.loads(saved.read_text(encoding="utf-8"))
    assert [t["name"] for t in listing["tools"]] == ["search_notes", "delete_note"]
    text_lines = saved.read_text(encoding="utf-8").splitlines()
    fs = doc["findings"]
    assert fs and {f["file"] for f in fs} == {"listing/notes.json"}
    for f in fs:
        assert f["line"] >= 1 and f["column"] >= 1
        if f["pointer"].endswith("/properties/query"):
            assert text_lines[f["line"] - 1][f["column"] - 1:].startswith('"query"')
    # the saved file among the paths is read once (as the server's listing), not twice
    doc2 = json.loads(_findings(tmp_path, "json", "--mcp-save", "listing/notes.json", "listing"))
    assert doc2["summary"]["files"] == 1 and doc2["summary"]["tools"] == 2
    p = run_cli("lint", "--mcp-save", "x.json", cwd=tmp_path)
    assert p.returncode == 2 and "--mcp-save needs --mcp-command" in p.stderr


# ------------------------------------------------------------------------------------------ 4. import annotations

@needs_mcp
def test_import_keeps_idempotent_hint_and_names_the_tools_without_risk(tmp_path):
    p = run_cli("import", "--mcp-command", ANNOTATED, "--out", "contracts", cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    c = {f.stem: yaml.safe_load(f.read_text(encoding="utf-8")) for f in (tmp_path / "contracts").iterdir()}
    assert c["list_notes"]["risk"] == "read_only"
    assert c["save_note"]["risk"] == "write_limited"
    assert c["save_note"]["annotations"] == {"readOnlyHint": False, "destructiveHint": False, "idempotentHint": True}
    assert c["delete_note"]["risk"] == "destructive" and c["delete_note"]["annotations"]["idempotentHint"] is True
    assert c["append_to_note"]["annotations"]["idempotentHint"] is False
    assert "risk" not in c["tag_note"] and "annotations" not in c["tag_note"]
    notes = [ln for ln in p.stderr.splitlines() if ln.startswith("note:")]
    assert notes == ["note: 1 MCP tool got no `risk`: the server declares no `readOnlyHint`/`destructiveHint` "
                     "annotation for it (tag_note). Add `risk:` to those contracts (TC601 reports it missing)."]

    p = run_cli("lint", "contracts", "--select", "TC601,TC604", "--format", "json", cwd=tmp_path)
    found = {(f["code"], f["tool"]) for f in json.loads(p.stdout)["findings"]}
    # idempotent by their own declaration: no key needed; the append is not idempotent and needs one
    assert found == {("TC604", "append_to_note"), ("TC601", "tag_note")}


# ------------------------------------------------------------------------------------------ 5. fuzz and options

@pytest.mark.parametrize("command", [["lint"], ["validate"], ["import"], ["fuzz"]])
def test_an_empty_mcp_command_is_a_usage_error(tmp_path, command):
    for value in ("", "   "):
        p = run_cli(*command, "--mcp-command", value, cwd=tmp_path)
        assert p.returncode == 2 and p.stderr == "toolcheck: error: --mcp-command is empty\n", p.stderr
    p = run_cli(*command, "--mcp-command", "python 'unclosed", cwd=tmp_path)
    assert p.returncode == 2 and "--mcp-command cannot be read: No closing quotation" in p.stderr


@needs_mcp
def test_mcp_timeout_is_the_time_toolcheck_waits(tmp_path):
    from toolcheck.config import ConfigError
    from toolcheck.mcp_live import fetch_tools

    fetch_tools(NOTES, 30)  # the SDK imported, the server's files cached: time only the wait
    t0 = time.monotonic()
    with pytest.raises(ConfigError, match=r"did not answer `initialize` within 3 s"):
        fetch_tools(server("mcp_server.py", "--hang"), 3)
    took = time.monotonic() - t0
    assert 3 <= took < 4.5, took  # not 3 s plus the SDK's 2 s grace and its SIGTERM wait (slack: a loaded CI machine)
    t0 = time.monotonic()
    run_cli("rules", cwd=tmp_path)
    subprocess.run([sys.executable, "-c", "import mcp.client.stdio"], check=True)
    start_up = time.monotonic() - t0  # a CLI run and the SDK's import on this machine now (seconds when loaded)
    t0 = time.monotonic()
    p = run_cli("lint", "--mcp-command", server("mcp_server.py", "--hang"), "--mcp-timeout", "3", cwd=tmp_path)
    assert p.returncode == 2 and "within 3 s" in p.stderr
    took = time.monotonic() - t0
    assert took < 3 + 1.5 * start_up + 2.5, (took, start_up)  # was 6-7 s plus start-up


FUZZ_SERVER = server("fuzz_mcp_server.py", "--with-crash")


@needs_fuzz
def test_the_fuzz_reproduce_command_keeps_the_options_and_runs_only_the_failing_tool(tmp_path):
    opts = ["--max-examples", "5", "--handler-timeout", "2", "--budget-seconds", "8", "--select", "TC711"]
    p = run_cli("fuzz", "--mcp-command", FUZZ_SERVER, *opts, "--format", "json", cwd=tmp_path, timeout=180)
    assert p.returncode == 1, p.stderr
    (crash,) = json.loads(p.stdout)["findings"]
    assert crash["tool"] == "archive_note" and crash["file"] == "mcp:fuzz-targets"
    assert "died during tools/call" in crash["message"] and "exited with status 7" in crash["message"]
    repro = crash["data"]["reproduce"]
    argv = shlex.split(repro)
    assert argv[:2] == ["toolcheck", "fuzz"]
    for opt, value in [("--handler-timeout", "2"), ("--budget-seconds", "8"), ("--max-examples", "5"),
                       ("--tool", "archive_note"), ("--select", "TC711"), ("--mcp-command", FUZZ_SERVER)]:
        assert argv[argv.index(opt) + 1] == value, repro

    p = run_cli(*argv[1:], "--format", "json", cwd=tmp_path, timeout=180)
    assert p.returncode == 1, p.stderr
    again = json.loads(p.stdout)["findings"]
    assert [(f["code"], f["tool"], f["data"]["arguments"]) for f in again] == \
        [("TC711", "archive_note", crash["data"]["arguments"])]
    assert "fuzz: 1 tool(s)" in p.stderr and "average_price" not in p.stderr  # the other tools are not called


CONTRACTS = {
    "shout.yaml": """\
name: shout
description: Repeat a message in capital letters. Use it when the user wants a message to stand out.
risk: read_only
handler: handlers:shout
parameters:
  type: object
  required: [text]
  properties:
    text: {type: string, description: The message.}
""",
    "average.yaml": """\
name: average_price
description: Average price of the items in a basket. Use it when the user asks what an item costs on average.
risk: read_only
handler: handlers:average
handler_call: kwargs
parameters:
  type: object
  required: [total, count]
  additionalProperties: false
  properties:
    total: {type: number, description: Sum of the prices.}
    count: {type: integer, description: Number of items.}
""",
}
HANDLERS = """\
def shout(args):
    return args["text"].upper()


def average(total, count):
    return total / count
"""


@needs_fuzz
def test_tool_filter_works_on_contract_files(tmp_path):
    (tmp_path / "contracts").mkdir()
    for name, text in CONTRACTS.items():
        (tmp_path / "contracts" / name).write_text(text, encoding="utf-8")
    (tmp_path / "handlers.py").write_text(HANDLERS, encoding="utf-8")
    (tmp_path / "toolcheck.yaml").write_text("paths: [contracts]\n", encoding="utf-8")
    p = run_cli("fuzz", "--tool", "shout", "--select", "TC710", "--max-examples", "10", "--format", "json",
                cwd=tmp_path, timeout=180)
    assert p.returncode == 0, p.stderr
    assert "fuzz: 1 tool(s)" in p.stderr and "average_price" not in p.stderr
    p = run_cli("fuzz", "--tool", "average_price", "--select", "TC710", "--max-examples", "20",
                "--budget-seconds", "15", "--format", "json", cwd=tmp_path, timeout=180)
    assert p.returncode == 1, p.stderr
    fs = json.loads(p.stdout)["findings"]
    assert fs and {f["tool"] for f in fs} == {"average_price"}
    repro = shlex.split(next(f for f in fs if f["code"] == "TC710")["data"]["reproduce"])
    assert repro[-1] == "contracts/average.yaml" and repro[repro.index("--tool") + 1] == "average_price"
    assert repro[repro.index("--budget-seconds") + 1] == "15"
    p = run_cli("fuzz", "--tool", "avrage_price", cwd=tmp_path)
    assert p.returncode == 2
    assert p.stderr == ("toolcheck: error: --tool `avrage_price`: no such tool among the 2 checked "
                        "(did you mean `average_price`?)\n")


@needs_fuzz
def test_fuzz_notes_stdout_written_during_calls_and_not_the_banner_again(tmp_path):
    p = run_cli("fuzz", "--mcp-command", BANNER, "--max-examples", "3", "--select", "TC711", cwd=tmp_path,
                timeout=180)
    assert p.returncode == 0, p.stderr
    notes = [ln for ln in p.stderr.splitlines() if ln.startswith("note:")]
    assert len(notes) == 1 and notes[0].startswith("note: MCP server `banner-notes` wrote 3 lines")
    p = run_cli("fuzz", "--mcp-command", BANNER + " --chatty", "--max-examples", "3", "--select", "TC711",
                cwd=tmp_path, timeout=180)
    assert p.returncode == 0, p.stderr
    notes = [ln for ln in p.stderr.splitlines() if ln.startswith("note:")]
    assert len(notes) == 2 and notes[0].startswith("note: MCP server `banner-notes` wrote 3 lines")
    assert notes[1].startswith("note: while tools were called, the MCP server wrote ")
    assert '(last: "searching for ' in notes[1] and "Traceback" not in p.stderr


def test_no_message_or_related_location_points_at_a_line_of_the_in_memory_listing(tmp_path, monkeypatch):
    """Cross-tool findings (a duplicate name) name the other tool by pointer, not by a line nobody can open."""
    from toolcheck import mcp_live
    from toolcheck.report import render

    from .conftest import run_engine

    tool = {"name": "find_notes", "description": "Find notes by keyword. Use it when the user asks for a note.",
            "inputSchema": {"type": "object", "properties": {"q": {"type": "string", "description": "Keyword."}}},
            "annotations": {"readOnlyHint": True}}
    monkeypatch.setattr(mcp_live, "fetch_tools", lambda command, timeout=30: mcp_live.Listing([tool, tool], "dup"))
    result = run_engine("lint", cwd=tmp_path, mcp_command="dup-server", select=["TC012"])
    (f, g) = result.findings
    assert f.file == "mcp:dup" and f.line is None and f.column is None
    assert {x.message.rsplit("e.g. ", 1)[1] for x in (f, g)} == {"mcp:dup /tools/0", "mcp:dup /tools/1"}
    assert all(r["line"] is None for x in result.findings for r in x.related)
    sarif = json.loads(render("sarif", result, None, "0"))
    jsonschema.Draft4Validator(SARIF_SCHEMA).validate(sarif)
    rel = sarif["runs"][0]["results"][0]["relatedLocations"][0]["physicalLocation"]
    assert rel == {"artifactLocation": {"uri": "mcp:dup"}}
