"""The tool description only restates the tool's name.

What it does:
Reports a description that only repeats the words of the tool name, give or take filler words and plurals:
`get_weather` described as "Gets the weather.", `queue_delete` as "Delete a queue". Only descriptions with
Latin words of at most 120 characters are read. Empty and placeholder descriptions are TC401.

Opt-in (select it by code or name, e.g. `--extend-select TC413`): on real tool sets about half of these findings
were judged true (5 true, 4 false, 1 debatable): "Delete a queue" on an obvious CRUD tool whose parameters are
all documented tells the model enough, "Handle a dialog" does not. It was part of TC401 until TC401 became an
error rule for empty and placeholder descriptions only.

Why is this bad?
The model has already read the name: a description that repeats it adds nothing about what the tool returns,
its limits, or when to call it rather than its neighbours.

Example:
```yaml
name: get_product_stock
description: Get the product stock.
parameters:
  type: object
  properties:
    product_id: {type: string, description: The product's catalogue id.}
```

Use instead:
```yaml
name: get_product_stock
description: >-
  Get how many units of one product are in stock in each warehouse. Use it when the user asks whether an item
  is available or how soon it can ship.
parameters:
  type: object
  properties:
    product_id: {type: string, description: The product's catalogue id.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import NamingFacts, NamingIndex, short

RULE = RuleSpec("TC413", "description-restates-name", severity="warning", scope="contract", index=NamingIndex,
                default_enabled=False)


def check(facts: NamingFacts, options: dict[str, Any]) -> Iterator[Hit]:
    kind = facts.placeholder
    if kind is None or kind[0] != "restated":
        return
    yield Hit("/description", f"description `{short(kind[1])}` only restates the tool name `{facts.contract.name}`",
              "Add what the name does not say: what the tool returns, its limits, and when to call it.",
              prefer_key=False)
