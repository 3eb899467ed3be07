"""Subsumption by a superset output: one tool's full record lists the part another tool returns alone.

``trial_getter`` ("This includes protocol details, locations, outcomes, and references") covers
``trial_references_getter`` for the same trial id; ``get_target_info`` ("...: symbol, biotype, genomic location,
...") covers ``get_target_genomic_location``. ``part_listed(a, b)`` finds that: the same action, the part tool's
name says its object (the whole's plus part words), the tools are of one API (or neither names one), both
require the same keys, and one sentence of the whole's description that says what it returns names every part word. Not such a sentence:

* a next step or a pointer ("Use this before fetching its disease associations", "then use X"), or a sentence that
  names a tool (a bullet list of "the specialised tools": ``trial_references_getter: Publications``);
* a part word inside a proper name (the Genomic Location Database);
* the words of an example: a clause after "(e.g." belongs to it (the sentences here are cut at no abbreviation).

Both tools' own text only: a frame never depends on the other tools of the set.
"""

from __future__ import annotations

import re

from .frames import Frame
from .relations import facts, same_required

# sentence ends, but never after an abbreviation (e.g., i.e., etc., vs.)
_SENT_RE = re.compile(r"(?<!\be\.g)(?<!\bi\.e)(?<!\betc)(?<!\bvs)[.!?;]\s+(?=[A-Z(\"'`\[])|\n\s*\n|"
                      r"\n\s*[-*•]\s+")
# a sentence about what the tool itself returns: it opens with the verb (Returns ..., Get ... including ...,
# This includes ..., The response contains ...)
_SAYS_RETURNS_RE = re.compile(r"(?:this\s+(?:tool\s+|endpoint\s+|function\s+)?|it\s+|the\s+(?:response|result|results|"
                              r"output|record|entry)\s+)?(?:gets?|retrieves?|returns?|fetch(?:es)?|extracts?|"
                              r"includes?|provides?|contains?|lists?|gives?)\b")
_LOOKUPS = frozenset({"get", "search", "list"})  # tools that return a record (a part of it is a lookup too)
_NEXT_STEP_RE = re.compile(r"\b(?:use|then|next|before|after|afterwards|first|follow\w*|call|pass|feed|see|try|"
                           r"instead|prefer|rather)\b", re.I)
_TOOLISH_RE = re.compile(r"\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b|\b[a-z]+[A-Z][A-Za-z0-9]*\b")
_NO_KEY = frozenset({"page", "auth", "format"})  # required, but no key of what is looked up (a token)
_WORD_RE = re.compile(r"[A-Za-z][A-Za-z0-9]*")
_EXAMPLE_RE = re.compile(r"\((?:e\.g\.|i\.e\.|for example|for instance|such as)[^()]*\)", re.I)  # an example's words


def part_listed(a: Frame, b: Frame, rel: str | None) -> tuple[Frame, Frame, tuple[str, ...], str] | None:
    """(whole, part tool, the part words as the part tool's name writes them, the whole's sentence), or None."""
    if rel != "same" or a.action not in _LOOKUPS or not a.obj or not b.obj or a.desc_empty and b.desc_empty:
        return None
    if facts(a)[1] != facts(b)[1]:
        return None  # two APIs (or one named, one not): a record of one lists what another database holds
    for whole, part in ((a, b), (b, a)):
        words = _part_words(whole, part)
        if words and _same_keys(whole, part):
            sentence = _listing_sentence(whole, words)
            if sentence is not None:
                return whole, part, words, sentence
        words = _phrase_words(whole, part)
        if words and _keyed(whole) and (_same_keys(whole, part) or _same_optional(whole, part)):
            sentence = _listing_sentence(whole, words, phrase=True)
            if sentence is not None:
                return whole, part, words, sentence
    return None


def _phrase_words(whole: Frame, part: Frame) -> tuple[str, ...]:
    """The part tool's object as its name writes it, when it has two words or more and shares none with the
    whole's object (condition vs clinical features): a record may list such a phrase among what it returns. One
    word alone (sequence, mapping) is too often a key or a field of some other object."""
    if part.obj_src != "name" or whole.desc_empty or len(part.obj_words) < 2 or set(part.obj) & set(whole.obj):
        return ()
    return () if any(w.lower() in COUNT_WORDS for w in part.obj_words) else part.obj_words


def _keyed(whole: Frame) -> bool:
    """A get of one record by a key of it (an id or name parameter): not a search over a window (startDate, endDate:
    the events of a period), nor a listing of everything."""
    return whole.action == "get" and any(p.kind in ("id", "name") for p in whole.params)


def _same_optional(x: Frame, y: Frame) -> bool:
    """Neither requires a parameter, and both take the same parameters by name (uid, cui: one subject's keys)."""
    return (bool(x.params) and not any(p.required for p in x.params) and not any(p.required for p in y.params)
            and {p.raw for p in x.params} == {p.raw for p in y.params})


def _part_words(whole: Frame, part: Frame) -> tuple[str, ...]:
    """The words of the part tool's object (as its name writes them) that the whole's object lacks: its tail after
    the whole's object (trial references vs trial), or all of it when the objects share no word."""
    if part.obj_src != "name" or whole.desc_empty:
        return ()
    n = len(whole.obj)
    if len(part.obj) > n and part.obj[:n] == whole.obj:
        # a count, number or total of the object is what is known about it, not a part a record lists
        # (citation count vs citations: content vs a count of it, which the label rules call distinct)
        return () if count_of(whole, part) else part.obj_words[n:]
    return ()  # objects with no word in common: what the whole's description names is as often its key


def count_of(whole: Frame, part: Frame) -> bool:
    """``part``'s object is ``whole``'s plus a count word (citations vs citation count): a count, not a part."""
    n = len(whole.obj)
    return n < len(part.obj) and part.obj[:n] == whole.obj and any(
        w.lower() in COUNT_WORDS for w in part.obj_words[n:])


def _same_keys(x: Frame, y: Frame) -> bool:
    """Both require keys, and each required parameter has its like (the same name or words) on the other side."""
    return same_required(x, y, _NO_KEY)


def sentences(text: str) -> list[str]:
    return [s for s in (x.strip() for x in _SENT_RE.split(text)) if s]


def _listing_sentence(whole: Frame, words: tuple[str, ...], phrase: bool = False) -> str | None:
    """The first sentence of the whole's description that says what it returns and names every part word outside
    a proper name; not a next step, nor a sentence that names a tool. ``phrase``: the words must stand side by side,
    in order (clinical features), outside an example."""
    wanted = [_forms(w) for w in words if len(w) > 2]
    if not wanted:
        return None
    for s, plain, found in _return_sentences(whole):
        if all(forms & found for forms in wanted) and (not phrase or _has_phrase(plain, words)):
            return s
    return None


def _return_sentences(whole: Frame) -> list[tuple[str, str, set[str]]]:
    """(sentence, its text without examples, its _plain_words) for each sentence of the description that says
    what the tool returns and is no next step nor names a tool, in order: memoised on the frame, since one record
    tool is asked about many part tools (the regular expressions are most of part_listed's cost)."""
    out = whole.memo.get("return_sentences")
    if out is None:
        out = whole.memo["return_sentences"] = []
        for s in sentences(whole.desc_text):
            if not _SAYS_RETURNS_RE.match(s.lower()) or _NEXT_STEP_RE.search(s) or _TOOLISH_RE.search(s):
                continue
            plain = _EXAMPLE_RE.sub(" ", s)
            out.append((s, plain, _plain_words(plain)))
    return out


def _has_phrase(s: str, words: tuple[str, ...]) -> bool:
    """The words side by side in this order (the last one in any of its forms), as one item of a list (the
    sentence has a comma or an "and": "Get the time difference between two places" names one thing, not a record's
    fields), and not after a preposition ("by drug name", "for a clinical trial": the key or subject, not a part)
    nor in a list after "between" (a correspondence between a family, sequence regions and residues names the
    ends of a mapping)."""
    if "," not in s and not re.search(r"\band\b", s):
        return False
    low = [m.group(0).lower() for m in _WORD_RE.finditer(s)]
    forms = [_forms(w) for w in words]
    n = len(forms)
    return any(all(low[i + j] in forms[j] for j in range(n)) and (i == 0 or low[i - 1] not in _KEY_BEFORE)
               and not _ONE_BEFORE & set(low[max(0, i - 2):i]) and "between" not in low[:i]
               and (i + n == len(low) or low[i + n] not in _NARROWED_AFTER) for i in range(len(low) - n + 1))


# a phrase after these is what the tool is asked by or about, not a part of what it returns
_KEY_BEFORE = frozenset({"by", "for", "from", "with", "given", "using", "via", "per", "on", "in", "to", "about",
                         "between", "across"})
# nor one word or two after these ("overlap a MaveDB score set"): one thing the tool is about; a record's fields are
# listed bare
_ONE_BEFORE = frozenset({"a", "an", "each", "every", "specific", "given"})
# nor narrowed by what follows ("adverse reactions relevant to those abuse types": a subset of what the other gets)
_NARROWED_AFTER = frozenset({"relevant", "related", "specific", "pertaining", "limited", "restricted", "linked"})


def _forms(w: str) -> frozenset[str]:
    """The ways a description may write a part word: a plural (references, files) only as a plural (a file, a
    version, the current release's, is not the files or versions another tool lists)."""
    w = w.lower()
    return frozenset({w, w + "s", w + "es"})


# a word beside these names how many there are, or that there are none, not the part itself
_COUNT_AFTER = frozenset({"count", "counts", "number", "numbers", "total", "totals"})
# object_relation kinds for which part_listed is asked: a part, objects without a shared head or words, and a
# narrower object whose longer name the whole's own description writes as one phrase (drug vs drug targets)
PART_HOWS = ("part", "disjoint", "head", "narrower")
COUNT_WORDS = _COUNT_AFTER | {"tally", "tallies", "size", "sizes", "statistic", "statistics", "stats"}
_COUNT_BEFORE = frozenset({"number", "count", "counts", "total", "no", "not", "without", "non"})


def _plain_words(s: str) -> set[str]:
    """The sentence's words, lower case, leaving out those inside a proper name (a capitalised word, not the
    sentence's first, beside another capitalised one: the Genomic Location Database) and those that only count
    the part or deny it (citation count, number of datasets, no HTML)."""
    toks = [m.group(0) for m in _WORD_RE.finditer(s)]
    low = [t.lower() for t in toks]
    out = set()
    for i, w in enumerate(toks):
        cap = w[0].isupper() and not w.isupper()
        if cap and i > 0:
            near = [toks[j] for j in (i - 1, i + 1) if 0 <= j < len(toks)]
            if any(x[0].isupper() and not x.isupper() for x in near):
                continue
        if i + 1 < len(low) and low[i + 1] in _COUNT_AFTER:
            continue
        if i > 0 and (low[i - 1] in _COUNT_BEFORE or low[i - 1] == "of" and i > 1 and low[i - 2] in _COUNT_BEFORE):
            continue
        out.add(low[i])
    return out


def quote_part(sentence: str, words: tuple[str, ...], width: int = 120) -> str:
    """The sentence, or as much of it as ``width`` allows around the last part word (so that the quote shows it)."""
    if len(sentence) <= width:
        return sentence
    low = sentence.lower()
    end = max((m.end() for w in words for m in re.finditer(r"\b" + re.escape(w.lower()), low)), default=0)
    return quote_through(sentence, end, width)


def quote_through(sentence: str, end: int, width: int = 120) -> str:
    """At most ``width`` characters of the sentence that show it up to ``end``: its start when that is enough,
    else a window ending a little after ``end``, marked ... where it is cut."""
    if len(sentence) <= width:
        return sentence
    if end <= width - 3:
        return sentence[:width - 3] + "..."
    start = max(0, end + 20 - (width - 6))
    tail = sentence[start:start + width - 6]
    return "..." + tail + ("..." if start + width - 6 < len(sentence) else "")
