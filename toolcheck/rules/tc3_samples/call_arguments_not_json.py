"""A recorded call's `arguments` string is not valid JSON.

What it does:
OpenAI-style recorded calls carry `arguments` as a JSON string, exactly as the model produced it. Reports
a string that does not parse ("JSON syntax error at column N"), when the call is expected valid. A call
marked `"valid": false` is expected to be refused, and an unparseable string is refused, so it is not
reported.

Why is this bad?
Models truncate or mangle JSON (a missing brace at the token limit, a trailing comma, NaN). A host must
refuse such a call with a `JSON_SYNTAX_ERROR` the model can act on, never crash or guess; a recorded call
that is meant to be valid but is not JSON usually means the recording is broken.

Example:
```json file=samples/calls/openai.jsonl
{"name": "search_docs", "arguments": "{\\"query\\": \\"refunds\\""}
```

Use instead:
```json file=samples/calls/openai.jsonl
{"name": "search_docs", "arguments": "{\\"query\\": \\"refunds\\"}"}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import Replay, SampleIndex, rel_data, what

RULE = RuleSpec("TC304", "call-arguments-not-json", severity="error", scope="samples", index=SampleIndex)


def check(facts: Replay, options: dict[str, Any]) -> Iterator[Hit]:
    for o in facts.of("not-json"):
        s = o.sample
        yield Hit(
            rel_data(s),
            f"{what(s)}: `arguments` is not JSON: {o.errors[0]['message']}",
            "Record the arguments string exactly as sent, or mark the line `\"valid\": false` if the call is a "
            "deliberately malformed one a host must refuse.",
            subject=s,
            prefer_key=False,
        )
