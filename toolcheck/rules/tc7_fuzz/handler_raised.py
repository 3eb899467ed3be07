"""The handler raised an exception on arguments its own schema accepts.

What it does:
Calls the contract's `handler` (`package.module:function`, or `--handler`; the project root is put on
`sys.path`) in a worker process with generated valid arguments: one `dict` by default, `**arguments` with
`handler_call: kwargs`; async functions are awaited. An exception is reported once per exception class,
with the arguments hypothesis shrank it to, the traceback, the seed and the command that reproduces it.
With `--mcp-command`, a JSON-RPC error answer to `tools/call` counts the same.

Why is this bad?
The schema promised the model that these arguments are fine; the host then gets a crash instead of a result
or a structured error the model could act on.

Example:
```yaml
name: split_bill
description: Split a restaurant bill evenly between the diners. Use it when the user asks how much each pays.
risk: read_only
handler: toolcheck.examples.pitfalls:split_bill
parameters:
  type: object
  additionalProperties: false
  required: [total, people]
  properties:
    total: {type: number, minimum: 0, maximum: 100000, description: The bill in euros.}
    people: {type: integer, minimum: 0, maximum: 50, description: How many people share it.}
```

Use instead:
```yaml
name: split_bill
description: Split a restaurant bill evenly between the diners. Use it when the user asks how much each pays.
risk: read_only
handler: toolcheck.examples.pitfalls:split_bill_careful
parameters:
  type: object
  additionalProperties: false
  required: [total, people]
  properties:
    total: {type: number, minimum: 0, maximum: 100000, description: The bill in euros.}
    people: {type: integer, minimum: 1, maximum: 50, description: How many people share it.}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC710", "handler-raised", severity="error", scope="emitted")
