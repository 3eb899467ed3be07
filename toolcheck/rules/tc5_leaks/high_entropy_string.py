"""A string the model reads contains a random-looking literal that may be a secret.

What it does:
Reports literals of unknown format that look machine-generated: right after a word such as `api key`,
`token`, `secret` or `password` (16+ characters with letters and digits), or anywhere else when one run of
at least `min-length` characters mixes upper case, lower case and digits, has near-maximal Shannon entropy
for its length, switches character class often and is not made of words. Not reported: identifiers
(`BioSamples_get_facets`), hashes and UUIDs (single-case hex), sequences and placeholders (`a1b2c3d4...`,
`ABC123DEF456`), base64 that decodes to text, and values of parameters that are IDs, hashes, cursors or
data, or that the text calls an "ID" or "hash". The literal is masked in every output format.

Why is this bad?
An unrecognised token is still a token: a key pasted into an example or a default ships to the model
provider with every prompt.

Example:
```yaml
name: get_weather
description: Current weather for a city.
parameters:
  type: object
  properties:
    city: {type: string, description: City name.}
    units:
      type: string
      description: "Unit system. Requests are signed with q7Rk2LmX9vTz4WpB8sNd3HyC."
```

Use instead:
```yaml
name: get_weather
description: Current weather for a city.
parameters:
  type: object
  properties:
    city: {type: string, description: City name.}
```

Options:
`rules.TC504.min-length` (default 20, at least 12): the shortest literal reported without a keyword.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, Option, RuleSpec
from .index import LeakFacts, LeaksIndex, leak_hit

RULE = RuleSpec("TC504", "high-entropy-string", severity="error", scope="contract", index=LeaksIndex, options={
    "min-length": Option(int, 20, "the shortest literal reported without a keyword", min=12),
})

NOUNS = ("a high-entropy literal", "high-entropy literals")
HELP = ("If this is a secret, remove it and rotate it. If it is a public identifier or sample data, say so "
        "next to it (\"ID\", \"hash\", \"base64\") or add a pattern to `allow.patterns`.")


def check(facts: LeakFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for text, items in facts.matches(RULE.code):
        yield leak_hit(text, items, NOUNS, HELP)
