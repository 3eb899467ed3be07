"""The tool name passes a target's main name rule but not a stricter one that some of its surfaces apply.

What it does:
Checks the tool name against the name rules a target applies only in part (the warning cases of
TC201's tables, `toolcheck.vendors.rules.NAME_RULES`): Anthropic's 64-character limit of older surfaces such
as Claude Desktop remote MCP (ANT-NAME-002; the API takes 128), Gemini's older API versions that allow no
`:` and at most 64 characters (GEM-NAME-002), Bedrock Agents and CloudFormation, which want a letter first
and no `-` (BRK-NAME-003), and MCP's SHOULD-level format from 2025-11-25 on (MCP-NAME-002: letters, digits,
`_`, `-` and `.`, at most 128). A name a target rejects outright is TC201's, and then this rule adds nothing
for that target's family.

Why is this bad?
The request passes on the vendor's main API and fails elsewhere: Gemini 2.5 answered "Invalid function name.
Must start with a letter or an underscore ... with a maximum length of 64" (google-gemini/gemini-cli#6704),
and MCP clients may refuse or rename a tool whose name breaks the spec's format. Whether that matters
depends on where the tool is deployed, so it is a warning; TC201 stays an error for what every surface
rejects.

Example:
```yaml
name: search-gifts
description: Search the gift catalogue by keyword.
targets: [bedrock]
parameters:
  type: object
  properties:
    query: {type: string, description: Words to search for.}
```

Use instead:
```yaml
name: search_gifts
description: Search the gift catalogue by keyword.
targets: [bedrock]
parameters:
  type: object
  properties:
    query: {type: string, description: Words to search for.}
```
"""

from __future__ import annotations

from ..base import RuleSpec

# TC201's check reports it (one pass over the name rules of every target family)
RULE = RuleSpec("TC218", "tool-name-not-portable-for-target", severity="warning", scope="emitted", fix="none")
