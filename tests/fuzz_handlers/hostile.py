"""Hostile handlers for tests/hostile/test_fuzz_workers.py: children that outlive the call, one that escapes the
worker's process group, and allocations past the worker's memory cap. Each child writes its pid to
$TOOLCHECK_TEST_PIDS (a folder) so that the test can tell whether it is still alive, and end it if it must."""

from __future__ import annotations

import os
import subprocess
import time


def _note(pid: int) -> None:
    folder = os.environ.get("TOOLCHECK_TEST_PIDS")
    if folder:
        with open(os.path.join(folder, str(pid)), "w") as fh:
            fh.write(str(pid))


def _ok(arguments):
    if not isinstance(arguments, dict):
        return {"ok": False, "error": {"code": "INVALID_ARGUMENTS", "message": "Send an object.", "retryable": False}}
    return {"ok": True, "result": {"started": True}}


def forks_a_sleeper(arguments):
    """Forks a child that sleeps a minute, holding the worker's pipes (fork copies every descriptor)."""
    pid = os.fork()
    if pid == 0:
        _note(os.getpid())
        time.sleep(60)
        os._exit(0)
    return _ok(arguments)


def spawns_a_sleeper(arguments):
    """Starts `sleep 300` and returns without waiting for it."""
    p = subprocess.Popen(["sleep", "300"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    _note(p.pid)
    return _ok(arguments)


def escapes_the_group(arguments):
    """A child that leaves the worker's session (setsid) and keeps the worker's stdout open for 30 s."""
    pid = os.fork()
    if pid == 0:
        os.setsid()
        _note(os.getpid())
        time.sleep(30)
        os._exit(0)
    return _ok(arguments)


def allocates_10_gb(arguments):
    block = bytearray(10 * 1024 ** 3)
    return _ok(arguments) if block else None


def allocates_100_mb(arguments):
    block = bytearray(100 * 1024 ** 2)
    return _ok(arguments) if block else None
