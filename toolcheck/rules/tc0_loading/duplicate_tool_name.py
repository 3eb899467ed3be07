"""Two contracts in the checked set have the same name.

What it does:
Reports every contract whose `name` is used by another contract loaded in the same run (all files given, or
the configured contract set when a pre-commit hook passes only a few files), pointing at the other one.
Same-purpose tools with *different* names are TC4's overlap rule.

Why is this bad?
Model APIs reject a request whose tools share a name, and a host that dispatches by name runs whichever
it registered last.

Example:
```yaml
tools:
  - name: search_gifts
    description: Search the gift catalogue by keyword.
    parameters: {type: object, properties: {}}
  - name: search_gifts
    description: Search the gift catalogue by price.
    parameters: {type: object, properties: {}}
```

Use instead:
```yaml
tools:
  - name: search_gifts
    description: Search the gift catalogue by keyword.
    parameters: {type: object, properties: {}}
  - name: search_gifts_by_price
    description: Search the gift catalogue by price.
    parameters: {type: object, properties: {}}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...contract import Contract
from ..base import Hit, RuleSpec

RULE = RuleSpec("TC012", "duplicate-tool-name", scope="set")


def check(contracts: list[Contract], options: dict[str, Any]) -> Iterator[Hit]:
    by_name: dict[str, list[Contract]] = {}
    for c in contracts:
        if c.name:
            by_name.setdefault(c.name, []).append(c)
    for name, group in by_name.items():
        if len(group) < 2:
            continue
        for c in group:
            others = [o for o in group if o is not c]
            first = others[0]
            line, _ = first.file.locate(first.pointer)  # the contract's own line: cheap, and what a reader needs
            where = f"{first.file.path}:{line}" if line is not None else f"{first.file.path} {first.pointer}"
            h = Hit("/name", f"tool name `{name}` is also used by {len(others)} other contract(s), "
                             f"e.g. {where}",
                    "Give each tool a unique name (namespacing it if several services define it).")
            h.related = [{"file": o.file.path, "line": o.file.locate(o.pointer)[0], "pointer": o.ptr("name"),
                          "tool": name} for o in others[:10]]
            h.subject = c
            yield h
