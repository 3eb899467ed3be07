"""The tool description is longer than a target accepts.

What it does:
Reports descriptions over 1,024 characters for the OpenAI targets. OpenAI returned "string too long.
Expected a string with maximum length 1024" in 2024 and early 2025 and is reported to have lifted the limit
since, while some OpenAI-compatible deployments still enforce it — hence a warning.

Why is this bad?
Where the limit holds, the request fails; where it does not, a description this long still crowds the
context and hides the sentence that tells the model when to call the tool.

Example:
```yaml
name: search_gifts
description: >-
  Search the gift catalogue. This tool searches the gift catalogue by keyword, price range, category,
  recipient, occasion and availability, and returns the matching gifts with their ids, names, prices and
  stock levels. This tool searches the gift catalogue by keyword, price range, category, recipient,
  occasion and availability, and returns the matching gifts with their ids, names, prices and stock levels.
  This tool searches the gift catalogue by keyword, price range, category, recipient, occasion and
  availability, and returns the matching gifts with their ids, names, prices and stock levels. This tool
  searches the gift catalogue by keyword, price range, category, recipient, occasion and availability, and
  returns the matching gifts with their ids, names, prices and stock levels. This tool searches the gift
  catalogue by keyword, price range, category, recipient, occasion and availability, and returns the
  matching gifts with their ids, names, prices and stock levels. Results are sorted by relevance first,
  then by price, and each result says whether the gift can be wrapped and delivered before the occasion.
targets: [openai]
parameters:
  type: object
  properties:
    query: {type: string, description: Words to search for.}
```

Use instead:
```yaml
name: search_gifts
description: >-
  Search the gift catalogue by keyword, price range, category, recipient, occasion and availability.
  Returns the matching gifts with their ids, names, prices and stock levels.
targets: [openai]
parameters:
  type: object
  properties:
    query: {type: string, description: Words to search for.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from ._collect import Collector, by_family
from .index import TargetFacts, TargetsIndex

RULE = RuleSpec("TC202", "description-too-long-for-target", severity="warning", scope="contract", index=TargetsIndex,
                fix="none", supersedes=("TC403",))


def check(facts: TargetFacts, options: dict[str, Any]) -> Iterator[Hit]:
    from ...vendors.rules import DESCRIPTION_LIMITS

    desc = facts.contract.description
    if desc is None:
        return
    fams = by_family(facts.specs)
    fixable = None if facts.export else False
    col = Collector()
    for family, lim in DESCRIPTION_LIMITS.items():
        fam_specs = fams.get(family)
        if fam_specs and len(desc) > lim.value:
            for spec in fam_specs:
                col.add(spec, "description-too-long-for-target", "/description", lim.severity, lim.rule,
                        f"{{who}} may reject a description over {lim.value:,} characters; this one has "
                        f"{len(desc):,}",
                        "Shorten the description (move examples and details into parameter descriptions).",
                        None, fixable)
    yield from col.hits()
