"""A string the model reads names a server environment variable.

What it does:
Finds references to environment variables — `$DATABASE_URL`, `${SECRET}`, `${{ secrets.X }}`, `%APP_KEY%`,
`os.environ["X"]`, `os.getenv("X")`, `process.env.X`, `System.getenv("X")`, `ENV["X"]` — anywhere, and, in
titles and descriptions, UPPER_SNAKE names ending in `_API_KEY`, `_KEY`, `_TOKEN`, `_SECRET`, `_PASSWORD`,
`_CREDENTIALS`, `_DSN`, `_URL`, `_URI`, `_CLIENT_ID`, ... or named next to "environment variable"/"env var".
Names that are this contract's own enum values, property names or error codes, placeholders
(`YOUR_API_KEY`) and key words such as `SORT_KEY` are not reported.

Why is this bad?
The model cannot set environment variables; their names only describe the deployment (and which secrets
exist) to whoever reads the prompt, and cost tokens on every call.

Example:
```yaml
name: geocode
description: Geocode an address. Requires GEOCODER_API_KEY to be set on the server.
parameters:
  type: object
  properties:
    address: {type: string, description: A postal address.}
```

Use instead:
```yaml
name: geocode
description: Turn a postal address into latitude and longitude.
parameters:
  type: object
  properties:
    address: {type: string, description: A postal address.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import LeakFacts, LeaksIndex, leak_hit

RULE = RuleSpec("TC507", "environment-variable-name", severity="warning", scope="contract", index=LeaksIndex)

NOUNS = ("an environment variable name", "environment variable names")
HELP = ("Remove the variable name: the model cannot set environment variables. Put setup steps in the README "
        "or the host's documentation.")


def check(facts: LeakFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for text, items in facts.matches(RULE.code):
        yield leak_hit(text, items, NOUNS, HELP)
