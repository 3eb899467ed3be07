"""Parse a tool into a purpose frame: what it does (action), to what (object), how it is scoped (qualifiers),
what it takes (parameters with roles), and what its description says about other tools (cues).

``parse(name, description, parameters)`` reads nothing but its arguments: a frame never depends on the other
tools of the set, so neither does the score of a pair (decide.py).

Where each part comes from:

* **name**: namespaces (``math.``, ``server__``, ``Api.``) and service prefixes before a verb (``FDA_get_...``)
  or a known platform at the start (``playwright_click``) are set aside; multi-word units are joined (``pull
  request``, ``look up``, ``in stock``); the verb is found at the start, after a prefix or, in noun-first names,
  at the end (``order_cancel``, ``restaurant_finder``); a light verb with a nominalised verb is that verb
  (``perform_search``); ``x_to_y`` without a verb converts. What follows ``by``/``from``/``to``/``for``/``in``/
  ``with`` is a qualifier (lookup key, source, target, scope, option), not the object. Quantity (``bulk``,
  ``multiple``), detail (``basic``, ``detailed``), facet (``info``, ``contents``) and state words (``in stock``,
  ``pending``) are slots of their own; the rest is the object, its last word the head.
* **description**: its first sentence gives the action and object when the name has none; every sentence feeds
  a TF-IDF vector over background document frequencies (data/overlap/idf.json), verbs mapped to their class and
  nouns to their synonym group, Chinese/Japanese words through the lexicon and Han text as bigrams; sentences
  with cue phrases (deprecated, alias, instead, use X first) record the tool names they mention.
* **parameters** (params.py): each top-level property: canonical words, head, kind (id, name, query, path, url,
  content, location, time, page, auth, format), required or not; enum values of mode parameters (``action``,
  ``method``, ``type``, ``format``) as words and verb classes, for subsumption.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from bisect import bisect_right
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import islice
from typing import Any

from . import params as _params
from .cues import bullet_mark, instead_kind, list_intro, names_as_same, own_words, sentence_kind, strip_bullet
from .lexicon import Lexicon, lexicon, singular, split_identifier
from .params import KEY_KINDS, Param, enum_terms, is_mode_param, make_param, name_blank_key, switch_flags
from .variants import split_variants
from .words import ASCII_WORD_RE, HAN, HIRA, KATA, Words, word_index

MAX_DESC_CHARS = 2500
MAX_PROPERTIES = 128
MAX_ENUM = 64

_NAMESPACE_RE = re.compile(r"\.|/|::?|__")
# its first character, then which branch (a lookbehind): the engine skips to such characters (test_overlap_model)
_SENTENCE_RE = re.compile(r"[.!?;。！？；\s](?:(?<=[a-z0-9)\]\"'`][.!?;])(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\bvs\.)\s+(?=[A-Z(\"'`\[])|(?<=[。！？；])\s*"
                          r"|(?<=\n)\s*\n|(?<=\n)\s*[-*•]\s+|(?<=\s)\s*[-*•]\s+(?=[A-Z]))")
# a tool name a description writes: quoted (`x`, 'x', "x"), or in snake, dotted, kebab, camel or Pascal case.
# {P}: possessive repeats on Python 3.11+ (no backtracking that cannot match; the same matches, test_overlap_model)
_QUOTED_IDENTS = (("`", r"[^`\s]{2,80}{P}"), ("'", r"[A-Za-z][\w.:-]{1,80}{P}"), ('"', r"[A-Za-z][\w.:-]{1,80}{P}"))
_WORD_IDENT = r"[A-Za-z][A-Za-z0-9]*{P}(?:[_.:-]+{P}[A-Za-z0-9]+{P})+|[a-z]+{P}[A-Z][A-Za-z0-9]*{P}|[A-Z][a-z]+{P}[A-Z]\w*{P}"
_IDENT_TEMPLATE = "|".join(f"{q}({body}){q}" for q, body in _QUOTED_IDENTS) + rf"|\b({_WORD_IDENT})\b"
# the same names, each found from the non-word character before it (a character class the engine skips to, not a
# try at every position), then which branch (a lookbehind); a word name only where its lower-case letters and
# digits run into something else than a space (a plain word, most of prose, is none): see _idents
_IDENT_AFTER_TEMPLATE = (r"\W(?:" + "|".join(f"(?<={q})({body}){q}" for q, body in _QUOTED_IDENTS)
                         + rf"|(?=[a-z0-9]*{{P}}[^a-z0-9\s])({_WORD_IDENT})\b)")
_P = "+" if sys.version_info >= (3, 11) else ""
_IDENT_RE = re.compile(_IDENT_TEMPLATE.replace("{P}", _P))
_IDENT_AFTER_RE = re.compile(_IDENT_AFTER_TEMPLATE.replace("{P}", _P))
_NAME_PREFIXES = frozenset({"mcp", "tool", "tools", "api", "fn", "func", "function", "do", "action", "cmd", "my"})
_NAME_FILLER = frozenset({"the", "a", "an", "and", "or", "all_of", "fn", "api", "tool"})
# words that open a description without saying what the tool does
_LEAD_SKIP = frozenset("""this tool function api endpoint method mcp use used to allows allow lets let you users user helps help can
be a an the that which it will please simply quickly easily automatically you your we our here is are also call tools
functions utility helper just directly will can could may used""".split())
_PREPS = frozenset({"by", "from", "to", "for", "in", "with", "of", "on", "at", "about", "into", "within", "via", "using",
                    "across", "under", "per", "and", "or", "as", "that", "which", "based", "given", "if", "when",
                    "where", "while", "including", "such", "like", "than"})
_CONTAINERS = frozenset({"array", "list", "set", "collection", "batch", "group", "number", "series", "pair", "range",
                         "variety", "lot", "bunch", "sequence", "stream", "map", "dictionary", "table", "page"})
_DETERMINERS = frozenset({"a", "an", "the", "all", "any", "some", "one", "its", "their", "his", "her", "our", "your",
                          "this", "that", "these", "those", "each", "every", "specific", "given", "specified",
                          "particular", "certain", "new", "existing", "current", "provided", "selected"})


@dataclass(slots=True)
class Frame:
    name: str
    ns: tuple[str, ...] = ()
    base: str = ""  # canonical words of the name once namespaces and prefixes are stripped
    base_raw: str = ""  # that part of the name as written
    action: str | None = None
    action_word: str | None = None
    action_src: str | None = None  # name | description
    obj: tuple[str, ...] = ()
    obj_words: tuple[str, ...] = ()  # as written, for messages
    obj_src: str | None = None  # name | description
    head: str | None = None
    plural: bool = False
    quals: dict[str, tuple[str, ...]] = field(default_factory=dict)  # key | source | target | scope | with
    states: frozenset[str] = frozenset()
    facet: str | None = None
    quantity: str | None = None  # many | one
    detail: frozenset[str] = frozenset()
    name_words: frozenset[str] = frozenset()  # every canonical word of the name (antonyms, mentions)
    platforms: dict[str, frozenset[str]] = field(default_factory=dict)
    platform_words: dict[str, str] = field(default_factory=dict)  # canonical platform -> the word the tool wrote
    params: tuple[Param, ...] = ()
    keys: frozenset[str] = frozenset()  # required parameters' key labels (kinds)
    enum_words: dict[str, tuple[str, str]] = field(default_factory=dict)  # canonical word -> (param, value)
    enum_classes: dict[str, tuple[str, str]] = field(default_factory=dict)  # verb class -> (param, value)
    doc_enum: frozenset[str] = frozenset()  # parameters whose values only their description lists (Options: ...)
    cue_names: dict[str, tuple[str, str]] = field(default_factory=dict)  # normalised name -> (kind, sentence)
    deprecated: str | None = None  # the sentence that says so
    dvec: dict[str, float] = field(default_factory=dict)
    lvec: dict[str, float] = field(default_factory=dict)
    surface: dict[str, str] = field(default_factory=dict)  # term -> a word that produced it
    desc_empty: bool = True
    norm_names: frozenset[str] = frozenset()  # the ways another description may name this tool
    flags: dict[str, str] = field(default_factory=dict)  # head -> raw name of optional switches (include_reviews)
    pindex: Any = None  # decide.py's index of the parameters, built on first use
    sents: list[str] | None = None  # the description's sentences until vectors() has read them
    desc_low: str = ""  # the description, lower-case (CJK words mapped)
    desc_text: str = ""  # the description as prepared (case kept: subsume.py tells proper names apart)
    param_low: str = ""  # the parameters' descriptions, lower-case: the values a tool documents it accepts
    sent_terms: list = field(default_factory=list)  # (normalised sentence, its terms), filled by vectors()
    sent_keys: frozenset[str] = frozenset()
    memo: dict = field(default_factory=dict)  # decide.py's per-frame values (namespace words, key entity, ...)
    fixed: dict[str, str] = field(default_factory=dict)  # raw name -> the one value a const or one-value enum allows
    version: str | None = None  # a version marker of the name as written (_v2, V1): variants.py


def unprefixed(name: str) -> str:
    """The name without its namespaces, as written (``server__HMDB_search`` -> ``HMDB_search``; copies.py)."""
    parts = [p for p in _NAMESPACE_RE.split(name) if p]
    return parts[-1] if parts else name


@lru_cache(maxsize=1 << 14)  # a pure function of the name, asked for each tool by the caller and by parse
def mention_keys(name: str) -> frozenset[str]:
    """The ways a description may name a tool, normalised: its name, without namespaces (``server__read_file`` ->
    read_file), without a service prefix too (``FDA_get_label`` -> get_label). A frame's ``norm_names`` are among
    them."""
    parts = [p for p in _NAMESPACE_RE.split(name) if p]
    base = parts[-1] if parts else name
    out = {norm_ident(name), norm_ident(base)}
    rest = _PART_RE.split(base, maxsplit=1)
    if len(rest) == 2:
        out.add(norm_ident(rest[1]))
    return frozenset(out - {""})


_NON_IDENT_RE = re.compile(r"[^0-9a-z\u3040-\u9fff]+")


@lru_cache(maxsize=1 << 15)
def norm_ident(s: str) -> str:
    """An identifier as descriptions may write it: lower-case, no separators (read_text_file ~ readTextFile)."""
    return _NON_IDENT_RE.sub("", s.lower())


def _idents(text: str, pos: int = 0, endpos: int = sys.maxsize) -> list[tuple[int, str]]:
    """(start, name) of the tool names written in ``text[pos:endpos]``, just as _IDENT_RE.finditer finds them (the
    start is the match's, a quote included). _IDENT_AFTER_RE finds a name from the non-word character before it;
    a name with none in the scan (at ``pos``, or right after a quoted one) is tried there with _IDENT_RE itself
    (test_overlap_model compares the two)."""
    out: list[tuple[int, str]] = []
    here = True  # may a name open at pos without a character before it that the scan reads?
    while True:
        m = _IDENT_RE.match(text, pos, endpos) if here else None
        if m is None:
            m = _IDENT_AFTER_RE.search(text, pos, endpos)
            if m is None:
                return out
        g = m.lastindex  # the groups are alternatives, none nested: the one that matched is the last
        out.append((m.start(g) - 1 if g <= 3 else m.start(g), m[g]))  # (a quoted name's match opens at its quote)
        pos = m.end()
        here = g <= 3  # a word name may follow a closing quote at once ('x'y_z): after a word name, a non-word one


# ------------------------------------------------------------------------------------------------ the name

def _merge_units(toks: list[str], lx: Lexicon, prose: bool = False) -> list[str]:
    """Join multi-word units: verb phrases (look up), compound nouns (pull request), synonyms written as two words
    (env var), platforms (hacker news) and states (in stock, available to ship) -> ``@available``. In ``prose`` (a
    description's sentence) a one-word state that is also a preposition (on in "hover an element on the
    page") is the preposition: only a name says a state with it alone (get_lights_on)."""
    out: list[str] = []
    i = 0
    n = len(toks)
    while i < n:
        t = toks[i]
        if t in lx.state_firsts:
            hit = None
            for k in range(min(lx.state_max, n - i), 1, -1):
                st = lx.state_phrases.get(tuple(toks[i:i + k]))
                if st:
                    hit = (k, st)
                    break
            if hit:
                out.append("@" + hit[1])
                i += hit[0]
                continue
        if i + 1 < n and t in lx.unit_firsts:  # (a word that starts no unit joins none)
            pair = (t, toks[i + 1])
            joined = t + "_" + toks[i + 1]
            if i + 2 < n and (t, toks[i + 1], toks[i + 2]) in lx.compounds:
                out.append(joined + "_" + toks[i + 2])
                i += 3
                continue
            vp = lx.verb_phrases.get(pair)
            if vp:
                out.append(vp)
                i += 2
                continue
            if (t, singular(toks[i + 1])) in lx.compounds:
                out.append(joined)
                i += 2
                continue
            if pair in lx.compounds or joined in lx.synonym or pair in lx.platform_bigrams or joined in lx.verb_words:
                out.append(joined)
                i += 2
                continue
        st = lx.state_phrases.get((t,))
        out.append("@" + st if st and t not in lx.verb_words and not (prose and t in _PREPS) else t)
        i += 1
    return out


_PART_RE = re.compile(r"[_\-\s]+")


def _base_words(base: str, lx: Lexicon, wd: Words) -> list[str]:
    """Words of a name part. In a snake or kebab name, a CamelCase part that is one known word or platform as a
    whole stays one word (PubMed_search -> pubmed, OpenAlex_works -> openalex); otherwise camelCase splits."""
    parts = [p for p in _PART_RE.split(base) if p]
    if len(parts) <= 1:
        return split_identifier(base)
    out: list[str] = []
    for p in parts:
        if not p.islower() and not p.isupper() and not p.istitle():
            low = p.lower()
            if low in lx.platform or low in wd.vocab:
                out.append(low)
                continue
        out.extend(split_identifier(p))
    return out


def _service_prefix(base: str) -> str | None:
    """The first part of a snake or kebab name when it is written as a proper name (``FDA_``, ``PubMed_``,
    ``OpenFDADevice_``, ``PDBe_``): a service, not the object, when a verb follows."""
    parts = [p for p in _PART_RE.split(base) if p]
    if len(parts) < 2:
        return None
    p = parts[0]
    if p.islower() or p.istitle() and not p.isupper():
        return None
    if p.isupper() and len(p) < 2:
        return None
    return p


def _name_tokens(name: str) -> tuple[list[str], list[str], str]:
    """(namespace words, base words, base as written)."""
    lx = lexicon()
    wd = word_index()
    parts = [p for p in _NAMESPACE_RE.split(name) if p]
    base = parts[-1] if parts else name
    ns: list[str] = []
    for p in parts[:-1]:
        ns.extend(split_identifier(p))
    toks: list[str] = []
    words = None
    prefix = _service_prefix(base)
    if prefix is not None:
        rest = base[len(prefix):].lstrip("_- ")
        rest_words = _base_words(rest, lx, wd)
        if any(lx.verb_class(w) or lx.nominal_class(w) for w in rest_words):
            ns.extend(split_identifier(prefix) if prefix.lower() not in lx.platform else [prefix.lower()])
            base, words = rest, rest_words  # (its words read once)
    for t in _base_words(base, lx, wd) if words is None else words:
        toks.extend(wd.segment(t))
    toks = _merge_units(toks, lx)
    while len(toks) > 1 and toks[0] in _NAME_PREFIXES:
        ns.append(toks.pop(0))
    # a known platform at the start names where, not what (playwright_click, PubMed_search_articles)
    while len(toks) > 1 and toks[0] in lx.platform and lx.verb_class(toks[0]) is None:
        ns.append(toks.pop(0))
    return ns, toks, base


def _after_words(raw: str, first: str) -> str:
    """The part of a name as written from the word ``first`` on (civic_search_variants, search -> search_variants)."""
    low = raw.lower()
    k = low.find(first)
    while k > 0 and low[k - 1].isalnum() and not raw[k].isupper():
        k = low.find(first, k + 1)
    return raw[k:] if k > 0 else raw


def _verb_at(toks: list[str], lx: Lexicon) -> tuple[int, str] | None:
    """(index, class) of the name's verb: at the start, after a service prefix or, in a noun-first name, at the end;
    first a word that cannot be a noun, then one that can."""
    if not toks:
        return None
    last = len(toks) - 1
    places = [0, *range(1, min(last, 4))] + ([last] if last > 0 else [])
    for strict in (True, False):
        if not strict and last > 0 and lx.nominal_class(toks[last]) and toks[0] in lx.noun_verbs:
            return last, lx.nominal_class(toks[last])  # text_translation: a noun, then the nominalised verb
        for i in places:
            tok = toks[i]
            cls = lx.verb_class(tok)
            if cls is None or (strict and (tok in lx.noun_verbs or singular(tok) in lx.noun_verbs)):
                continue
            if tok not in lx.verb_words and tok.endswith("s") and singular(tok) in lx.verb_words:
                continue  # views_open, usergroups_update: a verb's 3rd person in a name is a plural noun
            if i + 1 <= last and (tok, toks[i + 1]) in lx.compounds:
                continue
            return i, cls
    # a nominalised verb at the end of a noun-first name (restaurant_finder, currency_conversion)
    if last > 0 or len(toks) == 1:
        cls = lx.nominal_class(toks[last])
        if cls:
            return last, cls
    return None


def _parse_name(f: Frame) -> None:
    lx = lexicon()
    ns, toks, base_raw = _name_tokens(f.name)
    f.base_raw = base_raw
    hit = _verb_at(toks, lx)
    words: list[str] = toks
    if hit is not None:
        i, cls = hit
        f.action, f.action_word, f.action_src = cls, toks[i], "name"
        if 0 < i < len(toks) - 1:  # FDA_get_drug_label: what precedes the verb is a service prefix
            ns.extend(toks[:i])
            words = toks[i + 1:]
            f.base_raw = base_raw = _after_words(base_raw, toks[i])
            toks = toks[i:]
        else:
            if i > 0 and toks[i - 1] in lx.light_verbs:  # take_screenshot: the light verb says nothing more
                toks = toks[:i - 1] + toks[i:]
                i -= 1
            words = toks[:i] + toks[i + 1:]
        # a light verb with a nominalised verb: perform_search, make_reservation, run_analysis
        if f.action_word in lx.light_verbs and words:
            for k, w in enumerate(words):
                ncls = lx.nominal_class(w)
                if ncls and ncls != cls:
                    f.action, f.action_word = ncls, w
                    words = words[:k] + words[k + 1:]
                    break
    elif "to" in toks[1:-1]:  # fahrenheit_to_celsius, html_to_markdown: a conversion
        f.action, f.action_word, f.action_src = "convert", "to", "name"
    f.ns = tuple(lx.canon(x) for x in ns if len(x) > 1 and not x.isdigit())
    f.base = "_".join(lx.canon(x) for x in toks if x not in _NAME_FILLER)
    _object_slots(f, words, "name")
    f.name_words = frozenset(lx.canon(x) for x in toks) | frozenset(x for x in toks)
    f.norm_names = frozenset({norm_ident(f.name), norm_ident(base_raw)} - {""}) & mention_keys(f.name)


_ONE_WORDS = frozenset({"one", "single", "specific", "given", "particular", "certain", "individual"})


def _object_slots(f: Frame, words: list[str], src: str) -> None:
    """Fill object, qualifiers, states, facet, quantity and detail from the words left after the verb."""
    lx = lexicon()
    obj, quals, states, detail, quantity = _sort_slot_words(f, words, src, lx)
    obj, facet = _split_facet(f, obj, quals, lx)
    # a leading list word is a quantity (list_of ... handled in _sort_slot_words): get_list_files
    if obj and obj[0][0] == "list" and len(obj) > 1:
        quantity = "many"
        obj.pop(0)
    if f.action == "convert" and src == "name":
        obj = _conversion_object(f, obj, quals)
    f.obj = tuple(c for c, _ in obj)
    f.obj_words = tuple(s for _, s in obj)
    f.obj_src = src if obj else None
    f.head = f.obj[-1] if f.obj else None
    if obj:
        last = obj[-1][1]
        f.plural = singular(last) != last and lx.canon(last) == lx.canon(singular(last))
    f.quals = {k: tuple(v) for k, v in quals.items() if v}
    f.states = frozenset(states)
    f.facet = facet
    f.quantity = quantity or ("many" if f.plural else None)
    f.detail = frozenset(detail)


def _sort_slot_words(f: Frame, words: list[str], src: str, lx: Lexicon) -> tuple[
        list[tuple[str, str]], dict[str, list[str]], set[str], set[str], str | None]:
    """(object as (canonical, surface) words, qualifiers by role, states, detail words, quantity): each word goes
    to the slot its kind or the last role word says; ``x_of_y`` puts y before x (price_of_stock: stock price)."""
    role = ""
    obj: list[tuple[str, str]] = []
    of_tail: list[tuple[str, str]] = []
    quals: dict[str, list[str]] = {}
    states: set[str] = set()
    detail: set[str] = set()
    quantity = None
    target = obj
    for k, w in enumerate(words):
        r = lx.role_words.get(w)
        if r is not None:
            if r == "of":
                if obj:
                    of_tail = obj
                    obj = []
                    target = obj
                continue
            if r == "target" and not obj and src == "name" and f.action != "convert":
                continue  # convert_to_pdf: "to" before any object is the target of the verb
            role = r
            target = quals.setdefault(role, [])  # type: ignore[assignment]
            continue
        if w.startswith("@"):
            states.add(w[1:])
        elif w in lx.quantity and (role == "" or k < len(words) - 1):
            quantity = "one" if w in _ONE_WORDS else "many"
        elif w in lx.detail:
            detail.add(w)
        elif not (w in _NAME_FILLER or w.isdigit() or len(w) < 2 and w.isascii()):
            target.append((lx.canon(w), w) if target is obj else lx.canon(w))  # type: ignore[arg-type]
    if of_tail:  # price_of_stock: stock price; list_of_files: files
        obj = obj + of_tail
    return obj, quals, states, detail, quantity


def _split_facet(f: Frame, obj: list[tuple[str, str]], quals: dict[str, list[str]],
                 lx: Lexicon) -> tuple[list[tuple[str, str]], str | None]:
    """(object, facet): trailing facet words (file_info, document_text, text_file_contents) are a facet, not the
    object; a lone facet word with a verb or qualifiers is the facet of an object the qualifiers name."""
    facet = None
    while obj and lx.facet.get(obj[-1][0]) and len(obj) > 1:
        facet = facet or lx.facet[obj[-1][0]]
        obj.pop()
    if len(obj) == 1 and lx.facet.get(obj[0][0]) and (quals or f.action):
        facet = lx.facet[obj[0][0]]
        if quals.get("scope") or quals.get("source") or quals.get("key"):
            obj = []
    return obj, facet


def _conversion_object(f: Frame, obj: list[tuple[str, str]], quals: dict[str, list[str]]) -> list[tuple[str, str]]:
    """The object of a conversion named in the name: what it converts to; what it converts from becomes the source
    (fahrenheit_to_celsius, convert_markdown_to_mindmap makes a mind map out of Markdown)."""
    if f.action_word == "to":
        # fahrenheit_to_celsius: the words before "to" are the source, after it the target
        if "target" in quals:
            quals.setdefault("source", []).extend(c for c, _ in obj)
            obj = [(c, c) for c in quals["target"]]
    elif quals.get("target"):
        # convert_markdown_to_mindmap makes a mind map out of Markdown: the target is what it produces
        quals.setdefault("source", []).extend(c for c, _ in obj)
        obj = [(c, c) for c in quals.pop("target")]
    return obj


# ------------------------------------------------------------------------------------------------ description

def split_sentences(text: str) -> list[str]:
    return [s for s in (x.strip() for x in _SENTENCE_RE.split(text)) if s]


_PATH_RE = re.compile(r"\b[a-z][a-z0-9+.-]*://\S+|(?<![\w.])/[\w./{}-]*\.\w+")
_NOTE_RE = re.compile(r"\s*(?:note|warning|caution|important|nb)\b[^:.]{0,40}:", re.I)
_HAS_CJK_RE = re.compile(f"[{HAN}{KATA}{HIRA}]")


def prepare_text(text: str) -> str:
    if len(text) > MAX_DESC_CHARS:
        text = text[:MAX_DESC_CHARS]
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
        wd = word_index()
        if _HAS_CJK_RE.search(text) and wd.cjk_re is not None:
            text = wd.cjk_re.sub(lambda m: " " + wd.lx.cjk[m.group(0)] + " ", text)
    return text


def _unglossed(text: str) -> str:
    """``text`` as its author wrote it, cut as prepare_text cuts it: what a quote is taken from (sentence k of
    it is sentence k of the prepared text when both have as many sentences; NFKC when only that agrees)."""
    raw = text[:MAX_DESC_CHARS]
    norm = unicodedata.normalize("NFKC", raw)
    return raw if len(_sentence_bounds(raw)) == len(_sentence_bounds(norm)) else norm


def _lead(f: Frame, sentence: str) -> None:
    """Action and object from the first sentence, for a name that says neither."""
    lx = lexicon()
    words = ASCII_WORD_RE.findall(sentence.lower())
    words = _merge_units(words[:40], lx, prose=True)
    i = 0
    while i < len(words) and (words[i] in _LEAD_SKIP or words[i] in lx.stop and lx.verb_class(words[i]) is None):
        i += 1
    if i >= len(words):
        return
    cls = lx.verb_class(words[i])
    if cls is None:
        return
    if f.action is None:
        f.action, f.action_word, f.action_src = cls, words[i], "description"
    if f.obj and not _facet_only(f):
        return
    rest = _lead_object_words(words, i + 1, lx)
    service = f.name.split("_", 1)[0] if f.ns and "_" in f.name else ""
    if rest == [service.lower()] and not service.islower() and words[i + 2:i + 3] == ["for"]:
        rest = _lead_object_words(words, i + 3, lx)  # "Search BindingDB for binding data": the object follows
    if rest:
        saved = (f.quals, f.states, f.facet, f.quantity, f.detail, f.plural)
        _object_slots(f, rest, "description")
        f.quals, f.states = saved[0] or f.quals, saved[1] | f.states
        f.facet = saved[2] or f.facet
        f.quantity = saved[3] or f.quantity
        f.detail = saved[4] | f.detail


def _facet_only(f: Frame) -> bool:
    """The name's object is one word of information (Metabolite_get_info): what of, its first sentence says."""
    return len(f.obj) == 1 and f.obj_src == "name" and f.facet == "meta" and lexicon().facet.get(f.obj[0]) == "meta"


def _lead_object_words(words: list[str], j: int, lx: Lexicon) -> list[str]:
    """Up to four words of the object after the verb at ``j - 1``, up to a preposition, stop word or verb;
    determiners, detail and quantity words skipped; a container (an array of documents) or a facet (detailed
    information about a gene) before ``of``/``about`` gives way to what follows."""
    rest: list[str] = []
    while j < len(words) and len(rest) < 4:
        w = words[j]
        j += 1
        if w in _DETERMINERS or w in lx.detail or w in lx.quantity:
            continue
        if w in _PREPS or w in lx.stop or (lx.verb_class(w) and w not in lx.noun_verbs and not w.startswith("@")):
            if rest and w == "of" and all(x in _CONTAINERS for x in rest):
                rest = []  # "an array of documents": the documents
                continue
            if rest and all(lx.facet.get(lx.canon(x)) for x in rest) and w in ("about", "of", "on", "for"):
                rest = []  # "detailed information about a gene": the object follows
                continue
            break
        rest.append(w)
    return rest


_RANK = {"alias": 3, "substitute": 2.5, "instead": 2, "workflow": 1, "mention": 0}


@cache
def _cue_res() -> tuple[re.Pattern, re.Pattern, re.Pattern]:
    lx = lexicon()

    def alt(words):
        return re.compile("|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)))

    return alt(lx.cues.get("alias", ("\x00",))), alt(lx.cues.get("instead", ("\x00",))), \
        alt(lx.cues.get("workflow", ("\x00",)))


_DEPRECATION_WORDS = ("deprecat", "legacy", "obsolete")


def _cues(f: Frame, text: str, sentences: list[str], known: frozenset[str] | None = None,
          original: str | None = None) -> None:
    """Tool names the description mentions, each with the strongest cue of a sentence naming it (alias >
    instead > workflow > a mere mention), and whether it says the tool is deprecated. ``text`` is the prepared
    description (Chinese and Japanese words replaced by English glosses, which the cues are read from);
    ``original`` the description as written (cut and normalised only when it is read, by _unglossed), which the
    quoted sentence is taken from, so that a finding quotes what the tool really says."""
    if f.deprecated is None:
        f.deprecated = _deprecation(text, sentences, original)
    idents = _idents(text)
    if known is not None:
        idents = [x for x in idents if norm_ident(x[1]) in known]
    if not idents:
        return
    res = _cue_res()
    kinds: dict[int, str] = {}
    bounds = _sentence_bounds(text)
    quote_text, quote_bounds = _quote_source(text, bounds, original)
    for pos, ident in idents:
        key = norm_ident(ident)
        if len(key) < 3:
            continue
        k = bisect_right(bounds, pos) - 1
        intro = list_intro(text, bounds, k)  # an item of a list: read with the sentence introducing it
        head = "" if intro is None else _sentence_at(text, bounds, intro) + " "
        kind = kinds.get(k)
        if kind is None:
            kind = kinds[k] = sentence_kind((head + _sentence_at(text, bounds, k)).lower(), res)
        end = bounds[k + 1] if k + 1 < len(bounds) else len(text)
        at = len(head) + pos - bounds[k] - (len(text[bounds[k]:end]) - len(text[bounds[k]:end].lstrip()))
        if kind == "instead":  # unconditional (an alias), among several substitutes, or a pointer to another job
            kind = instead_kind(head + text[bounds[k]:end].lstrip(), at, at + len(ident),
                                [x for _, x in _idents(text, bounds[k], end)],
                                own_words(f.name_words, sentences[0]))
        if kind != "alias" and names_as_same((head + text[bounds[k]:end].lstrip()).lower(), at, at + len(ident)):
            kind = "alias"  # "similar functionality to X", "X is equivalent": the author says X does this job
        if intro is not None and _RANK[kind] > _RANK["instead"]:
            kind = "instead"  # a list names several tools: at most a pointer, never this tool's alias
        prev = f.cue_names.get(key)
        if prev is None or _RANK[kind] > _RANK[prev[0]]:
            said = _sentence_at(quote_text, quote_bounds, k)
            if intro is not None:  # the introducing sentence, the item's own mark, the item (... between)
                mark = bullet_mark(quote_text[quote_bounds[k - 1]:quote_bounds[k]])
                gap = " " if k == intro + 1 else " ... "
                said = f"{_sentence_at(quote_text, quote_bounds, intro)}{gap}{mark} {said}"
            f.cue_names[key] = (kind, said)


def _deprecation(text: str, sentences: list[str], original: str | None) -> str | None:
    """The sentence saying the tool is deprecated (legacy, obsolete), as the description writes it, else None."""
    low_text = text.lower()
    if not ("deprecat" in low_text or "legacy" in low_text or "obsolete" in low_text):
        return None
    at = next((i for i, x in enumerate(sentences) if any(w in x.lower() for w in _DEPRECATION_WORDS)), None)
    if at is None:
        return None
    original = _unglossed(original) if original is not None else None
    shown = split_sentences(original) if original is not None and original != text else sentences
    return shown[at] if len(shown) == len(sentences) else sentences[at]


def _quote_source(text: str, bounds: list[int], original: str | None) -> tuple[str, list[int]]:
    """The text (and its sentence starts) a quoted sentence is taken from: the description as written when its
    sentences are the prepared text's, one for one (glosses hold no sentence ends), else the prepared text."""
    original = _unglossed(original) if original is not None else None
    if original is not None and original != text:
        ob = _sentence_bounds(original)
        if len(ob) == len(bounds):
            return original, ob
    return text, bounds


def _sentence_at(text: str, bounds: list[int], k: int) -> str:
    """The ``k``-th sentence of ``text`` (``bounds``: where each begins), stripped."""
    return strip_bullet(text[bounds[k]:bounds[k + 1] if k + 1 < len(bounds) else len(text)].strip())


def _sentence_bounds(text: str) -> list[int]:
    out = [0]
    for m in _SENTENCE_RE.finditer(text):
        out.append(m.end())
    return out


@cache
def _bigram_firsts(lx: Lexicon) -> frozenset[str]:
    """The first words of the lexicon's two-word platforms: a text without any has no two-word platform."""
    return frozenset(t[0] for t in lx.platform_bigrams)


def _platforms(f: Frame, texts: list[str]) -> None:
    lx = lexicon()
    words: list[str] = []
    for t in texts:  # a URL or an endpoint path (/mechanism.json) names no format or platform the tool works on
        words.extend(ASCII_WORD_RE.findall(_PATH_RE.sub(" ", t.lower()) if "/" in t else t.lower()))
    words.extend(f.name_words)
    words.extend(f.ns)
    present = set(words)
    cand = present & lx.platform.keys()
    if lx.platform_bigrams and not _bigram_firsts(lx).isdisjoint(present):
        cand.update(a + "_" + b for a, b in zip(words, words[1:], strict=False) if (a, b) in lx.platform_bigrams)
    if not cand:
        return
    found: dict[str, set[str]] = {}
    for w in sorted(cand):
        cat, canon = lx.platform[w]
        found.setdefault(cat, set()).add(canon)
        f.platform_words.setdefault(canon, w.replace("_", " "))
    f.platforms = {k: frozenset(v) for k, v in found.items()}


def _parse_description(f: Frame, description: str, known_names: frozenset[str] | None = None) -> None:
    text = prepare_text(description)
    sents = split_sentences(text) if text.strip() else []
    f.desc_empty = not sents
    if not sents:
        _platforms(f, [])
        return
    f.sents = sents
    f.desc_low = text.lower()
    f.desc_text = text
    if f.action is None or not f.obj or _facet_only(f):  # a first sentence that is a note (NOTE (checked ...): ...)
        _lead(f, next((x for x in sents if not _NOTE_RE.match(x)), sents[0]))  # says no job
    _cues(f, text, sents, known_names, description if text is not description else None)
    _platforms(f, sents[:2])


# ------------------------------------------------------------------------------------------------ parameters

def _parse_params(f: Frame, parameters: Any) -> None:
    """A frame's parameters (params.py reads each), their documentation, switches, required keys, mode enums."""
    lx = lexicon()
    props = parameters.get("properties") if isinstance(parameters, dict) else None
    req = parameters.get("required") if isinstance(parameters, dict) else None
    required = {x for x in req if isinstance(x, str)} if isinstance(req, list) else set()
    out: list[Param] = []
    enum_words: dict[str, tuple[str, str]] = {}
    enum_classes: dict[str, tuple[str, str]] = {}
    docs: list[str] = []
    doc_enum: set[str] = set()
    if isinstance(props, dict):
        for k, v in islice(props.items(), MAX_PROPERTIES):
            if not isinstance(k, str) or not k:
                continue
            v = v if isinstance(v, dict) else {}
            out.append(make_param(k, v, k in required, f.obj))
            pd = v.get("description")
            if isinstance(pd, str) and pd:
                docs.append(pd[:MAX_DESC_CHARS])
            enum, documented = _params.property_enum(v, pd)
            if documented:
                doc_enum.add(k)
            if isinstance(enum, list) and 1 <= len(enum) <= MAX_ENUM and is_mode_param(k, lx):
                enum_terms(k, enum, lx, (f.name_words, f.action), enum_words, enum_classes)
    out = name_blank_key(f.quals.get("key", ()), out, f.base_raw)  # by_pubchem_cid(input_value): input_value is a CID
    f.params = tuple(out)
    f.fixed = _params.pinned_values(props, MAX_PROPERTIES) if isinstance(props, dict) else {}
    f.param_low = "\n".join(docs).lower()
    f.flags = switch_flags(out, lx)
    f.keys = frozenset((p.kind if p.kind in KEY_KINDS else "other:" + p.head) for p in out
                       if p.required and p.kind not in ("page", "auth", "format"))
    f.enum_words = enum_words
    f.enum_classes = enum_classes
    f.doc_enum = frozenset(doc_enum)


# ------------------------------------------------------------------------------------------------ entry point

def parse(name: str, description: Any = "", parameters: Any = None,
          known_names: frozenset[str] | None = None) -> Frame:
    """The purpose frame of one tool (name, description text, JSON Schema of its arguments).

    ``known_names`` (the ``norm_ident`` of every tool it will be compared with) limits the tool names its
    description is searched for to those: a mention of a tool that is not in the set plays no part in any pair,
    so no pair's features change, and most descriptions then need no cue analysis at all."""
    f = Frame(name=name if isinstance(name, str) else str(name))
    _parse_name(f)
    split_variants(f, description if isinstance(description, str) else "")  # a version, an output format
    _parse_params(f, parameters)
    _parse_description(f, description if isinstance(description, str) else "", known_names)
    _finish(f)
    return f


def _finish(f: Frame) -> None:
    lx = lexicon()
    # "search keywords": the words searched with are the key, not the object
    if f.obj and f.action in ("search", "filter") and all(lx.param_kind.get(w) == "query" for w in f.obj):
        f.quals = {**f.quals, "key": f.quals.get("key", ()) + f.obj}
        f.obj, f.obj_words, f.head, f.obj_src = (), (), None, None
    # a web search engine's search without an object searches the web (bing_search, google_web_search)
    if not f.obj and f.action == "search" and "web_search" in f.platforms:
        f.obj, f.obj_words, f.head, f.obj_src = ("web",), ("web",), "web", "platform"
