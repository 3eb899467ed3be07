"""A tool definition in a vendor format (or a JSON Lines function record) has a key that format does not define.

What it does:
Reports the keys of an OpenAI, Anthropic, Gemini or MCP tool object, or of a function record in JSON Lines,
that neither toolcheck's contract format nor that vendor's format defines, with the closest known key
suggested. Formerly TC007's info case: TC007 keeps toolcheck contracts, where an unknown key is an error.
Keys starting with `x-` are free extensions, a vendor format's own keys are accepted, and `source` is metadata.

Why is this bad?
A vendor file is often an export or a catalogue that carries its own bookkeeping keys (`category`, `tags`):
the vendor ignores them and so does the model, which is why this is only information. A misspelt key
(`descripton`) is still silently dropped, and there is no contract file to fix automatically.

Example:
```json file=contracts/tools.jsonl
{"name": "get_forecast", "description": "Get the weather forecast for a city.", "category": "weather", "parameters": {"type": "object", "properties": {}}}
```

Use instead:
```json file=contracts/tools.jsonl
{"name": "get_forecast", "description": "Get the weather forecast for a city.", "x-category": "weather", "parameters": {"type": "object", "properties": {}}}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC018", "unknown-key-in-vendor-definition", severity="info", scope="emitted")
