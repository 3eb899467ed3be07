"""The schema uses a keyword a target may reject or ignore, where the rejection is not established.

What it does:
Looks up every keyword of every sub-schema in the target's table (`toolcheck.vendors.rules.KEYWORDS`) and
reports the keywords whose fate is uncertain: the warning cases beside TC204's errors. OpenAI strict:
`oneOf` (OAI-KW-002, known from server errors and SDK conversions only), `minLength`/`maxLength`
(OAI-KW-006, unsupported for fine-tuned models only), `prefixItems` (OAI-KW-005b), `$anchor`,
`$dynamicRef`, `contentEncoding`... (OAI-KW-007, openai-node's fail-closed list), a nested `$id`
(OAI-STRICT-012, SDK), `default` (OAI-STRICT-013: accepted on api.openai.com, rejected on Azure), `anyOf`
object branches that start with the same property (OAI-STRICT-008, one observed server error). Anthropic
strict: `exclusiveMinimum`/`exclusiveMaximum` (ANT-STRICT-007, by extension of "numerical constraints such
as"), `contains`, `minContains`, `maxContains`, `unevaluatedItems`, `prefixItems` (ANT-STRICT-009), and
`oneOf`, `not`, `if`/`then`/`else`, `patternProperties`, `propertyNames`, `dependent*`,
`min/maxProperties`, `unevaluatedProperties` (ANT-STRICT-012: in neither of its lists; its SDK turns
`oneOf` into `anyOf` and moves the others into the description). Gemini `parameters`:
`additionalProperties` (GEM-SCH-005: rejected by the Gemini Developer API, accepted by Vertex AI). Gemini
`parametersJsonSchema`: `allOf`, `const`, `definitions`, `patternProperties`, `if`/`then`/`else`,
`dependentSchemas` (GEM-JS-002: outside the documented subset, "may be ignored"). Not reported inside a root
definition (`$defs`, `definitions`) that the tool never references, even indirectly, nor a `const` whose
value the schema's own description states: the model loses nothing there. Most are fixable: `toolcheck
export` drops or rewrites the keyword. Keywords a target documents as rejected are TC204's (errors).

Why is this bad?
Depending on the deployment, model or SDK, the request is refused ("'oneOf' is not permitted") or the
keyword is silently not applied, so the model never sees the constraint. The sources do not settle which,
so it is a warning.

Example:
```yaml
name: rename_gift_list
description: Rename a gift list.
targets: [openai-strict]
parameters:
  type: object
  additionalProperties: false
  required: [list_id, title]
  properties:
    list_id: {type: string, description: The list to rename.}
    title: {type: string, minLength: 1, description: The new title.}
```

Use instead:
```yaml
name: rename_gift_list
description: Rename a gift list.
targets: [openai-strict]
parameters:
  type: object
  additionalProperties: false
  required: [list_id, title]
  properties:
    list_id: {type: string, description: The list to rename.}
    title: {type: string, description: The new title (not empty).}
```

Options:
`rules.TC220.unenforced-keywords` (default false; `rules.TC204.unenforced-keywords` works too): also report,
for `gemini-json-schema`, value constraints (`pattern`, `minLength`, `maxLength`, `multipleOf`,
`exclusiveMinimum`, `uniqueItems`, ...) that Gemini accepts but may not enforce. The schema is sent whole and
the host validates them, so they are silent by default.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, Option, RuleSpec
from .index import TargetFacts, TargetsIndex
from .keyword_not_supported_by_target import outside_unused_defs

RULE = RuleSpec("TC220", "keyword-not-reliably-supported-by-target", severity="warning", scope="contract",
                index=TargetsIndex,
                options={"unenforced-keywords": Option(bool, False, "also report, for `gemini-json-schema`, value "
                                                       "constraints Gemini accepts but may not enforce")},
                fix="none", fixable=True)


def check(facts: TargetFacts, options: dict[str, Any]) -> Iterator[Hit]:
    # a keyword a target may only ignore costs nothing in a definition the tool never uses
    yield from outside_unused_defs(facts.contract, facts.hits("TC220"))
