"""A notes server confined to one folder (its first argument). When a note is missing, its error names the path
the model asked for, resolved under that folder, or the folder itself: the model's own input and the place the
server was told to work in, nothing of the server's internals."""

import os
import sys

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

FOLDER = os.path.abspath(sys.argv[1])
app = MCPServer("notes-folder")


@app.tool()
def open_note(path: str) -> str:
    """Read one note of the notes folder by its path inside the folder. Use it when the user asks for a note."""
    full = os.path.normpath(os.path.join(FOLDER, path))
    if full != FOLDER and not full.startswith(FOLDER + os.sep):
        raise ToolError(f"{path!r} is outside the notes folder {FOLDER}; give a path inside it")
    if not os.path.isfile(full):
        raise ToolError(f"no note at {full}")
    with open(full, encoding="utf-8") as f:
        return f.read()


if __name__ == "__main__":
    app.run()
