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
from ._meta import DELETE, meta_text, meta_validator, with_edits
from ._tables import D4, JSON_TYPES
from ._values import canon, show
from .index import Schema, SchemaFacts, SchemaIndex

RULE = RuleSpec("TC101", "metaschema-violation", severity="error", scope="contract", index=SchemaIndex, fix="none")


def check(facts: SchemaFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for schema in facts.schemas:
        yield from _violations(schema)


def _violations(s: Schema) -> Iterator[Hit]:
    if s.dialect == D4:
        yield from _repeated_enum_values(s)
    v = meta_validator(s.dialect)
    if v is None:
        return
    doc = _as_validated(s)
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


def _repeated_enum_values(s: Schema) -> Iterator[Hit]:
    """Draft-04's metaschema requires unique `enum` values (`uniqueItems`); checked here, one finding at each
    repeated value, as TC108 reports them in the later dialects (a warning there: only recommended). Not left to
    the metaschema validator, whose draft-04 copy does not check `enum` (and whose complaint would point at the
    whole list)."""
    for at in s.with_key("enum"):
        enum = at.node["enum"]
        if not isinstance(enum, list):
            continue
        seen: set = set()
        for i, v in enumerate(enum):
            c = canon(v)
            if c in seen:
                yield Hit(s.pointer(at.path + ("enum", i)),
                          f"`enum` lists {show(v)} twice; {s.label} requires unique `enum` values",
                          f"Remove the repeated value (checked against the {s.label} metaschema).", prefer_key=False)
            seen.add(c)


def _as_validated(s: Schema) -> dict:
    """The schema as this rule validates it: without what a dedicated rule reports (TC103's bad type names,
    TC105's boolean `required`, TC107's repeated `required` entries, draft-04's repeated `enum` values, which
    _repeated_enum_values reports), which the metaschema would only say again in its own words. Those rules also declare that they supersede
    TC101; leaving their keywords out here keeps the metaschema from computing, and the engine from placing and
    then dropping, thousands of restatements (every BFCL `type: dict`). A copy: the schema is never changed."""
    edits: list[tuple[tuple, str, object]] = []
    for at in s.with_key("type"):
        t = at.node["type"]
        if (isinstance(t, str) and t not in JSON_TYPES) or (
                isinstance(t, list) and any(isinstance(x, str) and x not in JSON_TYPES for x in t)):
            edits.append((at.path, "type", DELETE))
    for at in s.with_key("required"):
        req = at.node["required"]
        if isinstance(req, bool):
            edits.append((at.path, "required", DELETE))
        elif isinstance(req, list):
            names = [r for r in req if isinstance(r, str)]
            if len(set(names)) != len(names):
                uniq: list = []
                for r in req:
                    if r not in uniq:
                        uniq.append(r)
                edits.append((at.path, "required", uniq))
    if s.dialect == D4:  # later dialects only recommend unique `enum` values
        for at in s.with_key("enum"):
            enum = at.node["enum"]
            if isinstance(enum, list):
                keys = [canon(v) for v in enum]
                if len(set(keys)) != len(keys):
                    seen: set = set()
                    edits.append((at.path, "enum", [v for v, k in zip(enum, keys, strict=True)
                                                    if not (k in seen or seen.add(k))]))
    return with_edits(s.root, edits) if edits else s.root
