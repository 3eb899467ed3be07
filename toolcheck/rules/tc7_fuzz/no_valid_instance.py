"""No argument object satisfies the schema: the generator proves it, or finds none.

What it does:
Builds the hypothesis-jsonschema generator for `parameters`. When the generator proves that no instance
exists (it canonicalises the schema to `false`), reports it as an error at the deepest schema that admits
nothing, with the reason (`allOf` branches that contradict, a required property that admits nothing,
`uniqueItems` with fewer allowed values than `minItems`, `contains` against `items`, ...). When it cannot
prove it but finds no instance either, reports a warning. A contradiction that TC111 finds statically is
reported as that TC111 finding instead (under `toolcheck fuzz` too, so that a tool fuzz got no example for
never passes silently).

Why is this bad?
Every call fails validation, whatever the model sends; the tool cannot be used at all.

Example:
```yaml
name: book_seats
description: Book seats for a show. Use it when the user has chosen the seats to reserve.
risk: write_limited
parameters:
  type: object
  additionalProperties: false
  required: [seats]
  properties:
    seats:
      type: array
      description: The seats to book, each at most once.
      uniqueItems: true
      minItems: 3
      items: {type: string, enum: [A1, A2], description: A seat label.}
```

Use instead:
```yaml
name: book_seats
description: Book seats for a show. Use it when the user has chosen the seats to reserve.
risk: write_limited
parameters:
  type: object
  additionalProperties: false
  required: [seats]
  properties:
    seats:
      type: array
      description: The seats to book, each at most once.
      uniqueItems: true
      minItems: 1
      items: {type: string, enum: [A1, A2, A3, A4], description: A seat label.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import EMITS, FuzzIndex

RULE = RuleSpec("TC701", "no-valid-instance", severity="error", scope="set", index=FuzzIndex, emits=EMITS)


def check(facts: list[Hit], options: dict[str, Any]) -> Iterator[Hit]:
    """Every hit of the run's fuzz pass, whichever TC7 code is selected (``emits``): TC701's own, those of the
    codes it emits; the engine keeps the selected ones."""
    yield from facts
