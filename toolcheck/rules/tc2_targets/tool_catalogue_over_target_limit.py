"""A catalogue file lists more tools for a target than one request accepts.

What it does:
Counts the tools of a *catalogue* that each target is sent, against the same limits as TC213: OpenAI 128
tools, Anthropic 20 strict tools, Gemini 512 function declarations. A catalogue is a bare list of vendor-format
definitions (a JSON array of function objects, or of OpenAI, Anthropic or MCP tools or Gemini `Tool`s) or a JSON
Lines file of them (its records grouped by `source`): ToolUniverse and BFCL files, SDK dumps. A host keeps such
a file and may load it in part, so a catalogue over a limit is not proven to be one rejected request: it is this
warning. TC213 (an error) keeps what is sent whole: a request body's `tools`, an MCP `tools/list` result, a
Gemini `Tool`, a project's contracts. The finding points at the first tool over the limit. Split from TC213
under issue 17 (one code, one severity): a config that ignores or re-rates TC213 does not cover TC226.

Opt-in (`--extend-select TC226`): its only finding on the real tool sets (a 156-tool ToolUniverse category file)
was judged debatable twice by judges who did not write it (a registry category is loaded by task, not sent
whole), so it is not measured at the warning bar; select it when your host sends such a file whole.

Why is this bad?
A host that sends the whole file has its request rejected; one that loads the tools by task or on demand must
send at most the limit at a time.

Example:
```json file=contracts/tools.json
[
  {"name": "t01", "description": "Tool 1.", "strict": true, "input_schema": {"type": "object", "additionalProperties": false}},
  {"name": "t02", "description": "Tool 2.", "strict": true, "input_schema": {"type": "object", "additionalProperties": false}},
  {"name": "t03", "description": "Tool 3.", "strict": true, "input_schema": {"type": "object", "additionalProperties": false}},
  {"name": "t04", "description": "Tool 4.", "strict": true, "input_schema": {"type": "object", "additionalProperties": false}},
  {"name": "t05", "description": "Tool 5.", "strict": true, "input_schema": {"type": "object", "additionalProperties": false}},
  {"name": "t06", "description": "Tool 6.", "strict": true, "input_schema": {"type": "object", "additionalProperties": false}},
  {"name": "t07", "description": "Tool 7.", "strict": true, "input_schema": {"type": "object", "additionalProperties": false}},
  {"name": "t08", "description": "Tool 8.", "strict": true, "input_schema": {"type": "object", "additionalProperties": false}},
  {"name": "t09", "description": "Tool 9.", "strict": true, "input_schema": {"type": "object", "additionalProperties": false}},
  {"name": "t10", "description": "Tool 10.", "strict": true, "input_schema": {"type": "object", "additionalProperties": false}},
  {"name": "t11", "description": "Tool 11.", "strict": true, "input_schema": {"type": "object", "additionalProperties": false}},
  {"name": "t12", "description": "Tool 12.", "strict": true, "input_schema": {"type": "object", "additionalProperties": false}},
  {"name": "t13", "description": "Tool 13.", "strict": true, "input_schema": {"type": "object", "additionalProperties": false}},
  {"name": "t14", "description": "Tool 14.", "strict": true, "input_schema": {"type": "object", "additionalProperties": false}},
  {"name": "t15", "description": "Tool 15.", "strict": true, "input_schema": {"type": "object", "additionalProperties": false}},
  {"name": "t16", "description": "Tool 16.", "strict": true, "input_schema": {"type": "object", "additionalProperties": false}},
  {"name": "t17", "description": "Tool 17.", "strict": true, "input_schema": {"type": "object", "additionalProperties": false}},
  {"name": "t18", "description": "Tool 18.", "strict": true, "input_schema": {"type": "object", "additionalProperties": false}},
  {"name": "t19", "description": "Tool 19.", "strict": true, "input_schema": {"type": "object", "additionalProperties": false}},
  {"name": "t20", "description": "Tool 20.", "strict": true, "input_schema": {"type": "object", "additionalProperties": false}},
  {"name": "t21", "description": "Tool 21.", "strict": true, "input_schema": {"type": "object", "additionalProperties": false}}
]
```

Use instead:
```json file=contracts/tools.json
[
  {"name": "t01", "description": "Tool 1.", "strict": true, "input_schema": {"type": "object", "additionalProperties": false}},
  {"name": "t02", "description": "Tool 2.", "input_schema": {"type": "object", "additionalProperties": false}}
]
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import SetFacts, ToolSetIndex, tool_limit_hits

RULE = RuleSpec("TC226", "tool-catalogue-over-target-limit", severity="warning", scope="set", index=ToolSetIndex,
                fix="none", default_enabled=False)


def check(facts: SetFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for tools in facts.sets:
        if tools.catalogue:
            yield from facts.finish(tool_limit_hits(tools, soft=False))
