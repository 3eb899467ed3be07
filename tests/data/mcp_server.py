"""A small real MCP server for the tests (mcp 2.x: MCPServer is what 1.x called FastMCP)."""

import sys

from mcp.server.mcpserver import MCPServer

app = MCPServer("notes")


@app.tool()
def search_notes(query: str, limit: int = 10) -> list[str]:
    """Search the user's notes by keyword. Use it when the user asks what they wrote about something."""
    return [f"note about {query}"][:limit]


@app.tool()
def delete_note(note_id: str) -> str:
    """Delete one note permanently. Use it only when the user asks to remove a note."""
    return "deleted"


if __name__ == "__main__":
    if "--hang" in sys.argv:
        import time

        time.sleep(3600)
    app.run()
