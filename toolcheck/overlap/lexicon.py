"""The overlap lexicon: verb classes, nouns, states, platforms, parameter kinds, CJK words (data/overlap/*.json).

Everything here is read from JSON once, on first use (``lexicon()``), so that importing the package costs nothing
on the pre-commit path. The morphology that the data leaves out is derived here:

* verb inflections: ``searches``, ``searched``, ``searching``, ``retrieves``, ``copied``;
* nominal forms of every verb word: ``finder``, ``reader``, ``creation``, ``validation``, ``deletion``,
  ``payment``, ``removal``, ``listing``, ``classification`` (irregular ones, ``analysis``, ``conversion``, are data);
* plural folding of nouns (``policies`` -> ``policy``, ``boxes`` -> ``box``), then the synonym groups.
"""

from __future__ import annotations

import json
import math
import re
from functools import cache, lru_cache
from importlib import resources
from typing import Any

_VOWELS = frozenset("aeiouy")


def load_data(name: str) -> Any:
    """A data file of toolcheck/data/overlap/ (JSON), from the installed package."""
    return json.loads(resources.files("toolcheck").joinpath("data", "overlap", name).read_text(encoding="utf-8"))


# ------------------------------------------------------------------------------------------------ morphology

_NO_PLURAL = frozenset("""
news series species analysis status bus gas this its is has was does us yes always perhaps across address access
process business class less unless canvas alias atlas axis basis chassis diagnosis thesis virus campus census corpus
focus bonus plus minus radius nexus lens gps sms aws dns https http ios macos windows kubernetes postgres jenkins
pandas redis iris chess dress glass grass boss loss moss pass mass kiss express wellness fitness happiness
metadata data media criteria success progress synopsis ms ids dos cors kms ses sqs sns vpcs ecs eks rds
previous various famous serious religious numerous dangerous obvious tremendous anonymous asynchronous
synchronous continuous autonomous analogous homologous heterozygous homozygous
""".split())


@lru_cache(maxsize=1 << 16)
def singular(w: str) -> str:
    """A noun's singular form by rule (``policies`` -> ``policy``); words of 3 letters or fewer, non-ASCII words
    and known non-plurals are kept."""
    if len(w) <= 3 or not w.isascii() or w in _NO_PLURAL or w.endswith(("ss", "us", "is", "ous")):
        return w
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith(("sses", "xes", "ches", "shes", "zzes")):
        return w[:-2]
    if w.endswith("s"):
        return w[:-1]
    return w


def _inflections(v: str) -> list[str]:
    """Inflected forms of a verb: 3rd person, past, -ing."""
    out = []
    if v.endswith("y") and len(v) > 2 and v[-2] not in _VOWELS:
        out += [v[:-1] + "ies", v[:-1] + "ied"]
    elif v.endswith(("s", "x", "z", "ch", "sh")):
        out += [v + "es"]
    else:
        out += [v + "s"]
    if v.endswith("e"):
        out += [v + "d", v[:-1] + "ing"]
    else:
        out += [v + "ed", v + "ing"]
        if _doubles(v):
            out += [v + v[-1] + "ed", v + v[-1] + "ing"]
    return out


def _doubles(v: str) -> bool:
    """CVC verbs whose last consonant doubles (run -> running, plan -> planner, stop -> stopped)."""
    return (len(v) >= 3 and v[-1] not in _VOWELS and v[-1] not in "wxy" and v[-2] in _VOWELS
            and v[-3] not in _VOWELS and len(v) <= 5)


def _nominals(v: str) -> list[str]:
    """Regular nominal forms of a verb (search -> searcher, create -> creation/creator, pay -> payment)."""
    out = []
    stem_e = v[:-1] if v.endswith("e") else v
    out += [stem_e + "er", stem_e + "or", stem_e + "ion", stem_e + "ation", v + "ment", stem_e + "al",
            stem_e + "ing", stem_e + "ings"]
    if v.endswith("y") and len(v) > 2:
        out += [v[:-1] + "ication", v[:-1] + "ier"]
    if _doubles(v):
        out += [v + v[-1] + "er", v + v[-1] + "ing"]
    out += [x + "s" for x in out if x.endswith(("er", "or", "ion", "ment", "al"))]
    return out


# ------------------------------------------------------------------------------------------------ the lexicon

class Lexicon:
    """The loaded lexicon. One instance per process (``lexicon()``)."""

    def __init__(self, data: dict, idf: dict):
        self.provenance = data.get("provenance", "")
        self._read_verbs(data)
        self._read_nouns(data)
        self._read_states(data)
        # parameters
        self.param_kind: dict[str, str] = {}
        for kind, words in data.get("param_kinds", {}).items():
            for w in words:
                self.param_kind.setdefault(w, kind)
        self.mode_params = frozenset(data.get("mode_params", ()))
        self._read_platforms(data)
        # the first word of every unit of two or three words frames._merge_units joins (compounds, verb phrases,
        # two-word platforms, synonyms and verbs written with "_", at each "_"): a word not among them starts none
        joined = [k.split("_") for k in (*self.synonym, *self.verb_words) if "_" in k]
        self.unit_firsts = frozenset({c[0] for c in self.compounds} | {k[0] for k in self.verb_phrases if k}
                                     | {k[0] for k in self.platform_bigrams}
                                     | {"_".join(p[:i]) for p in joined for i in range(1, len(p))})
        self.cjk: dict[str, str] = dict(data.get("cjk", {}))
        self.stop = frozenset(data.get("stop", ()))
        self.cues = {k: tuple(v) for k, v in data.get("cues", {}).items()}
        # background document frequencies (words of corpus descriptions): idf of a surface word
        self.idf_n = int(idf.get("documents", 1))
        self.idf_default = math.log((self.idf_n + 1) / 1.5) + 1
        self._idf = {w: math.log((self.idf_n + 1) / (df + 0.5)) + 1 for w, df in idf.get("df", {}).items()}

    def _read_verbs(self, data: dict) -> None:
        """Verbs: word -> class; class -> family, opposites, related (both made symmetric); the inflected and
        nominal forms of every one-word verb; light verbs, noun verbs, verb phrases."""
        self.family: dict[str, str] = {}
        self.opposite: dict[str, frozenset[str]] = {}
        self.related: dict[str, frozenset[str]] = {}
        self.verb_words: dict[str, str] = {}
        for cls, spec in data["verbs"].items():
            self.family[cls] = spec["family"]
            self.opposite[cls] = frozenset(spec.get("opposite", ()))
            self.related[cls] = frozenset(spec.get("related", ()))
            for w in spec["words"]:
                self.verb_words.setdefault(w, cls)
        for cls in list(self.opposite):  # symmetric
            for o in self.opposite[cls]:
                if o in self.opposite:
                    self.opposite[o] = self.opposite[o] | {cls}
            for r in self.related[cls]:
                if r in self.related:
                    self.related[r] = self.related[r] | {cls}
        self.inflected: dict[str, str] = {}
        self.nominal: dict[str, str] = {}
        for w, cls in self.verb_words.items():
            if "_" in w:
                continue
            for x in _inflections(w):
                self.inflected.setdefault(x, cls)
            for x in _nominals(w):
                self.nominal.setdefault(x, cls)
        for noun, verb in data.get("nominal_irregular", {}).items():
            cls = self.verb_words.get(verb) or self.inflected.get(verb)
            if cls:
                self.nominal[noun] = cls
        self.light_verbs = frozenset(data.get("light_verbs", ()))
        self.noun_verbs = frozenset(data.get("noun_verbs", ()))
        self.verb_phrases: dict[tuple[str, ...], str] = {tuple(k.split()): v for k, v in data.get("verb_phrases", {}).items()}

    def _read_nouns(self, data: dict) -> None:
        """Nouns: compounds, synonym groups, generic objects, facets, quantity and detail words, antonyms, the words
        that open a qualifier (role words)."""
        self.compounds = frozenset(tuple(c) for c in data.get("compounds", ()))
        self.compound_firsts = frozenset(c[0] for c in self.compounds)
        # a compound written as one word (mindmap, pullrequest) is that compound
        self.solid_compounds = {"".join(c): "_".join(c) for c in self.compounds if len("".join(c)) >= 6}
        self.synonym: dict[str, str] = {}
        for group in data.get("noun_synonyms", ()):
            canon = group[0]
            for w in group:
                self.synonym.setdefault(w, canon)
        self.generic = frozenset(data.get("generic_objects", ()))
        facets = data.get("facets", {})
        self.facet: dict[str, str] = {}
        for kind, words in facets.items():
            for w in words:
                self.facet.setdefault(w, kind)
        self.quantity = frozenset(data.get("quantity_words", ()))
        self.detail = frozenset(data.get("detail_words", ()))
        self.antonym: dict[str, frozenset[str]] = {}
        for a, b in data.get("antonyms", ()):
            self.antonym[a] = self.antonym.get(a, frozenset()) | {b}
            self.antonym[b] = self.antonym.get(b, frozenset()) | {a}
        self.role_words: dict[str, str] = dict(data.get("role_words", {}))

    def _read_states(self, data: dict) -> None:
        """States: phrase (token tuple) -> state; state -> opposite; the longest phrase and the first words."""
        self.state_phrases: dict[tuple[str, ...], str] = {}
        self.state_opposite: dict[str, str] = {}
        for spec in data.get("states", ()):
            for ph in spec["phrases"]:
                self.state_phrases.setdefault(tuple(ph.split()), spec["state"])
            if spec.get("opposite"):
                self.state_opposite[spec["state"]] = spec["opposite"]
        self.state_max = max((len(k) for k in self.state_phrases), default=1)
        self.state_firsts = frozenset(k[0] for k in self.state_phrases)

    def _read_platforms(self, data: dict) -> None:
        """Platforms: alias -> (category, canonical); category -> interchangeable; the two-word aliases."""
        self.platform: dict[str, tuple[str, str]] = {}
        self.interchangeable: dict[str, bool] = {}
        for cat, spec in data.get("platforms", {}).items():
            self.interchangeable[cat] = bool(spec.get("interchangeable"))
            for canon, aliases in spec["names"].items():
                for a in aliases:
                    self.platform.setdefault(a, (cat, canon))
        self.platform_bigrams = frozenset(tuple(a.split("_")) for a in self.platform if "_" in a)

    # -------------------------------------------------------------------------------------------- verbs

    @lru_cache(maxsize=1 << 15)  # noqa: B019 - one instance per process
    def verb_class(self, w: str) -> str | None:
        """The verb class of a word as a verb (``searches`` -> search), or None."""
        cls = self.verb_words.get(w) or self.inflected.get(w)
        if cls is None and w.endswith("ed") and len(w) > 4:  # stopped, planned
            cls = self.verb_words.get(w[:-3]) if w[-3] == w[-4] else None
        return cls

    @lru_cache(maxsize=1 << 15)  # noqa: B019
    def nominal_class(self, w: str) -> str | None:
        """The verb class of a noun formed from a verb (``finder``, ``creation``, ``analysis``), or None."""
        return self.nominal.get(w)

    @lru_cache(maxsize=1 << 12)  # noqa: B019 - one instance per process; asked twice per compared pair
    def relation(self, a: str | None, b: str | None) -> str | None:
        """same | related | opposite | different | None (a class is unknown)."""
        if a is None or b is None:
            return None
        if a == b:
            return "same"
        if b in self.opposite.get(a, ()):
            return "opposite"
        if b in self.related.get(a, ()) or "*" in self.related.get(a, ()) or "*" in self.related.get(b, ()):
            return "related"  # a generic verb (manage, handle) relates to every action
        return "different"

    # -------------------------------------------------------------------------------------------- nouns

    @lru_cache(maxsize=1 << 16)  # noqa: B019
    def canon(self, w: str) -> str:
        """A noun's canonical form: synonyms mapped, plurals folded (``photos`` -> image, ``repos`` -> repository)."""
        s = self.synonym.get(w)
        if s is not None:
            return s
        sw = singular(w)
        sw = self.solid_compounds.get(sw, sw)
        return self.synonym.get(sw, sw)

    def idf(self, w: str) -> float:
        return self._idf.get(w, self.idf_default)


@cache
def lexicon() -> Lexicon:
    return Lexicon(load_data("lexicon.json"), load_data("idf.json"))


# a short letter+digit word (r2, s3, ec2, v3, k8s) stays one word
_CAMEL_RE = re.compile(r"(?<![A-Za-z])[a-z]{1,2}\d+[a-z]?(?![a-z\d])|(?<![A-Za-z])[A-Z]{1,2}\d+(?![A-Za-z\d])|"
                       r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+|[^\W\d_A-Za-z]+")


@lru_cache(maxsize=1 << 15)
def _split(name: str) -> tuple[str, ...]:
    return tuple(x.lower() for x in _CAMEL_RE.findall(name[:200]))


def split_identifier(name: str) -> list[str]:
    """Words of an identifier: separators, camelCase and digits split, lower-cased (``getHTTPStatus2`` ->
    get, http, status, 2); only its first 200 characters."""
    return list(_split(name))
