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

import re
from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .params import Param


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


# words of a parameter name that say nothing of what it holds (input_value, query, value)
_BLANK = frozenset({"input", "value", "query", "q", "term", "text", "string", "arg", "argument", "param",
                    "parameter", "keyword"})


_OR_RE = re.compile(r"[_\-\s]or[_\-\s]|[a-z]Or[A-Z]")


def name_blank_key(key: tuple[str, ...], params: list[Param], raw: str = "") -> list[Param]:
    """``params`` with the one required parameter of a tool whose name says it looks up by an id of some id system
    (``by_pubchem_cid``) written as that key, when no parameter carries the key's words and that one's own words
    say nothing (``input_value``): it holds the id the name speaks of, so it matches another tool's
    ``pubchem_cid``, required or optional. Unchanged otherwise (the usual case)."""
    if not key or not params:
        return params
    system = set(key) - {"identifier"}
    if not system or any(system & set(p.words) for p in params):
        return params
    req = [i for i, p in enumerate(params) if p.required and p.kind not in ("page", "auth", "format")]
    if len(req) != 1 or not set(params[req[0]].words) <= _BLANK:
        return params
    from .params import _wkey, param_words  # params imports this module
    words, head, kind = param_words("_".join(key))
    if kind != "id" or any(param_words(w)[2] not in ("id", "other") for w in system):
        return params  # the name's key is no id (by_name, by_region, by_drug_name_or_id): the parameter's own kind stands
    out = list(params)
    out[req[0]] = replace(params[req[0]], canon="_".join(words), words=words, head=head, kind=kind,
                          wkey=_wkey(words))
    return out


_BY_RE = re.compile(r"(?:^|[_\-])by[_\-](.+)$", re.IGNORECASE)
_ALT_RE = re.compile(r"[_\-]or[_\-]", re.IGNORECASE)


def key_alternatives(raw: str) -> tuple[frozenset[str], ...]:
    """The keys a name offers as alternatives after ``by`` (``get_indications_by_drug_name_or_drugbank_id`` -> {drug,
    name}, {drugbank, identifier}), each as canonical words; () without an ``or`` there."""
    m = _BY_RE.search(raw)
    if m is None or not _ALT_RE.search(m.group(1)):
        return ()
    from .params import param_words  # params imports this module
    return tuple(frozenset(param_words(part)[0]) for part in _ALT_RE.split(m.group(1)) if part)


def one_of_alternatives(raw_a: str, raw_b: str, qa: tuple[str, ...], qb: tuple[str, ...]) -> bool:
    """One name's key is one of the alternatives the other's name offers (by_drug_name vs by_drug_name_or_drugbank_id):
    the second takes the first's key too, so the keys do not differ."""
    return frozenset(qa) in key_alternatives(raw_b) or frozenset(qb) in key_alternatives(raw_a)
