"""A file crosses a safety bound: size, nesting depth or alias expansion.

What it does:
Stops reading a file larger than `limits.max-file-size` (default 10 MiB; a FIFO or device named on the
command line is read up to that bound, never further), nested deeper than `limits.max-depth` (default 128),
whose aliases expand to more than `limits.max-alias-nodes` (default 100,000) nodes or repeat more than
`limits.max-file-size` of text (one long string aliased by thousands of descriptions), and reports it
instead of spending minutes or gigabytes on it.

Why is this bad?
A "billion laughs" alias bomb or a 10,000-level nesting costs any YAML host the same; no real contract
comes near these bounds.

Example:
```yaml
a: &a [x, x, x, x, x, x, x, x, x, x]
b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]
c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]
d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]
e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]
f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]
```

Use instead:
```yaml
name: search_docs
description: Search the product documentation by keyword.
parameters: {type: object, properties: {}}
```

Options:
`limits.max-file-size`, `limits.max-depth`, `limits.max-alias-nodes` in the config.
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC010", "input-limit-exceeded", scope="emitted")
