"""The parameters schema is not one object at its root, as a target requires.

What it does:
Checks the root of `parameters` for the targets that require `type: object` there (OpenAI strict, Anthropic,
Gemini, MCP) and the one that documents rejecting a union at the root (OpenAI strict: `anyOf`); Anthropic's
rejection of a root `anyOf`, `oneOf` or `allOf` is observed, not documented: TC219's warning. For MCP 2025-06-18 and 2025-11-25 it also checks that
`returns` (the `outputSchema`) is an object. A missing `type: object`, a root `allOf` that merges, and a
root union that only restates `required` are fixable by `toolcheck export`.

Why is this bad?
Tool arguments are always a JSON object; a schema of another type or a root union is rejected
("input_schema does not support oneOf, allOf, or anyOf at the top level").

Example:
```yaml
name: tag_gift
description: Add tags to a gift in the catalogue.
targets: [anthropic]
parameters:
  type: array
  items: {type: string}
```

Use instead:
```yaml
name: tag_gift
description: Add tags to a gift in the catalogue.
targets: [anthropic]
parameters:
  type: object
  required: [tags]
  properties:
    tags: {type: array, items: {type: string}, description: The tags to add.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import TargetFacts, TargetsIndex

RULE = RuleSpec("TC203", "root-not-object", severity="error", scope="contract", index=TargetsIndex, fix="none",
                fixable=True)


def check(facts: TargetFacts, options: dict[str, Any]) -> Iterator[Hit]:
    yield from facts.hits("TC203")
