"""What a fix is: a titled list of edits to the document, each addressed by a JSON pointer.

A rule that knows the one right answer to its finding attaches a :class:`Fix` to the :class:`~toolcheck.model.findings.Hit`
it yields (``Hit(..., fix=Fix(...))``), with pointers relative to the item it checked, as the hit's own pointer;
the engine rebases them onto the file's document. Nothing here touches text: :mod:`toolcheck.fixing.apply`
turns edits into text splices of the YAML or JSON file and proves the result before anything is written.

Edits (``pointer`` names the node; ``value`` is JSON data):

========  =====================================================================================================
replace   the value at ``pointer`` becomes ``value``
quote     the plain YAML scalar at ``pointer`` is written quoted: the document then holds the string ``value``
          (the scalar's text as written), not what YAML 1.1 made of it
rename    the mapping entry at ``pointer`` gets the key ``value`` (same place, same value)
delete    the mapping entry or list item at ``pointer`` is removed
add       ``value`` is appended to the list at ``pointer`` unless it holds it already; a missing list is created
          in its parent mapping (after the entry ``after`` when there is one, else at the end)
set       the mapping entry at ``pointer`` is set to ``value``: replaced when it exists, else inserted after the
          entry ``after`` (when present) or at the end of the mapping
========  =====================================================================================================

Applicability, as ruff has it: ``safe`` fixes have one reading and either the original is invalid or the
context settles it; they are applied by ``--fix``. ``unsafe`` fixes change what a valid schema accepts (or
guess between readings); only ``--unsafe-fixes`` applies them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SAFE = "safe"
UNSAFE = "unsafe"
NONE = "none"
APPLICABILITIES = (SAFE, UNSAFE)
RULE_FIX_VALUES = (SAFE, UNSAFE, NONE)  # a rule's declaration (`fix=` of @rule, `fix` of a RuleSpec)
OPS = ("replace", "quote", "rename", "delete", "add", "set")
_HAS_VALUE = frozenset(("replace", "quote", "rename", "add", "set"))


@dataclass(frozen=True, slots=True)
class Edit:
    op: str
    pointer: str
    value: Any = None
    after: str | None = None  # add/set of a missing entry: insert it after this sibling key when present

    def __post_init__(self) -> None:
        if self.op not in OPS:
            raise ValueError(f"unknown edit op {self.op!r}")
        if self.pointer and not self.pointer.startswith("/"):
            raise ValueError(f"edit pointer must be a JSON pointer: {self.pointer!r}")
        if self.op == "rename" and not isinstance(self.value, str):
            raise ValueError("rename needs the new key as value")

    def rebased(self, base: str) -> Edit:
        return Edit(self.op, base + self.pointer, self.value, self.after) if base else self

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"op": self.op, "pointer": self.pointer}
        if self.op in _HAS_VALUE:
            d["value"] = self.value
        if self.after is not None:
            d["after"] = self.after
        return d


@dataclass(slots=True)
class Fix:
    """One finding's fix: what it does (``title``, imperative: "Quote `yes`"), how sure it is, and its edits."""

    title: str
    applicability: str
    edits: tuple[Edit, ...]
    # the JSON shown in reports, masked by the engine like every string of a finding (the edits themselves keep
    # the real text: they are what gets written)
    shown: dict[str, Any] | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.applicability not in APPLICABILITIES:
            raise ValueError(f"applicability is safe or unsafe, not {self.applicability!r}")
        self.edits = tuple(self.edits)
        if not self.edits:
            raise ValueError("a fix has at least one edit")

    def applies(self, unsafe: bool) -> bool:
        """Whether ``--fix`` applies it (``unsafe``: with ``--unsafe-fixes``)."""
        return self.applicability == SAFE or unsafe

    def rebased(self, base: str) -> Fix:
        if not base:
            return self
        return Fix(self.title, self.applicability, tuple(e.rebased(base) for e in self.edits))

    def as_unsafe(self) -> Fix:
        return self if self.applicability == UNSAFE else Fix(self.title, UNSAFE, self.edits)

    def raw_dict(self) -> dict[str, Any]:
        return {"applicability": self.applicability, "title": self.title,
                "edits": [e.to_dict() for e in self.edits]}

    def to_dict(self) -> dict[str, Any]:
        return self.shown if self.shown is not None else self.raw_dict()

    def mask(self, mask_data, alters=None) -> None:
        """Set what reports show: every string masked (see :func:`toolcheck.secrets.mask_data`); nothing is kept
        when masking changes nothing (the common case: a run may carry tens of thousands of fixes). ``alters(raw)``,
        when given, says whether masking changes anything, so an unchanged fix builds no masked copy."""
        raw = self.raw_dict()
        if alters is not None:
            self.shown = mask_data(raw) if alters(raw) else None
            return
        shown = mask_data(raw)
        self.shown = shown if shown != raw else None

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Fix:
        """A fix read back from a report or the cache (what it shows: its strings may be masked)."""
        edits = tuple(Edit(e["op"], e["pointer"], e.get("value"), e.get("after")) for e in d["edits"])
        f = cls(d["title"], d["applicability"], edits)
        f.shown = d
        return f


def fix_of(finding_or_hit: Any) -> Fix | None:
    f = getattr(finding_or_hit, "fix", None)
    return f if isinstance(f, Fix) else None
