"""A sample file or recorded call names a tool that no contract defines.

What it does:
Matches each sample file (`samples/<tool>.yaml|json`: the tool is the file name, or the file's `tool:` key)
and each recorded call (`name`, and `source` when several definitions share a name) to a loaded contract.
Reports, once per file and tool name, those that match nothing, with the closest known tool name.

Why is this bad?
Samples for an unknown tool are never replayed: a renamed tool or a typo in a file name silently turns off
the checks they were written for.

Example:
```yaml file=samples/search_doc.yaml
- description: A plain search.
  data: {query: "refund policy"}
  valid: true
```

Use instead:
```yaml file=samples/search_docs.yaml
- description: A plain search.
  data: {query: "refund policy"}
  valid: true
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...suggest import did_you_mean
from ..base import Hit, RuleSpec
from .index import Replay, SampleIndex

RULE = RuleSpec("TC306", "sample-for-unknown-tool", severity="error", scope="samples", index=SampleIndex)


def check(facts: Replay, options: dict[str, Any]) -> Iterator[Hit]:
    known = facts.known_tools
    groups: dict[tuple[int, str], list] = {}
    for o in facts.of("unknown-tool"):
        groups.setdefault((id(o.sample.file), o.sample.tool), []).append(o.sample)
    for (_, tool), group in groups.items():
        first = group[0]
        hint = did_you_mean(tool, known) if tool else ""
        shown = tool if len(tool) <= 64 else tool[:63] + "…"
        if first.kind == "call":
            n = len(group)
            count = f" ({n} recorded calls name it)" if n > 1 else ""
            yield Hit("/name", f"recorded call names tool `{shown}`, which no contract defines{hint}{count}",
                      "Fix the tool name, or add the contract (check the contract paths and `--samples`).",
                      subject=first, prefer_key=False)
        else:
            sf = first.file
            doc = sf.documents[0] if sf.documents else None
            ptr = "/tool" if isinstance(doc, dict) and isinstance(doc.get("tool"), str) else ""
            yield Hit(ptr, f"sample file is for tool `{shown}`, which no contract defines{hint}",
                      "Name the file after the tool (`samples/<tool>.yaml`), set `tool:` in it, or add the "
                      "contract.", subject=sf, prefer_key=False)
