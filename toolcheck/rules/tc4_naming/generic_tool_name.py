"""The tool name is generic: it does not say what the tool does.

What it does:
Reports tool names such as `func1`, `tool`, `my_tool`, `helper`, `do_stuff`, `test`, `run`, `execute`,
`process`, `handle`, `main` or `function_2`, in any case style (`doStuff`, `My-Tool`). Namespaced names such
as `sql.execute` are not reported: the namespace says what runs.

Why is this bad?
The model sees the name first and often next to dozens of other tools; a generic name makes it rely on the
description alone, and makes call logs and traces unreadable.

Example:
```yaml
name: run
description: >-
  Search the gift catalogue by keyword and return matching gifts. Use it when the user describes a gift idea.
parameters:
  type: object
  properties:
    query: {type: string, description: Words describing the gift.}
```

Use instead:
```yaml
name: search_gifts
description: >-
  Search the gift catalogue by keyword and return matching gifts. Use it when the user describes a gift idea.
parameters:
  type: object
  properties:
    query: {type: string, description: Words describing the gift.}
```

Options:
`rules.TC404.allow` (default `[]`): names to accept anyway.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ..base import Hit, Option, RuleSpec
from .index import name_words

RULE = RuleSpec(
    "TC404", "generic-tool-name", severity="warning", scope="contract",
    options={"allow": Option(list, [], "names to accept anyway", items=str)},
)

_GENERIC_NOUNS = ("func", "fn", "function", "tool", "helper", "util", "utils", "utility", "method", "action", "command",
                  "cmd", "handler", "example", "sample", "demo", "temp", "tmp", "foo", "bar", "baz", "qux", "untitled",
                  "unnamed", "dummy", "placeholder", "noop", "stuff", "thing", "things", "misc", "test", "tests", "api",
                  "operation", "op", "task", "callback", "script", "code")
_GENERIC_VERBS = ("do", "run", "execute", "exec", "process", "handle", "main", "invoke", "perform", "go", "start",
                  "apply", "trigger", "dispatch")
_GENERIC_PREFIXES = ("my", "new", "test", "the")
_GENERIC_NAME = re.compile(
    rf"(?:(?:{'|'.join(_GENERIC_PREFIXES)})_?)?(?:{'|'.join(_GENERIC_NOUNS)})(?:_?(?:tool|func|function|\d+))?"
    rf"|(?:{'|'.join(_GENERIC_VERBS)})(?:_?(?:it|stuff|something|things|this|that|all|\d+))?"
)
_GENERIC_STARTS = frozenset(w[:2] for w in _GENERIC_NOUNS + _GENERIC_VERBS + _GENERIC_PREFIXES)


def check(contract, options: dict[str, Any]) -> Iterator[Hit]:
    name = contract.name
    if not name or len(name) > 24 or name[:2].lower() not in _GENERIC_STARTS or "." in name:
        return
    if _GENERIC_NAME.fullmatch("_".join(name_words(name))) and name not in options["allow"]:
        yield Hit("/name", f"tool name `{name}` is generic", "Name the tool after what it does: a verb and an "
                  "object, such as `search_orders` or `send_invoice`.", prefer_key=False)
