"""A sample or recorded call marked valid is rejected by the tool's schema.

What it does:
Replays every valid sample record (`valid: true`) and every recorded call (`samples/**/*.jsonl`, valid
unless the line says `"valid": false`) against its contract's `parameters`, with the validator a host
would use: no type coercion (`"10"` is not an integer), arguments must be an object. Each error is
reported at the offending value inside the sample file, with a message naming the property and the
constraint.

Why is this bad?
A valid sample is a call the tool must accept — often a real call a model made. If the schema rejects it,
either the schema is wrong (a host validating `tool_calls` will bounce good calls) or the sample is.

Example:
```yaml file=samples/search_docs.yaml
- description: A plain search.
  data: {query: 42}
  valid: true
```

Use instead:
```yaml file=samples/search_docs.yaml
- description: A plain search.
  data: {query: "refund policy"}
  valid: true
```

Options:
`rules.TC301.max-errors` (default 5): errors reported per sample; the last one says how many more there are.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, Option, RuleSpec
from .index import Replay, SampleIndex, rel_error, what

RULE = RuleSpec("TC301", "valid-sample-rejected", severity="error", scope="samples", index=SampleIndex, options={
    "max-errors": Option(int, 5, "errors reported per sample; the last one says how many more there are", min=1),
})


def check(facts: Replay, options: dict[str, Any]) -> Iterator[Hit]:
    limit = options["max-errors"]
    for o in facts.of("rejected"):
        s = o.sample
        shown = o.errors[:limit]
        for i, e in enumerate(shown):
            more = len(o.errors) - len(shown)
            tail = f" (and {more} more error{'s' if more != 1 else ''} in this sample)" if more and i == len(shown) - 1 else ""
            yield Hit(
                rel_error(s, e),
                f"{what(s)} is rejected by the schema: {e['message']}{tail}",
                "Fix the sample's data, or the schema if the data is right (a valid sample is a call the tool "
                "must accept). If the call is meant to fail, mark it `valid: false`.",
                subject=s,
                data={"pointer": e["pointer"], "keyword": e["keyword"]},
                prefer_key=False,
            )
