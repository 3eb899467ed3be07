"""A schema holds a keyword of a vendor format (OpenAPI's `nullable`) that JSON Schema validators ignore.

What it does:
Reports OpenAPI's `nullable`, in any input, and, in vendor-format input (e.g. JSON Lines of function objects,
a ToolUniverse file), an unknown key that is no keyword of any JSON Schema dialect, resembles none and is not a
property schema written outside `properties` (a key of that format, such as `required_api_keys`). Neither is
a mistake of the schema's author, but a JSON Schema validator ignores both. A key that looks like a typo or a
misplaced property, and any other unknown key in a toolcheck contract, is TC104's (a warning). Keys listed in
`rules.TC104.allow` are accepted here too. Formerly TC104's info case: TC104 now has one severity.

Why is this bad?
A validator that follows JSON Schema does not read the key: `nullable: true` does not let `null` through, so
a model that sends `null` for the argument is refused by a strict validator and accepted by an OpenAPI one.

Example:
```yaml
name: send_email
description: Send an email.
parameters:
  type: object
  properties:
    cc: {type: string, nullable: true, description: Copy address.}
```

Use instead:
```yaml
name: send_email
description: Send an email.
parameters:
  type: object
  properties:
    cc: {type: [string, "null"], description: Copy address.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from ._keywords import is_vendor_keyword, reported_unknown
from .index import Schema, SchemaFacts, SchemaIndex, Unknown

RULE = RuleSpec("TC121", "vendor-keyword", severity="info", scope="contract", index=SchemaIndex, fix="none")


def check(facts: SchemaFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for s, u in reported_unknown(facts, facts.extra_keywords):  # TC104's option `allow`
        if is_vendor_keyword(s, u):
            yield _vendor(s, u)


def _vendor(s: Schema, u: Unknown) -> Hit:
    kptr = s.pointer(u.at.path + (u.key,))
    if u.key == "nullable":
        return Hit(kptr, "`nullable` is an OpenAPI keyword; JSON Schema validators ignore it",
                   'To allow null, add "null" to `type` (e.g. `type: [string, "null"]`); `toolcheck export` '
                   "writes `nullable` for the targets that read it.")
    return Hit(kptr, f"unknown keyword `{u.key}`",
               "Remove it, or prefix it with `x-` to keep it as an extension: validators and model APIs ignore "
               "(or reject) unknown keywords.")
