r"""A `pattern` can take exponential time on a backtracking regex engine.

What it does:
Parses each `pattern` and `patternProperties` key and reports unbounded repetitions of something that can
match the same text in more than one way: a repeated group containing a repetition whose characters can
also start the next round or what follows (`(a+)+`, `(a*)*`, `(\w+\s?)*$`, `(.*a)+`), or overlapping
alternatives under a repetition (`(a|aa)+`, `(\d+|\w+)*`).

Why is this bad?
JavaScript, Python and Java engines backtrack: `(a+)+$` against 30 `a`s followed by `!` takes seconds to
minutes, so a single argument can hang the host's validator (ReDoS).

Example:
```yaml
name: search_docs
description: Search the product documentation by keyword.
parameters:
  type: object
  properties:
    query: {type: string, pattern: "^(\\w+\\s?)*$", description: Words to search for.}
```

Use instead:
```yaml
name: search_docs
description: Search the product documentation by keyword.
parameters:
  type: object
  properties:
    query: {type: string, pattern: "^[\\w\\s]*$", maxLength: 200, description: Words to search for.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from ._regex import pattern_problems, shown
from .index import SchemaFacts, SchemaIndex

RULE = RuleSpec("TC116", "backtracking-prone-pattern", severity="warning", scope="contract", index=SchemaIndex,
                fix="none")


def check(facts: SchemaFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for s in facts.schemas:
        for path, pattern, what in s.patterns():
            bad = pattern_problems(pattern).backtracking
            if bad is None:
                continue
            yield Hit(s.pointer(path), f"{what} `{shown(pattern)}` can backtrack catastrophically ({bad}): a long "
                                       "non-matching string makes a backtracking engine run for minutes",
                      "Remove the nested or overlapping repetition, e.g. `(\\w+\\s?)*` → `[\\w\\s]*`, `(a+)+` → "
                      "`a+`; bound the repetition with `{m,n}` and add `maxLength`.", prefer_key=what != "pattern")
