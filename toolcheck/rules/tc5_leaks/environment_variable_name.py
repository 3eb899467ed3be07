"""A string the model reads contains code that reads a server environment variable.

What it does:
Finds source code that reads the environment — `os.environ["X"]`, `os.getenv("X")`, `process.env.X`,
`System.getenv("X")`, `ENV["X"]`, `import.meta.env.X`, `env::var("X")` — and CI expressions such as
`${{ secrets.X }}`, in any title, description, default, example, enum or const. Not reported: a variable named
in setup text ("requires HF_TOKEN", "set the FDA_API_KEY environment variable": the operator's setup, which also
tells the model why a call may fail), and `$X`, `${X}` or `%X%` (shell and template placeholders, such as the
fields of an e-mail template the model fills in). Opt-in (`--extend-select TC507`): on real tool sets every
environment variable name judged was setup text (0 of 13 true), and code reading the environment is rare.

Why is this bad?
Code pasted from the handler shows how the server is built and which secrets it holds, and tells the model
nothing it can act on: the model cannot set environment variables.

Example:
```yaml
name: geocode
description: Geocode an address with the key read from os.environ["GEOCODER_API_KEY"].
parameters:
  type: object
  properties:
    address: {type: string, description: A postal address.}
```

Use instead:
```yaml
name: geocode
description: Turn a postal address into latitude and longitude. Needs GEOCODER_API_KEY set on the server.
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

RULE = RuleSpec("TC507", "environment-variable-name", severity="warning", scope="contract", index=LeaksIndex,
                default_enabled=False)

NOUNS = ("code reading an environment variable", "code reading environment variables")
HELP = ("Remove the code: describe what the tool needs in words (a setup note such as \"needs GEOCODER_API_KEY "
        "on the server\" is fine), and keep how the handler reads it in the handler.")


def check(facts: LeakFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for text, items in facts.matches(RULE.code):
        yield leak_hit(text, items, NOUNS, HELP)
