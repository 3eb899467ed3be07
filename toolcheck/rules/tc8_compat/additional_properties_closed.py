"""An object that allowed additional properties no longer does.

What it does:
Reports `additionalProperties: false` where the old schema allowed extra keys (no
`additionalProperties`, `true`, or a schema). The witness is the old arguments with one extra key. A new
schema for additional values (instead of `false`) is compared like any other schema.

Why is this bad?
Callers that send a key the contract never mentioned — common with models — used to work and now fail.

Example:
```yaml file=old/profile.yaml
name: update_profile
description: Update the user's profile.
parameters:
  type: object
  properties:
    nickname: {type: string}
```
```yaml file=new/profile.yaml
name: update_profile
description: Update the user's profile.
parameters:
  type: object
  additionalProperties: false
  properties:
    nickname: {type: string}
```

Use instead:
```yaml file=old/profile.yaml
name: update_profile
description: Update the user's profile.
parameters:
  type: object
  additionalProperties: false
  properties:
    nickname: {type: string}
```
```yaml file=new/profile.yaml
name: update_profile
description: Update the user's profile.
parameters:
  type: object
  properties:
    nickname: {type: string}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC810", "additional-properties-closed", severity="error", scope="emitted")
