"""A sample marked invalid is accepted by the tool's schema.

What it does:
Replays every invalid sample record (`valid: false`, and recorded calls with `"valid": false`) and reports
those the schema accepts.

Why is this bad?
An invalid sample states a constraint: "a search without a query must be refused". If the schema accepts
it, the constraint is missing from the schema, so neither the model nor a host validating `tool_calls` will
enforce it.

Example:
```yaml file=samples/search_docs.yaml
- description: A search without a query must be refused.
  data: {query: "refunds"}
  valid: false
  expect: {keyword: required, pointer: /query}
```

Use instead:
```yaml file=samples/search_docs.yaml
- description: A search without a query must be refused.
  data: {}
  valid: false
  expect: {keyword: required, pointer: /query}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import Replay, SampleIndex, expect_text, rel_data, what

RULE = RuleSpec("TC302", "invalid-sample-accepted", severity="error", scope="samples", index=SampleIndex)


def check(facts: Replay, options: dict[str, Any]) -> Iterator[Hit]:
    for o in facts.of("accepted"):
        s = o.sample
        exp = f"; it was expected to fail {expect_text(s.expect)}" if s.expect else ""
        yield Hit(
            rel_data(s),
            f"{what(s)} is accepted by the schema{exp}",
            "Add the missing constraint to the schema so it rejects this data, or mark the sample "
            "`valid: true` if the data is acceptable.",
            subject=s,
        )
