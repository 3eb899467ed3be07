"""TC1's facts: each `parameters` and `returns` schema of a contract (any alias), walked once.

:class:`SchemaIndex` gives one :class:`SchemaFacts` per contract; its :attr:`~SchemaFacts.schemas` are the
contract's schema objects, each a :class:`Schema` built by a single iterative, keyword-aware walk over its
subschemas: names under ``properties``/``$defs`` and values under ``enum``/``default`` are data, never keywords.
The walk records every subschema (:class:`Node`: its path, and for a property schema its parent object and its
name), the subschemas holding each keyword a rule reads (:meth:`Schema.with_key`), the keys that are not
keywords of the dialect, and the `$ref`s, anchors and identifiers. What several rules judge together is
computed on first use and kept: whether a value passes its schema (TC109-TC111), the contradictions of one
subschema (TC111/TC119), the resolution of each `$ref` (TC112/TC113).

One problem, one owner: a bad type name (TC103), a boolean `required` (TC105) or a repeated `required` entry
(TC107) is not reported again by the metaschema (TC101): those rules declare ``supersedes=("TC101",)``, and
TC101 validates a copy of the schema without those keyword values (as its documentation says) — no rule changes
what another reads. Where a bad `type` makes a value check meaningless (TC109-TC111), the value rules read
:meth:`Schema.bad_type`.

Values come from hostile files: the walk is bounded (:data:`MAX_NODES` subschemas, :data:`MAX_DEPTH` tokens)
and every fact guards its types; a `parameters` that is not a schema object is TC009's.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, NamedTuple
from urllib.parse import urldefrag, urljoin

from ..base import Index, RunView
from ._tables import (
    CANONICAL_URI,
    D4,
    DIALECT_LABEL,
    JSON_TYPES,
    KEYWORDS,
    MAX_DEPTH,
    MAX_NODES,
    NODE_KEYS,
    SUB_LIST,
    SUB_MAP,
    SUB_ONE,
    WALK_KEYS,
    dialect_of,
)
from ._values import Undecided, names, ptr, quick, types_of

_MISSING = object()


class Node(NamedTuple):
    """One subschema: its path below the schema's root; for a schema under `properties`, the object schema
    that holds it and the property's name."""

    path: tuple
    node: dict
    parent: dict | None
    name: str | None


class Unknown(NamedTuple):
    """A key of a subschema that is not a keyword of the schema's dialect."""

    at: Node
    key: str
    value: Any


class EnumValue(NamedTuple):
    index: int
    value: Any
    ok: bool | None  # None: undecidable (the schema does not compile)
    why: str


def type_is_bad(t: Any) -> bool:
    """A `type` that is not a JSON Schema type name, or a list with such an entry or a non-string."""
    if t.__class__ is str:
        return t not in JSON_TYPES
    if isinstance(t, list):
        return not all(isinstance(x, str) and x in JSON_TYPES for x in t)
    return not (isinstance(t, str) and t in JSON_TYPES)


class Schema:
    """One schema object of a contract (`parameters` or `returns`, under the key the contract uses)."""

    def __init__(self, root: dict, key: str, role: str, lenient: bool) -> None:
        self.root = root
        self.key = key
        self.base = (key,)
        self.role = role  # "parameters" | "returns"
        self.lenient = lenient  # a vendor format (JSON Lines of functions, ...), not a contract
        self.dialect, self.bad_uri = dialect_of(root)
        self.keywords = KEYWORDS[self.dialect]
        self.label = DIALECT_LABEL[self.dialect]
        self.refs: list[tuple[tuple, str]] = []
        self.anchors: set[str] = set()
        self.ids: dict[str, Any] = {}
        self.id_nodes: dict[tuple, dict] = {}  # path -> subschema with an identifier (`$id`; draft-04 `id`)
        rid = root.get("$id") if self.dialect != D4 else root.get("id")
        self.base_uri = urldefrag(rid)[0] if isinstance(rid, str) else ""
        self.nodes = self._walk()
        self.keyed: dict[str, list[Node]] = {}
        self.unknown: list[Unknown] = []
        self._classify()
        self._compiled: dict[tuple, Any] = {}
        self._enums: dict[tuple, list[EnumValue]] = {}

    def pointer(self, path: tuple) -> str:
        """The JSON Pointer of ``path`` (below the schema's root), relative to the contract."""
        return ptr(self.base + path)

    def with_key(self, key: str) -> list[Node]:
        """The subschemas that hold ``key`` (one of :data:`._tables.NODE_KEYS`), in walk order."""
        return self.keyed.get(key, [])

    # -- the walk
    def _walk(self) -> list[Node]:
        out: list[Node] = []
        stack: list[Node] = [Node((), self.root, None, None)]
        # No "seen" set: a YAML alias shares one node between two places, and each place gets its findings.
        # Cycles (recursive aliases, if a loader ever lets one through) are bounded by MAX_NODES and the depth.
        while stack:
            item = stack.pop()
            if len(item.path) > MAX_DEPTH:
                continue
            out.append(item)
            if len(out) >= MAX_NODES:
                break
            if not WALK_KEYS.isdisjoint(item.node):
                self._children(item, stack)
        return out

    def _children(self, item: Node, stack: list[Node]) -> None:
        path, node = item.path, item.node
        for k, v in node.items():
            if k in SUB_ONE:
                if isinstance(v, dict):
                    stack.append(Node(path + (k,), v, None, None))
                elif k == "items" and isinstance(v, list):
                    stack.extend(Node(path + (k, i), s, None, None) for i, s in enumerate(v) if isinstance(s, dict))
            elif k in SUB_LIST:
                if isinstance(v, list):
                    stack.extend(Node(path + (k, i), s, None, None) for i, s in enumerate(v) if isinstance(s, dict))
            elif k in SUB_MAP:
                if isinstance(v, dict):
                    is_props = k == "properties"
                    for n, s in v.items():
                        if isinstance(s, dict):
                            stack.append(Node(path + (k, n), s, node if is_props else None, n if is_props else None))
            elif isinstance(v, str):
                self._identifier(path, node, k, v)

    def _identifier(self, path: tuple, node: dict, k: str, v: str) -> None:
        if k == "$ref":
            self.refs.append((path, v))
        elif k == "$anchor" or k == "$dynamicAnchor":
            self.anchors.add(v)
        elif (k == "$id" or (k == "id" and self.dialect == D4)) and path:
            self.id_nodes[path] = node
            if v.startswith("#"):
                self.anchors.add(v[1:])
            else:
                self.ids[urldefrag(urljoin(self.base_uri, v))[0]] = node

    def _classify(self) -> None:
        keywords = self.keywords
        keyed = self.keyed
        for item in self.nodes:
            node = item.node
            if not keywords.issuperset(node):  # set arithmetic in C: most nodes are {type, description}
                for k, v in node.items():
                    if isinstance(k, str) and k not in keywords:
                        self.unknown.append(Unknown(item, k, v))
            for k in NODE_KEYS.intersection(node):
                keyed.setdefault(k, []).append(item)

    # -- facts several rules read
    def patterns(self) -> list[tuple[tuple, str, str]]:
        """(path, pattern, what it is) of every `pattern` and `patternProperties` key (TC114-TC116)."""
        out: list[tuple[tuple, str, str]] = []
        for at in self.with_key("pattern"):
            p = at.node["pattern"]
            if isinstance(p, str):
                out.append((at.path + ("pattern",), p, "pattern"))
        for at in self.with_key("patternProperties"):
            pp = at.node["patternProperties"]
            if isinstance(pp, dict):
                out.extend((at.path + ("patternProperties", k), k, "patternProperties key") for k in pp
                           if isinstance(k, str))
        return out

    @staticmethod
    def bad_type(node: dict) -> bool:
        """Whether ``node``'s `type` is not a JSON Schema type (TC103, or the metaschema's): its values and
        contradictions are then not judged, as nobody can say which values it admits."""
        return "type" in node and type_is_bad(node["type"])

    def types_here(self, path: tuple, node: dict) -> set[str] | None:
        """The JSON types ``node`` admits, when it says (``type``, ``const``); the root of ``parameters`` is
        always an object (tool arguments are)."""
        ts = types_of(node)
        if not path and self.role == "parameters":
            return {"object"} if ts is None or "object" in ts else ts
        return ts

    def value_ok(self, path: tuple, node: dict, value: Any, skip: tuple) -> tuple[bool | None, str]:
        """Whether ``value`` validates against ``node`` without the keywords in ``skip``: True, False (with a
        reason) or None (undecidable: the schema does not compile)."""
        try:
            r = quick(node, value, skip, self.dialect, 0)
        except Undecided:
            r = None
        if r is not None:
            return (r is True), ("" if r is True else r)
        return self._value_ok_engine(path, node, value, skip)

    def _value_ok_engine(self, path: tuple, node: dict, value: Any, skip: tuple) -> tuple[bool | None, str]:
        from ...schemaval import SchemaCompileError, compile_schema

        key = (id(node), skip)
        comp = self._compiled.get(key, _MISSING)
        if comp is _MISSING:
            sub = {k: v for k, v in node.items() if k not in skip and k not in ("default", "examples", "example")}
            if path:
                for k in ("$defs", "definitions"):
                    if k in self.root and k not in sub:
                        sub[k] = self.root[k]
                sub.pop("$id", None)
            sub["$schema"] = CANONICAL_URI[self.dialect]
            try:
                comp = compile_schema(sub)
            except (SchemaCompileError, RecursionError):
                comp = None
            self._compiled[key] = comp
        if comp is None:
            return None, ""
        errs = comp.errors(value)
        if not errs:
            return True, ""
        e = errs[0]
        at = f" at `{e.pointer}`" if e.pointer else ""
        return False, f"fails `{e.keyword}`{at} ({e.message})"

    def enum_values(self, at: Node) -> list[EnumValue]:
        """Each value of ``at``'s non-empty `enum` list judged against the rest of its schema (TC109, TC111);
        empty when the list is empty, not a list, or the schema's `type` is bad."""
        got = self._enums.get(at.path)
        if got is None:
            enum = at.node.get("enum")
            got = []
            if isinstance(enum, list) and not self.bad_type(at.node):
                for i, v in enumerate(enum):
                    ok, why = self.value_ok(at.path, at.node, v, ("enum",))
                    got.append(EnumValue(i, v, ok, why))
            self._enums[at.path] = got
        return got

    @cached_property
    def contradictions(self) -> list:
        """Constraints of one subschema that no value (TC111), or no value of one type (TC119), satisfies."""
        from ._constraints import contradictions

        return list(contradictions(self))

    @cached_property
    def resolved_refs(self) -> list[tuple[tuple, str, Any]]:
        """(path, `$ref` text, `referencing`'s lookup or None when the schema's `$id`s cannot be read), each
        `$ref` resolved as the spec says (base URIs, `$id` scoping, anchors); nothing is ever retrieved."""
        if not self.refs:
            return []
        from ...schemaval import StaticRefs

        try:
            static = StaticRefs(self.root, self.dialect, self.id_nodes)
        except Exception:  # noqa: BLE001 - an identifier the library cannot read: every ref is judged
            return [(path, ref, None) for path, ref in self.refs]
        return [(path, ref, static.lookup(ref, path)) for path, ref in self.refs]


class SchemaFacts:
    """The schemas of one contract, walked on first use."""

    def __init__(self, contract: Any, extra_formats: frozenset[str],
                 extra_keywords: frozenset[str] = frozenset()) -> None:
        self.contract = contract
        self.extra_formats = extra_formats  # TC117's option `formats` (TC120 accepts them too)
        self.extra_keywords = extra_keywords  # TC104's option `allow` (TC121 accepts them too)

    @cached_property
    def schemas(self) -> list[Schema]:
        contract = self.contract
        data = contract.data
        if not isinstance(data, dict):
            return []
        lenient = contract.format != "contract"
        out: list[Schema] = []
        for role, key in (("parameters", contract.parameters_key), ("returns", contract.returns_key)):
            schema = data.get(key) if key is not None else None
            if isinstance(schema, dict):  # TC009 reports a parameters/returns that is not a schema object
                out.append(Schema(schema, key, role, lenient))
        return out


class SchemaIndex(Index):
    """TC1's index: one :class:`SchemaFacts` per contract, shared by every TC1 rule of the run (and by fuzz,
    which reads the static findings of the schemas it generates from)."""

    def __init__(self, run: RunView) -> None:
        super().__init__(run)
        self.extra_formats = names(run.options("TC117").get("formats"))
        self.extra_keywords = names(run.options("TC104").get("allow"))
        self._facts: dict[int, SchemaFacts] = {}

    def facts(self, item: Any) -> SchemaFacts:
        got = self._facts.get(id(item))
        if got is None or got.contract is not item:
            got = self._facts[id(item)] = SchemaFacts(item, self.extra_formats, self.extra_keywords)
        return got


__all__ = ["EnumValue", "Node", "Schema", "SchemaFacts", "SchemaIndex", "Unknown", "type_is_bad"]
