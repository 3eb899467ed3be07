"""The tool's `risk` went up (`read_only` → `write_limited` → `destructive`).

What it does:
Compares `risk` (or, for MCP tools, the risk their annotations imply) and reports an increase. There is no
argument witness: the change is in what the call does, not in what it accepts.

Why is this bad?
Hosts decide by risk whether to ask a human first and whether a call may be retried; a tool that now
deletes things keeps the treatment of one that only read.

Example:
```yaml file=old/files.yaml
name: archive_file
description: Move a file to the archive.
risk: write_limited
parameters: {type: object, required: [path], properties: {path: {type: string}}}
```
```yaml file=new/files.yaml
name: archive_file
description: Move a file to the archive.
risk: destructive
parameters: {type: object, required: [path], properties: {path: {type: string}}}
```

Use instead:
```yaml file=old/files.yaml
name: archive_file
description: Move a file to the archive.
risk: write_limited
parameters: {type: object, required: [path], properties: {path: {type: string}}}
```
```yaml file=new/files.yaml
name: archive_file
description: Move a file to the archive.
risk: write_limited
parameters: {type: object, required: [path], properties: {path: {type: string}}}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC812", "risk-raised", severity="error", scope="emitted")
