"""The idempotency key parameter is not a plain string.

What it does:
Reports the parameter named by `idempotency_key` when its schema (after local `$ref`s) is not `type: string`
— a number, an object, a type union such as `[string, "null"]`, or no type at all.

Why is this bad?
Idempotency keys are opaque strings (UUIDs, hashes) in every payment and messaging API; a number invites the
model to count (1, 2, 3) and collide, a nullable key lets it send none.

Example:
```yaml
name: charge_card
description: Charge the user's saved card for an amount in cents.
risk: write_limited
idempotency_key: request_id
parameters:
  type: object
  required: [amount_cents, request_id]
  properties:
    amount_cents: {type: integer, minimum: 1, description: Amount in cents.}
    request_id: {type: integer, description: Unique key reused on every retry.}
```

Use instead:
```yaml
name: charge_card
description: Charge the user's saved card for an amount in cents.
risk: write_limited
idempotency_key: request_id
parameters:
  type: object
  required: [amount_cents, request_id]
  properties:
    amount_cents: {type: integer, minimum: 1, description: Amount in cents.}
    request_id: {type: string, format: uuid, description: Unique key reused on every retry.}
errors:
  - code: CARD_DECLINED
    retryable: false
    description: The bank refused the charge.
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import SafetyFacts, SafetyIndex, schema_types, show

RULE = RuleSpec("TC606", "idempotency-key-not-string", severity="error", scope="contract", index=SafetyIndex)


def check(facts: SafetyFacts, options: dict[str, Any]) -> Iterator[Hit]:
    got = facts.idempotency
    if got is None or got.schema is None:
        return
    name, schema, sptr = got.name, got.schema, got.schema_pointer
    types = schema_types(schema)
    if types == {"string"}:
        return
    if isinstance(schema, dict) and "type" in schema:
        shown = schema.get("type")
        yield Hit(sptr + "/type", f"idempotency key parameter `{name}` has type `{show(shown)}`, not `string`",
                  f"Make it `{name}: {{type: string, description: Unique key reused on every retry}}`.")
    else:
        yield Hit(sptr, f"idempotency key parameter `{name}` does not declare `type: string`",
                  f"Add `type: string` to `{name}` (e.g. `{{type: string, format: uuid}}`).")
