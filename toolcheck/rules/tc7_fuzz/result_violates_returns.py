"""A successful result does not validate against `returns` (or is not JSON at all).

What it does:
Validates each result of a call with valid arguments against `returns` (MCP: `structuredContent` against
`outputSchema`); `{"ok": true, "result": X}` is unwrapped when `returns` describes `X`. Error results are not
checked here (see TC714, TC715). A result that cannot be serialised as JSON (a `datetime`, NaN) is reported
too. Points at the `returns` keyword that fails.

Why is this bad?
The model and downstream code read the result by its declared shape; a missing or mistyped field becomes a
wrong answer or a crash one step later.

Example:
```yaml
name: get_forecast
description: Get tomorrow's weather forecast for a city. Use it when the user asks about the weather.
risk: read_only
handler: toolcheck.examples.pitfalls:get_forecast
parameters:
  type: object
  additionalProperties: false
  required: [city]
  properties:
    city: {type: string, minLength: 1, maxLength: 80, description: The city name.}
    unit: {type: string, enum: [celsius, fahrenheit], description: Temperature unit; celsius when omitted.}
returns:
  type: object
  required: [city, unit, high]
  properties:
    city: {type: string, description: The city.}
    unit: {type: string, enum: [celsius, fahrenheit], description: The unit of `high`.}
    high: {type: number, description: The highest temperature.}
```

Use instead:
```yaml
name: get_forecast
description: Get tomorrow's weather forecast for a city. Use it when the user asks about the weather.
risk: read_only
handler: toolcheck.examples.pitfalls:get_forecast_careful
parameters:
  type: object
  additionalProperties: false
  required: [city]
  properties:
    city: {type: string, minLength: 1, maxLength: 80, description: The city name.}
    unit: {type: string, enum: [celsius, fahrenheit], description: Temperature unit; celsius when omitted.}
returns:
  type: object
  required: [city, unit, high]
  properties:
    city: {type: string, description: The city.}
    unit: {type: string, enum: [celsius, fahrenheit], description: The unit of `high`.}
    high: {type: number, description: The highest temperature.}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC713", "result-violates-returns", severity="error", scope="emitted")
