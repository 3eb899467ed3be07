"""A `default` of null on a schema that does not accept null.

What it does:
Reports `default: null` where the schema it annotates rejects null: a `type` without `"null"` (`type: string,
default: null`), an OpenAPI schema without `nullable: true`, an `enum` that does not list null. This is what a
Python `Optional[str] = None` parameter becomes when the generator drops the `null` branch. Formerly TC110's
case: TC110 (an error) keeps every other `default`, `examples` or `example` value the schema rejects, including a
null example.

Why is this bad?
The schema rejects its own default, so a host that fills in defaults sends a call its own validator refuses, and a
model that copies the default sends null. It is a warning rather than TC110's error because the author nearly
always meant "no value": the usual fix is to drop the default (an argument left out already means that) or to
allow null.

Example:
```yaml
name: search_docs
description: Search the product documentation by keyword.
parameters:
  type: object
  properties:
    section: {type: string, default: null, description: Section to search; all sections when left out.}
```

Use instead:
```yaml
name: search_docs
description: Search the product documentation by keyword.
parameters:
  type: object
  properties:
    section: {type: string, description: Section to search; all sections when left out.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .default_or_example_violates_schema import rejected
from .index import SchemaFacts, SchemaIndex

RULE = RuleSpec("TC124", "null-default-on-non-nullable", severity="warning", scope="contract",
                index=SchemaIndex, fix="none")


def check(facts: SchemaFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for s in facts.schemas:
        for at in s.with_key("default"):
            if at.node["default"] is None and not s.bad_type(at.node):  # a bad `type` is TC103's
                yield from rejected(s, at, "default", None, ("default",),
                                    'Remove the default (an argument left out already means "no value"), or add '
                                    '"null" to `type`: a host that fills in defaults sends a value the schema '
                                    "rejects.")
