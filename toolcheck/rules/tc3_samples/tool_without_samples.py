"""A contract has no sample at all, valid or invalid.

What it does:
Reports (as `info`) a contract file's tool for which neither a sample file, nor inline `samples:`, nor a
recorded call exists. Tools read from JSON Lines of function objects or vendor-format files (a published
corpus, an MCP `tools/list` dump) are not reported: they are not where samples are maintained.

Why is this bad?
A schema that is valid JSON Schema can still be wrong: too strict for real calls, or missing the
constraint that matters. Only replaying arguments catches that — one valid call and one call that must
be refused are enough to start.

Example:
```yaml
name: search_docs
description: Search the product documentation by keyword and return matching pages.
parameters:
  type: object
  required: [query]
  properties:
    query: {type: string, description: Words to search for.}
```

Use instead:
```yaml
name: search_docs
description: Search the product documentation by keyword and return matching pages.
parameters:
  type: object
  required: [query]
  properties:
    query: {type: string, description: Words to search for.}
samples:
  - description: A plain search.
    data: {query: "refund policy"}
    valid: true
  - description: A search without a query must be refused.
    data: {}
    valid: false
    expect: {keyword: required, pointer: /query}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ..base import Hit, RuleSpec

if TYPE_CHECKING:
    from ...contract import Contract

RULE = RuleSpec("TC307", "tool-without-samples", severity="info", scope="contract")  # no index: it reads the Contract


def check(contract: Contract, options: dict[str, Any]) -> Iterator[Hit]:
    if contract.format != "contract" or contract.samples:
        return
    name = contract.name
    yield Hit(
        "/name" if name else "",
        f"tool `{contract.display_name}` has no samples: its schema is never replayed against real arguments",
        f"Add `samples/{name or '<tool>'}.yaml` (or inline `samples:`) with at least one valid call and one "
        "call the schema must refuse (`valid: false` with `expect`).",
    )
