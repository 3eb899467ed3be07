"""'Did you mean' suggestions."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def closest(word: str, choices: Iterable[str], cutoff: float = 0.75) -> str | None:
    choices = list(choices)
    lower = {c.lower(): c for c in choices}
    if word.lower() in lower and lower[word.lower()] != word:
        return lower[word.lower()]
    m = difflib.get_close_matches(word, choices, n=1, cutoff=cutoff)
    if not m:
        m2 = difflib.get_close_matches(word.lower(), list(lower), n=1, cutoff=cutoff)
        return lower[m2[0]] if m2 else None
    return m[0]


def did_you_mean(word: str, choices: Iterable[str], cutoff: float = 0.75) -> str:
    c = closest(word, choices, cutoff)
    return f" (did you mean `{c}`?)" if c else ""
