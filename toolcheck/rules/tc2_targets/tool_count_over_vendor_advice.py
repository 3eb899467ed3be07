"""More tools are sent together than a vendor advises.

What it does:
Counts the tools sent to OpenAI together (as TC213 does) and reports a set of more than 20: OpenAI's
function-calling guide says "Aim for fewer than 20 functions at any one time, though this is just a soft
suggestion". One finding per set, at the first tool past 20; a set past the hard limit of 128 is TC213's
error instead (a catalogue file's, TC226's warning). The rule is opt-in (select it with `--extend-select TC217`): servers of 20 to 30 tools are
normal, the host decides what it sends, and judged on published servers most maintainers would not act on
it.

Why is this bad?
The more tools a request carries, the more often a model picks the wrong one; a host that sends a large set
whole may want to group the tools by task or load them on demand.

Example:
```yaml
tools:
  - {name: t01, description: Tool one., targets: [openai], parameters: {type: object}}
  - {name: t02, description: Tool two., targets: [openai], parameters: {type: object}}
  - {name: t03, description: Tool three., targets: [openai], parameters: {type: object}}
  - {name: t04, description: Tool four., targets: [openai], parameters: {type: object}}
  - {name: t05, description: Tool five., targets: [openai], parameters: {type: object}}
  - {name: t06, description: Tool six., targets: [openai], parameters: {type: object}}
  - {name: t07, description: Tool seven., targets: [openai], parameters: {type: object}}
  - {name: t08, description: Tool eight., targets: [openai], parameters: {type: object}}
  - {name: t09, description: Tool nine., targets: [openai], parameters: {type: object}}
  - {name: t10, description: Tool ten., targets: [openai], parameters: {type: object}}
  - {name: t11, description: Tool eleven., targets: [openai], parameters: {type: object}}
  - {name: t12, description: Tool twelve., targets: [openai], parameters: {type: object}}
  - {name: t13, description: Tool thirteen., targets: [openai], parameters: {type: object}}
  - {name: t14, description: Tool fourteen., targets: [openai], parameters: {type: object}}
  - {name: t15, description: Tool fifteen., targets: [openai], parameters: {type: object}}
  - {name: t16, description: Tool sixteen., targets: [openai], parameters: {type: object}}
  - {name: t17, description: Tool seventeen., targets: [openai], parameters: {type: object}}
  - {name: t18, description: Tool eighteen., targets: [openai], parameters: {type: object}}
  - {name: t19, description: Tool nineteen., targets: [openai], parameters: {type: object}}
  - {name: t20, description: Tool twenty., targets: [openai], parameters: {type: object}}
  - {name: t21, description: Tool twenty-one., targets: [openai], parameters: {type: object}}
```

Use instead:
```yaml
tools:
  - {name: t01, description: Tool one., targets: [openai], parameters: {type: object}}
  - {name: t02, description: Tool two., targets: [openai], parameters: {type: object}}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import SetFacts, ToolSetIndex, tool_limit_hits

RULE = RuleSpec("TC217", "tool-count-over-vendor-advice", severity="info", scope="set", index=ToolSetIndex, fix="none",
                default_enabled=False)


def check(facts: SetFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for tools in facts.sets:
        yield from facts.finish(tool_limit_hits(tools, soft=True))
