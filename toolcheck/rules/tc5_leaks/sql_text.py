"""A string the model reads contains SQL or schema-qualified table names.

What it does:
Finds SQL statements (`SELECT ... FROM t`, `INSERT INTO`, `UPDATE t SET`, `DELETE FROM`, `CREATE/DROP/ALTER
TABLE`; upper-case keywords, or lower-case ones in unmistakable shapes such as `select * from`) and
`schema.table` names after `FROM`/`JOIN`/`INTO` or next to the word "table". Not reported in a tool that
takes SQL (its name says `sql`, `query`, `db`, ..., or a parameter is named `sql`, `query`, `statement`,
...): there the SQL documents the input.

Why is this bad?
Table and schema names describe your data model to anyone who reads the prompt, and SQL in a description
invites the model to write queries the tool does not accept.

Example:
```yaml
name: find_customer
description: Look up a customer (runs SELECT id, email FROM prod.customers WHERE email = ?).
parameters:
  type: object
  properties:
    email: {type: string, description: The customer's e-mail address.}
```

Use instead:
```yaml
name: find_customer
description: Look up a customer by e-mail address.
parameters:
  type: object
  properties:
    email: {type: string, description: The customer's e-mail address.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import LeakFacts, LeaksIndex, leak_hit

RULE = RuleSpec("TC506", "sql-text", severity="warning", scope="contract", index=LeaksIndex)

NOUNS = ("SQL", "SQL")
HELP = ("Describe what the tool does, not how it is stored: remove the SQL and the table names (a parameter "
        "that takes SQL may document its tables in its own description).")


def check(facts: LeakFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for text, items in facts.matches(RULE.code):
        yield leak_hit(text, items, NOUNS, HELP)
