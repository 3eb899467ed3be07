"""The contract, published as an MCP `Tool`, does not validate against the MCP schema of its version.

What it does:
Builds the `Tool` the contract would be published as (`name`, `title`, `description`, `inputSchema` from
`parameters`, `outputSchema` from `returns`, `annotations`) and validates it against the `Tool` schema of the
spec version (`mcp` = 2026-07-28; `mcp@2025-06-18` and `mcp@2025-11-25` pick older ones; bundled verbatim in
`toolcheck/data/mcp/`). 2025-06-18 and 2025-11-25 require every property schema to be an object (`true` is
rejected). For 2026-07-28 it also checks `x-mcp-header` annotations (an HTTP header token, unique,
on integer, string or boolean properties). What other rules own is left to them (a missing `name` is TC008,
the root `type` TC203).

Why is this bad?
MCP clients validate `tools/list` results against this schema; a tool that fails is dropped or the whole
listing is rejected.

Example:
```yaml
name: search_docs
description: Search the product documentation by keyword.
targets: ["mcp@2025-06-18"]
parameters:
  type: object
  properties:
    query: true
```

Use instead:
```yaml
name: search_docs
description: Search the product documentation by keyword.
targets: ["mcp@2025-06-18"]
parameters:
  type: object
  properties:
    query: {type: string, description: Words to search for.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import TargetFacts, TargetsIndex

RULE = RuleSpec("TC216", "mcp-tool-schema-violation", severity="error", scope="contract", index=TargetsIndex,
                fix="none", fixable=True)


def check(facts: TargetFacts, options: dict[str, Any]) -> Iterator[Hit]:
    yield from facts.hits("TC216")
