"""Source maps: the position of each value and mapping key of a document, by JSON Pointer (1-based line and
column, columns in characters). A :class:`toolcheck.contract.SourceFile` holds one; the loaders fill it
(:mod:`toolcheck.loading.positions` holds the JSON ones that find positions on demand)."""

from __future__ import annotations


class PositionIndex:
    """Positions of values and of mapping keys, by JSON Pointer.

    ``locate`` falls back to the nearest ancestor that has a position, so a finding about something that has no
    node of its own (a missing key, an entry a check would add) lands on the mapping that should hold it.
    """

    def __init__(self) -> None:
        self.values: dict[str, tuple[int, int]] = {}
        self.keys: dict[str, tuple[int, int]] = {}

    def locate(self, pointer: str, prefer_key: bool = True) -> tuple[int, int]:
        p = pointer
        while True:
            if prefer_key and p in self.keys:
                return self.keys[p]
            if p in self.values:
                return self.values[p]
            if p in self.keys:
                return self.keys[p]
            if not p:
                return (1, 1)
            p = p[: p.rfind("/")]

    def key_line(self, pointer: str) -> int | None:
        pos = self.keys.get(pointer)
        return pos[0] if pos else None
