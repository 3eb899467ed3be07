"""A keyword's value is one a target may reject, ignore or not reproduce, where its sources do not settle it.

What it does:
The warning cases beside TC205's errors: a `format` outside Anthropic strict's ten listed formats
(ANT-STRICT-010: its SDK moves it into the description) or outside Gemini `parameters`' number and integer
formats (GEM-SCH-009); an Anthropic strict `pattern` with backreferences, lookaround, `\\b` or large `{n,m}`
ranges ("complex patterns may result in 400 errors", ANT-STRICT-011); Anthropic strict `enum` or `const`
values that differ only in letter case (ANT-STRICT-013: "structured outputs don't guarantee the
capitalization"); a Gemini `parameters` sub-schema without `type` (GEM-SCH-011: Gemini 3 began rejecting
`TYPE_UNSPECIFIED`, UKGovernmentBEIS/inspect_ai#3097); `enum` values other than strings and numbers under
Gemini `parametersJsonSchema` (GEM-JS-006, from the `responseJsonSchema` list). Values a target documents as
rejected are TC205's (errors).

Why is this bad?
The request may fail on some models or deployments, or the model may produce a value the schema does not
allow (a format it was never shown, an enum value in the wrong case). The sources say "may", so it is a
warning.

Example:
```yaml
name: set_gift_wrap
description: Choose the gift wrap colour.
targets: [anthropic-strict]
parameters:
  type: object
  additionalProperties: false
  required: [colour]
  properties:
    colour: {type: string, enum: [Red, RED, green], description: The wrap colour.}
```

Use instead:
```yaml
name: set_gift_wrap
description: Choose the gift wrap colour.
targets: [anthropic-strict]
parameters:
  type: object
  additionalProperties: false
  required: [colour]
  properties:
    colour: {type: string, enum: [red, green], description: The wrap colour.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import TargetFacts, TargetsIndex

RULE = RuleSpec("TC221", "value-not-reliably-supported-by-target", severity="warning", scope="contract",
                index=TargetsIndex, fix="none", fixable=True)


def check(facts: TargetFacts, options: dict[str, Any]) -> Iterator[Hit]:
    yield from facts.hits("TC221")
