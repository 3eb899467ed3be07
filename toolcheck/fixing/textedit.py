"""Edits turned into text splices of a YAML or JSON file: only the bytes of the changed nodes change.

Each node of the document gets its span in the text (YAML from PyYAML's parser events, with the C parser when
present; JSON from a small scanner), and each edit becomes ``(start, end, replacement)`` splices:

- a scalar is replaced in place, keeping its quoting style (a plain scalar stays plain when it can);
- a key is renamed in place;
- a new entry or item goes after the last one (or after a named sibling), in the collection's own style: a new
  line at the siblings' indentation in block YAML (after the line's trailing comment, before the next line's
  comments, so own-line suppression comments keep their node), `, key: value` in flow YAML and JSON, with the
  separator the file already uses between siblings;
- an entry is deleted with its line (block YAML; a trailing comment on it is kept on its own line) or with one
  neighbouring comma (flow YAML, JSON).

What cannot be done exactly raises :class:`Refused` (and the fix is not applied): nodes behind aliases or merge
keys, anchored or tagged nodes, block scalars, complex keys, an own-line suppression comment that a deletion
would move onto another node. Why not ruamel.yaml's round trip: re-emitting a document changes what was not
edited (see the README's "Fixing" section: a no-op round trip of the bundled contracts changes every one).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from ..model.pointer import escape_pointer_token, split_pointer
from . import render
from .model import Edit


class Refused(Exception):
    """An edit this file's text cannot take exactly."""


@dataclass
class Node:
    kind: str  # scalar | map | seq | alias
    start: int
    end: int  # end of the node's text (a block collection: the end of its last child)
    flow: bool = True  # collections: flow (`{}`/`[]`, and all JSON) or block style
    style: str = ""  # scalars: "" plain, "'", '"', "|", ">"
    key_start: int = -1  # mapping entries: the key's span
    key_end: int = -1
    key_style: str = ""
    children: list[str] = field(default_factory=list)  # pointers of the entries or items, in order
    keys: list[str] = field(default_factory=list)  # maps: the keys, in order
    fixed: bool = True  # False: no edit may touch it (behind an alias, anchored, tagged, a merge or complex key)
    dash: int = -1  # block sequence items: offset of the `-` indicator


Splice = tuple[int, int, str]


# ------------------------------------------------------------------------------------------------ indexes

def index_yaml(text: str) -> dict[str, Node]:
    """Every node of the first YAML document, by pointer (as the loader builds them: keys as written)."""
    import yaml
    from yaml.events import (
        AliasEvent,
        DocumentEndEvent,
        MappingEndEvent,
        MappingStartEvent,
        ScalarEvent,
        SequenceEndEvent,
        SequenceStartEvent,
    )

    loader_cls = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    idx: dict[str, Node] = {}
    stack: list[list] = []  # [node, pointer, pending key (text, start, end, style) or None]
    anchored: dict[str, str] = {}  # anchor -> pointer
    aliased: set[str] = set()
    loader = loader_cls(text)
    try:
        while loader.check_event():
            ev = loader.get_event()
            cls = type(ev)
            if cls is ScalarEvent or cls is AliasEvent:
                if stack and stack[-1][0].kind == "map" and stack[-1][2] is None:
                    _yaml_key(stack[-1], ev, cls is AliasEvent)
                else:
                    _yaml_leaf(stack, idx, ev, cls is AliasEvent, text, anchored, aliased)
            elif cls is MappingStartEvent or cls is SequenceStartEvent:
                _yaml_open(stack, idx, ev, cls is MappingStartEvent, text, anchored)
            elif cls is MappingEndEvent or cls is SequenceEndEvent:
                node, _ptr, _ = stack.pop()
                if node.flow:
                    node.end = ev.end_mark.index
                elif node.children:
                    node.end = idx[node.children[-1]].end
            elif cls is DocumentEndEvent:
                break
    finally:
        loader.dispose()
    _unfix_aliased(idx, anchored, aliased)
    return idx


def _yaml_key(frame: list, ev: Any, is_alias: bool) -> None:
    """A mapping's next key (an alias, tagged, anchored or merge key makes the mapping not fixable)."""
    if is_alias or ev.tag not in (None, "!") or ev.anchor:
        frame[0].fixed = False  # an alias, tagged or anchored key
        frame[2] = ("*", ev.start_mark.index, ev.end_mark.index, "")
    else:
        frame[2] = (ev.value, ev.start_mark.index, ev.end_mark.index, ev.style or "")
        if ev.value == "<<" and ev.implicit[0]:
            frame[0].fixed = False  # merged entries have no text of their own


def _yaml_leaf(stack: list[list], idx: dict[str, Node], ev: Any, is_alias: bool, text: str,
               anchored: dict[str, str], aliased: set[str]) -> None:
    """A scalar or an alias as a value; its anchor (or the anchor it names) is recorded."""
    if is_alias:
        aliased.add(ev.anchor)
        node = Node("alias", ev.start_mark.index, ev.end_mark.index, fixed=False)
    else:
        node = Node("scalar", ev.start_mark.index, ev.end_mark.index, style=ev.style or "")
        if ev.tag not in (None, "!") or ev.anchor:
            node.fixed = False
        if ev.anchor:
            anchored[ev.anchor] = _add(stack, idx, node, text)
            return
    _add(stack, idx, node, text)


def _yaml_open(stack: list[list], idx: dict[str, Node], ev: Any, is_map: bool, text: str,
               anchored: dict[str, str]) -> None:
    """A mapping or a sequence starts: its node, and a frame for its entries."""
    if stack and stack[-1][0].kind == "map" and stack[-1][2] is None:
        stack[-1][0].fixed = False  # a collection as a key
        stack[-1][2] = ("?", ev.start_mark.index, ev.start_mark.index, "")
    node = Node("map" if is_map else "seq", ev.start_mark.index, ev.start_mark.index, flow=bool(ev.flow_style))
    if ev.anchor or ev.tag not in (None, "!"):
        node.fixed = False
    ptr = _add(stack, idx, node, text)
    if ev.anchor:
        anchored[ev.anchor] = ptr
    stack.append([node, ptr, None])


def _unfix_aliased(idx: dict[str, Node], anchored: dict[str, str], aliased: set[str]) -> None:
    """A node shared through an alias, and all below it: an edit would change every place that names it."""
    for name in aliased:
        ptr = anchored.get(name)
        if ptr is not None:
            for p, n in idx.items():
                if p == ptr or p.startswith(ptr + "/"):
                    n.fixed = False


def _add(stack: list[list], idx: dict[str, Node], node: Node, text: str) -> str:
    if not stack:
        idx[""] = node
        return ""
    parent, pptr, key = stack[-1]
    if parent.kind == "map":
        token = key[0]
        node.key_start, node.key_end, node.key_style = key[1], key[2], key[3]
        stack[-1][2] = None
        if token in parent.keys:
            parent.fixed = False  # a duplicate key: which of the two an edit means is a guess
        parent.keys.append(token)
    else:
        token = str(len(parent.children))
        if not parent.flow:
            j = node.start - 1
            while j >= 0 and text[j] in " \t":
                j -= 1
            node.dash = j if j >= 0 and text[j] == "-" else -1
    ptr = pptr + "/" + escape_pointer_token(token)
    parent.children.append(ptr)
    if not parent.fixed and parent.kind == "map" and token in ("*", "?"):
        node.fixed = False
    idx[ptr] = node
    return ptr


_JSON_STRING = re.compile(r'"(?:[^"\\\x00-\x1f]|\\.)*"')
_JSON_ATOM = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null")
_WS = re.compile(r"[ \t\r\n]*")


def index_json(text: str, offset: int = 0, prefix: str = "", end: int | None = None) -> dict[str, Node]:
    """Every node of the JSON value in ``text[offset:end]``, by pointer (``prefix`` + the path)."""
    idx: dict[str, Node] = {}
    end = len(text) if end is None else end

    def ws(i: int) -> int:
        return _WS.match(text, i).end()

    def value(i: int, ptr: str) -> tuple[Node, int]:
        i = ws(i)
        ch = text[i] if i < end else ""
        if ch in "{[":
            kind = "map" if ch == "{" else "seq"
            node = Node(kind, i, i)
            idx[ptr] = node
            j = ws(i + 1)
            close = "}" if ch == "{" else "]"
            while j < end and text[j] != close:
                if kind == "map":
                    m = _JSON_STRING.match(text, j)
                    if not m:
                        raise Refused("not JSON")
                    key = json.loads(m.group())
                    k_start, k_end = m.start(), m.end()
                    j = ws(k_end)
                    if text[j] != ":":
                        raise Refused("not JSON")
                    cptr = ptr + "/" + escape_pointer_token(key)
                    if key in node.keys:
                        node.fixed = False
                    node.keys.append(key)
                    child, j = value(j + 1, cptr)
                    child.key_start, child.key_end, child.key_style = k_start, k_end, '"'
                else:
                    cptr = ptr + "/" + str(len(node.children))
                    child, j = value(j, cptr)
                node.children.append(cptr)
                j = ws(j)
                if j < end and text[j] == ",":
                    j = ws(j + 1)
            if j >= end:
                raise Refused("not JSON")
            node.end = j + 1
            return node, j + 1
        m = _JSON_STRING.match(text, i) if ch == '"' else _JSON_ATOM.match(text, i)
        if not m:
            raise Refused("not JSON")
        node = Node("scalar", i, m.end(), style='"' if ch == '"' else "")
        idx[ptr] = node
        return node, m.end()

    value(offset, prefix)
    return idx


# ------------------------------------------------------------------------------------------------ splicing

class TextDoc:
    """A file's text with its node index: turns edits into splices. ``kind`` is yaml, json or jsonl."""

    def __init__(self, text: str, kind: str) -> None:
        self.text = text
        self.kind = kind
        self.nl = "\r\n" if "\r\n" in text else "\n"
        self.idx: dict[str, Node] = {}
        self._lines: list[tuple[int, int]] | None = None  # jsonl: (start, end) of every line
        if kind == "yaml":
            self.idx = index_yaml(text)
            styles = [n.style for n in self.idx.values() if n.kind == "scalar" and n.style in ("'", '"')]
            self.quote = "'" if styles.count("'") > styles.count('"') else '"'
        elif kind == "json":
            self.idx = index_json(text)
            self.quote = '"'
        else:
            self.quote = '"'
            starts, pos = [], 0
            for line in text.split("\n"):
                starts.append((pos, pos + len(line)))
                pos += len(line) + 1
            self._lines = starts

    # -------------------------------------------------------------------------------------------- lookup

    def node(self, ptr: str) -> Node | None:
        if self._lines is not None:
            toks = split_pointer(ptr)
            if not toks or not toks[0].isdigit() or int(toks[0]) >= len(self._lines):
                return None
            line = toks[0]
            if ("/" + line) not in self.idx:
                s, e = self._lines[int(line)]
                try:
                    self.idx.update(index_json(self.text, s, "/" + line, e))
                except (Refused, IndexError):
                    return None
        return self.idx.get(ptr)

    def _need(self, ptr: str) -> Node:
        n = self.node(ptr)
        if n is None:
            raise Refused(f"{ptr or '/'}: no such node in the text")
        if not n.fixed:
            raise Refused(f"{ptr or '/'}: behind an alias, anchor, tag or merge key")
        return n

    @staticmethod
    def parent_of(ptr: str) -> tuple[str, str]:
        head, _, last = ptr.rpartition("/")
        return head, last.replace("~1", "/").replace("~0", "~")

    # -------------------------------------------------------------------------------------------- rendering

    def _yaml(self) -> bool:
        return self.kind == "yaml"

    def value_text(self, value: Any) -> str:
        return render.yaml_flow(value, self.quote) if self._yaml() else render.json_text(value)

    def key_text(self, key: str, style: str = "") -> str:
        if not self._yaml():
            return render.json_text(key)
        if style in ("'", '"'):
            return render.quoted(key, style)
        return key if render.plain_ok(key) else render.quoted(key, self.quote)

    def string_text(self, value: str, style: str) -> str:
        if not self._yaml():
            return render.json_text(value)
        if style in ("'", '"'):
            return render.quoted(value, style)
        return render.yaml_scalar(value, self.quote)

    # -------------------------------------------------------------------------------------------- lines

    def _line_start(self, pos: int) -> int:
        return self.text.rfind("\n", 0, pos) + 1

    def _content_end(self, pos: int) -> int:
        """``pos`` moved back over the blank lines a block scalar keeps in its span."""
        while pos > 0 and self.text[pos - 1] in " \t\r\n":
            pos -= 1
        return pos

    def _eol(self, pos: int) -> int:
        """The end of the line holding offset ``pos`` - 1 (before its line break)."""
        j = self.text.find("\n", pos)
        if j < 0:
            return len(self.text)
        return j - 1 if j > 0 and self.text[j - 1] == "\r" else j

    # -------------------------------------------------------------------------------------------- edits

    def splices(self, e: Edit, values: list | None = None) -> list[Splice]:
        """The splices of one edit (``values``: the merged values of several `add` edits of one list)."""
        if e.op in ("replace", "quote"):
            return [self._replace(self._need(e.pointer), e.value, quote=e.op == "quote")]
        if e.op == "rename":
            n = self._need(e.pointer)
            if n.key_start < 0:
                raise Refused(f"{e.pointer}: not a mapping entry")
            ppath, key = self.parent_of(e.pointer)
            if e.value in self._need(ppath).keys:
                raise Refused(f"{e.pointer}: `{e.value}` exists already")
            return [(n.key_start, n.key_end, self.key_text(e.value, n.key_style))]
        if e.op == "delete":
            return self._delete(e.pointer)
        ppath, key = self.parent_of(e.pointer)
        if e.op == "set":
            parent = self._need(ppath)
            if parent.kind != "map":
                raise Refused(f"{ppath or '/'}: not a mapping")
            if key in parent.keys:
                return [self._replace(self._need(e.pointer), e.value)]
            return [self._insert(parent, ppath, key, e.value, e.after)]
        # add
        vals = values if values is not None else [e.value]
        n = self.node(e.pointer)
        if n is None:
            parent = self._need(ppath)
            if parent.kind != "map":
                raise Refused(f"{ppath or '/'}: not a mapping")
            return [self._insert(parent, ppath, key, vals, e.after)]
        if not n.fixed or n.kind != "seq":
            raise Refused(f"{e.pointer}: not a list that can be edited")
        return [self._append(n, vals)]

    def _replace(self, n: Node, value: Any, quote: bool = False) -> Splice:
        if n.kind == "scalar":
            if n.start == n.end:
                raise Refused("an empty scalar")
            if n.style in ("|", ">"):
                raise Refused("a block scalar")
            if quote:
                if n.style:
                    raise Refused("already quoted")
                return (n.start, n.end, render.quoted(value, self.quote) if self._yaml() else render.json_text(value))
            if isinstance(value, str):
                return (n.start, n.end, self.string_text(value, n.style))
            return (n.start, n.end, self.value_text(value))
        if n.kind == "alias":
            raise Refused("an alias")
        return (n.start, n.end, self.value_text(value))

    def _separator(self, n: Node, after: int) -> str:
        """What goes between child ``after`` and a new sibling in a flow collection: the file's own separator."""
        kids = [self.idx[p] for p in n.children]
        if after + 1 < len(kids):
            sep = self.text[kids[after].end:self._child_start(kids[after + 1])]
        elif len(kids) >= 2:
            sep = self.text[kids[-2].end:self._child_start(kids[-1])]
        else:
            sep = "," + (self.text[self._open(n):self._child_start(kids[0])] or " ")
        if "#" in sep or sep.count(",") != 1 or sep.strip() != ",":
            sep = ", "
        return sep

    def _open(self, n: Node) -> int:
        j = self.text.find("{" if n.kind == "map" else "[", n.start)
        if j < 0 or j >= n.end:
            raise Refused("no bracket")
        return j + 1

    @staticmethod
    def _child_start(c: Node) -> int:
        return c.key_start if c.key_start >= 0 else c.start

    def _entry(self, key: str, value: Any) -> str:
        return f"{self.key_text(key)}: {self.value_text(value)}"

    def _insert(self, parent: Node, ppath: str, key: str, value: Any, after: str | None) -> Splice:
        kids = [self.idx[p] for p in parent.children]
        pos = parent.keys.index(after) if after is not None and after in parent.keys else len(kids) - 1
        if parent.flow:
            if not kids:
                j = self._open(parent)
                return (j, j, self._entry(key, value))
            return (kids[pos].end, kids[pos].end, self._separator(parent, pos) + self._entry(key, value))
        anchor = kids[pos]
        col = anchor.key_start - self._line_start(anchor.key_start)
        at = self._eol(self._content_end(anchor.end))
        return (at, at, self.nl + " " * col + self._entry(key, value))

    def _append(self, n: Node, values: list) -> Splice:
        kids = [self.idx[p] for p in n.children]
        items = [self.value_text(v) for v in values]
        if n.flow:
            if not kids:
                j = self._open(n)
                return (j, j, ", ".join(items))
            sep = self._separator(n, len(kids) - 1)
            return (kids[-1].end, kids[-1].end, "".join(sep + t for t in items))
        last = kids[-1]
        if last.dash < 0:
            raise Refused("a block list item without its dash")
        col = last.dash - self._line_start(last.dash)
        if self.text[self._line_start(last.dash):last.dash].strip():
            raise Refused("a list item that does not start its line")
        gap = self.text[last.dash + 1:last.start]
        at = self._eol(self._content_end(last.end))
        return (at, at, "".join(self.nl + " " * col + "-" + gap + t for t in items))

    def _delete(self, ptr: str) -> list[Splice]:
        ppath, key = self.parent_of(ptr)
        parent = self._need(ppath)
        n = self._need(ptr)
        kids = parent.children
        i = kids.index(ptr)
        if parent.flow:
            if len(kids) == 1:
                j = self._open(parent)
                return [(j, parent.end - 1, "")]
            if i + 1 < len(kids):
                return [(self._child_start(n), self._child_start(self.idx[kids[i + 1]]), "")]
            return [(self.idx[kids[i - 1]].end, n.end, "")]
        if len(kids) == 1:
            first = self._child_start(n)
            return [(first, n.end, "{}" if parent.kind == "map" else "[]")]
        head = self._child_start(n) if parent.kind == "map" else n.dash
        ls = self._line_start(head)
        if self.text[ls:head].strip():
            raise Refused("an entry that does not start its line")
        self._check_comments_above(ls)
        end = self._eol(self._content_end(n.end))
        comment = self._trailing_comment(self._line_start(end), end)
        nl_end = end + len(self.nl) if self.text.startswith(self.nl, end) else end
        keep = (" " * (head - ls) + comment + self.nl) if comment else ""
        if nl_end == len(self.text) and not self.text.endswith("\n") and ls > 0 and not keep:
            return [(ls - len(self.nl), nl_end, "")]  # the last line of a file without a final newline
        return [(ls, nl_end, keep)]

    def _trailing_comment(self, ls: int, end: int) -> str:
        line = self.text[ls:end]
        for m in re.finditer(r"(?<=\s)#", line):
            pos = ls + m.start()
            if not any(n.kind == "scalar" and n.start <= pos < n.end for n in self.idx.values()):
                return line[m.start():].rstrip()
        return ""

    def _check_comments_above(self, ls: int) -> None:
        j = ls
        while j > 0:
            prev = self._line_start(j - 1)
            line = self.text[prev:j].strip()
            if not line.startswith("#"):
                return
            if "toolcheck:" in line:
                raise Refused("deleting this entry would move an own-line suppression comment onto another node")
            j = prev


# ------------------------------------------------------------------------------------------------ comments

_COMMENT = re.compile(r"(?:^|(?<=[ \t]))#[^\n\r]*", re.M)


def yaml_comments(text: str, idx: dict[str, Node] | None = None) -> list[str]:
    """The comments of a YAML text (a `#` inside a scalar or key is text), each stripped, in order."""
    from bisect import bisect_right

    idx = index_yaml(text) if idx is None else idx
    spans = [(n.start, n.end) for n in idx.values() if n.kind == "scalar" and n.end > n.start]
    spans += [(n.key_start, n.key_end) for n in idx.values() if n.key_start >= 0]
    spans.sort()
    starts = [s for s, _ in spans]
    out = []
    for m in _COMMENT.finditer(text):
        k = bisect_right(starts, m.start()) - 1
        if k >= 0 and spans[k][0] <= m.start() < spans[k][1]:
            continue
        out.append(m.group().strip())
    return out
