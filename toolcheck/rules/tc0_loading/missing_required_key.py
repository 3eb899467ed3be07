"""A contract lacks `name`, `description` or `parameters`.

What it does:
Reports a contract without one of the three keys every model API needs (`parameters` may be spelt
`input_schema` or `inputSchema`). An empty or placeholder description is a TC4 finding, not this one.

Why is this bad?
Without a description the model guesses when to call the tool; without parameters most APIs reject the tool
or the model invents arguments.

Example:
```yaml
name: get_product_stock
parameters: {type: object, properties: {}}
```

Use instead:
```yaml
name: get_product_stock
description: Get the stock level of one product in one warehouse.
parameters: {type: object, properties: {}}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC008", "missing-required-key", scope="emitted")
