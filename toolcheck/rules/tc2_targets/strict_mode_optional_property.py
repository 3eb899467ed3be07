"""A property is optional in an OpenAI strict-mode schema.

What it does:
OpenAI strict mode requires every key of `properties` in `required`; an optional field is written as
required and nullable (`type: [string, "null"]`). `toolcheck export --target openai-strict` does exactly
that (adding `null` to an `enum`, or a `{type: "null"}` branch to an `anyOf`); the host should then treat
`null` as "absent".

Why is this bad?
"In context=(), 'required' is required to be supplied and to be an array including every key in
properties. Missing 'params'." — the request is rejected.

Example:
```yaml
name: get_weather
description: Get the current weather for a location.
targets: [openai-strict]
parameters:
  type: object
  additionalProperties: false
  required: [location]
  properties:
    location: {type: string, description: City and country, e.g. Paris, France.}
    unit: {type: string, enum: [celsius, fahrenheit], description: Temperature unit.}
```

Use instead:
```yaml
name: get_weather
description: Get the current weather for a location.
targets: [openai-strict]
parameters:
  type: object
  additionalProperties: false
  required: [location, unit]
  properties:
    location: {type: string, description: City and country, e.g. Paris, France.}
    unit: {type: [string, "null"], enum: [celsius, fahrenheit, null], description: Temperature unit.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import TargetFacts, TargetsIndex

RULE = RuleSpec("TC207", "strict-mode-optional-property", severity="error", scope="contract", index=TargetsIndex,
                fix="unsafe", fixable=True)


def check(facts: TargetFacts, options: dict[str, Any]) -> Iterator[Hit]:
    yield from facts.hits("TC207")
