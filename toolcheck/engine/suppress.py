"""Suppression comments and `per-file-ignores` (with the TC014/TC015 findings about suppressions themselves), and
the ``supersedes`` declarations of rules: what is left of a run's findings before the baseline."""

from __future__ import annotations

import os

from ..contract import SourceFile
from ..model.findings import Finding, Hit
from ..model.pointer import split_pointer
from ..rules import RULES, expand_selector, is_known_selector
from ..settings import Settings
from .stamp import Stamper


def _matches(code: str, name: str, selectors) -> bool:
    for s in selectors:
        s2 = s.strip()
        if s2 == name or (s2.upper().startswith("TC") and code.startswith(s2.upper())) or s2.upper() == "ALL":
            return True
    return False


def suppress(findings: list[Finding], files: list[SourceFile], settings: Settings, enabled: set[str],
              stamper: Stamper) -> tuple[list[Finding], list[Finding]]:
    """(the findings not suppressed, with the TC014/TC015 findings about suppressions; those new findings)."""
    kept: list[Finding] = []
    made: list[Finding] = []
    pfi = settings.per_file_ignores
    for f in findings:
        sf: SourceFile = f.extra["file"]
        if pfi and any(_glob(sf.path, pat) and _matches(f.code, f.name, codes) for pat, codes in pfi):
            continue
        if sf.suppressions and _suppressed(f, sf):
            continue
        kept.append(f)
    # unused and unknown suppressions
    for sf in files:
        if not sf.reported:
            continue
        for s in sf.suppressions:
            unknown = [c for c in s.codes if not is_known_selector(c)]
            for c in unknown:
                h = Hit("", f"suppression names `{c}`, which is not a rule code, family or rule name",
                        "Fix the code (see `toolcheck rules`) or remove it.", code="TC015", position=(s.line, s.column))
                x = stamper.stamp(h, RULES["TC015"], sf, None)
                if x:
                    made.append(x)
            if s.used:
                continue
            ran = [c for c in s.codes if c not in unknown and any(e in enabled for e in expand_selector(c))]
            if ran or (not s.codes and not unknown):
                what = ", ".join(ran) if ran else "everything"
                h = Hit("", f"suppression `{what}` silences nothing", "Remove the comment (or the stale codes).",
                        code="TC014", position=(s.line, s.column))
                x = stamper.stamp(h, RULES["TC014"], sf, None)
                if x:
                    made.append(x)
    return kept + made, made


def apply_supersedes(findings: list[Finding]) -> list[Finding]:
    """Drop the findings another finding makes redundant, as rules declare it (``RuleSpec.supersedes``).

    A finding of a rule that supersedes code X silences every finding of X in the same file at its pointer or
    below it; when it points at an array item (``/enum/1``), at the array (``/enum``) and below: what an unquoted
    YAML 1.1 value (TC003) makes other rules report about the same value — the enum that accepts nothing, the
    default of the wrong type — is one mistake, reported once. Applied after suppressions: a suppressed finding
    silences nothing."""
    silencing = {c: RULES[c].supersedes for c in {f.code for f in findings} if c in RULES and RULES[c].supersedes}
    if not silencing:
        return findings
    anchors: dict[tuple[str, str], list[str]] = {}
    for f in findings:
        for code in silencing.get(f.code, ()):
            parent, _, last = f.pointer.rpartition("/")
            anchors.setdefault((f.file, code), []).append(parent if last.isdigit() else f.pointer)

    def silenced(f: Finding) -> bool:
        return any(f.pointer == a or f.pointer.startswith(a + "/") for a in anchors.get((f.file, f.code), ()))

    return [f for f in findings if not silenced(f)]


def _glob(path: str, pattern: str) -> bool:
    import fnmatch

    return fnmatch.fnmatch(path, pattern) or fnmatch.fnmatch(os.path.basename(path), pattern)


def _suppressed(f: Finding, sf: SourceFile) -> bool:
    key_lines = None
    hit = False
    for s in sf.suppressions:
        if s.codes and not _matches(f.code, f.name, s.codes):
            continue
        if s.file_level:
            s.used = True
            hit = True
            continue
        if s.target_line == f.line:
            s.used = True
            hit = True
            continue
        if key_lines is None:
            key_lines = set()
            toks = split_pointer(f.pointer)
            p = ""
            for t in toks:
                p += "/" + t.replace("~", "~0").replace("/", "~1")
                kl = sf.positions.key_line(p)
                if kl:
                    key_lines.add(kl)
        if s.target_line in key_lines:
            s.used = True
            hit = True
    return hit
