"""A tool of the old version is gone from the new one.

What it does:
Reports each tool the old contract set defines and the new one does not (matched by name, or by source and
name for corpus-like input), unless it was renamed (TC802). The finding sits on the file that held the tool
(its `tools:` list, or line 1; the path of a deleted file), `related` says where it was, and `data` holds a
witness: a call with arguments the old contract accepted, which now names an unknown tool.

Why is this bad?
Cached plans, prompts with yesterday's tool list and pinned clients still call it, and every such call fails.

Example:
```yaml file=old/tools.yaml
tools:
  - name: search_gifts
    description: Search the gift catalogue by keyword.
    parameters: {type: object, properties: {query: {type: string}}}
  - name: get_gift_details
    description: Get one gift by its id.
    parameters: {type: object, required: [gift_id], properties: {gift_id: {type: string}}}
```
```yaml file=new/tools.yaml
tools:
  - name: search_gifts
    description: Search the gift catalogue by keyword.
    parameters: {type: object, properties: {query: {type: string}}}
```

Use instead:
```yaml file=old/tools.yaml
tools:
  - name: search_gifts
    description: Search the gift catalogue by keyword.
    parameters: {type: object, properties: {query: {type: string}}}
  - name: get_gift_details
    description: Get one gift by its id.
    parameters: {type: object, required: [gift_id], properties: {gift_id: {type: string}}}
```
```yaml file=new/tools.yaml
tools:
  - name: search_gifts
    description: Search the gift catalogue by keyword.
    parameters: {type: object, properties: {query: {type: string}}}
  - name: get_gift_details
    description: "Deprecated: use search_gifts. Get one gift by its id."
    parameters: {type: object, required: [gift_id], properties: {gift_id: {type: string}}}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import EMITS, CompatIndex

RULE = RuleSpec("TC801", "tool-removed", severity="error", scope="set", index=CompatIndex, emits=EMITS)


def check(facts: list[Hit], options: dict[str, Any]) -> Iterator[Hit]:
    """Every hit of the run's comparison, whichever TC8 code is selected (``emits``): TC801's own, those of the
    codes it emits; the engine keeps the selected ones."""
    yield from facts
