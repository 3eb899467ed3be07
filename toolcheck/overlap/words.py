"""The words of descriptions and names as TC430 reads them (frames.py, vectors.py): lower-case ASCII words, Han
text as bigrams, katakana words; and a per-process memo of word analyses (``word_index()``: the vocabulary,
run-together words split, a description word's term). Pure functions of the lexicon."""

from __future__ import annotations

import re
from functools import cache, lru_cache

from .lexicon import Lexicon, lexicon, singular

ASCII_WORD_RE = re.compile(r"[a-z][a-z0-9]*")
HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
KATA = "\u30a1-\u30fa\u30fc\u31f0-\u31ff"
HIRA = "\u3041-\u309f"
_CJK_BREAK_RE = re.compile("[的了与與或及并並把被之其于於和等在是为為对對将將从從向以及]+")


class Words:
    """Per-process memo of word analyses (pure functions of the lexicon)."""

    def __init__(self, lx: Lexicon):
        self.lx = lx
        self.vocab = frozenset(lx._idf) | frozenset(lx.verb_words) | frozenset(lx.synonym) | frozenset(lx.nominal)
        self._cjk_re: re.Pattern | None | bool = False  # compiled on the first Chinese or Japanese text
        self.token_re = re.compile(
            rf"(?P<han>[{HAN}]+)|(?P<kata>[{KATA}]+)|(?P<hira>[{HIRA}]+)|(?P<word>[a-z][a-z0-9]*)")
        self.term_memo: dict[str, str | None] = {}
        # a word of surface_words -> its term: desc_term of an ASCII word, a CJK gram itself (vectors.py fills it)
        self.word_term: dict[str, str | None] = {}

    @property
    def cjk_re(self) -> re.Pattern | None:
        """The lexicon's CJK words as one alternation, longest first (a large pattern: ~10 ms to compile, which
        an English-only run, such as the pre-commit hook on one contract, never pays)."""
        if self._cjk_re is False:
            cjk = sorted(self.lx.cjk, key=lambda w: (-len(w), w))
            self._cjk_re = re.compile("|".join(re.escape(w) for w in cjk)) if cjk else None
        return self._cjk_re  # type: ignore[return-value]

    def desc_term(self, w: str) -> str | None:
        """The term of a lower-case description word: None (stop word), ``@class`` (a verb), or a noun."""
        t = self.term_memo.get(w, "")
        if t != "":
            return t
        lx = self.lx
        if len(w) < 2 or w in lx.stop or w.isdigit():
            t = None
        else:
            cls = None if w in lx.noun_verbs else lx.verb_class(w)
            t = "@" + cls if cls else lx.canon(w)
        self.term_memo[w] = t
        return t

    @lru_cache(maxsize=1 << 14)  # noqa: B019 - one instance per process
    def segment(self, tok: str) -> tuple[str, ...]:
        """A run-together word split into two known words (``sequentialthinking`` -> sequential, thinking)."""
        if len(tok) < 7 or tok in self.vocab or not tok.isascii() or not tok.isalpha():
            return (tok,)
        best: tuple[str, ...] = (tok,)
        best_len = 0
        for i in range(3, len(tok) - 2):
            a, b = tok[:i], tok[i:]
            if (a in self.vocab or self.lx.verb_class(a)) and (b in self.vocab or singular(b) in self.vocab
                                                               or self.lx.verb_class(b)):
                m = min(len(a), len(b))
                if m > best_len:
                    best, best_len = (a, b), m
        return best


@cache
def word_index() -> Words:
    return Words(lexicon())


def surface_words(sentence: str) -> list[str]:
    """The words of a (prepared) sentence as the background frequencies count them: lower-case ASCII words, Han
    text as bigrams (split at function characters), katakana words; hiragana (particles, endings) dropped."""
    low = sentence.lower()
    if low.isascii():
        return ASCII_WORD_RE.findall(low)
    out: list[str] = []
    for m in word_index().token_re.finditer(low):
        kind = m.lastgroup
        tok = m.group(0)
        if kind == "word":
            out.append(tok)
        elif kind == "han":
            for run in _CJK_BREAK_RE.split(tok):
                if len(run) == 1:
                    out.append(run)
                else:
                    out.extend(run[i:i + 2] for i in range(len(run) - 1))
        elif kind == "kata" and len(tok) >= 2:
            out.append(tok)
    return out
