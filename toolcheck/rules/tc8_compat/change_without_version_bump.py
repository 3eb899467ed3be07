"""A contract with a `version` changed but its version did not go up.

What it does:
When the old and the new contract both carry a semantic `version` and the tool changed compatibly (or in
an undecided way), the new version must be higher — a minor bump for additions, a patch bump for wording.
A version that goes down counts as no bump. Changes of disabled rules do not count: ignore TC824 to let
description edits through without a bump.

Why is this bad?
Two different contracts under one version number make caches, logs and client pins lie.

Example:
```yaml file=old/search.yaml
name: search_gifts
version: "1.4.0"
description: Search the gift catalogue.
parameters: {type: object, properties: {query: {type: string}}}
```
```yaml file=new/search.yaml
name: search_gifts
version: "1.4.0"
description: Search the gift catalogue.
parameters: {type: object, properties: {query: {type: string}, max_price: {type: integer}}}
```

Use instead:
```yaml file=old/search.yaml
name: search_gifts
version: "1.4.0"
description: Search the gift catalogue.
parameters: {type: object, properties: {query: {type: string}}}
```
```yaml file=new/search.yaml
name: search_gifts
version: "1.5.0"
description: Search the gift catalogue.
parameters: {type: object, properties: {query: {type: string}, max_price: {type: integer}}}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC841", "change-without-version-bump", severity="warning", scope="emitted")
