"""Lookup keys as tools name them, so that two ways of writing one key are read as one key.

* **an abbreviated own id** (``own_id_words``): ``comp_id`` on ``get_compound`` is the compound's id, written
  short; its words are the object's (``compound identifier``), so it is the tool's own id (not a parent's for the
  foreign-key veto) and it matches another tool's ``compound_id``;
* **a key among alternatives** (``key_alternatives``): ``by_drug_name_or_drugbank_id`` takes a drug name too, so
  it is keyed as ``by_drug_name`` is, among other keys.

(A name that says it looks up by an id system over one blank parameter, ``by_pubchem_cid(input_value)``, is
params.name_blank_key's.)

Each function reads one frame or one pair of frames only.
"""

from __future__ import annotations

import re

from .lexicon import lexicon, split_identifier


def _abbreviates(short: str, word: str) -> bool:
    """``short`` is one ``word`` cut after its first three or more letters (comp -> compound, seq -> sequence), at
    least two letters shorter; not a word of a synonym group of its own (gene is no abbreviation of genome), nor the
    first part of a compound whose rest is a word (data in dataset, pull in pull_request)."""
    if not (len(short) >= 3 and len(word) >= len(short) + 2 and word.isalpha() and word.startswith(short)):
        return False
    lx = lexicon()
    rest = word[len(short):]
    known = lx.idf(rest) != lx.idf_default or rest in lx.synonym or rest in lx.verb_words or rest in lx.nominal
    return short not in lx.synonym and not known


def own_id_words(words: tuple[str, ...], obj: tuple[str, ...]) -> tuple[str, ...]:
    """An id parameter's canonical ``words`` with a word that abbreviates a word of the tool's object (from its
    name) written out: comp_id on get_compound -> (compound, identifier). Unchanged otherwise."""
    if len(words) < 2 or not obj:
        return words
    out = list(words)
    changed = False
    for k, w in enumerate(words[:-1]):
        if w in obj:
            continue
        full = next((o for o in obj if _abbreviates(w, o)), None)
        if full is not None:
            out[k] = full
            changed = True
    return tuple(out) if changed else words


_BY_RE = re.compile(r"(?:^|[_\-])by[_\-](.+)$", re.IGNORECASE)
_ALT_RE = re.compile(r"[_\-]or[_\-]", re.IGNORECASE)


def key_alternatives(raw: str) -> tuple[frozenset[str], ...]:
    """The keys a name offers as alternatives after ``by`` (``get_indications_by_drug_name_or_drugbank_id`` -> {drug,
    name}, {drugbank, identifier}), each as canonical words; () without an ``or`` there."""
    m = _BY_RE.search(raw)
    if m is None or not _ALT_RE.search(m.group(1)):
        return ()
    lx = lexicon()
    return tuple(frozenset(lx.canon(w) for w in split_identifier(part)) for part in _ALT_RE.split(m.group(1)) if part)


def one_of_alternatives(raw_a: str, raw_b: str, qa: tuple[str, ...], qb: tuple[str, ...]) -> bool:
    """One name's key is one of the alternatives the other's name offers (by_drug_name vs by_drug_name_or_drugbank_id):
    the second takes the first's key too, so the keys do not differ."""
    return frozenset(qa) in key_alternatives(raw_b) or frozenset(qb) in key_alternatives(raw_a)
