"""Strings that match a regex pattern, built from its syntax tree (no generator library): ``^[A-Z]{2}-[0-9]{4}$``
gives ``AA-0000``. A witness of a `pattern` change starts from these (:mod:`.witness`).
"""

from __future__ import annotations

from typing import Any

MAX_LENGTH = 100_000  # the longest string a sample may be (and an array a witness may need)


class _Unsupported(Exception):
    pass


def regex_samples(pattern: str, n: int = 8) -> list[str]:
    """Up to ``n`` strings built from the pattern's syntax tree (literals, classes, repeats at their minimum
    and a few more, alternatives in turn). Python's parser reads the common ECMA-262 subset the same way; what
    it cannot read (lookaround, back-references, ``\\p{..}``) yields nothing. Every witness is verified by the
    ECMA-262 validator anyway, so a sample that Python reads differently is simply not used."""
    try:
        try:
            from re import _parser as sre_parse  # Python >= 3.11
        except ImportError:  # pragma: no cover - Python 3.10
            import sre_parse  # type: ignore[no-redef]
        tree = sre_parse.parse(pattern)
    except Exception:  # noqa: BLE001 - any pattern Python cannot parse
        return []
    out: list[str] = []
    for k in range(n):
        budget = [MAX_LENGTH]
        try:
            text = _regex_gen(tree, k, 0, budget)
        except (_Unsupported, RecursionError, ValueError, OverflowError):
            break
        if text not in out:
            out.append(text)
    return out


_CATEGORY_CHARS = {
    "CATEGORY_DIGIT": "0123456789", "CATEGORY_NOT_DIGIT": "aZ_-", "CATEGORY_SPACE": " ",
    "CATEGORY_NOT_SPACE": "aZ0_", "CATEGORY_WORD": "aZ0_", "CATEGORY_NOT_WORD": "- .",
}


def _regex_gen(items: Any, k: int, depth: int, budget: list[int]) -> str:
    if depth > 40:
        raise _Unsupported
    parts: list[str] = []
    for op, av in items:
        name = _opname(op)
        if name == "LITERAL":
            parts.append(chr(av))
        elif name == "NOT_LITERAL":
            parts.append("a" if chr(av) != "a" else "b")
        elif name == "ANY":
            parts.append("ab"[k % 2])
        elif name == "AT":
            continue
        elif name == "IN":
            parts.append(_regex_class(av, k))
        elif name == "CATEGORY":
            chars = _CATEGORY_CHARS.get(_opname(av), "a")
            parts.append(chars[k % len(chars)])
        elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
            lo, hi, sub = av
            top = hi if hi < 10_000 else lo + 40
            count = max(lo, min([lo, lo + 1, lo + 3, top][k % 4], top))
            if count > budget[0]:
                raise _Unsupported
            parts.append("".join(_regex_gen(sub, k + i, depth + 1, budget) for i in range(count)))
        elif name == "SUBPATTERN":
            parts.append(_regex_gen(av[-1], k, depth + 1, budget))
        elif name == "ATOMIC_GROUP":
            parts.append(_regex_gen(av, k, depth + 1, budget))
        elif name == "BRANCH":
            branches = av[1]
            parts.append(_regex_gen(branches[k % len(branches)], k // len(branches), depth + 1, budget))
        else:  # look-around, back-references, conditionals
            raise _Unsupported
        budget[0] -= len(parts[-1]) if parts else 0
        if budget[0] < 0:
            raise _Unsupported
    return "".join(parts)


def _opname(op: Any) -> str:
    return str(getattr(op, "name", op))


def _regex_class(av: Any, k: int) -> str:
    negate = bool(av) and _opname(av[0][0]) == "NEGATE"
    cands: list[str] = []
    members: list[tuple[str, Any]] = []
    for op, val in av:
        name = _opname(op)
        if name == "LITERAL":
            cands.append(chr(val))
            members.append(("c", chr(val)))
        elif name == "RANGE":
            lo, hi = val
            cands += [chr(lo), chr(min(lo + 1, hi)), chr(hi)]
            members.append(("r", (lo, hi)))
        elif name == "CATEGORY":
            chars = _CATEGORY_CHARS.get(_opname(val), "a")
            cands += list(chars)
            members.append(("s", chars))
    if not negate:
        if not cands:
            raise _Unsupported
        return cands[k % len(cands)]

    def inside(ch: str) -> bool:
        for kind, v in members:
            if (kind == "c" and ch == v) or (kind == "r" and v[0] <= ord(ch) <= v[1]) or (kind == "s" and ch in v):
                return True
        return False

    for ch in "aA0_ x-Z9.":
        if not inside(ch):
            return ch
    raise _Unsupported
