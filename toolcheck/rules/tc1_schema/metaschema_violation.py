"""A keyword's value is not what the JSON Schema metaschema allows.

What it does:
Validates `parameters` and `returns` (any alias) against the metaschema of the dialect the schema declares in
`$schema` (draft 2020-12 when absent; 2019-09, draft-07, draft-06 and draft-04 are supported) and reports
every error, not only the first, at the offending keyword: `minLength: "5"`, `required: name`,
`properties: [..]`, `items: [..]` in 2020-12, `exclusiveMinimum: true` after draft-04, and so on. The help
says which dialect was used. What a dedicated TC1 rule reports (a bad type name, `required: true`, a
duplicate `required` entry) is not reported again here.

Why is this bad?
Validators refuse to compile a schema the metaschema rejects (so the host cannot check arguments at all), and
model APIs answer such a tool definition with a 400 error, failing every request that carries it.

Example:
```yaml
name: search_gifts
description: Search the gift catalogue by keyword.
parameters:
  type: object
  properties:
    query: {type: string, minLength: "2", description: Words to search for.}
```

Use instead:
```yaml
name: search_gifts
description: Search the gift catalogue by keyword.
parameters:
  type: object
  properties:
    query: {type: string, minLength: 2, description: Words to search for.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from ._meta import meta_text, meta_validator
from .index import Schema, SchemaFacts, SchemaIndex

RULE = RuleSpec("TC101", "metaschema-violation", severity="error", scope="contract", index=SchemaIndex, fix="none")


def check(facts: SchemaFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for schema in facts.schemas:
        yield from _violations(schema)


def _violations(s: Schema) -> Iterator[Hit]:
    v = meta_validator(s.dialect)
    if v is None:
        return
    doc = s.root
    try:
        if v.is_valid(doc):
            return
        errors = list(v.iter_errors(doc))
    except (ValueError, TypeError, OverflowError) as e:
        yield Hit(s.pointer(()), f"the schema cannot be read as JSON: {str(e).splitlines()[0] if str(e) else e}",
                  "Use only JSON values (string keys, finite numbers).")
        return
    why = (", the default when `$schema` is absent" if "$schema" not in s.root else
           ", since `$schema` is not a known dialect" if s.bad_uri is not None else "")
    seen: set = set()
    for e in errors:
        path = tuple(e.instance_path)
        kind = getattr(e.kind, "name", "")
        k = (path, kind, e.message)
        if k in seen:
            continue
        seen.add(k)
        msg, help = meta_text(path, kind, e, doc, s.dialect)
        yield Hit(s.pointer(path), msg, f"{help} (checked against the {s.label} metaschema{why})", prefer_key=False)
