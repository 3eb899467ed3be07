"""Read `tools/list` from a live MCP server over stdio with the official `mcp` SDK (the `mcp` extra).

The server is started, initialised, listed (following pagination) and stopped, all within a timeout; a server
that does not start, does not answer or dies is a clear error, never a hang, with the server's exit status and
the end of its stderr.

Every server (here and in `toolcheck fuzz`) runs behind :mod:`toolcheck.mcp_relay`, a small filter process that
passes only JSON-RPC messages on to the SDK: lines a server prints to stdout besides its messages (a banner, log
lines, a flood) are counted and summarised in one note instead of one SDK traceback each (:class:`Launch`).

Findings on a live server are located as ``mcp:<serverInfo name>`` with the tool and the JSON pointer into the
server's `tools/list` result, and no line or column: the document exists only in memory. ``--mcp-save FILE``
writes that result to FILE and locates the findings in it (file, line, column) instead.
"""

from __future__ import annotations

import json
import os
import shlex
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field

from .config import ConfigError

DEFAULT_TIMEOUT = 30.0
RELAY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mcp_relay.py")
STOP_GRACE = 2.0  # seconds between SIGTERM and SIGKILL when toolcheck gives up on a server (the relay writes
# its last report in its SIGTERM handler; the wait ends as soon as the group is gone, so this only matters on a
# loaded machine)
TAIL_LINES = 12
TAIL_CHARS = 2000
SHOW_CHARS = 80  # of each non-protocol line shown


def _require_sdk():
    try:
        import anyio  # noqa: F401
        from mcp import ClientSession, StdioServerParameters  # noqa: F401
        from mcp.client.stdio import stdio_client  # noqa: F401
    except ImportError:
        from . import install_command

        raise ConfigError(f"--mcp-command needs the `mcp` extra: {install_command('mcp')}") from None
    _quiet_sdk_logs()


def _quiet_sdk_logs() -> None:
    """The SDK logs transport trouble with tracebacks through `logging`; toolcheck reports it itself, in one
    message (TOOLCHECK_DEBUG=1 keeps the SDK's logs)."""
    import logging

    if os.environ.get("TOOLCHECK_DEBUG"):
        return
    log = logging.getLogger("mcp")
    if not any(isinstance(h, logging.NullHandler) for h in log.handlers):
        log.addHandler(logging.NullHandler())
    log.propagate = False


def split_command(command: str) -> list[str]:
    """The argv of ``--mcp-command`` (shell words), or ConfigError: empty, or unbalanced quotes."""
    try:
        argv = shlex.split(command)
    except ValueError as e:
        raise ConfigError(f"--mcp-command cannot be read: {e}") from None
    if not argv:
        raise ConfigError("--mcp-command is empty")
    return argv


# ------------------------------------------------------------------------------------------------ one launch

class Launch:
    """One start of a server command, behind the relay: the SDK's parameters, and afterwards what the relay saw
    (its report: exit status, stderr tail, non-protocol stdout lines)."""

    def __init__(self, argv: list[str]) -> None:
        from mcp import StdioServerParameters

        # a private folder (0700): the report holds the server's stderr tail
        self.folder = tempfile.mkdtemp(prefix="toolcheck-mcp-")
        self.report_path = os.path.join(self.folder, "report.json")
        self.at_ready: int | None = None  # non-protocol lines before the session was ready (fuzz)
        self.params = StdioServerParameters(command=sys.executable, args=["-I", RELAY, self.report_path, "--", *argv],
                                            env=dict(os.environ))

    def report(self) -> dict:
        try:
            with open(self.report_path, encoding="utf-8") as fh:
                got = json.load(fh)
        except (OSError, ValueError):
            return {}
        return got if isinstance(got, dict) else {}

    def stop(self) -> None:
        """Stop the server's process group now (SIGTERM, then SIGKILL after STOP_GRACE), before the SDK's own
        shutdown would wait seconds for a server that does not answer any more to exit by itself."""
        if not hasattr(os, "killpg"):  # not POSIX: the SDK's own shutdown stops the server
            return
        rep = self.report()
        pid = rep.get("pid")
        if not isinstance(pid, int) or pid <= 1 or rep.get("state") in ("exited", "not-started", "terminated"):
            return
        try:
            if os.getpgid(pid) != pid:  # not the relay's group (it is a session leader): leave it alone
                return
            os.killpg(pid, signal.SIGTERM)
        except (ProcessLookupError, PermissionError):
            return
        deadline = time.monotonic() + STOP_GRACE
        while time.monotonic() < deadline:
            try:
                os.killpg(pid, 0)
            except ProcessLookupError:
                return
            except PermissionError:
                break
            time.sleep(0.01)
        try:
            os.killpg(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass

    def close(self) -> None:
        import shutil

        shutil.rmtree(self.folder, ignore_errors=True)


def exit_text(rep: dict) -> str | None:
    """How the server ended, from a relay report: "exited with status 3", ... (None: it was still running)."""
    state = rep.get("state")
    if state == "not-started":
        return f"could not be started: {rep.get('start_error') or 'unknown error'}"
    if state != "exited":
        return None
    code = rep.get("exit")
    if isinstance(code, int) and code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        return f"was killed by {name}"
    return f"exited with status {code}"


def stderr_tail(rep: dict) -> list[str]:
    """The last lines of the server's stderr (secrets masked, control characters escaped)."""
    from .masking import mask

    text = rep.get("stderr") or ""
    if not isinstance(text, str) or not text.strip():
        return []
    text = text[-TAIL_CHARS:]
    lines = [ln for ln in text.splitlines() if ln.strip()][-TAIL_LINES:]
    return [_printable(mask(ln.rstrip())) for ln in lines]


def _printable(s: str) -> str:
    return "".join(c if c.isprintable() or c == "…" else repr(c)[1:-1] for c in s)


def shown_line(line: str) -> str:
    """A line of server output to quote in a note: secrets masked, control characters escaped, cut short."""
    from .masking import mask

    s = _printable(mask(line))
    if len(s) > SHOW_CHARS:
        s = s[:SHOW_CHARS - 1].rstrip() + "…"
    return json.dumps(s, ensure_ascii=False)


def _size(n: int) -> str:
    if n < 1024:
        return f"{n} bytes"
    if n < 1 << 20:
        return f"{n / 1024:.1f} KiB"
    if n < 1 << 30:
        return f"{n / (1 << 20):.1f} MiB"
    return f"{n / (1 << 30):.1f} GiB"


def stdout_note(lines: int, nbytes: int, first: list[str], subject: str, when: str = "") -> str | None:
    """One line about the stdout lines that were not MCP messages (None when there were none): how many, how
    much, the first few (secrets masked, cut short). ``subject``: "MCP server `name`", or "it"."""
    if not lines:
        return None
    shown = ", ".join(shown_line(x) for x in first if isinstance(x, str))
    one = lines == 1
    return (f"{subject} wrote {lines:,} line{'' if one else 's'} ({_size(nbytes)}) to stdout{when} that "
            f"{'is' if one else 'are'} not MCP messages; toolcheck ignored {'it' if one else 'them'}"
            + (f" (first: {shown})" if shown else "")
            + ". The stdio transport reserves stdout for JSON-RPC: a server should log to stderr.")


def problem(command: str, what: str, rep: dict) -> str:
    """A ConfigError message: `MCP server `command` <what>`, then the server's stdout junk and stderr tail."""
    parts = [f"MCP server `{command}` {what}"]
    note = stdout_note(int(rep.get("lines") or 0), int(rep.get("bytes") or 0), rep.get("first") or [], "it")
    if note:
        parts.append("  " + note[0].upper() + note[1:])
    tail = stderr_tail(rep)
    if tail:
        parts.append("  the end of its stderr:")
        parts.extend("    " + ln for ln in tail)
    elif rep.get("state") == "exited":
        parts.append("  (it wrote nothing to stderr)")
    return "\n".join(parts)


# ------------------------------------------------------------------------------------------------ tools/list

@dataclass
class Listing:
    tools: list[dict]
    server: str  # the serverInfo name (or a word of the command when the server gives none)
    notes: list[str] = field(default_factory=list)


def fetch_tools(command: str, timeout: float = DEFAULT_TIMEOUT) -> Listing:
    """The tools a server lists, as the JSON objects of its `tools/list` results, and the server's name."""
    argv = split_command(command)
    _require_sdk()
    import anyio
    from mcp import ClientSession
    from mcp.client.stdio import stdio_client

    launch = Launch(argv)
    tools: list[dict] = []
    info: dict = {"stage": "initialize", "timed_out": False, "name": None}

    async def run() -> None:
        with open(os.devnull, "w") as devnull:  # the relay keeps the server's stderr
            async with stdio_client(launch.params, errlog=devnull) as (read, write):
                with anyio.move_on_after(timeout) as scope:
                    async with ClientSession(read, write) as session:
                        init = await session.initialize()
                        info["name"] = getattr(getattr(init, "server_info", None), "name", None)
                        info["stage"] = "tools/list"
                        cursor = None
                        for _ in range(1000):  # pagination, bounded
                            res = await (session.list_tools(cursor=cursor) if cursor else session.list_tools())
                            tools.extend(t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in res.tools)
                            cursor = getattr(res, "next_cursor", None) or getattr(res, "nextCursor", None)
                            if not cursor:
                                break
                        info["stage"] = None
                if scope.cancelled_caught:
                    info["timed_out"] = True
                    launch.stop()

    try:
        try:
            anyio.run(run)
        except BaseException as e:  # noqa: BLE001 - the SDK raises exception groups and transport errors of many kinds
            if isinstance(e, (KeyboardInterrupt, SystemExit)):
                raise
            launch.stop()
            rep = launch.report()
            if rep.get("state") == "not-started":
                raise ConfigError(f"cannot start MCP server `{command}`: {rep.get('start_error')}") from None
            stage = info["stage"] or "tools/list"
            how = exit_text(rep)
            what = f"{how} before it answered `{stage}`" if how else f"failed during `{stage}`: {_first_error(e)}"
            raise ConfigError(problem(command, what, rep)) from None
        rep = launch.report()
        if info["timed_out"]:
            raise ConfigError(problem(command, f"did not answer `{info['stage']}` within {timeout:g} s", rep)) \
                from None
    finally:
        launch.close()
    name = _server_name(info["name"], argv)
    notes = []
    note = stdout_note(int(rep.get("lines") or 0), int(rep.get("bytes") or 0), rep.get("first") or [],
                       f"MCP server `{name}`")
    if note:
        notes.append("note: " + note)
    return Listing(tools, name, notes)


def _server_name(name, argv: list[str]) -> str:
    if isinstance(name, str):
        name = _printable(name.strip()).replace(" ", "-")
        if name:
            return name[:100]
    return os.path.basename(argv[-1]) or "server"


def _first_error(e: BaseException) -> str:
    while hasattr(e, "exceptions") and e.exceptions:
        e = e.exceptions[0]
    text = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
    if isinstance(e, TimeoutError):
        return "timed out"
    return f"{type(e).__name__}: {text}"


@dataclass
class LiveInput:
    """The fetched `tools/list` as a file the loader reads: a temporary one (deleted after loading, findings at
    ``mcp:<server>`` without line numbers) or the user's ``--mcp-save`` file (kept, findings at its lines)."""

    path: str
    display: str
    temporary: bool
    server: str
    notes: list[str]


def tools_file(command: str, timeout: float = DEFAULT_TIMEOUT, save: str | None = None,
               cwd: str | None = None) -> LiveInput:
    listing = fetch_tools(command, timeout)
    text = json.dumps({"tools": listing.tools}, indent=2, ensure_ascii=False) + "\n"
    if save:
        from .discovery import display_path
        from .fsutil import write_atomic

        try:
            write_atomic(save, text)
        except OSError as e:
            raise ConfigError(f"--mcp-save: cannot write {save}: {e.strerror or e}") from None
        path = os.path.abspath(save)
        return LiveInput(path, display_path(path, cwd or os.getcwd()), False, listing.server, listing.notes)
    fd, path = tempfile.mkstemp(prefix="toolcheck-mcp-", suffix=".json")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text)
    return LiveInput(path, f"mcp:{listing.server}", True, listing.server, listing.notes)
