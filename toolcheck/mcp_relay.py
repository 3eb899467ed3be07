"""The stdout filter between a stdio MCP server and the SDK's client: ``python -I mcp_relay.py REPORT -- ARGV...``.

The MCP stdio transport reserves the server's stdout for JSON-RPC messages, one per line, but real servers print
banners, log lines or worse there (`yes hello` writes 24 MB in a second). The official SDK logs a traceback for
every such line. toolcheck starts each server through this relay instead, which

- runs ARGV with the relay's stdin (the SDK's pipe: the server reads it directly) and its own pipes for stdout
  and stderr;
- forwards to its stdout only the lines that are JSON-RPC 2.0 messages (a JSON object with ``"jsonrpc": "2.0"``),
  and counts the others (their bytes, and the first few, cut short) without keeping them: memory stays bounded
  whatever the server writes, a line without end included;
- keeps the last few KiB of the server's stderr;
- writes what it saw to REPORT (JSON, replaced atomically): its own pid (the server's process group: the client
  starts it as a session leader), the server's exit status or why it could not start, the stderr tail and the
  stdout counts (the first and the last few lines). It writes at start, before it forwards a message that
  non-protocol output preceded, now and then while the server floods, when the server exits and on SIGTERM.

It exits when the server's stdout closes and the server has exited, with the server's exit status. It is run as a
script with only the standard library (it must start fast and import nothing of toolcheck's).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time

CHUNK = 1 << 16
MAX_MESSAGE = 32 << 20  # a longer line is not taken for a message (and is not kept)
KEEP_LINES = 3  # non-protocol lines kept to show
KEEP_CHARS = 200  # of each
STDERR_TAIL = 8 << 10
REWRITE_EVERY = 1.0  # seconds between report updates while non-protocol output keeps coming
TERM_GRACE = 0.3  # seconds the server has to exit on SIGTERM before the relay kills it


class Relay:
    def __init__(self, report: str) -> None:
        self.report = report
        self.state: dict = {"pid": os.getpid(), "state": "starting", "exit": None, "start_error": None,
                            "lines": 0, "bytes": 0, "first": [], "last": [], "stderr": "", "stderr_bytes": 0}
        self.err_tail = bytearray()
        self.lock = threading.RLock()  # RLock: the SIGTERM handler may write while the main thread is writing
        self.last_write = 0.0
        self.dirty = False
        self.out_ok = True

    # ------------------------------------------------------------------------------------------ report

    def write(self) -> None:
        with self.lock:
            self.state["stderr"] = bytes(self.err_tail).decode("utf-8", "replace")
        tmp = f"{self.report}.tmp"
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o600)
            with open(fd, "w", encoding="utf-8") as fh:
                json.dump(self.state, fh)
            os.replace(tmp, self.report)
        except OSError:
            pass
        self.last_write = time.monotonic()
        self.dirty = False

    # ------------------------------------------------------------------------------------------ stdout

    def junk(self, line: bytes, whole: bool = True) -> None:
        """One non-protocol line (or its first part, when ``whole`` is False: the rest is dropped unread)."""
        self.state["lines"] += 1
        self.state["bytes"] += len(line) + (1 if whole else 0)
        if line.strip():
            text = _shown(line, whole)
            if len(self.state["first"]) < KEEP_LINES:
                self.state["first"].append(text)
            self._last(text)
        self.dirty = True

    def _last(self, text: str) -> None:
        last = self.state["last"]
        last.append(text)
        del last[:-KEEP_LINES]

    def forward(self, data: bytes) -> None:
        if self.dirty:  # the report says what came before this message by the time the client reads it
            self.write()
        if not self.out_ok:
            return
        view = memoryview(data)
        try:
            while view:
                n = os.write(1, view)
                view = view[n:]
        except OSError:  # the client is gone: keep draining the server so that it never blocks
            self.out_ok = False

    def line(self, raw: bytes) -> None:
        s = raw.strip()
        if s[:1] == b"{":
            try:
                msg = json.loads(s)
            except ValueError:
                msg = None
            if isinstance(msg, dict) and msg.get("jsonrpc") == "2.0":
                self.forward(s + b"\n")
                return
        self.junk(raw)

    def pump(self, fd: int) -> None:
        """Read the server's stdout to its end: forward the messages, count the rest.

        Every message contains the bytes ``"jsonrpc"``: lines without them are counted by the chunk, in C
        (`yes hello` is counted at the speed of the pipe); a line is kept in memory only while it may still
        be a message (it starts with ``{``), up to MAX_MESSAGE."""
        st = self.state
        partial = bytearray()  # the current, unfinished line, while it may still be a message
        skipping = False  # the current line is junk already counted: drop it up to its end
        while True:
            try:
                chunk = os.read(fd, CHUNK)
            except InterruptedError:
                continue
            except OSError:
                chunk = b""
            if not chunk:
                break
            pos = 0
            if skipping:
                nl = chunk.find(b"\n")
                if nl < 0:
                    st["bytes"] += len(chunk)
                    continue
                st["bytes"] += nl + 1
                pos, skipping = nl + 1, False
            if partial:
                nl = chunk.find(b"\n", pos)
                partial += chunk[pos:] if nl < 0 else chunk[pos:nl]
                if nl < 0:
                    skipping = self._hold(partial)
                    continue
                self.line(bytes(partial))
                partial.clear()
                pos = nl + 1
            last = chunk.rfind(b"\n")
            if last >= pos:
                body = chunk[pos:last]  # complete lines, without the last newline
                if b'"jsonrpc"' not in body:
                    if len(st["first"]) < KEEP_LINES:
                        for ln in body.split(b"\n"):
                            self.junk(ln)
                    else:
                        st["lines"] += body.count(b"\n") + 1
                        st["bytes"] += len(body) + 1
                        for ln in body.rsplit(b"\n", KEEP_LINES)[-KEEP_LINES:]:
                            if ln.strip():
                                self._last(_shown(ln, True))
                        self.dirty = True
                else:
                    for ln in body.split(b"\n"):
                        self.line(ln)
                pos = last + 1
            if pos < len(chunk):
                partial += chunk[pos:]
                skipping = self._hold(partial)
            if self.dirty and time.monotonic() - self.last_write > REWRITE_EVERY:
                self.write()
        if partial:
            self.line(bytes(partial))

    def _hold(self, partial: bytearray) -> bool:
        """Keep an unfinished line that may be a message; count any other (and empty ``partial``): True."""
        head = partial[:64].lstrip()[:1]
        if (head == b"{" or not head) and len(partial) <= MAX_MESSAGE:
            return False
        self.junk(bytes(partial[: KEEP_CHARS * 4]), whole=False)
        self.state["bytes"] += max(len(partial) - KEEP_CHARS * 4, 0)
        partial.clear()
        return True

    # ------------------------------------------------------------------------------------------ stderr

    def drain_err(self, fd: int) -> None:
        while True:
            try:
                chunk = os.read(fd, CHUNK)
            except InterruptedError:
                continue
            except OSError:
                return
            if not chunk:
                return
            with self.lock:
                self.state["stderr_bytes"] += len(chunk)
                self.err_tail += chunk
                if len(self.err_tail) > STDERR_TAIL:
                    del self.err_tail[: len(self.err_tail) - STDERR_TAIL]

    # ------------------------------------------------------------------------------------------ run

    def run(self, argv: list[str]) -> int:
        def on_term(signum, _frame):
            # the client gives up (its SIGTERM reached the whole group): reap the server, so that the group is
            # gone at once, killing it if it ignores SIGTERM; then report and go
            child = self.state.get("child")
            if isinstance(child, int) and hasattr(os, "WNOHANG"):
                self.state["exit"] = _reap(child, TERM_GRACE)
            self.state["state"] = "terminated"
            self.write()
            os._exit(128 + signum)

        signal.signal(signal.SIGTERM, on_term)
        self.write()  # the pid, at once: the client may give up before the server has started
        try:
            proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0)
        except (OSError, ValueError) as e:
            self.state["state"] = "not-started"
            self.state["start_error"] = getattr(e, "strerror", None) or str(e)
            self.write()
            return 127
        self.state["state"] = "running"
        self.state["child"] = proc.pid
        self.write()
        err = threading.Thread(target=self.drain_err, args=(proc.stderr.fileno(),), daemon=True)
        err.start()
        self.pump(proc.stdout.fileno())
        try:
            os.close(1)  # the client sees the end of the messages now, even if the server lingers
        except OSError:
            pass
        code = proc.wait()
        err.join(timeout=2)
        self.state["state"] = "exited"
        self.state["exit"] = code
        self.write()
        return code if code >= 0 else 128 - code


def _shown(line: bytes, whole: bool) -> str:
    """A line to show: its first KEEP_CHARS characters, "…" when there is more (or its end was not read)."""
    text = line[: KEEP_CHARS * 4].decode("utf-8", "replace").rstrip("\r")
    return text[:KEEP_CHARS] + ("…" if len(text) > KEEP_CHARS or not whole else "")


def _reap(pid: int, grace: float) -> int | None:
    """Wait up to ``grace`` seconds for the server to exit, SIGKILL it after that; its exit code (-N: signal N)."""
    deadline = time.monotonic() + grace
    try:
        os.kill(pid, signal.SIGTERM)
    except OSError:
        pass
    while True:
        try:
            got, status = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            return None
        if got:
            return os.waitstatus_to_exitcode(status)
        if time.monotonic() > deadline:
            try:
                os.kill(pid, signal.SIGKILL)
                return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
            except OSError:
                return None
        time.sleep(0.01)


def main() -> int:
    args = sys.argv[1:]
    if len(args) < 3 or args[1] != "--":
        print("usage: mcp_relay.py REPORT -- COMMAND [ARGS...]", file=sys.stderr)
        return 2
    return Relay(args[0]).run(args[2:])


if __name__ == "__main__":
    sys.exit(main())
