"""Where every vendor rule comes from: one entry per rule id of `vendor-rules.md`, with the URL and date.

The ids are the reference's own (`OAI-STRICT-003`, `ANT-LIM-001`, ...), so a rule can be traced back to the
paragraph, the vendor page, SDK file or server error that states it. A finding's ``url`` is the entry's ``url``.
When a vendor moves a page or a newer source supersedes an entry, edit the entry here; nothing else changes.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Source:
    id: str  # the rule id in vendor-rules.md
    url: str  # the vendor's page, SDK file or the public issue quoting the server error
    date: str  # the date of that source (or of the snapshot that was read)
    section: str  # where vendor-rules.md states it
    summary: str  # the rule in a few words


_OAI_GUIDE = "https://platform.openai.com/docs/guides/structured-outputs#supported-schemas"
_OAI_FC = "https://platform.openai.com/docs/guides/function-calling"
_OAI_FUNC_DEF = "https://github.com/openai/openai-python/blob/main/src/openai/types/shared/function_definition.py"
_OAI_NODE = "https://github.com/openai/openai-node/blob/master/src/lib/transform.ts"
_ANT_TOOLS = "https://platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools"
_ANT_SO = "https://platform.claude.com/docs/en/build-with-claude/structured-outputs"
_ANT_TOOLPARAM = "https://github.com/anthropics/anthropic-sdk-python/blob/main/src/anthropic/types/tool_param.py"
_GEM_TYPES = "https://github.com/googleapis/python-genai/blob/main/google/genai/types.py"
_MCP_TOOLS = "https://modelcontextprotocol.io/specification/{version}/server/tools"
_MCP_SCHEMA = "https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/{version}/schema.json"
_BRK_RT = "https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolSpecification.html"
_BRK_AGENT = "https://docs.aws.amazon.com/bedrock/latest/APIReference/API_agent_ToolSpecification.html"

_ALL = (
    # ------------------------------------------------------------------------------------------ OpenAI
    Source("OAI-NAME-001", _OAI_FUNC_DEF, "2026-08-21", "§1.1", "name matches ^[a-zA-Z0-9_-]+$"),
    Source("OAI-NAME-002", _OAI_FUNC_DEF, "2026-08-21", "§1.1", "name length 1..64"),
    Source("OAI-NAME-003", _OAI_FC, "2025", "§1.1", "function names unique within tools (unverified)"),
    Source("OAI-TOOLS-001", "https://github.com/zed-industries/zed/issues/32946", "2025-06-18", "§1.1",
           "at most 128 entries in tools (server error array_above_max_length)"),
    Source("OAI-TOOLS-002", _OAI_FC, "2026", "§1.1", "soft guidance: fewer than 20 functions at any one time"),
    Source("OAI-DESC-001", "https://github.com/getsentry/sentry-mcp/issues/106", "2025-04-25", "§1.1, §7.3",
           "description at most 1024 characters (version-dependent)"),
    Source("OAI-STRICT-001", _OAI_GUIDE, "2026-04-30", "§1.2", "root schema type must be object"),
    Source("OAI-STRICT-002", _OAI_GUIDE, "2026-04-30", "§1.2", "root must not be a union (anyOf)"),
    Source("OAI-STRICT-003", _OAI_GUIDE, "2026-04-30", "§1.2", "additionalProperties: false on every object"),
    Source("OAI-STRICT-004", _OAI_GUIDE, "2026-04-30", "§1.2", "every property listed in required"),
    # observed only: a server error quoted in a zenn.dev/nicopin scrap (undated); the guide does not state it
    Source("OAI-STRICT-008", _OAI_GUIDE, "undated copy", "§1.2",
           "anyOf object branches must not share identical first keys (observed server error)"),
    Source("OAI-STRICT-009", _OAI_GUIDE, "2026-04-30", "§1.2", "$ref must be local"),
    Source("OAI-STRICT-010", "https://github.com/defog-ai/defog/issues/244", "2026-03-13", "§1.2, §7.2",
           "a $ref must not carry sibling keywords"),
    Source("OAI-STRICT-012", _OAI_NODE, "2026-08-21", "§1.2", "no nested $id"),
    Source("OAI-STRICT-013", "https://github.com/openai/openai-agents-python/issues/4390", "2026-08-13",
           "§1.2, §7.2", "default keyword (deployment-dependent)"),
    Source("OAI-KW-001", _OAI_GUIDE, "2026-04-30", "§1.3",
           "allOf, not, if/then/else, dependentRequired, dependentSchemas not supported"),
    Source("OAI-KW-002", "https://github.com/ai-dynamo/dynamo/issues/15153", "2025", "§1.3, §7.2",
           "oneOf not permitted (use anyOf)"),
    Source("OAI-KW-003", "https://github.com/can1357/oh-my-pi/issues/206", "2026-02-28", "§1.3",
           "format limited to 9 values"),
    Source("OAI-KW-004", _OAI_NODE, "2026-08-21", "§1.3",
           "patternProperties, propertyNames, min/maxProperties, unevaluatedProperties not supported"),
    Source("OAI-KW-005", _OAI_NODE, "2026-08-21", "§1.3",
           "uniqueItems, contains, min/maxContains, unevaluatedItems not supported"),
    Source("OAI-KW-005b", _OAI_NODE, "2026-08-21", "§1.3", "prefixItems (SDKs disagree)"),
    Source("OAI-KW-006", _OAI_GUIDE, "2026-04-30", "§1.3, §7.2", "minLength/maxLength ambiguous"),
    Source("OAI-KW-007", _OAI_NODE, "2026-07-22", "§1.3",
           "$anchor, $dynamicRef, content*, dependencies rejected by the SDK"),
    Source("OAI-LIM-001", _OAI_GUIDE, "2026-04-30", "§1.4, §7.1", "at most 5000 object properties"),
    Source("OAI-LIM-002", "https://github.com/openai/openai-java/issues/732", "2026-04-30", "§1.4, §7.1",
           "at most 10 levels of nesting"),
    Source("OAI-LIM-003", _OAI_GUIDE, "2026-04-30", "§1.4, §7.1",
           "total string length of names, enum and const values at most 120,000"),
    Source("OAI-LIM-004", _OAI_GUIDE, "2026-04-30", "§1.4, §7.1", "at most 1000 enum values in a schema"),
    Source("OAI-LIM-005", _OAI_GUIDE, "2026-04-30", "§1.4, §7.1",
           "a string enum of more than 250 values: total length at most 15,000"),
    # ------------------------------------------------------------------------------------------ Anthropic
    Source("ANT-NAME-001", _ANT_TOOLS, "2026-09-20", "§2.1", "name matches ^[a-zA-Z0-9_-]{1,128}$"),
    Source("ANT-NAME-002", "https://github.com/modelcontextprotocol/typescript-sdk/issues/413", "2025-04-25",
           "§2.1, §7.5", "names over 64 characters rejected by older surfaces"),
    Source("ANT-SCHEMA-001", _ANT_TOOLPARAM, "2026-08-08", "§2.1", "input_schema root type must be object"),
    Source("ANT-SCHEMA-003", "https://github.com/anthropics/claude-code/issues/5319", "2025-08-07",
           "§2.1, §7.6", "no oneOf/allOf/anyOf at the top level of input_schema"),
    Source("ANT-STRICT-001", _ANT_SO, "2026", "§2.2", "additionalProperties must be false"),
    Source("ANT-STRICT-002", _ANT_SO, "2026", "§2.2", "objects should set additionalProperties: false"),
    Source("ANT-STRICT-003", _ANT_SO, "2026", "§2.2", "no recursive schemas"),
    Source("ANT-STRICT-004", _ANT_SO, "2026", "§2.2", "no external $ref"),
    Source("ANT-STRICT-005", _ANT_SO, "2026", "§2.2", "allOf with $ref not supported"),
    Source("ANT-STRICT-006", _ANT_SO, "2026", "§2.2", "enum values must be scalars"),
    Source("ANT-STRICT-007", "https://github.com/agentjido/req_llm/issues/302", "2026", "§2.2",
           "no numerical constraints (minimum, maximum, multipleOf)"),
    Source("ANT-STRICT-008", _ANT_SO, "2026", "§2.2", "no minLength/maxLength"),
    Source("ANT-STRICT-009", _ANT_SO, "2026", "§2.2", "array constraints beyond minItems 0/1 not supported"),
    Source("ANT-STRICT-010", _ANT_SO, "2026", "§2.2", "format limited to 10 values"),
    Source("ANT-STRICT-011", _ANT_SO, "2026", "§2.2", "pattern: no backreferences, lookaround, \\b, large {n,m}"),
    Source("ANT-STRICT-012", _ANT_SO, "2026", "§2.2", "keywords in neither list (oneOf, not, if, ...)"),
    Source("ANT-STRICT-013", _ANT_SO, "2026", "§2.2", "enum/const letter case not guaranteed"),
    Source("ANT-LIM-001", _ANT_SO, "2026", "§2.2", "at most 20 strict tools per request"),
    Source("ANT-LIM-002", _ANT_SO, "2026", "§2.2, §7.6", "at most 24 optional parameters over all strict schemas"),
    Source("ANT-LIM-003", _ANT_SO, "2026", "§2.2, §7.6",
           "at most 16 parameters with anyOf or type arrays over all strict schemas"),
    # ------------------------------------------------------------------------------------------ Gemini
    Source("GEM-NAME-001", _GEM_TYPES, "2026-05-20", "§3.1",
           "name starts with a letter or _, [A-Za-z0-9_.:-], at most 128"),
    Source("GEM-NAME-002", "https://github.com/google-gemini/gemini-cli/issues/6704", "2025-08-21",
           "§3.1, §7.8", "older surfaces: no colon, at most 64"),
    Source("GEM-PARAM-002", _GEM_TYPES, "2026-08-21", "§3.1", "the schema must describe an object"),
    Source("GEM-PARAM-003", _GEM_TYPES, "2026-08-21", "§3.1",
           "parameter names: letter or _ first, [A-Za-z0-9_], at most 64"),
    Source("GEM-TOOLS-001", _GEM_TYPES, "2025-12-17", "§3.1, §7.8", "at most 512 function declarations"),
    Source("GEM-SCH-001", "https://github.com/openswarm-ai/openswarm/issues/24", "2026-05-06", "§3.2",
           "keywords outside the OpenAPI Schema subset are rejected"),
    Source("GEM-SCH-002", "https://github.com/zed-industries/zed/issues/53919", "2026", "§3.2",
           "type must be a single value (use nullable)"),
    Source("GEM-SCH-003", "https://github.com/weave-os/router/issues/65", "2026-05-12", "§3.2",
           "enum values must be strings"),
    Source("GEM-SCH-004", "https://github.com/zed-industries/zed/issues/44875", "2025-12-15", "§3.2",
           "const not accepted (one-value enum instead)"),
    Source("GEM-SCH-005", "https://github.com/ax-llm/ax/issues/293", "2025-07-25", "§3.2, §7.8",
           "additionalProperties rejected by the Gemini Developer API"),
    Source("GEM-SCH-006", "https://github.com/vercel/ai/issues/19000", "2026-08-18", "§3.2",
           "anyOf must be the only field of its node"),
    Source("GEM-SCH-007", "https://github.com/anomalyco/opencode/issues/12295", "2026-02-05", "§3.2",
           "$ref may only carry description and default"),
    Source("GEM-SCH-008", _GEM_TYPES, "2026-08-21", "§3.2", "defs only at the root"),
    Source("GEM-SCH-009", _GEM_TYPES, "2026-08-21", "§3.2", "format values per type"),
    Source("GEM-SCH-011", "https://github.com/UKGovernmentBEIS/inspect_ai/issues/3097", "2026-01-22", "§3.2",
           "missing type (TYPE_UNSPECIFIED) rejected on Gemini 3"),
    Source("GEM-JS-001", _GEM_TYPES, "2026-08-21", "§3.3", "root type object"),
    Source("GEM-JS-002", _GEM_TYPES, "2025-06-13", "§3.3, §7.9", "keywords outside the documented subset"),
    Source("GEM-JS-004", _GEM_TYPES, "2025-06-13", "§3.3, §7.9", "recursion only through non-required properties"),
    Source("GEM-JS-005", _GEM_TYPES, "2025-06-13", "§3.3, §7.9", "$ref may only carry $-keywords"),
    Source("GEM-JS-006", _GEM_TYPES, "2025-06-13", "§3.3, §7.9", "enum values strings or numbers"),
    # ------------------------------------------------------------------------------------------ MCP
    Source("MCP-TOOL-001", _MCP_SCHEMA, "2026-07-28", "§4.1", "name and inputSchema required"),
    Source("MCP-TOOL-002", _MCP_TOOLS, "2026-07-28", "§4.1", "inputSchema type must be object"),
    Source("MCP-TOOL-005", _MCP_SCHEMA, "2025-11-25", "§4.1", "inputSchema properties are objects"),
    Source("MCP-TOOL-006", _MCP_SCHEMA, "2025-11-25", "§4.1, §7.10", "outputSchema root type object (until 2025-11-25)"),
    Source("MCP-TOOL-012", _MCP_TOOLS, "2026-07-28", "§4.1", "x-mcp-header constraints"),
    Source("MCP-NAME-001", _MCP_TOOLS, "2025-11-25", "§4.2", "name SHOULD be 1..128 characters"),
    Source("MCP-NAME-002", _MCP_TOOLS, "2025-11-25", "§4.2", "name SHOULD use only [A-Za-z0-9_.-]"),
    Source("MCP-NAME-003", _MCP_TOOLS, "2025-11-25", "§4.2", "names case-sensitive and unique within a server"),
    # ------------------------------------------------------------------------------------------ Bedrock
    Source("BRK-NAME-001", _BRK_RT, "undated copy", "§5.1", "name length 1..64"),
    Source("BRK-NAME-002", _BRK_RT, "undated copy", "§5.1", "name matches [a-zA-Z0-9_-]+"),
    Source("BRK-NAME-003", _BRK_AGENT, "undated copy", "§5.1",
           "conservative pattern ^[a-zA-Z][a-zA-Z0-9_]*$ (Agents, CloudFormation)"),
)

SOURCES: dict[str, Source] = {s.id: s for s in _ALL}


def url_for(rule_id: str, version: str | None = None) -> str | None:
    """The source URL of a vendor rule id (MCP URLs name the spec version checked)."""
    s = SOURCES.get(rule_id)
    if s is None:
        return None
    return s.url.format(version=version or "2026-07-28") if "{version}" in s.url else s.url
