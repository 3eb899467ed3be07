"""A parameter was removed but additional properties stay allowed: what callers send is silently ignored.

What it does:
Reports each property the old schema defines and the new one does not, where the new object still allows
additional properties (`additionalProperties` absent, `true` or `{}`, no `patternProperties`): no call is
rejected, so no witness can exist, and a value sent under the old name now reaches a handler that no longer
reads it. Where the new object closes additional properties the removal rejects calls: that is TC803 (an
error, with a witness). Formerly TC803's warning case: TC803 now has one severity.

Why is this bad?
Callers keep sending the parameter and nothing tells them it is dropped: a filter or an option they asked for
is quietly not applied, and the results look plausible.

Example:
```yaml file=old/search.yaml
name: search_gifts
description: Search the gift catalogue.
parameters:
  type: object
  properties:
    query: {type: string}
    sort: {type: string, enum: [relevance, price_asc, price_desc]}
```
```yaml file=new/search.yaml
name: search_gifts
description: Search the gift catalogue.
parameters:
  type: object
  properties:
    query: {type: string}
```

Use instead:
```yaml file=old/search.yaml
name: search_gifts
description: Search the gift catalogue.
parameters:
  type: object
  properties:
    query: {type: string}
    sort: {type: string, enum: [relevance, price_asc, price_desc]}
```
```yaml file=new/search.yaml
name: search_gifts
description: Search the gift catalogue.
parameters:
  type: object
  properties:
    query: {type: string}
    sort:
      type: string
      enum: [relevance, price_asc, price_desc]
      description: "Deprecated: ignored, results come by relevance; will be removed in 2.0."
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC813", "parameter-removed-ignored", severity="warning", scope="emitted")
