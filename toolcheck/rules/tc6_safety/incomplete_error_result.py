"""The error branch of a success/error `returns` union lacks `code`, `message` or `retryable`.

What it does:
Recognises a `returns` schema that models the result as a union — `anyOf`/`oneOf` (possibly behind a local
`$ref`) with an `ok: true` branch (`const: true` or `enum: [true]`) and an `ok: false` branch — and checks
the error branch: it must have a required `error` object whose properties include `code` (string),
`message` (string) and `retryable` (boolean), all required. Each gap is reported at the node concerned.

Why is this bad?
The error branch is what the model reads when the call fails. Without a code it cannot branch, without a
message it cannot explain, and without `retryable` it guesses whether to try again — the same reasons
declared `errors` need these fields.

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
      required: [ok, order]
      properties:
        ok: {const: true}
        order: {type: object}
    - type: object
      required: [ok, error]
      properties:
        ok: {const: false}
        error:
          type: object
          required: [message]
          properties:
            message: {type: string}
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
      required: [ok, order]
      properties:
        ok: {const: true}
        order: {type: object}
    - type: object
      required: [ok, error]
      properties:
        ok: {const: false}
        error:
          type: object
          required: [code, message, retryable]
          properties:
            code: {type: string, enum: [ORDER_NOT_FOUND]}
            message: {type: string}
            retryable: {type: boolean}
errors:
  - code: ORDER_NOT_FOUND
    retryable: false
    description: No order of this user has this id.
```

Options:
`rules.TC613.ok-key` (default `ok`) and `error-key` (default `error`): the property names of the union;
`fields` (default `{code: string, message: string, retryable: boolean}`): the fields the error object must
declare and require, with their expected types (a list of names checks presence only).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, Option, RuleSpec
from .index import (
    RESULT_FIELDS,
    SafetyFacts,
    SafetyIndex,
    deref,
    properties,
    ptr,
    required_names,
    schema_types,
    show,
)

RULE = RuleSpec("TC613", "incomplete-error-result", severity="error", scope="contract", index=SafetyIndex, options={
    "ok-key": Option(str, "ok", "the property that tells the union's branches apart (TC614 reads it too)"),
    "error-key": Option(str, "error", "the error object's property in the `ok: false` branch"),
    "fields": Option((dict, list), RESULT_FIELDS, "the fields the error object must declare and require, with "
                     "their types (a list of names checks presence only)", items=str, single=True),
})


_RESULT_SNIPPET = ("`error: {type: object, required: [code, message, retryable], properties: {code: {type: string}, "
                   "message: {type: string}, retryable: {type: boolean}}}`")


def check(facts: SafetyFacts, options: dict[str, Any]) -> Iterator[Hit]:
    # the union and its key names are the index's (TC614 reads the same union)
    contract = facts.contract
    if not isinstance(contract.returns, dict):
        return
    u = facts.union
    if u is None:
        return
    names = facts.index.result_options
    err_key, fields = names.error_key, names.fields
    root, key = u["root"], u["key"]
    top = ptr(key)
    for branch, brel in u["err"]:
        bptr = top + brel
        props = properties(branch)
        if props is None or err_key not in props:
            where = bptr + "/properties" if props is not None else bptr
            yield Hit(where, f"the `ok: false` branch of `{key}` has no `{err_key}` property",
                      f"Add {_RESULT_SNIPPET.replace('`error:', '`' + err_key + ':')} to its `properties` and "
                      f"`{err_key}` to its `required`.")
            continue
        if err_key not in required_names(branch):
            where = bptr + "/required" if isinstance(branch.get("required"), list) else bptr
            yield Hit(where, f"the `ok: false` branch of `{key}` does not require `{err_key}`",
                      f"Add `{err_key}` to the branch's `required`, e.g. `required: [ok, {err_key}]`.")
        err, erel = deref(root, props[err_key], brel + ptr("properties", err_key))
        if not isinstance(err, dict):
            continue
        eptr = top + erel
        eprops = properties(err)
        ereq = required_names(err)
        for fname, ftype in fields.items():
            if eprops is None or fname not in eprops:
                where = eptr + "/properties" if eprops is not None else eptr
                t = f"{{type: {ftype}}}" if ftype else "{...}"
                yield Hit(where, f"`{err_key}` of the `ok: false` branch of `{key}` does not declare `{fname}`",
                          f"Add `{fname}: {t}` to its `properties` and `{fname}` to its `required`.")
                continue
            fschema, frel = deref(root, eprops[fname], erel + ptr("properties", fname))
            types = schema_types(fschema)
            if ftype and types is not None and types != {ftype}:
                yield Hit(top + frel + "/type", f"`{err_key}.{fname}` of `{key}` has type "
                          f"`{show(fschema.get('type'))}`, not `{ftype}`", f"Make it `{fname}: {{type: {ftype}}}`.",
                          prefer_key=False)
            if fname not in ereq:
                where = eptr + "/required" if isinstance(err.get("required"), list) else eptr
                yield Hit(where, f"`{err_key}.{fname}` of `{key}` is not required",
                          f"Add `{fname}` to the error object's `required`, e.g. "
                          f"`required: [{', '.join(dict.fromkeys(ereq + list(fields)))}]`.")
