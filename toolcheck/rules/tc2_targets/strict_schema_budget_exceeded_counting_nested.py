"""The strict tools of a request cross Anthropic's parameter budget only when nested properties are counted.

What it does:
Anthropic strict tool use allows, summed over all strict tools of a request, 24 optional parameters
(ANT-LIM-002) and 16 parameters with `anyOf` or a type array (ANT-LIM-003). Its documentation does not say
whether the properties of nested objects count (vendor-rules §7.6). When the top-level properties alone
cross a limit, that is TC214 (an error); this rule reports the tool sets that cross it only when nested
properties are counted too, at the property where the count first goes over.

Why is this bad?
If the API counts nested properties, the request is rejected although no single tool looks complex ("These
limits apply to the combined total across all strict schemas in a single request"). The counting rule is
unknown, so it is a warning.

Example:
```yaml
name: search_gifts
description: Search the gift catalogue with optional filters.
targets: [anthropic-strict]
parameters:
  type: object
  additionalProperties: false
  properties:
    filters:
      type: object
      additionalProperties: false
      properties: {f01: {type: string}, f02: {type: string}, f03: {type: string}, f04: {type: string},
        f05: {type: string}, f06: {type: string}, f07: {type: string}, f08: {type: string}, f09: {type: string},
        f10: {type: string}, f11: {type: string}, f12: {type: string}, f13: {type: string}, f14: {type: string},
        f15: {type: string}, f16: {type: string}, f17: {type: string}, f18: {type: string}, f19: {type: string},
        f20: {type: string}, f21: {type: string}, f22: {type: string}, f23: {type: string}, f24: {type: string}}
```

Use instead:
```yaml
name: search_gifts
description: Search the gift catalogue with a filter expression.
targets: [anthropic-strict]
parameters:
  type: object
  additionalProperties: false
  properties:
    filters: {type: string, description: "Filters as key=value pairs, e.g. colour=red;max_price=50."}
```
"""

from __future__ import annotations

from ..base import RuleSpec

# TC214's check reports it (one count over the strict tools of each request)
RULE = RuleSpec("TC224", "strict-schema-budget-exceeded-counting-nested", severity="warning", scope="emitted",
                fix="none")
