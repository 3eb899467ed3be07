"""The tool's `risk` went down.

What it does:
The mirror image of TC812 (risk-raised).

Why is this bad?
It is not, for callers; but hosts may now skip a confirmation they used to ask for: check that the tool
really is safer.

Example:
```yaml file=old/files.yaml
name: archive_file
description: Move a file to the archive.
risk: destructive
parameters: {type: object, required: [path], properties: {path: {type: string}}}
```
```yaml file=new/files.yaml
name: archive_file
description: Move a file to the archive.
risk: write_limited
parameters: {type: object, required: [path], properties: {path: {type: string}}}
```

Use instead:
```yaml file=old/files.yaml
name: archive_file
description: Move a file to the archive.
risk: destructive
parameters: {type: object, required: [path], properties: {path: {type: string}}}
```
```yaml file=new/files.yaml
name: archive_file
description: Move a file to the archive.
risk: destructive
parameters: {type: object, required: [path], properties: {path: {type: string}}}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC826", "risk-lowered", severity="info", scope="emitted")
