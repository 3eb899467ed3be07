"""Fuzzing produced no example at all for a tool, and why.

What it does:
Reports a tool for which `toolcheck fuzz` generated arguments and none came out: the generator failed on the
schema, the time budget passed before the first example, the generator found no instance of its
approximation of the schema, or no generated instance passed the validator while the generator only
approximated some keywords (`unevaluatedProperties` beside applicators, `minContains`, a pattern without a
Python equivalent; they are named). When an unsatisfiable schema found statically explains it, fuzz
reports that TC111 finding instead; a schema fuzz does not try (TC705) is not reported here.

Why is this bad?
Zero examples means nothing was checked: a clean run would claim a tool fuzzed that never was. Often the
schema admits no argument object at all and every call fails validation.

Example:
```yaml
name: tag_gift
description: Tag a gift with one label. Use it when the user labels a gift.
risk: read_only
parameters:
  type: object
  required: [gift_id]
  minProperties: 2
  allOf:
    - properties:
        gift_id: {type: string, description: The gift to tag.}
  unevaluatedProperties: false
```

Use instead:
```yaml
name: tag_gift
description: Tag a gift with one label. Use it when the user labels a gift.
risk: read_only
parameters:
  type: object
  additionalProperties: false
  required: [gift_id, label]
  properties:
    gift_id: {type: string, description: The gift to tag.}
    label: {type: string, description: The label to put on it.}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC706", "no-examples-generated", severity="error", scope="emitted")
