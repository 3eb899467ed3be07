"""Schema plumbing shared by the target analysis and the export transforms.

Everything here is defensive: a schema may be any value a hostile file holds, so every access checks types,
walks are iterative with a node and depth budget, and ``$ref`` expansion is bounded.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote

from .rules import JSON_TYPES

# where sub-schemas live
MAP_KEYS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
LIST_KEYS = ("anyOf", "oneOf", "allOf", "prefixItems")
ONE_KEYS = ("additionalProperties", "items", "contains", "not", "if", "then", "else", "propertyNames",
            "unevaluatedProperties", "unevaluatedItems", "additionalItems", "contentSchema")
SUB_KEYS = frozenset(MAP_KEYS + LIST_KEYS + ONE_KEYS)

MAX_NODES = 20_000
MAX_DEPTH = 150


class Node:
    """One schema node met by :func:`walk`: the mapping, where it is and how it was reached."""

    __slots__ = ("schema", "path", "depth", "odepth", "via", "prop", "required", "parent", "obj")

    def __init__(self, schema: dict, path: tuple, depth: int, base: int, via: str | None, prop: str | None,
                 required: bool | None, parent: Node | None) -> None:
        self.schema = schema
        self.path = path  # tokens from the schema root
        self.depth = depth  # sub-schema steps from the root
        self.obj = is_object(schema)  # an object schema (see is_object)
        self.odepth = base + self.obj  # object nesting level (the root object is 1; $defs entries restart at 0)
        self.via = via  # the keyword it hangs under (properties, anyOf, items, $defs, ...)
        self.prop = prop  # its property name, when via == "properties"
        self.required = required  # whether the parent's `required` lists it (via == "properties")
        self.parent = parent

    @property
    def is_root(self) -> bool:
        return not self.path


def walk(schema: Any) -> list[Node]:
    """Every mapping sub-schema of ``schema`` (pre-order), bounded by MAX_NODES and MAX_DEPTH."""
    if not isinstance(schema, dict):
        return []
    out: list[Node] = []
    stack = [Node(schema, (), 0, 0, None, None, None, None)]
    while stack and len(out) < MAX_NODES:
        node = stack.pop()
        out.append(node)
        if node.depth >= MAX_DEPTH:
            continue
        children = _children(node)
        if children:
            stack.extend(reversed(children))
    return out


def _children(node: Node) -> list[Node]:
    """The mapping sub-schemas directly below ``node``, in key order."""
    s = node.schema
    children: list[Node] = []
    depth = node.depth + 1
    path = node.path
    for key in [k for k in s if k in SUB_KEYS]:
        v = s[key]
        if key in MAP_KEYS:
            if not isinstance(v, dict):
                continue
            if key == "properties":
                req = s.get("required")
                req_set = {x for x in req if isinstance(x, str)} if isinstance(req, list) else set()
                for name, sub in v.items():
                    if isinstance(sub, dict):
                        children.append(Node(sub, path + (key, name), depth, node.odepth, key, name,
                                             name in req_set, node))
            else:
                base = 0 if key in ("$defs", "definitions") else node.odepth
                for name, sub in v.items():
                    if isinstance(sub, dict):
                        children.append(Node(sub, path + (key, name), depth, base, key, None, None, node))
        elif isinstance(v, list):
            if key in LIST_KEYS or key == "items":
                for i, sub in enumerate(v):
                    if isinstance(sub, dict):
                        children.append(Node(sub, path + (key, i), depth, node.odepth, key, None, None, node))
        elif isinstance(v, dict):
            children.append(Node(v, path + (key,), depth, node.odepth, key, None, None, node))
    return children


# ------------------------------------------------------------------------------------------------ predicates

def types_of(node: dict) -> tuple[str, ...] | None:
    """The node's `type` as a tuple of names (None when absent; names may be invalid)."""
    t = node.get("type")
    if t is None:
        return None
    if isinstance(t, str):
        return (t,)
    if isinstance(t, list):
        return tuple(x for x in t if isinstance(x, str))
    return ()


def valid_type(node: dict) -> bool:
    """Whether `type` is absent or names only JSON Schema types (invalid names are TC1's business)."""
    t = types_of(node)
    return t is None or (bool(t) and all(x in JSON_TYPES for x in t))


def is_object(node: Any) -> bool:
    """An object schema: `type: object` (or a type list holding it), or no valid type but `properties`."""
    if not isinstance(node, dict):
        return False
    t = node.get("type")
    if t == "object":
        return True
    if isinstance(t, list):
        return "object" in t
    if t is None or (isinstance(t, str) and t not in JSON_TYPES):
        return isinstance(node.get("properties"), dict)
    return False


def allows_null(node: Any) -> bool:
    """Whether the schema (shallowly) accepts `null`."""
    if not isinstance(node, dict):
        return node is True
    t = node.get("type")
    if t == "null" or (isinstance(t, list) and "null" in t):
        enum = node.get("enum")
        return not isinstance(enum, list) or None in enum
    if node.get("nullable") is True:
        return True
    for key in ("anyOf", "oneOf"):
        branches = node.get(key)
        if isinstance(branches, list) and any(allows_null(b) for b in branches):
            return True
    return False


def is_union_type(node: dict) -> bool:
    """`anyOf`/`oneOf`, or a type array of two or more names (what Anthropic counts as a union)."""
    t = node.get("type")
    return isinstance(node.get("anyOf"), list) or isinstance(node.get("oneOf"), list) or (
        isinstance(t, list) and len(t) > 1)


def property_names(node: dict) -> list[str]:
    props = node.get("properties")
    return [k for k in props] if isinstance(props, dict) else []


def required_names(node: dict) -> list[str]:
    req = node.get("required")
    return [x for x in req if isinstance(x, str)] if isinstance(req, list) else []


def short(value: Any, limit: int = 60) -> str:
    """A value as a short inline JSON text for messages."""
    import json

    if isinstance(value, str) and len(value) < limit - 2 and value.isprintable() and '"' not in value \
            and "\\" not in value:
        return f'"{value}"'
    if isinstance(value, bool) or value is None:
        return "true" if value is True else ("false" if value is False else "null")
    if isinstance(value, int):
        return str(value)
    try:
        text = json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


# ------------------------------------------------------------------------------------------------ $ref

def ref_target(ref: Any) -> tuple | None:
    """Tokens of a local JSON-pointer `$ref` (``"#"`` -> ``()``); None for external refs and anchors."""
    if not isinstance(ref, str) or not ref.startswith("#"):
        return None
    frag = unquote(ref[1:])
    if frag == "":
        return ()
    if not frag.startswith("/"):
        return None  # an anchor
    return tuple(t.replace("~1", "/").replace("~0", "~") for t in frag[1:].split("/"))


def is_external_ref(ref: Any) -> bool:
    return isinstance(ref, str) and not ref.startswith("#")


def resolve(root: Any, tokens: tuple) -> Any:
    cur = root
    for t in tokens:
        if isinstance(cur, dict):
            if t not in cur:
                return None
            cur = cur[t]
        elif isinstance(cur, list):
            try:
                cur = cur[int(t)]
            except (ValueError, IndexError):
                return None
        else:
            return None
    return cur


class Refs:
    """The local `$ref`s of one schema, and which of them are recursive (expanding them never ends)."""

    def __init__(self, root: Any, nodes: list[Node] | None = None) -> None:
        self.root = root
        self.refs: list[tuple[tuple, tuple]] = []  # (location of the $ref node, target tokens)
        for n in (nodes if nodes is not None else walk(root)):
            r = n.schema.get("$ref")
            if isinstance(r, str):
                tgt = ref_target(r)
                if tgt is not None and resolve(root, tgt) is not None:
                    self.refs.append((n.path, tgt))
        self._memo: dict[tuple, bool] = {}

    def __bool__(self) -> bool:
        return bool(self.refs)

    def is_recursive(self, loc: tuple, tgt: tuple) -> bool:
        key = (loc, tgt)
        if key not in self._memo:
            self._memo[key] = self._rec(loc, tgt, frozenset(), [0])
        return self._memo[key]

    def _rec(self, loc: tuple, tgt: tuple, stack: frozenset, budget: list) -> bool:
        budget[0] += 1
        if budget[0] > 500:
            return True  # too tangled to expand: treat as recursive
        if tgt in stack or loc[: len(tgt)] == tgt:
            return True
        inner = stack | {tgt}
        n = len(tgt)
        for (l2, t2) in self.refs:
            if l2[:n] == tgt and self._rec(l2, t2, inner, budget):
                return True
        return False

    def any_recursive(self) -> bool:
        return any(self.is_recursive(loc, tgt) for loc, tgt in self.refs)
