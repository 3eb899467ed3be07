"""A contract key holds a value of the wrong type or shape.

What it does:
Checks every contract against the contract format's JSON Schema (shipped in the package as
`toolcheck/data/contract.schema.json`, usable by editors): `risk` is one of `read_only`, `write_limited`,
`destructive`; `version` is semver; `requires_confirmation` is a boolean; `parameters` and `returns` are
schema objects; `handler` is `package.module:function`; and so on. It also reports the unknown and missing
keys of TC007 (TC018 in a vendor-format or JSON Lines definition) and TC008, and, in JSON Lines and function arrays, a `source` that is not a string.

Why is this bad?
The host and toolcheck read these values to decide how to run the tool; a `risk: high` or a
`requires_confirmation: "yes"` means the safety policy silently does not apply.

Example:
```yaml
name: delete_file
description: Delete one file from the user's drive.
risk: high
parameters: {type: object, properties: {}}
```

Use instead:
```yaml
name: delete_file
description: Delete one file from the user's drive.
risk: destructive
parameters: {type: object, properties: {}}
```
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from importlib import resources
from typing import Any

from ...contract import PARAMETER_KEYS, Contract
from ...loading.formats import FORMAT_NAMES, VENDOR_KEYS
from ...suggest import did_you_mean
from ..base import Hit, RuleSpec

RULE = RuleSpec("TC009", "invalid-contract-value", scope="contract", emits=("TC007", "TC008", "TC018"))

CONTRACT_KEYS = (
    "name", "description", "parameters", "input_schema", "inputSchema", "title", "version", "risk",
    "idempotency_key", "requires_confirmation", "returns", "outputSchema", "errors", "targets", "handler",
    "handler_call", "annotations", "samples",
)

_MISSING_HELP = {
    "name": "Add `name:` with the tool name the model calls.",
    "description": "Add `description:` saying what the tool does and when the model should call it.",
}


def check(contract: Contract, options: dict[str, Any]) -> Iterator[Hit]:
    data = contract.data
    vendor_input = contract.format != "contract"
    present = [k for k in PARAMETER_KEYS if k in data]
    if not present:
        yield Hit("", f"contract `{contract.display_name}` has no `parameters`",
                  "Add `parameters:` with the JSON Schema of the arguments "
                  "(`{type: object, properties: {}}` for a tool without arguments).", code="TC008")
    elif len(present) > 1:
        yield Hit(f"/{present[1]}", f"both `{present[0]}` and `{present[1]}` are given; they are aliases",
                  "Keep one of them (`parameters` is the canonical name).")
    for err in _validator().errors(data):
        if err.keyword == "required":
            missing = err.extra[0] if err.extra else "?"
            if err.pointer:
                continue  # only the contract's own required keys
            yield Hit("", f"contract `{contract.display_name}` has no `{missing}`",
                      _MISSING_HELP.get(missing, f"Add `{missing}`."), code="TC008")
        elif err.keyword == "additionalProperties":
            for key in err.extra:
                if vendor_input and not err.pointer and key in VENDOR_KEYS.get(contract.format, ()):
                    continue
                where = _known_keys(err.pointer)
                yield Hit(
                    f"{err.pointer}/{_esc(key)}",
                    f"unknown key `{key}`{did_you_mean(key, where)}",
                    "Remove it, fix its spelling, or prefix it with `x-` to keep it as an extension.",
                    code="TC018" if vendor_input else "TC007",
                    fix=None if vendor_input else _rename_fix(data, err.pointer, key, where),
                )
        else:
            yield Hit(err.pointer, f"`{_label(err.pointer)}`: {_nicer(err)}", _value_help(err, contract.format),
                      prefer_key=True)


def _rename_fix(data: dict, pointer: str, key: str, known):
    from ...fixing.contract_fixes import rename_key_fix
    from ...model.pointer import resolve_pointer

    return rename_key_fix(resolve_pointer(data, pointer), f"{pointer}/{_esc(key)}", key, known)


def _esc(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def _label(pointer: str) -> str:
    return pointer.lstrip("/").replace("/", ".") or "contract"


def _known_keys(pointer: str) -> tuple[str, ...]:
    if pointer.startswith("/errors/"):
        return ("code", "retryable", "description")
    if pointer == "/annotations":
        return ("title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")
    return CONTRACT_KEYS


def _nicer(err) -> str:
    last = err.pointer.rsplit("/", 1)[-1]
    if err.keyword == "pattern" and last == "version":
        return "must be a semantic version such as `1.2.0`"
    if err.keyword == "pattern" and last == "handler":
        return "must be `package.module:function`"
    if err.keyword == "enum" and last == "risk":
        return "must be one of `read_only`, `write_limited`, `destructive`"
    if err.keyword == "pattern" and "/targets/" in err.pointer:
        from ...vendors.targets import TARGETS

        names = ", ".join("mcp, mcp@YYYY-MM-DD" if t == "mcp" else t for t in TARGETS)
        return f"is not a target name ({names}, all)"
    return err.message


def _value_help(err, fmt: str = "contract") -> str:
    last = err.pointer.rsplit("/", 1)[-1]
    if fmt != "contract":  # a vendor file holds that vendor's tool objects, not contracts
        if fmt == "function-jsonl":
            return "Fix the value as a function definition holds it (the message says which type)."
        return (f"Fix the value as the {FORMAT_NAMES.get(fmt, fmt)} tool format defines it (the message says which "
                "type).")
    if last == "version":
        return "Write the version as a quoted semver string, e.g. `version: \"1.2.0\"`."
    if last == "risk":
        return "Declare how much the tool changes the world: read_only, write_limited or destructive."
    return "Fix the value to match the contract format (see `toolcheck/data/contract.schema.json`)."


def contract_schema() -> dict:
    """The contract format's JSON Schema, as shipped in ``toolcheck/data/contract.schema.json``."""
    return json.loads(resources.files("toolcheck").joinpath("data/contract.schema.json").read_text("utf-8"))


@cache
def _validator():
    """The validator of one contract (the schema's `contract` definition), compiled once per process."""
    from ...schemaval import compile_schema

    full = contract_schema()
    one = dict(full["$defs"]["contract"])
    one["$defs"] = full["$defs"]
    return compile_schema(one)
