"""TC1's tables: the JSON Schema dialects and their keywords, type names and their likely meanings, formats,
and where subschemas sit (walked in every dialect: a superset is harmless and catches cross-dialect mistakes)."""

from __future__ import annotations

import re
from typing import Any

# ------------------------------------------------------------------------------------------------ dialects

D2020, D2019, D7, D6, D4 = "2020-12", "2019-09", "draft-07", "draft-06", "draft-04"

DIALECT_LABEL = {D2020: "draft 2020-12", D2019: "draft 2019-09", D7: "draft-07", D6: "draft-06", D4: "draft-04"}
CANONICAL_URI = {
    D2020: "https://json-schema.org/draft/2020-12/schema",
    D2019: "https://json-schema.org/draft/2019-09/schema",
    D7: "http://json-schema.org/draft-07/schema#",
    D6: "http://json-schema.org/draft-06/schema#",
    D4: "http://json-schema.org/draft-04/schema#",
}
# `$schema` spellings, without scheme and trailing `#` (http/https and an empty fragment are all accepted, as the
# validators accept them). `json-schema.org/schema` is the "latest" alias: treated as 2020-12.
URI_DIALECT = {
    "json-schema.org/draft/2020-12/schema": D2020,
    "json-schema.org/draft/2019-09/schema": D2019,
    "json-schema.org/draft-07/schema": D7,
    "json-schema.org/draft-06/schema": D6,
    "json-schema.org/draft-04/schema": D4,
    "json-schema.org/schema": D2020,
}

_K04 = frozenset((
    "id", "$schema", "$ref", "title", "description", "default", "multipleOf", "maximum", "exclusiveMaximum",
    "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern", "additionalItems", "items", "maxItems",
    "minItems", "uniqueItems", "maxProperties", "minProperties", "required", "additionalProperties", "definitions",
    "properties", "patternProperties", "dependencies", "enum", "type", "format", "allOf", "anyOf", "oneOf", "not",
))
_K06 = (_K04 - {"id"}) | {"$id", "const", "contains", "propertyNames", "examples"}
_K07 = _K06 | {"$comment", "if", "then", "else", "readOnly", "writeOnly", "contentMediaType", "contentEncoding"}
_K2019 = _K07 | {
    "$anchor", "$recursiveRef", "$recursiveAnchor", "$vocabulary", "$defs", "unevaluatedItems",
    "unevaluatedProperties", "dependentSchemas", "dependentRequired", "maxContains", "minContains", "deprecated",
    "contentSchema",
}
_K2020 = (_K2019 - {"additionalItems"}) | {"$dynamicRef", "$dynamicAnchor", "prefixItems"}
KEYWORDS = {D4: _K04, D6: frozenset(_K06), D7: frozenset(_K07), D2019: frozenset(_K2019), D2020: frozenset(_K2020)}
ALL_KEYWORDS = frozenset().union(*KEYWORDS.values())

# Where a keyword appeared or went, for "not a <dialect> keyword" messages.
KEYWORD_HISTORY = {
    "const": "added in draft-06", "contains": "added in draft-06", "propertyNames": "added in draft-06",
    "examples": "added in draft-06", "$id": "added in draft-06 (draft-04 spells it `id`)",
    "if": "added in draft-07", "then": "added in draft-07", "else": "added in draft-07",
    "$defs": "added in 2019-09", "dependentRequired": "added in 2019-09 (replaces `dependencies`)",
    "dependentSchemas": "added in 2019-09 (replaces `dependencies`)", "unevaluatedProperties": "added in 2019-09",
    "unevaluatedItems": "added in 2019-09", "minContains": "added in 2019-09", "maxContains": "added in 2019-09",
    "prefixItems": "added in 2020-12 (earlier drafts use an array under `items`)",
    "additionalItems": "removed in 2020-12 (use `items` after `prefixItems`)",
    "$dynamicRef": "added in 2020-12", "$dynamicAnchor": "added in 2020-12",
    "$recursiveRef": "only in 2019-09", "$recursiveAnchor": "only in 2019-09",
}

# Never reported anywhere: annotations, and vendor annotations that carry no validation meaning.
ACCEPTED_ANNOTATIONS = frozenset((
    "title", "description", "default", "examples", "$comment", "deprecated", "readOnly", "writeOnly", "$schema",
    "$id", "$anchor", "$defs", "definitions", "$vocabulary", "$dynamicAnchor", "$recursiveAnchor",
    "example", "discriminator", "propertyOrdering", "externalDocs", "xml", "enumNames", "enumDescriptions",
    "markdownDescription", "markdownEnumDescriptions",
))

# Non-keywords that mean a real keyword (lower-cased keys).
NONKEYWORD_HINTS = {
    "min": "minimum", "max": "maximum", "minvalue": "minimum", "maxvalue": "maximum", "min_value": "minimum",
    "max_value": "maximum", "regex": "pattern", "values": "enum", "options": "enum", "choices": "enum",
    "allowed_values": "enum", "allowedvalues": "enum", "enumvalues": "enum", "enum_values": "enum",
    "item": "items", "desc": "description", "defaultvalue": "default", "default_value": "default",
    "additional_properties": "additionalProperties", "min_length": "minLength", "max_length": "maxLength",
    "min_items": "minItems", "max_items": "maxItems", "minlen": "minLength", "maxlen": "maxLength",
    "mandatory": "required", "is_required": "required", "isrequired": "required", "requires": "required",
    "props": "properties", "fields": "properties", "types": "type", "pattern_properties": "patternProperties",
    "unique_items": "uniqueItems", "multiple_of": "multipleOf", "one_of": "oneOf", "any_of": "anyOf",
    "all_of": "allOf",
}

JSON_TYPES = frozenset(("array", "boolean", "integer", "null", "number", "object", "string"))

# Suggested replacement for a type name that is not a JSON Schema type (keys lower-cased). None: omit `type`.
TYPE_SUGGEST: dict[str, str | None] = {
    **dict.fromkeys(("dict", "map", "hashmap", "struct", "record", "json", "jsonobject", "mapping", "hash",
                     "dictionary", "obj", "treemap", "linkedhashmap", "kwargs"), "object"),
    **dict.fromkeys(("float", "double", "decimal", "real", "numeric", "float32", "float64", "num", "bigdecimal"),
                    "number"),
    **dict.fromkeys(("int", "long", "short", "int32", "int64", "uint", "bigint", "byte", "uint32", "uint64",
                     "biginteger", "int8", "int16"), "integer"),
    **dict.fromkeys(("str", "text", "char", "character", "varchar", "uuid", "date", "datetime", "time", "url",
                     "uri", "email", "path", "bytes"), "string"),
    **dict.fromkeys(("bool",), "boolean"),
    **dict.fromkeys(("list", "tuple", "arraylist", "set", "sequence", "vector", "seq", "collection", "iterable",
                     "linkedlist", "hashset"), "array"),
    **dict.fromkeys(("none", "nonetype", "nil", "void"), "null"),
    **dict.fromkeys(("any", "mixed", "all", "*", "unknown", "anytype", "object|null"), None),
}
TYPE_FORMAT_HINT = {"date": "date", "datetime": "date-time", "time": "time", "uuid": "uuid", "url": "uri",
                     "uri": "uri", "email": "email"}

FORMATS_2020 = frozenset((
    "date-time", "date", "time", "duration", "email", "idn-email", "hostname", "idn-hostname", "ipv4", "ipv6",
    "uri", "uri-reference", "iri", "iri-reference", "uuid", "uri-template", "json-pointer",
    "relative-json-pointer", "regex",
))
# OpenAPI / Gemini formats: meaningful to some consumers, checked by no JSON Schema validator -> info.
VENDOR_FORMATS = frozenset(("int32", "int64", "float", "double", "byte", "binary", "password", "enum"))
FORMAT_ALIASES = {
    "datetime": "date-time", "date_time": "date-time", "timestamp": "date-time", "iso8601": "date-time",
    "iso-8601": "date-time", "url": "uri", "link": "uri", "e-mail": "email", "mail": "email",
    "ip-address": "ipv4", "ip": "ipv4", "ipv4-address": "ipv4", "ipv6-address": "ipv6", "host-name": "hostname",
    "host": "hostname", "guid": "uuid", "regexp": "regex", "json_pointer": "json-pointer",
}
MEDIA_FORMATS = {"json": "application/json", "xml": "application/xml", "yaml": "application/yaml",
                  "html": "text/html", "csv": "text/csv", "markdown": "text/markdown"}

# Subschema positions (walked in every dialect: a superset is harmless and catches cross-dialect mistakes).
SUB_ONE = frozenset((
    "additionalProperties", "additionalItems", "items", "contains", "propertyNames", "not", "if", "then", "else",
    "unevaluatedItems", "unevaluatedProperties", "contentSchema",
))
SUB_LIST = frozenset(("allOf", "anyOf", "oneOf", "prefixItems", "items"))
SUB_MAP = frozenset(("properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"))
# Keywords after which an object's properties may be defined elsewhere: `required` is not checked against
# `properties` when one of these is present.
COMPOSITION = frozenset((
    "allOf", "anyOf", "oneOf", "$ref", "$dynamicRef", "$recursiveRef", "if", "then", "else", "dependentSchemas",
    "dependencies", "not",
))

MAX_NODES = 20_000  # subschemas per schema; the loader's limits keep real files far below
MAX_DEPTH = 256  # path tokens

CONTRA_KEYS = frozenset((
    "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "minItems", "maxItems",
    "minProperties", "maxProperties", "minContains", "maxContains", "not", "allOf",
))
MIN_MAX = (("minLength", "maxLength", "string"), ("minItems", "maxItems", "array"),
           ("minProperties", "maxProperties", "object"), ("minContains", "maxContains", "array"))
APPLIES = {"string": "string", "array": "array", "object": "object"}  # the JSON type each pair constrains
NODE_KEYS = CONTRA_KEYS | {
    "type", "required", "enum", "const", "default", "example", "examples", "pattern", "patternProperties", "format",
}
WALK_KEYS = SUB_ONE | SUB_LIST | SUB_MAP | {"$ref", "$anchor", "$dynamicAnchor", "$id", "id"}

ANNOTATION_KW = frozenset(("title", "description", "default", "examples", "$comment", "deprecated", "readOnly",
                           "writeOnly", "$id", "$anchor", "$schema", "$defs", "definitions"))


# Keywords the quick validator evaluates (:func:`._values.quick`); a schema using another goes to the engine.
QUICK_HANDLED = frozenset((
    "type", "enum", "const", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
    "minLength", "maxLength", "minItems", "maxItems", "uniqueItems", "items", "minProperties", "maxProperties",
    "required", "properties", "additionalProperties", "format",
))
QUICK_OK = QUICK_HANDLED | ANNOTATION_KW


def dialect_of(schema: Any) -> tuple[str, str | None]:
    """(dialect, problem): the dialect a schema declares; problem is None when `$schema` is absent or known."""
    uri = schema.get("$schema") if isinstance(schema, dict) else None
    if uri is None or not isinstance(uri, str):
        return D2020, None
    key = re.sub(r"^https?://", "", uri.strip()).rstrip("#")
    d = URI_DIALECT.get(key)
    if d is not None and uri.strip().startswith(("http://", "https://")):
        return d, None
    return D2020, uri

