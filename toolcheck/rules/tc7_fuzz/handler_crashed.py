"""The handler's process died during a call (`os._exit`, a native crash), or the MCP server did.

What it does:
Each handler runs in a worker subprocess; a worker that exits or is killed mid-call is reported with the
exit status, the end of its stderr and the shrunk arguments, and a fresh worker takes the next call. With
`--mcp-command`, a server that dies during `tools/call` is reported the same way and restarted.

Why is this bad?
In a host the handler runs in, the whole process (and every other conversation it serves) goes with it.

Example:
```yaml
name: export_report
description: Export the user's order history as a file. Use it when the user asks for a copy of their orders.
risk: read_only
handler: toolcheck.examples.pitfalls:export_report
parameters:
  type: object
  additionalProperties: false
  required: [format]
  properties:
    format: {type: string, enum: [csv, json, pdf], description: The file format.}
```

Use instead:
```yaml
name: export_report
description: Export the user's order history as a file. Use it when the user asks for a copy of their orders.
risk: read_only
handler: toolcheck.examples.pitfalls:export_report_careful
parameters:
  type: object
  additionalProperties: false
  required: [format]
  properties:
    format: {type: string, enum: [csv, json, pdf], description: The file format.}
errors:
  - code: FORMAT_UNAVAILABLE
    retryable: true
    description: This format cannot be produced right now; offer another one.
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC711", "handler-crashed", severity="error", scope="emitted")
