"""A string the model reads contains a stack trace.

What it does:
Finds Python tracebacks (`Traceback (most recent call last)`, `File "/app/x.py", line 3`), JVM frames
(`at com.acme.Billing.charge(Billing.java:42)`, `Exception in thread "main"`, `Caused by:`), Node.js,
.NET, Ruby and PHP frames, Go and Rust panics.

Why is this bad?
A trace pasted into a description or an example reveals source paths, module layout, libraries and versions,
and tells the model nothing it can act on.

Example:
```yaml
name: charge_card
description: |
  Charge a card. May fail with:
  Traceback (most recent call last):
    File "/srv/payments/charge.py", line 88, in charge
parameters:
  type: object
  properties:
    amount: {type: integer, description: Amount in cents.}
```

Use instead:
```yaml
name: charge_card
description: Charge a card. Fails when the card is declined.
parameters:
  type: object
  properties:
    amount: {type: integer, description: Amount in cents.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import LeakFacts, LeaksIndex, leak_hit

RULE = RuleSpec("TC508", "stack-trace", severity="warning", scope="contract", index=LeaksIndex)

NOUNS = ("a stack trace", "stack traces")
HELP = ("Remove the stack trace; describe the failure in plain words or declare it in `errors`.")


def check(facts: LeakFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for text, items in facts.matches(RULE.code):
        yield leak_hit(text, items, NOUNS, HELP)
