"""An MCP server whose tools declare MCP annotations (readOnlyHint, destructiveHint, idempotentHint), and one
tool that declares none, for the import tests (mcp 2.x MCPServer)."""

from mcp.server.mcpserver import MCPServer
from mcp_types import ToolAnnotations

app = MCPServer("annotated-notes")


@app.tool(annotations=ToolAnnotations(read_only_hint=True))
def list_notes(folder: str) -> list[str]:
    """List the notes in one folder. Use it when the user asks which notes they have."""
    return [folder]


@app.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=True))
def save_note(note_id: str, text: str) -> str:
    """Create or overwrite the note with this id. Use it when the user asks to write a note down."""
    return "saved"


@app.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=True))
def delete_note(note_id: str) -> str:
    """Delete one note permanently. Use it only when the user asks to remove a note."""
    return "deleted"


@app.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=False))
def append_to_note(note_id: str, text: str) -> str:
    """Append text at the end of one note. Use it when the user asks to add a line to a note."""
    return "appended"


@app.tool()
def tag_note(note_id: str, tag: str) -> str:
    """Add a tag to one note. Use it when the user asks to label a note."""
    return "tagged"


if __name__ == "__main__":
    app.run()
