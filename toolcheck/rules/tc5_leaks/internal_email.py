"""A string the model reads contains an internal e-mail address.

What it does:
Finds e-mail addresses whose domain is internal: under `.internal`, `.corp`, `.local`, `.lan`, ... or with
an `internal`/`corp`/`intranet` label (`ops@mail.corp.acme.com`), at a private IP, or under a domain listed in
`rules.TC510.internal-domains` (or `rules.TC501.internal-domains`). Public addresses (`support@acme.com`,
`user@example.com`) are not reported: toolcheck cannot tell your company's domain without the option.

Why is this bad?
Internal addresses identify people and teams behind the service, invite phishing, and are useless to the model.

Example:
```yaml
name: open_ticket
description: Open a support ticket; escalations go to oncall@ops.acme.corp.
parameters:
  type: object
  properties:
    summary: {type: string, description: One-line summary of the problem.}
```

Use instead:
```yaml
name: open_ticket
description: Open a support ticket for the user's problem.
parameters:
  type: object
  properties:
    summary: {type: string, description: One-line summary of the problem.}
```

Options:
`rules.TC510.internal-domains` (default `[]`): e-mail domains that are internal, e.g. `acme.com`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, Option, RuleSpec
from .index import LeakFacts, LeaksIndex, leak_hit

RULE = RuleSpec("TC510", "internal-email", severity="warning", scope="contract", index=LeaksIndex, options={
    "internal-domains": Option(list, [], "e-mail domains that are internal, e.g. `acme.com`", items=str,
                               single=True),
})

NOUNS = ("an internal e-mail address", "internal e-mail addresses")
HELP = ("Remove the internal address or use a public contact; if the domain is public, add it to "
        "`allow.domains`.")


def check(facts: LeakFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for text, items in facts.matches(RULE.code):
        yield leak_hit(text, items, NOUNS, HELP)
