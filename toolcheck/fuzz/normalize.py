"""Rewrite a schema for hypothesis-jsonschema, which reads drafts 4/6/7 and no recursive ``$ref``.

:func:`normalise` returns a ref-free draft-07 style schema that admits the same instances as the original, as
far as it can say so, and lists every place where it cannot (an approximation). Then the driver filters every
generated instance through the real validator, and a disagreement between generator and validator is not
reported, since the generator was not given the schema as written.

- every local ``$ref`` is inlined (JSON pointers, ``$anchor``, ``$dynamicAnchor``, draft-07 ``$id: "#name"``,
  embedded ``$id`` resources); a recursive one is unrolled ``RECURSION`` levels and then replaced by ``false``
  (an approximation: only finite instances are generated, which is all we want anyway);
- ``$ref`` siblings: ignored in drafts 4-7 (as those drafts say), an ``allOf`` in 2019-09 and 2020-12;
- ``prefixItems`` + ``items`` -> ``items`` (list) + ``additionalItems``; ``dependentRequired`` and
  ``dependentSchemas`` -> ``dependencies``; ``unevaluatedProperties``/``unevaluatedItems`` on a schema without
  applicators -> ``additionalProperties``/``additionalItems`` (elsewhere: an approximation); draft-04 boolean
  ``exclusiveMinimum``/``exclusiveMaximum`` -> the numeric form;
- ``pattern``: ECMA-262 classes (``\\d``, ``\\w``, ``\\s`` and negations are ASCII, or the ECMA whitespace set)
  written as the Python ``re`` classes that mean the same, named groups ``(?<n>...)`` as ``(?P<n>...)``;
- annotations and unknown keywords (which no validator applies) are dropped.

``origin`` maps ``id()`` of every output mapping to the pointer of the node it came from, relative to the schema
root (an inlined definition keeps its own pointer, e.g. ``/$defs/address``), so findings point at the source.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote, urldefrag, urljoin

from ..model.pointer import escape_pointer_token

RECURSION = 3  # how many times one recursive $ref is expanded along a path
MAX_NODES = 5_000  # output nodes (corpus A: at most 283); beyond this the schema is "too large to fuzz"
MAX_DEPTH = 160

D2020, D2019, D7, D6, D4 = "2020-12", "2019-09", "draft-07", "draft-06", "draft-04"
_URI_DIALECT = {
    "json-schema.org/draft/2020-12/schema": D2020,
    "json-schema.org/draft/2019-09/schema": D2019,
    "json-schema.org/draft-07/schema": D7,
    "json-schema.org/draft-06/schema": D6,
    "json-schema.org/draft-04/schema": D4,
}
OLD = (D7, D6, D4)

# keywords kept as they are (values are data, not schemas)
_PLAIN = frozenset((
    "type", "enum", "const", "multipleOf", "maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum",
    "maxLength", "minLength", "maxItems", "minItems", "uniqueItems", "maxProperties", "minProperties", "required",
    "format",
))
_ONE = ("additionalProperties", "additionalItems", "contains", "propertyNames", "not", "if", "then", "else")
_REF_KEYS = ("$ref", "$dynamicRef", "$recursiveRef")
_APPLICATORS = frozenset(("allOf", "anyOf", "oneOf", "if", "then", "else", "dependentSchemas", "$ref",
                          "$dynamicRef", "$recursiveRef", "dependencies"))
_NEW_ONLY = frozenset(("prefixItems", "dependentRequired", "dependentSchemas", "unevaluatedProperties",
                       "unevaluatedItems", "minContains", "maxContains"))
# dropped without a word: annotations, identifiers, definitions (reached through $ref only)
_SILENT = frozenset((
    "$schema", "$id", "id", "$anchor", "$dynamicAnchor", "$recursiveAnchor", "$comment", "$vocabulary", "$defs",
    "definitions", "title", "description", "default", "examples", "example", "deprecated", "readOnly", "writeOnly",
    "contentEncoding", "contentMediaType", "contentSchema", "nullable", "discriminator", "xml", "externalDocs",
))


# what untyped values and undeclared extra properties are generated as (see _narrow)
CHEAP = {"type": ["string", "integer", "boolean", "null"], "maxLength": 24}
_NEGATIVE = frozenset(("not", "if", "oneOf"))


def _cheap() -> dict:
    return {"type": list(CHEAP["type"]), "maxLength": CHEAP["maxLength"]}


class Unsupported(Exception):
    """The schema cannot be given to the generator at all; the message says why."""


@dataclass
class Normalised:
    schema: Any
    approximations: list[str] = field(default_factory=list)
    origin: dict[int, str] = field(default_factory=dict)
    keep: list = field(default_factory=list, repr=False)
    # id() of nodes the normaliser made up to keep generation cheap: "any" (an untyped schema, generated as
    # scalars) or "extra" (the values of undeclared extra properties); the mutations read past them
    synthetic: dict[int, str] = field(default_factory=dict)

    @property
    def exact(self) -> bool:
        return not self.approximations


def dialect_of(schema: Any) -> str:
    uri = schema.get("$schema") if isinstance(schema, dict) else None
    if not isinstance(uri, str):
        return D2020
    key = re.sub(r"^https?://", "", uri.strip()).rstrip("#")
    return _URI_DIALECT.get(key, D2020)


def normalise(schema: Any, dialect: str | None = None) -> Normalised:
    """The generator's version of ``schema`` (a mapping or a boolean); raises :class:`Unsupported`."""
    if isinstance(schema, bool):
        return Normalised(schema)
    if not isinstance(schema, dict):
        raise Unsupported("the schema is not a JSON object")
    return _Normaliser(schema, dialect or dialect_of(schema)).run()


# ------------------------------------------------------------------------------------------------ the walk

class _Normaliser:
    def __init__(self, root: dict, dialect: str) -> None:
        self.root = root
        self.dialect = dialect
        self.out = Normalised(None)
        self.nodes = 0
        self.approx: dict[str, None] = {}  # ordered set
        # embedded resources: absolute $id -> (node, pointer); anchors: (resource id, name) -> (node, pointer)
        self.ids: dict[str, tuple[Any, str]] = {}
        self.anchors: dict[tuple[str, str], tuple[Any, str]] = {}
        self.base = ""
        root_id = root.get("$id") if self.dialect not in (D4,) else root.get("id", root.get("$id"))
        if isinstance(root_id, str):
            self.base = urldefrag(root_id)[0]
        self._index()

    def run(self) -> Normalised:
        try:
            self.out.schema = self.conv(self.root, "", self.base, self.root, (), 0)
        except RecursionError:
            raise Unsupported("the schema nests too deeply") from None
        self.out.approximations = list(self.approx)
        return self.out

    def approximate(self, what: str) -> None:
        self.approx[what] = None

    # -------------------------------------------------------------------------------------------- refs

    def _index(self) -> None:
        """Find embedded `$id`s and anchors (iteratively, bounded)."""
        stack: list[tuple[Any, str, str]] = [(self.root, "", self.base)]
        seen = 0
        while stack and seen < 50_000:
            node, ptr, base = stack.pop()
            seen += 1
            if not isinstance(node, dict):
                if isinstance(node, list):
                    for i, v in enumerate(node):
                        if isinstance(v, (dict, list)):
                            stack.append((v, f"{ptr}/{i}", base))
                continue
            nid = node.get("$id")
            if isinstance(nid, str) and ptr:
                if nid.startswith("#") and self.dialect in OLD:  # draft-07 location-independent identifier
                    self.anchors[(base, nid[1:])] = (node, ptr)
                else:
                    base = urldefrag(urljoin(base, nid))[0]
                    self.ids[base] = (node, ptr)
            for key in ("$anchor", "$dynamicAnchor"):
                a = node.get(key)
                if isinstance(a, str):
                    self.anchors.setdefault((base, a), (node, ptr))
            for k, v in node.items():
                if k in ("enum", "const", "default", "examples", "example"):
                    continue
                if isinstance(v, (dict, list)):
                    stack.append((v, f"{ptr}/{escape_pointer_token(k)}", base))
        if self.base:
            self.ids.setdefault(self.base, (self.root, ""))

    def resolve(self, ref: str, base: str, resource: Any) -> tuple[Any, str, str, Any]:
        """(node, pointer, base, resource root) that ``ref`` names; raises Unsupported."""
        url, frag = urldefrag(ref)
        if url:
            absolute = urldefrag(urljoin(base, url))[0] if base or ":" not in url else url
            hit = self.ids.get(absolute) or self.ids.get(url)
            if hit is None:
                raise Unsupported(f"`$ref` {ref!r} names another document (never fetched)")
            res_node, res_ptr = hit
            base, resource = absolute, res_node
        else:
            res_node = resource
            res_ptr = self._pointer_of(resource)
        if not frag:
            return res_node, res_ptr, base, resource
        if frag.startswith("/"):
            node: Any = res_node
            ptr = res_ptr
            for raw in frag[1:].split("/"):
                tok = unquote(raw).replace("~1", "/").replace("~0", "~")
                if isinstance(node, dict) and tok in node:
                    node = node[tok]
                elif isinstance(node, list) and tok.isdigit() and int(tok) < len(node):
                    node = node[int(tok)]
                else:
                    raise Unsupported(f"`$ref` {ref!r} points to nothing")
                ptr += "/" + escape_pointer_token(tok)
            return node, ptr, base, resource
        hit = self.anchors.get((base, frag)) or self.anchors.get(("", frag))
        if hit is None:
            raise Unsupported(f"`$ref` {ref!r} names an anchor the schema does not define")
        return hit[0], hit[1], base, resource

    def _pointer_of(self, resource: Any) -> str:
        if resource is self.root:
            return ""
        for node, ptr in self.ids.values():
            if node is resource:
                return ptr
        return ""

    # -------------------------------------------------------------------------------------------- nodes

    def conv(self, node: Any, ptr: str, base: str, resource: Any, stack: tuple, depth: int,
             positive: bool = True) -> Any:
        if node is True and positive:
            return self.cheap(ptr)
        if isinstance(node, bool):
            return node
        if not isinstance(node, dict):
            raise Unsupported(f"`{ptr or '/'}` is not a schema")
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise Unsupported(f"the schema has more than {MAX_NODES:,} subschemas (with its `$ref`s inlined)")
        if depth > MAX_DEPTH:
            raise Unsupported("the schema nests too deeply once its `$ref`s are inlined")
        nid = node.get("$id")
        if isinstance(nid, str) and ptr and not (nid.startswith("#") and self.dialect in OLD):
            base = urldefrag(urljoin(base, nid))[0]
            resource = node
        ref_key = next((k for k in _REF_KEYS if isinstance(node.get(k), str)), None)
        if ref_key is not None:
            return self.conv_ref(node, ref_key, ptr, base, resource, stack, depth, positive)
        return self.conv_plain(node, ptr, base, resource, stack, depth, positive=positive)

    def cheap(self, ptr: str) -> dict:
        out = _cheap()
        self.out.origin[id(out)] = ptr
        self.out.keep.append(out)
        self.out.synthetic[id(out)] = "any"
        return out

    def conv_ref(self, node: dict, ref_key: str, ptr: str, base: str, resource: Any, stack: tuple,
                 depth: int, positive: bool = True) -> Any:
        ref = node[ref_key]
        if ref_key != "$ref":
            self.approximate(f"`{ref_key}` is read as a plain `$ref`")
            if ref_key == "$recursiveRef":
                ref = "#"
        target, tptr, tbase, tres = self.resolve(ref, base, resource)
        if stack.count(tptr) >= RECURSION:
            self.approximate(f"the recursive `$ref` {ref!r} is expanded {RECURSION} levels deep")
            inner: Any = False
        else:
            inner = self.conv(target, tptr, tbase, tres, stack + (tptr,), depth + 1, positive)
        siblings = {k: v for k, v in node.items() if k != ref_key and k not in _SILENT}
        if self.dialect in OLD or not siblings:
            return inner
        out = self.conv_plain(node, ptr, base, resource, stack, depth, skip=ref_key, positive=positive,
                              has_ref=True)
        if isinstance(out, dict):
            out["allOf"] = [inner] + list(out.get("allOf", []))
        return out

    def conv_plain(self, node: dict, ptr: str, base: str, resource: Any, stack: tuple, depth: int,
                   skip: str | None = None, positive: bool = True, has_ref: bool = False) -> dict:
        """The draft-07 form of ``node``'s keywords (not its `$ref`, nor ``skip``), one handler per keyword."""
        out: dict[str, Any] = {}
        self.out.origin[id(out)] = ptr
        self.out.keep.append(out)
        d = depth + 1

        def sub(value: Any, *tokens: str | int) -> Any:
            p = ptr + "".join("/" + escape_pointer_token(t) for t in tokens)
            return self.conv(value, p, base, resource, stack, d, positive and tokens[0] not in _NEGATIVE)

        new = self.dialect not in OLD
        keywords = self._KEYWORDS
        for key, value in node.items():
            if key == skip or key in _SILENT or key in _REF_KEYS:
                continue
            if not new and key in _NEW_ONLY:
                continue  # not a keyword of drafts 4-7: validators ignore it, and so does the generator
            if key in _PLAIN:
                out[key] = value
            elif key in _ONE:
                out[key] = sub(value, key)
            else:
                handler = keywords.get(key)
                if handler is not None:
                    handler(self, out, key, value, node, sub, new)
            # anything else: an annotation or an unknown keyword, which validators ignore too
        if self.dialect == D4:
            _draft4_exclusive(out)
        if positive and not has_ref:
            _narrow(out, node, not ptr, self.out)
        return out

    # ---------------------------------------------------------------------------------- keywords of conv_plain
    # each handler writes the draft-07 form of ``node[key]`` (``value``) into ``out``; ``sub`` converts a subschema

    def _kw_pattern(self, out: dict, key: str, value: Any, node: dict, sub, new: bool) -> None:
        """`pattern` as a Python `re` pattern, or an approximation when it has none."""
        if isinstance(value, str):
            py = python_pattern(value)
            if py is None:
                self.approximate(f"`pattern` {value!r} has no Python `re` equivalent")
            else:
                out["pattern"] = py

    def _kw_list(self, out: dict, key: str, value: Any, node: dict, sub, new: bool) -> None:
        """`allOf`, `anyOf`, `oneOf`: each subschema converted."""
        if isinstance(value, list):
            out[key] = [sub(v, key, i) for i, v in enumerate(value)]

    def _kw_map(self, out: dict, key: str, value: Any, node: dict, sub, new: bool) -> None:
        """`properties`, `patternProperties` (keys as Python patterns): each subschema converted."""
        if isinstance(value, dict):
            m = {}
            for name, v in value.items():
                if key == "patternProperties":
                    py = python_pattern(name)
                    if py is None:
                        self.approximate(f"`patternProperties` key {name!r} has no Python `re` equivalent")
                        continue
                    m[py] = sub(v, key, name)
                else:
                    m[name] = sub(v, key, name)
            out[key] = m

    def _kw_items(self, out: dict, key: str, value: Any, node: dict, sub, new: bool) -> None:
        """`items`: a tuple stays a tuple; beside a 2020-12 `prefixItems` it is the `additionalItems`."""
        if isinstance(value, list):
            out["items"] = [sub(v, "items", i) for i, v in enumerate(value)]
        elif isinstance(node.get("prefixItems"), list) and new:
            out["additionalItems"] = sub(value, "items")
        else:
            out["items"] = sub(value, "items")

    def _kw_prefix_items(self, out: dict, key: str, value: Any, node: dict, sub, new: bool) -> None:
        """`prefixItems` -> tuple `items`."""
        if isinstance(value, list):  # no `items` beside it: further items are free (draft-07 default)
            out["items"] = [sub(v, "prefixItems", i) for i, v in enumerate(value)]

    def _kw_dependencies(self, out: dict, key: str, value: Any, node: dict, sub, new: bool) -> None:
        """`dependencies`: property lists kept, subschemas converted."""
        if isinstance(value, dict):
            dep = out.setdefault("dependencies", {})
            for name, v in value.items():
                dep[name] = v if isinstance(v, list) else sub(v, key, name)

    def _kw_dependent_required(self, out: dict, key: str, value: Any, node: dict, sub, new: bool) -> None:
        """`dependentRequired` -> `dependencies` (merged with a `dependentSchemas` entry of the same name)."""
        if isinstance(value, dict):
            dep = out.setdefault("dependencies", {})
            for name, v in value.items():
                if isinstance(v, list):
                    if isinstance(dep.get(name), dict):  # both forms for one name: merge
                        dep[name] = {"allOf": [dep[name], {"required": v}]}
                    else:
                        dep[name] = v

    def _kw_dependent_schemas(self, out: dict, key: str, value: Any, node: dict, sub, new: bool) -> None:
        """`dependentSchemas` -> `dependencies` (merged with a `dependentRequired` entry of the same name)."""
        if isinstance(value, dict):
            dep = out.setdefault("dependencies", {})
            for name, v in value.items():
                s = sub(v, key, name)
                if name in dep:
                    prev = dep[name]
                    dep[name] = {"allOf": [{"required": prev} if isinstance(prev, list) else prev, s]}
                else:
                    dep[name] = s

    def _kw_unevaluated_properties(self, out: dict, key: str, value: Any, node: dict, sub, new: bool) -> None:
        """`unevaluatedProperties` -> `additionalProperties` where no applicator can evaluate a property."""
        if value is True:
            return
        if not (_APPLICATORS & set(node)) and "additionalProperties" not in node:
            out["additionalProperties"] = sub(value, key)
        else:
            self.approximate("`unevaluatedProperties` beside applicators")

    def _kw_unevaluated_items(self, out: dict, key: str, value: Any, node: dict, sub, new: bool) -> None:
        """`unevaluatedItems` -> `additionalItems`/`items` where no applicator can evaluate an item."""
        if value is True:
            return
        if not (_APPLICATORS & set(node)):
            if isinstance(node.get("prefixItems"), list) and "items" not in node:
                out["additionalItems"] = sub(value, key)
            elif "items" not in node and "prefixItems" not in node:
                out["items"] = sub(value, key)
            # else `items` already covers every item
        else:
            self.approximate("`unevaluatedItems` beside applicators")

    def _kw_contains_count(self, out: dict, key: str, value: Any, node: dict, sub, new: bool) -> None:
        """`minContains`/`maxContains`: no draft-07 form (an approximation, but for the default `minContains: 1`)."""
        if key == "minContains" and value == 1:
            return
        self.approximate(f"`{key}`")

    _KEYWORDS = {
        "pattern": _kw_pattern,
        "allOf": _kw_list, "anyOf": _kw_list, "oneOf": _kw_list,
        "properties": _kw_map, "patternProperties": _kw_map,
        "items": _kw_items,
        "prefixItems": _kw_prefix_items,
        "dependencies": _kw_dependencies,
        "dependentRequired": _kw_dependent_required,
        "dependentSchemas": _kw_dependent_schemas,
        "unevaluatedProperties": _kw_unevaluated_properties,
        "unevaluatedItems": _kw_unevaluated_items,
        "minContains": _kw_contains_count, "maxContains": _kw_contains_count,
    }


# keywords that make an empty output schema mean more than "anything" (it is not made cheap then)
_NOT_ANY = ("$ref", "$dynamicRef", "$recursiveRef", "unevaluatedProperties", "unevaluatedItems", "pattern",
            "patternProperties")
# keywords that say what the root is without a `type`
_ROOT_SAYS = ("anyOf", "oneOf", "allOf", "enum", "const", "not")


def _narrow(out: dict, node: dict, root: bool, norm: Normalised) -> None:
    """Make generation cheap where it only narrows what is generated (never under `not`, `if` or `oneOf`, where
    a narrower schema could admit more): values of undeclared extra properties and of untyped schemas are
    scalars. hypothesis-jsonschema builds its any-JSON strategy anew for every such value (~50 ms per instance);
    extra properties and wrong types are what the mutations (TC703) try anyway."""
    if not out and not any(k in node for k in _NOT_ANY):
        out.update(_cheap() if not root else {"type": "object"})
        if not root:
            norm.synthetic[id(out)] = "any"
    if _objectish(out) and "additionalProperties" not in out and "patternProperties" not in out \
            and "unevaluatedProperties" not in node:
        _cheap_extra_properties(out, norm)
    if root and "type" not in out and not any(k in out for k in _ROOT_SAYS):
        out["type"] = "object"


def _objectish(out: dict) -> bool:
    """Does the converted schema ``out`` describe an object (by `type` or `properties`)?"""
    t = out.get("type")
    return t == "object" or (isinstance(t, list) and "object" in t) or "properties" in out


def _cheap_extra_properties(out: dict, norm: Normalised) -> None:
    """Generate undeclared extra properties of the open object ``out`` as scalars, named from a short list."""
    extra = _cheap()
    norm.keep.append(extra)
    norm.synthetic[id(extra)] = "extra"
    out["additionalProperties"] = extra
    if "propertyNames" not in out:
        # names from a short list (the declared ones and a few extra): drawing random Unicode names and
        # values for them is most of hypothesis-jsonschema's time on an open object
        pn = _property_names(out)
        norm.keep.append(pn)
        norm.synthetic[id(pn)] = "names"
        out["propertyNames"] = pn


def _property_names(out: dict) -> dict:
    """The `propertyNames` enum of ``out``: its declared names, then enough `extra`, `extra_1`... for
    `minProperties` (at least one, at most 50)."""
    names = _declared_names(out)
    mp = out.get("minProperties")
    need = max(1, (mp - len(names)) if isinstance(mp, int) and not isinstance(mp, bool) else 1)
    extras = [f"extra_{i}" if i else "extra" for i in range(min(need, 50))]
    return {"enum": sorted(names) + [e for e in extras if e not in names]}


def _declared_names(out: dict) -> set:
    """The property names ``out`` mentions: in `properties`, `required` and `dependencies` (keys and lists)."""
    names = {n for n in (out.get("properties") or {}) if isinstance(n, str)}
    req = out.get("required")
    if isinstance(req, list):
        names.update(n for n in req if isinstance(n, str))
    dep = out.get("dependencies")
    if isinstance(dep, dict):
        names.update(n for n in dep if isinstance(n, str))
        for v in dep.values():
            if isinstance(v, list):
                names.update(n for n in v if isinstance(n, str))
    return names


def _draft4_exclusive(out: dict) -> None:
    for ex, bound in (("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")):
        v = out.get(ex)
        if isinstance(v, bool):
            if v and isinstance(out.get(bound), (int, float)):
                out[ex] = out.pop(bound)
            else:
                del out[ex]


# ------------------------------------------------------------------------------------------------ patterns

_ECMA_SPACE = "\\t\\n\\x0b\\x0c\\r \\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff"
_CLASS_BODY = {"d": "0-9", "w": "A-Za-z0-9_", "s": _ECMA_SPACE}
_NEGATABLE_OUTSIDE = {"D": "[^0-9]", "W": "[^A-Za-z0-9_]", "S": "[^" + _ECMA_SPACE + "]"}
_cache: dict[str, str | None] = {}


def python_pattern(pattern: str) -> str | None:
    """A Python ``re`` pattern that matches what the ECMA-262 ``pattern`` matches, or None if unknown."""
    if pattern in _cache:
        return _cache[pattern]
    out = _translate(pattern)
    if out is not None:
        try:
            re.compile(out)
        except (re.error, OverflowError, RecursionError, ValueError):
            out = None
    if len(_cache) > 5000:
        _cache.clear()
    _cache[pattern] = out
    return out


def _translate(p: str) -> str | None:
    """``p`` with its ECMA-262 escapes, classes and named groups written for Python `re`; None: no equivalent."""
    out: list[str] = []
    i, n = 0, len(p)
    in_class = False
    while i < n:
        c = p[i]
        if c == "\\":
            got = _escape(p, i, in_class)
            if got is None:
                return None
            text, i = got
            out.append(text)
        elif in_class:
            if c == "]":
                in_class = False
            out.append("\\[" if c == "[" else c)
            i += 1
        elif c == "[":
            i, in_class = _open_class(p, i, out)
        elif c == "(" and p.startswith("(?<", i) and not p.startswith(("(?<=", "(?<!"), i):
            out.append("(?P<")
            i += 3
        else:
            out.append(c)
            i += 1
    if in_class:
        return None
    return "".join(out)


def _escape(p: str, i: int, in_class: bool) -> tuple[str, int] | None:
    """The Python text of the escape that starts at ``p[i]`` (a backslash) and the index after it; None when
    Python `re` has no equivalent."""
    n = len(p)
    if i + 1 >= n:
        return None
    e = p[i + 1]
    if e in _CLASS_BODY:
        return (_CLASS_BODY[e] if in_class else "[" + _CLASS_BODY[e] + "]"), i + 2
    if e in _NEGATABLE_OUTSIDE:
        return None if in_class else (_NEGATABLE_OUTSIDE[e], i + 2)
    if e == "u" and i + 2 < n and p[i + 2] == "{":
        return _code_point(p, i)
    if e == "c" and i + 2 < n and p[i + 2].isalpha():
        return re.escape(chr(ord(p[i + 2]) % 32)), i + 3
    if e in "pP":
        return None  # Unicode property escapes: Python `re` has none
    if e == "k" and i + 2 < n and p[i + 2] == "<":
        j = p.find(">", i + 3)
        return None if j < 0 else (f"(?P={p[i + 3:j]})", j + 1)
    if e == "/":
        return "/", i + 2
    return p[i:i + 2], i + 2


def _code_point(p: str, i: int) -> tuple[str, int] | None:
    """The escaped character of ``\\u{...}`` at ``p[i]`` and the index after it; None if it is not one."""
    j = p.find("}", i + 3)
    if j < 0:
        return None
    try:
        cp = int(p[i + 3:j], 16)
        return re.escape(chr(cp)), j + 1
    except (ValueError, OverflowError):
        return None


def _open_class(p: str, i: int, out: list[str]) -> tuple[int, bool]:
    """Write the class that opens at ``p[i]`` (a `[`) as far as its first character; (the index after what was
    read, whether the class is still open). ECMA `[]` matches nothing, `[^]` anything."""
    n = len(p)
    out.append("[")
    i += 1
    if i < n and p[i] == "^":
        out.append("^")
        i += 1
    if i < n and p[i] == "]":
        if out[-1] == "^":
            out[-2:] = ["[\\s\\S]"]
        else:
            out[-1:] = ["(?!)"]
        return i + 1, False
    return i, True
