"""'Did you mean' suggestions."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

# a rule code typed with a letter for a look-alike digit: TC4O1, tc4l0
_CODE_LIKE = re.compile(r"(?i)tc[0-9oil]{3}")
_DIGIT_FOR = str.maketrans("oOiIlL", "001111")


def closest(word: str, choices: Iterable[str], cutoff: float = 0.75) -> str | None:
    choices = list(choices)
    lower = {c.lower(): c for c in choices}
    if word.lower() in lower and lower[word.lower()] != word:
        return lower[word.lower()]
    if _CODE_LIKE.fullmatch(word):
        code = "TC" + word[2:].translate(_DIGIT_FOR)
        if code in choices and code != word:
            return code
    m = difflib.get_close_matches(word, choices, n=1, cutoff=cutoff)
    if not m:
        m2 = difflib.get_close_matches(word.lower(), list(lower), n=1, cutoff=cutoff)
        return lower[m2[0]] if m2 else None
    return m[0]


def did_you_mean(word: str, choices: Iterable[str], cutoff: float = 0.75) -> str:
    c = closest(word, choices, cutoff)
    return f" (did you mean `{c}`?)" if c else ""
