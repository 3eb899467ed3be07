"""One record served by two services: mirrors of one archive and relays of another service's data.

The label rules count as an overlap "the same job against interchangeable backends a user would not name". Two
services in general are not interchangeable (BioGRID and STRING, ClinVar and LOVD each hold their own content:
interchange.py's reading is opt-in for that reason), but some serve the very same data, and their documentation
says so. data/overlap/sources.json lists such groups, each with the documentation it is read from:

* **mirrors** of one archive: the wwPDB partners (RCSB PDB, PDBe, PDBj) distribute one PDB archive, the INSDC
  partners (GenBank, ENA, DDBJ) one nucleotide archive; any two members;
* **relays**: a service that states it serves another's data (Pharos relays GTEx expression, the Alliance of
  Genome Resources its member model-organism databases, Open Targets EFO and Ensembl VEP consequences); a hub
  and a member, never two members (FlyBase and ZFIN hold different organisms).

Two tools are read as one job on one record (``same_source``) when all of these hold:

* **two services of one group**: each tool's service, read from its name's first part (``RCSBGraphQL_``,
  ``pdbe_``) or, for a name without a namespace, from its description naming a member as a word, is another
  member of one group (for a relay: one of them a hub);
* **the group's data**: each tool's name or description says one of the group's data words (a Pharos tool that
  says GTEx; an Open Targets tool that says EFO); for a relay without data words (the Alliance serves all its
  members hold), the first sentence of one tool names the other's service (FlyBase's tool: "... from FlyBase via
  the Alliance of Genome Resources"; the Alliance's: "integrates data from ... FlyBase"): a member's own tool that
  says no such thing (WormBase's orthologs, from WormBase's own pipelines) is that database's content;
* **one job**: the same or related actions; one kind of input (a key system both take, or both of the group's
  keys, or each required key matching a parameter of the other); one object once the group's entity words (what
  its records are of: a gene, a PDB entry) are set aside, the same words or one's within the other's (alleles ~
  alleles and models), never a record of the entity vs a part of it (a gene vs its alleles); descriptions alike
  (a cosine of at least DESC_ALIKE of the descriptions or their first sentences).

Each function reads the two frames (and the shipped table) only: a pair's score never depends on other tools.
"""

from __future__ import annotations

import re
from functools import cache

from .frames import Frame, norm_ident
from .interchange import key_system_sets, shared_systems
from .lexicon import lexicon, load_data
from .relations import dot, pindex, pmatch
from .vectors import pair_vectors

_FIRST_RE = re.compile(r"[_\-\s.]|::")
_WORD_RE = re.compile(r"[a-z][a-z0-9]*")
_KEY_KINDS = ("id", "name", "query", "url", "path")
DESC_ALIKE = 0.25  # the least cosine of two services' descriptions (or first sentences) that describe one job


class Group:
    """One row of sources.json: who serves the data, which data, and the documentation it is read from."""

    __slots__ = ("name", "label", "relay", "alias", "hubs", "data", "keys", "entity", "source")

    def __init__(self, row: dict) -> None:
        self.name: str = row["name"]
        self.label: str = row["label"]
        self.relay: bool = row["kind"] == "relay"
        self.alias: dict[str, str] = {a: member for member, aliases in row["members"].items() for a in aliases}
        self.hubs: frozenset[str] = frozenset(row.get("hub", ()))
        self.data: frozenset[str] = frozenset(row.get("data", ()))
        self.keys: frozenset[str] = frozenset(row.get("keys", ()))
        self.entity: frozenset[str] = frozenset(row.get("entity", ()))
        self.source: str = row["source"]

    def pairs(self, ma: str, mb: str) -> bool:
        """Two members whose data is one: two mirrors, or a hub and a member of a relay."""
        return ma != mb and (not self.relay or ma in self.hubs or mb in self.hubs)


@cache
def groups() -> tuple[Group, ...]:
    """The shipped groups of data/overlap/sources.json (read once, on first use)."""
    return tuple(Group(row) for row in load_data("sources.json")["groups"])


@cache
def _aliases() -> tuple[dict[str, tuple[tuple[int, str], ...]], re.Pattern]:
    """Every alias of every group: (alias -> ((group index, member), ...), a pattern of them all as words)."""
    out: dict[str, list[tuple[int, str]]] = {}
    for k, g in enumerate(groups()):
        for alias, member in g.alias.items():
            out.setdefault(alias, []).append((k, member))
    pattern = re.compile(r"\b(?:" + "|".join(sorted(out, key=lambda a: (-len(a), a))) + r")\b")
    return {a: tuple(v) for a, v in out.items()}, pattern


def memberships(f: Frame) -> tuple[tuple[int, str], ...]:
    """(group index, member) of f's service: its name's first part, or, for a name without a namespace, each
    member its description names as a word. Memoised; () for most tools."""
    m = f.memo.get("sources")
    if m is None:
        table, pattern = _aliases()
        if f.ns:
            first = norm_ident(_FIRST_RE.split(f.name, maxsplit=1)[0])
            m = table.get(first, ()) if len(first) < len(norm_ident(f.name)) else ()
        else:
            m = tuple(sorted({hit for w in set(pattern.findall(f.desc_low)) for hit in table[w]}))
        f.memo["sources"] = m
    return m


def _says_data(f: Frame, g: Group) -> bool:
    if not g.data:
        return True
    m = f.memo.get("source_words")
    if m is None:
        m = f.memo["source_words"] = frozenset(_WORD_RE.findall(f.desc_low)) | f.name_words | \
            frozenset(_WORD_RE.findall(f.name.lower().replace("_", " ")))
    return not g.data.isdisjoint(m)


def _names(f: Frame, g: Group, member: str) -> bool:
    """The first sentence of f's description, which says where it gets its data, names ``member`` of g (one of
    its aliases, as a word); a later one may point elsewhere (WormBase's "use the Alliance tools instead")."""
    words = f.memo.get("source_lead")
    if words is None:
        words = f.memo["source_lead"] = frozenset(_WORD_RE.findall(f.desc_low.split(". ", 1)[0]))
    return any(g.alias.get(w) == member for w in words)


def _relayed(a: Frame, b: Frame, g: Group, ma: str, mb: str) -> bool:
    """A relay without data words serves all its members hold, so one of the two tools names the other's service:
    the member's tool says it is served by the hub (FlyBase ... via the Alliance of Genome Resources), or the
    hub's tool names the member (the Alliance ... SGD, FlyBase, WormBase). Mirrors and relays of named data (the
    data words say it) need no naming."""
    return not g.relay or bool(g.data) or _names(a, g, mb) or _names(b, g, ma)


def shared_group(a: Frame, b: Frame) -> Group | None:
    """The first group in which a's and b's services are two members whose data is one, and whose data both say."""
    ma, mb = a.memo.get("sources"), b.memo.get("sources")
    ma = memberships(a) if ma is None else ma
    if not ma:
        return None
    mb = memberships(b) if mb is None else mb
    if not mb:
        return None
    gs = groups()
    for ka, xa in ma:
        for kb, xb in mb:
            g = gs[ka]
            if ka == kb and g.pairs(xa, xb) and _says_data(a, g) and _says_data(b, g) and _relayed(a, b, g, xa, xb):
                return g
    return None


def _covered(x: Frame, y: Frame) -> bool:
    """Each required key of x matches a parameter of y (an accession ~ an accession)."""
    iy = pindex(y)
    return all(pmatch(p, iy)[0] >= 0.7 for p in x.params if p.required and p.kind in _KEY_KINDS)


def _one_input(a: Frame, b: Frame, g: Group) -> frozenset[str] | None:
    """The key systems both take (possibly none), when the two take one kind of input, else None."""
    systems = shared_systems(a, b)
    if systems:
        return systems
    if g.keys:
        ra, rb = key_system_sets(a)[1], key_system_sets(b)[1]
        if ra and rb and ra <= g.keys and rb <= g.keys:
            return frozenset()
    return frozenset() if _covered(a, b) and _covered(b, a) else None


def _objects_one(a: Frame, b: Frame, g: Group) -> bool:
    """One object once the group's entity words (what its records are of: gene, entry) and generic words are set
    aside: the same words, or one object's words within the other's (allele ~ allele and model); both only the
    entity (Alliance_get_gene ~ Xenbase_get_gene: the relayed record). One side only the entity is none (a gene
    record vs its alleles)."""
    lx = lexicon()
    drop = g.entity
    ra = {w for w in a.obj if w not in drop and w not in lx.generic and w not in lx.facet}
    rb = {w for w in b.obj if w not in drop and w not in lx.generic and w not in lx.facet}
    if not ra or not rb:
        return not ra and not rb
    return ra <= rb or rb <= ra


def same_source(a: Frame, b: Frame, rel: str | None) -> Group | None:
    """The group (sources.json) whose two services a and b are, when they do one job on its data (the module's
    docstring), else None."""
    if rel != "same" and rel != "related" or not a.obj or not b.obj:
        return None
    g = shared_group(a, b)
    if g is None or a.desc_empty or b.desc_empty:
        return None
    systems = _one_input(a, b, g)
    if systems is None or not _objects_one(a, b, g):
        return None
    da, la, db, lb, _ = pair_vectors(a, b)
    if dot(da, db) < DESC_ALIKE and dot(la, lb) < DESC_ALIKE:
        return None
    return g


def clause(a: Frame, b: Frame, act: str | None, g: Group) -> str:
    """What same_source read, in words (``b`` first, as explain.py writes the other tool first): the job, the two
    services and the group's relation (its label), and the documentation the group is read from."""
    k = groups().index(g)
    ma, mb = dict(memberships(a)).get(k), dict(memberships(b)).get(k)
    head = f"{act}, one job on one record" if act else "one job on one record"
    return f"{head} from {g.label}: {mb} and {ma} serve the same data ({g.source.split(':', 1)[0]})"


def block_keys(f: Frame) -> tuple[tuple[str, bool], ...]:
    """candidates.py's G keys: (key, probe) for each group of f's service whose data f says, such that only two
    services same_source may pair meet: a probe meets the other side's entries of its key. A mirror's tool probes
    its own member's key and lists itself under every other member's; a relay's hub tool probes the group's key,
    its members' tools list themselves under it."""
    if not f.obj or not f.action or f.desc_empty:
        return ()
    gs = groups()
    out: list[tuple[str, bool]] = []
    for k, m in memberships(f):
        g = gs[k]
        if not _says_data(f, g):
            continue
        if g.relay:
            out.append((f"{k}", m in g.hubs))
        else:
            out.append((f"{k}!{m}", True))
            out.extend((f"{k}!{x}", False) for x in sorted(set(g.alias.values())) if x != m)
    return tuple(out)
