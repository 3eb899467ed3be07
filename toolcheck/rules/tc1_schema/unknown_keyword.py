"""A schema holds a keyword that its dialect does not define (often a typo).

What it does:
Reports keys of a schema object that are not keywords of its dialect: typos (`requried`,
`additionalproperties`, `minLenght`, with the intended keyword), non-keywords that users expect to work
(`optional: true`; `min`, `regex`, `values`), keywords of another dialect (`prefixItems` in draft-07,
`const` in draft-04), and property schemas written directly on the object instead of under `properties`.
Only keys in keyword position count: property names under `properties`/`$defs`/`definitions`/
`patternProperties`/`dependentSchemas` and values under `enum`/`const`/`default`/`examples` are data.
Never reported: annotations (`title`, `description`, `$comment`, `deprecated`, `readOnly`, `writeOnly`,
`examples`), `x-*` extensions, `definitions`/`$defs` in any dialect, and the vendor annotations `example`,
`discriminator`, `propertyOrdering`, `externalDocs`, `xml`, `enumNames`, `enumDescriptions`,
`markdownDescription`. A vendor's keyword is TC121 (info, formerly TC104's info case): OpenAPI's `nullable`,
and in vendor-format input (e.g. JSON Lines of function objects) an unknown keyword with no likely intended
keyword.

Why is this bad?
Validators ignore unknown keywords, so the constraint the author meant (`requried`, `minLenght`) is silently
not enforced, and strict model APIs reject the tool outright.

Example:
```yaml
name: create_ticket
description: Open a support ticket.
parameters:
  type: object
  properties:
    title: {type: string, minLenght: 5, description: One-line summary.}
    priority: {type: string, optional: true, description: "low, normal or high."}
  requried: [title]
```

Use instead:
```yaml
name: create_ticket
description: Open a support ticket.
parameters:
  type: object
  properties:
    title: {type: string, minLength: 5, description: One-line summary.}
    priority: {type: string, description: "low, normal or high."}
  required: [title]
```

Options:
`rules.TC104.allow` (default `[]`): extra keywords to accept, e.g. a validator's custom keywords.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, Option, RuleSpec
from ._keywords import is_vendor_keyword, looks_like_property, reported_unknown, suggestion
from ._tables import ALL_KEYWORDS, CANONICAL_URI, D4, D6, D7, D2019, D2020, KEYWORD_HISTORY, KEYWORDS
from ._values import names
from .index import Schema, SchemaFacts, SchemaIndex, Unknown

RULE = RuleSpec("TC104", "unknown-keyword", severity="warning", scope="contract", index=SchemaIndex, fix="safe",
                options={"allow": Option(list, [], "extra keywords to accept, e.g. a validator's custom keywords",
                                         items=str)})


def check(facts: SchemaFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for s, u in reported_unknown(facts, names(options["allow"])):
        if not is_vendor_keyword(s, u):  # `nullable`, or a vendor format's own key: TC121's
            yield _unknown(s, u)


def _unknown(s: Schema, u: Unknown) -> Hit:
    k, v = u.key, u.value
    kptr = s.pointer(u.at.path + (k,))
    if k == "optional":
        return _optional(kptr, u)
    if k in ALL_KEYWORDS:
        why = KEYWORD_HISTORY.get(k, "")
        return Hit(kptr, f"`{k}` is not a {s.label} keyword{f' ({why})' if why else ''}; validators of this "
                         "dialect ignore it", _dialect_help(s, k))
    sugg = suggestion(s, k)
    if sugg is not None:
        help = f"Did you mean `{sugg}`? Rename it (an unknown keyword is silently ignored by validators)."
        if sugg == "required":
            help = ("Did you mean `required`? It is a list of property names on the object schema, e.g. "
                    "`required: [name]`.")
        from ...fixing.schema_fixes import keyword_fix

        return Hit(kptr, f"unknown keyword `{k}`", help, fix=keyword_fix(u.at.node, kptr, sugg))
    if looks_like_property(v):
        return Hit(kptr, f"unknown keyword `{k}` (it looks like a property schema)",
                   f"Move `{k}` under `properties:` of this object schema, or prefix it with `x-` if it is an "
                   "extension.")
    return Hit(kptr, f"unknown keyword `{k}`",
               "Remove it, or prefix it with `x-` to keep it as an extension: validators and model APIs ignore "
               "(or reject) unknown keywords.")


def _dialect_help(s: Schema, k: str) -> str:
    homes = [d for d in (D2020, D2019, D7, D6, D4) if k in KEYWORDS[d]]
    if k == "additionalItems" and s.dialect == D2020:
        return "In draft 2020-12 write `items: <schema>` next to `prefixItems` instead."
    if k == "prefixItems":
        return "In this dialect write `items: [<schema>, ...]` (an array), or declare `$schema` 2020-12."
    if k in ("dependentRequired", "dependentSchemas"):
        return "In this dialect write `dependencies:`, or declare `$schema` 2020-12."
    if homes:
        return (f"Declare the dialect that has it (`$schema: {CANONICAL_URI[homes[0]]}`) or use this "
                f"dialect's equivalent.")
    return "Remove it."


def _optional(kptr: str, u: Unknown) -> Hit:
    parent, name, v = u.at.parent, u.at.name, u.value
    req = parent.get("required") if parent is not None else None
    listed = isinstance(req, list) and name in req
    if name is not None and listed and v not in (False, "false", "False"):
        help = (f"Remove `optional` and remove `{name}` from the parent's `required` list if it really is "
                "optional.")
        msg = f"`optional` is not a JSON Schema keyword, and `{name}` is listed in the parent's `required`"
    elif name is not None:
        help = (f"Remove `optional`: `{name}` is already optional because the parent's `required` does not "
                "list it.")
        msg = "`optional` is not a JSON Schema keyword"
    else:
        help = ("Remove `optional`: a property is optional when the object's `required` list does not name "
                "it; list only the mandatory properties in `required`.")
        msg = "`optional` is not a JSON Schema keyword"
    from ...fixing.schema_fixes import optional_fix

    return Hit(kptr, msg, help, fix=optional_fix(kptr, v, name, listed))
