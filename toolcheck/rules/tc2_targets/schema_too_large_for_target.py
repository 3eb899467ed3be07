"""The schema has more properties, or more characters of names and values, than the target allows.

What it does:
OpenAI strict mode allows 5,000 object properties in a schema and 120,000 characters of property names,
definition names, enum and const values (100 and 15,000 in 2024). The limits changed twice, so this is a
warning.

Why is this bad?
The request is rejected; a schema this large also costs thousands of prompt tokens on every call.

Example:
```yaml
# YAML aliases keep this example short: 10 x 10 x 10 x 10 = 10,000 properties once expanded
name: save_matrix
description: Save a large settings matrix.
targets: [openai-strict]
x-leaf: &leaf {type: object, additionalProperties: false, required: [p0, p1, p2, p3, p4, p5, p6, p7, p8, p9],
  properties: {p0: {type: string}, p1: {type: string}, p2: {type: string}, p3: {type: string},
  p4: {type: string}, p5: {type: string}, p6: {type: string}, p7: {type: string}, p8: {type: string},
  p9: {type: string}}}
x-l2: &l2 {type: object, additionalProperties: false, required: [q0, q1, q2, q3, q4, q5, q6, q7, q8, q9],
  properties: {q0: *leaf, q1: *leaf, q2: *leaf, q3: *leaf, q4: *leaf, q5: *leaf, q6: *leaf, q7: *leaf,
  q8: *leaf, q9: *leaf}}
x-l3: &l3 {type: object, additionalProperties: false, required: [r0, r1, r2, r3, r4, r5, r6, r7, r8, r9],
  properties: {r0: *l2, r1: *l2, r2: *l2, r3: *l2, r4: *l2, r5: *l2, r6: *l2, r7: *l2, r8: *l2, r9: *l2}}
parameters:
  type: object
  additionalProperties: false
  required: [s0, s1, s2, s3, s4, s5, s6, s7, s8, s9]
  properties: {s0: *l3, s1: *l3, s2: *l3, s3: *l3, s4: *l3, s5: *l3, s6: *l3, s7: *l3, s8: *l3, s9: *l3}
```

Use instead:
```yaml
name: save_matrix
description: Save one cell of the settings matrix.
targets: [openai-strict]
parameters:
  type: object
  additionalProperties: false
  required: [row, column, value]
  properties:
    row: {type: string}
    column: {type: string}
    value: {type: string}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import TargetFacts, TargetsIndex

RULE = RuleSpec("TC211", "schema-too-large-for-target", severity="warning", scope="contract", index=TargetsIndex,
                fix="none")


def check(facts: TargetFacts, options: dict[str, Any]) -> Iterator[Hit]:
    yield from facts.hits("TC211")
