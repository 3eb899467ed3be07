"""Objects nest deeper than the target allows.

What it does:
OpenAI strict mode allows 10 levels of nesting (5 until 2025). toolcheck counts object levels (the root
object is level 1; `$defs` entries are counted from where they stand, not where they are used). The depth
counting is not documented by OpenAI, so this is a warning.

Why is this bad?
The request is rejected, and deep arguments are hard for a model to fill in correctly anyway.

Example:
```yaml
name: save_nested
description: Save a deeply nested settings document.
targets: [openai-strict]
parameters:
  type: object
  additionalProperties: false
  required: [a]
  properties:
    a: {type: object, additionalProperties: false, required: [b], properties: {b: {type: object,
      additionalProperties: false, required: [c], properties: {c: {type: object, additionalProperties: false,
      required: [d], properties: {d: {type: object, additionalProperties: false, required: [e], properties:
      {e: {type: object, additionalProperties: false, required: [f], properties: {f: {type: object,
      additionalProperties: false, required: [g], properties: {g: {type: object, additionalProperties: false,
      required: [h], properties: {h: {type: object, additionalProperties: false, required: [i], properties:
      {i: {type: object, additionalProperties: false, required: [j], properties: {j: {type: object,
      additionalProperties: false, required: [k], properties: {k: {type: object, additionalProperties: false,
      required: [l], properties: {l: {type: string}}}}}}}}}}}}}}}}}}}}}}}
```

Use instead:
```yaml
name: save_nested
description: Save a settings document.
targets: [openai-strict]
parameters:
  type: object
  additionalProperties: false
  required: [path, value]
  properties:
    path: {type: string, description: Dotted path of the setting, e.g. a.b.c.}
    value: {type: string, description: The new value.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import TargetFacts, TargetsIndex

RULE = RuleSpec("TC210", "schema-too-deep-for-target", severity="warning", scope="contract", index=TargetsIndex,
                fix="none")


def check(facts: TargetFacts, options: dict[str, Any]) -> Iterator[Hit]:
    yield from facts.hits("TC210")
