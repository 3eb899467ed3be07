"""An error message names a file path that the model did not send and the server was not given.

What it does:
Scans the message of every structured error (MCP: the text of an `isError` result; a JSON-RPC error's
message) for an absolute file path. A path the arguments carry is not counted, nor one the MCP server was
given on its command line (an allowed folder, a repository: the absolute paths of `--mcp-command`), nor the
model's own path resolved under one (`0` under the allowed `/srv/docs` is `/srv/docs/0`): that is what the
model sent, and what it needs to correct its call. Nor is a given folder with a temporary file's suffix
(`/srv/docs.3f9a.tmp`, written beside it and renamed): it shows only that folder. What remains is the
server's own: a cache, a template folder, a temporary file elsewhere. A message that also carries a stack
trace is TC718's.

Why is this bad?
The model cannot act on a path it never chose, and the path tells whoever reads the conversation how the
server is laid out (install folders, user names, temporary files).

Example:
```yaml
name: letter_template
description: Fetch the text of a letter template. Use it when the user wants to start a standard letter.
risk: read_only
handler: toolcheck.examples.pitfalls:letter_template
parameters:
  type: object
  additionalProperties: false
  required: [template]
  properties:
    template: {type: string, enum: [welcome, reminder, farewell], description: Which template.}
errors:
  - code: TEMPLATE_MISSING
    retryable: false
    description: No such template yet.
```

Use instead:
```yaml
name: letter_template
description: Fetch the text of a letter template. Use it when the user wants to start a standard letter.
risk: read_only
handler: toolcheck.examples.pitfalls:letter_template_careful
parameters:
  type: object
  additionalProperties: false
  required: [template]
  properties:
    template: {type: string, enum: [welcome, reminder, farewell], description: Which template.}
errors:
  - code: TEMPLATE_MISSING
    retryable: false
    description: No such template yet; the message names the ones there are.
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC721", "error-reveals-path", severity="warning", scope="emitted")
