"""Calling a Python handler: one persistent worker process per tool, one JSON line per call, with a timeout.

The worker (:mod:`toolcheck.fuzz._worker`) imports the handler once, with the project root first on
``sys.path``, and answers each call. A call that does not answer within the timeout kills the worker (and its
process group, so a handler's own children go too); a worker that dies mid-call is a crash. Either way the next
call starts a fresh worker. Reading is done by a thread per worker, so the timeout works on every platform.

The worker runs in a session (and process group) of its own: when a tool's calls end, the whole group is
killed, so children a handler forked and left behind do not outlive the run, and nothing waits for them. The
reading thread owns the worker's stdout and closes it itself: a grandchild that escaped the group (``setsid``)
and still holds the pipe never blocks toolcheck. The worker's address space is capped (``RLIMIT_AS``,
``--handler-memory`` MiB, 0 for no cap) before the handler is imported; a call that runs out of it is reported
(TC720) and the worker replaced.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
import time

from .outcome import Outcome

WORKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_worker.py")
START_TIMEOUT = 30.0  # importing a handler module may be slow (it may import a web framework)
MAX_TIMEOUTS = 1
MAX_RESTARTS = 25  # after this many dead or hung workers in one tool, calls are not attempted any more
DEFAULT_MEMORY_MB = 4096  # the worker's address space: far above a tool call's needs, below a runaway's


class LoadError(Exception):
    """The handler cannot be imported or is not callable."""


class HandlerCaller:
    def __init__(self, spec: str, call: str, root: str, timeout: float, memory_mb: int = DEFAULT_MEMORY_MB) -> None:
        self.spec = spec
        self.memory_mb = memory_mb
        self.call_mode = "kwargs" if call == "kwargs" else "dict"
        self.root = root
        self.timeout = timeout
        self.proc: subprocess.Popen | None = None
        self.lines: queue.Queue = queue.Queue()
        self.errfile = None
        self.restarts = 0
        self.exhausted = False  # too many deaths: stop calling
        self.timeouts = 0
        self.hung = False  # calls timed out MAX_TIMEOUTS times: later calls are skipped (each costs the timeout)
        self.calls = 0

    # -------------------------------------------------------------------------------------------- process

    def start(self) -> None:
        """Start the worker and load the handler; raises LoadError with the reason."""
        env = dict(os.environ)
        env["PYTHONHASHSEED"] = "0"  # the same seed gives the same calls; the handler's sets iterate alike
        env["PYTHONPATH"] = self.root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        env.setdefault("PYTHONIOENCODING", "utf-8")
        self.errfile = tempfile.TemporaryFile()
        kw: dict = {}
        if os.name == "posix":
            kw["start_new_session"] = True
        try:
            self.proc = subprocess.Popen([sys.executable, "-u", WORKER], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=self.errfile, cwd=self.root, env=env, **kw)
        except OSError as e:
            raise LoadError(f"cannot start a worker process: {e}") from None
        self.lines = queue.Queue()
        threading.Thread(target=_reader, args=(self.proc.stdout, self.lines), daemon=True).start()
        self._write({"handler": self.spec, "call": self.call_mode, "root": self.root,
                     "memory": max(0, int(self.memory_mb)) * 1024 * 1024})
        msg = self._read(max(START_TIMEOUT, self.timeout))
        if not isinstance(msg, dict) or "ready" not in msg:
            err = msg.get("error") if isinstance(msg, dict) else None
            if err is None:
                err = "the worker did not start (" + (self._status() or "no answer") + ")"
                tail = self._stderr_tail()
                if tail:
                    err += ": " + tail.strip().splitlines()[-1]
            self.stop()
            raise LoadError(err)

    def stop(self) -> None:
        """End the worker and everything it started: closing its stdin lets it leave its loop; then its process
        group is killed while the worker is not yet reaped (its pid, the group's id, cannot be reused
        meanwhile). Its stdout is left to the reading thread (see :func:`_reader`)."""
        p, self.proc = self.proc, None
        if p is not None:
            try:
                if p.stdin:
                    p.stdin.close()
            except OSError:
                pass
            _exited(p, 0.5)
            _kill_group(p)
            try:
                p.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass
        if self.errfile is not None:
            try:
                self.errfile.close()
            except OSError:
                pass
            self.errfile = None

    close = stop

    # -------------------------------------------------------------------------------------------- calls

    def call(self, args, timeout: float | None = None) -> Outcome | None:
        """One call (within ``timeout`` seconds, default the caller's); None when calls are no longer attempted
        (the handler hung or died too often)."""
        if self.exhausted or self.hung:
            return None
        if self.proc is None or _exited(self.proc, 0):
            if self.proc is not None:
                self.stop()
            try:
                self.start()
            except LoadError as e:
                self.exhausted = True
                return Outcome("crashed", message=f"the worker could not be restarted: {e}")
        self.calls += 1
        try:
            self._write({"args": args})
        except (OSError, ValueError):
            return self._died()
        limit = self.timeout if timeout is None else timeout
        msg = self._read(limit)
        if msg is _TIMEOUT:
            _kill(self.proc)
            self.stop()
            self.timeouts += 1
            self.hung = self.timeouts >= MAX_TIMEOUTS
            return Outcome("timeout", message=f"{round(limit, 1):g} s")
        if msg is None:
            return self._died()
        if "returned" in msg:
            return Outcome("returned", value=msg["returned"])
        if "raised" in msg:
            r = msg["raised"] or {}
            return Outcome("raised", exc_type=str(r.get("type") or "Exception"), message=str(r.get("message", "")),
                           traceback=str(r.get("traceback", "")))
        if "unserialisable" in msg:
            return Outcome("unserialisable", message=str(msg["unserialisable"]))
        if "memory" in msg:  # MemoryError under the cap: the worker's heap is suspect, start a fresh one
            self.stop()
            m = msg["memory"] if isinstance(msg["memory"], dict) else {}
            return Outcome("memory", message=f"{self.memory_mb} MiB", traceback=str(m.get("traceback", "")))
        return self._died()

    def _died(self) -> Outcome:
        status = self._status() or "it stopped answering"
        tail = self._stderr_tail()
        self.stop()
        self.restarts += 1
        if self.restarts >= MAX_RESTARTS:
            self.exhausted = True
        return Outcome("crashed", message=status, traceback=tail)

    def _status(self) -> str:
        p = self.proc
        if p is None:
            return ""
        if not _exited(p, 2):
            _kill(p)
            return "it stopped answering"
        _kill_group(p)  # before reaping: what the dead worker left in its group goes too
        try:
            rc = p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            return "it stopped answering"
        if rc < 0:
            try:
                name = signal.Signals(-rc).name
            except ValueError:
                name = f"signal {-rc}"
            return f"killed by {name}"
        return f"exit status {rc}"

    def _stderr_tail(self) -> str:
        f = self.errfile
        if f is None:
            return ""
        try:
            f.flush()
            size = f.seek(0, os.SEEK_END)
            f.seek(max(0, size - 4000))
            return f.read().decode("utf-8", "replace")
        except (OSError, ValueError):
            return ""

    def _write(self, msg) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write((json.dumps(msg, ensure_ascii=True) + "\n").encode("ascii"))
        self.proc.stdin.flush()

    def _read(self, timeout: float):
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return _TIMEOUT
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                return _TIMEOUT
            if line is None:
                return None
            try:
                return json.loads(line)
            except ValueError:
                continue


_TIMEOUT = object()


def _reader(stream, out: queue.Queue) -> None:
    """Lines of the worker's stdout until EOF; then this thread closes the stream (closing it from another
    thread would wait for this one's read, which a grandchild holding the pipe can keep open forever)."""
    try:
        for line in iter(stream.readline, b""):
            out.put(line.decode("utf-8", "replace"))
    except (OSError, ValueError):
        pass
    out.put(None)
    try:
        stream.close()
    except OSError:
        pass


def _exited(p: subprocess.Popen, timeout: float) -> bool:
    """Wait up to ``timeout`` for ``p`` to exit without reaping it (Linux ``waitid(WNOWAIT)``)."""
    deadline = time.monotonic() + timeout
    waitid = getattr(os, "waitid", None)
    while True:
        try:
            if waitid is not None:
                if waitid(os.P_PID, p.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None:
                    return True
            elif p.poll() is not None:
                return True
        except ChildProcessError:
            return True
        except OSError:
            return p.poll() is not None
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.01)


def _kill_group(p: subprocess.Popen) -> None:
    """SIGKILL the worker's process group (the worker, and every child it left in it)."""
    if os.name != "posix":
        if p.poll() is None:
            try:
                p.kill()
            except OSError:
                pass
        return
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError, OSError):
        pass


def _kill(p: subprocess.Popen | None) -> None:
    if p is None or p.returncode is not None:
        return
    _kill_group(p)
    try:
        p.wait(timeout=5)
    except subprocess.TimeoutExpired:
        pass
