"""Read `tools/list` from a live MCP server over stdio with the official `mcp` SDK (the `mcp` extra).

The server is started, initialised, listed (following pagination) and stopped, all within a timeout; a server
that does not start, does not answer or dies is a clear error, never a hang.
"""

from __future__ import annotations

import json
import os
import shlex
import tempfile

from .config import ConfigError

DEFAULT_TIMEOUT = 30.0


def _require_sdk():
    try:
        import anyio  # noqa: F401
        from mcp import ClientSession, StdioServerParameters  # noqa: F401
        from mcp.client.stdio import stdio_client  # noqa: F401
    except ImportError:
        from . import install_command

        raise ConfigError(f"--mcp-command needs the `mcp` extra: {install_command('mcp')}") from None


def fetch_tools(command: str, timeout: float = DEFAULT_TIMEOUT) -> list[dict]:
    """The tools a server lists, as the JSON objects of its `tools/list` results."""
    _require_sdk()
    import anyio
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    argv = shlex.split(command)
    if not argv:
        raise ConfigError("--mcp-command is empty")
    params = StdioServerParameters(command=argv[0], args=argv[1:], env=dict(os.environ))
    tools: list[dict] = []

    async def run() -> None:
        with anyio.fail_after(timeout):
            with open(os.devnull, "w") as devnull:
                async with stdio_client(params, errlog=devnull) as (read, write):
                    async with ClientSession(read, write) as session:
                        await session.initialize()
                        cursor = None
                        for _ in range(1000):  # pagination, bounded
                            res = await (session.list_tools(cursor=cursor) if cursor else session.list_tools())
                            tools.extend(t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in res.tools)
                            cursor = getattr(res, "next_cursor", None) or getattr(res, "nextCursor", None)
                            if not cursor:
                                break

    try:
        anyio.run(run)
    except TimeoutError:
        raise ConfigError(f"MCP server `{command}` did not answer tools/list within {timeout:g} s") from None
    except FileNotFoundError as e:
        raise ConfigError(f"cannot start MCP server `{command}`: {e.strerror or e}") from None
    except BaseException as e:  # noqa: BLE001 - the SDK raises exception groups and transport errors of many kinds
        if isinstance(e, (KeyboardInterrupt, SystemExit)):
            raise
        msg = _first_error(e)
        raise ConfigError(f"MCP server `{command}` failed: {msg}") from None
    return tools


def _first_error(e: BaseException) -> str:
    while hasattr(e, "exceptions") and e.exceptions:
        e = e.exceptions[0]
    text = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
    if isinstance(e, TimeoutError):
        return "timed out"
    return f"{type(e).__name__}: {text}"


def tools_file(command: str, timeout: float = DEFAULT_TIMEOUT) -> tuple[str, str]:
    """(path of a temporary JSON file holding {"tools": [...]}, display name) for the loader."""
    tools = fetch_tools(command, timeout)
    fd, path = tempfile.mkstemp(prefix="toolcheck-mcp-", suffix=".json")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump({"tools": tools}, fh, indent=2, ensure_ascii=False)
    name = os.path.basename(shlex.split(command)[-1]) if shlex.split(command) else "server"
    return path, f"mcp:{name}"
