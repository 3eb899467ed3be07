"""The schema transform of the export: one walk over a contract's parameters that rewrites them into what a
target accepts (see :mod:`toolcheck.vendors.transforms` for the transforms, in words), with a :class:`Note` for
every change of meaning, located in the contract.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..model.pointer import join_pointer
from .rules import (
    ALLOWED,
    ANNOTATIONS,
    DEFAULT_KEYWORD,
    FORMATS,
    K_KEYWORD,
    K_MCP,
    K_OPEN,
    K_OPTIONAL,
    K_REF,
    K_ROOT,
    K_VALUE,
    KEYWORDS,
    ROOT_OBJECT,
    ROOT_UNION,
    target_label,
)
from .schemas import (
    LIST_KEYS,
    MAP_KEYS,
    MAX_DEPTH,
    SUB_KEYS,
    Refs,
    allows_null,
    is_object,
    ref_target,
    resolve,
    short,
    types_of,
)
from .shapes import (
    Copier,
    branch_property_names,
    distributable,
    has_ref,
    infer_type,
    make_nullable,
    merge_allof,
    merge_ref,
    num_str,
    pattern_features,
    push_into,
    root_union_droppable,
    str_or_num,
)
from .targets import is_strict

IN_PLACE = frozenset(("anyOf", "oneOf", "allOf", "not", "if", "then", "else"))  # applicators on the same instance


@dataclass
class Note:
    """One thing the export changed (or had to give up), located in the contract."""

    pointer: str  # RFC 6901, relative to the contract mapping, e.g. "/parameters/properties/budget/maximum"
    message: str
    severity: str  # info: meaning kept · warning: a constraint dropped or a narrowing · error: not expressible
    rule: str  # the kind of problem (a TC2 rule name), e.g. "keyword-not-supported-by-target"
    source: str | None = None  # the vendor rule id (vendor-rules.md), e.g. "ANT-STRICT-007"
    template: str | None = field(default=None, repr=False, compare=False)  # the message with "{who}" for the target

    def to_dict(self) -> dict[str, Any]:
        return {"pointer": self.pointer, "message": self.message, "severity": self.severity, "rule": self.rule,
                "source": self.source}




def pointer_of(tokens: tuple) -> str:
    return join_pointer("", *tokens)



# ------------------------------------------------------------------------------------------------ schema

class SchemaExport:
    def __init__(self, target: str, version: str | None, schema: Any, base: tuple, notes: list[Note],
                 origins: dict, keep: list, spec: str | None = None, refs: Refs | None | bool = True) -> None:
        self.t = target
        self.version = version or ""
        self.raw = schema
        self.base = base
        self.notes = notes
        self.origins = origins
        self.keep = keep
        self.label = f"{target_label(spec or target)} (`{spec or target}`)"
        self.kw = KEYWORDS.get(target, {})
        self.allowed = ALLOWED.get(target)
        self.default_kw = DEFAULT_KEYWORD.get(target)
        if refs is True:
            refs = Refs(schema) if isinstance(schema, dict) and has_ref(schema) else None
        self.refs = refs or None

    # -------------------------------------------------------------------------------------------- driver

    def run(self) -> dict[str, Any]:
        s = self.raw
        if not isinstance(s, dict):
            root: dict[str, Any] = {"type": "object", "properties": {}}
            self.origins[id(root)] = self.base
            self.keep.append(root)
            if is_strict(self.t):
                root["additionalProperties"] = False
            if self.t == "openai-strict":
                root["required"] = []
            return root
        rename = self.t in ("gemini", "gemini-json-schema") and isinstance(s.get("definitions"), dict) and not (
            isinstance(s.get("$defs"), dict) and set(s["$defs"]) & set(s["definitions"]))
        copier = Copier(s, self.base, self.origins, self.keep, self._inline_pred() if self.refs else None,
                         self.refs, rename_definitions=rename)
        root = copier.copy(s, (), 0)
        if rename:
            defs = root.pop("definitions")
            root["$defs"] = {**root.get("$defs", {}), **defs} if isinstance(root.get("$defs"), dict) else defs
        if self.t == "gemini" and (self.refs is not None or "$defs" in root or "definitions" in root):
            self._drop_unused_defs(root)
        root = self._fix(root, 0)
        return root

    def _inline_pred(self):
        refs = self.refs
        t = self.t

        def pred(node: dict, path: tuple, parent_key: str | None) -> bool:
            tgt = ref_target(node.get("$ref"))
            if tgt is None or refs is None or refs.is_recursive(path, tgt):
                return False
            if not path and t in ROOT_OBJECT:
                return True  # a root `$ref`: the root must be an object itself
            siblings = [k for k in node if k not in ("$ref", "$defs", "definitions")]
            if t == "gemini":
                return True
            if parent_key == "allOf":
                return t in ("openai-strict", "anthropic", "anthropic-strict", "gemini-json-schema")
            if t == "openai-strict":
                return bool(siblings)
            if t == "gemini-json-schema":
                return any(not k.startswith("$") for k in siblings)
            return False

        return pred

    def _drop_unused_defs(self, root: dict) -> None:
        """Drop every `$defs`/`definitions` mapping that no remaining `$ref` points into (all were inlined)."""
        from .schemas import walk

        nodes = walk(root)
        targets = [ref_target(n.schema["$ref"]) for n in nodes if isinstance(n.schema.get("$ref"), str)]
        targets = [t for t in targets if t is not None]
        for n in nodes:
            for key in ("$defs", "definitions"):
                if not isinstance(n.schema.get(key), dict):
                    continue
                here = n.path + (key,)
                if any(t[: len(here)] == here for t in targets):
                    continue
                del n.schema[key]
                self.note(self.origin(n.schema), key, "info", K_REF, "GEM-SCH-008",
                          f"{{who}}: the export inlines the `$ref`s into `{key}` and drops it")

    # -------------------------------------------------------------------------------------------- helpers

    def origin(self, node: dict) -> tuple:
        return self.origins.get(id(node), self.base)

    def adopt(self, new: dict, old: dict) -> dict:
        self.origins[id(new)] = self.origin(old)
        self.keep.append(new)
        return new

    def note(self, origin: tuple, key: str | None, severity: str, rule: str, source: str | None,
             message: str) -> None:
        tokens = origin + ((key,) if key is not None and self._has_key(origin, key) else ())
        self.notes.append(Note(pointer_of(tokens), message.replace("{who}", self.label), severity, rule, source,
                               message))

    def _has_key(self, origin: tuple, key: str) -> bool:
        return isinstance(self._raw_at(origin), dict) and key in self._raw_at(origin)

    def _raw_at(self, origin: tuple) -> Any:
        return resolve(self.raw, origin[len(self.base):]) if origin[: len(self.base)] == self.base else None

    def dropped(self, node: dict, key: str, source: str | None, why: str = "does not support",
                kind: str = K_KEYWORD) -> None:
        value = node.pop(key)
        if key in ANNOTATIONS or key.startswith("x-"):
            self.note(self.origin(node), key, "info", kind, source,
                      f"{{who}} {why} `{key}`; the export drops this annotation")
        else:
            self.note(self.origin(node), key, "warning", kind, source,
                      f"{{who}} {why} `{key}`; the export drops it: the model no longer sees "
                      f"`{key}: {short(value)}`; only the host's validation enforces it")

    # -------------------------------------------------------------------------------------------- traversal

    def _fix(self, node: dict, depth: int, in_place: bool = False) -> dict:
        if depth <= MAX_DEPTH:
            # a branch of an object that lists its own properties constrains that same object: it must not be
            # closed on its own (it would refuse the object's other properties)
            owner = isinstance(node.get("properties"), dict) and bool(node["properties"]) and is_object(node)
            for key in [k for k in node if k in SUB_KEYS]:
                v = node[key]
                if key in MAP_KEYS and isinstance(v, dict):
                    for n in list(v):
                        if isinstance(v[n], dict):
                            v[n] = self._fix(v[n], depth + 1)
                elif isinstance(v, list) and (key in LIST_KEYS or key == "items"):
                    branch = owner and key in IN_PLACE
                    for i, sub in enumerate(v):
                        if isinstance(sub, dict):
                            v[i] = self._fix(sub, depth + 1, branch)
                elif isinstance(v, dict):
                    node[key] = self._fix(v, depth + 1, owner and key in IN_PLACE)
        fixer = getattr(self, "_node_" + self.t.replace("-", "_"), None)
        self._in_place = in_place
        root = depth == 0
        if root and self.t in ROOT_OBJECT:
            node = self._root(node)
        if fixer is not None:
            node = fixer(node, root)
        if root and self.t == "mcp":
            node = self._root_mcp(node)
        return node

    # -------------------------------------------------------------------------------------------- root

    def _root(self, node: dict) -> dict:
        if self.t in ROOT_UNION or self.t == "gemini":
            if isinstance(node.get("allOf"), list):
                merged = merge_allof(node)
                if merged is not None:
                    node = self.adopt(merged, node)
                    self.note(self.origin(node), "allOf", "info", K_ROOT, None,
                              "{who}: the export merges the root `allOf` into the root object")
        if self.t in ROOT_UNION:
            rule, _, keys = ROOT_UNION[self.t]
            for key in keys:
                if key in node and key != "allOf" and root_union_droppable(node, key):
                    value = node.pop(key)
                    under = pointer_of(self.origin(node) + (key,)) + "/"
                    self.notes[:] = [n for n in self.notes if not n.pointer.startswith(under)]  # gone with it
                    self.note(self.origin(node), key, "warning", K_ROOT, rule,
                              f"{{who}} rejects `{key}` at the root; the export drops it: the model no longer "
                              f"sees `{key}: {short(value)}`; only the host's validation enforces it")
        t = node.get("type")
        if t is None and "$ref" not in node:
            node["type"] = "object"
            if "properties" not in node:
                node["properties"] = {}
        elif isinstance(t, list) and "object" in t:
            node["type"] = "object"
            self.note(self.origin(node), "type", "info", K_ROOT, ROOT_OBJECT[self.t][0],
                      "{who}: tool arguments are always an object; the export sends `type: object`")
        return node

    def _root_mcp(self, node: dict) -> dict:
        if self.version < "2026-07-28":
            props = node.get("properties")
            if isinstance(props, dict):
                for n, sub in list(props.items()):
                    if isinstance(sub, bool):
                        props[n] = {} if sub else {"not": {}}
                        self.note(self.origin(node) + ("properties", n), None, "info", K_MCP, "MCP-TOOL-005",
                                  f"{{who}} requires property schemas to be objects; the export sends "
                                  f"`{str(sub).lower()}` as {short(props[n])}")
        if node.get("type") == "object" and node.get("properties") == {} and "additionalProperties" not in node \
                and not any(k in node for k in ("patternProperties", "anyOf", "oneOf", "allOf", "$ref")):
            node["additionalProperties"] = False  # MCP-TOOL-004: explicitly accepts only empty objects
        return node

    # -------------------------------------------------------------------------------------------- OpenAI strict

    def _open_map(self, node: dict) -> str | None:
        """The keyword that lets this object take keys it does not list (`patternProperties`, or an
        `additionalProperties` schema), when it lists none: a map, which strict modes cannot express."""
        if not isinstance(node, dict) or node.get("properties"):
            return None
        if isinstance(node.get("patternProperties"), dict) and node["patternProperties"]:
            return "patternProperties"
        ap = node.get("additionalProperties")
        if ap is True or (isinstance(ap, dict) and ap != {"not": {}}):
            return "additionalProperties"
        return None

    def _closed_map(self, node: dict, keyword: str | None, origin: tuple) -> None:
        """A map the strict export closed: it now accepts only `{}`, so the model can never fill it."""
        if keyword is None or node.get("additionalProperties") is not False or node.get("properties"):
            return
        self.note(origin, None, "error", K_OPEN, self._open_rule,
                  f"{{who}} cannot express a map (`{keyword}` on an object without `properties`): the export "
                  "sends an object that accepts only `{}`, so the model can never fill it. List the keys under "
                  "`properties`, or take an array of `{key, value}` objects instead")

    def _node_openai_strict(self, node: dict, root: bool) -> dict:
        self._open_rule = "OAI-STRICT-003"
        open_map, origin = self._open_map(node), self.origin(node)
        node = self._strict_openai(node, root)
        self._closed_map(node, open_map, origin)
        return node

    def _strict_openai(self, node: dict, root: bool) -> dict:
        node = self._common_keywords(node)
        node = self._format(node)
        if not root and "$id" in node:
            self.dropped(node, "$id", "OAI-STRICT-012")
        for k in [k for k in node if k.startswith("x-")]:
            node.pop(k)
        node = self._ref_siblings(node, annotations_only_ok=True, rule="OAI-STRICT-010")
        if is_object(node):
            self._close(node, root, "OAI-STRICT-003")
            self._require_all(node, root)
        return node

    def _require_all(self, node: dict, root: bool) -> None:
        props = node.get("properties")
        if not isinstance(props, dict):
            if root or node.get("additionalProperties") is False:
                node.setdefault("properties", {})
                node["required"] = []
            return
        req = node.get("required")
        have = [x for x in req if isinstance(x, str)] if isinstance(req, list) else []
        for name, sub in props.items():
            if name in have:
                continue
            if isinstance(sub, dict):
                if not allows_null(sub):
                    new = make_nullable(sub)
                    if new is not sub:
                        props[name] = self.adopt(new, sub)
                self.note(self.origin(node) + ("properties", name), None, "info", K_OPTIONAL, "OAI-STRICT-004",
                          f"{{who}} requires every property; the export sends optional `{name}` as required and "
                          "nullable: the host treats `null` as absent (`check_arguments(..., target=...)`)")
        node["required"] = list(props)

    def _close(self, node: dict, root: bool, rule: str) -> None:
        ap = node.get("additionalProperties", None)
        has_props = isinstance(node.get("properties"), dict) and bool(node["properties"])
        if getattr(self, "_in_place", False) and not root:
            return  # a branch constraining its parent object, which is closed itself
        if has_props and ap is not False:
            self._branch_names_outside(node, rule)
        if ap is False:
            return
        if "additionalProperties" not in node:
            if has_props or root:
                node["additionalProperties"] = False
            return
        if has_props:
            node["additionalProperties"] = False
            names = ", ".join(f"`{n}`" for n in list(node["properties"])[:5])
            self.note(self.origin(node), "additionalProperties", "warning", K_OPEN, rule,
                      f"{{who}} requires closed objects; the export sets `additionalProperties: false`: "
                      f"the model can no longer send keys other than {names}")

    def _branch_names_outside(self, node: dict, rule: str) -> None:
        """Closing ``node`` would refuse the properties that only its in-place branches declare: the export
        cannot say that (strict modes close every object), so it is an error, not a dropped constraint."""
        declared = set(node["properties"])
        extra: set = set()
        for key in ("anyOf", "oneOf", "allOf", "not", "if", "then", "else"):
            subs = node.get(key)
            for b in subs if isinstance(subs, list) else ([subs] if key in node else []):
                names = branch_property_names(b)
                if names is None:
                    continue  # a map inside a branch: reported where it is
                extra |= names - declared
        if extra:
            shown = ", ".join(f"`{n}`" for n in sorted(extra)[:5])
            self.note(self.origin(node), None, "error", K_OPEN, rule,
                      f"{{who}} closes every object, and this object's properties do not list {shown}, which its "
                      "`anyOf`/`oneOf`/`allOf` branches declare: the export would refuse them. List every property "
                      "under the object's own `properties` (the branches may keep constraining them)")

    # -------------------------------------------------------------------------------------------- Anthropic

    def _node_anthropic_strict(self, node: dict, root: bool) -> dict:
        self._open_rule = "ANT-STRICT-001"
        open_map, origin = self._open_map(node), self.origin(node)
        node = self._strict_anthropic(node, root)
        self._closed_map(node, open_map, origin)
        return node

    def _strict_anthropic(self, node: dict, root: bool) -> dict:
        node = self._common_keywords(node)
        mi = node.get("minItems")
        if isinstance(mi, int) and not isinstance(mi, bool) and mi > 1:
            node["minItems"] = 1
            self.note(self.origin(node), "minItems", "warning", K_VALUE, "ANT-STRICT-009",
                      f"{{who}} supports only `minItems` 0 or 1; the export sends `minItems: 1`: the model no "
                      f"longer sees `minItems: {mi}`; only the host's validation enforces it")
        enum = node.get("enum")
        if isinstance(enum, list) and any(isinstance(x, (dict, list)) for x in enum):
            self.dropped(node, "enum", "ANT-STRICT-006", "supports only scalar values in", kind=K_VALUE)
        pat = node.get("pattern")
        if isinstance(pat, str) and pattern_features(pat):
            self.dropped(node, "pattern", "ANT-STRICT-011",
                         f"rejects {', '.join(pattern_features(pat))} in", kind=K_VALUE)
        node = self._format(node)
        if is_object(node):
            self._close(node, root, "ANT-STRICT-001")
        return node

    # -------------------------------------------------------------------------------------------- Gemini

    def _node_gemini(self, node: dict, root: bool) -> dict:
        # const -> enum
        if "const" in node:
            node = self._const_to_enum(node, strings_only=True)
        if "oneOf" in node and "anyOf" not in node:
            node["anyOf"] = node.pop("oneOf")
            self.note(self.origin(node), "oneOf", "info", K_KEYWORD, "GEM-SCH-001",
                      "{who} has no `oneOf`; the export sends it as `anyOf`")
        if isinstance(node.get("allOf"), list):
            merged = merge_allof(node)
            if merged is not None:
                node = self.adopt(merged, node)
        if "examples" in node:
            ex = node.pop("examples")
            if isinstance(ex, list) and ex and "example" not in node:
                node["example"] = ex[0]
        for key in ("exclusiveMinimum", "exclusiveMaximum"):
            if key in node:
                self._inclusive(node, key)
        node = self._type_array(node)
        node = self._null_branches(node)
        self._gemini_enum(node)
        return self._gemini_subset(node, root)

    def _gemini_subset(self, node: dict, root: bool) -> dict:
        """The rest of a Gemini node: keywords outside the OpenAPI subset dropped, `definitions` renamed, the
        `format`, the `anyOf` siblings distributed and a missing `type` inferred."""
        if "additionalProperties" in node:
            ap = node.get("additionalProperties")
            if ap is False:
                node.pop("additionalProperties")
            else:
                self.dropped(node, "additionalProperties", "GEM-SCH-005")
        for key in [k for k in node if k not in self.allowed]:
            if key == "definitions" and root:
                continue
            if key in ("allOf", "oneOf"):
                continue  # could not be rewritten: left for the target check to report
            self.dropped(node, key, (self.kw.get(key) or self.default_kw).rule)
        if root and "definitions" in node and "$defs" not in node:
            node["$defs"] = node.pop("definitions")
        node = self._format(node)
        if not root:
            node = self._distribute(node)
        if "type" not in node and not any(k in node for k in ("anyOf", "$ref", "allOf", "oneOf")):
            t = infer_type(node)
            if t:
                node["type"] = t
        return node

    def _const_to_enum(self, node: dict, strings_only: bool) -> dict:
        c = node["const"]
        if "enum" in node:
            node.pop("const")
            return node
        types = types_of(node) or ()
        if isinstance(c, str):
            node.pop("const")
            node["enum"] = [c]
            self.note(self.origin(node), "const", "info", K_KEYWORD, "GEM-SCH-004" if strings_only else "GEM-JS-002",
                      f"{{who}} has no `const`; the export sends `enum: [{short(c)}]`")
        elif isinstance(c, (int, float)) and not isinstance(c, bool) and (
                not strings_only or (set(types) <= {"integer", "number"} and "format" not in node)):
            node.pop("const")
            if strings_only:
                node["enum"] = [num_str(c)]
                node["format"] = "enum"
                if not types:
                    node["type"] = "integer" if isinstance(c, int) else "number"
            else:
                node["enum"] = [c]
            self.note(self.origin(node), "const", "info", K_KEYWORD, "GEM-SCH-004" if strings_only else "GEM-JS-002",
                      "{who} has no `const`; the export sends a one-value `enum`")
        else:
            self.dropped(node, "const", "GEM-SCH-004" if strings_only else "GEM-JS-002")
        return node

    def _inclusive(self, node: dict, key: str) -> None:
        v = node.get(key)
        types = types_of(node) or ()
        bound = "minimum" if key == "exclusiveMinimum" else "maximum"
        if isinstance(v, int) and not isinstance(v, bool) and types == ("integer",) and bound not in node:
            node.pop(key)
            node[bound] = v + 1 if bound == "minimum" else v - 1
            self.note(self.origin(node), key, "info", K_KEYWORD, "GEM-SCH-001",
                      f"{{who}} has no `{key}`; the export sends `{bound}: {node[bound]}` (the same integers)")
        else:
            self.dropped(node, key, "GEM-SCH-001")

    def _type_array(self, node: dict) -> dict:
        t = node.get("type")
        if not isinstance(t, list) or not all(isinstance(x, str) for x in t):
            return node
        non_null = [x for x in t if x != "null"]
        nullable = len(non_null) != len(t)
        if len(non_null) <= 1:
            node["type"] = non_null[0] if non_null else "null"
            if nullable and non_null:
                node["nullable"] = True
            return node
        if "anyOf" in node:
            return node
        node.pop("type")
        branches = []
        for x in non_null:
            b: dict[str, Any] = {"type": x}
            if nullable:
                b["nullable"] = True
            self.adopt(b, node)
            branches.append(b)
        node["anyOf"] = branches
        return node

    def _null_branches(self, node: dict) -> dict:
        br = node.get("anyOf")
        if not isinstance(br, list):
            return node
        nulls = [b for b in br if isinstance(b, dict) and b.get("type") == "null" and len(b) <= 2
                 and set(b) <= {"type", "description"}]
        others = [b for b in br if b not in nulls]
        if not nulls or not others:
            return node
        for b in others:
            if isinstance(b, dict):
                b["nullable"] = True
        node["anyOf"] = others
        if len(others) == 1 and isinstance(others[0], dict):
            merged = merge_ref(others[0], {k: v for k, v in node.items() if k != "anyOf"})
            if merged is not None:
                return self.adopt(merged, node)
        return node

    def _distribute(self, node: dict) -> dict:
        br = node.get("anyOf")
        if not isinstance(br, list):
            return node
        siblings = {k: v for k, v in node.items() if k != "anyOf"}
        if not siblings or not distributable(node):
            return node
        for b in br:
            for k, v in siblings.items():
                push_into(b, k, v, 0)
        new = {"anyOf": br}
        return self.adopt(new, node)

    def _gemini_enum(self, node: dict) -> None:
        enum = node.get("enum")
        if not isinstance(enum, list) or all(isinstance(x, str) for x in enum):
            return
        vals = [x for x in enum if x is not None]
        if len(vals) != len(enum):
            node["nullable"] = True
        if all(isinstance(x, str) for x in vals):
            node["enum"] = vals
            return
        types = set(types_of(node) or ())
        if all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in vals) and types <= {
                "integer", "number"} and node.get("format") in (None, "enum"):
            node["enum"] = [num_str(x) for x in vals]
            node["format"] = "enum"
            if not types:
                node["type"] = "integer" if all(isinstance(x, int) for x in vals) else "number"
            self.note(self.origin(node), "enum", "info", K_VALUE, "GEM-SCH-003",
                      "{who} takes only string `enum` values; the export sends them as strings with "
                      "`format: enum`")
            return
        self.dropped(node, "enum", "GEM-SCH-003", "takes only string values in", kind=K_VALUE)

    # -------------------------------------------------------------------------------------------- Gemini JSON

    def _node_gemini_json_schema(self, node: dict, root: bool) -> dict:
        if "const" in node:
            node = self._const_to_enum(node, strings_only=False)
        if isinstance(node.get("allOf"), list):
            merged = merge_allof(node)
            if merged is not None:
                node = self.adopt(merged, node)
        enum = node.get("enum")
        if isinstance(enum, list):
            bad = [x for x in enum if not str_or_num(x)]
            if bad:
                keep = [x for x in enum if str_or_num(x)]
                if keep and all(x is None for x in bad):
                    return self._null_enum_branch(node, keep)
                if keep:
                    node["enum"] = keep
                    self.note(self.origin(node), "enum", "warning", K_VALUE, "GEM-JS-006",
                              f"{{who}} takes only string and number `enum` values; the export drops "
                              f"{short(bad)}: the model no longer sees them; only the host's validation accepts "
                              "them")
                else:
                    self.dropped(node, "enum", "GEM-JS-006", "takes only strings and numbers in", kind=K_VALUE)
        node = self._ref_siblings(node, annotations_only_ok=True, rule="GEM-JS-005", dollar_ok=True)
        return node

    def _null_enum_branch(self, node: dict, keep: list) -> dict:
        """``enum: [a, b, null]`` -> ``anyOf: [{..., enum: [a, b]}, {type: null}]``: the values stay strings and
        numbers, and null is still accepted (dropping it would reject a value the contract allows)."""
        inner = dict(node)
        inner["enum"] = keep
        t = inner.get("type")
        if isinstance(t, list):
            rest = [x for x in t if x != "null"]
            if rest:
                inner["type"] = rest[0] if len(rest) == 1 else rest
            else:
                inner.pop("type")
        outer: dict[str, Any] = {}
        for k in ("title", "description"):
            if k in inner:
                outer[k] = inner.pop(k)
        self.adopt(inner, node)
        null = self.adopt({"type": "null"}, node)
        outer["anyOf"] = [inner, null]
        self.note(self.origin(node), "enum", "info", K_VALUE, "GEM-JS-006",
                  "{who} takes only string and number `enum` values; the export sends `null` as an `anyOf` "
                  "branch of its own")
        return self.adopt(outer, node)

    # -------------------------------------------------------------------------------------------- shared

    def _common_keywords(self, node: dict) -> dict:
        for key in [k for k in node if k in self.kw]:
            if key not in node:
                continue
            kw = self.kw[key]
            if kw.fix == "drop":
                self.dropped(node, key, kw.rule)
            elif kw.fix == "anyOf" and "anyOf" not in node:
                node["anyOf"] = node.pop(key)
                self.note(self.origin(node), key, "info", K_KEYWORD, kw.rule,
                          "{who} has no `oneOf`; the export sends it as `anyOf` (branches are rarely "
                          "meant to overlap)")
            elif kw.fix == "merge" and isinstance(node.get(key), list):
                merged = merge_allof(node)
                if merged is not None:
                    node = self.adopt(merged, node)
        return node

    def _format(self, node: dict) -> dict:
        spec = FORMATS.get(self.t)
        f = node.get("format")
        if spec is None or not isinstance(f, str):
            return node
        rule, _, allowed, types = spec
        if f in allowed:
            return node
        if types is not None and not (set(types_of(node) or ()) & types):
            return node
        node.pop("format")
        self.note(self.origin(node), "format", "warning", K_VALUE, rule,
                  f"{{who}} does not support `format: {f}`; the export drops it: the model no longer sees "
                  "it; only the host's validation enforces it")
        return node

    def _ref_siblings(self, node: dict, annotations_only_ok: bool, rule: str, dollar_ok: bool = False) -> dict:
        if "$ref" not in node:
            return node
        sib = [k for k in node if k != "$ref" and k not in ("$defs", "definitions")
               and not (dollar_ok and k.startswith("$"))]
        if sib and all(k in ANNOTATIONS for k in sib) and annotations_only_ok:
            for k in sib:
                node.pop(k)
            self.note(self.origin(node), None, "info", K_REF, rule,
                      "{who} takes no keywords beside a recursive `$ref`; the export drops "
                      + ", ".join(f"`{k}`" for k in sib))
        return node

