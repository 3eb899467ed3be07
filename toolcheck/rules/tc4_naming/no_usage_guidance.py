"""The description says what the tool does but gives no hint of when to call it.

What it does:
Looks in the description for any cue about when or why to use the tool: "use it when", "call this after",
"when the user", "if", "before", "instead of", "only", "for planning", "such as", ... and, in Chinese and
Japanese, 用于, 适用, 当用户, 时使用, 如果, 場合, とき, 際に, ために. Reports a description with none of them.
Empty and placeholder descriptions are TC401, and the rule says nothing about them.

Opt-in (select it by code or name, e.g. `--extend-select TC410`): on real tool sets none of the 22 judged
findings was true — a one-line description of an obvious job ("Get comments for a story", "Install a Helm
chart") tells the model when to call the tool without a "use it when" sentence. It stays useful as a style check
for teams that want that sentence in every description.

Why is this bad?
With many tools loaded, the model chooses by matching the user's request against descriptions; a sentence
saying when to use the tool (and when a neighbouring tool fits better) is what vendors recommend to make that
choice reliable.

Example:
```yaml
name: get_product_stock
description: Get the stock level of one product in one warehouse.
parameters:
  type: object
  properties:
    product_id: {type: string, description: The product's catalogue id.}
```

Use instead:
```yaml
name: get_product_stock
description: >-
  Get the stock level of one product in one warehouse. Use it when the user asks whether an item is available
  or how soon it can ship.
parameters:
  type: object
  properties:
    product_id: {type: string, description: The product's catalogue id.}
```

Options:
`rules.TC410.max-words` (default 0: any length): report only descriptions shorter than this many words.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ..base import Hit, Option, RuleSpec
from .index import NamingFacts, NamingIndex, punct, word_count

RULE = RuleSpec(
    "TC410", "no-usage-guidance", severity="info", scope="contract", index=NamingIndex,
    options={"max-words": Option(float, 0, "report only descriptions shorter than this many words (0: any length)")},
    default_enabled=False,
)

# any of these words or phrases hints at when or why to call the tool
_USAGE_WORDS = punct("""
use uses used using usage useful call called calls invoke invoked invokes when whenever if unless before after
intended designed meant help helps allow allows allowing let lets enable enables instead only prefer preferred
need needs want wants ask asks request requests ideal best suitable appropriate recommended typically first then
purpose scenario scenarios case cases whether essential helpful handy example examples obtained obtain workflow
once during avoid never always must should recommend
""".split())
_USAGE_PHRASES = ("e.g", "i.e", "in order to", "so that", "such as", "for example")
_FOR_ING = re.compile(r"\bfor [a-z]+ing\b")
_USAGE_CJK = re.compile(
    # Chinese: "used for", "applies to", "when the user", "use this when", "if", "in order to"
    "用于|用於|用来|用來|适用|適用|可用于|使用此|使用该|调用此|调用该|当用户|當用戶|当需要|當需要|时使用|時使用|时调用|"
    "時調用|的时候|的時候|场景|場景|如果|若要|以便|为了|為了|"
    # Japanese: "in case", "when", "at the time of", "in order to", "purpose", "want to"
    "場合|とき|時に|際に|際は|ために|用途|したい|前に|後に")


def _has_usage_cue(facts: NamingFacts) -> bool:
    if not _USAGE_WORDS.isdisjoint(facts.words):
        return True
    low = facts.desc.lower() if facts.desc else ""
    for p in _USAGE_PHRASES:
        if p in low:
            return True
    if "ing" in low and "for " in low and _FOR_ING.search(low):
        return True
    return not low.isascii() and _USAGE_CJK.search(low) is not None


def check(facts: NamingFacts, options: dict[str, Any]) -> Iterator[Hit]:
    desc = facts.desc
    if not desc or _has_usage_cue(facts) or not desc.strip():
        return
    limit = options["max-words"]
    if limit and word_count(desc) >= limit:
        return
    if facts.placeholder is not None:
        return
    yield Hit("/description", "description does not say when to call the tool",
              "Add a sentence such as \"Use it when the user asks ...\" (and, if another tool is close, when to "
              "use that one instead).", prefer_key=False)
