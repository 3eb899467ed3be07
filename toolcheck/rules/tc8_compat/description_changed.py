"""A tool's or a parameter's `description` or `title` changed.

What it does:
Reports a changed, added or removed `description` or `title` — of the tool, of a parameter, or of a
result field — with the old and new text in `data`.

Why is this bad?
Validation is unchanged, but the model reads descriptions to choose a tool and fill its arguments: a
reworded description changes routing. Review it like code.

Example:
```yaml file=old/search.yaml
name: search_gifts
description: Search the gift catalogue by keyword.
parameters: {type: object, properties: {query: {type: string}}}
```
```yaml file=new/search.yaml
name: search_gifts
description: Search the gift catalogue by keyword, category or price range.
parameters: {type: object, properties: {query: {type: string}}}
```

Use instead:
```yaml file=old/search.yaml
name: search_gifts
description: Search the gift catalogue by keyword.
parameters: {type: object, properties: {query: {type: string}}}
```
```yaml file=new/search.yaml
name: search_gifts
description: Search the gift catalogue by keyword.
parameters: {type: object, properties: {query: {type: string}}}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC824", "description-changed", severity="info", scope="emitted")
