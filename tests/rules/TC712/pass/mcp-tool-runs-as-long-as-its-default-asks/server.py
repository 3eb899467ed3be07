"""A kitchen-timer server: its one tool rings after the number of seconds it is given, 3 unless told otherwise,
as its schema and its description both say. A call that takes those 3 seconds does what it was asked."""

import time
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from pydantic import Field

app = MCPServer("kitchen-timer")


@app.tool()
def ring_after(
    wait_seconds: Annotated[float, Field(ge=0, le=3, description="Seconds to wait before ringing.")] = 3,
    label: Annotated[str, Field(max_length=30, description="What the timer is for, e.g. eggs.")] = "timer",
) -> str:
    """Wait, then ring. Waits `wait_seconds` seconds (3 by default). Use it when the user wants a short timer."""
    time.sleep(wait_seconds)
    return f"{label}: rang after {wait_seconds:g} s"


if __name__ == "__main__":
    app.run()
