"""A keyword the target supports has a value it does not (a format, enum values, a type array...).

What it does:
Checks values: `format` against OpenAI strict's list (date-time, time, date, duration, email, hostname,
ipv4, ipv6, uuid — `uri` is rejected); Anthropic strict `minItems` above 1 and non-scalar `enum` values;
Gemini `parameters` type arrays (`[string, "null"]`) and non-string `enum` values. What a target only may
reject or may not reproduce (Anthropic strict and Gemini formats, Anthropic strict `pattern` features and
enum values that differ only by letter case, Gemini schemas without `type`, `parametersJsonSchema` enum
values) is TC221's warning. `toolcheck export` rewrites what it can (`nullable`, string enums with
`format: enum`) and drops the rest.

Why is this bad?
OpenAI answers "'uri' is not a valid format"; Gemini "Proto field is not repeating, cannot start list" for a
type array and "Invalid value ... (TYPE_STRING), 7" for an integer enum.

Example:
```yaml
name: save_wishlist_link
description: Save a link to a wishlist page.
targets: [openai-strict]
parameters:
  type: object
  additionalProperties: false
  required: [url]
  properties:
    url: {type: string, format: uri, description: The wishlist page.}
```

Use instead:
```yaml
name: save_wishlist_link
description: Save a link to a wishlist page.
targets: [openai-strict]
parameters:
  type: object
  additionalProperties: false
  required: [url]
  properties:
    url: {type: string, description: The wishlist page (an https URL).}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import TargetFacts, TargetsIndex

RULE = RuleSpec("TC205", "value-not-supported-by-target", severity="error", scope="contract", index=TargetsIndex,
                fix="none", fixable=True)


def check(facts: TargetFacts, options: dict[str, Any]) -> Iterator[Hit]:
    yield from facts.hits("TC205")
