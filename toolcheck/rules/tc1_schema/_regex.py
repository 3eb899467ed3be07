"""TC1's regular expressions: ECMA-262 compilation (regress), Python/POSIX syntax that ECMA-262 reads
differently, and a small parser with an ambiguity test for catastrophic backtracking (TC114-TC116)."""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class PatternProblems:
    """What is wrong with one ECMA-262 pattern, each the concern of one rule."""

    foreign: tuple[tuple[str, str], ...] = ()  # TC115: (Python/POSIX construct, its ECMA-262 spelling)
    invalid: str | None = None  # TC114 (error): the compiler's message, invalid with and without the `u` flag
    unicode_only: str | None = None  # TC114 (warning): the message in Unicode mode, valid without it
    backtracking: str | None = None  # TC116: the ambiguous repetition


_NO_PROBLEMS = PatternProblems()
_REGEX_CACHE: dict[str, PatternProblems] = {}
_ECMA_CACHE: dict[tuple[str, str], Any] = {}


def compile_ecma(p: str, flags: str = "u"):
    key = (p, flags)
    if key in _ECMA_CACHE:
        return _ECMA_CACHE[key]
    import regress

    try:
        rx = regress.Regex(p, flags) if flags else regress.Regex(p)
    except Exception:  # noqa: BLE001 - regress raises RegressError (and ValueError on some inputs)
        rx = None
    if len(_ECMA_CACHE) > 4096:
        _ECMA_CACHE.clear()
    _ECMA_CACHE[key] = rx
    return rx


def shown(pattern: str) -> str:
    """A pattern as a message quotes it (at most 60 characters)."""
    return pattern if len(pattern) <= 60 else pattern[:59] + "…"


def pattern_problems(pattern: str) -> PatternProblems:
    """The problems of one pattern (memoised per pattern text). Python syntax (TC115) is not also compiled: the
    compiler's message would only restate it; a pattern that does not compile at all is not parsed for
    backtracking (TC116)."""
    got = _REGEX_CACHE.get(pattern)
    if got is not None:
        return got
    foreign = tuple(foreign_syntax(pattern))
    invalid = unicode_only = None
    if not foreign and compile_ecma(pattern, "u") is None:
        if compile_ecma(pattern, "") is None:
            invalid = regress_error(pattern)
        else:
            unicode_only = regress_error(pattern, "u")
    bad = backtracking(pattern) if invalid is None else None
    got = (PatternProblems(foreign, invalid, unicode_only, bad) if foreign or invalid or unicode_only or bad
           else _NO_PROBLEMS)
    if len(_REGEX_CACHE) > 4096:
        _REGEX_CACHE.clear()
    _REGEX_CACHE[pattern] = got
    return got




def matches_any(patterns: dict, name: str) -> bool:
    for p in patterns:
        if not isinstance(p, str):
            continue
        rx = compile_ecma(p)
        if rx is None:
            return True  # cannot tell: assume it may match (the pattern itself is reported)
        try:
            if rx.find(name) is not None:
                return True
        except Exception:  # noqa: BLE001 - regress raises its own errors on engine limits
            return True
    return False


def regress_error(p: str, flags: str = "") -> str:
    import regress

    try:
        regress.Regex(p, flags) if flags else regress.Regex(p)
    except Exception as e:  # noqa: BLE001
        return str(e) or type(e).__name__
    return "invalid"


_BRACE_QUANT = re.compile(r"\{\d+(,\d*)?\}")
_INLINE_FLAGS = re.compile(r"\(\?([aiLmsux]+)\)")
_SCOPED_PY_FLAGS = re.compile(r"\(\?[imsx]*[aLu][imsx]*(-[imsx]+)?:")


class _Found:
    """Foreign constructs found in one pattern, each once, in the order they appear."""

    def __init__(self) -> None:
        self.out: list[tuple[str, str]] = []
        self.seen: set[str] = set()

    def add(self, c: str, fix: str) -> None:
        if c not in self.seen:
            self.seen.add(c)
            self.out.append((c, fix))


def foreign_syntax(p: str) -> list[tuple[str, str]]:
    """Python (and POSIX) regex constructs that ECMA-262 rejects or reads differently, with the ECMA fix."""
    found = _Found()
    n = len(p)
    i = 0
    in_class = False
    while i < n:
        c = p[i]
        if c == "\\" and i + 1 < n:
            i = _escape(p, i, in_class, found)
        elif in_class:
            i, in_class = _in_class(p, i, found)
        elif c == "[":
            in_class = True
            i += 1
        elif c == "(" and p.startswith("(?", i):
            _group(p, i, found)
            i += 2
        else:
            i = _quantifier(p, i, found)
    return found.out


def _escape(p: str, i: int, in_class: bool, found: _Found) -> int:
    """Where scanning goes on after the escape at ``i``."""
    n = len(p)
    e = p[i + 1]
    if not in_class:
        if e in "Zz":
            found.add("\\" + e, "`$` (end of input)")
        elif e == "A":
            found.add("\\A", "`^` (start of input)")
    i += 2
    if e in "pPuk" and i < n and p[i] in "{<":  # \p{L}, \u{1F600}, \k<name>: skip the braces
        j = p.find("}" if p[i] == "{" else ">", i)
        i = j + 1 if j > 0 else n
    return i


def _in_class(p: str, i: int, found: _Found) -> tuple[int, bool]:
    """(where scanning goes on, whether still inside the class) after the character at ``i`` of a class."""
    c = p[i]
    if c == "[" and p.startswith("[:", i):
        j = p.find(":]", i + 2)
        if j > 0 and re.fullmatch(r"[a-z]+", p[i + 2:j] or "-"):
            found.add(p[i:j + 2], _POSIX.get(p[i + 2:j], "an explicit class such as `A-Za-z`"))
            return j + 2, True
    return i + 1, c != "]"


def _group(p: str, i: int, found: _Found) -> None:
    rest = p[i + 2:i + 12]
    if rest.startswith("P<"):
        found.add("(?P<name>...)", "`(?<name>...)`")
    elif rest.startswith("P="):
        found.add("(?P=name)", "`\\k<name>`")
    elif rest.startswith(">"):
        found.add("(?>...)", "a plain group `(?:...)` (ECMA-262 has no atomic groups)")
    elif rest.startswith("#"):
        found.add("(?#...)", "remove the comment")
    else:
        m = _INLINE_FLAGS.match(p, i)
        if m:
            fix = ("list both cases in classes, e.g. `[Aa]` (JSON Schema patterns take no flags)"
                   if "i" in m.group(1) else "remove it (JSON Schema patterns take no flags)")
            found.add(m.group(0), fix)
        elif _SCOPED_PY_FLAGS.match(p, i):
            found.add(p[i:p.find(":", i) + 1], "remove the Python-only flag")


def _quantifier(p: str, i: int, found: _Found) -> int:
    """Where scanning goes on after the character at ``i`` outside a class (a possessive quantifier?)."""
    n = len(p)
    c = p[i]
    if c == "{":
        m = _BRACE_QUANT.match(p, i)
        if m:
            j = m.end()
            if j < n and p[j] == "+":
                found.add("{m,n}+", "`{m,n}` (ECMA-262 has no possessive quantifiers)")
            return j
    if c in "*+?" and i + 1 < n and p[i + 1] == "+":
        found.add(c + "+", f"`{c}` (ECMA-262 has no possessive quantifiers)")
        return i + 2
    return i + 1


_POSIX = {
    "alpha": "`A-Za-z`", "digit": "`0-9` (or `\\d`)", "alnum": "`A-Za-z0-9`", "space": "`\\s`",
    "upper": "`A-Z`", "lower": "`a-z`", "punct": "an explicit list of punctuation", "xdigit": "`0-9A-Fa-f`",
    "word": "`\\w`",
}

# --- catastrophic backtracking: a small parser and an ambiguity test over a sample alphabet

_ALPHA = (
    [chr(c) for c in range(0x20, 0x7F)] + ["\t", "\n", "\r", "\u00a0", "é", "ß", "Ж", "中", "\u2028", "😀", "\x00"]
)
_ALPHA_INDEX = {ch: i for i, ch in enumerate(_ALPHA)}
_FULL = (1 << len(_ALPHA)) - 1
_NO_NEWLINE = _FULL & ~sum(1 << _ALPHA_INDEX[c] for c in "\n\r\u2028")
_SET_CACHE: dict[str, int] = {}


def _set_mask(src: str) -> int:
    m = _SET_CACHE.get(src)
    if m is not None:
        return m
    if src == ".":
        m = _NO_NEWLINE
    else:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # e.g. "possible nested set" for `[[:alpha:]]`
                rx = re.compile(src)
            m = 0
            for i, ch in enumerate(_ALPHA):
                if rx.fullmatch(ch):
                    m |= 1 << i
        except (re.error, OverflowError, RecursionError):
            m = _FULL
    if len(_SET_CACHE) > 4096:
        _SET_CACHE.clear()
    _SET_CACHE[src] = m
    return m


class _Rx:
    __slots__ = ("kind", "kids", "lo", "hi", "mask")

    def __init__(self, kind: str, kids: list | None = None, lo: int = 1, hi: int | None = 1, mask: int = 0):
        self.kind = kind  # seq | alt | rep | set | zw
        self.kids = kids or []
        self.lo = lo
        self.hi = hi
        self.mask = mask


class _RxParseError(Exception):
    pass


_ESCAPE = re.compile(r"\\(u\{[0-9A-Fa-f]+\}|u[0-9A-Fa-f]{4}|x[0-9A-Fa-f]{2}|c[A-Za-z]|[pP]\{[^}]*\}|k<[^>]*>|.)", re.S)
_COUNT = re.compile(r"\{(\d+)(,(\d*))?\}")


class _Parser:
    """A recursive-descent parser of an ECMA-262 pattern into :class:`_Rx` (sets of sample characters)."""

    def __init__(self, p: str) -> None:
        self.p = p
        self.n = len(p)
        self.pos = 0

    def parse(self) -> _Rx:
        tree = self.alt(0)
        if self.pos != self.n:
            raise _RxParseError
        return tree

    def alt(self, depth: int) -> _Rx:
        if depth > 64:
            raise _RxParseError
        p, n = self.p, self.n
        branches = [self.seq(depth)]
        while self.pos < n and p[self.pos] == "|":
            self.pos += 1
            branches.append(self.seq(depth))
        return branches[0] if len(branches) == 1 else _Rx("alt", branches)

    def seq(self, depth: int) -> _Rx:
        p, n = self.p, self.n
        items: list[_Rx] = []
        while self.pos < n and p[self.pos] not in "|)":
            items.append(self.quant(self.atom(depth)))
        return _Rx("seq", items)

    def atom(self, depth: int) -> _Rx:
        c = self.p[self.pos]
        if c == "(":
            return self.group(depth)
        if c == "[":
            return self.char_class()
        if c == "\\":
            return self.escape()
        self.pos += 1
        if c in "^$":
            return _Rx("zw")
        if c == ".":
            return _Rx("set", mask=_NO_NEWLINE)
        return _Rx("set", mask=_lit_mask(c))

    def group(self, depth: int) -> _Rx:
        p, pos = self.p, self.pos
        zero = False
        if p.startswith("(?:", pos):
            self.pos += 3
        elif p.startswith(("(?=", "(?!"), pos):
            self.pos += 3
            zero = True
        elif p.startswith(("(?<=", "(?<!"), pos):
            self.pos += 4
            zero = True
        elif p.startswith("(?<", pos):
            j = p.find(">", pos)
            if j < 0:
                raise _RxParseError
            self.pos = j + 1
        elif p.startswith("(?", pos):
            raise _RxParseError
        else:
            self.pos += 1
        inner = self.alt(depth + 1)
        if self.pos >= self.n or p[self.pos] != ")":
            raise _RxParseError
        self.pos += 1
        return _Rx("zw") if zero else inner

    def char_class(self) -> _Rx:
        p, n = self.p, self.n
        j = self.pos + 1
        if j < n and p[j] == "^":
            j += 1
        while j < n and p[j] != "]":
            j += 2 if p[j] == "\\" else 1
        if j >= n:
            raise _RxParseError
        src = p[self.pos:j + 1]
        self.pos = j + 1
        return _Rx("set", mask=_set_mask(src))

    def escape(self) -> _Rx:
        p, n, pos = self.p, self.n, self.pos
        if pos + 1 >= n:
            raise _RxParseError
        e = p[pos + 1]
        if e in "bB":
            self.pos += 2
            return _Rx("zw")
        if e.isdigit() and e != "0":
            self.pos += 2
            while self.pos < n and p[self.pos].isdigit():
                self.pos += 1
            return _Rx("set", mask=_FULL)
        m = _ESCAPE.match(p, pos)
        src = m.group(0) if m else p[pos:pos + 2]
        self.pos += len(src)
        if src[1] in "pPk":
            return _Rx("set", mask=_FULL)
        return _Rx("set", mask=_set_mask(src if src[1] not in "ux" else re.escape(_unescape(src))))

    def quant(self, a: _Rx) -> _Rx:
        p, n = self.p, self.n
        if self.pos >= n:
            return a
        c = p[self.pos]
        if c in "*+?":
            lo, hi = {"*": (0, None), "+": (1, None), "?": (0, 1)}[c]
            self.pos += 1
        elif c == "{":
            m = _COUNT.match(p, self.pos)
            if not m:
                return a
            lo = int(m.group(1))
            hi = lo if m.group(2) is None else (int(m.group(3)) if m.group(3) else None)
            self.pos = m.end()
        else:
            return a
        if self.pos < n and p[self.pos] == "?":
            self.pos += 1
        return _Rx("rep", [a], lo=lo, hi=hi)


def _rx_parse(p: str) -> _Rx:
    return _Parser(p).parse()


def _unescape(src: str) -> str:
    try:
        if src.startswith("\\u{"):
            return chr(int(src[3:-1], 16))
        return chr(int(src[2:], 16))
    except (ValueError, OverflowError):
        return "\x00"


def _lit_mask(c: str) -> int:
    i = _ALPHA_INDEX.get(c)
    if i is not None:
        return 1 << i
    return _set_mask(re.escape(c))


def _nullable(r: _Rx) -> bool:
    k = r.kind
    if k == "set":
        return False
    if k == "zw":
        return True
    if k == "seq":
        return all(_nullable(x) for x in r.kids)
    if k == "alt":
        return any(_nullable(x) for x in r.kids)
    return r.lo == 0 or _nullable(r.kids[0])


def _first(r: _Rx) -> int:
    k = r.kind
    if k == "set":
        return r.mask
    if k == "zw":
        return 0
    if k == "seq":
        m = 0
        for x in r.kids:
            m |= _first(x)
            if not _nullable(x):
                break
        return m
    if k == "alt":
        m = 0
        for x in r.kids:
            m |= _first(x)
        return m
    return _first(r.kids[0])


def _chars(r: _Rx) -> int:
    if r.kind == "set":
        return r.mask
    m = 0
    for x in r.kids:
        m |= _chars(x)
    return m


def backtracking(p: str) -> str | None:
    """A description of the ambiguous repetition when ``p`` is prone to exponential backtracking, else None."""
    if len(p) > 2000:
        return None
    try:
        tree = _rx_parse(p)
    except (_RxParseError, RecursionError):
        return None
    found: list[str] = []

    def visit(r: _Rx, follow: int, inside: bool) -> None:
        if found:
            return
        k = r.kind
        if k == "seq":
            kids = r.kids
            # what may follow kid i: the first characters of the rest, and `follow` when the rest can be empty
            after = [0] * (len(kids) + 1)
            after[-1] = follow
            for i in range(len(kids) - 1, 0, -1):
                y = kids[i]
                after[i] = _first(y) | (after[i + 1] if _nullable(y) else 0)
            for i, x in enumerate(kids):
                visit(x, after[i + 1], inside)
        elif k == "alt":
            if inside:
                firsts = [_first(x) for x in r.kids]
                for i in range(len(firsts)):
                    for j in range(i + 1, len(firsts)):
                        if firsts[i] & firsts[j]:
                            found.append("alternatives that can match the same text inside a repetition")
                            return
            for x in r.kids:
                visit(x, follow, inside)
        elif k == "rep":
            body = r.kids[0]
            unbounded = r.hi is None or r.hi > 32
            if unbounded and inside and _chars(body) & follow:
                found.append("a repeated group whose inner repetition can match the same text as what follows it")
                return
            if unbounded:
                visit(body, follow | _first(body), True)
            else:
                visit(body, follow | (_first(body) if (r.hi or 0) > 1 else 0), inside)

    try:
        visit(tree, 0, False)
    except RecursionError:
        return None
    return found[0] if found else None

