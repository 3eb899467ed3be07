"""An optional parameter was added.

What it does:
Reports each property the new schema defines that the old one did not, when it is not required.

Why is this bad?
It is not: old calls stay valid. It is reported so the change counts for the version (a minor bump).

Example:
```yaml file=old/search.yaml
name: search_gifts
description: Search the gift catalogue.
parameters: {type: object, properties: {query: {type: string}}}
```
```yaml file=new/search.yaml
name: search_gifts
description: Search the gift catalogue.
parameters: {type: object, properties: {query: {type: string}, max_price: {type: integer}}}
```

Use instead:
```yaml file=old/search.yaml
name: search_gifts
description: Search the gift catalogue.
parameters: {type: object, properties: {query: {type: string}}}
```
```yaml file=new/search.yaml
name: search_gifts
description: Search the gift catalogue.
parameters: {type: object, properties: {query: {type: string}}}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC821", "optional-parameter-added", severity="info", scope="emitted")
