"""`format` names an OpenAPI format that JSON Schema validators do not check.

What it does:
Reports the OpenAPI/Gemini formats `int32`, `int64`, `float`, `double`, `byte`, `binary`, `password` and
`enum`, which are not draft 2020-12 formats: a JSON Schema validator ignores them. The rule is opt-in
(select it with `--extend-select TC120`): these formats come with schemas generated from an OpenAPI
description, Gemini and other consumers read them, and judged on published servers no maintainer would
change them. Other unknown formats are TC117's.

Why is this bad?
A validator that follows JSON Schema does not check the range or the encoding the format names: `format:
int32` does not stop 2^40, `format: byte` does not reject text that is not base64. Where that matters, the
constraint has to be written as `minimum`/`maximum` or a `pattern`.

Example:
```yaml
name: list_invoices
description: List the invoices of an account, newest first.
parameters:
  type: object
  properties:
    limit: {type: integer, format: int32, description: How many invoices to return.}
```

Use instead:
```yaml
name: list_invoices
description: List the invoices of an account, newest first.
parameters:
  type: object
  properties:
    limit: {type: integer, minimum: 1, maximum: 100, description: How many invoices to return.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from ._tables import FORMATS_2020, VENDOR_FORMATS
from .index import SchemaFacts, SchemaIndex

RULE = RuleSpec("TC120", "openapi-format", severity="info", scope="contract", index=SchemaIndex, fix="none",
                default_enabled=False)


def check(facts: SchemaFacts, options: dict[str, Any]) -> Iterator[Hit]:
    extra = facts.extra_formats  # TC117's option: a format accepted there is accepted here too
    for s in facts.schemas:
        for at in s.with_key("format"):
            f = at.node["format"]
            if not isinstance(f, str) or f in FORMATS_2020 or f in extra or f not in VENDOR_FORMATS:
                continue
            yield Hit(s.pointer(at.path + ("format",)), f"`format: {f}` is an OpenAPI format, not a JSON Schema one: "
                                                        "validators do not check it",
                      "Keep it if a target reads it; enforce the range with `minimum`/`maximum` or a `pattern` if it "
                      "matters.", prefer_key=False)
