"""More tools are sent to a target than one request accepts.

What it does:
Counts the tools sent to each target in one request: a project's contracts, or the tools of a request
payload (a request body's `tools`, an MCP `tools/list` result, a Gemini `Tool`'s `functionDeclarations`).
OpenAI accepts 128 tools ("array too long. Expected an array with maximum length 128"), Anthropic 20 strict
tools, Gemini 512 function declarations (64 and 128 in older versions, so past 512 every version rejects the
request). The finding points at the first tool over the limit. A catalogue (a bare list or JSON Lines of
definitions, which a host may load in part) over a limit is TC226's warning; OpenAI's advice of fewer than 20
functions is not a limit: that is TC217 (opt-in).

Why is this bad?
The whole request is rejected.

Example:
```yaml
tools:
  - {name: t01, description: Tool one., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
  - {name: t02, description: Tool two., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
  - {name: t03, description: Tool three., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
  - {name: t04, description: Tool four., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
  - {name: t05, description: Tool five., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
  - {name: t06, description: Tool six., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
  - {name: t07, description: Tool seven., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
  - {name: t08, description: Tool eight., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
  - {name: t09, description: Tool nine., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
  - {name: t10, description: Tool ten., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
  - {name: t11, description: Tool eleven., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
  - {name: t12, description: Tool twelve., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
  - {name: t13, description: Tool thirteen., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
  - {name: t14, description: Tool fourteen., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
  - {name: t15, description: Tool fifteen., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
  - {name: t16, description: Tool sixteen., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
  - {name: t17, description: Tool seventeen., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
  - {name: t18, description: Tool eighteen., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
  - {name: t19, description: Tool nineteen., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
  - {name: t20, description: Tool twenty., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
  - {name: t21, description: Tool twenty-one., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
```

Use instead:
```yaml
tools:
  - {name: t01, description: Tool one., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
  - {name: t02, description: Tool two., targets: [anthropic], parameters: {type: object, additionalProperties: false}}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import SetFacts, ToolSetIndex, tool_limit_hits

RULE = RuleSpec("TC213", "too-many-tools-for-target", severity="error", scope="set", index=ToolSetIndex, fix="none")


def check(facts: SetFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for tools in facts.sets:
        if not tools.catalogue:  # (a catalogue's is TC226)
            yield from facts.finish(tool_limit_hits(tools, soft=False))
