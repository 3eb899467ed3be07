"""A change that looks breaking, but no witness shows a call (or a result) it now rejects.

What it does:
Reports a narrowing that TC803-TC811 classify (a property removed, made required, a type, enum, bound,
pattern or format narrowed, additional properties closed, `returns` widened) when toolcheck cannot prove it
with a witness: a schema on one side does not compile (an invalid `pattern`, a type name such as BFCL's
`dict`), or no value the old contract accepts and the new one rejects was found. The message says which change
and why there is no witness; `data.breaking_code` names the code it would have once proven. A removed property
the arguments still accept is TC813, a `format` validators do not know TC815 (there, no value is rejected).
Formerly the warning case of each of TC803-TC811 (TC807's in the fixtures: a bound tightened on an optional
`anyOf` branch): those codes now have one severity, an error with a verified witness.

Why is this bad?
The change probably rejects arguments that used to be valid, but toolcheck cannot show one: a human has to
look. As a warning it fails `toolcheck diff` only with `--fail-on warning`, and it counts as breaking for the
version rule (TC840) only with `rules.TC840.unknown-as-breaking`.

Example:
```yaml file=old/search.yaml
name: search_gifts
description: Search the gift catalogue.
parameters:
  type: object
  properties:
    query: {type: string, pattern: "(?<word"}
    max_price: {type: integer, maximum: 100000}
```
```yaml file=new/search.yaml
name: search_gifts
description: Search the gift catalogue.
parameters:
  type: object
  properties:
    query: {type: string, pattern: "(?<word"}
    max_price: {type: integer, maximum: 50000}
```

Use instead:
```yaml file=old/search.yaml
name: search_gifts
description: Search the gift catalogue.
parameters:
  type: object
  properties:
    query: {type: string, pattern: "^\\w+$"}
    max_price: {type: integer, maximum: 100000}
```
```yaml file=new/search.yaml
name: search_gifts
description: Search the gift catalogue.
parameters:
  type: object
  properties:
    query: {type: string, pattern: "^\\w+$"}
    max_price: {type: integer, maximum: 100000}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC814", "unverified-breaking-change", severity="warning", scope="emitted")
