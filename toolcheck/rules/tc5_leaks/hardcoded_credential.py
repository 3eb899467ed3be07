"""A string the model reads holds a credential: an API key, token, password or private key.

What it does:
Matches the well-known credential formats (modelled on gitleaks and detect-secrets): AWS access key ids,
GitHub and GitLab tokens, Slack tokens and webhooks, OpenAI, Anthropic, Google (API key, OAuth), Stripe,
Hugging Face, npm, PyPI, SendGrid, Twilio, Mailgun, Shopify, DigitalOcean, Databricks, Square and Telegram
tokens, Discord webhooks, private key blocks (with key material: prose that only names the header,
`-----BEGIN PRIVATE KEY-----`, holds no key), JSON Web Tokens, `Bearer`/`Basic` credentials, and assignments
such as `password=...` or `api_key: ...` whose value contains letters and digits. A `default`, `example`,
`const` or `enum` value of a property named like a credential (`password`, `api_key`, `token`, `secret`)
is reported when it looks real. Placeholders (`YOUR_API_KEY`, `sk-...`, `<token>`, `${SECRET}`, `xxxx`,
the AWS documentation key) are not. Property names are checked too. The credential is masked in every
output format.

Why is this bad?
Contract strings are sent to the model provider with every prompt, logged in transcripts and committed to
git. A credential there is leaked and has to be rotated.

Example:
```yaml
name: send_sms
description: Send a text message. Authenticate with password=Tw1l10Pr0d2024 on the gateway.
parameters:
  type: object
  properties:
    to: {type: string, description: Phone number in E.164 format.}
```

Use instead:
```yaml
name: send_sms
description: Send a text message to one phone number.
parameters:
  type: object
  properties:
    to: {type: string, description: Phone number in E.164 format.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import LeakFacts, LeaksIndex, leak_hit

RULE = RuleSpec("TC503", "hardcoded-credential", severity="error", scope="contract", index=LeaksIndex)

NOUNS = ("a credential", "credentials")
HELP = ("Remove the credential and rotate it: it is in the repository history and is sent to the model "
        "provider with every prompt. The host should read it from a secret store or its environment.")


def check(facts: LeakFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for text, items in facts.matches(RULE.code):
        yield leak_hit(text, items, NOUNS, HELP)
