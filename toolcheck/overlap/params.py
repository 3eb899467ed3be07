"""A tool's parameters as TC430 reads them (frames.py puts them in the frame): each property's canonical words, head
and kind (``param_words``) and its Param; the words and verb classes of a mode parameter's enum values; the switches
that add a part to the answer. Pure functions of the lexicon."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from itertools import islice
from typing import Any

from .keys import key_systems, own_id_words
from .lexicon import Lexicon, lexicon, load_data, split_identifier

KEY_KINDS = frozenset({"id", "name", "query", "path", "url", "content", "location", "time"})
_TYPE_ALIASES = {"dict": "object", "map": "object", "float": "number", "double": "number", "int": "integer",
                 "long": "integer", "str": "string", "text": "string", "bool": "boolean", "list": "array",
                 "tuple": "array", "set": "array"}


@dataclass(slots=True)
class Param:
    raw: str
    canon: str  # canonical words joined with "_"
    words: tuple[str, ...]
    head: str
    kind: str  # id | name | query | path | url | content | location | time | page | auth | format | other
    required: bool
    type: str | None
    wkey: str = ""  # its words as a set, sorted and joined (same words in another order match)
    # a list of records: each item property's (canonical words, description lower-case, name); a key-value map:
    # one entry ("*", description, ""); else () (bulk.py reads them)
    items: tuple[tuple[str, str, str], ...] = ()
    systems: frozenset[str] = frozenset()  # identifier systems its name or description says (keys.key_systems)
    listed: bool = False  # a string whose description says it holds a list ("comma-separated IDs"): bulk.py


def _norm_type(t: Any) -> str | None:
    if isinstance(t, str):
        low = t.lower()
        return _TYPE_ALIASES.get(low, low)
    if isinstance(t, list):
        ts = sorted({_norm_type(x) or "" for x in t if isinstance(x, str)} - {"null", ""})
        return "|".join(ts) or None
    return None


@lru_cache(maxsize=1 << 14)
def _wkey(words: tuple[str, ...]) -> str:
    return "\x00".join(sorted(set(words)))


@lru_cache(maxsize=1 << 14)
def param_words(key: str) -> tuple[tuple[str, ...], str, str]:
    """(canonical words, head, kind) of a property name."""
    lx = lexicon()
    raw = split_identifier(key) or [key.lower()]
    words = tuple(lx.canon(w) for w in raw if w)
    joined = "".join(raw)
    kind = (lx.param_kind.get("_".join(raw)) or lx.param_kind.get(joined) or lx.param_kind.get(raw[-1])
            or lx.param_kind.get(words[-1] if words else "") or lx.param_kind.get(raw[0]) or "other")
    if raw[-1] in ("id", "ids", "uuid", "identifier") or joined.endswith("id") and len(joined) > 3 and \
            joined[:-2] in lx.synonym:
        kind = "id"
    head = words[-1] if words else key.lower()
    return words, head, kind


def make_param(key: str, schema: dict, required: bool, obj: tuple[str, ...]) -> Param:
    """The Param of property ``key`` (its ``schema``) of a tool whose object is ``obj``."""
    words, head, kind = param_words(key)
    if kind == "id":
        words = own_id_words(words, obj)  # comp_id on get_compound: the compound's own id, written short
    if kind == "id" and head in ("number", "no") and schema.get("type") in ("integer", "number") \
            and not set(words[:-1]) & set(obj):
        kind = "other"  # thoughtNumber, page_no: a count, not a key (issue_number on get_issue is one)
    ptype = _norm_type(schema.get("type"))
    # the systems of what may be a lookup key (interchange.py reads no other: an optional filter of no key kind is none)
    systems = key_systems(key, schema.get("description")) \
        if (kind not in ("page", "auth", "format") if required else kind in ("id", "name", "query")) else frozenset()
    return Param(key, "_".join(words), words, head, kind, required, ptype, _wkey(words), _items(schema, ptype),
                 systems, ptype == "string" and _listed(schema.get("description")))


@cache
def _listed_re() -> re.Pattern[str]:
    return re.compile(load_data("bulk.json")["listed_string"], re.IGNORECASE)


def _listed(desc: Any) -> bool:
    """A string parameter's description says it holds several values in one string (data/overlap/bulk.json's
    listed_string: 'Comma-separated Ensembl stable IDs'): a list, as an array is."""
    return isinstance(desc, str) and _listed_re().search(desc) is not None


def _items(schema: dict, ptype: str | None) -> tuple[tuple[str, str, str], ...]:
    """What one entry of a collection parameter holds: the item properties of an array of records, or ("*", its
    description) for a key-value map (an object that declares no properties)."""
    if ptype == "array":
        item = schema.get("items")
        props = item.get("properties") if isinstance(item, dict) else None
        if isinstance(props, dict):
            return tuple(("_".join(param_words(k)[0]), str(v.get("description", ""))[:300].lower() if isinstance(
                v, dict) else "", k) for k, v in islice(props.items(), 20) if isinstance(k, str))
    elif ptype == "object" and not schema.get("properties"):
        return (("*", str(schema.get("description", ""))[:300].lower(), ""),)
    return ()


def pinned_values(props: dict, limit: int) -> dict[str, str]:
    """name -> the one value a property allows (``const``, or an enum of one): operation=get_structure. For
    messages only (explain.py says two tools pin one parameter to different values); no score reads it."""
    out: dict[str, str] = {}
    for k, v in islice(props.items(), limit):
        one = ([v["const"]] if "const" in v else v.get("enum")) if isinstance(v, dict) else None
        if isinstance(k, str) and isinstance(one, list) and len(one) == 1 and isinstance(one[0], (str, int, float)):
            out[k] = str(one[0])
    return out


def is_mode_param(key: str, lx: Lexicon) -> bool:
    """A property whose enum selects what the tool does (action, method, type, format, ...)."""
    raw_words = split_identifier(key)
    return bool(raw_words and raw_words[-1] in lx.mode_params) or "".join(raw_words) in lx.mode_params


def enum_terms(key: str, enum: list, lx: Lexicon, own: tuple[frozenset[str], str | None],
               enum_words: dict[str, tuple[str, str]], enum_classes: dict[str, tuple[str, str]]) -> None:
    """Add the words and verb classes of a mode parameter's enum values, each first one with (param, value), to
    ``enum_words`` and ``enum_classes``; ``own`` is the tool's (name words, action), its own job, which no value
    adds (operation=get_experiments in get_experiments)."""
    name_words, action = own
    for val in enum:
        if not isinstance(val, str) or len(val) > 80:
            continue
        for w in split_identifier(val)[:6]:
            if len(w) < 2 or w in lx.stop:
                continue
            c = lx.canon(w)
            if c in name_words or w in name_words:
                continue  # the tool's own job (operation=get_experiments in get_experiments)
            enum_words.setdefault(c, (key, val))
            cls = lx.verb_class(w)
            if cls and cls != action:
                enum_classes.setdefault(cls, (key, val))


def switch_flags(params: list[Param], lx: Lexicon) -> dict[str, str]:
    """head -> raw name of the switches that add a part to the answer: phenotypes=1, include_reviews=true,
    with_comments."""
    return {p.head: p.raw for p in params
            if not p.required and p.kind not in ("page", "format", "auth", "id", "name", "query")
            and p.head not in lx.generic and (p.type in ("boolean", "integer") and len(p.words) <= 2
                                               or p.words[0] in ("include", "with", "show"))}


# "Options: 'a', 'b'", "One of: a, b, c", "Allowed values: `x`, `y`": the values a parameter's description lists
_VALUES_WORDS = ("options", "one of", "allowed values", "possible values", "valid values", "accepted values", "choices")
_VALUES_RE = re.compile(r"\b(?:" + "|".join(map(re.escape, _VALUES_WORDS)) + ")"
                        r"\s*(?:are|is|include)?\s*[:(]\s*([^.;()]{1,400})", re.IGNORECASE)
_QUOTED_RE = re.compile(r"['\"`]([^'\"`]{1,80})['\"`]")


def documented_values(desc: str) -> list[str] | None:
    """The values a parameter's description lists as its options (quoted, or comma-separated single words), an
    enum written in prose; None when it lists none."""
    desc = desc[:2500]  # as much as frames reads of a description (MAX_DESC_CHARS)
    if desc.isascii():  # a cheap test first: ASCII text holds one of _VALUES_RE's words, lower-cased, or no match
        low = desc.lower()  # (under IGNORECASE a non-ASCII letter may match an ASCII one: those run the pattern)
        if not any(map(low.__contains__, _VALUES_WORDS)):
            return None
    m = _VALUES_RE.search(desc)
    if m is None:
        return None
    text = m.group(1)
    vals = _QUOTED_RE.findall(text)
    if not vals:
        vals = [v.strip() for v in re.split(r",|\bor\b", text)]
        if not all(v and len(v.split()) == 1 for v in vals):
            return None  # prose, not a list of values
    return vals if len(vals) >= 2 else None


def property_enum(v: dict, description: Any) -> tuple[list | None, bool]:
    """A property's enum (its own, its items'), else the options its description lists; True when only the
    description lists them."""
    enum = v.get("enum")
    if not isinstance(enum, list) and isinstance(v.get("items"), dict):
        enum = v["items"].get("enum")
    if isinstance(enum, list) or not isinstance(description, str):
        return (enum if isinstance(enum, list) else None), False
    enum = documented_values(description)
    return enum, bool(enum)


# words of a parameter name that say nothing of what it holds (input_value, query, value)
_BLANK = frozenset({"input", "value", "query", "q", "term", "text", "string", "arg", "argument", "param",
                    "parameter", "keyword"})


_OR_RE = re.compile(r"[_\-\s]or[_\-\s]|[a-z]Or[A-Z]")


def name_blank_key(key: tuple[str, ...], params: list[Param], raw: str = "") -> list[Param]:
    """``params`` with the one required parameter of a tool whose name says it looks up by an id of some id system
    (``by_pubchem_cid``) written as that key, when no parameter carries the key's words and that one's own words
    say nothing (``input_value``): it holds the id the name speaks of, so it matches another tool's
    ``pubchem_cid``, required or optional. A key of alternatives (``by_drug_or_id`` in ``raw``, the name as
    written) is none. Unchanged otherwise (the usual case)."""
    if not key or not params or _OR_RE.search(raw):
        return params
    system = set(key) - {"identifier"}
    if not system or any(system & set(p.words) for p in params):
        return params
    req = [i for i, p in enumerate(params) if p.required and p.kind not in ("page", "auth", "format")]
    if len(req) != 1 or not set(params[req[0]].words) <= _BLANK:
        return params
    words, head, kind = param_words("_".join(key))
    if kind != "id" or any(param_words(w)[2] not in ("id", "other") for w in system):
        return params  # the name's key is no id (by_name, by_region, by_drug_name_or_id): the parameter's own kind stands
    out = list(params)
    out[req[0]] = replace(params[req[0]], canon="_".join(words), words=words, head=head, kind=kind,
                          wkey=_wkey(words))
    return out
