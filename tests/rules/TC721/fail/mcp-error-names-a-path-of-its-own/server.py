"""A notes server confined to one folder (its first argument) that keeps an index elsewhere: when a note is
missing, its error names the index file, a path the model never sent and the server was never given."""

import os
import sys

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

FOLDER = os.path.abspath(sys.argv[1])
INDEX = "/var/cache/notes-server/index-v2.sqlite"
app = MCPServer("notes-indexed")


@app.tool()
def open_note(path: str) -> str:
    """Read one note of the notes folder by its path inside the folder. Use it when the user asks for a note."""
    full = os.path.normpath(os.path.join(FOLDER, path))
    if not os.path.isfile(full):
        raise ToolError(f"lookup failed in {INDEX}: no entry")
    with open(full, encoding="utf-8") as f:
        return f.read()


if __name__ == "__main__":
    app.run()
