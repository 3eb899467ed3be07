"""The file holds nothing but whitespace or comments.

What it does:
Reports contract and sample files with no document in them.

Why is this bad?
An empty file in `contracts/` is usually a contract that was meant to be written, or one that was lost.

Example:
```yaml
# TODO: write the contract
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

RULE = RuleSpec("TC005", "empty-file", scope="emitted")
