"""A contract has no sample at all, valid or invalid.

What it does:
Reports (as `info`) a contract file's tool for which neither a sample file, nor inline `samples:`, nor a
recorded call exists, in a project that keeps samples: at least one other contract of the checked set has
samples (a sample file, inline `samples:` or recorded calls). A project without any samples — contracts just
written by `toolcheck import`, or a team that has not started replaying — is not reported tool by tool: that is
a decision about the whole project, not a gap in one tool. Tools read from JSON Lines of function objects or
vendor-format files (a published corpus, an MCP `tools/list` dump) are not reported either: they are not where
samples are maintained.

Why is this bad?
A schema that is valid JSON Schema can still be wrong: too strict for real calls, or missing the
constraint that matters. Only replaying arguments catches that — one valid call and one call that must
be refused are enough to start.

Example:
```yaml
tools:
  - name: get_doc
    description: Return one page of the product documentation by its id.
    parameters:
      type: object
      required: [id]
      properties:
        id: {type: string, description: Id of the page.}
    samples:
      - {data: {id: "refunds"}, valid: true}
  - name: search_docs
    description: Search the product documentation by keyword and return matching pages.
    parameters:
      type: object
      required: [query]
      properties:
        query: {type: string, description: Words to search for.}
```

Use instead:
```yaml
name: search_docs
description: Search the product documentation by keyword and return matching pages.
parameters:
  type: object
  required: [query]
  properties:
    query: {type: string, description: Words to search for.}
samples:
  - description: A plain search.
    data: {query: "refund policy"}
    valid: true
  - description: A search without a query must be refused.
    data: {}
    valid: false
    expect: {keyword: required, pointer: /query}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from typing import TYPE_CHECKING, Any

from ..base import Hit, Index, RuleSpec

if TYPE_CHECKING:
    from ...contract import Contract


class SampleCoverage(Index):
    """Whether the checked set keeps samples at all (one answer per run and group)."""

    @cached_property
    def keeps_samples(self) -> bool:
        return bool(self.run.samples) or any(c.samples for c in self.run.contracts if c.format == "contract")

    def facts(self, item: Contract) -> tuple[Contract, bool]:
        return item, self.keeps_samples


RULE = RuleSpec("TC307", "tool-without-samples", severity="info", scope="contract", index=SampleCoverage)


def check(facts: tuple[Contract, bool], options: dict[str, Any]) -> Iterator[Hit]:
    contract, keeps_samples = facts
    if contract.format != "contract" or contract.samples or not keeps_samples:
        return
    name = contract.name
    yield Hit(
        "/name" if name else "",
        f"tool `{contract.display_name}` has no samples: its schema is never replayed against real arguments",
        f"Add `samples/{name or '<tool>'}.yaml` (or inline `samples:`) with at least one valid call and one "
        "call the schema must refuse (`valid: false` with `expect`).",
    )
