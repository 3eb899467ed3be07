"""Interchangeable backends: two services that answer one question from one kind of input.

The label rules count as an overlap "the same job against interchangeable backends a user would not name": GO
annotations of a protein from OMA or from QuickGO, a drug's indications from the FDA label or from DrugBank, the
mechanisms of a drug by its ChEMBL id from ChEMBL or from Open Targets. Two tools of two services are read as such
a pair (``interchange``) when all of these hold:

* **two services**: both names carry a namespace and the namespaces share no word (``OMA_`` vs ``QuickGO_``);
* **one kind of input**: a lookup key of one (a required parameter, or the key its name says: ``by_chemblId``) is
  of an identifier system or input kind that the other takes too (keys.key_systems: a UniProt accession, a gene
  symbol, a PubChem CID, a drug name, an HGVS description, ...), read from the parameters' names and descriptions.
  Keys of two systems (an EMD id vs a PDB id, a FlyBase id vs a ZFIN id) are not one kind of input;
* **one action class** (the same or related actions);
* **one object once what the key identifies is set aside**: the words that say the key's entity (protein for a
  UniProt accession, gene for a gene symbol) leave the objects; each word one object has and the other lacks is said
  by the other tool's name or by what its first sentence says it returns (OMA's 'protein go' vs QuickGO's
  'annotations': QuickGO's name says GO, OMA's first sentence "Get Gene Ontology (GO) functional annotations");
  both objects keep a word that is no record word (a name whose object is only its key's entity, get_drug, returns
  its service's own record); sibling objects or swapped words are not one object;
* **one job described alike**: the descriptions or their first sentences share terms (a cosine of DESC_ALIKE);
* **no scope a user would name**: neither tool names a platform, host or organism (FlyBase vs ZFIN orthologs, a
  GitHub branch vs a local one, HumanMine).

Such a pair gets the feature ``interchange`` (decide.py), and the differences that only say the services word
their objects and keys apart (a listing vs a get-one by key, a key named on one side only, keys of two kinds) are
no decisive difference for it. Each function reads the two frames only.
"""

from __future__ import annotations

import re

from .backends import backend_names
from .frames import Frame
from .keys import SYSTEM_LABELS, key_systems
from .lexicon import lexicon, singular
from .relations import dot, facts, object_relation, pindex, pmatch, says
from .vectors import pair_vectors

# what a key of a system identifies: words of an object that say the key's entity, not what is looked up about it
_ENTITY = {
    "uniprot": frozenset({"protein", "gene", "product", "entry"}), "chembl": frozenset({"drug", "compound", "molecule"}),
    "pubchem_cid": frozenset({"compound", "molecule", "chemical"}), "gene_symbol": frozenset({"gene"}),
    "smiles": frozenset({"compound", "molecule", "chemical"}), "inchikey": frozenset({"compound", "molecule"}),
    "pmid": frozenset({"article", "paper", "publication"}), "doi": frozenset({"article", "paper", "publication"}),
    "hgvs": frozenset({"variant"}), "rsid": frozenset({"variant"}), "ec_number": frozenset({"enzyme"}),
    "ticker": frozenset({"stock", "company"}), "drug_name": frozenset({"drug"}), "indication": frozenset(),
    "insdc": frozenset({"nucleotide"}), "ensembl": frozenset({"gene"}),
}
_NOT_KEYS = ("page", "auth", "format")
_OPTION_KEYS = ("id", "name", "query")  # optional parameters that are keys (not reviewed_only, properties)
_KEY_KINDS = ("id", "name", "query", "url", "path")  # required parameters that say what is looked up


def key_system_sets(f: Frame) -> tuple[frozenset[str], frozenset[str]]:
    """(the systems of f's lookup keys: its required parameters' and its name's ``by ...``, the systems of every
    parameter), memoised."""
    m = f.memo.get("key_systems")
    if m is None:
        req: set[str] = set()
        every: set[str] = set()
        for p in f.params:
            if p.kind in _NOT_KEYS:
                continue
            if p.required:
                req |= p.systems
            elif p.kind in _OPTION_KEYS:  # an optional id (drug_chembl_id): a filter by that key
                every |= p.systems
        named = key_systems(" ".join(f.quals.get("key", ()))) if f.quals.get("key") else frozenset()
        m = f.memo["key_systems"] = (frozenset(req | named), frozenset(every | named | req))
    return m


def shared_systems(a: Frame, b: Frame) -> frozenset[str]:
    """The systems of a lookup key of one tool that the other takes too (as a key or an option)."""
    ra, ea = key_system_sets(a)
    rb, eb = key_system_sets(b)
    if not (ra or rb):
        return frozenset()
    return (ra & eb) | (rb & ea)


def _rest(f: Frame, drop: set[str]) -> set[str]:
    return {w for w in f.obj if w not in drop}


# where the first sentence turns from what a tool returns to what it is keyed by or where it looks ("Get GO
# annotations | for a protein", "Get gene information | from Harmonizome, which integrates ... pathways")
_HEAD_RE = re.compile(r"\b(?:for|by|from|in|using|via|with|through|across|on|given|based)\b")


def _all_said(f: Frame, owner: Frame, words: set[str]) -> bool:
    """Each of ``words`` (of owner's object) is in f's name or in what the first sentence of its description says
    it returns (up to _HEAD_RE; a later sentence or clause that lists what a record includes or a service holds
    names its parts, not its object), as the lexicon reads it or as ``owner`` writes it."""
    if not words:
        return True
    first = _HEAD_RE.split(f.desc_low.split(". ", 1)[0], maxsplit=1)[0]
    written = dict(zip(owner.obj, owner.obj_words, strict=False)) if len(owner.obj) == len(owner.obj_words) else {}
    return all(w in f.name_words or says(f, w, first) or (w in written and says(f, written[w].lower(), first))
               for w in words)


def _keys_covered(x: Frame, y: Frame, systems: frozenset[str]) -> bool:
    """Each required key of x (an id, name, query, URL or path) is of a shared system or matches a parameter of
    y: InterPro_get_proteins_by_domain(domain_id) is keyed by a domain, whatever SwissModel's UniProt key shares."""
    iy = pindex(y)
    return all(p.systems & systems or pmatch(p, iy)[0] >= 0.7
               for p in x.params if p.required and p.kind in _KEY_KINDS)


def objects_agree(a: Frame, b: Frame, systems: frozenset[str]) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """(a's object words, b's) once the key's entity words are set aside, when they agree (see the module's
    docstring), else None."""
    entity: set[str] = set()
    for s in systems:
        entity |= _ENTITY.get(s, frozenset())
    ra, rb = _rest(a, entity), _rest(b, entity)
    lx = lexicon()
    if not ({w for w in ra if w not in lx.generic and w not in lx.facet}
            and {w for w in rb if w not in lx.generic and w not in lx.facet}):
        # get_drug on LiverTox or LactMed, get_entry on BMRB or RCSB, get_gene on IntOGen: a name whose object is
        # only what its key identifies (or a record word) returns its service's record of it, and what that record
        # holds (liver toxicity, lactation, NMR data, cancer drivers) is the service's own scope
        return None
    # each word one object has and the other lacks is said by the other tool (its name or first sentence), as the
    # lexicon reads it or as the tool writes it (terms, read as word): OMA says annotations, QuickGO's object
    if not (_all_said(b, a, ra - rb) and _all_said(a, b, rb - ra)):
        return None
    if object_relation(a, b)[1] in ("sibling", "swap"):
        return None
    sa, sb = _surface(a, ra), _surface(b, rb)
    return sa, sb


def _surface(f: Frame, kept: set[str]) -> tuple[str, ...]:
    """f's object words in ``kept`` as the tool writes them (mechanisms of action, not action mechanism)."""
    if len(f.obj_words) != len(f.obj):
        return tuple(w for w in f.obj if w in kept)
    words = tuple(w for c, w in zip(f.obj, f.obj_words, strict=True) if c in kept)
    return words if len(words) == len(kept) else tuple(w for w in f.obj if w in kept)


def interchange(a: Frame, b: Frame, rel: str | None) -> tuple[frozenset[str], tuple, tuple] | None:
    """(the shared key systems, a's and b's objects once the key's entity words are set aside) when a and b are
    interchangeable backends (the module's docstring), else None. Memoised on neither frame (it is a pair's)."""
    if rel != "same" and rel != "related" or not a.params or not b.params:
        return None
    # first: most tools take a key of no system (each frame's systems are memoised)
    if not (a.memo.get("key_systems") or key_system_sets(a))[1] or \
            not (b.memo.get("key_systems") or key_system_sets(b))[1]:
        return None
    systems = shared_systems(a, b)
    if not systems or not _two_services(a, b) or _named_scope(a) or _named_scope(b):
        return None
    objs = objects_agree(a, b, systems)  # (before the parameters: the cheaper test, and the rarer to pass)
    if objs is None or not _keys_covered(a, b, systems) or not _keys_covered(b, a, systems):
        return None
    if not _described_alike(a, b):
        return None
    return systems, objs[0], objs[1]


DESC_ALIKE = 0.2  # the least cosine of two services' descriptions (or first sentences) that describe one job


def _described_alike(a: Frame, b: Frame) -> bool:
    """Two services that answer one question describe it alike (as ns_differ_desc weighs it): the descriptions or
    their first sentences have a cosine of at least DESC_ALIKE. Foldseek's structure-similarity search and OPM's
    membrane-protein search, both by a PDB id, share 8% of their terms."""
    if a.desc_empty or b.desc_empty:
        return False
    da, la, db, lb, _ = pair_vectors(a, b)
    return dot(da, db) >= DESC_ALIKE or dot(la, lb) >= DESC_ALIKE


def systems_differ(a: Frame, b: Frame) -> bool:
    """Two services whose required keys are of named identifier systems, none of which the other takes: an EMD id
    vs a PDB id (EMDB vs PDBe publications), a FlyBase id vs a ZFIN id, drugs by indication vs indications by drug
    name. Each looks up by its own key: a different lookup key, which the label rules call distinct."""
    ra, ea = a.memo.get("key_systems") or key_system_sets(a)
    if not ra:
        return False
    rb, eb = b.memo.get("key_systems") or key_system_sets(b)
    return bool(rb) and not (ra & eb) and not (rb & ea) and _two_services(a, b)


def systems_note(a: Frame, b: Frame) -> str | None:
    """What systems_differ read, in words (``b`` first), or None."""
    if not systems_differ(a, b):
        return None
    ra, rb = key_system_sets(a)[0], key_system_sets(b)[0]
    say = lambda r: " or ".join(SYSTEM_LABELS[x] for x in sorted(r))  # noqa: E731
    return f"they look up by keys of two identifier systems ({say(rb)} vs {say(ra)})"


def _two_services(a: Frame, b: Frame) -> bool:
    """Both names carry a namespace, and the namespaces share no word or the names' services differ as written
    (ClinGen vs GenCC, whose namespaces split into clin gen and gen cc)."""
    na, nb = facts(a)[1], facts(b)[1]
    if not na or not nb:
        return False
    if na.isdisjoint(nb):
        return True
    sa, sb = backend_names(a), backend_names(b)
    return bool(sa and sb and sa.isdisjoint(sb))


def _named_scope(f: Frame) -> bool:
    """f names a platform of a kind the lexicon calls no interchangeable backend (a code host, a site, an organism):
    a scope a user would name. A web search, literature or browser-automation word is none (the QuickGO browser)."""
    lx = lexicon()
    return any(not lx.interchangeable.get(cat, False) for cat in f.platforms)


_WORD_RE = re.compile(r"[a-z][a-z0-9]*")


def block_words(f: Frame) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """(f's key systems, its object words but what its keys identify, the words of its name and of what its first
    sentence says it returns), for candidates.py's K key: two tools interchange only if a word one object has is in
    the other's object, name or first sentence's head (_all_said), so the pairs that share a system and such a
    word are all the pairs to compare. Memoised."""
    m = f.memo.get("block_words")
    if m is None:
        systems = key_system_sets(f)[1]
        if not systems or not f.ns or not f.obj:
            m = (frozenset(), frozenset(), frozenset())
        else:
            entity: set[str] = set()
            for sy in systems:
                entity |= _ENTITY.get(sy, frozenset())
            lx = lexicon()
            head = _HEAD_RE.split(f.desc_low.split(". ", 1)[0], maxsplit=1)[0]
            said = {lx.canon(singular(w)) for w in _WORD_RE.findall(head)} | set(f.name_words)
            m = (systems, frozenset(w for w in f.obj if w not in entity), frozenset(said))
        f.memo["block_words"] = m
    return m


def _key_params(f: Frame, systems: frozenset[str]) -> str:
    """f's parameters of one of ``systems``, or its name's key (by_chemblId), for the message."""
    raw = [f"`{p.raw}`" for p in f.params if p.kind not in _NOT_KEYS and p.systems & systems]
    return "/".join(raw) if raw else f"its name's key ({' '.join(f.quals.get('key', ()))})"


def _service(f: Frame) -> str:
    """The service as the name writes it (``OMA`` of ``OMA_get_protein_go``)."""
    cut = len(f.name) - len(f.base_raw) if f.base_raw and f.name.endswith(f.base_raw) else 0
    return f.name[:cut].strip("_-.: ") or " ".join(f.ns)


def clause(a: Frame, b: Frame, act: str | None, hit: tuple[frozenset[str], tuple, tuple]) -> str:
    """What interchange read, in words: the objects once the key's entity words are set aside, the kind of input
    both take and the two services (``b`` first, as explain.py writes the other tool first)."""
    systems, oa, ob = hit
    kinds = " or ".join(SYSTEM_LABELS[s] for s in sorted(systems))
    wa, wb = " ".join(oa), " ".join(ob)
    objs = wa if wa == wb else f"{wb} ~ {wa}, each said by the other's name or first sentence"
    head = f"{act} on objects that agree" if act else "objects that agree"
    return (f"{head} once what the key identifies is set aside ({objs}); both take {kinds} "
            f"({_key_params(b, systems)} ~ {_key_params(a, systems)}), from different services "
            f"({_service(b)}, {_service(a)}): interchangeable backends")


def key_extra(f: Frame, name: str, hit: tuple[frozenset[str], tuple, tuple] | None) -> bool:
    """Parameter ``name`` of f is of a system both tools take (its counterpart is the other's key of that system)."""
    return bool(hit) and any(p.raw == name and p.systems & hit[0] for p in f.params)
