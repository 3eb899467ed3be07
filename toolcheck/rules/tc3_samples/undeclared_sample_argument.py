"""A valid sample or recorded call passes an argument that its schema does not declare.

What it does:
For every valid sample record and recorded call that its schema accepts, reports each argument whose name the
schema does not declare: a key of the arguments object (or of a nested object) that is not in that object
schema's `properties`. Only object schemas that are closed by their `properties` alone are read: a schema that
says more about extra keys (`additionalProperties`, `patternProperties`, `unevaluatedProperties`), or whose
properties come from elsewhere (`$ref`, `allOf`/`anyOf`/`oneOf`, `if`/`then`/`else`, `dependentSchemas`), is
not looked into, nor an object schema without `properties` (a free-form object). Samples marked
`valid: false` are not looked at (they are meant to be wrong). A recorded call whose `arguments` is a JSON
string is reported at its `arguments` key.

Why is this bad?
The schema is all the model knows of the tool: a model never sends an argument the schema does not name, so a
sample or a recorded call that passes one disagrees with the schema. Either the schema forgot a parameter the
tool reads (and every model call leaves it out), or the sample teaches a call the tool does not take — and
JSON Schema's default (`additionalProperties` absent) accepts the key, so no validation catches it. Published
example calls do this: tool examples that pass an `operation` key their schema never declares.

Example:
```yaml
name: search_docs
description: Search the product documentation by keyword and return matching pages.
risk: read_only
parameters:
  type: object
  required: [query]
  properties:
    query: {type: string, description: Words to search for.}
samples:
  - description: A search limited to the first five pages.
    data: {query: "refund policy", max_results: 5}
    valid: true
```

Use instead:
```yaml
name: search_docs
description: Search the product documentation by keyword and return matching pages.
risk: read_only
parameters:
  type: object
  required: [query]
  properties:
    query: {type: string, description: Words to search for.}
    max_results: {type: integer, minimum: 1, maximum: 50, description: How many pages to return at most.}
samples:
  - description: A search limited to the first five pages.
    data: {query: "refund policy", max_results: 5}
    valid: true
```

Options:
`rules.TC308.ignore-names` (default `[]`): argument names never reported, at any depth (e.g. a routing or
tracing key that your host adds to every call).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...host import display_name, parse_arguments
from ...model.pointer import join_pointer
from ..base import Hit, Option, RuleSpec
from .index import Replay, SampleIndex, rel_data, what

RULE = RuleSpec(
    "TC308", "undeclared-sample-argument", severity="warning", scope="samples", index=SampleIndex, fix="none",
    options={
        "ignore-names": Option(list, [], "argument names never reported (a key the host adds to every call)",
                               items=str, single=True),
    },
)

# keywords that say more about an object's keys than its `properties`: such a schema is not looked into
_OPEN = ("additionalProperties", "patternProperties", "unevaluatedProperties", "$ref", "$dynamicRef", "allOf",
         "anyOf", "oneOf", "if", "then", "else", "dependentSchemas")
_MAX_DEPTH = 32


def _closed_properties(schema: Any) -> dict[str, Any] | None:
    """The `properties` of an object schema that declares its keys by them alone, else None."""
    if not isinstance(schema, dict) or any(k in schema for k in _OPEN):
        return None
    t = schema.get("type")
    if t is not None and t != "object" and not (isinstance(t, list) and "object" in t):
        return None
    props = schema.get("properties")
    return props if isinstance(props, dict) else None


def undeclared(schema: Any, data: Any, pointer: str = "", depth: int = 0) -> Iterator[str]:
    """Pointers (into ``data``) of the keys no `properties` declares, in the order of the data."""
    if depth > _MAX_DEPTH or not isinstance(data, dict):
        return
    props = _closed_properties(schema)
    if props is None:
        return
    for key, value in data.items():
        here = join_pointer(pointer, str(key))
        if key not in props:
            yield here
            continue
        sub = props[key]
        if isinstance(value, dict):
            yield from undeclared(sub, value, here, depth + 1)
        elif isinstance(value, list) and isinstance(sub, dict) and not any(k in sub for k in _OPEN):
            items = sub.get("items")
            if isinstance(items, dict):
                for i, item in enumerate(value):
                    yield from undeclared(items, item, join_pointer(here, i), depth + 1)


def check(facts: Replay, options: dict[str, Any]) -> Iterator[Hit]:
    ignore = set(options["ignore-names"])
    for o in facts.of("ok"):
        s = o.sample
        if not s.valid or s.contract is None:
            continue
        data = s.data
        if s.arguments_text is not None:
            data, err = parse_arguments(s.arguments_text)
            if err is not None:
                continue
        key = s.contract.parameters_key or "parameters"
        for ptr in undeclared(s.contract.parameters, data):
            name = ptr.rsplit("/", 1)[-1].replace("~1", "/").replace("~0", "~")
            if name in ignore:
                continue
            yield Hit(
                rel_data(s) + (ptr if s.arguments_text is None else ""),
                f"{what(s)} passes `{display_name(ptr, data)}`, which `{key}` does not declare",
                f"Declare `{name}` in the schema's `properties` (with its type and a description) if the tool "
                "takes it: a model never sends an argument the schema does not name. Otherwise remove it from "
                "the sample.",
                subject=s,
                data={"pointer": ptr, "property": name},
            )
