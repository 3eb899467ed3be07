"""A schema (or a property's schema) can never be satisfied.

What it does:
Finds contradictions statically: `minimum > maximum` (and the exclusive forms, including no integer in the
range of an `integer`), `minLength > maxLength`, `minItems > maxItems`, `minProperties > maxProperties`,
more required properties than `maxProperties`, a required property forbidden by `additionalProperties:
false` (or `unevaluatedProperties: false`) or whose own schema is `false`, an empty `enum`, `enum` values
none of which pass the rest of the schema (e.g. `type`), a `const` its own schema rejects, `allOf` branches
with incompatible types, and `not: {}`. Reported at the keyword that makes it impossible. A bound, length,
item, `contains` or property constraint applies to one JSON type only: it makes the schema unsatisfiable
only when `type` admits nothing else (the root of `parameters` is always an object); otherwise every value
of another type still passes, and TC119 reports it as a warning instead.

Why is this bad?
Every call fails validation, whatever the model sends; if the schema is a property's, the property can never
be given.

Example:
```yaml
name: suggest_gifts
description: Suggest gifts within a budget.
parameters:
  type: object
  properties:
    budget: {type: number, minimum: 100, maximum: 10, description: Budget in euros.}
```

Use instead:
```yaml
name: suggest_gifts
description: Suggest gifts within a budget.
parameters:
  type: object
  properties:
    budget: {type: number, minimum: 10, maximum: 100, description: Budget in euros.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from ._constraints import for_one_type
from .index import SchemaFacts, SchemaIndex

RULE = RuleSpec("TC111", "unsatisfiable-schema", severity="error", scope="contract", index=SchemaIndex, fix="none")


def check(facts: SchemaFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for s in facts.schemas:
        for c in s.contradictions:
            if for_one_type(s, c) is None:  # no value at all satisfies it (else TC119's)
                yield Hit(s.pointer(c.kpath), c.message, c.help, prefer_key=c.prefer_key)
