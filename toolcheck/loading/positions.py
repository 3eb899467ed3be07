"""Source maps: JSON Pointer -> (line, column), 1-based, columns in characters."""

from __future__ import annotations

import json
import re
from bisect import bisect_right

from ..findings import escape_pointer_token


class PositionIndex:
    """Positions of values and of mapping keys, by JSON Pointer.

    ``locate`` falls back to the nearest ancestor that has a position, so a finding about something that has no
    node of its own (a missing key, an entry a check would add) lands on the mapping that should hold it.
    """

    def __init__(self) -> None:
        self.values: dict[str, tuple[int, int]] = {}
        self.keys: dict[str, tuple[int, int]] = {}

    def locate(self, pointer: str, prefer_key: bool = True) -> tuple[int, int]:
        p = pointer
        while True:
            if prefer_key and p in self.keys:
                return self.keys[p]
            if p in self.values:
                return self.values[p]
            if p in self.keys:
                return self.keys[p]
            if not p:
                return (1, 1)
            p = p[: p.rfind("/")]

    def key_line(self, pointer: str) -> int | None:
        pos = self.keys.get(pointer)
        return pos[0] if pos else None


class LazyJsonIndex(PositionIndex):
    """Positions in JSON text, found on demand by walking only the pointer's path.

    Values beside the path are skipped with the C JSON scanner (``raw_decode``), so placing a finding costs a
    few C-speed skips instead of indexing the whole document in Python.
    """

    def __init__(self, text: str, line_offset: int = 0, col_offset: int = 0, prefix: str = "") -> None:
        super().__init__()
        self._text = text
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
            res = _walk_json(self._text, tokens, self._nodes)
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


def _skip_value(text: str, i: int) -> int:
    """Offset just past the JSON value at ``i`` (C scanner; NaN and friends are accepted here)."""
    return _DECODER.raw_decode(text, i)[1]


def _walk_json(text: str, tokens: list[str], memo: dict | None = None) -> tuple[int | None, int, bool]:
    """Follow ``tokens`` from the document root; ``memo`` maps a tuple of tokens to (key offset, value offset)
    of nodes already found, so sibling findings share the walk to their common parent."""
    from json.decoder import scanstring

    start = 0
    key_off: int | None = None
    i = _skip_ws(text, 0)
    if memo is not None:
        for n in range(len(tokens), 0, -1):
            hit = memo.get(tuple(tokens[:n]))
            if hit is not None:
                key_off, i = hit
                start = n
                break
    for depth in range(start, len(tokens)):
        tok = tokens[depth]
        ch = text[i] if i < len(text) else ""
        if ch == "{":
            j = _skip_ws(text, i + 1)
            found = False
            while j < len(text) and text[j] == '"':
                k_start = j
                key, j = scanstring(text, j + 1)
                j = _skip_ws(text, j)
                j = _skip_ws(text, j + 1)  # the colon
                if key == tok:
                    # duplicates: JSON parsers keep the last, so keep looking for a later one
                    found_at = (k_start, j)
                    found = True
                j = _skip_ws(text, _skip_value(text, j))
                if j < len(text) and text[j] == ",":
                    j = _skip_ws(text, j + 1)
                else:
                    break
            if not found:
                return key_off, i, False
            key_off, i = found_at
        elif ch == "[":
            if not tok.isdigit():
                return key_off, i, False
            want = int(tok)
            j = _skip_ws(text, i + 1)
            n = 0
            if j < len(text) and text[j] == "]":
                return key_off, i, False
            while n < want:
                j = _skip_ws(text, _skip_value(text, j))
                if j < len(text) and text[j] == ",":
                    j = _skip_ws(text, j + 1)
                    n += 1
                else:
                    return key_off, i, False
            key_off, i = None, j
        else:
            return key_off, i, False
        if memo is not None:
            memo[tuple(tokens[: depth + 1])] = (key_off, i)
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
