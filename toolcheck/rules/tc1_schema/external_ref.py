"""A `$ref` points to another document (a URL or a file), which is never fetched.

What it does:
Reports `$ref`s whose target lies outside the schema: `https://...`, `other.json#/x`, `defs.yaml`. toolcheck
never uses the network and never reads other files for a schema. Refs to the standard metaschemas and to the
schema's own `$id` are not reported.

Why is this bad?
Model APIs do not resolve external references, so the model never sees the referenced schema; a validator
that does resolve it fetches code-controlled content from the network at run time.

Example:
```yaml
name: create_order
description: Create an order for one gift.
parameters:
  type: object
  properties:
    address: {$ref: "https://example.com/schemas/address.json"}
```

Use instead:
```yaml
name: create_order
description: Create an order for one gift.
parameters:
  type: object
  properties:
    address: {$ref: "#/$defs/Address"}
  $defs:
    Address:
      type: object
      properties:
        city: {type: string, description: City name.}
```
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from ._tables import URI_DIALECT
from .index import SchemaFacts, SchemaIndex

RULE = RuleSpec("TC113", "external-ref", severity="error", scope="contract", index=SchemaIndex, fix="none")


def check(facts: SchemaFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for s in facts.schemas:
        for path, ref, r in s.resolved_refs:
            if r is None or r.kind != "external":
                continue
            if re.sub(r"^https?://", "", r.uri).rstrip("#") in URI_DIALECT:
                continue  # a metaschema: every validator has it built in
            remote = bool(re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", r.uri))
            what = "a remote document" if remote else "another file"
            yield Hit(s.pointer(path + ("$ref",)), f"`$ref` `{ref}` points to {what}; toolcheck never fetches it, "
                                                   "and model APIs do not resolve it",
                      "Copy the referenced schema under `$defs` in this schema and refer to it as "
                      "`#/$defs/<name>`.", prefer_key=False)
