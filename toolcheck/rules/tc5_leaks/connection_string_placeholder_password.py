"""A connection string names a real-looking host with a placeholder for its password.

What it does:
Finds the connection strings TC502 finds (URLs such as `postgres://user:pass@host/db` and ADO.NET
`Server=...;Password=...`) whose password is a recognised stand-in: `password`, `pass`, `secret`,
`changeme`, `<password>`, `${DB_PASSWORD}`, `$PGPASSWORD`, `%DB_PWD%`, `{password}`, `****`, `xxx`. Any other
password, however weak, is a real one: TC502 reports it as an error and it is masked in
every output. A placeholder host as well (`localhost`, `{host}`, `db.example.com`) is a documented format and
not reported at all.

Why is this bad?
No secret leaks, but the string still tells the model (and whoever reads the prompt) which server holds the
data and which user logs in, and a stand-in password is easily replaced by the real one in the next edit.

Example:
```yaml
name: list_orders
description: "List recent orders from postgres://app:changeme@db.prod.acme.net:5432/shop."
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

RULE = RuleSpec("TC511", "connection-string-placeholder-password", severity="warning", scope="contract", index=LeaksIndex)

NOUNS = ("a connection string with a placeholder password", "connection strings with placeholder passwords")
HELP = ("Remove the connection string (the server reads it from its config or a secret store); if it documents "
        "a format, use a placeholder host too (`db.example.com`, `{host}`) so that no real server is named.")


def check(facts: LeakFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for text, items in facts.matches(RULE.code):
        yield leak_hit(text, items, NOUNS, HELP)
