"""A valid sample's or recorded call's arguments are not a JSON object.

What it does:
Reports a valid sample whose `data`, or a recorded call whose `arguments`/`input`, is an array, a string, a
number, a boolean or null. Detects arguments encoded as JSON twice (a string holding a JSON object).

Why is this bad?
Every model API and MCP sends tool arguments as one JSON object of named parameters; anything else is
refused by the host (and by `toolcheck check-args`) whatever the schema says.

Example:
```json file=samples/calls/anthropic.jsonl
{"name": "search_docs", "input": ["refunds"]}
```

Use instead:
```json file=samples/calls/anthropic.jsonl
{"name": "search_docs", "input": {"query": "refunds"}}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...host import got, parse_arguments
from ..base import Hit, RuleSpec
from .index import Replay, SampleIndex, rel_data, what

RULE = RuleSpec("TC305", "arguments-not-object", severity="error", scope="samples", index=SampleIndex)


def check(facts: Replay, options: dict[str, Any]) -> Iterator[Hit]:
    for o in facts.of("not-object"):
        s = o.sample
        msg = f"{what(s)}: arguments must be an object, got {got(s.data)}"
        help = "Write the arguments as one object of named parameters, e.g. `{\"query\": \"...\"}`."
        if isinstance(s.data, str):
            inner, err = parse_arguments(s.data)
            if err is None and isinstance(inner, dict):
                msg = f"{what(s)}: arguments are a string holding JSON (encoded twice), not an object"
                help = "Decode the arguments once: the value must be the object itself, not a JSON string of it."
        yield Hit(rel_data(s), msg, help, subject=s, prefer_key=False)
