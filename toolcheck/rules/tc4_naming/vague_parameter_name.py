"""A parameter with a vague name (`data`, `input`, `params`...) is also shapeless and unexplained.

What it does:
Reports a top-level parameter named `data`, `input`, `params`, `payload`, `info`, `obj`, `args`, `options`,
... whose schema accepts any shape (no `type`, several types, an `object` without `properties`, or an array
of those or of anything) and whose description does not explain it (missing, under four words, or only generic
words such as "The input data"). A string, or an array of strings, has a shape the model cannot get wrong:
`input` of a tool that writes to a process's standard input and `args` of a generic command wrapper are the
right names there, and a missing description is TC407's. `content`, `value`, `body` and `text` are not in the
default list: they are the usual names for a file's content, a form value and a message body. Nested
properties are not checked by default: their parent object usually says what they hold (`Base64Source.data`).

Why is this bad?
Nothing tells the model what to put there, so it invents a shape; nothing rejects the wrong one either, so
the mistake surfaces inside the handler.

Example:
```yaml
name: create_ticket
description: >-
  Open a support ticket for a problem with an order. Use it when the user reports an issue.
parameters:
  type: object
  properties:
    data: {type: object, description: The data.}
```

Use instead:
```yaml
name: create_ticket
description: >-
  Open a support ticket for a problem with an order. Use it when the user reports an issue.
parameters:
  type: object
  properties:
    order_id: {type: string, format: uuid, description: The order the problem concerns.}
    problem: {type: string, description: What happened, in the user's words.}
```

Options:
`rules.TC408.names` (default the list above): the names considered vague (replace the list to change it).
`rules.TC408.nested` (default false): also check properties of nested objects.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from ..base import Hit, Option, RuleSpec
from .index import (
    WORD,
    NamingFacts,
    NamingIndex,
    desc_of,
    label,
    name_words,
    prop_pointer,
    stem,
    types_of,
    word_count,
)

VAGUE_NAMES = ("data", "input", "inputs", "params", "param", "parameters", "payload", "info", "obj", "object", "args",
               "arguments", "kwargs", "opts", "options", "misc", "stuff", "thing", "things", "json", "dict", "blob",
               "extra")
_GENERIC_WORDS = frozenset({"a", "an", "the", "of", "for", "to", "any", "some", "data", "input", "inputs", "value",
                            "values", "object", "dict", "dictionary", "json", "map", "string", "text", "parameter",
                            "parameters", "params", "param", "payload", "info", "information", "args", "arguments",
                            "options", "optional", "required", "additional", "extra", "other", "misc", "request",
                            "tool", "function", "field", "fields", "key", "keys", "with", "and", "or", "in", "this",
                            "is", "be", "pass", "passed", "provide", "provided", "content"})


def _free_form(schema: dict, depth: int = 0) -> bool:
    """True when the schema lets any shape through: no type, several types, an object without properties, an
    array of such (or of anything). A string (of any content) is one shape, and so is an array of strings."""
    if depth > 3 or any(k in schema for k in ("enum", "const", "$ref", "anyOf", "oneOf", "allOf", "not", "if")):
        return False
    types = types_of(schema) - {"null"}
    if not types:
        return not any(k in schema for k in ("properties", "items", "pattern", "format", "minimum", "maximum"))
    if len(types) > 1:
        return True
    t = next(iter(types))
    if t in ("object", "dict"):
        props = schema.get("properties")
        return (not (isinstance(props, dict) and props) and not isinstance(schema.get("additionalProperties"), dict)
                and "patternProperties" not in schema)
    if t == "array":
        items = schema.get("items")
        return not isinstance(items, dict) or _free_form(items, depth + 1)
    return False


def _weak_description(desc: str | None, name: str) -> bool:
    if not desc or word_count(desc) < 4:
        return True
    own = {stem(w) for w in name_words(name)}
    return all(w in _GENERIC_WORDS or stem(w) in own for w in WORD.findall(desc.lower()))

RULE = RuleSpec(
    "TC408", "vague-parameter-name", severity="warning", scope="contract", index=NamingIndex,
    options={
        "names": Option(list, list(VAGUE_NAMES), "the names considered vague (replace the list to change it)",
                        items=str),
        "nested": Option(bool, False, "also check properties of nested objects"),
    },
)


@lru_cache(maxsize=8)
def _vague(names: tuple[str, ...]) -> frozenset[str]:
    return frozenset(v for n in names for v in (n.lower(), n.upper(), n.capitalize(), "_" + n.lower()))


def check(facts: NamingFacts, options: dict[str, Any]) -> Iterator[Hit]:
    if not facts.props:
        return
    vague = _vague(tuple(options["names"]))
    nested = options["nested"]
    for parent, name, s, ppath, _ in facts.props:
        if ppath and not nested:
            continue
        if name not in vague:
            continue
        if not _free_form(s) or not _weak_description(desc_of(s), name):
            continue
        types = types_of(s) - {"null"}
        kind = ("has no type" if not types else
                "is an object without properties" if types & {"object", "dict"} else
                f"accepts any of {'/'.join(sorted(types))}" if len(types) > 1 else "is an array of shapeless items")
        yield Hit(prop_pointer(parent, name),
                  f"parameter `{label(ppath + (name,))}` has a vague name, {kind} and no real description",
                  "Name it after what it holds (`order_id`, `search_query`), give it a precise schema "
                  "(`properties`, `enum`, `format`) and say what goes in it.")

