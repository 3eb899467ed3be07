"""A `$ref` the target cannot take: external, recursive, with sibling keywords, or into nested `$defs`.

What it does:
Reports external `$ref`s (OpenAI strict, Anthropic strict); recursive schemas (Anthropic strict); keywords
beside a `$ref` (OpenAI strict: other than annotations; Gemini `parameters`: other than `description` and
`default`); a `$ref` inside `allOf` (Anthropic strict); `$defs` below the root (Gemini). Annotation siblings
under OpenAI strict and Gemini `parametersJsonSchema`'s `$ref` rules are TC223's warnings. `toolcheck
export` inlines every reference that does not recurse.

Why is this bad?
"$ref cannot have keywords {'description'}" (OpenAI); Anthropic answers a 400 for recursive schemas.

Example:
```yaml
name: save_category_tree
description: Save a tree of gift categories.
targets: [anthropic-strict]
parameters:
  type: object
  additionalProperties: false
  required: [root]
  properties:
    root: {$ref: "#/$defs/category"}
  $defs:
    category:
      type: object
      additionalProperties: false
      required: [name, children]
      properties:
        name: {type: string}
        children: {type: array, items: {$ref: "#/$defs/category"}}
```

Use instead:
```yaml
name: save_category_tree
description: Save a tree of gift categories (two levels).
targets: [anthropic-strict]
parameters:
  type: object
  additionalProperties: false
  required: [root]
  properties:
    root:
      type: object
      additionalProperties: false
      required: [name, children]
      properties:
        name: {type: string}
        children: {type: array, items: {type: string}}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import TargetFacts, TargetsIndex

RULE = RuleSpec("TC208", "reference-not-supported-by-target", severity="error", scope="contract", index=TargetsIndex,
                fix="none", fixable=True)


def check(facts: TargetFacts, options: dict[str, Any]) -> Iterator[Hit]:
    yield from facts.hits("TC208")
