"""The contract's `handler` (or `--handler`) cannot be imported, or is not callable.

What it does:
Starts the handler's worker process, which imports `package.module` with the project root (the folder of the
config file, else the working directory) first on `sys.path` and looks up the function. Reports the import
error (module not found, an exception at import time, no such function).

Why is this bad?
Nothing of the handler is fuzzed, and the contract names an implementation that does not exist as written.

Example:
```yaml
name: lookup_postcode
description: Find the town of a postcode. Use it when the user gives a postcode and asks where it is.
risk: read_only
handler: toolcheck.examples.no_such_module:lookup_postcode
parameters:
  type: object
  additionalProperties: false
  required: [postcode]
  properties:
    postcode: {type: string, minLength: 3, maxLength: 10, description: The postcode.}
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

RULE = RuleSpec("TC719", "handler-not-loadable", severity="error", scope="emitted")
