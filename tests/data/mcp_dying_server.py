"""An MCP server that dies at start: a few log lines and an error on stderr, then exit status 3."""

import sys

for i in range(30):
    print(f"loading plugin {i}", file=sys.stderr)
print("error: cannot open the notes database /nonexistent/notes.db: No such file or directory", file=sys.stderr)
print("hint: set NOTES_DB to the database path", file=sys.stderr)
sys.exit(3)
