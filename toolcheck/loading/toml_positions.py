"""Positions of keys and values in TOML text, by JSON Pointer (a :class:`PositionIndex`).

``tomllib`` reads the values but keeps no positions, and a config error must name its line. This scanner walks
the text of a file ``tomllib`` has already accepted, so it only has to find where things are, never to judge
them: table headers (``[a.b]``, ``[[a.b]]``: each array-of-tables header is the next item), dotted and quoted
keys, inline tables and arrays (nested, across lines, with comments), and strings of all four kinds (so a ``#``
or a ``]`` inside one is text). It costs nothing on a valid config: it runs only to place an error.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from ..model.pointer import escape_pointer_token
from .positions import PositionIndex

_BARE = re.compile(r"[A-Za-z0-9_-]+")
_BLANK = re.compile(r"[ \t]*")
_SCALAR_END = re.compile(r"[,\]}\s#]")


class _Scanner:
    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0
        self.index = PositionIndex()
        self._starts = [0] + [m.end() for m in re.finditer(r"\n", text)]
        self._tables: dict[str, int] = {}  # array-of-tables pointer -> items seen

    def pos(self, offset: int) -> tuple[int, int]:
        ln = bisect_right(self._starts, offset)
        return ln, offset - self._starts[ln - 1] + 1

    def peek(self, s: str) -> bool:
        return self.text.startswith(s, self.i)

    def blank(self, newlines: bool = False) -> None:
        """Skip spaces and tabs (with ``newlines``: also line breaks and comments)."""
        while self.i < len(self.text):
            self.i = _BLANK.match(self.text, self.i).end()
            if self.i >= len(self.text):
                return
            c = self.text[self.i]
            if c == "#":
                end = self.text.find("\n", self.i)
                self.i = len(self.text) if end < 0 else end
            elif newlines and c in "\r\n":
                self.i += 1
            else:
                return

    def end_of_line(self) -> None:
        end = self.text.find("\n", self.i)
        self.i = len(self.text) if end < 0 else end + 1

    def string(self) -> str:
        """Read the string at ``i`` (any of the four kinds); its text, escapes left as written but a quoted key's
        usual ones (``\\"``, ``\\\\``) resolved."""
        t = self.text
        for quote in ('"""', "'''"):
            if self.peek(quote):
                end = t.find(quote, self.i + 3)
                while quote == '"""' and end > 0 and _escaped(t, end):
                    end = t.find(quote, end + 1)
                end = len(t) if end < 0 else end
                while t.startswith(quote[0], end + 3):  # up to two quotes may end the content
                    end += 1
                s = t[self.i + 3:end]
                self.i = end + 3
                return s
        quote = t[self.i]
        j = self.i + 1
        out = []
        while j < len(t) and t[j] != quote and t[j] != "\n":
            if quote == '"' and t[j] == "\\" and j + 1 < len(t):
                out.append(t[j + 1] if t[j + 1] in '"\\' else t[j:j + 2])
                j += 2
                continue
            out.append(t[j])
            j += 1
        self.i = j + 1
        return "".join(out)

    def key(self) -> list[tuple[str, int]]:
        """A dotted key: its parts, each with its offset."""
        parts = []
        while True:
            self.blank()
            at = self.i
            if self.i < len(self.text) and self.text[self.i] in "\"'":
                parts.append((self.string(), at))
            else:
                m = _BARE.match(self.text, self.i)
                if not m:
                    return parts
                parts.append((m.group(), at))
                self.i = m.end()
            self.blank()
            if not self.peek("."):
                return parts
            self.i += 1

    def note_key(self, base: str, parts: list[tuple[str, int]]) -> str:
        ptr = base
        for name, at in parts:
            ptr += "/" + escape_pointer_token(name)
            self.index.keys.setdefault(ptr, self.pos(at))
        return ptr

    def value(self, ptr: str) -> None:
        self.blank()
        self.index.values.setdefault(ptr, self.pos(self.i))
        if self.i >= len(self.text):
            return
        c = self.text[self.i]
        if c in "\"'":
            self.string()
        elif c == "[":
            self.i += 1
            n = 0
            while True:
                self.blank(newlines=True)
                if self.i >= len(self.text) or self.peek("]"):
                    self.i += 1
                    return
                self.value(f"{ptr}/{n}")
                n += 1
                self.blank(newlines=True)
                if self.peek(","):
                    self.i += 1
        elif c == "{":
            self.i += 1
            while True:
                self.blank(newlines=True)
                if self.i >= len(self.text) or self.peek("}"):
                    self.i += 1
                    return
                self.pair(ptr)
                self.blank(newlines=True)
                if self.peek(","):
                    self.i += 1
        else:
            m = _SCALAR_END.search(self.text, self.i)
            self.i = len(self.text) if m is None else max(m.start(), self.i + 1)

    def pair(self, base: str) -> None:
        parts = self.key()
        if not parts:
            self.end_of_line()
            return
        ptr = self.note_key(base, parts)
        self.blank()
        if self.peek("="):
            self.i += 1
            self.value(ptr)

    def header(self) -> str:
        many = self.peek("[[")
        self.i += 2 if many else 1
        parts = self.key()
        ptr = self.note_key("", parts)
        if many:
            n = self._tables.get(ptr, 0)
            self._tables[ptr] = n + 1
            self.index.keys.setdefault(f"{ptr}/{n}", self.pos(parts[-1][1]) if parts else self.pos(self.i))
            ptr = f"{ptr}/{n}"
        self.end_of_line()
        return ptr

    def scan(self) -> PositionIndex:
        table = ""
        while True:
            self.blank(newlines=True)
            if self.i >= len(self.text):
                return self.index
            if self.peek("["):
                table = self.header()
            else:
                self.pair(table)
                self.end_of_line()


def _escaped(text: str, at: int) -> bool:
    n = 0
    while at - n - 1 >= 0 and text[at - n - 1] == "\\":
        n += 1
    return n % 2 == 1


def toml_positions(text: str) -> PositionIndex:
    """Where each key and value of the TOML document ``text`` is, by JSON Pointer (``/tool/toolcheck/paths/0``)."""
    return _Scanner(text).scan()
