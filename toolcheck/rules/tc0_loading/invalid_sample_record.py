"""A sample record or recorded call is malformed.

What it does:
Checks the shape of sample records (`{description?, data, valid: true|false, expect?: {keyword?, pointer?}}`)
in `samples/<tool>.yaml|json` and inline `samples:`, and of recorded calls in `samples/**/*.jsonl`
(`{"name", "arguments"}` or `{"name", "input"}`). Whether the data passes the schema is TC3's job.

Why is this bad?
A record without `valid`, or with a misspelt `data`, is silently not replayed: the test you wrote never runs.

Example:
```yaml file=samples/search_docs.yaml
- description: a normal query
  data: {query: refund policy}
```

Use instead:
```yaml file=samples/search_docs.yaml
- description: a normal query
  data: {query: refund policy}
  valid: true
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC013", "invalid-sample-record", scope="emitted")
