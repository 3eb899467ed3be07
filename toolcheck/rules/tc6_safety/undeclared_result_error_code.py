"""The error branch of `returns` enumerates a code that `errors` does not declare.

What it does:
In a success/error `returns` union (see TC613), reads the codes the error object allows (`code: {enum: [...]}`
or `code: {const: ...}`) and reports each one that is not the `code` of an entry of `errors` — or all of them
when the tool has no `errors`. Declared errors missing from the enum are not reported (the enum may list
only the codes the result schema is sure of).

Why is this bad?
`errors` is where each code gets its `retryable` flag and its description. A code that only the result schema
knows is returned to the model with no guidance on what to do about it.

Example:
```yaml
name: get_order
description: Get the status and items of one of the user's orders.
risk: read_only
parameters:
  type: object
  required: [order_id]
  properties:
    order_id: {type: string, description: The order's id.}
returns:
  oneOf:
    - type: object
      required: [ok]
      properties:
        ok: {const: true}
    - type: object
      required: [ok, error]
      properties:
        ok: {const: false}
        error:
          type: object
          required: [code, message, retryable]
          properties:
            code: {type: string, enum: [ORDER_NOT_FOUND, ORDER_FORBIDDEN]}
            message: {type: string}
            retryable: {type: boolean}
errors:
  - code: ORDER_NOT_FOUND
    retryable: false
    description: No order has this id.
```

Use instead:
```yaml
name: get_order
description: Get the status and items of one of the user's orders.
risk: read_only
parameters:
  type: object
  required: [order_id]
  properties:
    order_id: {type: string, description: The order's id.}
returns:
  oneOf:
    - type: object
      required: [ok]
      properties:
        ok: {const: true}
    - type: object
      required: [ok, error]
      properties:
        ok: {const: false}
        error:
          type: object
          required: [code, message, retryable]
          properties:
            code: {type: string, enum: [ORDER_NOT_FOUND, ORDER_FORBIDDEN]}
            message: {type: string}
            retryable: {type: boolean}
errors:
  - code: ORDER_NOT_FOUND
    retryable: false
    description: No order has this id.
  - code: ORDER_FORBIDDEN
    retryable: false
    description: The order belongs to another user.
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import SafetyFacts, SafetyIndex, deref, properties, ptr

RULE = RuleSpec("TC614", "undeclared-result-error-code", severity="warning", scope="contract", index=SafetyIndex)


def check(facts: SafetyFacts, options: dict[str, Any]) -> Iterator[Hit]:
    contract = facts.contract
    if not isinstance(contract.returns, dict):
        return
    u = facts.union
    if u is None:
        return
    errs = contract.data.get("errors")
    if "errors" in contract.data and not isinstance(errs, list):
        return  # TC009 reports the shape
    declared = {e["code"].strip() for _, e in facts.error_entries if isinstance(e.get("code"), str)}
    err_key = facts.index.result_options.error_key
    root, key = u["root"], u["key"]
    seen: set[str] = set()
    for branch, brel in u["err"]:
        props = properties(branch)
        if props is None or err_key not in props:
            continue
        err, erel = deref(root, props[err_key], brel + ptr("properties", err_key))
        eprops = properties(err)
        if eprops is None or "code" not in eprops:
            continue
        code_schema, crel = deref(root, eprops["code"], erel + ptr("properties", "code"))
        if not isinstance(code_schema, dict):
            continue
        values: list[tuple[str, str]] = []
        if isinstance(code_schema.get("enum"), list):
            values = [(v, crel + ptr("enum", j)) for j, v in enumerate(code_schema["enum"]) if isinstance(v, str)]
        elif isinstance(code_schema.get("const"), str):
            values = [(code_schema["const"], crel + "/const")]
        for v, rel in values:
            if v in declared or v in seen:
                continue
            seen.add(v)
            msg = (f"error code `{v}` of `{key}` is not declared in `errors`" if "errors" in contract.data
                   else f"error code `{v}` of `{key}` is not declared: the tool has no `errors`")
            yield Hit(ptr(key) + rel, msg,
                      f"Declare it: `errors: [{{code: {v}, retryable: false, description: When it happens and what "
                      "to do.}]` (or remove it from the enum).", prefer_key=False)
