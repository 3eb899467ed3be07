"""TC4's facts: the description's words, one walk of the parameters, the placeholder verdict, the run's names.

:class:`NamingIndex` is built once per run: the names of every loaded tool (TC409 does not take another tool's
name for a value) and whether a source file can hold an invisible character at all (TC412's pre-filter).
``facts(contract)`` gives one :class:`NamingFacts` per contract, computed on first use and shared by the rules
that read them: the description split into words (TC402, TC406, TC410), the walk of the parameters (TC407,
TC408, TC409, TC411), all prose joined for cheap pre-filters (TC411), the poisoning patterns each prose field
matches (TC411, TC414), and whether the description says nothing
(TC401's verdict, which TC402 and TC410 stay silent on).

Also the text helpers the family shares: :func:`word_count` (CJK-aware), :func:`name_words`, :func:`stem`,
:func:`short`, :func:`label`, :func:`punct`, :func:`both`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cached_property
from typing import Any

from ...model.pointer import join_pointer
from ..base import Index, RunView

# ------------------------------------------------------------------------------------------------ text helpers

# scripts written without spaces between words: CJK ideographs, kana, Hangul syllables, Thai, Lao, Khmer, Myanmar
NOSPACE = re.compile(
    "[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
    "\U00020000-\U0002fa1f]"
)
WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")
_NAME_SPLIT = re.compile(r"[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_NORM = re.compile(r"[\W_]+")
TOKEN = re.compile(r"[a-z][a-z\-]*")
MAX_DEPTH = 64
COMBINATORS = ("anyOf", "oneOf", "allOf")


def word_count(text: str) -> float:
    """Words in ``text``; a run of CJK/Thai characters counts one word per two characters."""
    if text.isascii():
        return len(WORD.findall(text))
    nospace = len(NOSPACE.findall(text))
    if nospace:
        text = NOSPACE.sub(" ", text)
    return len(WORD.findall(text)) + nospace / 2


def name_words(name: str) -> list[str]:
    """`getUserName`, `get_user-name`, `user.getName` -> ['get', 'user', 'name'] (lowercase)."""
    return [w.lower() for w in _NAME_SPLIT.split(name) if w]


def stem(w: str) -> str:
    """A crude English singular: `categories` -> `category`, `orders` -> `order` (`address` stays)."""
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
        return w[:-1]
    return w


def short(text: str, limit: int = 60) -> str:
    """``text`` on one line, cut at ``limit`` characters with an ellipsis."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def ptr(tokens: tuple) -> str:
    """The JSON Pointer of ``tokens`` (escaped), relative to the contract."""
    return join_pointer("", *tokens)


def prop_pointer(parent: tuple, name: str) -> str:
    """The pointer of property ``name`` of the schema at ``parent``."""
    return ptr(parent + ("properties", name))


def label(path: tuple) -> str:
    """`filters.price_max`, `items[].gift_id`, `$defs/Address.city`."""
    out = ""
    for p in path:
        p = str(p)
        out += p if p == "[]" or not out else "." + p
    return out


def punct(words) -> frozenset[str]:
    """``words`` as they appear in whitespace-split text: bare or with punctuation attached."""
    return frozenset(p + w + q for w in words for p in ("", "(", '"', "'") for q in ("", ",", ".", ":", ";", ")", "!",
                                                                                    "?", '"', "'"))


def both(pattern: str) -> tuple[re.Pattern, re.Pattern]:
    """A lowercase pattern compiled twice: for lowercased text (fast) and, ignoring case, for the original text."""
    return re.compile(pattern), re.compile(pattern, re.I)


def desc_of(schema: dict) -> str | None:
    """A schema's non-blank `description`, else None."""
    d = schema.get("description")
    return d if isinstance(d, str) and d.strip() else None


def types_of(schema: dict) -> set[str]:
    """The lowercased names of a schema's `type` (a string or a list)."""
    t = schema.get("type")
    if isinstance(t, str):
        return {t.lower()}
    if isinstance(t, list):
        return {x.lower() for x in t if isinstance(x, str)}
    return set()


def local_ref(root: Any, ref: Any) -> Any:
    """Resolve a `#/$defs/X`-style ref inside the parameters (one step; anything else -> None)."""
    if not isinstance(ref, str) or not ref.startswith("#/"):
        return None
    cur = root
    for tok in ref[2:].split("/"):
        tok = tok.replace("~1", "/").replace("~0", "~")
        if isinstance(cur, dict) and tok in cur:
            cur = cur[tok]
        else:
            return None
    return cur


# ------------------------------------------------------------------------------------------------ placeholders

# Whole descriptions that say nothing (compared after lowercasing and turning punctuation into single spaces).
PLACEHOLDERS = frozenset({
    "todo", "to do", "tbd", "tba", "fixme", "xxx", "wip", "work in progress", "coming soon", "to be done",
    "to be determined", "to be added", "n a", "na", "none", "null", "nil", "undefined", "empty", "blank",
    "description", "desc", "tool description", "function description", "the description", "description here",
    "description goes here", "add description", "add a description", "add description here", "insert description",
    "enter description", "enter a description", "write a description", "your description", "my description",
    "no description", "no description provided", "no description available", "description not available",
    "placeholder", "placeholder description", "lorem ipsum", "test", "testing", "test tool", "test function",
    "a test", "just a test", "example", "example tool", "sample", "sample tool", "foo", "bar", "foo bar", "foobar",
    "does something", "does stuff", "do something", "do stuff", "does a thing", "does things", "something", "stuff",
    "it does something", "this does something", "tool", "a tool", "my tool", "the tool", "this is a tool",
    "this tool does something", "function", "a function", "my function", "this is a function",
    "this function does something", "helper", "a helper", "helper function", "utility", "misc", "ditto",
    "same as above", "see above", "see docs", "see documentation", "see readme", "update me", "change me",
    "changeme", "fill me in", "fill in", "insert here",
    # Chinese and Japanese placeholders
    "说明", "描述", "暂无", "暂无描述", "暂无说明", "无", "无描述", "没有描述", "待定", "待补充", "待完善", "待添加",
    "测试", "测试工具", "占位", "占位符", "説明", "説明なし", "説明文", "未定", "未記入", "未設定", "なし", "無し",
    "テスト", "準備中", "工事中", "ダミー",
})
_PLACEHOLDER_PREFIX = re.compile(r"\s*(?:todo|tbd|fixme)\s*(?::|\s-\s)", re.I)
_PLACEHOLDER_PREFIX_CS = re.compile(r"\s*(?:TODO|TBD|FIXME|XXX)(?:\s*[:(]|\s+-\s|\s*$)")
# words a restated name may add without saying anything more
_FILLER = frozenset({"a", "an", "the", "this", "that", "tool", "function", "to", "of", "for", "and", "it", "is",
                     "which", "will", "api", "method", "endpoint", "call", "calls", "used", "use", "given"})
_LONGEST_PLACEHOLDER = max(len(p) for p in PLACEHOLDERS) + 8


def classify_description(desc: str, name: str | None, extra: list[str], restated: bool,
                         words: list[str] | None = None) -> tuple[str, str] | None:
    """('empty'|'placeholder'|'restated', text) when the description says nothing, else None."""
    text = desc.strip()
    if not text:
        return ("empty", "")
    if _is_placeholder(text, extra):
        return ("placeholder", text)
    if name and restated and _restates_name(text, name, words):
        return ("restated", text)
    return None


def _is_placeholder(text: str, extra: list[str]) -> bool:
    """Is the stripped description ``text`` a placeholder (listed, one of ``extra``, `TODO: ...`, lorem ipsum)?"""
    if len(text) <= _LONGEST_PLACEHOLDER or (extra and len(text) <= 200):
        norm = _NORM.sub(" ", text.lower()).strip()
        if not norm or norm in PLACEHOLDERS or (extra and norm in {_NORM.sub(" ", p.lower()).strip() for p in extra}):
            return True
    if len(text) <= 80 and (_PLACEHOLDER_PREFIX_CS.match(text) or
                            (_PLACEHOLDER_PREFIX.match(text) and word_count(text) <= 6)):
        return True
    return "orem ipsum" in text or "OREM IPSUM" in text


def _restates_name(text: str, name: str, words: list[str] | None) -> bool:
    """Does the stripped description ``text`` only repeat the tool ``name`` (with filler words)?"""
    if len(text) > 120 or (words is not None and len(words) > 12):
        return False
    last = text.rsplit(None, 1)[-1].lower().strip(".,;:!?)\"'")
    if not (last in _FILLER or stem(last)[:4] in name.lower()):  # cheap: the last word must be the name's
        return False
    if not (text.isascii() or not NOSPACE.search(text)):
        return False
    dw = [stem(w) for w in TOKEN.findall(text.lower()) if w not in _FILLER]
    if dw and len(dw) <= 9:
        nw = {stem(w) for w in name_words(name)}
        if len(dw) <= len(nw) + 1 and nw.issuperset(dw):
            return True
    return False


# ------------------------------------------------------------------------------------------------ schema walk

# A property schema declared in the parameters, as a plain tuple (cheap to build for thousands of tools):
# (parent pointer tokens, name, schema, names of the enclosing properties, the `properties` mapping it is in)
Prop = tuple

_SCHEMA_KIDS = frozenset({"properties", "items", "prefixItems", "anyOf", "oneOf", "allOf", "additionalProperties",
                          "$defs", "definitions"})


class Walk:
    """One walk of a contract's parameters: every property, and every description and title."""

    __slots__ = ("props", "prose", "texts")

    def __init__(self) -> None:
        self.props: list[Prop] = []
        # (pointer tokens, key, text) of the descriptions and titles that do not belong to a property
        self.prose: list[tuple[tuple, str, str]] = []
        self.texts: list[str] = []  # every description and title, properties' included

    def add_prose(self, toks: tuple, key: str, text: str) -> None:
        self.prose.append((toks, key, text))
        self.texts.append(text)


def walk(contract) -> Walk:
    """The :class:`Walk` of ``contract`` (bounded: depth, cycles)."""
    data = contract.data
    w = Walk()
    for k in ("description", "title"):
        v = data.get(k)
        if isinstance(v, str) and v:
            w.add_prose((), k, v)
    ann = data.get("annotations")
    if isinstance(ann, dict) and isinstance(ann.get("title"), str):
        w.add_prose(("annotations",), "title", ann["title"])
    root = contract.parameters
    pkey = contract.parameters_key
    if not isinstance(root, dict) or not pkey:
        return w
    seen: set[int] = set()
    stack: list[tuple[dict, tuple, tuple, int]] = [(root, (pkey,), (), 0)]
    while stack:
        node, toks, path, depth = stack.pop()
        if depth > MAX_DEPTH or id(node) in seen:
            continue
        seen.add(id(node))
        if node is root:
            for k in ("description", "title"):
                v = node.get(k)
                if v.__class__ is str and v:
                    w.add_prose(toks, k, v)
        _walk_node(w, stack, node, toks, path, depth + 1)
    return w


def _walk_node(w: Walk, stack: list, node: dict, toks: tuple, path: tuple, depth: int) -> None:
    """Record the subschemas of ``node`` (at ``toks``; ``depth`` is theirs) and push those that declare more."""
    for kw in _SCHEMA_KIDS.intersection(node):
        v = node[kw]
        if kw == "properties":
            if v.__class__ is dict:
                _walk_properties(w, stack, v, toks, path, depth)
        elif kw == "$defs" or kw == "definitions":
            if v.__class__ is dict:
                for dname, sub in v.items():
                    if sub.__class__ is dict:
                        _push_schema(stack, w, sub, toks + (kw, str(dname)), (f"{kw}/{dname}",), depth)
        elif v.__class__ is dict:  # items, additionalProperties
            sub_path = path + ("*",) if kw == "additionalProperties" else path + ("[]",) if path else path
            _push_schema(stack, w, v, toks + (kw,), sub_path, depth)
        elif v.__class__ is list and kw != "additionalProperties":  # tuple items, prefixItems, anyOf...
            sub_path = path + ("[]",) if path and kw in ("items", "prefixItems") else path
            for i, it in enumerate(v):
                if it.__class__ is dict:
                    _push_schema(stack, w, it, toks + (kw, i), sub_path, depth)


def _walk_properties(w: Walk, stack: list, props: dict, toks: tuple, path: tuple, depth: int) -> None:
    for name, sub in props.items():
        if sub.__class__ is not dict:
            continue
        if name.__class__ is not str:
            name = str(name)
        w.props.append((toks, name, sub, path, props))
        d = sub.get("description")
        if d.__class__ is str and d:
            w.texts.append(d)
        d = sub.get("title")
        if d.__class__ is str and d:
            w.texts.append(d)
        if not _SCHEMA_KIDS.isdisjoint(sub):
            stack.append((sub, toks + ("properties", name), path + (name,), depth))


def _push_schema(stack: list, w: Walk, sub: dict, toks: tuple, path: tuple, depth: int) -> None:
    """Record a non-property subschema's prose and walk on when it declares more."""
    for k in ("description", "title"):
        v = sub.get(k)
        if v.__class__ is str and v:
            w.add_prose(toks, k, v)
    if not _SCHEMA_KIDS.isdisjoint(sub):
        stack.append((sub, toks, path, depth))


# ------------------------------------------------------------------------------------------------ invisible text

# zero-width and format characters that render as nothing, bidirectional overrides and isolates, Unicode tag
# characters (which can spell hidden ASCII text), variation selectors beyond the emoji ones, invisible fillers.
INVISIBLE_CHARS = ("\u200b\u200c\u200d\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\u180e\u115f"
                   "\u1160\u3164\uffa0\U000e0000-\U000e007f\U000e0100-\U000e01ef")
ANY_INVISIBLE = re.compile(f"[{INVISIBLE_CHARS}]")
ESCAPE = re.compile(r"\\[uU][0-9a-fA-F]{4}")


# ------------------------------------------------------------------------------------------------ facts

class NamingFacts:
    """What the TC4 rules read of one contract, each computed on first use."""

    def __init__(self, contract, index: NamingIndex) -> None:
        self.contract = contract
        self.index = index
        d = contract.data.get("description")
        self.desc: str | None = d if isinstance(d, str) else None

    @cached_property
    def words(self) -> list[str]:
        """The description split at whitespace, lowercased (punctuation stays attached: see `punct`)."""
        return self.desc.lower().split() if self.desc else []

    @cached_property
    def walk(self) -> Walk:
        return walk(self.contract)

    @property
    def props(self) -> list[Prop]:
        return self.walk.props

    def all_prose(self) -> Iterator[tuple[tuple, str, str]]:
        """(pointer tokens of the schema, key, text) of every description and title."""
        yield from self.walk.prose
        for parent, name, s, _, _ in self.walk.props:
            for k in ("description", "title"):
                v = s.get(k)
                if v.__class__ is str and v:
                    yield parent + ("properties", name), k, v

    @cached_property
    def blob(self) -> str:
        """All prose of the contract, lowercased and joined (for cheap pre-filters)."""
        return "\n".join(self.walk.texts).lower()

    @cached_property
    def placeholder(self) -> tuple[str, str] | None:
        """('empty'|'placeholder', text) when the description says nothing (TC401), ('restated', text) when it only
        repeats the tool name (TC413), else None. TC402 and TC410 say nothing about these descriptions."""
        if self.desc is None:
            return None
        opts = self.index.run.options("TC401")
        return classify_description(self.desc, self.contract.name, opts["placeholders"], True, self.words)


class NamingIndex(Index):
    """Run-wide facts of TC4 and one :class:`NamingFacts` per contract."""

    def __init__(self, run: RunView) -> None:
        super().__init__(run)
        self._facts: dict[int, NamingFacts] = {}
        self._file_may_hide: dict[int, bool] = {}

    @cached_property
    def tool_names(self) -> set:
        """The `name` of every loaded contract (context files included)."""
        return {c.data.get("name") for c in self.run.contracts}

    def file_may_hide(self, file) -> bool:
        """False when the file's text certainly holds no invisible character (raw or escaped)."""
        v = self._file_may_hide.get(id(file))
        if v is None:
            text = file.text
            if text is None or ("\\" in text and ESCAPE.search(text)):
                v = True  # \u escapes (JSON, YAML): look at the parsed strings
            elif text.isascii():
                v = False
            else:
                v = any(ANY_INVISIBLE.search(line) for line in text.split("\n") if not line.isascii())
            self._file_may_hide[id(file)] = v
        return v

    def facts(self, contract) -> NamingFacts:
        got = self._facts.get(id(contract))
        if got is None or got.contract is not contract:
            got = self._facts[id(contract)] = NamingFacts(contract, self)
        return got
