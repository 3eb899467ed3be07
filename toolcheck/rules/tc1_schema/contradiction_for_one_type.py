"""Constraints that contradict each other for one type, in a schema that also admits other types.

What it does:
Finds the contradictions TC111 looks for — `minimum > maximum` (and the exclusive forms), `minLength >
maxLength`, `minItems > maxItems`, `minContains > maxContains`, `minProperties > maxProperties`, more
required properties than `maxProperties`, a required property that cannot be given — in a schema whose
`type` does not limit it to the type those keywords constrain (no `type`, or a `type` list with other types).
Each of these keywords applies to one JSON type only, so every value of another type still passes: the
schema is not unsatisfiable (that is TC111), but it accepts only what was probably never meant. The message
says which values still pass. The root of `parameters` is always an object (tool arguments are), so
object constraints there are TC111.

Why is this bad?
The bounds were meant to say something about the value, and they say nothing that any value can meet: a
model that sends the value the description asks for is always refused, and only a value of the wrong type
(often `null`, or a string where a number was meant) gets through.

Example:
```yaml
name: count_gifts
description: Count the gifts in a price range. Use it when the user asks how many gifts cost so much.
risk: read_only
parameters:
  type: object
  properties:
    max_price: {minimum: 100, maximum: 10, description: Highest price in euros.}
```

Use instead:
```yaml
name: count_gifts
description: Count the gifts in a price range. Use it when the user asks how many gifts cost so much.
risk: read_only
parameters:
  type: object
  properties:
    max_price: {type: number, minimum: 10, maximum: 100, description: Highest price in euros.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from ._constraints import for_one_type
from .index import SchemaFacts, SchemaIndex

RULE = RuleSpec("TC119", "contradiction-for-one-type", severity="warning", scope="contract", index=SchemaIndex,
                fix="none")


def check(facts: SchemaFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for s in facts.schemas:
        for c in s.contradictions:
            got = for_one_type(s, c)  # None: no value satisfies it at all (TC111's)
            if got is not None:
                yield Hit(s.pointer(c.kpath), got[0], got[1], prefer_key=c.prefer_key)
