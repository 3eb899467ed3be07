"""Source maps of JSON text: JSON Pointer -> (line, column), 1-based, columns in characters, found on demand
(:class:`LazyJsonIndex`) or all at once (:func:`index_json`); the plain map is :class:`toolcheck.model.positions.PositionIndex`."""

from __future__ import annotations

import json
import re
from bisect import bisect_right

from ..model.pointer import escape_pointer_token
from ..model.positions import PositionIndex


class LazyJsonIndex(PositionIndex):
    """Positions in JSON text, found on demand by walking only the pointer's path.

    Values beside the path are skipped with the C JSON scanner (``raw_decode``, NaN and friends accepted), so
    placing a finding costs a few C-speed skips instead of indexing the whole document in Python.
    """

    def __init__(self, text: str, line_offset: int = 0, col_offset: int = 0, prefix: str = "",
                 unique_keys: bool = False) -> None:
        super().__init__()
        self._text = text
        self._unique = unique_keys  # no object of the text repeats a key: the first match is the one
        self._line_offset = line_offset
        self._col_offset = col_offset
        self._prefix = prefix
        self._lines: _LineCounter | None = None
        self._memo: dict[str, tuple[int | None, int, bool]] = {}
        self._nodes: dict[tuple, tuple[int | None, int]] = {}

    def _pos(self, offset: int) -> tuple[int, int]:
        if self._lines is None:
            self._lines = _LineCounter(self._text)
        ln, col = self._lines.pos(offset)
        if ln == 1:
            col += self._col_offset
        return ln + self._line_offset, col

    def _find(self, pointer: str) -> tuple[int | None, int, bool]:
        """(key offset or None, value offset, exact) of the deepest node on the pointer's path."""
        if pointer in self._memo:
            return self._memo[pointer]
        rel = pointer[len(self._prefix):] if pointer.startswith(self._prefix) else pointer
        tokens = [t.replace("~1", "/").replace("~0", "~") for t in rel[1:].split("/")] if rel else []
        try:
            res = _walk_json(self._text, tokens, self._nodes, self._unique)
        except (ValueError, IndexError):
            res = (None, _skip_ws(self._text, 0), False)
        self._memo[pointer] = res
        return res

    def locate(self, pointer: str, prefer_key: bool = True) -> tuple[int, int]:
        key, value, exact = self._find(pointer)
        if prefer_key and key is not None:
            return self._pos(key)
        return self._pos(value)

    def key_line(self, pointer: str) -> int | None:
        key, _value, exact = self._find(pointer)
        return self._pos(key)[0] if exact and key is not None else None


_WS = re.compile(r"[ \t\r\n]*")
_DECODER = json.JSONDecoder()


def _skip_ws(text: str, i: int) -> int:
    return _WS.match(text, i).end()


_DONE = -1  # scan state of a container whose children are all recorded
_SEP = re.compile(r"[ \t\r\n]*(,)?[ \t\r\n]*")
_KEY = re.compile(r'"([^"\\]*(?:\\.[^"\\]*)*)"[ \t\r\n]*:[ \t\r\n]*')


def _children(text: str, i: int, path: tuple, memo: dict, state, want: str | None):
    """Record (key offset, value offset) of the children of the container at ``i`` under ``path`` + token.

    Scans from ``state`` (None: the start) and returns where to resume: ``_DONE`` once every child is recorded.
    With ``want`` (the document has no repeated keys, so the first match is the only one) the scan stops just
    after that child's key, without skipping its value: placing `/description` never decodes `parameters`.
    Without it, the whole container is read, and a repeated key keeps its last occurrence, as JSON parsers do.
    """
    skip = _DECODER.raw_decode
    sep = _SEP.match
    if state is None:
        ch = text[i] if i < len(text) else ""
        if ch == "{":
            state = ("o", _skip_ws(text, i + 1), 0, False)
        elif ch == "[":
            j = _skip_ws(text, i + 1)
            if j < len(text) and text[j] == "]":
                return _DONE
            state = ("a", j, 0, False)
        else:
            return _DONE
    kind, j, k, pending = state
    if pending:  # resume after the child we stopped at: skip its value first
        m = sep(text, skip(text, j)[1])
        if m.group(1) is None:
            return _DONE
        j = m.end()
    if kind == "o":
        key_at = _KEY.match
        while True:
            m = key_at(text, j)
            if m is None:
                return _DONE
            key = m.group(1)
            if "\\" in key:
                key = json.loads('"' + key + '"')
            v = m.end()
            memo[path + (key,)] = (m.start(), v)
            if key == want:
                return ("o", v, k, True)
            m = sep(text, skip(text, v)[1])
            if m.group(1) is None:
                return _DONE
            j = m.end()
    n = len(text)
    while j < n:
        tok = str(k)
        memo[path + (tok,)] = (None, j)
        if tok == want:
            return ("a", j, k + 1, True)
        m = sep(text, skip(text, j)[1])
        if m.group(1) is None:
            return _DONE
        j = m.end()
        k += 1
    return _DONE


def _walk_json(text: str, tokens: list[str], memo: dict | None = None, unique_keys: bool = False
               ) -> tuple[int | None, int, bool]:
    """Follow ``tokens`` from the document root. ``memo`` maps a tuple of tokens to (key offset, value offset)
    and, under ``(_walk_json, *path)``, each container's scan state, so findings share the walk and no container
    is read twice. ``unique_keys``: the document is known to repeat no key (see :func:`_children`)."""
    if memo is None:
        memo = {}
    key_off: int | None = None
    i = _skip_ws(text, 0)
    path: tuple = ()
    for tok in tokens:
        child = path + (tok,)
        hit = memo.get(child)
        if hit is None:
            skey = (_walk_json,) + path
            state = memo.get(skey)
            while hit is None and state is not _DONE:
                state = _children(text, i, path, memo, state, tok if unique_keys else None)
                hit = memo.get(child)
            memo[skey] = state
            if hit is None:
                return key_off, i, False
        key_off, i = hit
        path = child
    return key_off, i, True


class MultiIndex(PositionIndex):
    """JSON Lines: one lazy index per line, chosen by the first pointer token (the line's index)."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: dict[str, PositionIndex] = {}

    def locate(self, pointer: str, prefer_key: bool = True) -> tuple[int, int]:
        if not pointer:
            return (1, 1)
        head = pointer[1:].split("/", 1)[0]
        sub = self.lines.get(head)
        if sub is None or pointer == "/" + head:  # a whole record: its line, without indexing it
            try:
                return (int(head) + 1, 1)
            except ValueError:
                return (1, 1)
        return sub.locate(pointer, prefer_key)

    def key_line(self, pointer: str) -> int | None:
        head = pointer[1:].split("/", 1)[0] if pointer else ""
        sub = self.lines.get(head)
        return sub.key_line(pointer) if sub else None


_TOKEN = re.compile(
    r"""[ \t\r\n]*(?:
        ("(?:[^"\\]|\\.)*")              # 1 string
      | ([{}\[\],:])                     # 2 punctuation
      | (-?(?:\d+)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null|NaN|-?Infinity)  # 3 literal
    )""",
    re.X | re.S,
)


class _LineCounter:
    def __init__(self, text: str) -> None:
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def pos(self, offset: int) -> tuple[int, int]:
        i = bisect_right(self.starts, offset) - 1
        return i + 1, offset - self.starts[i] + 1


def index_json(text: str, index: PositionIndex, line_offset: int = 0, col_offset: int = 0, prefix: str = "",
               duplicates: list | None = None) -> None:
    """Record the position of every value and key of the JSON ``text`` into ``index``.

    An iterative scanner (no recursion, so a deeply nested file cannot exhaust the stack). ``duplicates``, when
    given, collects ``(pointer, line, col, first_line)`` for keys that repeat within one object.
    """
    lines = _LineCounter(text)

    def pos(offset: int) -> tuple[int, int]:
        ln, col = lines.pos(offset)
        if ln == 1:
            col += col_offset
        return ln + line_offset, col

    # frame: [kind, pointer, next_index or pending key, seen keys {key: line}]
    stack: list[list] = []
    pending_key: str | None = None
    pending_key_pos = None
    expect_key = False
    n = len(text)
    i = 0
    match = _TOKEN.match
    while i < n:
        m = match(text, i)
        if not m:
            break
        s, punct = m.group(1), m.group(2)
        start = m.start(1) if s is not None else (m.start(2) if punct is not None else m.start(3))
        i = m.end()
        if punct == ":" or punct == ",":
            if punct == "," and stack and stack[-1][0] == "o":
                expect_key = True
            continue
        if punct in ("}", "]"):
            if stack:
                stack.pop()
            expect_key = False
            continue
        if s is not None and expect_key and stack and stack[-1][0] == "o":
            key = json.loads(s) if "\\" in s else s[1:-1]
            pending_key = key
            pending_key_pos = pos(start)
            expect_key = False
            frame = stack[-1]
            ptr = frame[1] + "/" + escape_pointer_token(key)
            if duplicates is not None:
                seen = frame[3]
                if key in seen:
                    duplicates.append((ptr, pending_key_pos[0], pending_key_pos[1], seen[key]))
                else:
                    seen[key] = pending_key_pos[0]
            continue
        # a value starts here
        if not stack:
            ptr = prefix
        else:
            frame = stack[-1]
            if frame[0] == "a":
                ptr = frame[1] + "/" + str(frame[2])
                frame[2] += 1
            else:
                ptr = frame[1] + "/" + escape_pointer_token(pending_key if pending_key is not None else "")
                index.keys[ptr] = pending_key_pos
                pending_key = None
        index.values[ptr] = pos(start)
        if punct == "{":
            stack.append(["o", ptr, None, {}])
            expect_key = True
        elif punct == "[":
            stack.append(["a", ptr, 0, None])
