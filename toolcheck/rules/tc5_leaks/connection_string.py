"""A string the model reads holds a database or broker connection string.

What it does:
Finds connection URLs (`postgres://`, `mysql://`, `mongodb+srv://`, `redis://`, `amqp://`, `jdbc:...`, and
~40 more schemes, with SQLAlchemy driver suffixes such as `postgresql+psycopg2://`) and ADO.NET strings
(`Server=...;Database=...`) that carry a password: an error, and the password is masked in every output,
however weak it is. Without a password the string only names the database host: that is TC512 (a warning,
formerly TC502's warning case). A placeholder password on a real host (`changeme`,
`${DB_PASSWORD}`) is TC511; placeholder hosts (`host`, `localhost`, `{host}`, `example.com`) with placeholder
credentials (`user:password@`) are not reported.

Why is this bad?
A connection string tells whoever reads the prompt where the database is and how to log in; with a password
it is a credential leak that must be rotated.

Example:
```yaml
name: list_orders
description: "List recent orders (reads postgres://app:Xk29fLq7Zr@db.prod.acme.net:5432/shop)."
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

RULE = RuleSpec("TC502", "connection-string", severity="error", scope="contract", index=LeaksIndex)

NOUNS = ("a connection string", "connection strings")
HELP = ("Remove the connection string: the server reads it from its own config or a secret store. If it held "
        "a password, rotate the password (it has been committed and sent to the model provider).")


def check(facts: LeakFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for text, items in facts.matches(RULE.code):
        yield leak_hit(text, items, NOUNS, HELP)
