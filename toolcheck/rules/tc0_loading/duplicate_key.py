"""A mapping holds the same key twice.

What it does:
Reports every repeated key in a YAML or JSON mapping, at the second occurrence, naming the line of the first.

Why is this bad?
YAML and JSON loaders silently keep only the last value, so half of what the author wrote is ignored; with
two `required:` lists, one of them never reaches the model or the validator.

Example:
```yaml
name: get_gift_details
description: Get one gift by its id.
parameters:
  type: object
  required: [gift_id]
  properties:
    gift_id: {type: string, description: The gift's UUID.}
  required: []
```

Use instead:
```yaml
name: get_gift_details
description: Get one gift by its id.
parameters:
  type: object
  required: [gift_id]
  properties:
    gift_id: {type: string, description: The gift's UUID.}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC002", "duplicate-key", scope="emitted")
