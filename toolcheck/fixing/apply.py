"""Fixes applied to one file's text, proven before they are kept.

``fix_text(text, kind, fixes)`` applies as many of ``fixes`` as fit together (their splices do not overlap;
several additions to one list become one), then proves the result: the new text must parse without error or
duplicate key, with toolcheck's own loader (YAML 1.1, as the findings were made), to exactly the document the
edits describe (applied to the parsed data: :func:`toolcheck.fixing.document.apply_edits`), and every comment of
the old text must still be there. A batch that fails the proof is retried one fix at a time; a fix that fails on
its own is reported as failed and not applied. Fixes that overlap an applied one are left for the next pass
(after the file is checked again, their findings are computed anew).

A file that does not parse, holds a duplicate key or crosses a limit is never edited.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .document import EditError, apply_edits, same
from .model import Edit, Fix
from .textedit import Refused, Splice, TextDoc, yaml_comments

_BLOCKING = frozenset(("TC001", "TC002", "TC004", "TC010", "TC011"))


@dataclass
class Outcome:
    text: str
    applied: list[Fix] = field(default_factory=list)
    deferred: list[Fix] = field(default_factory=list)  # overlapping an applied fix: try again on the new text
    failed: list[tuple[Fix, str]] = field(default_factory=list)  # (fix, why it was not applied)


def load_document(text: str, path: str, kind: str, role: str = "contracts", input_format: str = "auto",
                  limits=None) -> tuple[Any, str | None]:
    """(the document as toolcheck reads ``text``, None) or (None, why it must not be edited)."""
    from ..loading import load_file
    from ..loading.yaml_loader import Limits

    lf = load_file(path, path, limits or Limits(), role=role, input_format=input_format, text=text, kind=kind)
    bad = [h for h in lf.hits if h.code in _BLOCKING]
    if bad:
        return None, f"{bad[0].code}: {bad[0].message}"
    if not lf.file.documents:
        return None, "no document"
    return lf.file.documents[0], None


def fix_text(text: str, kind: str, fixes: list[Fix], *, path: str = "<text>", role: str = "contracts",
             input_format: str = "auto", limits=None) -> Outcome:
    """Apply ``fixes`` (in order) to ``text``, a ``kind`` (yaml, json, jsonl) file; see the module doc."""
    out = Outcome(text)
    fixes = _unique(fixes)
    if not fixes:
        return out
    doc, why = load_document(text, path, kind, role, input_format, limits)
    if why is not None:
        out.failed = [(f, f"the file is not edited ({why})") for f in fixes]
        return out
    try:
        tdoc = TextDoc(text, kind)
    except (Refused, ValueError) as e:
        out.failed = [(f, f"the file's text cannot be indexed ({e})") for f in fixes]
        return out
    batch, splices, deferred, failed = _compile(tdoc, doc, fixes)
    out.deferred, out.failed = deferred, failed
    if not batch:
        return out
    new = _splice(text, splices)
    problem = _prove(text, new, kind, doc, [e for f in batch for e in f.edits], path, role, input_format, limits)
    if problem is None:
        out.text, out.applied = new, batch
        return out
    if len(batch) == 1:
        out.failed.append((batch[0], problem))
        return out
    # one at a time: each fix proven on its own, on the text the previous ones left
    current = text
    for f in batch:
        one = fix_text(current, kind, [f], path=path, role=role, input_format=input_format, limits=limits)
        current = one.text
        out.applied.extend(one.applied)
        out.failed.extend(one.failed)
        out.deferred.extend(one.deferred)
    out.text = current
    return out


def _unique(fixes: list[Fix]) -> list[Fix]:
    """One of each fix (two targets may report the same problem with the same fix)."""
    seen: set = set()
    out = []
    for f in fixes:
        k = tuple((e.op, e.pointer, repr(e.value), e.after) for e in f.edits)
        if k not in seen:
            seen.add(k)
            out.append(f)
    return out


def _overlaps(a: Splice, b: Splice) -> bool:
    if a[0] == a[1] == b[0] == b[1]:
        return False  # two insertions at one place: both go in (the later one first, as `after` means)
    return a[0] <= b[1] and b[0] <= a[1]


class _Taken:
    """The spans of the splices taken so far, sorted: does a new span overlap one of them? (O(log n) per span:
    a file may take tens of thousands of fixes.) Taken spans never overlap each other, so their ends rise with
    their starts."""

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.spans: list[tuple[int, int, int]] = []  # (start, end, splice index)

    def add(self, s: Splice, k: int) -> None:
        i = bisect_right(self.starts, s[0])
        self.starts.insert(i, s[0])
        self.spans.insert(i, (s[0], s[1], k))

    def hits(self, s: Splice, skip: set[int]) -> bool:
        j = bisect_right(self.starts, s[1]) - 1
        while j >= 0 and self.spans[j][1] >= s[0]:
            a = self.spans[j]
            if a[2] not in skip and _overlaps((a[0], a[1], ""), s):
                return True
            j -= 1
        return False


def _compile(tdoc: TextDoc, doc: Any, fixes: list[Fix]):
    """(fixes that fit together, their splices in order, deferred fixes, failed fixes with the reason)."""
    batch: list[Fix] = []
    taken = _Taken()
    splices: list[tuple[Splice, int]] = []
    adds: dict[str, tuple[int, Edit, list]] = {}  # list pointer -> (index in splices, edit, merged values)
    deferred: list[Fix] = []
    failed: list[tuple[Fix, str]] = []
    for f in fixes:
        try:
            mine, new_adds = _fix_splices(tdoc, doc, f, adds, len(splices))
        except Refused as r:
            failed.append((f, str(r)))
            continue
        if _clashes(taken, mine, new_adds, adds):
            deferred.append(f)
            continue
        batch.append(f)
        _take(taken, splices, adds, mine, new_adds)
    return batch, splices, deferred, failed


def _fix_splices(tdoc: TextDoc, doc: Any, f: Fix, adds: dict[str, tuple[int, Edit, list]],
                 base: int) -> tuple[list[tuple[Splice, int]], dict[str, tuple[Splice, Edit, list]]]:
    """One fix's splices (numbered on from ``base``), and its list additions merged with those of the fixes
    before it (one splice per list: pointer -> (splice, edit, values)). Raises ``Refused``."""
    mine: list[tuple[Splice, int]] = []
    merged: dict[str, list] = {}
    for e in f.edits:
        if e.op == "add":
            values = merged.get(e.pointer) or (list(adds[e.pointer][2]) if e.pointer in adds else [])
            if _holds(doc, e) or any(same(v, e.value) for v in values):
                continue
            merged[e.pointer] = values + [e.value]
            continue
        for s in tdoc.splices(e):
            mine.append((s, base + len(mine)))
    new_adds = {}
    for ptr, values in merged.items():
        e = next(x for x in f.edits if x.op == "add" and x.pointer == ptr)
        (s,) = tdoc.splices(e, values)
        new_adds[ptr] = (s, e, values)
    return mine, new_adds


def _clashes(taken: _Taken, mine: list[tuple[Splice, int]], new_adds: dict[str, tuple[Splice, Edit, list]],
             adds: dict[str, tuple[int, Edit, list]]) -> bool:
    """Whether a fix's splices overlap one another or those already taken (but the list additions it
    replaces)."""
    own = {adds[p][0] for p in new_adds if p in adds}
    cand = [s for s, _ in mine] + [s for s, _, _ in new_adds.values()]
    return any(taken.hits(a, own) for a in cand) or any(
        _overlaps(a, b) for i, a in enumerate(cand) for b in cand[i + 1:])


def _take(taken: _Taken, splices: list[tuple[Splice, int]], adds: dict[str, tuple[int, Edit, list]],
          mine: list[tuple[Splice, int]], new_adds: dict[str, tuple[Splice, Edit, list]]) -> None:
    """Add a fitting fix's splices; a list addition merged with an earlier one replaces that one's splice."""
    for s_, k in mine:
        taken.add(s_, k)
    splices.extend(mine)
    for ptr, (s, e, values) in new_adds.items():
        if ptr in adds:
            k = adds[ptr][0]
            splices[k] = (s, k)  # the same place: the merged values
            adds[ptr] = (k, e, values)
        else:
            adds[ptr] = (len(splices), e, values)
            taken.add(s, len(splices))
            splices.append((s, len(splices)))


def _holds(doc: Any, e: Edit) -> bool:
    from .document import resolve

    try:
        lst = resolve(doc, e.pointer)
    except EditError:
        return False
    return isinstance(lst, list) and any(same(x, e.value) for x in lst)


def _splice(text: str, splices: list[tuple[Splice, int]]) -> str:
    # from the end, so earlier offsets stay valid; at one offset the earlier fix goes in first, the later one
    # then lands before it (right after the `after` entry both name)
    out = text
    for (start, end, repl), _ in sorted(splices, key=lambda si: (-si[0][0], si[1])):
        out = out[:start] + repl + out[end:]
    return out


def _prove(old: str, new: str, kind: str, doc: Any, edits: list[Edit], path: str, role: str, input_format: str,
           limits) -> str | None:
    """None when ``new`` reads as ``doc`` with ``edits`` applied and keeps every comment; else why not."""
    got, why = load_document(new, path, kind, role, input_format, limits)
    if why is not None:
        return f"the edited text would not load ({why})"
    expected = apply_edits(doc, edits)
    if not same(got, expected):
        return "the edited text would not read back as the fix intends"
    if kind == "yaml":
        lost = Counter(yaml_comments(old)) - Counter(yaml_comments(new))
        if lost:
            return f"the edit would lose a comment ({next(iter(lost))})"
    return None
