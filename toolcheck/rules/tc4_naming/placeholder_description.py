"""The tool description is empty or a placeholder.

What it does:
Reports a `description` that is empty or only whitespace or punctuation, or a placeholder ("TODO", "TBD",
"FIXME", "N/A", "Does something", "description", "lorem ipsum", "说明", "待定", "未定", "なし", ...). A missing
`description` key is TC008; a description that only repeats the words of the tool name (`get_weather` described
as "Gets the weather.") is TC413, opt-in.

Why is this bad?
The description is what the model reads to decide whether to call the tool. A placeholder tells it nothing,
so it guesses from the name alone, and the name was already in front of it.

Example:
```yaml
name: get_product_stock
description: TODO
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

Options:
`rules.TC401.placeholders` (default `[]`): more descriptions to treat as placeholders (compared ignoring case
and punctuation). `rules.TC401.restated-name` (default true): deprecated and without effect — restated names are
TC413 now (select or ignore that code instead).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, Option, RuleSpec
from .index import NamingFacts, NamingIndex, short

RULE = RuleSpec(
    "TC401", "placeholder-description", severity="error", scope="contract", index=NamingIndex,
    options={
        "placeholders": Option(list, [], "more descriptions to treat as placeholders (ignoring case and punctuation)",
                               items=str),
        "restated-name": Option(bool, True, "deprecated, no effect: restated names are TC413"),
    },
)


def check(facts: NamingFacts, options: dict[str, Any]) -> Iterator[Hit]:
    kind = facts.placeholder
    if kind is None or kind[0] == "restated":
        return
    what, text = kind
    help_ = ("Say what the tool does, what it returns and when the model should call it (and when not), in one to "
             "three sentences.")
    if what == "empty":
        yield Hit("/description", "description is empty", help_, prefer_key=False)
    else:
        yield Hit("/description", f"description `{short(text)}` is a placeholder", help_, prefer_key=False)
