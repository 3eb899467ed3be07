r"""A `pattern` uses Python (or POSIX) regex syntax that ECMA-262 rejects or reads differently.

What it does:
Finds `(?P<name>...)` (→ `(?<name>...)`), `(?P=name)` (→ `\k<name>`), inline flags such as `(?i)` (no
equivalent: JSON Schema patterns take no flags), `\A`/`\Z`/`\z` (→ `^`/`$`), atomic groups `(?>...)`,
possessive quantifiers `a++`, comments `(?#...)` and POSIX classes `[[:alpha:]]`, and says the ECMA-262
spelling.

Why is this bad?
Python's `re` accepts these, so the pattern passes a Python test suite, but JavaScript validators and model
APIs either reject the schema or read something else (`\Z` is a literal `Z` outside Unicode mode).

Example:
```yaml
name: update_profile
description: Update the user's handle.
parameters:
  type: object
  properties:
    handle: {type: string, pattern: "\\A[a-z0-9_]{3,20}\\Z", description: The new handle.}
```

Use instead:
```yaml
name: update_profile
description: Update the user's handle.
parameters:
  type: object
  properties:
    handle: {type: string, pattern: "^[a-z0-9_]{3,20}$", description: The new handle.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from ._regex import pattern_problems, shown
from .index import SchemaFacts, SchemaIndex

RULE = RuleSpec("TC115", "non-ecma-regex-syntax", severity="error", scope="contract", index=SchemaIndex, fix="none")


def check(facts: SchemaFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for s in facts.schemas:
        for path, pattern, what in s.patterns():
            foreign = pattern_problems(pattern).foreign
            if not foreign:
                continue
            constructs = ", ".join(f"`{c}`" for c, _ in foreign)
            fixes = "; ".join(f"`{c}` → {fix}" for c, fix in foreign)
            yield Hit(s.pointer(path), f"{what} `{shown(pattern)}` uses {constructs}, Python/PCRE syntax that "
                                       "ECMA-262 rejects or reads differently (JSON Schema patterns are ECMA-262, as "
                                       "model APIs and JavaScript validators read them)",
                      f"Rewrite it in ECMA-262: {fixes}.", prefer_key=what != "pattern")
