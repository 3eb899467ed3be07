"""Issue 15, items 10 and 11: hostile fuzz handlers. A handler's children never outlive the tool's calls and
toolcheck never waits for them (the worker's process group is killed; a grandchild that escaped the group and
holds the pipe blocks nothing); each worker's memory is capped (`--handler-memory`, RLIMIT_AS) and running into
the cap is a finding (TC720)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("hypothesis_jsonschema")
pytestmark = pytest.mark.skipif(os.name != "posix", reason="process groups and RLIMIT_AS are POSIX")

HANDLERS = Path(__file__).resolve().parent.parent / "fuzz_handlers"
CONTRACT = """\
name: start_job
description: Start a background job. Use it when the operator asks for a job to run.
risk: write_limited
idempotency_key: job
handler: fuzz_handlers.hostile:{handler}
parameters:
  type: object
  additionalProperties: false
  required: [job]
  properties:
    job: {{type: string, enum: [a, b], description: The job.}}
"""


def _project(tmp_path: Path, handler: str) -> Path:
    (tmp_path / "contracts").mkdir()
    (tmp_path / "contracts" / "start_job.yaml").write_text(CONTRACT.format(handler=handler), encoding="utf-8")
    (tmp_path / "toolcheck.yaml").write_text("paths: [contracts]\n", encoding="utf-8")
    shutil.copytree(HANDLERS, tmp_path / "fuzz_handlers", ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "pids").mkdir()
    return tmp_path


def _fuzz(root: Path, *args: str, timeout: float = 120):
    env = {**os.environ, "NO_COLOR": "1", "TOOLCHECK_TEST_PIDS": str(root / "pids")}
    t = time.monotonic()
    p = subprocess.run([sys.executable, "-m", "toolcheck", "fuzz", "--max-examples", "3", "--format", "json",
                        "--select", "TC7", *args], cwd=root, capture_output=True, text=True, timeout=timeout, env=env)
    return p, time.monotonic() - t


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie waiting for init to reap it is not running
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return True


def _pids(root: Path) -> list[int]:
    return [int(p.name) for p in (root / "pids").iterdir()]


@pytest.mark.parametrize("handler", ["forks_a_sleeper", "spawns_a_sleeper"])
def test_children_a_handler_leaves_behind_do_not_outlive_the_run(tmp_path, handler):
    root = _project(tmp_path, handler)
    p, took = _fuzz(root)
    assert p.returncode in (0, 1), p.stderr
    assert took < 30, f"fuzz waited {took:.0f} s for the handler's children"
    pids = _pids(root)
    assert pids, "the handler ran"
    time.sleep(0.2)
    alive = [pid for pid in pids if _alive(pid)]
    for pid in alive:  # ours to end if the test fails
        os.kill(pid, signal.SIGKILL)
    assert not alive, f"{len(alive)} of {len(pids)} children outlived the run"


def test_a_grandchild_that_escaped_the_group_blocks_nothing(tmp_path):
    root = _project(tmp_path, "escapes_the_group")
    try:
        p, took = _fuzz(root)
        assert p.returncode in (0, 1), p.stderr
        assert took < 20, f"fuzz waited {took:.0f} s on a pipe the escaped child holds"
    finally:
        for pid in _pids(root):
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)


def test_a_handler_past_the_memory_cap_is_a_finding(tmp_path):
    root = _project(tmp_path, "allocates_10_gb")
    p, took = _fuzz(root)
    assert p.returncode == 1, p.stderr
    found = [f for f in json.loads(p.stdout)["findings"] if f["code"] == "TC720"]
    assert found and "4096 MiB" in found[0]["message"] and "--handler-memory" in found[0]["message"]


def test_the_memory_cap_is_configurable(tmp_path):
    root = _project(tmp_path, "allocates_100_mb")
    p, _ = _fuzz(root)
    assert p.returncode in (0, 1) and not [f for f in json.loads(p.stdout)["findings"] if f["code"] == "TC720"]
    p, _ = _fuzz(root, "--handler-memory", "64")
    found = [f for f in json.loads(p.stdout)["findings"] if f["code"] == "TC720"]
    assert p.returncode == 1 and found and "64 MiB" in found[0]["message"], p.stdout[:1000]
