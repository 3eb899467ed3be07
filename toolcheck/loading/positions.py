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
    """A position index for JSON text, built only when a finding first asks for a position."""

    def __init__(self, text: str, line_offset: int = 0, col_offset: int = 0, prefix: str = "") -> None:
        super().__init__()
        self._text = text
        self._line_offset = line_offset
        self._col_offset = col_offset
        self._prefix = prefix
        self._built = False

    def _build(self) -> None:
        if self._built:
            return
        self._built = True
        try:
            index_json(self._text, self, self._line_offset, self._col_offset, self._prefix)
        except Exception:  # an index is a convenience: a text the parser rejected keeps line 1
            pass

    def locate(self, pointer: str, prefer_key: bool = True) -> tuple[int, int]:
        self._build()
        return super().locate(pointer, prefer_key)

    def key_line(self, pointer: str) -> int | None:
        self._build()
        return super().key_line(pointer)


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
