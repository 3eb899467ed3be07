"""A handler call did not answer within `--handler-timeout` seconds (plus what its own arguments ask for).

What it does:
Reports the first call that hangs, with its arguments (not shrunk: each attempt would cost the full
timeout). The worker is killed with its process group; later calls of that tool are skipped. With
`--mcp-command`, a `tools/call` without an answer ends that server session. A call whose arguments ask the
tool to take a while (a duration parameter such as `seconds`, `timeout_ms`, or `wait` "in seconds": the value
sent, or the schema's `default` when none is) gets `--handler-timeout` plus that long, and is reported only if
it still does not answer; a call that asks for more than the tool's `--budget-seconds` still leaves is not sent
(a note says so) rather than stopped early, which would prove nothing.

Why is this bad?
A host waits, the user waits, and the model gets no answer to act on; retried calls pile up.

Example:
```yaml
name: wait_for_stock
description: Check repeatedly whether an item is back in stock. Use it when the user wants to wait for an item.
risk: read_only
handler: toolcheck.examples.pitfalls:wait_for_stock
parameters:
  type: object
  additionalProperties: false
  required: [sku, max_checks]
  properties:
    sku: {type: string, minLength: 1, maxLength: 20, description: The item's SKU.}
    max_checks: {type: integer, minimum: 0, maximum: 10, description: How many checks to make; 0 means until it is back.}
```

Use instead:
```yaml
name: wait_for_stock
description: Check repeatedly whether an item is back in stock. Use it when the user wants to wait for an item.
risk: read_only
handler: toolcheck.examples.pitfalls:wait_for_stock_careful
parameters:
  type: object
  additionalProperties: false
  required: [sku, max_checks]
  properties:
    sku: {type: string, minLength: 1, maxLength: 20, description: The item's SKU.}
    max_checks: {type: integer, minimum: 1, maximum: 10, description: How many checks to make.}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC712", "handler-timeout", severity="error", scope="emitted")
