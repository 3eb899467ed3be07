"""A bound got looser: `maximum` higher, `minLength` lower, a `multipleOf` or `uniqueItems` dropped, ...

What it does:
The mirror image of TC807 (bound-tightened) in the parameters.

Why is this bad?
It is not, for callers; the handler must cope with the wider range. Reported so it counts for the version.

Example:
```yaml file=old/search.yaml
name: search_gifts
description: Search the gift catalogue.
parameters: {type: object, properties: {limit: {type: integer, maximum: 20}}}
```
```yaml file=new/search.yaml
name: search_gifts
description: Search the gift catalogue.
parameters: {type: object, properties: {limit: {type: integer, maximum: 50}}}
```

Use instead:
```yaml file=old/search.yaml
name: search_gifts
description: Search the gift catalogue.
parameters: {type: object, properties: {limit: {type: integer, maximum: 20}}}
```
```yaml file=new/search.yaml
name: search_gifts
description: Search the gift catalogue.
parameters: {type: object, properties: {limit: {type: integer, maximum: 20}}}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC823", "bound-loosened", severity="info", scope="emitted")
