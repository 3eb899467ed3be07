"""The parameters root is a union, which a target has been seen to reject though its documentation is silent.

What it does:
Reports `anyOf`, `oneOf` or `allOf` at the root of `parameters` for Anthropic and Anthropic strict tool use
(ANT-SCHEMA-003). Anthropic's tool documentation does not list the rule; its API has answered "input_schema
does not support oneOf, allOf, or anyOf at the top level" (anthropics/claude-code#5319). A root `allOf` that
merges and a root union that only restates `required` are fixable by `toolcheck export`. OpenAI strict
mode documents the same rule for `anyOf` (OAI-STRICT-002): that stays TC203, an error.

Why is this bad?
The request can be refused, or, where the union is accepted, the model sees alternatives it cannot be
sure apply. It is a warning because the rejection is observed, not documented (vendor-rules §7.6).

Example:
```yaml
name: find_gift
description: Find a gift by its id or by its name.
targets: [anthropic]
parameters:
  type: object
  properties:
    id: {type: string, description: The gift id.}
    name: {type: string, description: The gift name.}
  oneOf:
    - required: [id]
    - required: [name]
```

Use instead:
```yaml
name: find_gift
description: Find a gift by its id or by its name (give exactly one of them).
targets: [anthropic]
parameters:
  type: object
  properties:
    id: {type: string, description: The gift id.}
    name: {type: string, description: The gift name.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import TargetFacts, TargetsIndex

RULE = RuleSpec("TC219", "root-union-not-reliably-supported-by-target", severity="warning", scope="contract",
                index=TargetsIndex, fix="none", fixable=True)


def check(facts: TargetFacts, options: dict[str, Any]) -> Iterator[Hit]:
    yield from facts.hits("TC219")
