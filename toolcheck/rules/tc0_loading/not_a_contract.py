"""The file's document is not a contract (or a list of them).

What it does:
Reports a contract file whose top level is a scalar or a list of non-contracts, a `tools:` that is not a
list, and files with several YAML documents (only the first is read). In vendor formats: Gemini
`functionDeclarations` that are not a list (a number, a string, one object instead of a list of them), and a
vendor-format file (or JSON Lines record) that yields no tool at all (`{"result": {"tools": []}}`), which
would otherwise pass as "0 tools".

Why is this bad?
Nothing in such a file is checked, and the host that loads it gets something it does not expect.

Example:
```yaml
- search_gifts
- find_gifts
```

Use instead:
```yaml
tools:
  - name: search_gifts
    description: Search the gift catalogue by keyword.
    parameters: {type: object, properties: {}}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC006", "not-a-contract", scope="emitted")
