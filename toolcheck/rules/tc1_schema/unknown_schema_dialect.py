"""`$schema` names a dialect toolcheck does not know.

What it does:
Reports a `$schema` at the root of `parameters`/`returns` that is not the URI of draft 2020-12, 2019-09,
draft-07, draft-06 or draft-04 (http or https, with or without the empty fragment `#`). The schema is then
checked as draft 2020-12.

Why is this bad?
Validators refuse a schema whose metaschema they do not have (jsonschema-rs: "Unknown meta-schema"), and a
misspelt URI silently changes which keywords mean what.

Example:
```yaml
name: get_gift_details
description: Get one gift by its id.
parameters:
  $schema: http://json-schema.org/draft-03/schema#
  type: object
  properties:
    gift_id: {type: string, description: The gift's id.}
```

Use instead:
```yaml
name: get_gift_details
description: Get one gift by its id.
parameters:
  $schema: http://json-schema.org/draft-07/schema#
  type: object
  properties:
    gift_id: {type: string, description: The gift's id.}
```
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from ._tables import CANONICAL_URI, URI_DIALECT
from .index import SchemaFacts, SchemaIndex

RULE = RuleSpec("TC102", "unknown-schema-dialect", severity="error", scope="contract", index=SchemaIndex, fix="none")


def check(facts: SchemaFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for s in facts.schemas:
        if s.bad_uri is None:
            continue
        uri = s.bad_uri
        low = uri.lower()
        if "draft-03" in low or "draft-3/" in low:
            msg = f"`$schema` `{uri}` is draft-03, which toolcheck and current validators do not support"
        elif not uri.strip():
            msg = "`$schema` is empty"
        else:
            msg = f"`$schema` `{uri}` is not a JSON Schema dialect toolcheck knows"
        key = re.sub(r"^[a-z]+://", "", low).rstrip("#")
        sugg = next((CANONICAL_URI[d] for k, d in URI_DIALECT.items() if k == key), None)
        yield Hit(s.pointer(("$schema",)), msg + "; checked as draft 2020-12",
                  (f"Write `$schema: {sugg}`." if sugg else
                   "Declare a supported dialect (`https://json-schema.org/draft/2020-12/schema`, 2019-09, draft-07, "
                   "draft-06 or draft-04), or remove `$schema` (draft 2020-12 is assumed)."), prefer_key=False)
