"""An MCP server that writes things other than JSON-RPC to its stdout (mcp 2.x MCPServer), for the tests.

Before it serves, it prints a banner (two lines, one naming an API key) and a blank line, as a careless
`print()` at start-up does. `--flood-mb N` first writes N MB of `hello` lines (what `yes hello` does), then
serves; `--chatty` prints a line to stdout on every call; `--flood-forever` writes `hello` lines until it is
killed and never answers; `--no-newline-mb N` writes N MB without a single newline, then one and serves.
"""

import os
import sys

from mcp.server.mcpserver import MCPServer

app = MCPServer("banner-notes")
WIRE = os.dup(1)  # the real stdout: the SDK 2.x server diverts fd 1 to stderr while it serves, older ones do not


@app.tool()
def search_notes(query: str) -> list[str]:
    """Search the user's notes by keyword. Use it when the user asks what they wrote about something."""
    if "--chatty" in sys.argv:  # the classic bug: a print() in a stdio server's tool, as an unprotected server has it
        os.write(WIRE, f"searching for {query!r}\n".encode())
    return [f"note about {query}"]


def _arg(name: str, default: int = 0) -> int:
    return int(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


if __name__ == "__main__":
    out = sys.stdout.buffer
    out.write(b"Banner Notes server v1.2 starting (api_key=sk-live-4f9c2b7e8a1d6f3c5b9e0a7d2c4f8b1e)\n")
    out.write(b"\n")
    out.write(b"Listening on stdio\n")
    line = b"hello\n"
    chunk = line * (1 << 16)  # 384 KiB
    if "--flood-forever" in sys.argv:
        while True:
            out.write(chunk)
    mb = _arg("--flood-mb")
    left = mb << 20
    while left > 0:
        out.write(chunk[:left])
        left -= len(chunk)
    for _ in range(_arg("--no-newline-mb")):
        out.write(b"x" * (1 << 20))
    if "--no-newline-mb" in sys.argv:
        out.write(b"\n")
    out.flush()
    app.run()
