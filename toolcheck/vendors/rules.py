"""Vendor rules as data: name patterns, limits, keyword tables and format lists of every target.

Every entry names its rule id in `vendor-rules.md` (see :mod:`toolcheck.vendors.sources` for the URL and date),
so a changed limit or a newly supported keyword is a one-line edit here. Severities follow the reference:
``error`` for documented hard requirements and observed rejections, ``warning`` for SHOULD-level, uncertain or
version-dependent rules (the reference's §7).

A keyword entry's ``fix`` says what `toolcheck export` does with the keyword for that target:

- ``drop``      remove it (a constraint only the host's validation still enforces; an annotation is just lost)
- ``anyOf``     rename ``oneOf`` to ``anyOf``
- ``merge``     inline a one-branch ``allOf`` or merge object branches into their parent
- ``enum``      ``const: x`` becomes ``enum: [x]``
- ``example``   ``examples: [x, ...]`` becomes ``example: x`` (the OpenAPI spelling)
- ``$defs``     ``definitions`` become ``$defs`` (or are inlined) and the ``$ref``s follow
- ``inclusive`` an integer's ``exclusiveMinimum: n`` becomes ``minimum: n+1`` (and the same for maximum)
- ``None``      nothing: the export cannot express it
"""

from __future__ import annotations

from dataclasses import dataclass

from .targets import TARGETS, parse_target

__all__ = [
    "LABELS",
    "NameRule", "Limit", "Keyword", "ToolLimit", "NAME_RULES", "DESCRIPTION_LIMITS", "ROOT_OBJECT", "ROOT_UNION",
    "KEYWORDS", "ALLOWED", "DEFAULT_KEYWORD", "FORMATS", "OPENAI_STRICT_LIMITS", "TOOL_LIMITS",
    "STRICT_BUDGETS", "NAME_COLLISION", "FAMILY_LABELS", "ANNOTATIONS", "JSON_TYPES", "target_label",
    "K_ROOT", "K_KEYWORD", "K_VALUE", "K_OPEN", "K_OPTIONAL", "K_REF", "K_PROP", "K_DEPTH", "K_SIZE", "K_ENUM", "K_MCP",
    "K_NAME", "K_EXPORT_DROP", "NARROWER", "EXPORT_NOTES", "kind_for",
]

LABELS = {
    "openai": "OpenAI",
    "openai-strict": "OpenAI strict mode",
    "anthropic": "Anthropic",
    "anthropic-strict": "Anthropic strict tool use",
    "gemini": "Gemini `parameters`",
    "gemini-json-schema": "Gemini `parametersJsonSchema`",
    "mcp": "MCP",
    "bedrock": "Bedrock Converse",
}

FAMILY_LABELS = {"openai": "OpenAI", "anthropic": "Anthropic", "gemini": "Gemini", "mcp": "MCP", "bedrock": "Bedrock"}

# the kinds of problem the analysis and the export file their issues and notes under: the names of the TC2
# rules that report them (toolcheck.rules.tc2_targets)
K_ROOT = "root-not-object"
K_KEYWORD = "keyword-not-supported-by-target"
K_VALUE = "value-not-supported-by-target"
K_OPEN = "strict-mode-open-object"
K_OPTIONAL = "strict-mode-optional-property"
K_REF = "reference-not-supported-by-target"
K_PROP = "property-name-invalid-for-target"
K_DEPTH = "schema-too-deep-for-target"
K_SIZE = "schema-too-large-for-target"
K_ENUM = "enum-too-large"
K_MCP = "mcp-tool-schema-violation"
K_NAME = "tool-name-invalid-for-target"
K_EXPORT_DROP = "constraint-dropped-by-export"  # ship: export: a constraint the export drops or narrows

# One code, one default severity (issue 17). The vendor rules above carry their own severity: ``error`` where
# the target rejects the request, ``warning`` where the rejection is only observed, undocumented, SDK-side or
# deployment-, surface- or version-dependent, or where the target may ignore the keyword. A problem of a kind at
# a severity is reported under the code of the name given here: the error stays its kind's code, each warning
# case is a narrower code of its own (its rule file lists the vendor rules it covers).
NARROWER: dict[tuple[str, str], str] = {
    (K_NAME, "warning"): "tool-name-not-portable-for-target",  # ANT-NAME-002, GEM-NAME-002, MCP-NAME-002, BRK-NAME-003
    (K_ROOT, "warning"): "root-union-not-reliably-supported-by-target",  # ANT-SCHEMA-003
    (K_KEYWORD, "warning"): "keyword-not-reliably-supported-by-target",  # OAI-KW-002/-005b/-006/-007, OAI-STRICT-
    # 008/-012/-013, ANT-STRICT-007 (exclusive*)/-009 (contains...)/-012, GEM-SCH-005, GEM-JS-002
    (K_VALUE, "warning"): "value-not-reliably-supported-by-target",  # ANT-STRICT-010/-011/-013, GEM-SCH-009/-011,
    # GEM-JS-006
    (K_OPEN, "warning"): "strict-mode-additional-properties-unset",  # ANT-STRICT-002
    (K_REF, "warning"): "reference-not-reliably-supported-by-target",  # OAI-STRICT-010 (annotations), GEM-JS-004/-005
}

# ship: export: the export's notes (a constraint it drops or narrows: warning; one it cannot express: error, its
# kind's code) by severity
EXPORT_NOTES: dict[str, str] = {"warning": K_EXPORT_DROP}


def kind_for(kind: str, severity: str) -> str:
    """The name of the rule that reports a problem of ``kind`` found at ``severity`` (see :data:`NARROWER`)."""
    return NARROWER.get((kind, severity), kind)


JSON_TYPES = frozenset(("object", "array", "string", "number", "integer", "boolean", "null"))

# keywords that only describe (never constrain): dropping one loses a hint, not a rule
ANNOTATIONS = frozenset((
    "title", "description", "default", "examples", "example", "$comment", "deprecated", "readOnly", "writeOnly",
    "$schema", "$id", "$anchor", "$dynamicAnchor", "$recursiveAnchor", "contentEncoding", "contentMediaType",
    "propertyOrdering", "$vocabulary",
))


def target_label(spec: str) -> str:
    """The vendor's name for a target spec, e.g. "Anthropic strict tool use" or "MCP 2025-06-18"."""
    base, version = parse_target(spec)
    if base == "mcp":
        return f"MCP {version}"
    return LABELS.get(base, base)


# ----------------------------------------------------------------------------------------------- names

@dataclass(frozen=True)
class NameRule:
    """A tool-name rule: the documented regex is ``pattern`` (characters, first character) plus ``max_len``."""

    rule: str  # vendor-rules.md id
    severity: str
    pattern: str | None = None  # full-match regex (Python syntax) for the characters
    max_len: int | None = None
    allowed: str = ""  # the allowed characters, in words, for messages
    where: str = ""  # for warnings: where the stricter rule still holds
    min_version: str | None = None  # MCP: applies from this spec version on


NAME_RULES: dict[str, tuple[NameRule, ...]] = {
    "openai": (  # ^[a-zA-Z0-9_-]{1,64}$
        NameRule("OAI-NAME-001", "error", r"[a-zA-Z0-9_-]+", None, "letters, digits, `_` and `-`"),
        NameRule("OAI-NAME-002", "error", None, 64),
    ),
    "anthropic": (  # ^[a-zA-Z0-9_-]{1,128}$
        NameRule("ANT-NAME-001", "error", r"[a-zA-Z0-9_-]+", 128, "letters, digits, `_` and `-`"),
        NameRule("ANT-NAME-002", "warning", None, 64, where="on older surfaces (e.g. Claude Desktop remote MCP)"),
    ),
    "gemini": (
        NameRule("GEM-NAME-001", "error", r"[A-Za-z_][A-Za-z0-9_.:-]*", 128,
                 "a letter or `_` first, then letters, digits, `_`, `.`, `:` and `-`"),
        NameRule("GEM-NAME-002", "warning", r"[A-Za-z_][A-Za-z0-9_.-]*", 64,
                 "a letter or `_` first, then letters, digits, `_`, `.` and `-` (no `:`)",
                 where="on older API versions"),
    ),
    "mcp": (  # SHOULD: ^[A-Za-z0-9_.-]{1,128}$
        NameRule("MCP-NAME-002", "warning", r"[A-Za-z0-9_.-]+", 128, "letters, digits, `_`, `-` and `.`",
                 min_version="2025-11-25"),
    ),
    "bedrock": (  # [a-zA-Z0-9_-]+, 1..64
        NameRule("BRK-NAME-002", "error", r"[a-zA-Z0-9_-]+", 64, "letters, digits, `_` and `-`"),
        NameRule("BRK-NAME-003", "warning", r"[a-zA-Z][a-zA-Z0-9_]*", None,
                 "a letter first, then letters, digits and `_` (no `-`)",
                 where="for Bedrock Agents and CloudFormation"),
    ),
}


@dataclass(frozen=True)
class Limit:
    rule: str
    value: int
    severity: str


DESCRIPTION_LIMITS: dict[str, Limit] = {
    "openai": Limit("OAI-DESC-001", 1024, "warning"),  # §7.3: observed 2024-04/2025, reported removed since
}

# ----------------------------------------------------------------------------------------------- root

# target -> (rule, severity): the parameters root must be `type: object`
ROOT_OBJECT: dict[str, tuple[str, str]] = {
    "openai-strict": ("OAI-STRICT-001", "error"),
    "anthropic": ("ANT-SCHEMA-001", "error"),
    "anthropic-strict": ("ANT-SCHEMA-001", "error"),
    "gemini": ("GEM-PARAM-002", "error"),
    "gemini-json-schema": ("GEM-JS-001", "error"),
    "mcp": ("MCP-TOOL-002", "error"),
}
# target -> (rule, severity, keywords): no union at the root
ROOT_UNION: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "openai-strict": ("OAI-STRICT-002", "error", ("anyOf", "oneOf")),
    "anthropic": ("ANT-SCHEMA-003", "warning", ("anyOf", "oneOf", "allOf")),  # §7.6: observed only
    "anthropic-strict": ("ANT-SCHEMA-003", "warning", ("anyOf", "oneOf", "allOf")),
}

# ----------------------------------------------------------------------------------------------- keywords


@dataclass(frozen=True)
class Keyword:
    rule: str
    severity: str
    fix: str | None = "drop"
    report: bool = True  # False: reported only with the TC220 (or TC204) option `unenforced-keywords: true`


def _kw(rule: str, severity: str, fix: str | None, *names: str, report: bool = True) -> dict[str, Keyword]:
    return {n: Keyword(rule, severity, fix, report) for n in names}


KEYWORDS: dict[str, dict[str, Keyword]] = {
    "openai-strict": {
        **_kw("OAI-KW-001", "error", "merge", "allOf"),
        **_kw("OAI-KW-001", "error", "drop", "not", "if", "then", "else", "dependentRequired", "dependentSchemas"),
        **_kw("OAI-KW-002", "warning", "anyOf", "oneOf"),  # §7.2: known from server errors and SDKs only
        **_kw("OAI-KW-004", "error", "drop", "patternProperties", "propertyNames", "minProperties",
              "maxProperties", "unevaluatedProperties"),
        **_kw("OAI-KW-005", "error", "drop", "uniqueItems", "contains", "minContains", "maxContains",
              "unevaluatedItems"),
        **_kw("OAI-KW-005b", "warning", None, "prefixItems"),
        **_kw("OAI-KW-006", "warning", "drop", "minLength", "maxLength"),  # §7.2
        **_kw("OAI-KW-007", "warning", "drop", "$anchor", "$dynamicAnchor", "$dynamicRef", "$recursiveAnchor",
              "$recursiveRef", "contentEncoding", "contentMediaType", "contentSchema", "dependencies"),
        **_kw("OAI-STRICT-013", "warning", "drop", "default"),  # §7.2: deployment-dependent
    },
    "anthropic-strict": {
        **_kw("ANT-STRICT-007", "error", "drop", "minimum", "maximum", "multipleOf"),
        **_kw("ANT-STRICT-007", "warning", "drop", "exclusiveMinimum", "exclusiveMaximum"),
        **_kw("ANT-STRICT-008", "error", "drop", "minLength", "maxLength"),
        **_kw("ANT-STRICT-009", "error", "drop", "maxItems", "uniqueItems"),
        **_kw("ANT-STRICT-009", "warning", "drop", "contains", "minContains", "maxContains", "unevaluatedItems"),
        **_kw("ANT-STRICT-009", "warning", None, "prefixItems"),
        **_kw("ANT-STRICT-012", "warning", "anyOf", "oneOf"),
        **_kw("ANT-STRICT-012", "warning", "drop", "not", "if", "then", "else", "patternProperties",
              "propertyNames", "dependentRequired", "dependentSchemas", "minProperties", "maxProperties",
              "unevaluatedProperties"),
    },
    "gemini": {  # keywords outside ALLOWED["gemini"] (GEM-SCH-001), with the ones the export can rewrite
        **_kw("GEM-SCH-004", "error", "enum", "const"),
        **_kw("GEM-SCH-001", "error", "anyOf", "oneOf"),
        **_kw("GEM-SCH-001", "error", "merge", "allOf"),
        **_kw("GEM-SCH-001", "error", "example", "examples"),
        **_kw("GEM-SCH-001", "error", "inclusive", "exclusiveMinimum", "exclusiveMaximum"),
        **_kw("GEM-SCH-001", "error", "$defs", "definitions"),
        **_kw("GEM-SCH-005", "warning", "drop", "additionalProperties"),  # §7.8: Vertex accepts it
    },
    "gemini-json-schema": {  # keywords outside ALLOWED["gemini-json-schema"] that change what the model sees
        **_kw("GEM-JS-002", "warning", "enum", "const"),
        **_kw("GEM-JS-002", "warning", "merge", "allOf"),
        **_kw("GEM-JS-002", "warning", "$defs", "definitions"),
        **_kw("GEM-JS-002", "warning", None, "patternProperties", "dependentSchemas", "if", "then", "else"),
        # value constraints the host validates anyway: the schema is sent whole, so they are only reported on
        # request (option `unenforced-keywords`)
        **_kw("GEM-JS-002", "warning", None, "pattern", "minLength", "maxLength", "multipleOf", "exclusiveMinimum",
              "exclusiveMaximum", "uniqueItems", "minProperties", "maxProperties", "contains", "minContains",
              "maxContains", "propertyNames", "dependentRequired", "not", "unevaluatedProperties",
              "unevaluatedItems", report=False),
    },
}

# allow-list targets: every keyword outside the list is looked up in KEYWORDS, else DEFAULT_KEYWORD applies
ALLOWED: dict[str, frozenset[str]] = {
    "gemini": frozenset((  # python-genai 2.19.0 types.Schema fields (wire names)
        "type", "format", "title", "description", "nullable", "enum", "example", "default", "items", "minItems",
        "maxItems", "minLength", "maxLength", "pattern", "minimum", "maximum", "properties", "required",
        "minProperties", "maxProperties", "propertyOrdering", "anyOf", "$ref", "$defs",
    )),
}
DEFAULT_KEYWORD: dict[str, Keyword] = {
    "gemini": Keyword("GEM-SCH-001", "error", "drop"),
}

# ----------------------------------------------------------------------------------------------- formats

# target -> (rule, severity, allowed formats, types they apply to (None: any))
FORMATS: dict[str, tuple[str, str, frozenset[str], frozenset[str] | None]] = {
    "openai-strict": ("OAI-KW-003", "error", frozenset((
        "date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid")), None),
    "anthropic-strict": ("ANT-STRICT-010", "warning", frozenset((
        "date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid")), None),
    # Gemini lists number and integer formats exactly; its string list ends in "etc.", so strings are not checked
    "gemini": ("GEM-SCH-009", "warning", frozenset(("float", "double", "int32", "int64", "enum")),
               frozenset(("number", "integer"))),
}

# ----------------------------------------------------------------------------------------------- sizes

OPENAI_STRICT_LIMITS = {
    "properties": Limit("OAI-LIM-001", 5000, "warning"),  # §7.1 (was 100)
    "depth": Limit("OAI-LIM-002", 10, "warning"),  # §7.1 (was 5); object nesting levels, root object = 1
    "string-length": Limit("OAI-LIM-003", 120_000, "warning"),  # §7.1 (was 15,000)
    "enum-values": Limit("OAI-LIM-004", 1000, "warning"),  # §7.1 (was 500)
    "enum-string-length": Limit("OAI-LIM-005", 15_000, "warning"),  # §7.1 (was 7,500); enums of > 250 values
}
OPENAI_LARGE_ENUM = 250


@dataclass(frozen=True)
class ToolLimit:
    rule: str
    targets: tuple[str, ...]  # a tool counts when it is sent to any of them
    max: int
    severity: str
    what: str  # "tools", "strict tools", "function declarations"
    soft: bool = False  # a vendor's advice, not a limit the API enforces


TOOL_LIMITS: tuple[ToolLimit, ...] = (
    ToolLimit("OAI-TOOLS-001", ("openai", "openai-strict"), 128, "error", "tools"),
    ToolLimit("OAI-TOOLS-002", ("openai", "openai-strict"), 20, "info", "functions", soft=True),
    ToolLimit("ANT-LIM-001", ("anthropic-strict",), 20, "error", "strict tools"),
    ToolLimit("GEM-TOOLS-001", ("gemini", "gemini-json-schema"), 512, "error",  # §7.8: 64 -> 128 -> 512: past
              "function declarations"),                                          # 512 every version rejects it
)

# Anthropic strict: sums over all strict schemas of a request. Counting nested properties is unspecified
# (§7.6): top-level properties are counted for the error; counting nested ones too only warns.
STRICT_BUDGETS = {
    "optional": Limit("ANT-LIM-002", 24, "error"),
    "union": Limit("ANT-LIM-003", 16, "error"),
}

# case-insensitive name collisions: target -> (rule, severity)
NAME_COLLISION: dict[str, tuple[str, str]] = {
    "openai": ("OAI-NAME-003", "warning"),
    "openai-strict": ("OAI-NAME-003", "warning"),
    "mcp": ("MCP-NAME-003", "warning"),
}

# Anthropic strict: regex features its pattern engine rejects (ANT-STRICT-011); (regex over the pattern, what)
ANTHROPIC_PATTERN_FEATURES = (
    (r"\\[1-9]", "backreferences"),
    (r"\(\?<?[=!]", "lookaround"),
    (r"\\[bB]", "word boundaries"),
    (r"\{\d{3,}(,\d*)?\}|\{\d*,\d{3,}\}", "large {n,m} ranges"),
)

assert set(LABELS) == set(TARGETS)
