"""A string the model reads names an internal host: localhost, a private IP, `*.internal`, `*.corp`, ...

What it does:
Finds URLs whose host is internal — `localhost`, loopback (`127.0.0.0/8`, `::1`), private (`10/8`,
`172.16/12`, `192.168/16`, `fc00::/7`) and link-local (`169.254/16`, `fe80::/10`) addresses, names under
`.internal`, `.local` (incl. `.svc.cluster.local`), `.localdomain`, `.corp`, `.lan`, `.intranet`, `.intra`,
`.home.arpa`, `.svc`, `.consul`, names with an `internal`/`intranet`/`corp` label (`wiki.corp.acme.com`,
`internal-api.acme.com`) and single-label hosts (`http://billing/...`) — and bare internal host names, private
IPs and `localhost:PORT` in any title, description, default, example, enum, const or pattern. Public URLs are
not reported, nor are placeholders (`https://{host}/`, `http://host:port`) or reserved example domains.
A bare address that documents a format is not reported either: in the description of a parameter that is
itself a host, IP, URL or server (by name or `format`), or right after "e.g." / "such as" / "for example" /
"in the form";
there a loopback or private address in a URL is a format example too (`base_url`: "e.g.
http://localhost:3000", a proxy "such as http://10.10.1.10:3128"), unless it is a `default`, `const` or `enum`
(the tool's own value). Internal host names (`wiki.corp`, `billing`) are reported in examples as well: they
name a network.

Why is this bad?
Every string in a contract is sent to the model provider with every prompt. Internal addresses map your
network for anyone who reads a transcript or extracts the prompt, and the model may try to call them.

Example:
```yaml
name: get_invoice
description: Fetch an invoice from https://billing.corp.acme.com/api/invoices by its number.
parameters:
  type: object
  properties:
    number: {type: string, description: The invoice number.}
```

Use instead:
```yaml
name: get_invoice
description: Fetch one invoice by its number.
parameters:
  type: object
  properties:
    number: {type: string, description: The invoice number.}
```

Options:
`rules.TC501.internal-domains` (default `[]`): more domain suffixes that are internal, e.g. `acme.net`
(their hosts are reported like `*.internal`). Config `allow.domains` (hosts, domain suffixes, IPs or CIDR
ranges) and `allow.patterns` (regular expressions matched against the flagged URL or host) silence matches.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, Option, RuleSpec
from .index import LeakFacts, LeaksIndex, leak_hit

RULE = RuleSpec("TC501", "internal-host", severity="warning", scope="contract", index=LeaksIndex, options={
    "internal-domains": Option(list, [], "more domain suffixes that are internal (their hosts are reported like `*.internal`)",
                               items=str, single=True),
})

NOUNS = ("an internal host", "internal hosts")
HELP = ("Remove the internal address from what the model reads (the host's code or config can hold it). If the "
        "host is public, add it to `allow.domains` in the config.")


def check(facts: LeakFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for text, items in facts.matches(RULE.code):
        yield leak_hit(text, items, NOUNS, HELP)
