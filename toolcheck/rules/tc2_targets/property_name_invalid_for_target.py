"""A parameter name breaks a target's naming rule.

What it does:
Gemini's legacy `parameters` take parameter names that start with a letter or `_` and hold only letters,
digits and `_`, up to 64 characters. `toolcheck export` does not rename parameters: the host reads them.

Why is this bad?
The declaration is rejected, or the name is rewritten by a client library and the host receives a key it
does not know.

Example:
```yaml
name: get_gift
description: Get one gift by its id.
targets: [gemini]
parameters:
  type: object
  required: [gift-id]
  properties:
    gift-id: {type: string, description: The gift's id.}
```

Use instead:
```yaml
name: get_gift
description: Get one gift by its id.
targets: [gemini]
parameters:
  type: object
  required: [gift_id]
  properties:
    gift_id: {type: string, description: The gift's id.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import TargetFacts, TargetsIndex

RULE = RuleSpec("TC209", "property-name-invalid-for-target", severity="error", scope="contract", index=TargetsIndex,
                fix="none")


def check(facts: TargetFacts, options: dict[str, Any]) -> Iterator[Hit]:
    yield from facts.hits("TC209")
