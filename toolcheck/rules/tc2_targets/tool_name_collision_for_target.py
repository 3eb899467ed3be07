"""Two tools sent to a target have names that differ only in letter case.

What it does:
Compares the names of the tools sent together to OpenAI and MCP case-insensitively. MCP says tool names
"SHOULD be considered case-sensitive" and "SHOULD be unique within a server" — so some clients do not, and
OpenAI does not document how it compares them. Identical names are TC012.

Why is this bad?
A client or proxy that folds case calls the wrong tool, or drops one of them.

Example:
```yaml
tools:
  - name: search_gifts
    description: Search the gift catalogue by keyword.
    targets: [mcp]
    parameters: {type: object, properties: {}}
  - name: Search_Gifts
    description: Search the gift catalogue by price.
    targets: [mcp]
    parameters: {type: object, properties: {}}
```

Use instead:
```yaml
tools:
  - name: search_gifts
    description: Search the gift catalogue by keyword.
    targets: [mcp]
    parameters: {type: object, properties: {}}
  - name: search_gifts_by_price
    description: Search the gift catalogue by price.
    targets: [mcp]
    parameters: {type: object, properties: {}}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from ._collect import who
from .index import SetFacts, ToolSet, ToolSetIndex

RULE = RuleSpec("TC215", "tool-name-collision-for-target", severity="warning", scope="set", index=ToolSetIndex,
                fix="none")


def check(facts: SetFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for tools in facts.sets:
        yield from facts.finish(_collisions(tools))


def _collisions(tools: ToolSet) -> list[Hit]:
    from ...vendors.rules import NAME_COLLISION
    from ...vendors.sources import url_for

    out = []
    for spec, (rule_id, sev) in NAME_COLLISION.items():
        seen: dict[str, Any] = {}
        for c in tools.members:
            if spec not in tools.targets[id(c)] or c.name is None:
                continue
            low = c.name.lower()
            other = seen.get(low)
            if other is None:
                seen[low] = c
                continue
            if other.name == c.name:
                continue  # the same name twice is TC012's
            h = Hit("/name", f"{who([spec])[0]}: the tool names `{c.name}` and `{other.name}` differ only in letter "
                             "case; clients that compare names case-insensitively confuse them",
                    "Give the tools names that differ by more than letter case.",
                    code="TC215", severity=sev, target=spec, url=url_for(rule_id), fixable=False)
            h.related = [{"file": other.file.path, "line": other.file.locate(other.ptr("name"))[0],
                          "pointer": other.ptr("name"), "tool": other.name}]
            h.subject = c
            out.append(h)
    return out
