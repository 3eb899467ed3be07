"""The handler returned a successful result for arguments the schema rejects.

What it does:
Same calls as TC716 (mutations the schema rejects); reports a handler that answers one of them with a
result instead of a structured error.

Why is this bad?
The handler does not enforce its own contract: a host that does not validate first acts on arguments the
model got wrong (a misspelt option ignored, a quantity out of range used as is), and the model never learns.

Example:
```yaml
name: define_word
description: Look up the definitions of an English word. Use it when the user asks what a word means.
risk: read_only
handler: toolcheck.examples.pitfalls:define_word
parameters:
  type: object
  additionalProperties: false
  required: [word]
  properties:
    word: {type: string, minLength: 1, maxLength: 40, description: The word to define.}
```

Use instead:
```yaml
name: define_word
description: Look up the definitions of an English word. Use it when the user asks what a word means.
risk: read_only
handler: toolcheck.examples.pitfalls:define_word_careful
parameters:
  type: object
  additionalProperties: false
  required: [word]
  properties:
    word: {type: string, minLength: 1, maxLength: 40, description: The word to define.}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC717", "invalid-arguments-accepted", severity="warning", scope="emitted")
