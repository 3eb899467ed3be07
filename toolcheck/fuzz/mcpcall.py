"""Fuzzing a live MCP server: ``tools/call`` over stdio with the official SDK (the `mcp` extra).

One server process serves the whole run. Its client session lives in a thread of its own (an anyio event loop
there), and calls reach it through a queue, so the synchronous hypothesis test can wait for each answer with a
timeout. A call that does not answer in time, or a server that dies, ends that session (a hung server is stopped
at once, :meth:`toolcheck.mcp_live.Launch.stop`; the SDK then closes the transport); the next call starts a fresh
server. :meth:`McpServer.close` always stops it. Each start runs behind toolcheck's stdout filter
(:mod:`toolcheck.mcp_relay`), which keeps the server's stderr tail and counts what it prints to stdout besides
its messages.
"""

from __future__ import annotations

import os
import queue
import shlex
import threading
from typing import Any

from .outcome import Outcome

MAX_RESTARTS = 10  # server restarts in one run
MAX_TIMEOUTS = 1  # per tool
MAX_TOOL_CRASHES = 1


class McpServer:
    def __init__(self, command: str, call_timeout: float, start_timeout: float) -> None:
        self.command = command
        self.call_timeout = call_timeout
        self.start_timeout = start_timeout
        self.requests: queue.Queue | None = None
        self.thread: threading.Thread | None = None
        self.ready = threading.Event()
        self.start_error: str | None = None
        self.restarts = 0
        self.launch = None  # the current start (mcp_live.Launch), kept until the next one for its stderr tail
        self.junk = [0, []]  # non-protocol stdout lines written during calls (over every start), the last ones
        self.starts = 0

    # -------------------------------------------------------------------------------------------- session

    def _alive(self) -> bool:
        return self.thread is not None and self.thread.is_alive() and self.ready.is_set()

    def _start(self) -> str | None:
        self.ready = threading.Event()
        self.start_error = None
        self.requests = queue.Queue()
        self._end_launch()
        from ..mcp_live import Launch

        self.launch = Launch(shlex.split(self.command))
        self.starts += 1
        self.thread = threading.Thread(target=self._thread_main, args=(self.requests, self.ready), daemon=True,
                                       name="toolcheck-mcp-fuzz")
        self.thread.start()
        self.ready.wait(self.start_timeout + 5)
        if not self.ready.is_set() or self.start_error:
            err = self.start_error or f"no answer within {self.start_timeout:g} s"
            self._stop_thread()
            return err
        return None

    def _thread_main(self, requests: queue.Queue, ready: threading.Event) -> None:
        import anyio

        try:
            anyio.run(self._session, requests, ready)
        except BaseException as e:  # noqa: BLE001 - transport errors arrive as exception groups
            if not ready.is_set():
                self.start_error = _first_error(e)
                ready.set()
        finally:
            # answer whatever is still waiting, so no caller blocks on a dead session
            while True:
                try:
                    req = requests.get_nowait()
                except queue.Empty:
                    break
                if req is not None:
                    req[2].put(("dead", "the server session ended"))

    async def _session(self, requests: queue.Queue, ready: threading.Event) -> None:
        from mcp.client.stdio import stdio_client

        launch = self.launch
        with open(os.devnull, "w") as devnull:  # the relay keeps the server's stderr
            async with stdio_client(launch.params, errlog=devnull) as (read, write):
                try:
                    await self._serve(launch, read, write, requests, ready)
                except BaseException:
                    launch.stop()  # before the SDK's shutdown waits for a server that may be stuck
                    raise

    async def _serve(self, launch, read, write, requests: queue.Queue, ready: threading.Event) -> None:
        import anyio
        from mcp import ClientSession

        async with ClientSession(read, write) as session:
            with anyio.fail_after(self.start_timeout):
                await session.initialize()
                await session.list_tools()  # the SDK validates structured results against listed schemas
            launch.at_ready = int(launch.report().get("lines") or 0)  # start-up output: the listing's note has it
            ready.set()
            while True:
                req = await anyio.to_thread.run_sync(requests.get)
                if req is None:
                    return
                name, args, reply, limit = req
                try:
                    with anyio.fail_after(limit):
                        res = await session.call_tool(name, args)
                except TimeoutError:
                    reply.put(("timeout", None))
                    launch.stop()
                    return  # the server may be stuck: end the session (and the process)
                except Exception as e:  # noqa: BLE001
                    code = getattr(e, "code", None)
                    if code is None:
                        code = getattr(getattr(e, "error", None), "code", None)
                    if isinstance(code, int) and code != -32000:  # a JSON-RPC error answer
                        reply.put(("rpc", f"{code}: {getattr(e, 'message', None) or e}"))
                        continue
                    if isinstance(e, RuntimeError) and ("structured content" in str(e) or
                                                        "output schema" in str(e)):
                        reply.put(("returns", str(e)))
                        continue
                    reply.put(("dead", _first_error(e)))
                    return
                reply.put(("ok", res))

    def _stop_thread(self) -> None:
        t, q = self.thread, self.requests
        self.thread = None
        if q is not None:
            q.put(None)
        if t is not None:
            t.join(timeout=10)

    def _end_launch(self) -> None:
        if self.launch is None:
            return
        launch, self.launch = self.launch, None
        try:
            rep = launch.report()
            more = int(rep.get("lines") or 0) - launch.at_ready if launch.at_ready is not None else 0
            if more > 0:  # lines written while tools were called (a banner at start-up is not news)
                self.junk[0] += more
                self.junk[1] = [x for x in rep.get("last") or [] if isinstance(x, str)]
        finally:
            launch.close()

    def close(self) -> str | None:
        """Stop the server; a note about what it printed to stdout besides its messages (None: nothing)."""
        self._stop_thread()
        self._end_launch()
        from ..mcp_live import shown_line

        lines, last = self.junk
        if not lines:
            return None
        starts = f" (over {self.starts} server starts)" if self.starts > 1 else ""
        shown = ", ".join(shown_line(x) for x in last)
        return (f"note: while tools were called{starts}, the MCP server wrote {lines:,} more line"
                f"{'' if lines == 1 else 's'} to stdout that {'is' if lines == 1 else 'are'} not MCP messages; "
                f"toolcheck ignored {'it' if lines == 1 else 'them'}" + (f" (last: {shown})" if shown else "") + ".")

    # -------------------------------------------------------------------------------------------- calls

    @property
    def exhausted(self) -> bool:
        return self.restarts >= MAX_RESTARTS

    def call(self, name: str, args: Any, timeout: float | None = None) -> Outcome | None:
        if self.exhausted:
            return None
        if not self._alive():
            if self.thread is not None:
                self._stop_thread()
            err = self._start()
            if err is not None:
                self.restarts += 1
                return Outcome("crashed", message=f"the server could not be (re)started: {err}", mcp=True)
        assert self.requests is not None
        reply: queue.Queue = queue.Queue()
        limit = self.call_timeout if timeout is None else timeout
        self.requests.put((name, args, reply, limit))
        try:
            kind, value = reply.get(timeout=limit + 15)
        except queue.Empty:
            kind, value = "timeout", None
        if kind == "timeout":
            self._stop_thread()
            return Outcome("timeout", message=f"{round(limit, 1):g} s", mcp=True)
        if kind == "dead":
            self.restarts += 1
            self._stop_thread()
            how, tail = self._ending()
            return Outcome("crashed", message=how or str(value), mcp=True, traceback=tail)
        if kind == "rpc":
            return Outcome("protocol-error", message=str(value), mcp=True)
        if kind == "returns":
            return Outcome("returned", value=None, mcp=True, returns_error=str(value))
        return _from_result(value)

    def _ending(self) -> tuple[str | None, str]:
        """How the server ended ("exited with status 7") and the end of its stderr, from the relay's report."""
        if self.launch is None:
            return None, ""
        from ..mcp_live import exit_text

        rep = self.launch.report()
        text = rep.get("stderr") or ""
        return exit_text(rep), text[-1500:] if isinstance(text, str) else ""


class McpToolCaller:
    """The caller for one tool of the shared server (the driver's interface: ``call`` and ``close``).

    A tool whose call hung or killed the server once is not called again (each costs a server restart,
    seconds); the server is shared, so another tool's calls go on."""

    def __init__(self, server: McpServer, name: str) -> None:
        self.server = server
        self.name = name
        self.timeouts = 0
        self.crashes = 0

    @property
    def exhausted(self) -> bool:
        return self.server.exhausted or self.crashes >= MAX_TOOL_CRASHES

    @property
    def hung(self) -> bool:
        return self.timeouts >= MAX_TIMEOUTS

    def call(self, args: Any, timeout: float | None = None) -> Outcome | None:
        if self.exhausted or self.hung:
            return None
        o = self.server.call(self.name, args if isinstance(args, dict) else {"value": args}, timeout)
        if o is not None and o.kind == "timeout":
            self.timeouts += 1
        elif o is not None and o.kind == "crashed":
            self.crashes += 1
        return o

    def close(self) -> None:
        pass  # the server is shared by every tool of the run; FuzzState.close stops it


def _from_result(res: Any) -> Outcome:
    try:
        d = res.model_dump(by_alias=True, exclude_none=True, mode="json")
    except Exception:  # noqa: BLE001
        d = {}
    texts = [c.get("text", "") for c in d.get("content", []) if isinstance(c, dict) and c.get("type") == "text"]
    text = "\n".join(t for t in texts if isinstance(t, str))
    if d.get("isError"):
        return Outcome("returned", value=d, mcp=True, mcp_error=True, message=text)
    return Outcome("returned", value=text if text else d, mcp=True, mcp_structured=d.get("structuredContent"))


def _first_error(e: BaseException) -> str:
    while getattr(e, "exceptions", None):
        e = e.exceptions[0]
    s = str(e).strip()
    line = s.splitlines()[0] if s else ""
    return f"{type(e).__name__}: {line}" if line else type(e).__name__
