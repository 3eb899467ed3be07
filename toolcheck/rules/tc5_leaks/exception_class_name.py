"""A title or description names an implementation exception class (`NullPointerException`, `KeyError`).

What it does:
Finds class names ending in `Exception` or `Error` (optionally package-qualified, `java.io.IOException`) in
titles and descriptions. Not reported: names that are this contract's own error codes or enum values,
exceptions inside a stack trace (TC508 reports those), a wrapped method's documented behaviour (`throws an
IllegalArgumentException`, `@throws IOException`, `raises KeyError`, `Raises:`) and example code (a fenced
block, the lines of a patch). Opt-in info (`--extend-select TC509`): describing behaviour with exception names
is common and mostly harmless in wrapped library functions.

Why is this bad?
Exception classes reveal the implementation language and libraries, and the model cannot catch them: it
needs to know what went wrong and whether to retry.

Example:
```yaml
name: parse_date
description: Parse a date string. On bad input the reply is the text of the java.time.format.DateTimeParseException.
parameters:
  type: object
  properties:
    text: {type: string, description: The date text.}
```

Use instead:
```yaml
name: parse_date
description: Parse a date string. Fails with INVALID_DATE when the text is not a date.
parameters:
  type: object
  properties:
    text: {type: string, description: The date text.}
errors:
  - {code: INVALID_DATE, retryable: false, description: The text is not a date.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import LeakFacts, LeaksIndex, leak_hit

RULE = RuleSpec("TC509", "exception-class-name", severity="info", scope="contract", index=LeaksIndex,
                default_enabled=False)

NOUNS = ("an exception class name", "exception class names")
HELP = ("Describe the failure in words the model can act on, or declare it in `errors` with an UPPER_SNAKE "
        "code, instead of naming an implementation class.")


def check(facts: LeakFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for text, items in facts.matches(RULE.code):
        yield leak_hit(text, items, NOUNS, HELP)
