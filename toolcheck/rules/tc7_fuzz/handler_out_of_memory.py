"""A handler call needed more memory than the worker may use (`--handler-memory`, 4096 MiB by default).

What it does:
Each handler worker's address space is capped (`RLIMIT_AS`) before the handler is imported; a call that
runs into the cap (a `MemoryError`) is reported with its shrunk arguments, and a fresh worker takes the next
call. `--handler-memory 0` lifts the cap. A worker the system kills for memory instead (the kernel's OOM
killer) is TC711.

Why is this bad?
A size or count taken from the arguments decides how much the host allocates: one call can take a server's
memory, and every other conversation it serves with it.

Example:
```yaml
name: make_thumbnails
description: Make thumbnails of the user's photo album. Use it when the user asks for a preview of an album.
risk: read_only
handler: toolcheck.examples.pitfalls:make_thumbnails
parameters:
  type: object
  additionalProperties: false
  required: [size]
  properties:
    size: {type: integer, minimum: 16, maximum: 65536, description: Width and height in pixels.}
```

Use instead:
```yaml
name: make_thumbnails
description: Make thumbnails of the user's photo album. Use it when the user asks for a preview of an album.
risk: read_only
handler: toolcheck.examples.pitfalls:make_thumbnails_careful
parameters:
  type: object
  additionalProperties: false
  required: [size]
  properties:
    size: {type: integer, minimum: 16, maximum: 512, description: Width and height in pixels.}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC720", "handler-out-of-memory", severity="error", scope="emitted")
