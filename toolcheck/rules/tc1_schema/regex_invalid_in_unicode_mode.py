r"""A `pattern` (or a `patternProperties` key) compiles as ECMA-262 only without the Unicode (`u`) flag.

What it does:
Compiles each `pattern` and `patternProperties` key as ECMA-262 in Unicode mode and without it, and reports
the ones that are valid only without the flag, with the Unicode-mode compiler's message: most often an
escape of a character that needs none (`\-` outside a class, `\_`, `\ `, `\@`), also a lone `{` or `]`, or
a class range with a class escape (`[\w-a]`). Ajv and other validators that compile with `u` refuse the
schema; the others accept it. Invalid in both modes is TC114 (an error); Python-only syntax is TC115.
Formerly TC114's warning case: TC114 now has one severity.

Why is this bad?
Whether the pattern works depends on the validator: where it compiles with the `u` flag (Ajv, several model
APIs), the schema is refused or the check is skipped.

Example:
```yaml
name: get_gift_details
description: Get one gift by its id.
parameters:
  type: object
  properties:
    gift_id: {type: string, pattern: "^GIFT\\-[0-9]+$", description: The gift's id.}
```

Use instead:
```yaml
name: get_gift_details
description: Get one gift by its id.
parameters:
  type: object
  properties:
    gift_id: {type: string, pattern: "^GIFT-[0-9]+$", description: The gift's id.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from ._regex import pattern_problems, shown
from .index import SchemaFacts, SchemaIndex

RULE = RuleSpec("TC122", "regex-invalid-in-unicode-mode", severity="warning", scope="contract", index=SchemaIndex,
                fix="none")


def check(facts: SchemaFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for s in facts.schemas:
        for path, pattern, what in s.patterns():
            p = pattern_problems(pattern)
            if p.invalid is None and p.unicode_only is not None:  # invalid in both modes is TC114's
                yield Hit(s.pointer(path), f"{what} `{shown(pattern)}` is invalid in Unicode mode ({p.unicode_only}), "
                                           "which Ajv and other JavaScript validators use",
                          "Remove escapes of characters that need none (e.g. `\\-` outside a class, `\\_`, "
                          "`\\ `), or write them literally.", prefer_key=what != "pattern")
