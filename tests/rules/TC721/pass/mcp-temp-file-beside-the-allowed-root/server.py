"""A notes server confined to one folder (its first argument) that saves a note by writing a temporary file
beside the folder and renaming it over the target: when the target is the folder itself (an empty path), the
rename fails and the error names the folder with the temporary file's suffix. That shows the folder the server
was given, which the model knows, and nothing of where the server itself lives."""

import os
import sys

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

FOLDER = os.path.abspath(sys.argv[1])
app = MCPServer("notes-atomic")


@app.tool()
def save_note(path: str, text: str) -> str:
    """Save one note of the notes folder by its path inside the folder. Use it when the user dictates a note."""
    full = os.path.normpath(os.path.join(FOLDER, path))
    if os.path.isdir(full):
        raise ToolError(f"EISDIR: illegal operation on a directory, rename '{full}.5be1c0d2.tmp' -> '{full}'")
    return "saved"


if __name__ == "__main__":
    app.run()
