"""The description vectors of a purpose frame: unit TF-IDF vectors of its terms (the whole description and its
first sentence), built only for the frames a pair comparison gets to, and the pair's vectors without shared
boilerplate sentences."""

from __future__ import annotations

import math
from collections import Counter

from .frames import Frame
from .lexicon import lexicon
from .words import ASCII_WORD_RE, surface_words, word_index


def _terms(sentence: str, low: str, surface: dict[str, str], weight: dict[str, float]) -> list[str]:
    """Terms of a sentence in order (a word may repeat; ``low``: the sentence lower-case): description words mapped
    to terms, CJK grams as they are. A term new to ``surface`` gets the word that produced it there, and that
    word's background idf in ``weight`` (what _vector weighs the term by)."""
    wd = word_index()
    memo = wd.word_term  # a word's term, read here without a call per word
    lx = wd.lx
    idf, idf_default = lx._idf.get, lx.idf_default  # lx.idf without a method call per term
    out: list[str] = []
    for w in ASCII_WORD_RE.findall(low) if low.isascii() else surface_words(sentence):
        try:
            t = memo[w]
        except KeyError:
            t = memo[w] = wd.desc_term(w) if w.isascii() else w
        if t is not None:
            out.append(t)
            if t not in surface:
                surface[t] = w
                weight[t] = idf(w, idf_default)
    return out


MAX_TERMS = 32  # a description vector keeps its heaviest terms (the rest add little to a cosine)
_LOG = [0.0] + [1.0 + math.log(c) for c in range(1, 64)]


def _vector(terms: list[str], weight: dict[str, float]) -> dict[str, float]:
    """Unit TF-IDF vector: sublinear term frequency x background idf of the term's word (``weight``: every term's,
    from _terms), the MAX_TERMS heaviest."""
    v = {t: _LOG[c if c < 63 else 63] * weight[t] for t, c in Counter(terms).items()}
    if len(v) > MAX_TERMS:
        # the heaviest first, ties by term: sorted by term, then (stably) by weight, heaviest first
        keep = sorted(v)
        keep.sort(key=v.__getitem__, reverse=True)
        v = {t: v[t] for t in keep[:MAX_TERMS]}
    norm = math.sqrt(sum([x * x for x in v.values()]))
    if norm:
        inv = 1.0 / norm
        # each weight times inv, in v's order: the vector built once, not a dict and then its copy
        return dict(zip(v, map(inv.__mul__, v.values()), strict=True))
    return v


def vectors(f: Frame) -> Frame:
    """Fill the frame's description vectors (whole description, first sentence), once: they are built only for
    frames that a pair comparison gets to."""
    if f.sents is None:
        return f
    surface: dict[str, str] = {}
    weight: dict[str, float] = {}
    per: list[tuple[str, list[str]]] = []
    for s in f.sents:
        low = s.lower()
        per.append((" ".join(low.split()), _terms(s, low, surface, weight)))
    f.surface = surface
    f.sent_terms = per
    f.sent_keys = frozenset(k for k, _ in per)
    f.dvec = _vector([t for _, ts in per for t in ts], weight)
    # one sentence: its vector is the description's (the same terms in the same order), built once and shared
    f.lvec = f.dvec if len(per) <= 1 else _vector(per[0][1], weight)
    f.sents = None
    return f


def _weights(surface: dict[str, str]) -> dict[str, float]:
    """term -> background idf of its word (``surface``: a frame's), as _terms records them."""
    lx = lexicon()
    return {t: lx.idf(w) for t, w in surface.items()}


def pair_vectors(a: Frame, b: Frame) -> tuple[dict[str, float], dict[str, float], dict[str, float],
                                              dict[str, float], int]:
    """(a's vector, a's first-sentence vector, b's, b's, sentences set aside): when the two descriptions share
    some sentences word for word but not all, the shared ones are a suite's boilerplate ("This tool belongs to
    the trading system ...") and are left out of both; the first sentence is then the first one left."""
    if a.sents is not None:
        vectors(a)
    if b.sents is not None:
        vectors(b)
    if a.sent_keys.isdisjoint(b.sent_keys) or a.sent_keys == b.sent_keys:  # the usual case: no set is built
        return a.dvec, a.lvec, b.dvec, b.lvec, 0
    shared = a.sent_keys & b.sent_keys
    out = []
    for f in (a, b):
        # a suite repeats the same boilerplate in many tools: the vectors without it are kept per shared set
        memo = f.memo.setdefault("aside", {})
        vecs = memo.get(shared)
        if vecs is None:
            kept = [ts for k, ts in f.sent_terms if k not in shared]
            if any(kept):
                weight = _weights(f.surface)
                whole = _vector([t for ts in kept for t in ts], weight)
                vecs = memo[shared] = (whole, whole if len(kept) == 1 else _vector(kept[0], weight))
            else:
                vecs = memo[shared] = ()
        if not vecs:
            return a.dvec, a.lvec, b.dvec, b.lvec, 0
        out.append(vecs)
    return out[0][0], out[0][1], out[1][0], out[1][1], len(shared)
