"""An MCP server with deliberate defects, for the `toolcheck fuzz --mcp-command` tests (mcp 2.x MCPServer)."""

import datetime
import os
import sys
import time
import traceback

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

app = MCPServer("fuzz-targets")


@app.tool()
def average_price(total: float, count: int) -> float:
    """Average price of the items in a basket. Use it when the user asks what an item costs on average."""
    return total / count  # count may be 0: the SDK turns the exception into an isError result with its text


@app.tool()
def shout(text: str) -> str:
    """Repeat a message in capital letters. Use it when the user wants a message to stand out."""
    return text.upper()


@app.tool()
def parse_day(text: str) -> str:
    """Normalise a calendar day written as YYYY-MM-DD. Use it when the user gives a date to check."""
    try:
        return datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        raise ToolError(traceback.format_exc()) from None  # the stack trace goes back to the model


if "--with-crash" in sys.argv:

    @app.tool()
    def archive_note(note_id: int) -> str:
        """Archive one note by its number. Use it when the user asks to put a note away."""
        if note_id % 2 == 0:
            os._exit(7)  # the whole server dies
        return "archived"


if "--with-hang" in sys.argv:

    @app.tool()
    def slow_lookup(key: str) -> str:
        """Look up a key in the slow archive. Use it when the user asks for an archived value."""
        time.sleep(3600)
        return key


if __name__ == "__main__":
    app.run()
