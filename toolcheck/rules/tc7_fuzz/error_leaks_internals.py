"""An error message (or a result) shows a stack trace, an exception class or a Python error text.

What it does:
Scans the message of every structured error (MCP: the text of an `isError` result; a JSON-RPC error's
message) for a traceback, a source file reference (`app.py:12`), an exception class name (`KeyError`,
`ValidationError`) or a Python error text (`division by zero`, `'NoneType' object ...`), and every successful
result for a stack trace (`except: return traceback.format_exc()`). Text the arguments themselves carry is
not counted: echoing the model's own value back is fine. An absolute file path alone is TC721's.

Why is this bad?
The model cannot act on a stack trace, and the trace tells whoever reads the conversation how the server is
built: paths, libraries, versions.

Example:
```yaml
name: convert_currency
description: Convert an amount of euros to another currency. Use it when the user asks for a price abroad.
risk: read_only
handler: toolcheck.examples.pitfalls:convert_currency
parameters:
  type: object
  additionalProperties: false
  required: [amount, currency]
  properties:
    amount: {type: number, minimum: 0, maximum: 1000000, description: The amount in euros.}
    currency: {type: string, enum: [USD, GBP, JPY], description: The currency to convert to.}
errors:
  - code: CONVERSION_FAILED
    retryable: false
    description: The conversion failed.
```

Use instead:
```yaml
name: convert_currency
description: Convert an amount of euros to another currency. Use it when the user asks for a price abroad.
risk: read_only
handler: toolcheck.examples.pitfalls:convert_currency_careful
parameters:
  type: object
  additionalProperties: false
  required: [amount, currency]
  properties:
    amount: {type: number, minimum: 0, maximum: 1000000, description: The amount in euros.}
    currency: {type: string, enum: [USD, GBP, JPY], description: The currency to convert to.}
errors:
  - code: RATE_UNAVAILABLE
    retryable: true
    description: No exchange rate for this currency today; offer another currency.
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC718", "error-leaks-internals", severity="error", scope="emitted")
