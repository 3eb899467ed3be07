"""A tool was renamed: same schema, similar description, another name.

What it does:
Among the tools only the old version has and those only the new one has, pairs a tool with the same
parameter schema (titles, descriptions and examples aside) and a similar description, and reports the pair
as one rename instead of an unrelated removal and addition. The renamed tool is then compared like any
other (its other changes are reported too).

Why is this bad?
Callers address tools by name: every call to the old name fails, however similar the new tool is.

Example:
```yaml file=old/search.yaml
name: search_gifts
description: Search the gift catalogue by keyword and return matching products.
parameters: {type: object, required: [query], properties: {query: {type: string}}}
```
```yaml file=new/search.yaml
name: find_gifts
description: Search the gift catalogue by keyword and return the matching products.
parameters: {type: object, required: [query], properties: {query: {type: string}}}
```

Use instead:
```yaml file=old/search.yaml
name: search_gifts
description: Search the gift catalogue by keyword and return matching products.
parameters: {type: object, required: [query], properties: {query: {type: string}}}
```
```yaml file=new/search.yaml
name: search_gifts
description: Search the gift catalogue by keyword and return the matching products.
parameters: {type: object, required: [query], properties: {query: {type: string}}}
```

Options:
`rules.TC802.min-similarity` (default 0.6): how alike two descriptions must be (difflib ratio, 0-1) for a
removal and an addition with the same schema to count as a rename; at least 0.85 when the schema has no
properties.
"""

from __future__ import annotations

from ..base import Option, RuleSpec

OPTIONS = {
    "min-similarity": Option(float, 0.6, "how alike two descriptions must be (difflib ratio) for a rename; at least "
                                         "0.85 for a schema without properties"),
}
RULE = RuleSpec("TC802", "tool-renamed", severity="error", scope="emitted", options=OPTIONS)
