"""The tool description is far too long.

What it does:
Reports a tool description longer than `max-length` characters (default 1,024), leading and trailing
whitespace not counted, nor the indentation at the start of each line: a docstring or a template literal often
carries its source indentation into the value (hundreds of spaces), which is no text to cut. (A YAML block
scalar's indentation is syntax and never part of the value.)

Why is this bad?
Every tool description is sent with every request: a very long one costs tokens on each call and buries what
the model needs to choose the tool. Some OpenAI-compatible endpoints also reject descriptions over 1,024
characters; that vendor limit is TC202's, checked by `toolcheck validate` for the `openai` target. Where TC202
reports a description this rule does not report it again: one limit, one finding, and a payload the vendor
rejects is the stronger statement (TC202 supersedes TC403; `lint`, which checks no vendor, still reports TC403).

Example:
```yaml
name: search_docs
description: >-
  Search the product documentation. The documentation covers every product we sell, including gift cards,
  wrapping, delivery, returns, refunds, vouchers, loyalty points, subscriptions, corporate orders, seasonal
  campaigns, regional availability, customs, taxes, payment methods, account management, privacy,
  accessibility and more. The search engine tokenises the query, removes stop words, applies stemming, looks
  the terms up in an inverted index, ranks pages by BM25 with a boost for titles and headings, removes near
  duplicates, groups pages by section, highlights matching passages, truncates each passage to two hundred
  characters and returns the best ten pages with their titles, sections, passages, URLs and scores. Results
  are cached for five minutes, and the index is rebuilt every night from the documentation repository, so a
  page edited today may not be found until tomorrow. Queries in languages other than English are translated
  before searching, which can change their meaning; quoted phrases are matched exactly; a minus sign excludes
  a word. Use it when the user asks how something works.
targets: [anthropic]  # sent to OpenAI, the 1,024-character limit would be TC202's
parameters:
  type: object
  properties:
    query: {type: string, description: Words to search for.}
```

Use instead:
```yaml
name: search_docs
description: >-
  Search the product documentation by keyword and return the ten best-matching pages with a short passage
  each. Use it when the user asks how something works, such as delivery, returns or gift cards.
parameters:
  type: object
  properties:
    query: {type: string, description: Words to search for; quote a phrase to match it exactly.}
```

Options:
`rules.TC403.max-length` (default 1024): the longest acceptable description, in characters.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, Option, RuleSpec

RULE = RuleSpec(
    "TC403", "description-too-long", severity="warning", scope="contract",
    options={"max-length": Option(int, 1024, "the longest acceptable description, in characters")},
)


def check(contract, options: dict[str, Any]) -> Iterator[Hit]:
    desc = contract.description
    if desc is None:
        return
    limit = options["max-length"]
    if len(desc) <= limit:
        return
    n = len(desc.strip())
    if n > limit and _without_indentation(desc) > limit:
        yield Hit("/description", f"description is {n:,} characters long (maximum {limit:,})",
                  "Keep what the model needs to choose and call the tool; move details into parameter "
                  "descriptions or documentation.", prefer_key=False)


def _without_indentation(desc: str) -> int:
    """The length of ``desc`` stripped, without the whitespace that starts each line."""
    lines = desc.strip().split("\n")
    return sum(len(line.lstrip()) for line in lines) + len(lines) - 1
