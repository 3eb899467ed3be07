"""An unquoted YAML value is read as something other than what it looks like.

What it does:
Flags plain YAML 1.1 scalars that PyYAML (and most hosts) convert silently: `yes`/`no`/`on`/`off` become
booleans, `010` the integer 8, `12:30:00` the integer 45000, `1.10` the number 1.1 (in `version`, `enum`,
`const`, `default` and `examples`), and `1e-5` stays a string. Unquoted dates are kept as strings by
toolcheck and not reported.

Why is this bad?
`enum: [yes, no]` offers the model two booleans, not the words; a `version: 1.10` becomes 1.1 and sorts
before 1.9.

Example:
```yaml
name: set_reminder
description: Set a reminder that answers yes or no.
parameters:
  type: object
  properties:
    answer: {type: string, enum: [yes, no], description: The answer.}
```

Use instead:
```yaml
name: set_reminder
description: Set a reminder that answers yes or no.
parameters:
  type: object
  properties:
    answer: {type: string, enum: ["yes", "no"], description: The answer.}
```
"""

from __future__ import annotations

from ..base import RuleSpec

# an unquoted YAML 1.1 value is one mistake: the enum that then accepts nothing (TC009/TC109/TC110), the default of
# the wrong type (TC111), the enum a target cannot take (TC205, TC221) are its consequences, not findings of their own
RULE = RuleSpec("TC003", "yaml-implicit-conversion", scope="emitted",
                supersedes=("TC009", "TC109", "TC110", "TC111", "TC205", "TC221"),
                fix="safe")
