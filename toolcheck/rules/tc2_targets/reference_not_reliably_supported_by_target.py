"""A `$ref` a target may reject, where the rejection is observed or inferred rather than documented.

What it does:
The warning cases beside TC208's errors: an OpenAI strict `$ref` whose only sibling keywords are
annotations such as `description` (OAI-STRICT-010: the server answered "$ref cannot have keywords
{'description'}", defog-ai/defog#244, while openai-node accepts annotation siblings and the Python SDKs
inline the reference); a Gemini `parametersJsonSchema` `$ref` with sibling keywords not starting with `$`
(GEM-JS-005), and recursion there through a required property (GEM-JS-004), both from the documented subset
of `responseJsonSchema`, applied to parameters by analogy. Fixable by `toolcheck export` where the reference
can be inlined. A `$ref` a target documents as unsupported (external, recursive under Anthropic strict,
outside Gemini's root `$defs`) is TC208's (an error).

Why is this bad?
The request may be refused, or the sibling keywords silently lost, depending on the API surface and SDK
that sends it: a warning.

Example:
```yaml
name: ship_gift
description: Ship a gift to an address.
targets: [openai-strict]
parameters:
  type: object
  additionalProperties: false
  required: [address]
  properties:
    address: {$ref: "#/$defs/address", description: Where to ship the gift.}
  $defs:
    address:
      type: object
      additionalProperties: false
      required: [street, city]
      properties:
        street: {type: string, description: Street and number.}
        city: {type: string, description: City name.}
```

Use instead:
```yaml
name: ship_gift
description: Ship a gift to an address.
targets: [openai-strict]
parameters:
  type: object
  additionalProperties: false
  required: [address]
  properties:
    address: {$ref: "#/$defs/address"}
  $defs:
    address:
      type: object
      description: Where to ship the gift.
      additionalProperties: false
      required: [street, city]
      properties:
        street: {type: string, description: Street and number.}
        city: {type: string, description: City name.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import TargetFacts, TargetsIndex

RULE = RuleSpec("TC223", "reference-not-reliably-supported-by-target", severity="warning", scope="contract",
                index=TargetsIndex, fix="none", fixable=True)


def check(facts: TargetFacts, options: dict[str, Any]) -> Iterator[Hit]:
    yield from facts.hits("TC223")
