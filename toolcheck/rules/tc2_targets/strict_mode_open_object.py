"""An object in a strict-mode schema does not set `additionalProperties: false`.

What it does:
For `openai-strict`, every object must say `additionalProperties: false` (missing or `true` is an error);
for `anthropic-strict` a value other than `false` (a missing one is TC222's warning). `toolcheck
export` adds `additionalProperties: false`; for an object that allows other keys on purpose it warns that
the model can no longer send them, and a free-form object with no `properties` cannot be expressed at all.

Why is this bad?
"In context=('properties', 'fields'), 'additionalProperties' is required to be supplied and to be false."
The request is rejected.

Example:
```yaml
name: create_gift_list
description: Create a gift list for a recipient.
targets: [openai-strict]
parameters:
  type: object
  required: [recipient]
  properties:
    recipient: {type: string, description: Who the list is for.}
```

Use instead:
```yaml
name: create_gift_list
description: Create a gift list for a recipient.
targets: [openai-strict]
parameters:
  type: object
  additionalProperties: false
  required: [recipient]
  properties:
    recipient: {type: string, description: Who the list is for.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import TargetFacts, TargetsIndex

RULE = RuleSpec("TC206", "strict-mode-open-object", severity="error", scope="contract", index=TargetsIndex,
                fix="unsafe", fixable=True)


def check(facts: TargetFacts, options: dict[str, Any]) -> Iterator[Hit]:
    yield from facts.hits("TC206")
