"""The strings of a contract the model reads, for the TC5 detectors (see the family's docstring for which)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...model.pointer import escape_pointer_token

PROSE_KEYS = ("title", "description", "$comment", "markdownDescription")
LITERAL_KEYS = ("default", "examples", "example", "enum", "const")
SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies")
SCHEMA_ONE = ("additionalProperties", "unevaluatedProperties", "items", "additionalItems", "unevaluatedItems",
              "contains", "propertyNames", "if", "then", "else", "not", "contentSchema")
SCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems", "items")
FIELD = {"enum": "enum value", "examples": "example", "$comment": "comment", "markdownDescription": "description"}
MAX_DEPTH = 128
MAX_NODES = 50_000
MAX_TEXT = 100_000  # characters of one string that are scanned


@dataclass(slots=True)
class Text:
    ptr: Any  # the pointer relative to the contract: a str, or (parent, token) built lazily (see `pointer`)
    text: str
    kind: str  # prose | literal | pattern | name
    field: str  # description, title, default, example, enum value, const, pattern, property name, ...
    section: str  # tool | parameters | returns | error `CODE`
    prop: str | None  # the nearest schema property name (owner and context for the detectors)
    schema: Any  # the schema holding the string (its `format` is context), or None
    key: str | None = None  # inside a literal mapping (`default: {Authorization: ...}`): the nearest key

    @property
    def context(self) -> str | None:
        """The name that says what the string is: the literal mapping key, else the property."""
        return self.key or self.prop

    @property
    def fmt(self) -> str | None:
        f = self.schema.get("format") if isinstance(self.schema, dict) else None
        return f if isinstance(f, str) else None

    @property
    def pointer(self) -> str:
        parts: list[str] = []
        p = self.ptr
        while isinstance(p, tuple):
            p, tok = p
            parts.append(escape_pointer_token(tok))
        return p + "".join("/" + x for x in reversed(parts))

    @property
    def hit_pointer(self) -> str:
        """Where a finding points: a name's own pointer would spell the name (a secret) out, so its parent."""
        if self.kind == "name" and isinstance(self.ptr, tuple):
            return Text(self.ptr[0], "", "", "", self.section, None, None).pointer
        return self.pointer

    @property
    def owner(self) -> str:
        if self.section == "tool":
            return "the tool"
        if self.section.startswith("error"):
            return self.section
        if self.prop is None:
            return f"the {self.section} schema"
        return f"{'parameter' if self.section == 'parameters' else 'return field'} `{self.prop}`"


# A collected string is a tuple (ptr, text, kind, field, section, prop, schema), the fields of `Text`: the
# walk makes ~70,000 of them over a large corpus, and only the few that may hold a leak become `Text` objects.
KEY_CODE = {**{k: 1 for k in PROSE_KEYS}, **{k: 2 for k in LITERAL_KEYS}, "pattern": 3,
             **{k: 4 for k in SCHEMA_MAPS}, **{k: 6 for k in SCHEMA_ONE}, **{k: 5 for k in SCHEMA_LISTS}}
KEY_CODE["items"] = 7  # a schema or a list of schemas


def literal_strings(value: Any, ptr: Any, field: str, section: str, prop: str | None, schema: Any,
                     out: list[tuple], names: list[tuple], budget: list[int]) -> None:
    stack: list[tuple[Any, Any, str | None, int]] = [(value, ptr, None, 0)]
    while stack:
        v, p, key, depth = stack.pop()
        budget[0] -= 1
        if budget[0] < 0 or depth > MAX_DEPTH:
            return
        if isinstance(v, str):
            out.append((p, v, "literal", field, section, prop, schema, key))
        elif isinstance(v, list):
            for i in range(len(v) - 1, -1, -1):
                stack.append((v[i], (p, i), key, depth + 1))
        elif isinstance(v, dict):
            for k, x in v.items():
                if isinstance(k, str):
                    names.append(((p, k), k, "name", field + " key", section, prop, schema, key))
                    stack.append((x, (p, k), k, depth + 1))


def _schema_map(key: str, value: dict, kp: Any, prop: str | None, depth: int, section: str, stack: list,
                names: list[tuple]) -> None:
    """The subschemas of a map of schemas (`properties`, `$defs`, ...); property names are collected too."""
    named = key == "properties" or key == "patternProperties"
    for name, sub in value.items():
        if not isinstance(name, str):
            continue
        sp = (kp, name)
        if named:
            names.append((sp, name, "name", "property name", section, name, None))
            if isinstance(sub, dict):
                stack.append((sub, sp, name, depth + 1))
        elif isinstance(sub, dict):
            stack.append((sub, sp, prop if key == "dependentSchemas" else name, depth + 1))


def schema_strings(schema: Any, base: str, section: str, out: list[tuple], names: list[tuple]) -> None:
    budget = [MAX_NODES]
    stack: list[tuple[Any, Any, str | None, int]] = [(schema, base, None, 0)]
    code_of = KEY_CODE.get
    while stack:
        node, ptr, prop, depth = stack.pop()
        budget[0] -= 1
        if budget[0] < 0:
            return
        for key, value in node.items():
            code = code_of(key)
            if code is None:
                continue
            if code == 1:
                if isinstance(value, str):
                    out.append(((ptr, key), value, "prose", FIELD.get(key, key), section, prop, node))
            elif code == 2:
                if isinstance(value, str):
                    out.append(((ptr, key), value, "literal", FIELD.get(key, key), section, prop, node))
                elif isinstance(value, list | dict):
                    literal_strings(value, (ptr, key), FIELD.get(key, key), section, prop, node, out, names,
                                     budget)
            elif code == 3:
                if isinstance(value, str):
                    out.append(((ptr, key), value, "pattern", "pattern", section, prop, node))
            elif depth >= MAX_DEPTH:
                continue
            elif code == 4:
                if isinstance(value, dict):
                    _schema_map(key, value, (ptr, key), prop, depth, section, stack, names)
            elif isinstance(value, dict):
                if code != 5:
                    stack.append((value, (ptr, key), prop, depth + 1))
            elif isinstance(value, list) and code != 6:
                kp = (ptr, key)
                for i, sub in enumerate(value):
                    if isinstance(sub, dict):
                        stack.append((sub, (kp, i), prop, depth + 1))


def collect_strings(contract) -> tuple[list[tuple], list[tuple]]:
    """The model-visible strings of a contract (prose, literals, patterns) and its property and key names,
    as `Text` field tuples."""
    data = contract.data
    out: list[tuple] = []
    names: list[tuple] = []
    if not isinstance(data, dict):
        return out, names
    for key in ("title", "description"):
        v = data.get(key)
        if isinstance(v, str):
            out.append(("/" + key, v, "prose", f"tool {key}", "tool", None, None))
    ann = data.get("annotations")
    if isinstance(ann, dict) and isinstance(ann.get("title"), str):
        out.append(("/annotations/title", ann["title"], "prose", "annotation title", "tool", None, None))
    errors = data.get("errors")
    if isinstance(errors, list):
        for i, e in enumerate(errors):
            if not isinstance(e, dict):
                continue
            code = e.get("code") if isinstance(e.get("code"), str) else str(i)
            for key in ("description", "message"):
                if isinstance(e.get(key), str):
                    out.append((f"/errors/{i}/{key}", e[key], "prose", key, f"error `{code}`", None, None))
    for key, section in ((contract.parameters_key, "parameters"), (contract.returns_key, "returns")):
        if key and isinstance(data.get(key), dict):
            schema_strings(data[key], "/" + escape_pointer_token(key), section, out, names)
    return out, names

