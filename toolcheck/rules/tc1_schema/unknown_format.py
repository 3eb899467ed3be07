"""`format` names a format that JSON Schema does not define.

What it does:
Reports `format` values outside the draft 2020-12 formats (`date-time`, `date`, `time`, `duration`,
`email`, `idn-email`, `hostname`, `idn-hostname`, `ipv4`, `ipv6`, `uri`, `uri-reference`, `iri`,
`iri-reference`, `uuid`, `uri-template`, `json-pointer`, `relative-json-pointer`, `regex`), suggesting the
standard name (`datetime` → `date-time`, `url` → `uri`). The OpenAPI/Gemini formats `int32`, `int64`,
`float`, `double`, `byte`, `binary`, `password` and `enum` are not reported here: some consumers read them
(TC120, opt-in, reports them).

Why is this bad?
Validators ignore an unknown format, so the check the author meant never happens, and the model gets a hint
it may not understand.

Example:
```yaml
name: create_order
description: Create an order delivered on a given date.
parameters:
  type: object
  properties:
    deliver_at: {type: string, format: datetime, description: When to deliver.}
```

Use instead:
```yaml
name: create_order
description: Create an order delivered on a given date.
parameters:
  type: object
  properties:
    deliver_at: {type: string, format: date-time, description: When to deliver.}
```

Options:
`rules.TC117.formats` (default `[]`): extra format names to accept (e.g. custom formats your validator
registers).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...suggest import closest
from ..base import Hit, Option, RuleSpec
from ._tables import FORMAT_ALIASES, FORMATS_2020, MEDIA_FORMATS, VENDOR_FORMATS
from .index import SchemaFacts, SchemaIndex

RULE = RuleSpec("TC117", "unknown-format", severity="warning", scope="contract", index=SchemaIndex, fix="none",
                options={"formats": Option(list, [], "extra format names to accept (e.g. custom formats your "
                                                     "validator registers)", items=str)})


def check(facts: SchemaFacts, options: dict[str, Any]) -> Iterator[Hit]:
    extra = facts.extra_formats  # this rule's option, which TC120 reads too
    for s in facts.schemas:
        for at in s.with_key("format"):
            f = at.node["format"]
            if not isinstance(f, str) or f in FORMATS_2020 or f in extra or f in VENDOR_FORMATS:
                continue  # an OpenAPI format is TC120's
            yield _unknown(s.pointer(at.path + ("format",)), f)


def _unknown(fptr: str, f: str) -> Hit:
    media = MEDIA_FORMATS.get(f.lower())
    if media:  # a string holding a document: JSON Schema says so with `contentMediaType`
        what = "Markdown" if f.lower() == "markdown" else f.upper()
        return Hit(fptr, f"unknown format `{f}`",
                   f"A string that holds {what} is `contentMediaType: {media}` in JSON Schema (models read it too); "
                   "validators ignore an unknown `format`. To accept it, list it in `rules.TC117.formats`.",
                   prefer_key=False)
    sugg = FORMAT_ALIASES.get(f.lower()) or closest(f, sorted(FORMATS_2020))
    return Hit(fptr, f"unknown format `{f}`" + (f" (did you mean `{sugg}`?)" if sugg else ""),
               (f"Write `format: {sugg}`." if sugg else
                "Use a standard format (date-time, date, time, email, uri, uuid, ...), or describe the shape "
                "with `pattern`; validators ignore unknown formats.") +
               (" To accept it, list it in `rules.TC117.formats`." if not sugg else ""),
               prefer_key=False)
