"""A tool was added.

What it does:
Reports each tool only the new version defines (and that is not a renamed old tool).

Why is this bad?
It is not: nothing breaks. It is reported so that the change is visible in review and counts for the
version of the set; a new tool also changes which tool a model picks for a request.

Example:
```yaml file=old/tools.yaml
tools:
  - name: search_gifts
    description: Search the gift catalogue by keyword.
    parameters: {type: object, properties: {query: {type: string}}}
```
```yaml file=new/tools.yaml
tools:
  - name: search_gifts
    description: Search the gift catalogue by keyword.
    parameters: {type: object, properties: {query: {type: string}}}
  - name: get_product_stock
    description: Get the number of units in stock for one product.
    parameters: {type: object, required: [gift_id], properties: {gift_id: {type: string}}}
```

Use instead:
```yaml file=old/tools.yaml
tools:
  - name: search_gifts
    description: Search the gift catalogue by keyword.
    parameters: {type: object, properties: {query: {type: string}}}
```
```yaml file=new/tools.yaml
tools:
  - name: search_gifts
    description: Search the gift catalogue by keyword.
    parameters: {type: object, properties: {query: {type: string}}}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC820", "tool-added", severity="info", scope="emitted")
