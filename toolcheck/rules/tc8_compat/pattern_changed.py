"""A `pattern` was added or changed.

What it does:
Reports a new `pattern`, or a different one, on a string parameter. The witness is a string the old schema
accepts (matching the old pattern, if any) that the new pattern rejects; patterns are matched as ECMA-262 by
the validator, never with Python's `re`. When no such string is found the finding is a warning.

Why is this bad?
Identifiers, codes and free text that callers produced under the old rule no longer match.

Example:
```yaml file=old/ticket.yaml
name: create_ticket
description: Open a support ticket.
parameters:
  type: object
  properties:
    order_ref: {type: string}
```
```yaml file=new/ticket.yaml
name: create_ticket
description: Open a support ticket.
parameters:
  type: object
  properties:
    order_ref: {type: string, pattern: "^ORD-[0-9]{6}$"}
```

Use instead:
```yaml file=old/ticket.yaml
name: create_ticket
description: Open a support ticket.
parameters:
  type: object
  properties:
    order_ref: {type: string, pattern: "^ORD-[0-9]{6}$"}
```
```yaml file=new/ticket.yaml
name: create_ticket
description: Open a support ticket.
parameters:
  type: object
  properties:
    order_ref: {type: string}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC808", "pattern-changed", severity="error", scope="emitted")
