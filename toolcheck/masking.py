"""The Masker: every string that leaves a run passes through the run's :class:`Masker`.

A masker knows two kinds of secret:

1. the **shapes** of :mod:`toolcheck.secrets` (vendor tokens, private keys, connection-string passwords,
   credential assignments, high-entropy literals), found in any text;
2. the values **this run learned by context** (:meth:`Masker.remember`): the `default` of a `password` property,
   a hex key after the words "API key" — values no pattern recognises, taught by the TC5 rules (and by
   ``learn_context_secrets`` before any rule runs, whatever is selected).

The masker is an object of the run, not process state: the engine creates one per run (or uses the one the CLI
hands it, which also masks stderr for that run, see :mod:`toolcheck.boundary`) and keeps it in
``RunResult.masker``. When a large run splits its rules across processes, each side's masker learns what its
rules found; the child sends its :attr:`Masker.known` back, the parent :meth:`learns <Masker.learn>` it and
masks each share's findings again with what the others learned (:mod:`toolcheck.runner.parallel`).

:data:`PATTERNS` is a masker that never learns anything: for output made outside a run (a host's
``check_arguments`` result, an MCP server's stderr quoted in a note).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .secrets import find_secrets

MIN_SECRET = 6  # shorter values are never remembered (they would mask ordinary words)
# masked texts memoised per masker: help texts, pointers and messages repeat across findings and targets (corpus A
# masks 77,000 distinct texts; a memo of 4,096 that empties when full scanned 119,000)
_MEMO_SIZE = 1 << 17


def mask_value(secret: str) -> str:
    """Keep a few characters so a human can find it; never the whole secret."""
    if len(secret) <= 8:
        return secret[:1] + "*" * 7
    if len(secret) <= 16:
        return secret[:2] + "*" * 8
    return secret[:4] + "*" * 8 + secret[-2:]


class Masker:
    """Masks the secrets of one run (see the module doc)."""

    def __init__(self, known: Iterable[str] = (), *, frozen: bool = False) -> None:
        self._known: set[str] = set()
        self._memo: dict[str, str] = {}
        self._frozen = False
        self.learn(known)
        self._frozen = frozen

    @property
    def known(self) -> frozenset[str]:
        """The secrets this masker learned by context (a child process sends them to its parent)."""
        return frozenset(self._known)

    def remember(self, secret: str) -> bool:
        """Mask ``secret`` wherever it appears from now on; True when it was new."""
        if self._frozen or not isinstance(secret, str) or len(secret) < MIN_SECRET or secret in self._known:
            return False
        self._known.add(secret)
        self._memo.clear()
        return True

    def learn(self, secrets: Iterable[str]) -> set[str]:
        """Remember each of ``secrets``; the ones that were new."""
        return {s for s in secrets if self.remember(s)}

    def spans(self, text: str) -> list[tuple[str, int, int]]:
        """(kind, start, end) of each secret in ``text``: the patterns' finds, then the known values."""
        found = find_secrets(text)
        for secret in self._known:
            i = text.find(secret)
            while i != -1:
                e = i + len(secret)
                if not any(i < fe and fs < e for _, fs, fe in found):
                    found.append(("known secret", i, e))
                i = text.find(secret, e)
        found.sort(key=lambda t: t[1])
        return found

    def mask(self, text: str) -> str:
        """``text`` with every secret masked (see :func:`mask_value`)."""
        if not isinstance(text, str) or len(text) < MIN_SECRET:
            return text
        got = self._memo.get(text)
        if got is not None:
            return got
        spans = self.spans(text)
        if spans:
            out, last = [], 0
            for _, s, e in spans:
                out.append(text[last:s])
                out.append(mask_value(text[s:e]))
                last = e
            out.append(text[last:])
            got = "".join(out)
        else:
            got = text
        if len(self._memo) >= _MEMO_SIZE:
            self._memo.clear()
        self._memo[text] = got
        return got

    def mask_data(self, value: Any) -> Any:
        """Mask secrets in every string of a JSON-like value (keys included)."""
        if isinstance(value, str):
            return self.mask(value)
        if isinstance(value, list):
            return [self.mask_data(v) for v in value]
        if isinstance(value, dict):
            return {self.mask(k) if isinstance(k, str) else k: self.mask_data(v) for k, v in value.items()}
        return value

    def alters(self, value: Any) -> bool:
        """Whether :meth:`mask_data` would change ``value`` (a JSON-like value), without building its copy."""
        if isinstance(value, str):
            return self.mask(value) != value
        if isinstance(value, list):
            return any(self.alters(v) for v in value)
        if isinstance(value, dict):
            mask = self.mask
            return any((isinstance(k, str) and mask(k) != k) or self.alters(v) for k, v in value.items())
        return False

    def mask_findings(self, findings: Iterable[Any]) -> None:
        """Mask every string of each finding, in place (the findings' half of the report boundary)."""
        mask = self.mask
        for f in findings:
            f.message = mask(f.message)
            f.help = mask(f.help)
            f.pointer = mask(f.pointer)
            f.file = mask(f.file)
            if f.tool:
                f.tool = mask(f.tool)
            if f.target:
                f.target = mask(f.target)
            if f.related:
                f.related = self.mask_data(f.related)
            if f.data is not None:
                f.data = self.mask_data(f.data)
            if getattr(f, "fix", None) is not None:
                f.fix.mask(self.mask_data, self.alters)  # what reports show; the edits keep the real text (--fix)


PATTERNS = Masker(frozen=True)  # the shapes only: output made outside a run


def mask(text: str) -> str:
    """``text`` with every secret the patterns recognise masked (no run's context): :data:`PATTERNS`."""
    return PATTERNS.mask(text)
