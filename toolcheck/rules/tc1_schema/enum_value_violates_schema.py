"""An `enum` value is rejected by the rest of its own schema.

What it does:
Validates each `enum` value against its schema without the `enum` (its `type`, `minLength`, `pattern`, ...)
and reports the values that fail, with the reason. When no value passes, the schema accepts nothing and
TC111 reports it instead.

Why is this bad?
The model is offered a value that always fails validation: it picks it, and the call is rejected.

Example:
```yaml
name: estimate_delivery_cost
description: Estimate the delivery cost of a parcel.
parameters:
  type: object
  properties:
    speed: {type: integer, enum: [1, 2, "express"], description: Delivery speed in days.}
```

Use instead:
```yaml
name: estimate_delivery_cost
description: Estimate the delivery cost of a parcel.
parameters:
  type: object
  properties:
    speed: {type: integer, enum: [1, 2, 5], description: Delivery speed in days.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from ._values import show
from .index import SchemaFacts, SchemaIndex

RULE = RuleSpec("TC109", "enum-value-violates-schema", severity="error", scope="contract", index=SchemaIndex,
                fix="none")


def check(facts: SchemaFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for s in facts.schemas:
        for at in s.with_key("enum"):
            values = s.enum_values(at)
            if all(v.ok is False for v in values):
                continue  # none passes (or there are none): the schema accepts nothing, TC111's
            for v in values:
                if v.ok is False:
                    yield Hit(s.pointer(at.path + ("enum", v.index)),
                              f"`enum` value {show(v.value)} {v.why}: the schema rejects it",
                              "Fix or remove the value, or relax the constraint that rejects it; the model will be "
                              "offered a value that always fails validation.", prefer_key=False)
