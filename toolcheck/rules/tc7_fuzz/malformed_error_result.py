"""An error result (`ok: false`) is not `{code, message, retryable}`.

What it does:
A result with `"ok": false` must carry `error: {code: string, message: string, retryable: boolean}`. Reports
what is missing or mistyped, for valid and invalid arguments alike.

Why is this bad?
Hosts and models rely on that shape to decide whether to retry and what to tell the user; a bare string
error cannot be routed, retried or explained.

Example:
```yaml
name: find_member
description: Find a club member by email address. Use it when the user asks whether someone is a member.
risk: read_only
handler: toolcheck.examples.pitfalls:find_member
parameters:
  type: object
  additionalProperties: false
  required: [email]
  properties:
    email: {type: string, minLength: 3, maxLength: 254, description: The member's email address.}
errors:
  - code: MEMBER_NOT_FOUND
    retryable: false
    description: No member has this email address.
```

Use instead:
```yaml
name: find_member
description: Find a club member by email address. Use it when the user asks whether someone is a member.
risk: read_only
handler: toolcheck.examples.pitfalls:find_member_careful
parameters:
  type: object
  additionalProperties: false
  required: [email]
  properties:
    email: {type: string, minLength: 3, maxLength: 254, description: The member's email address.}
errors:
  - code: MEMBER_NOT_FOUND
    retryable: false
    description: No member has this email address.
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC715", "malformed-error-result", severity="error", scope="emitted")
