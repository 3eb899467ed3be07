"""`required` names a property that `properties` does not define.

What it does:
For an object schema with `properties`, reports each `required` name that is neither in `properties` nor
matched by a `patternProperties` pattern, suggesting the nearest defined name. Not reported when the object
describes further properties elsewhere (`additionalProperties` or `unevaluatedProperties` as a schema,
`allOf`/`anyOf`/`oneOf`, `$ref`, `if`/`then`/`else`, `dependentSchemas`). When `additionalProperties: false`
forbids the name, the schema is unsatisfiable and TC111 reports it instead.

Why is this bad?
Almost always a typo or a renamed property: the model is told an argument is mandatory but gets no type or
description for it, while the property it does know about is silently optional.

Example:
```yaml
name: get_product_stock
description: Stock level of one product.
parameters:
  type: object
  required: [product_id]
  properties:
    productId: {type: string, description: The product's SKU.}
```

Use instead:
```yaml
name: get_product_stock
description: Stock level of one product.
parameters:
  type: object
  required: [product_id]
  properties:
    product_id: {type: string, description: The product's SKU.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...suggest import closest
from ..base import Hit, RuleSpec
from ._constraints import required_entries
from .index import SchemaFacts, SchemaIndex

RULE = RuleSpec("TC106", "required-property-not-defined", severity="error", scope="contract", index=SchemaIndex,
                fix="none")


def check(facts: SchemaFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for s in facts.schemas:
        for at in s.with_key("required"):
            for r, i, status in required_entries(at):
                if status != "undefined":
                    continue  # a name that cannot be given makes the schema unsatisfiable (TC111/TC119)
                sugg = closest(r, [p for p in at.node["properties"] if isinstance(p, str)])
                yield Hit(s.pointer(at.path + ("required", i)), f"required property `{r}` is not defined in "
                                                                "`properties`",
                          (f"Did you mean `{sugg}`? Fix the name, or define" if sugg else "Define") +
                          f" `{r}` under `properties` (with a type and a description the model can read).",
                          prefer_key=False)
