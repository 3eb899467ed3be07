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


def _tools(n: int, prop_words: int = 40) -> list[dict]:
    long = "Search the catalogue for items matching the words. " * 40
    prop = "Search the catalogue for items matching the words. " * prop_words
    return [{"name": f"tool_{i}", "description": long, "input_schema": {
        "type": "object", "properties": {f"p{j}": {"type": "string", "description": prop} for j in range(30)}}}
        for i in range(n)]


def _digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _whole(f) -> None:
    doc = yaml.safe_load(f.read_text())  # a half-written file would not parse or would lack keys
    assert doc["name"].startswith("tool_") and len(doc["parameters"]["properties"]) == 30, f


def test_killed_import_leaves_whole_files(tmp_path):
    """400 tools (4 MiB: under the 10 MiB input limit, so import reads them), killed once it has written some
    files and before it has written all: every file there is whole, the input untouched, and a later import
    completes over what the killed ones left."""
    n = 400
    src = tmp_path / "tools.json"
    src.write_text(json.dumps(_tools(n, prop_words=5)))
    assert src.stat().st_size < 10 * 1024 * 1024
    before = _digest(src)
    out = tmp_path / "contracts"
    midway = []
    for after in (1, 5, 20, 60):  # kill once this many contracts exist (each write ends with an fsync)
        p = subprocess.Popen([sys.executable, "-m", "toolcheck", "import", str(src), "--out", str(out), "--force"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 120
        seen = set()
        while p.poll() is None and time.monotonic() < deadline:
            seen = set(out.glob("*.yaml")) if out.exists() else set()
            if len(seen) >= after:
                break
            time.sleep(0.005)
        p.send_signal(signal.SIGKILL)
        p.wait()
        written = sorted(out.glob("*.yaml"))
        for f in written:
            _whole(f)
        midway.append(len(written))
    assert any(0 < k < n for k in midway), f"no kill landed midway: {midway}"
    assert _digest(src) == before, "the input file was touched"
    done = subprocess.run([sys.executable, "-m", "toolcheck", "import", str(src), "--out", str(out), "--force"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    written = sorted(out.glob("*.yaml"))
    assert len(written) == n
    for f in written:
        _whole(f)


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
