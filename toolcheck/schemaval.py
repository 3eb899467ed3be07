"""One interface over the JSON Schema engine used for validating instances.

jsonschema-rs compiles a schema once and validates in Rust: ~100x faster than python-jsonschema on the corpus,
with a linear-time regex engine (a ``(a+)+$`` pattern cannot hang a check). It is created offline: a remote
``$ref`` is never retrieved (a retriever that refuses every URI), so it becomes a compile error we report.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .model.pointer import escape_pointer_token


class SchemaCompileError(Exception):
    """The schema itself cannot be compiled (bad regex, unresolvable or remote $ref, ...)."""


class RemoteRefRefused(Exception):
    pass


def _refuse(uri: str) -> Any:
    raise RemoteRefRefused(f"remote $ref {uri} is not fetched (toolcheck never uses the network)")


@dataclass
class VError:
    pointer: str  # instance location (RFC 6901)
    keyword: str
    message: str
    schema_path: tuple = ()
    extra: list = field(default_factory=list)  # required: [missing]; additionalProperties: unexpected names


def _pointer(path) -> str:
    return "".join("/" + escape_pointer_token(p) for p in path)


class Compiled:
    def __init__(self, schema: Any, mask: str | None = None) -> None:
        import jsonschema_rs

        self._rs = jsonschema_rs
        try:
            self._v = jsonschema_rs.validator_for(schema, retriever=_refuse, mask=mask)
        except (jsonschema_rs.ValidationError, jsonschema_rs.ReferencingError, ValueError, TypeError) as e:
            raise SchemaCompileError(_first_line(str(e))) from None
        except Exception as e:  # the engine surfaces our retriever's refusal under several types
            raise SchemaCompileError(_first_line(str(e))) from None

    def is_valid(self, instance: Any) -> bool:
        try:
            return self._v.is_valid(instance)
        except (ValueError, OverflowError, TypeError):
            return False

    def errors(self, instance: Any) -> list[VError]:
        out: list[VError] = []
        try:
            it = self._v.iter_errors(instance)
            for e in it:
                kind = e.kind
                name = getattr(kind, "name", "") or (e.schema_path[-1] if e.schema_path else "")
                extra: list = []
                if name == "required":
                    extra = [kind.property]
                elif name in ("additionalProperties", "unevaluatedProperties"):
                    extra = list(getattr(kind, "unexpected", []) or [])
                out.append(VError(_pointer(e.instance_path), str(name), e.message, tuple(e.schema_path), extra))
        except (ValueError, OverflowError, TypeError) as e:
            out.append(VError("", "type", f"value cannot be validated: {_first_line(str(e))}"))
        return out


def _first_line(s: str) -> str:
    return s.strip().splitlines()[0] if s.strip() else "invalid schema"


def compile_schema(schema: Any, mask: str | None = None) -> Compiled:
    return Compiled(schema, mask=mask)


def local_target(root: Any, ref: str) -> Any:
    """The subschema of ``root`` a same-document JSON-pointer ``$ref`` (``#``, ``#/$defs/x``) names, or None
    (another document, an anchor, or nothing there). For the host-side walks over a schema; TC112/TC113 resolve
    with :class:`StaticRefs` (base URIs, `$id` scoping, anchors)."""
    if not ref.startswith("#"):
        return None
    from urllib.parse import unquote

    frag = unquote(ref[1:])
    if frag == "":
        return root
    if not frag.startswith("/"):
        return None
    cur = root
    for t in frag[1:].split("/"):
        t = t.replace("~1", "/").replace("~0", "~")
        if isinstance(cur, dict) and t in cur:
            cur = cur[t]
        elif isinstance(cur, list) and t.isdigit() and int(t) < len(cur):
            cur = cur[int(t)]
        else:
            return None
    return cur if isinstance(cur, (dict, bool)) else None


# ------------------------------------------------------------------------------------------------ static refs

_SPEC_NAMES = {"2020-12": "DRAFT202012", "2019-09": "DRAFT201909", "draft-07": "DRAFT7", "draft-06": "DRAFT6",
               "draft-04": "DRAFT4"}


@dataclass
class RefResult:
    """What a `$ref` names, statically: ``kind`` is ``ok``, ``external`` (another document: never fetched),
    ``pointer`` (a JSON pointer to nothing in its resource), ``anchor`` (no such anchor) or ``other``."""

    kind: str
    uri: str  # the absolute URI the reference resolves to (after base-URI resolution)
    contents: Any = None  # ok: the target; pointer: the resource the pointer was evaluated in
    fragment: str = ""


class StaticRefs:
    """`$ref` resolution as the JSON Schema spec defines it — base URIs, `$id` scoping of embedded resources,
    `$anchor`s, the per-draft rules (draft-07 ignores an `$id` beside `$ref`) — by the `referencing` library
    (python-jsonschema's resolver), without the network: a reference to a document that is not embedded in the
    schema (nor a JSON Schema metaschema) is reported as ``external``, never retrieved.

    ``dialect`` is toolcheck's dialect name (``2020-12``, ``draft-07``, ...). Subschema locations are paths of
    keys from the root; :meth:`lookup` takes the path of the schema holding the `$ref` and the schemas on the way
    that carry an identifier (``ids``: path -> subschema), so the reference is resolved against its own base URI.
    """

    def __init__(self, root: Any, dialect: str, ids: dict[tuple, Any] | None = None) -> None:
        from jsonschema_specifications import REGISTRY as METASCHEMAS
        from referencing import jsonschema as rj

        self.spec = getattr(rj, _SPEC_NAMES.get(dialect, "DRAFT202012"))
        self.root = root
        self.ids = ids or {}
        resource = self.spec.create_resource(root)
        self.base = _defrag(resource.id() or "")
        self.registry = METASCHEMAS.with_resource(self.base, resource).crawl()

    def base_at(self, path: tuple) -> str:
        """The base URI in force at the subschema at ``path``."""
        from urllib.parse import urljoin

        uri = self.base
        for n in range(1, len(path) + 1):
            node = self.ids.get(path[:n])
            if node is None:
                continue
            i = self.spec.id_of(node) if isinstance(node, dict) else None
            if isinstance(i, str):
                uri = _defrag(urljoin(uri, i)) if uri else _defrag(i)
        return uri

    def lookup(self, ref: str, path: tuple = ()) -> RefResult:
        from urllib.parse import urljoin

        from referencing.exceptions import InvalidAnchor, NoSuchAnchor, PointerToNowhere, Unresolvable

        base = self.base_at(path)
        uri, _, frag = ref.partition("#")
        absolute = (urljoin(base, uri) if base else uri) if uri else base
        resolver = self.registry.resolver(base_uri=base)
        try:
            resolved = resolver.lookup(ref)
        except PointerToNowhere:
            return RefResult("pointer", absolute, self._resource(resolver, absolute), frag)
        except (NoSuchAnchor, InvalidAnchor):
            return RefResult("anchor", absolute, None, frag)
        except Unresolvable:
            try:
                resolver.lookup(uri) if uri else None
            except Unresolvable:
                return RefResult("external", absolute, None, frag)
            return RefResult("other", absolute, None, frag)
        except Exception:  # noqa: BLE001 - a malformed URI or pointer: unresolvable, whatever the library says
            return RefResult("other", absolute, None, frag)
        return RefResult("ok", absolute, resolved.contents, frag)

    def _resource(self, resolver, absolute: str) -> Any:
        try:
            return resolver.lookup(absolute).contents
        except Exception:  # noqa: BLE001
            return None


def _defrag(uri: str) -> str:
    return uri.split("#", 1)[0]
