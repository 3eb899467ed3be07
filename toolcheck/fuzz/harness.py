"""Calling a Python handler: one persistent worker process per tool, one JSON line per call, with a timeout.

The worker (:mod:`toolcheck.fuzz._worker`) imports the handler once, with the project root first on
``sys.path``, and answers each call. A call that does not answer within the timeout kills the worker (and its
process group, so a handler's own children go too); a worker that dies mid-call is a crash. Either way the next
call starts a fresh worker. Reading is done by a thread per worker, so the timeout works on every platform.
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


class LoadError(Exception):
    """The handler cannot be imported or is not callable."""


class HandlerCaller:
    def __init__(self, spec: str, call: str, root: str, timeout: float) -> None:
        self.spec = spec
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
        self._write({"handler": self.spec, "call": self.call_mode, "root": self.root})
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
        p, self.proc = self.proc, None
        if p is not None:
            try:
                if p.stdin:
                    p.stdin.close()
            except OSError:
                pass
            try:
                p.wait(timeout=0.5)
            except subprocess.TimeoutExpired:
                _kill(p)
            for s in (p.stdout,):
                try:
                    if s:
                        s.close()
                except OSError:
                    pass
        if self.errfile is not None:
            try:
                self.errfile.close()
            except OSError:
                pass
            self.errfile = None

    close = stop

    # -------------------------------------------------------------------------------------------- calls

    def call(self, args) -> Outcome | None:
        """One call; None when calls are no longer attempted (the handler hung or died too often)."""
        if self.exhausted or self.hung:
            return None
        if self.proc is None or self.proc.poll() is not None:
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
        msg = self._read(self.timeout)
        if msg is _TIMEOUT:
            _kill(self.proc)
            self.stop()
            self.timeouts += 1
            self.hung = self.timeouts >= MAX_TIMEOUTS
            return Outcome("timeout", message=f"{self.timeout:g} s")
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
        try:
            rc = p.wait(timeout=2)
        except subprocess.TimeoutExpired:
            _kill(p)
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
    try:
        for line in iter(stream.readline, b""):
            out.put(line.decode("utf-8", "replace"))
    except (OSError, ValueError):
        pass
    out.put(None)


def _kill(p: subprocess.Popen | None) -> None:
    if p is None or p.poll() is not None:
        return
    try:
        if os.name == "posix":
            os.killpg(p.pid, signal.SIGKILL)
        else:
            p.kill()
    except (OSError, ProcessLookupError):
        try:
            p.kill()
        except OSError:
            pass
    try:
        p.wait(timeout=5)
    except subprocess.TimeoutExpired:
        pass
