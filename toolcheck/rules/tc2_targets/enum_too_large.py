"""The schema's enums hold more values, or longer ones, than the target allows.

What it does:
OpenAI strict mode allows 1,000 enum values in a schema (500 in 2024), and an enum of more than 250 string
values at most 15,000 characters in total (7,500 in 2024). Warning: the limits changed twice.

Why is this bad?
The request is rejected; an enum this large also costs many prompt tokens. A string validated on the host
(or a lookup tool) scales better.

Example:
```yaml
# YAML aliases keep this example short: 11 x 10 x 10 = 1,100 enum values once expanded
name: pick_colours
description: Pick colours for a gift wrap.
targets: [openai-strict]
x-colour: &colour {type: string, enum: [c0, c1, c2, c3, c4, c5, c6, c7, c8, c9]}
x-set: &set {type: object, additionalProperties: false, required: [k0, k1, k2, k3, k4, k5, k6, k7, k8, k9],
  properties: {k0: *colour, k1: *colour, k2: *colour, k3: *colour, k4: *colour, k5: *colour, k6: *colour,
  k7: *colour, k8: *colour, k9: *colour}}
parameters:
  type: object
  additionalProperties: false
  required: [s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10]
  properties: {s0: *set, s1: *set, s2: *set, s3: *set, s4: *set, s5: *set, s6: *set, s7: *set, s8: *set,
    s9: *set, s10: *set}
```

Use instead:
```yaml
name: pick_colours
description: Pick colours for a gift wrap.
targets: [openai-strict]
parameters:
  type: object
  additionalProperties: false
  required: [colours]
  properties:
    colours: {type: array, items: {type: string, description: A colour name, e.g. c3.}}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import TargetFacts, TargetsIndex

RULE = RuleSpec("TC212", "enum-too-large", severity="warning", scope="contract", index=TargetsIndex, fix="none")


def check(facts: TargetFacts, options: dict[str, Any]) -> Iterator[Hit]:
    yield from facts.hits("TC212")
