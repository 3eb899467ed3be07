"""The YAML uses a construct that has no JSON equivalent: a tag or a complex mapping key.

What it does:
Reports explicit tags such as `!!python/object:os.system` or `!Ref`, and mapping keys that are themselves
mappings or lists. toolcheck never constructs tagged objects; it reads the value as plain data.

Why is this bad?
A contract is JSON data sent to a model API. Tags are ignored or rejected on the way, and `!!python/...`
tags execute code in hosts that load the file with an unsafe loader.

Example:
```yaml
name: search_docs
description: !!python/object/apply:os.system ["echo hi"]
parameters: {type: object, properties: {}}
```

Use instead:
```yaml
name: search_docs
description: Search the product documentation by keyword.
parameters: {type: object, properties: {}}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC016", "unsupported-yaml-construct", scope="emitted")
