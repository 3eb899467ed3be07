"""The tool description is too short to tell the model what the tool does.

What it does:
Reports a description with fewer than `min-words` words (default 3). Chinese, Japanese, Korean and Thai are
written without spaces, so there every two characters count as one word: `天気を取得` (5 characters, 2.5
words) is short, `東京の天気を取得します` is not. Empty and placeholder descriptions are TC401, not this rule.

Opt-in (select it by code or name, e.g. `--extend-select TC402`): on real tool sets a two-word description such as
"Switches branches" for `git_checkout` was judged clear every time (0 of 4 findings judged true), so word count
alone is not evidence enough to report by default.

Why is this bad?
"Searches." or "Weather tool" leaves the model to infer what the tool covers, what it returns and when to use
it; vendors advise several sentences per tool.

Example:
```yaml
name: estimate_delivery_cost
description: Shipping cost.
parameters:
  type: object
  properties:
    postcode: {type: string, description: Destination postcode.}
```

Use instead:
```yaml
name: estimate_delivery_cost
description: >-
  Estimate the delivery cost of a parcel to a postcode before the user places an order. Use it when the user
  asks how much shipping costs.
parameters:
  type: object
  properties:
    postcode: {type: string, description: Destination postcode.}
```

Options:
`rules.TC402.min-words` (default 3): the minimum number of words.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, Option, RuleSpec
from .index import NamingFacts, NamingIndex, short, word_count

RULE = RuleSpec(
    "TC402", "description-too-short", severity="warning", scope="contract", index=NamingIndex,
    options={"min-words": Option(float, 3, "the minimum number of words")},
    default_enabled=False,
)


def check(facts: NamingFacts, options: dict[str, Any]) -> Iterator[Hit]:
    desc = facts.desc
    if not desc:
        return
    minimum = options["min-words"]
    if len(facts.words) >= minimum:
        return
    n = word_count(desc)
    if n >= minimum or not desc.strip() or facts.placeholder is not None:
        return
    yield Hit("/description", f"description `{short(desc)}` has {n:g} word{'' if n == 1 else 's'} "
              f"(minimum {minimum:g})",
              "Say what the tool does, what it returns and when the model should call it.", prefer_key=False)
