"""An object in an Anthropic strict-mode schema leaves `additionalProperties` unset.

What it does:
Reports every object of an `anthropic-strict` schema that does not set `additionalProperties` at all
(ANT-STRICT-002). Anthropic's list of supported features says it "must be set to `false` for objects", but
its list of what is rejected names only values other than `false` (that is TC206, an error, ANT-STRICT-001),
and its Python SDK (`transform_schema`) adds `additionalProperties: false` to every object itself.
`toolcheck export` adds it too. For `openai-strict` a missing `additionalProperties` is rejected: TC206.

Why is this bad?
Sent as written (without the SDK), the request may be refused; with the SDK, the object is closed behind
the author's back, so the model cannot send keys the schema does not list. Which happens depends on how the
tool is sent, so it is a warning.

Example:
```yaml
name: create_gift_list
description: Create a gift list for a recipient.
targets: [anthropic-strict]
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
targets: [anthropic-strict]
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

RULE = RuleSpec("TC222", "strict-mode-additional-properties-unset", severity="warning", scope="contract",
                index=TargetsIndex, fix="unsafe", fixable=True)


def check(facts: TargetFacts, options: dict[str, Any]) -> Iterator[Hit]:
    yield from facts.hits("TC222")
