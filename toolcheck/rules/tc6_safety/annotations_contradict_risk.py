"""MCP `annotations` contradict the contract's `risk`.

What it does:
Compares the MCP tool annotations with `risk`: `readOnlyHint: true` with a risk other than `read_only`,
`readOnlyHint: false` with `read_only`, `destructiveHint: true` with `read_only` or `write_limited`, and
`destructiveHint: false` with `destructive`. Each contradicting hint is reported at its own pointer. Hints
left out are not compared (MCP's defaults are cautious).

Why is this bad?
MCP clients decide from the annotations whether to ask the user; toolcheck and your host decide from `risk`.
When they disagree, one of them runs a destructive call unconfirmed.

Example:
```yaml
name: archive_project
description: Move a project and its files to the archive, where they are deleted after 30 days.
risk: write_limited
idempotency_key: request_id
annotations:
  readOnlyHint: true
parameters:
  type: object
  required: [project_id, request_id]
  properties:
    project_id: {type: string, description: The project to archive.}
    request_id: {type: string, description: Unique key reused on every retry.}
```

Use instead:
```yaml
name: archive_project
description: Move a project and its files to the archive, where they are deleted after 30 days.
risk: write_limited
idempotency_key: request_id
annotations:
  readOnlyHint: false
  destructiveHint: false
parameters:
  type: object
  required: [project_id, request_id]
  properties:
    project_id: {type: string, description: The project to archive.}
    request_id: {type: string, description: Unique key reused on every retry.}
errors:
  - code: PROJECT_NOT_FOUND
    retryable: false
    description: No project has this id.
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import SafetyFacts, SafetyIndex

RULE = RuleSpec("TC603", "annotations-contradict-risk", severity="error", scope="contract", index=SafetyIndex)


_HINT_RISK = {
    # (hint, value) -> the risks it contradicts and the risk it implies
    ("readOnlyHint", True): (("write_limited", "destructive"), "read_only"),
    ("readOnlyHint", False): (("read_only",), None),
    ("destructiveHint", True): (("read_only", "write_limited"), "destructive"),
    ("destructiveHint", False): (("destructive",), None),
}


def check(facts: SafetyFacts, options: dict[str, Any]) -> Iterator[Hit]:
    risk = facts.risk
    ann = facts.contract.data.get("annotations")
    if risk is None or not isinstance(ann, dict):
        return
    for hint in ("readOnlyHint", "destructiveHint"):
        value = ann.get(hint)
        if type(value) is not bool:
            continue
        bad, implied = _HINT_RISK[(hint, value)]
        if risk in bad:
            want = implied or "write_limited"
            yield Hit(f"/annotations/{hint}",
                      f"annotation `{hint}: {str(value).lower()}` contradicts `risk: {risk}`",
                      f"Make them agree: either `risk: {want}` or `{hint}: {str(not value).lower()}` "
                      "(whichever is true of the tool).")
