"""An invalid sample is rejected, but not for the reason its `expect` states.

What it does:
For an invalid sample with `expect: {keyword, pointer}`, checks that at least one of the schema's errors
has that keyword and/or that instance pointer (for `required`, the missing property's would-be location,
e.g. `/ticket_id`; for an unexpected property, the property's location). Reports the expected and the
actual reasons.

Why is this bad?
A sample that fails for another reason proves nothing about the constraint it was written for: a
"missing query" sample that fails only because `limit` is a string would keep passing after someone drops
`query` from `required`.

Example:
```yaml file=samples/search_docs.yaml
- description: A search without a query must be refused.
  data: {query: 42}
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
from .index import Replay, SampleIndex, expect_text, keyword_hint, what, where

RULE = RuleSpec("TC303", "sample-rejected-for-another-reason", severity="error", scope="samples", index=SampleIndex)


def check(facts: Replay, options: dict[str, Any]) -> Iterator[Hit]:
    for o in facts.of("wrong-reason"):
        s = o.sample
        actual = "; ".join(f"`{e['keyword']}` at {where(e['pointer'])} ({e['message']})" for e in o.errors[:3])
        if len(o.errors) > 3:
            actual += f" (and {len(o.errors) - 3} more)"
        yield Hit(
            "/expect",
            f"{what(s)} is expected to fail {expect_text(s.expect)}, "
            f"but the schema rejects it with {actual}{keyword_hint(s.expect)}",
            "Change the data so it fails only for the stated reason, correct `expect`, or add the constraint "
            "the sample expects to the schema.",
            subject=s,
            data={"expected": s.expect, "actual": [{"pointer": e["pointer"], "keyword": e["keyword"]}
                                                   for e in o.errors]},
        )
