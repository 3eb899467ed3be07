"""The schema was not fuzzed, and why.

What it does:
Says when a tool's `parameters` cannot be fuzzed: it is not valid JSON Schema (`toolcheck lint` says why), it
has a `$ref` to another document, or hypothesis-jsonschema cannot take it even after normalisation (draft
2020-12 keywords are rewritten first; a recursive `$ref` is unrolled a few levels). A schema fuzz tried and
got no example for is TC706.

Why is this bad?
It is not a defect, only a gap: nothing in the fuzz run speaks for this tool, so a clean run says less than
it seems to. Samples (`toolcheck validate`) still check it.

Example:
```yaml
name: convert_units
description: Convert a quantity between units. Use it when the user asks for a conversion.
risk: read_only
parameters:
  type: dict
  properties:
    value: {type: float, description: The quantity to convert.}
```

Use instead:
```yaml
name: convert_units
description: Convert a quantity between units. Use it when the user asks for a conversion.
risk: read_only
parameters:
  type: object
  properties:
    value: {type: number, description: The quantity to convert.}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC705", "schema-not-fuzzable", severity="info", scope="emitted")
