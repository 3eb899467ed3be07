"""TC430's softer decisive differences: conditions under which a feature of a compared pair (a required scope,
a key of another kind, a qualifier, a named source, content vs its metadata, ...) decides the pair is distinct by
itself. decide._decisive reads SOFT_VETOES after the plain vetoes; each predicate takes the two frames."""

from __future__ import annotations

import re

from .frames import Frame
from .keys import one_of_alternatives
from .lexicon import lexicon
from .relations import facts, pindex, pmatch, rindex, says


def _required_scope(a: Frame, b: Frame) -> bool:
    """A key, scope, source or target named in one tool's name, or a word its object has and the other's lacks, is
    a required parameter there, and the other tool has nothing for it: add_user_to_group (group_name) vs
    create_user, list_user_policies (user_name) vs list_policies; or, in one API, the tool with the narrower object
    requires an id the other has nothing for (get_children_projects_by_tag's parent uuid vs get_projects_by_tag)."""
    for x, y in ((a, b), (b, a)):
        scoped: set[str] = set()
        for role in ("key", "scope", "source", "target"):
            if not y.quals.get(role):
                scoped.update(x.quals.get(role, ()))
        scoped.update(set(x.obj) - set(y.obj))
        if not scoped:
            continue
        narrower = len(x.obj) > len(y.obj) and set(y.obj) < set(x.obj) and facts(x)[1] == facts(y)[1]
        for p in x.params:
            if p.required and (scoped & set(p.words) or narrower and p.kind == "id") \
                    and pmatch(p, pindex(y))[0] < 0.7:
                return True  # (an id the narrower tool alone requires: its scope, the parent's uuid)
    return False


_CONTENT_VERBS = frozenset({"read", "cat", "load", "download", "open", "view"})


def unsupported(a: Frame, b: Frame) -> bool:
    """The words that make one object narrower (media in read_media_file) appear nowhere in the broader tool's
    description or enums: the broader tool does not cover that kind."""
    if len(a.obj) == len(b.obj):
        return False
    narrow, broad = (a, b) if len(a.obj) > len(b.obj) else (b, a)
    # a facet word (text file ~ file) names what is read, not a kind the broader tool cannot read
    extra = [w for w in narrow.obj if w not in broad.obj and w not in lexicon().facet]
    if not extra or broad.desc_empty:
        return False
    return not any(says(broad, w) or w in broad.enum_words or says(broad, narrow.obj_words[narrow.obj.index(w)])
                   or says(broad, w, broad.param_low)
                   or says(broad, narrow.obj_words[narrow.obj.index(w)], broad.param_low)
                   for w in extra)


def quals_differ(a: Frame, b: Frame, qa: tuple[str, ...], qb: tuple[str, ...]) -> bool:
    """Two values of one qualifier differ: a word the other lacks that is not a facet, a generic word, or the
    tools' object itself (by_drug_name ~ by_name on a drug tool; by_abuse_info vs by_abuse_dependence_info differ)."""
    if one_of_alternatives(a.base_raw, b.base_raw, qa, qb):
        return False  # by_drug_name vs by_drug_name_or_drugbank_id: the second takes the first's key too
    lx = lexicon()
    ignore = set(a.obj) | set(b.obj)
    diff = {w for w in set(qa) ^ set(qb) if w not in ignore and w not in lx.facet and w not in lx.generic
            and w != "identifier"}
    return bool(diff)


def _key_differs(a: Frame, b: Frame, roles: tuple[str, ...] = ("key", "source", "scope")) -> bool:
    """Different lookup keys, sources or scopes that the required parameters bear out (by pdb with pdb_ids vs by
    uniprot with uniprot_id; from a url with url vs from a file with file_path); qualifiers in names alone, over
    the same required parameters, are not a difference."""
    if not any(a.quals.get(r) and b.quals.get(r) and quals_differ(a, b, a.quals[r], b.quals[r]) for r in roles):
        return False
    ra, rb = rindex(a), rindex(b)
    if ra is None or rb is None:
        return False
    return any(pmatch(p, rb)[0] < 0.7 for p in pindex(a).required) or \
        any(pmatch(p, ra)[0] < 0.7 for p in pindex(b).required)


def _kinds_conflict(a: Frame, b: Frame) -> bool:
    """Both require lookup keys of known kinds (id, name, query, path, url, ...), of no kind in common, and the
    tools are of one API (or neither names one): MyGene_batch_query(gene_ids) vs MyGene_query_genes(query).
    Parameters of no known kind (hobbies ~ interests) say nothing about the lookup."""
    ka = {k for k in a.keys if not k.startswith("other:")}
    kb = {k for k in b.keys if not k.startswith("other:")}
    return bool(ka and kb and ka.isdisjoint(kb)) and not _other_apis(a, b)


def keys_unmatched(a: Frame, b: Frame) -> bool:
    """Each tool requires a key the other has no counterpart for, and a name says what it looks up by, in one API
    (or none): intact_get_interactions_by_organism(taxid) vs intact_get_interactions(identifier)."""
    if _other_apis(a, b):
        return False

    def unmatched(x: Frame, y: Frame) -> bool:
        iy = pindex(y)
        return any(p.required and p.kind not in ("page", "auth", "format") and pmatch(p, iy)[0] < 0.5
                   for p in x.params)

    return unmatched(a, b) and unmatched(b, a)


def _other_apis(a: Frame, b: Frame) -> bool:
    """Both names carry a namespace and the namespaces differ: tools of two servers or APIs."""
    na, nb = facts(a)[1], facts(b)[1]
    return bool(na and nb and na != nb)


def _named_objects_differ(a: Frame, b: Frame) -> bool:
    """Both names say what they act on, specifically (no generic word such as entry or file, no facet such as
    summary), the objects differ, and the tools are of one API or neither names one (Boltz_get_adme vs
    Boltz_get_structure_binding, intact_get_interactions vs intact_get_interactor): two tools one author wrote for
    two objects. Tools of two different servers are left to the evidence (their nouns may be synonyms the lexicon
    lacks)."""
    if a.obj_src != "name" or b.obj_src != "name" or _other_apis(a, b):
        return False
    lx = lexicon()
    return not any(f.head in lx.generic or f.head in lx.facet for f in (a, b))


def _named_keys_differ(a: Frame, b: Frame) -> bool:
    """Both names say what they look up by, and the keys differ (get_drugs_by_target_name vs
    get_drugs_by_indication, search_by_similarity vs search_by_substructure): the same parameters then carry
    different fields."""
    qa, qb = a.quals.get("key"), b.quals.get("key")
    if not qa or not qb:
        return False
    # words that shape the answer, not the key (by_indication_stats ~ by_indication): a verbosity variant
    lx = lexicon()
    return quals_differ(a, b, tuple(w for w in qa if w not in _SHAPE_WORDS and w not in lx.detail),
                         tuple(w for w in qb if w not in _SHAPE_WORDS and w not in lx.detail))


_SHAPE_WORDS = frozenset({"stats", "stat", "statistic", "statistics", "aggregated", "aggregate", "aggregation", "distribution",
                          "summary", "count", "counts", "grouped", "total", "totals"})


def _state_expressible(a: Frame, b: Frame) -> bool:
    """The tool without a state in its name can select it: a status/state parameter or an enum naming it
    (list_open_issues vs list_issues(state=open))."""
    for s_, o in ((a, b), (b, a)):
        if s_.states and not o.states:
            if any(p.head in ("status", "state", "filter") for p in o.params):
                return True
            lx = lexicon()
            words = {w for st in s_.states for ph, v in lx.state_phrases.items() if v == st for w in ph}
            return bool(words & o.enum_words.keys())
    return True


def _named_source_conflict(a: Frame, b: Frame) -> bool:
    """Different sources or targets of which one is a named platform or format (from youtube vs from a URL,
    to pdf vs to html)."""
    lx = lexicon()
    for role in ("source", "target"):
        qa, qb = a.quals.get(role), b.quals.get(role)
        if qa and qb and set(qa).isdisjoint(qb):
            for w in (*qa, *qb):
                hit = lx.platform.get(w)
                if hit and not lx.interchangeable.get(hit[0], False):
                    return True
    return False


# a sentence that says the tool returns a count or a total (Returns total structure count broken down by ...)
_RETURNS_COUNT_RE = re.compile(r"\breturns?\b[^.;]{0,80}?\b(?:counts?|number of|totals?|tally)\b")


def _content_vs_meta(a: Frame, b: Frame) -> bool:
    """One returns information about an object (get_file_info), the other reads the object itself (read_file); or
    the information is a count (a summary that returns the total count by provider vs the list of the entries: the
    label rules' count vs list), and the other says it returns no count."""
    for m, c in ((a, b), (b, a)):
        if m.facet == "meta" and (c.facet == "content" or c.facet is None and c.action_word in _CONTENT_VERBS):
            return True
        if m.facet == "meta" and c.facet is None and _RETURNS_COUNT_RE.search(m.desc_low) \
                and not _RETURNS_COUNT_RE.search(c.desc_low):
            return True
    return False



def _state_inexpressible(a: Frame, b: Frame) -> bool:
    """The tool without the other's state in its name cannot select it (see _state_expressible)."""
    return not _state_expressible(a, b)


def _qualifier_decisive(a: Frame, b: Frame) -> bool:
    """Different qualifiers that matter: a named source or target, lookup keys the parameters bear out, or keys
    that both names say."""
    return _named_source_conflict(a, b) or _key_differs(a, b) or _named_keys_differ(a, b)


# (features that may be decisive, the condition that makes them so, the VETOES name), tried in order
SOFT_VETOES = (
    (frozenset({"scope_one_side", "qual_one_side", "mod_one_side"}), _required_scope, "required_scope"),
    (frozenset({"facet_one_side"}), _content_vs_meta, "facet_one_side"),
    (frozenset({"state_one_side"}), _state_inexpressible, "state_one_side"),
    (frozenset({"qual_conflict"}), _qualifier_decisive, "qual_conflict"),
    (frozenset({"obj_disjoint", "head_conflict"}), _named_objects_differ, "object_differs"),
    (frozenset({"key_conflict"}), _kinds_conflict, "key_conflict"),  # required keys of different kinds (ids vs a
    # query) in one API: two lookups
)
