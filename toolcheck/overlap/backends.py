"""Where a tool works, as its name says it, read apart from what it works on.

A service, database or catalogue named in a tool's name is where the tool looks, not what it looks up:

* **a backend named in the object** (``backend_words``): ``UniProt_get_uniref_cluster`` next to
  ``UniRef_get_cluster`` names the other tool's service (UniRef) in its object, and ``ClinGen_dosage_by_gene``
  (whose verbless name keeps its prefix) its own; the object is what follows (cluster, dosage). A name whose whole
  object is the other tool's service (``UniProt_search_uniparc`` vs ``UniParc_search``) acts on what that service
  holds, which is what the other tool acts on when its name says no object of its own;
* **a service word in a namespace** (``SERVICE_WORDS``: atlas, catalog, database, portal, ...) names a kind of
  backend, so ``EWASAtlas_`` and ``EWASCatalog_`` are two backends for one field, not two scopes of one provider as
  ``NCBIGene_`` and ``NCBIProtein_`` are (relations.ns_conflict).

Whether two backends are interchangeable or ones a user would name (a host document, a platform, an organism's
database) is still decided elsewhere (platforms, ns_conflict's scope test); this module only keeps backend names
out of the objects. Each function reads the two frames only.
"""

from __future__ import annotations

import re
from dataclasses import replace

from .frames import Frame, norm_ident
from .lexicon import lexicon

_FIRST_RE = re.compile(r"[_\-\s.]|::")
# first namespace words that name no provider (mcp_okppt_server__ vs mcp_filesystem__: two servers)
GENERIC_PREFIXES = frozenset({"mcp", "tool", "tools", "api", "server", "servers"})
_NAMED = "names_backend"  # memo key of a frame align_backends took a service name out of
# words that name a kind of backend (where data is kept or served), not what it holds
SERVICE_WORDS = frozenset({"atlas", "catalog", "catalogue", "database", "db", "archive", "repository", "portal",
                           "hub", "server", "service", "api", "explorer", "commons", "knowledgebase", "kb",
                           "workbench", "central", "online", "resource"})


def backend_names(f: Frame) -> frozenset[str]:
    """How a tool's name names its service, normalised: its first name part when written as a proper name, in
    CamelCase or capitals (``UniRef_get_cluster`` -> uniref, ``ClinGen_dosage_by_gene`` -> clingen, ``FDA_`` ->
    fda). A lower-case or capitalised word (``weather.``, ``Weather_1_``) may be the object itself: none."""
    m = f.memo.get("backends")
    if m is None:
        first = _FIRST_RE.split(f.name, maxsplit=1)[0]
        proper = len(first) > 1 and first.isalnum() and not first.islower() and not (first.istitle() and not first.isupper())
        m = f.memo["backends"] = frozenset({norm_ident(first)} if proper and len(first) < len(f.name) else ())
    return m


def _spans(x: Frame) -> tuple[list[str], frozenset[str]]:
    """x's name object words, normalised, and every run of up to three of them written together (memoised)."""
    m = x.memo.get("spans")
    if m is None:
        if not x.obj or x.obj_src != "name":
            m = ([], frozenset())  # an object read from a description (Search DisProt for ...) is left alone
        else:
            surface = [norm_ident(w) for w in (x.obj_words if len(x.obj_words) == len(x.obj) else x.obj)]
            m = (surface, frozenset("".join(surface[i:j]) for i in range(len(surface))
                                    for j in range(i + 1, min(i + 3, len(surface)) + 1)))
        x.memo["spans"] = m
    return m


def _hits(x: Frame, y: Frame) -> tuple[int, ...]:
    """The positions of x's object words (read from its name) that name y's service, the one of both when they are
    of one service (ClinGen_dosage_by_gene vs ClinGen_get_dosage_sensitivity); a service may be written as one
    word (uniref) or read as several (geo names): runs of up to three words."""
    names = backend_names(y)
    if not names:
        return ()
    surface, runs = _spans(x)
    if names.isdisjoint(runs):
        return ()
    hit: set[int] = set()
    for i in range(len(surface)):
        for j in range(i + 1, min(i + 3, len(surface)) + 1):
            if "".join(surface[i:j]) in names:
                hit.update(range(i, j))
    return tuple(sorted(hit))


def backend_words(x: Frame, y: Frame) -> tuple[str, ...]:
    """The words of x's object that name y's service (_hits). A name's own service word next to another service's
    tool (PANTHER_gene_info vs kegg_get_gene_info) stays in the object: which of two databases a user means is
    left to the evidence."""
    return tuple(x.obj[k] for k in _hits(x, y))


def _drop(x: Frame, hits: tuple[int, ...]) -> Frame:
    keep = [(c, w) for k, (c, w) in enumerate(zip(x.obj, x.obj_words, strict=False)) if k not in hits]
    obj = tuple(c for c, _ in keep)
    return replace(x, obj=obj, obj_words=tuple(w for _, w in keep), head=obj[-1], memo={_NAMED: True})


def _object_of(x: Frame, y: Frame) -> Frame:
    """x, whose whole object is y's service, acting on what that service holds: y's object, when y's name says none
    (UniProt_search_uniparc vs UniParc_search, whose object its description gives). When y's name says one
    (biomodels_search vs BioModels_search_parameters), y works on one kind of what the service holds, x on any:
    x is left as it is."""
    if not y.obj or y.obj_src == "name":
        return x
    return replace(x, obj=y.obj, obj_words=y.obj_words, head=y.head, obj_src="backend", memo={_NAMED: True})


def _names_runs(f: Frame) -> tuple[frozenset[str], frozenset[str]]:
    """(backend_names(f), the runs of _spans(f)), memoised together: one look-up per frame and pair."""
    m = f.memo.get("names_runs")
    if m is None:
        m = f.memo["names_runs"] = (backend_names(f), _spans(f)[1])
    return m


def align_backends(a: Frame, b: Frame) -> tuple[Frame, Frame]:
    """The pair with the service names taken out of their objects (_hits); a side whose whole object is the other's
    service gets the other side's object (see the module's docstring). Unchanged otherwise (the usual case); the
    namespaces stay as written."""
    na, ra = a.memo.get("names_runs") or _names_runs(a)
    nb, rb = b.memo.get("names_runs") or _names_runs(b)
    if nb.isdisjoint(ra) and na.isdisjoint(rb):
        return a, b  # neither names the other's service: _hits finds nothing (the usual case)
    ha, hb = _hits(a, b), _hits(b, a)
    if not ha and not hb:
        return a, b
    whole_a, whole_b = len(ha) == len(a.obj), len(hb) == len(b.obj)
    a2 = _drop(a, ha) if ha and not whole_a else a
    b2 = _drop(b, hb) if hb and not whole_b else b
    if whole_a and not whole_b:
        a2 = _object_of(a, b2)
    elif whole_b and not whole_a:
        b2 = _object_of(b, a2)
    return a2, b2


def names_backend(a: Frame, b: Frame) -> bool:
    """One tool's name names the other's service in its object: one service seen through another (UniProt's
    UniRef clusters), not two scopes of one provider."""
    return _NAMED in a.memo or _NAMED in b.memo or bool(_hits(a, b) or _hits(b, a))


def service_only(words: set[str]) -> bool:
    """Every word names a kind of backend (atlas, catalog): no scope."""
    return bool(words) and words <= SERVICE_WORDS


def backend_notes(a: Frame, b: Frame) -> list[str]:
    """What align_backends read, in words, for the message (nothing when it changed nothing)."""
    out = []
    for x, y in ((a, b), (b, a)):
        hits = _hits(x, y)
        if not hits:
            continue
        shown = " ".join((x.obj_words if len(x.obj_words) == len(x.obj) else x.obj)[k] for k in hits)
        if len(hits) == len(x.obj):
            out.append(f"`{x.name}` names `{y.name}`'s service ({shown}) as what it acts on")
        else:
            out.append(f"`{x.name}`'s name says a service ({shown}), read as where it looks, not as its object")
    return out


_WORD_RE = re.compile(r"[a-z][a-z0-9]*")


def covers_organism(x: Frame, y: Frame) -> bool:
    """x is a resource of many organisms that includes y's: its description or parameters' descriptions name three
    or more organisms and also y's organism or y's service (Alliance_get_gene, 'integrates ... FlyBase, WormBase,
    ZFIN ... plus human', vs WormBase_get_gene). Two one-organism databases (FlyBase vs MGI) still differ."""
    lx = lexicon()
    text = x.desc_low + "\n" + x.param_low
    named = {hit[1] for w in set(_WORD_RE.findall(text)) if (hit := lx.platform.get(w)) and hit[0] == "organism"}
    if len(named) < 3:
        return False
    theirs = y.platforms.get("organism", frozenset())
    return bool(theirs and theirs <= named) or any(re.search(rf"\b{re.escape(n)}\b", text) for n in backend_names(y))
