"""Numeric bounds of a JSON Schema, for :mod:`toolcheck.compat.schemadiff` and :mod:`toolcheck.compat.witness`:
the effective lower or upper bound `minimum`/`exclusiveMinimum` (`maximum`/`exclusiveMaximum`) set together,
which of two bounds admits less, and `multipleOf` divisibility.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

BAD_BOUND = object()  # what numeric_bound returns when a bound keyword is not a number


def is_num(x: Any) -> bool:
    """A finite JSON number (a bool is not one)."""
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


@dataclass(frozen=True)
class Bound:
    value: Any
    exclusive: bool
    keyword: str


def numeric_bound(s: dict, upper: bool, integer: bool) -> Any:
    """The effective lower (or upper) bound: a Bound, None, or BAD_BOUND when the keywords are not numbers."""
    kw, ekw = ("maximum", "exclusiveMaximum") if upper else ("minimum", "exclusiveMinimum")
    cands: list[Bound] = []
    m, em = s.get(kw), s.get(ekw)
    if m is not None:
        if not is_num(m):
            return BAD_BOUND
        cands.append(Bound(m, em is True, kw))  # draft 4: exclusiveMaximum: true makes maximum exclusive
    if em is not None and not isinstance(em, bool):
        if not is_num(em):
            return BAD_BOUND
        cands.append(Bound(em, True, ekw))
    if not cands:
        return None
    if integer:  # an integer bound is inclusive: exclusiveMinimum 0 == minimum 1
        norm = []
        for b in cands:
            if upper:
                v = math.ceil(b.value) - 1 if b.exclusive else math.floor(b.value)
            else:
                v = math.floor(b.value) + 1 if b.exclusive else math.ceil(b.value)
            norm.append(Bound(v, False, b.keyword))
        cands = norm
    if upper:
        return min(cands, key=lambda b: (b.value, not b.exclusive))
    return max(cands, key=lambda b: (b.value, b.exclusive))


def tighter(x: Bound, y: Bound, upper: bool) -> bool:
    """x admits strictly less than y."""
    if upper:
        return x.value < y.value or (x.value == y.value and x.exclusive and not y.exclusive)
    return x.value > y.value or (x.value == y.value and x.exclusive and not y.exclusive)


def is_multiple(x: Any, m: Any) -> bool:
    """Whether ``x`` is a whole multiple of ``m``, exactly (decimal, not binary floating point)."""
    try:
        q = Fraction(str(x)) / Fraction(str(m))
    except (ValueError, ZeroDivisionError, OverflowError):
        return False
    return q.denominator == 1
