"""Nothing is lost: commands that write do so atomically and never touch their inputs. A writing command is
killed midway, repeatedly, and every file it wrote must be whole (the old content or the new, never half)."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time

import yaml


def _tools(n: int) -> list[dict]:
    long = "Search the catalogue for items matching the words. " * 40
    return [{"name": f"tool_{i}", "description": long, "input_schema": {
        "type": "object", "properties": {f"p{j}": {"type": "string", "description": long} for j in range(30)}}}
        for i in range(n)]


def _digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_killed_import_leaves_whole_files(tmp_path):
    src = tmp_path / "tools.json"
    src.write_text(json.dumps(_tools(400)))
    before = _digest(src)
    out = tmp_path / "contracts"
    for delay in (0.6, 0.9, 1.2, 1.6):
        p = subprocess.Popen([sys.executable, "-m", "toolcheck", "import", str(src), "--out", str(out), "--force"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        p.send_signal(signal.SIGKILL)
        p.wait()
        for f in out.glob("*.yaml") if out.exists() else []:
            doc = yaml.safe_load(f.read_text())  # a half-written file would not parse or would lack keys
            assert doc["name"].startswith("tool_") and len(doc["parameters"]["properties"]) == 30, f
    assert _digest(src) == before, "the input file was touched"


def test_killed_report_output_is_whole_or_absent(tmp_path):
    (tmp_path / "contracts").mkdir()
    (tmp_path / "contracts" / "tools.json").write_text(json.dumps(_tools(150)))
    report = tmp_path / "report.json"
    report.write_text('{"previous": true}\n')
    for delay in (0.5, 1.0, 1.5):
        p = subprocess.Popen([sys.executable, "-m", "toolcheck", "lint", "--no-cache", "--format", "json",
                              "--output", str(report)], cwd=tmp_path, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        time.sleep(delay)
        p.send_signal(signal.SIGKILL)
        p.wait()
        doc = json.loads(report.read_text())  # parses: the old report or a complete new one
        assert doc == {"previous": True} or "findings" in doc
    assert not [f for f in os.listdir(tmp_path) if f.endswith(".json") and f.startswith("report") and f != "report.json"]
