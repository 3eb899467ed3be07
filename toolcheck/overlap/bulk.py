"""Subsumption by a bulk form: one tool does, for each entry of a list it requires, what the other does for one.

``GeneBe_classify_variants_batch(variants: [{chr, pos, ref, alt}])`` covers ``GeneBe_classify_variant(chr, pos,
ref, alt)``; ``env_var_bulk_set(scriptName, vars: {key: value})`` covers ``env_var_set(scriptName, key, value)``;
``read_files(paths: [string])`` covers ``read_file(path)``. ``bulk_cover(a, b, rel)`` finds that:

* the same action class, or related ones (``batch_lookup`` ~ ``get_id_history``) when the list holds the single
  tool's keys by their very names; objects that agree (the same head, or one tool's object is unknown, or the bulk
  tool's description names the single tool, or the two mirror each other, below), in one API (or on two
  interchangeable platforms: playwright, browser);
* the bulk side says it does many (a quantity word in its name, or "multiple", "several", "batch", ... in its first
  sentence) and the single side does not; or, with no such word, its list is of the single tool's key by its very
  words (``medicinalproducts`` ~ ``medicinalproduct``) and the two **mirror** each other: every other parameter of
  the single tool (two at least) alike, descriptions alike (cosine 0.5), and one's whole object the other's whole
  lookup key (``count_country_by_drug_event`` vs ``count_additive_event_reports_by_country``: country; not
  ``count_additive_reports_by_reporter_country``, a narrower field);
* the bulk side requires a collection parameter: an array of records, an array of plain values, a string its
  description calls a comma-separated list (data/overlap/bulk.json: ``ensembl_ids``: "Comma-separated Ensembl stable
  IDs"), or a key-value map (an object that declares no properties), and the single side requires no list of that
  name itself (two tools of ``sites`` lists);
* every required parameter of the single side (but a page, a token or a format) is either the bulk side's own (the
  same name or words: the Worker's scriptName) or held by one entry of the collection: a property of the
  record (by name, or named in that property's description: "... or a unique element selector"), the one value of
  an array named after it or after the single side's object (paths ~ path, variants ~ variant), or the key and the
  value of a map; and at least one of them is held by the collection.

Not a bulk form: a listing against a get-one by key (a listing requires no list of keys), a count or a summary of
a list, a tool that takes several inputs to build one result (``create_presentation_from_templates``: its first
sentence says no "multiple"), two tools that both say they take many. Both tools' own text only. decide.py reads a
bulk form with the objects (feature ``bulk_form``): an object one side leaves unnamed is then the other's.
"""

from __future__ import annotations

import re

from .frames import Frame
from .lexicon import lexicon
from .params import Param
from .relations import dot, facts, params_match, pindex, pmatch
from .vectors import pair_vectors

# words that say a tool does its job for many entries at once (English, Chinese, Japanese)
_MANY_RE = re.compile(r"\b(?:multiple|several|many|batch|bulk|in bulk|at once|list of|array of)\b|"
                      r"批量|多个|多項|複数|一括|一度に")
_MANY_NAME = frozenset({"multiple", "multi", "batch", "bulk", "many", "several", "mass"})
_NO_KEY = frozenset({"page", "auth", "format"})  # required, but nothing an entry holds (a token, a page)
_MAP_KEYS = frozenset({"key", "name"})  # a map's key: the entry's key or name
_MAP_VALUES = frozenset({"value", "content", "text"})  # a map's value


def bulk_cover(a: Frame, b: Frame, rel: str | None) -> tuple[Frame, Frame, Param, tuple[str, ...]] | None:
    """(bulk tool, single tool, its collection parameter, the single tool's required parameters one entry holds),
    or None."""
    if rel not in ("same", "related") or not (has_collection(a) or has_collection(b)):
        return None
    if not _one_api(a, b):
        return None
    apart = bool(a.obj and b.obj and a.head != b.head)
    for many, one in ((a, b), (b, a)):
        if not _collections(many):
            continue
        hit = _held(many, one, rel == "related")
        if hit is None or _says_many(one, None) or _also_many(one, hit[0]):
            continue
        says = _says_many(many, _counted(many, one, hit[0]))
        if not says and (rel == "related" or _held(many, one, True) is None):
            continue  # (a list named after the single tool's key needs no many-word when the tools mirror)
        if (apart and not _names(many, one) or not says) and not _mirrors(many, one, hit[0]):
            continue
        return many, one, hit[0], hit[1]
    return None


# the parameters of the single tool besides its key that the bulk tool must take alike, for objects named apart
_MIRROR_MIN = 2
_MIRROR_PARAMS = 0.9  # params_match's similarity of all parameters: every one has a like in the other
_MIRROR_DESC = 0.5  # the descriptions' cosine: they say one job


def _also_many(one: Frame, coll: Param) -> bool:
    """The single side requires a list of that name too (two tools of sites lists, of product lists): no bulk form
    of the other, whatever its description says."""
    return any(p.canon == coll.canon for p in _collections(one))


def _mirrors(many: Frame, one: Frame, coll: Param) -> bool:
    """Objects named apart (count_country_by_drug_event vs count_additive_event_reports_by_country), yet the bulk
    tool is the single one but for its list: besides the key its list holds, it takes every other parameter of the
    single tool alike (at least _MIRROR_MIN of them), the descriptions say one job, and one tool's whole object is
    the other's whole lookup key, word for word (country, the bulk tool's "by country"): the names' words are two
    ways of naming one answer, not two objects (administration routes vs indications of one drug, in a suite of
    like tools, stay apart; so do counts by country vs by reporter country, a narrower field)."""
    if not (_same_words(one.obj, many.quals.get("key")) or _same_words(many.obj, one.quals.get("key"))):
        return False
    others = [p for p in one.params if not (coll.head == p.head or coll.canon == p.canon)]
    if len(others) < _MIRROR_MIN or params_match(many, one)[0] < _MIRROR_PARAMS:
        return False
    if many.desc_empty or one.desc_empty:
        return False
    da, _, db, _, _ = pair_vectors(many, one)
    return dot(da, db) >= _MIRROR_DESC


def _same_words(obj: tuple[str, ...], key: tuple[str, ...] | None) -> bool:
    return bool(obj) and bool(key) and set(obj) == set(key)


def _names(many: Frame, one: Frame) -> bool:
    """``many``'s description names ``one`` ("More efficient than calling X N times"): its author says which
    single tool it does in bulk, so objects named apart (variant sae vs variant sae disruption) are one."""
    return any(k in many.cue_names for k in one.norm_names)


def _collections(f: Frame) -> tuple[Param, ...]:
    """The required collection parameters (arrays, key-value maps), once per frame."""
    got = f.memo.get("bulk_colls")
    if got is None:
        got = f.memo["bulk_colls"] = tuple(p for p in f.params
                                           if p.required and (p.type == "array" or p.items or p.listed))
    return got


def has_collection(f: Frame) -> bool:
    """The frame requires a list or a key-value map: without one on either side no pair is a bulk form (decide's
    early exit reads it, as relations.facts' last value)."""
    return facts(f)[6]


def _lead_many(f: Frame) -> tuple[str, ...] | None:
    """The many-words of the first sentence with the next words after each ("" for a name's quantity word), or
    None when neither says many; once per frame."""
    if "bulk_lead" in f.memo:
        return f.memo["bulk_lead"]
    found: list[str] = [""] if not f.name_words.isdisjoint(_MANY_NAME) else []
    lead = re.split(r"[.!?。！？]\s|\n", f.desc_low, maxsplit=1)[0] if f.desc_low else ""
    for m in _MANY_RE.finditer(lead):
        found.append(lead[m.end():m.end() + 60] if m.group(0).isascii() else "")
    got = f.memo["bulk_lead"] = tuple(found) if found else None
    return got


def _one_api(a: Frame, b: Frame) -> bool:
    """The tools are of one API (the same namespace words, or neither names one), or each namespace is a platform
    of a kind the lexicon calls interchangeable (playwright, browser): a bulk form of another database's lookup is
    that database's job, which the label rules leave to the backends."""
    na, nb = facts(a)[1], facts(b)[1]
    if na == nb:
        return True
    lx = lexicon()
    return all(any((hit := lx.platform.get(w)) and lx.interchangeable.get(hit[0], False) for w in f.ns)
               for f in (a, b))


def _counted(many: Frame, one: Frame, coll: Param) -> str | None:
    """The word a many-word must count: the objects' head (the last word of it: variable in environment
    variable), else the collection's (fields), as the tools write it."""
    head = one.head or many.head or coll.head
    return head.rsplit("_", 1)[-1] if head else None


def _says_many(f: Frame, counted: str | None) -> bool:
    """A quantity word in the name (bulk, batch, ...), or a many-word in the description's first sentence that
    counts ``counted`` (the object's head word; "Fill multiple form fields", not "one deck from several
    templates"); any many-word when nothing is counted (no object) or the sentence is Chinese or Japanese."""
    found = _lead_many(f)
    if found is None:
        return False
    for after in found:
        if counted is None or not after:
            return True
        words = re.findall(r"[a-z]+", after)[:3]
        if any(w == counted or w.rstrip("s") == counted or w[:-3] + "y" == counted and w.endswith("ies")
               for w in words):
            return True
    return False


def _held(many: Frame, one: Frame, by_name: bool = False) -> tuple[Param, tuple[str, ...]] | None:
    """The collection parameter of ``many`` that holds, entry by entry, the required parameters of ``one`` that
    ``many`` has no like of at its top level, and for each of those where an entry holds it (see _holder); None
    when some are held nowhere. ``by_name``: only where the entry is named after the parameter (the record
    property of its name, the one value of a list named after it), for two related actions (lookup ~ get): the
    list must be of the very key the single tool takes."""
    ix = pindex(many)
    rest = [p for p in one.params if p.required and p.kind not in _NO_KEY and not _own(pmatch(p, ix))]
    if not rest:
        return None
    for coll in _collections(many):
        where = [_holder(coll, p, one, len(rest), by_name) for p in rest]
        if all(w is not None for w in where):
            return coll, tuple(f"{p.raw} (as {w})" if w else p.raw for p, w in zip(rest, where, strict=True))
    return None


def _own(match: tuple[float, Param | None]) -> bool:
    """A like at the bulk tool's top level that is no collection (the Worker's scriptName; tag_ids is a list)."""
    score, q = match
    return score >= 0.7 and q is not None and not (q.type == "array" or q.items or q.listed)


def _holder(coll: Param, p: Param, one: Frame, n: int, by_name: bool = False) -> str | None:
    """Where one entry of ``coll`` holds ``p``: "" for the record property of that name, the property whose
    description names it, "the map's key" or "the map's value", "one value" of an array (or of a comma-separated
    string) named after it or after ``one``'s object; None when no entry holds it. ``by_name``: "" and "one value"
    of a list of ``p``'s very words only (ensembl_ids ~ ensembl_id; not molecules ~ num_molecules)."""
    if by_name:
        return _named_holder(coll, p, n)
    if coll.items and coll.items[0][0] == "*":  # a key-value map
        if n > 2:
            return None
        if p.head in _MAP_KEYS or p.kind == "name":
            return "the map's key"
        return "the map's value" if p.head in _MAP_VALUES or p.kind == "content" else None
    if coll.items:  # an array of records
        word = re.compile(r"\b" + re.escape(p.head) + r"s?\b")
        if any(canon == p.canon for canon, _, _ in coll.items):
            return ""
        return next((f"`{raw}`" for canon, desc, raw in coll.items
                     if canon.rsplit("_", 1)[-1] == p.head or word.search(desc)), None)
    # an array of plain values: one of them is the single tool's one input
    if n == 1 and (coll.type == "array" or coll.listed) and (coll.head == p.head or coll.canon == p.canon
                                            or bool(one.obj) and coll.head == one.head):
        return "one value"
    return None


def _named_holder(coll: Param, p: Param, n: int) -> str | None:
    """_holder's by-name reading: the record property of ``p``'s very words (""), the one value of a plain list of
    them ("one value"), else None."""
    if coll.items:
        return "" if coll.items[0][0] != "*" and any(c == p.canon for c, _, _ in coll.items) else None
    return "one value" if n == 1 and coll.canon == p.canon else None


def bulk_clause(hit: tuple[Frame, Frame, Param, tuple[str, ...]]) -> str:
    """The message: which list the bulk tool takes and what of the single tool's input one entry holds."""
    many, one, coll, held = hit
    kind = "map" if coll.items and coll.items[0][0] == "*" else "comma-separated list" if coll.listed else "list"
    return (f"`{many.name}` takes a {kind} (`{coll.raw}`) of what `{one.name}` takes one of: one entry holds "
            f"{', '.join(held)}")
