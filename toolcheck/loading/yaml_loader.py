"""YAML -> Python values with a source map, in one iterative pass over PyYAML's parser events.

Why not ``yaml.safe_load``: it silently keeps the last of duplicate keys, loses positions, expands aliases
without bound, recurses (a deeply nested file exhausts the stack) and turns timestamps into ``date`` objects.
Walking the events ourselves gives positions, duplicates, YAML 1.1 traps and bounds in the same pass, with the
C parser when it is present.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.events import (
    AliasEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
)
from yaml.nodes import ScalarNode
from yaml.resolver import Resolver

from ..model.findings import Hit
from ..model.pointer import escape_pointer_token

try:
    _Loader = yaml.CSafeLoader  # libyaml: same events, several times faster
except AttributeError:  # pragma: no cover - depends on the PyYAML build
    _Loader = yaml.SafeLoader

_RESOLVER = Resolver()
_CONSTRUCTOR = SafeConstructor()
_STR = "tag:yaml.org,2002:str"
_KNOWN_SCALAR_TAGS = {
    _STR,
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:timestamp",
    "tag:yaml.org,2002:binary",
    "tag:yaml.org,2002:merge",
    "tag:yaml.org,2002:value",
}
_KNOWN_COLLECTION_TAGS = {"tag:yaml.org,2002:map", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:omap"}
_TRAP_CONTEXT = {"enum", "const", "default", "examples"}
_JSON_NUMBER = re.compile(r"^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$")
_OCTAL_11 = re.compile(r"^[-+]?0[0-7_]+$")


class YamlLimitExceeded(Exception):
    def __init__(self, code: str, message: str, help: str, line: int, column: int) -> None:
        super().__init__(message)
        self.code, self.message, self.help, self.line, self.column = code, message, help, line, column


def size_text(n: int) -> str:
    """A byte count for a message: MiB from 1 MiB on, bytes below (a small configured limit reads right)."""
    return f"{n / 1048576:.1f} MiB" if n >= 1048576 else f"{n:,} bytes"


@dataclass
class Limits:
    max_depth: int = 128
    max_alias_nodes: int = 100_000
    max_file_size: int = 10 * 1024 * 1024


@dataclass
class YamlResult:
    documents: list[Any]
    values: dict[str, tuple[int, int]]
    keys: dict[str, tuple[int, int]]
    hits: list[Hit] = field(default_factory=list)
    scalar_spans: list[tuple[int, int]] = field(default_factory=list)
    # the TC003 hits of the first document -> the scalars each reports: (pointer, text as written, the YAML 1.1
    # value, whether YAML 1.1 kept it a string); what their fixes are made from
    traps: dict[int, list[tuple[str, str, Any, bool]]] = field(default_factory=dict)


def _trap(pointer: str, tokens: list[str], text: str, value: Any, tag: str, plain: bool) -> Hit | None:
    """A plain scalar whose YAML 1.1 reading differs from what its author most likely meant."""
    if not plain:
        return None
    in_ctx = bool(_TRAP_CONTEXT.intersection(tokens))
    last = tokens[-1] if tokens else ""
    if tag.endswith(":bool") and text.lower() not in ("true", "false"):
        what = f"the boolean {str(value).lower()}"
    elif tag.endswith(":int") and (":" in text or _OCTAL_11.match(text) or "_" in text or text.lower().startswith("0b")):
        kind = "a sexagesimal (base 60) number" if ":" in text else "an octal number" if _OCTAL_11.match(text) else "an integer"
        what = f"{kind}: {value}"
    elif tag.endswith(":float") and (":" in text or ((in_ctx or last == "version") and _json_text(value) != text)):
        what = f"the number {value!r}"
    elif tag.endswith(":int") and last == "version":
        what = f"the number {value!r}"
    elif tag.endswith(":float") and last == "version":
        what = f"the number {value!r}"
    elif tag == _STR and _JSON_NUMBER.match(text) and "e" in text.lower():
        return Hit(
            pointer,
            f"`{text}` is read by YAML 1.1 as the string {text!r}, not a number",
            "Write the exponent with a decimal point (e.g. `1.0e-5`) for a number, or quote it for a string.",
            code="TC003",
            prefer_key=False,
        )
    else:
        return None
    return Hit(
        pointer,
        f"`{text}` is read by YAML 1.1 (PyYAML and most hosts) as {what}, not the string {text!r}",
        f"Quote it ('{text}') if you mean the string; write it as JSON would if you mean the value.",
        code="TC003",
        prefer_key=False,
    )


def _json_text(value: Any) -> str:
    if isinstance(value, float):
        return repr(value)
    return str(value)


def _construct_scalar(tag: str, text: str) -> Any:
    if tag == _STR or tag == "tag:yaml.org,2002:timestamp" or tag == "tag:yaml.org,2002:binary":
        return text  # timestamps stay strings: JSON has no dates and the schema says `format: date`
    if tag == "tag:yaml.org,2002:null":
        return None
    if tag == "tag:yaml.org,2002:bool":
        return _CONSTRUCTOR.bool_values[text.lower()]
    node = ScalarNode(tag, text)
    if tag == "tag:yaml.org,2002:int":
        return _CONSTRUCTOR.construct_yaml_int(node)
    if tag == "tag:yaml.org,2002:float":
        return _CONSTRUCTOR.construct_yaml_float(node)
    return text


def _mark(m) -> tuple[int, int]:
    return (m.line + 1, m.column + 1)


def load_yaml(text: str, limits: Limits, want_spans: bool = False) -> YamlResult:
    """Compose every document of ``text``. Raises ``yaml.YAMLError`` on syntax errors and
    ``YamlLimitExceeded`` when a bound is crossed."""
    c = _Composer(limits, want_spans)
    scalar = c.scalar
    handlers = {
        MappingStartEvent: c.start,
        SequenceStartEvent: c.start,
        MappingEndEvent: c.end,
        SequenceEndEvent: c.end,
        AliasEvent: c.alias,
        DocumentStartEvent: c.document_start,
    }
    loader = _Loader(text)
    try:
        while loader.check_event():
            ev = loader.get_event()
            cls = type(ev)
            if cls is ScalarEvent:  # most events: tested before the table
                scalar(ev)
            else:
                handler = handlers.get(cls)
                if handler is not None:
                    handler(ev)
    finally:
        loader.dispose()
    return c.result()


class _Composer:
    """One pass of :func:`load_yaml`: the values built so far, their positions and findings, and the open
    collections; one method per kind of parser event."""

    __slots__ = ("limits", "want_spans", "values", "keys", "hits", "spans", "documents", "anchors", "alias_nodes",
                 "alias_chars", "stack", "traps")

    def __init__(self, limits: Limits, want_spans: bool) -> None:
        self.limits = limits
        self.want_spans = want_spans
        self.values: dict[str, tuple[int, int]] = {}
        self.keys: dict[str, tuple[int, int]] = {}
        self.hits: list[Hit] = []
        self.spans: list[tuple[int, int]] = []
        self.documents: list[Any] = []
        self.anchors: dict[str, tuple[Any, int, int]] = {}  # name -> (value, nodes, characters of text)
        self.alias_nodes = 0
        # text an alias repeats: a 1 MB string aliased 2,000 times is 2 GB for every rule to read
        self.alias_chars = 0
        # frame: [is_map, container, pointer, tokens, pending_key, key_pos, size, anchor, merges, seen_keys,
        #         is_merge_key, characters]
        self.stack: list[list] = []
        # the TC003 hits, with the text, what YAML 1.1 made of it, its tag and the document it is in
        self.traps: list[tuple[Hit, str, Any, str, int]] = []

    def scalar(self, ev: ScalarEvent) -> None:
        """A mapping's next key (JSON keys are strings, so the key is the text as written), or a value."""
        if self.want_spans and ev.start_mark.index != ev.end_mark.index:
            self.spans.append((ev.start_mark.index, ev.end_mark.index))
        stack = self.stack
        if stack and stack[-1][0] and stack[-1][4] is None:
            frame = stack[-1]
            key = ev.value
            mark = ev.start_mark
            frame[4] = key
            frame[5] = (mark.line + 1, mark.column + 1)  # _mark, inline: once per key of every file
            frame[10] = ev.tag == "tag:yaml.org,2002:merge" or (key == "<<" and ev.implicit[0])
            frame[11] += len(key)
            return
        ptr, tokens = _child_pointer(stack, "")
        hits = self.hits
        tag = ev.tag
        plain = bool(ev.implicit[0]) and not ev.style
        if tag is None or tag == "!":
            tag = _RESOLVER.resolve(ScalarNode, ev.value, ev.implicit) if tag is None else _STR
        if tag not in _KNOWN_SCALAR_TAGS:
            hits.append(_bad_tag(ptr, tag))
            tag = _STR
        value = _construct_scalar(tag, ev.value)
        if plain and tag != _STR or (plain and "e" in ev.value.lower()):
            h = _trap(ptr, tokens, ev.value, value, tag, plain)
            if h:
                hits.append(h)
                self.traps.append((h, ev.value, value, tag, len(self.documents)))
        mark = ev.start_mark
        self.attach(value, ptr, (mark.line + 1, mark.column + 1), 1, len(ev.value))
        if ev.anchor:
            self.anchors[ev.anchor] = (value, 1, len(ev.value))

    def start(self, ev: MappingStartEvent | SequenceStartEvent) -> None:
        """A mapping or a list opens: a new frame, once its place, tag and the depth bound are checked."""
        stack = self.stack
        if stack and stack[-1][0] and stack[-1][4] is None:
            # a collection used as a mapping key: JSON cannot express it
            self.hits.append(
                Hit(stack[-1][2], "a mapping key is itself a mapping or a list", "Use a plain string key.",
                    code="TC016")
            )
            stack[-1][4] = "?"
            stack[-1][5] = _mark(ev.start_mark)
            stack[-1][10] = False
        ptr, tokens = _child_pointer(stack, "")
        if ev.tag and ev.tag != "!" and ev.tag not in _KNOWN_COLLECTION_TAGS:
            self.hits.append(_bad_tag(ptr, ev.tag))
        self.values[ptr] = _mark(ev.start_mark)
        if len(stack) >= self.limits.max_depth:
            raise YamlLimitExceeded(
                "TC010",
                f"nesting deeper than {self.limits.max_depth} levels",
                "Flatten the document, or raise `limits.max-depth` in the config if this is intended.",
                *_mark(ev.start_mark),
            )
        is_map = type(ev) is MappingStartEvent
        stack.append([is_map, {} if is_map else [], ptr, tokens, None, None, 1, ev.anchor, [], {}, False, 0])

    def end(self, ev: MappingEndEvent | SequenceEndEvent) -> None:
        """A mapping or a list closes: its merge keys are applied, its anchor recorded, and it joins its parent."""
        frame = self.stack.pop()
        container = frame[1]
        if frame[8]:
            _apply_merges(container, frame[8])
        if frame[7]:
            self.anchors[frame[7]] = (container, frame[6], frame[11])
        self.attach(container, frame[2], None, frame[6], frame[11])

    def alias(self, ev: AliasEvent) -> None:
        """An alias: a mapping key (kept as ``*name``), or the anchored value again, within the alias bounds."""
        stack = self.stack
        if stack and stack[-1][0] and stack[-1][4] is None:
            stack[-1][4] = "*" + ev.anchor
            stack[-1][5] = _mark(ev.start_mark)
            stack[-1][10] = False
            return
        ptr, _tokens = _child_pointer(stack, "")
        if ev.anchor not in self.anchors:  # the parser reports undefined aliases itself; be safe
            raise yaml.YAMLError(f"found undefined alias {ev.anchor!r}")
        value, size, chars = self.anchors[ev.anchor]
        self.alias_nodes += size
        self.alias_chars += chars
        self._check_alias_bounds(ev)
        self.attach(value, ptr, _mark(ev.start_mark), size, chars)

    def _check_alias_bounds(self, ev: AliasEvent) -> None:
        """Raise when the aliases so far repeat more nodes, or more text, than the limits allow."""
        limits = self.limits
        if self.alias_nodes > limits.max_alias_nodes:
            raise YamlLimitExceeded(
                "TC010",
                f"aliases expand to more than {limits.max_alias_nodes:,} nodes (an alias bomb?)",
                "Write the repeated parts out, or raise `limits.max-alias-nodes` in the config.",
                *_mark(ev.start_mark),
            )
        if self.alias_chars > limits.max_file_size:
            raise YamlLimitExceeded(
                "TC010",
                f"aliases repeat more than {size_text(limits.max_file_size)} of text (an alias bomb?)",
                "Write the repeated text out, or raise `limits.max-file-size` in the config (aliases may "
                "repeat as much text as a file may hold).",
                *_mark(ev.start_mark),
            )

    def document_start(self, ev: DocumentStartEvent) -> None:
        """A new document: anchors do not carry over from the one before."""
        self.anchors = {}

    def attach(self, value: Any, ptr: str, pos: tuple[int, int] | None, size: int, chars: int) -> None:
        """Put a finished value in its place: the open list or mapping (a merge key's value is kept for the
        mapping's end; a duplicate key is a TC002), or the document list; ``pos`` (None: already recorded)."""
        if pos is not None:
            self.values[ptr] = pos
        stack = self.stack
        if not stack:
            self.documents.append(value)
            return
        frame = stack[-1]
        frame[6] += size
        frame[11] += chars
        if not frame[0]:
            frame[1].append(value)
            return
        key = frame[4]
        key_pos = frame[5]
        is_merge = frame[10]
        frame[4] = None
        if is_merge:
            frame[8].append(value)
            return
        self.keys[ptr] = key_pos
        seen = frame[9]
        if key in seen:
            self.hits.append(
                Hit(
                    ptr,
                    f"duplicate key `{key}` (first at line {seen[key]}); YAML loaders keep only the last one",
                    "Remove or rename one of the two keys.",
                    code="TC002",
                )
            )
        else:
            seen[key] = key_pos[0]
        frame[1][key] = value

    def result(self) -> YamlResult:
        """What the pass built, with the TC003 list items merged and the scalars each first-document trap
        reports."""
        traps = self.traps
        hits = self.hits
        reported = {id(t[0]): [(t[0].pointer, t[1], t[2], t[3] == _STR)] for t in traps if t[4] == 0}
        if len(traps) > 1:
            hits = _merge_list_traps(hits, traps, self.values, reported)
        return YamlResult(self.documents, self.values, self.keys, hits, self.spans, reported)


def _merge_list_traps(hits: list[Hit], traps: list[tuple[Hit, str, Any, str, int]],
                      values: dict[str, tuple[int, int]], reported: dict[int, list]) -> list[Hit]:
    """One finding for one mistake: the unquoted items of one list (`enum: [yes, no]`) that YAML 1.1 turns into
    booleans or numbers are reported together, on the list, at its first such item."""
    groups: dict[str, list[tuple[Hit, str, Any, str, int]]] = {}
    for t in traps:
        parent, _, last = t[0].pointer.rpartition("/")
        if last.isdigit() and t[3] != _STR:  # an item of a list, read as something other than a string
            groups.setdefault(parent, []).append(t)
    merged: dict[int, Hit | None] = {}
    for parent, items in groups.items():
        if len(items) < 2:
            continue
        texts = [it[1] for it in items]
        readings = [json.dumps(it[2]) if not isinstance(it[2], float) else repr(it[2]) for it in items]
        shown = ", ".join(f"`{t}`" for t in texts)
        quoted = ", ".join(f"'{t}'" for t in texts)
        h = Hit(parent,
                f"{shown} are read by YAML 1.1 (PyYAML and most hosts) as {', '.join(readings)}, not as the "
                f"strings {quoted}",
                f"Quote them ([{quoted}]) if you mean the strings; write them as JSON would if you mean the values.",
                code="TC003", prefer_key=False)
        h.position = values.get(items[0][0].pointer)
        merged[id(items[0][0])] = h
        if all(id(it[0]) in reported for it in items):
            reported[id(h)] = [x for it in items for x in reported[id(it[0])]]
        for it in items:
            reported.pop(id(it[0]), None)
        for it in items[1:]:
            merged[id(it[0])] = None
    if not merged:
        return hits
    out = []
    for h in hits:
        if id(h) in merged:
            m = merged[id(h)]
            if m is not None:
                out.append(m)
        else:
            out.append(h)
    return out


def _bad_tag(ptr: str, tag: str) -> Hit:
    return Hit(
        ptr,
        f"YAML tag `{tag}` is not plain data; toolcheck reads it as a string and never constructs it",
        "Remove the tag: a contract holds only JSON data (strings, numbers, booleans, null, lists, mappings).",
        code="TC016",
        prefer_key=False,
    )


def _child_pointer(stack: list[list], doc_prefix: str) -> tuple[str, list[str]]:
    if not stack:
        return doc_prefix, []
    frame = stack[-1]
    if frame[0]:
        token = frame[4]
    else:
        token = str(len(frame[1]))
    return frame[2] + "/" + escape_pointer_token(token), frame[3] + [token]


def _apply_merges(mapping: dict, merges: list) -> None:
    for m in merges:
        items = m if isinstance(m, list) else [m]
        for sub in items:
            if isinstance(sub, dict):
                for k, v in sub.items():
                    mapping.setdefault(k, v)
