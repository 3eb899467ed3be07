r"""A `pattern` (or a `patternProperties` key) is not a valid ECMA-262 regular expression.

What it does:
Compiles each `pattern` and `patternProperties` key as ECMA-262 (the dialect JSON Schema specifies, and what
JavaScript validators and model APIs use), in Unicode mode and without it, and reports the ones invalid in
both modes, with the compiler's message. A pattern valid only without the Unicode flag (e.g. `\-` outside a
class, `\_`) is TC122 (a warning, formerly TC114's warning case). Python-only syntax is TC115.

Why is this bad?
A pattern that does not compile makes the validator refuse the whole schema, or silently skip the check.

Example:
```yaml
name: get_gift_details
description: Get one gift by its id.
parameters:
  type: object
  properties:
    gift_id: {type: string, pattern: "^[A-Z0-9-+$", description: The gift's id.}
```

Use instead:
```yaml
name: get_gift_details
description: Get one gift by its id.
parameters:
  type: object
  properties:
    gift_id: {type: string, pattern: "^[A-Z0-9-]+$", description: The gift's id.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from ._regex import pattern_problems, shown
from .index import SchemaFacts, SchemaIndex

RULE = RuleSpec("TC114", "invalid-regex", severity="error", scope="contract", index=SchemaIndex, fix="none")


def check(facts: SchemaFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for s in facts.schemas:
        for path, pattern, what in s.patterns():
            p = pattern_problems(pattern)
            prefer_key = what != "pattern"
            if p.invalid is not None:
                yield Hit(s.pointer(path), f"{what} `{shown(pattern)}` is not a valid ECMA-262 regular expression "
                                           f"({p.invalid})",
                          "Fix the pattern; test it with JavaScript's `new RegExp(pattern, 'u')`.",
                          prefer_key=prefer_key)
