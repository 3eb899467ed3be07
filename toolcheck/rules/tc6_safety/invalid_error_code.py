"""A declared error has no `code`, or a code that is not UPPER_SNAKE_CASE.

What it does:
Checks each entry of `errors`: it must have a `code` (reported at the entry when missing) that matches
`^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$` (reported at `/errors/N/code`, with the UPPER_SNAKE spelling suggested).
A `code` that is not a string is TC009's.

Why is this bad?
Hosts and models branch on the code (`retry on RATE_LIMITED`, `ask for another card on CARD_DECLINED`). An
error without one cannot be told apart; a mix of `notFound`, `not-found` and `NOT_FOUND` across tools breaks
every switch written against them.

Example:
```yaml
name: get_order
description: Get the status and items of one of the user's orders.
risk: read_only
parameters:
  type: object
  required: [order_id]
  properties:
    order_id: {type: string, description: The order's id.}
errors:
  - code: orderNotFound
    retryable: false
    description: No order of this user has this id.
```

Use instead:
```yaml
name: get_order
description: Get the status and items of one of the user's orders.
risk: read_only
parameters:
  type: object
  required: [order_id]
  properties:
    order_id: {type: string, description: The order's id.}
errors:
  - code: ORDER_NOT_FOUND
    retryable: false
    description: No order of this user has this id.
```

Options:
`rules.TC609.pattern` (default `^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$`): the regular expression codes must match, for
teams with another convention (e.g. `^[a-z]+(\\.[a-z_]+)+$` for dotted codes).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from ..base import Hit, Option, RuleSpec
from .index import ERROR_CODE_PATTERN, SafetyFacts, SafetyIndex


def _regex_problem(pattern: str) -> str | None:
    try:
        re.compile(pattern)
    except re.error as e:
        return f"is not a valid regular expression ({e})"
    return None


@lru_cache(maxsize=16)
def _compiled(pattern: str) -> re.Pattern:
    return re.compile(pattern)


def _upper_snake(code: str) -> str:
    s = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", code.strip())
    s = re.sub(r"[^A-Za-z0-9]+", "_", s).strip("_").upper()
    if s and s[0].isdigit():
        s = "E_" + s
    return s or "ERROR_CODE"


RULE = RuleSpec("TC609", "invalid-error-code", severity="error", scope="contract", index=SafetyIndex, options={
    "pattern": Option(str, ERROR_CODE_PATTERN, "the regular expression error codes must match",
                      check=_regex_problem),
})


def check(facts: SafetyFacts, options: dict[str, Any]) -> Iterator[Hit]:
    entries = facts.error_entries
    if not entries:
        return
    code_re = _compiled(options["pattern"])
    upper_only = code_re.pattern == ERROR_CODE_PATTERN
    for i, e in entries:
        if "code" not in e:
            yield Hit(f"/errors/{i}", f"error #{i} has no `code`",
                      "Add a stable UPPER_SNAKE code, e.g. `code: NOT_FOUND`.")
            continue
        code = e["code"]
        if isinstance(code, str) and not code.strip():
            yield Hit(f"/errors/{i}/code", f"error #{i} has an empty `code`",
                      "Give it a stable UPPER_SNAKE code, e.g. `code: NOT_FOUND`.", prefer_key=False)
        elif isinstance(code, str) and not code_re.match(code):
            if upper_only:
                yield Hit(f"/errors/{i}/code", f"error code `{code}` is not UPPER_SNAKE_CASE",
                          f"Write it as `code: {_upper_snake(code)}`.", prefer_key=False)
            else:
                yield Hit(f"/errors/{i}/code", f"error code `{code}` does not match `{code_re.pattern}`",
                          "Rename the code to follow the configured pattern (`rules.TC609.pattern`).",
                          prefer_key=False)
