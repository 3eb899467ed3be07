"""The unknown keys of a schema as TC104 (unknown-keyword) and TC121 (vendor-keyword) share them out: which
keys are reported at all, and which of them is a vendor's keyword rather than a mistake (TC121's)."""

from __future__ import annotations

from collections.abc import Iterator

from ...suggest import closest
from ._tables import ACCEPTED_ANNOTATIONS, ALL_KEYWORDS, NONKEYWORD_HINTS
from .index import Schema, SchemaFacts, Unknown


def reported_unknown(facts: SchemaFacts, allow: frozenset[str]) -> Iterator[tuple[Schema, Unknown]]:
    """Every unknown key worth a finding: not an `x-` extension, an accepted annotation or an allowed keyword."""
    for s in facts.schemas:
        for u in s.unknown:
            k = u.key
            if k.startswith("x-") or k in ACCEPTED_ANNOTATIONS or k in allow:
                continue
            if k == "id" and isinstance(u.value, str):
                continue  # draft-04 identifier in a later dialect: harmless
            yield s, u


def suggestion(s: Schema, k: str) -> str | None:
    """The keyword an unknown key most likely means (a typo, or a non-keyword users expect to work)."""
    return NONKEYWORD_HINTS.get(k.lower()) or closest(k, s.keywords)


def looks_like_property(v: object) -> bool:
    """A value that is a property schema written outside `properties`."""
    return isinstance(v, dict) and ("type" in v or "description" in v)


def is_vendor_keyword(s: Schema, u: Unknown) -> bool:
    """TC121's: OpenAPI's `nullable` anywhere; in vendor-format input (JSON Lines of functions, ...), a key that
    is no keyword of any dialect, resembles none and is no misplaced property schema (the format's own key)."""
    k = u.key
    if k == "nullable":
        return True
    return (s.lenient and k != "optional" and k not in ALL_KEYWORDS and suggestion(s, k) is None
            and not looks_like_property(u.value))
