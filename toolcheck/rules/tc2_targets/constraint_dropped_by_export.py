"""With `ship: export`, the export drops or narrows a constraint so that the target accepts the schema.

What it does:
With `ship: export` in the config, the exported payload is what each target is checked on. Where the export
resolves a problem by removing or narrowing what the target cannot take, this rule names what is lost: a
keyword dropped (Anthropic strict `maximum`, OpenAI strict `uniqueItems`...), a root union dropped, a
`format` or non-string `enum` values removed, `minItems` lowered to 1, an object closed with
`additionalProperties: false`. Annotations the export drops (`title`, `examples`...) are not reported. Not
reported inside a root definition (`$defs`, `definitions`) the tool never uses. What the export cannot
express at all stays an error under the rule of its kind (TC203-TC208).

Why is this bad?
The request is accepted, but the model no longer sees the constraint: only the host's own validation of the
arguments still enforces it, and a narrowed object refuses keys the model could send before. It is a
warning: nothing fails, something is lost.

Example:
```yaml
name: search_gifts
description: Search the gift catalogue by keyword and maximum price.
targets: [anthropic-strict]
parameters:
  type: object
  additionalProperties: false
  required: [query]
  properties:
    query: {type: string, description: Words to search for.}
    max_price: {type: number, maximum: 500, description: Highest price in euros.}
```
```yaml file=toolcheck.yaml
paths: [contracts]
ship: export
```

Use instead:
```yaml
name: search_gifts
description: Search the gift catalogue by keyword and maximum price.
targets: [anthropic-strict]
parameters:
  type: object
  additionalProperties: false
  required: [query]
  properties:
    query: {type: string, description: Words to search for.}
    max_price: {type: number, description: Highest price in euros (at most 500).}
```
```yaml file=toolcheck.yaml
paths: [contracts]
ship: export
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import TargetFacts, TargetsIndex
from .keyword_not_supported_by_target import outside_unused_defs

RULE = RuleSpec("TC225", "constraint-dropped-by-export", severity="warning", scope="contract", index=TargetsIndex,
                fix="none")


def check(facts: TargetFacts, options: dict[str, Any]) -> Iterator[Hit]:
    yield from outside_unused_defs(facts.contract, facts.hits("TC225"))
