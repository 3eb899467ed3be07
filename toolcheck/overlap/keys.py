"""Lookup keys as tools name them, so that two ways of writing one key are read as one key.

* **an abbreviated own id** (``own_id_words``): ``comp_id`` on ``get_compound`` is the compound's id, written
  short; its words are the object's (``compound identifier``), so it is the tool's own id (not a parent's for the
  foreign-key veto) and it matches another tool's ``compound_id``;
* **the id system a tool is keyed by** (``keyed_system``, ``system_param``): a name that says ``by_pubchem_cid``
  over one required parameter of no telling name (``input_value``) is keyed by a PubChem CID; a tool that takes a
  ``pubchem_cid`` (required or not) accepts that key, so the two lookups are keyed alike, not by different keys.

Each function reads one frame or one pair of frames only.
"""

from __future__ import annotations


def _abbreviates(short: str, word: str) -> bool:
    """``short`` is one ``word`` cut after its first three or more letters (comp -> compound, seq -> sequence), at
    least two letters shorter; not a word of a synonym group of its own (gene is no abbreviation of genome), nor the
    first part of a compound whose rest is a word (data in dataset, pull in pull_request)."""
    if not (len(short) >= 3 and len(word) >= len(short) + 2 and word.isalpha() and word.startswith(short)):
        return False
    from .frames import word_index  # frames imports params, which imports this module
    wd = word_index()
    return short not in wd.lx.synonym and word[len(short):] not in wd.vocab


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
