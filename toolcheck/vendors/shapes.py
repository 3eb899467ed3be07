"""Schema helpers of the export and the target analysis: copying a schema with the origin of every node,
merging `allOf`, making a property nullable, and the predicates both read (which root union the export may
drop, which `anyOf` siblings it may distribute, which `$ref` it may inline, what type a schema implies, whether
a description states a `const`, whether a branch constrains its parent object, whether a recursion is forced).
"""

from __future__ import annotations

import re
from typing import Any

from .rules import (
    ANNOTATIONS,
)
from .rules import ANTHROPIC_PATTERN_FEATURES as _PATTERN_FEATURES
from .schemas import (
    LIST_KEYS,
    MAP_KEYS,
    MAX_DEPTH,
    SUB_KEYS,
    Refs,
    is_external_ref,
    is_object,
    ref_target,
    resolve,
)

ROOT_UNION_OK = frozenset(("required", "description", "title", "$comment"))


def plain(v: Any, depth: int = 0) -> Any:
    """A deep copy of JSON data (dicts and lists), bounded."""
    if depth > MAX_DEPTH:
        return None
    if isinstance(v, dict):
        return {k: plain(x, depth + 1) for k, x in v.items()}
    if isinstance(v, list):
        return [plain(x, depth + 1) for x in v]
    return v



# ------------------------------------------------------------------------------------------------ copying

class Copier:
    """Deep-copies a schema, recording where each copied mapping came from, and inlines chosen `$ref`s."""

    def __init__(self, root: Any, base: tuple, origins: dict, keep: list, inline=None, refs: Refs | None = None,
                 rename_definitions: bool = False) -> None:
        self.root = root
        self.base = base
        self.origins = origins
        self.keep = keep
        self.inline = inline  # fn(node, path, parent_key) -> bool
        self.refs = refs
        self.rename_definitions = rename_definitions
        self.budget = 5000  # mappings copied through inlining, at most

    def copy(self, node: Any, path: tuple, depth: int, parent_key: str | None = None, stack: tuple = ()) -> Any:
        if not isinstance(node, dict):
            return plain(node, depth)
        if depth > MAX_DEPTH:
            return {}
        if (self.inline is not None and "$ref" in node and self.budget > 0
                and self.inline(node, path, parent_key)):
            tgt = ref_target(node["$ref"])
            target = resolve(self.root, tgt) if tgt is not None else None
            if isinstance(target, dict) and tgt not in stack:
                self.budget -= 1
                inlined = self.copy(target, tgt, depth + 1, parent_key, stack + (tgt,))
                merged = merge_ref(inlined, {k: self.copy_value(k, x, path + (k,), depth, stack)
                                              for k, x in node.items() if k != "$ref"})
                if merged is not None:
                    self._origin(merged, path)
                    return merged
        out: dict[str, Any] = {}
        self._origin(out, path)
        for k, x in node.items():
            out[k] = self.copy_value(k, x, path + (k,), depth, stack)
        if self.rename_definitions and "$ref" in out and isinstance(out["$ref"], str) \
                and out["$ref"].startswith("#/definitions/"):
            out["$ref"] = "#/$defs/" + out["$ref"][len("#/definitions/"):]
        return out

    def copy_value(self, key: str, x: Any, path: tuple, depth: int, stack: tuple) -> Any:
        if key not in SUB_KEYS:
            return plain(x, depth + 1)
        if key in MAP_KEYS and isinstance(x, dict):
            return {n: self.copy(s, path + (n,), depth + 1, key, stack) for n, s in x.items()}
        if isinstance(x, list) and (key in LIST_KEYS or key == "items"):
            return [self.copy(s, path + (i,), depth + 1, key, stack) for i, s in enumerate(x)]
        return self.copy(x, path, depth + 1, key, stack)

    def _origin(self, d: dict, path: tuple) -> None:
        self.origins[id(d)] = self.base + path
        self.keep.append(d)


def merge_ref(inlined: dict, siblings: dict) -> dict | None:
    """The referenced schema with the `$ref`'s siblings merged in (siblings win for annotations)."""
    out = dict(inlined)
    for k, v in siblings.items():
        if k in out and out[k] != v and k not in ANNOTATIONS and k not in ("$defs", "definitions"):
            return None
        out[k] = v
    return out



# ------------------------------------------------------------------------------------------------ predicates

def has_ref(node: Any, skip_defs: bool = False, depth: int = 0) -> bool:
    if depth > MAX_DEPTH:
        return False
    if isinstance(node, dict):
        if "$ref" in node:
            return True
        return any(has_ref(v, skip_defs, depth + 1) for k, v in node.items()
                   if not (skip_defs and depth == 0 and k in ("$defs", "definitions")))
    if isinstance(node, list):
        return any(has_ref(v, skip_defs, depth + 1) for v in node)
    return False


def push_into(branch: dict, key: str, value: Any, depth: int) -> None:
    """Put ``key: value`` into an `anyOf` branch; a branch that is itself a bare `anyOf` passes it on down."""
    if key in branch:
        return
    inner = branch.get("anyOf")
    if isinstance(inner, list) and set(branch) == {"anyOf"} and depth < 20 and all(isinstance(b, dict) for b in inner):
        for b in inner:
            push_into(b, key, value, depth + 1)
        return
    branch[key] = value


def num_str(x: Any) -> str:
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    return str(x)


def str_or_num(x: Any) -> bool:
    return isinstance(x, str) or (isinstance(x, (int, float)) and not isinstance(x, bool))


def merge_allof(node: dict) -> dict | None:
    """``node`` with its ``allOf`` branches merged into it, or None when they conflict.

    Branches must be mappings without ``$ref`` or nested ``allOf``; ``properties`` are united (a property defined
    twice must be defined identically), ``required`` lists are united, any other keyword must agree (annotations:
    the parent's wins).
    """
    branches = node.get("allOf")
    if not isinstance(branches, list) or not all(isinstance(b, dict) for b in branches):
        return None
    out = {k: v for k, v in node.items() if k != "allOf"}
    for b in branches:
        if "$ref" in b or "allOf" in b:
            return None
        for k, v in b.items():
            if not _merge_key(out, k, v):
                return None
    return out


def _merge_key(out: dict, k: str, v: Any) -> bool:
    """Merge one keyword of an `allOf` branch into ``out``; False when it conflicts."""
    if k == "properties" and isinstance(v, dict):
        props = dict(out.get("properties") or {}) if isinstance(out.get("properties", {}), dict) else None
        if props is None:
            return False
        for n, s in v.items():
            if n in props and props[n] != s:
                return False
            props[n] = s
        out["properties"] = props
    elif k == "required" and isinstance(v, list):
        req = list(out.get("required") or []) if isinstance(out.get("required", []), list) else None
        if req is None:
            return False
        req.extend(x for x in v if x not in req)
        out["required"] = req
    elif k in out:
        if out[k] != v and k not in ANNOTATIONS:
            return False
    else:
        out[k] = v
    return True


def make_nullable(schema: dict) -> dict:
    """A schema that also accepts ``null`` (same mapping when it can be done in place)."""
    if "$ref" in schema:
        outer = {k: v for k, v in schema.items() if k in ("description", "title")}
        inner = {k: v for k, v in schema.items() if k not in outer}
        outer["anyOf"] = [inner, {"type": "null"}]
        return outer
    t = schema.get("type")
    if isinstance(t, str):
        schema["type"] = [t, "null"]
    elif isinstance(t, list):
        if "null" not in t:
            schema["type"] = t + ["null"]
    elif isinstance(schema.get("anyOf"), list):
        schema["anyOf"] = schema["anyOf"] + [{"type": "null"}]
        return schema
    if isinstance(schema.get("enum"), list) and None not in schema["enum"]:
        schema["enum"] = schema["enum"] + [None]
    if "const" in schema:
        schema["enum"] = [schema.pop("const"), None]
    return schema


def root_union_droppable(node: dict, key: str) -> bool:
    """A root ``anyOf``/``oneOf`` the export can drop without rejecting any argument object the contract accepts:
    its branches only constrain the root object (e.g. "one of a or b is required", "a is a non-empty string
    here"), and every property they name is one the root declares (or the root is closed anyway). Dropping a
    constraint only widens what is accepted; the host still enforces it from the contract."""
    br = node.get(key)
    if not (isinstance(br, list) and br and is_object(node) and all(isinstance(b, dict) for b in br)):
        return False
    if all(set(b) <= ROOT_UNION_OK for b in br):
        return True
    props = node.get("properties")
    declared = set(props) if isinstance(props, dict) else set()
    closed = node.get("additionalProperties") is False
    for b in br:
        names = branch_property_names(b)
        if names is None or not (closed or names <= declared):
            return False
        if b.get("type") not in (None, "object"):
            return False
    return True


def branch_property_names(branch: Any, depth: int = 0) -> set | None:
    """The property names an in-place branch (of `anyOf`/`oneOf`/`allOf`, or `not`/`if`/`then`/`else`) declares,
    through its own nested in-place branches; None when it can admit names it does not list (a
    `patternProperties` map or an `additionalProperties` schema), which only the branch itself could express."""
    if isinstance(branch, bool):
        return set()
    if not isinstance(branch, dict) or depth > 20:
        return None
    if branch.get("patternProperties") or isinstance(branch.get("additionalProperties"), dict) \
            or "$ref" in branch:
        return None
    props = branch.get("properties")
    names = set(props) if isinstance(props, dict) else set()
    for key in ("anyOf", "oneOf", "allOf"):
        for sub in branch.get(key) or () if isinstance(branch.get(key), list) else ():
            more = branch_property_names(sub, depth + 1)
            if more is None:
                return None
            names |= more
    for key in ("not", "if", "then", "else"):
        if key in branch:
            more = branch_property_names(branch[key], depth + 1)
            if more is None:
                return None
            names |= more
    return names


def distributable(node: dict) -> bool:
    """Whether the siblings of ``anyOf`` can move into every branch without changing what is valid."""
    br = node.get("anyOf")
    if not isinstance(br, list) or not br or not all(isinstance(b, dict) for b in br):
        return False
    for k, v in node.items():
        if k == "anyOf":
            continue
        if k in ("$defs", "definitions", "$ref"):
            return False
        for b in br:
            if k in b and b[k] != v and k not in ANNOTATIONS:
                return False
    return True


def infer_type(node: dict) -> str | None:
    """The type a schema without `type` implies from its other keywords (None when nothing does)."""
    if any(k in node for k in ("properties", "required", "minProperties", "maxProperties", "additionalProperties")):
        return "object"
    if any(k in node for k in ("items", "minItems", "maxItems", "prefixItems")):
        return "array"
    enum = node.get("enum")
    if isinstance(enum, list) and enum:
        if all(isinstance(x, str) for x in enum):
            return "string"
        if all(isinstance(x, bool) for x in enum):
            return "boolean"
        if all(isinstance(x, int) and not isinstance(x, bool) for x in enum):
            return "integer"
        if all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in enum):
            return "number"
    if any(k in node for k in ("minLength", "maxLength", "pattern")):
        return "string"
    if any(k in node for k in ("minimum", "maximum")):
        return "number"
    return None


def pattern_features(pattern: str) -> list[str]:
    """The regex features of ``pattern`` that Anthropic strict mode rejects (ANT-STRICT-011)."""
    import re

    return [what for rx, what in _PATTERN_FEATURES if re.search(rx, pattern)]


def is_inlinable(refs: Refs | None, root: Any, node: dict, path: tuple) -> bool:
    """Whether the ``$ref`` of ``node`` (at ``path``) is local, resolvable and not recursive."""
    r = node.get("$ref")
    if refs is None or is_external_ref(r):
        return False
    tgt = ref_target(r)
    return tgt is not None and isinstance(resolve(root, tgt), dict) and not refs.is_recursive(path, tgt)


def const_stated(schema: dict) -> bool:
    """Whether the schema's own description states its `const` value (the string itself, or `true`, `false`,
    `null` or the number as a word), so a target that ignores `const` still tells the model what to send."""
    desc = schema.get("description")
    if not isinstance(desc, str) or not desc:
        return False
    v = schema.get("const")
    if isinstance(v, bool) or v is None:
        word = "true" if v is True else "false" if v is False else "null"
    elif isinstance(v, (int, float)):
        word = repr(v)
    elif isinstance(v, str) and v.strip():
        word = v.strip()
    else:
        return False
    return re.search(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", desc, re.IGNORECASE) is not None


IN_PLACE_LIST = ("anyOf", "oneOf", "allOf")
IN_PLACE_ONE = ("not", "if", "then", "else")


def in_place_branch(root: Any, path: tuple) -> bool:
    """Whether the subschema at ``path`` is an applicator branch (`anyOf`/`oneOf`/`allOf`/`not`/`if`/...) of an
    object schema that lists its own properties: it constrains that same object."""
    if root is None or not path:
        return False
    if len(path) >= 2 and path[-2] in IN_PLACE_LIST:
        parent = resolve(root, path[:-2])
    elif path[-1] in IN_PLACE_ONE:
        parent = resolve(root, path[:-1])
    else:
        return False
    props = parent.get("properties") if isinstance(parent, dict) else None
    return isinstance(props, dict) and bool(props)


def case_twins(values: list) -> tuple[str, str] | None:
    """Two string values that differ only by letter case, if any."""
    seen: dict[str, str] = {}
    for v in values:
        if not isinstance(v, str):
            continue
        k = v.casefold()
        if k in seen and seen[k] != v:
            return seen[k], v
        seen.setdefault(k, v)
    return None


def forced_recursion(loc: tuple, tgt: tuple, root: dict) -> bool:
    """Whether the recursion from ``tgt`` down to the `$ref` at ``loc`` runs only through required properties."""
    i = 0
    while i < min(len(loc), len(tgt)) and loc[i] == tgt[i]:
        i += 1
    seg_start = i
    node: Any = resolve(root, loc[:seg_start])
    saw_prop = False
    j = seg_start
    while j < len(loc):
        tok = loc[j]
        if not isinstance(node, dict):
            return False
        if tok == "properties" and j + 1 < len(loc):
            name = loc[j + 1]
            req = node.get("required")
            if not (isinstance(req, list) and name in req):
                return False
            saw_prop = True
            node = resolve(node, ("properties", name))
            j += 2
            continue
        if tok in ("items", "anyOf", "oneOf", "additionalProperties", "patternProperties", "prefixItems"):
            return False
        node = resolve(node, (tok,))
        j += 1
    return saw_prop
