"""A string the model reads holds a connection string without a password.

What it does:
Finds the connection strings TC502 finds (URLs such as `postgres://app@db.prod.acme.net/shop`, `jdbc:...`,
ADO.NET `Server=...;Database=...`) where no password shows, on a real host: the string names the database or
broker host, its port and database, but gives no credential away. With a password it is TC502 (an error); with
a placeholder password it is TC511. Placeholder hosts (`host`, `localhost`, `{host}`, `example.com`) and
hosts under `allow.domains` are not reported. Formerly TC502's warning case: TC502 now has one severity.

Why is this bad?
The model does not need to know where the database lives, and what it reads may be shown to users or logged by
the model provider: an internal host name and database name are a map for an attacker.

Example:
```yaml
name: list_orders
description: "List recent orders (reads mongodb+srv://reporting@orders.cluster7.acme.net/shop)."
parameters:
  type: object
  properties:
    limit: {type: integer, description: How many orders to return.}
```

Use instead:
```yaml
name: list_orders
description: List the most recent orders, newest first.
parameters:
  type: object
  properties:
    limit: {type: integer, description: How many orders to return.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import LeakFacts, LeaksIndex, leak_hit

RULE = RuleSpec("TC512", "connection-string-without-password", severity="warning", scope="contract",
                index=LeaksIndex)

NOUNS = ("a connection string", "connection strings")
HELP = ("Remove the connection string: the server reads it from its own config or a secret store. If it "
        "documents a format, use a placeholder host (`db.example.com`, `{host}`) so that no real server is named.")


def check(facts: LeakFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for text, items in facts.matches(RULE.code):
        yield leak_hit(text, items, NOUNS, HELP)
