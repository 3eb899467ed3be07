"""The relations between two purpose frames that the overlap decision and its explanation both read: the object
relation, parameter matching, cues, enum cover, platforms, antonyms, cardinality and namespace conflicts."""

from __future__ import annotations

from dataclasses import replace

from .backends import GENERIC_PREFIXES, align_backends, covers_organism, names_backend, service_only
from .frames import Frame
from .lexicon import lexicon
from .params import Param, param_words


def dot(u: dict[str, float], v: dict[str, float]) -> float:
    """The products of the shared terms, added in the smaller vector's order (the first one's when as long)."""
    if len(u) > len(v):
        u, v = v, u
    vget = v.get
    s = 0.0
    for k, x in u.items():  # a walk of the smaller vector: cheaper than building the shared set
        y = vget(k)
        if y is not None:
            s += x * y
    return s


def object_relation(a: Frame, b: Frame, covered: frozenset[str] = frozenset()) -> tuple[float, str]:
    """(similarity, relation) of two known objects; relation: same | sibling | narrower | generic | head |
    disjoint. ``covered``: words an enum of one tool selects (not a difference)."""
    lx = lexicon()
    sa, sb = (set(a.obj) - covered, set(b.obj) - covered) if covered else (set(a.obj), set(b.obj))
    if not sa or not sb:
        return 0.8, "narrower"
    if sa == sb:
        if a.head != b.head and len(a.obj) == len(b.obj) and a.head not in covered and b.head not in covered:
            return 0.3, "swap"  # disease_chemicals vs chemical_diseases: the same words, the other way round
        return 1.0, "same"
    shared = sa & sb
    if a.head == b.head or (a.head in covered or b.head in covered) and shared:
        if sa - shared and sb - shared:
            return 0.3, "sibling"
        return 0.7, "narrower"
    # a generic object (file, document, item) whose description names the other's object: a kind of it
    if generic_side(a, b):
        return 0.5, "generic"
    # pull_request vs pull_request_reviews: the longer names a part of the shorter's object
    for x, y in ((a, b), (b, a)):
        n = len(x.obj)
        if n < len(y.obj) and y.obj[:n] == x.obj and y.head not in lx.facet:
            if _says_whole(x, y):
                return 0.7, "narrower"  # ClinGen_dosage_by_gene, 'dosage sensitivity curation': a short name
            return 0.2, "part"
    if shared:
        return 0.2, "head"
    return 0.0, "disjoint"


_SHAPES = frozenset({"count", "total", "number", "statistic", "stats", "summary", "distribution", "frequency"})


def _says_whole(x: Frame, y: Frame) -> bool:
    """x's description writes y's whole object (x's object and the words y adds) as one phrase: x's name is a
    short name of y's object (ClinGen_dosage_by_gene: 'Get ClinGen dosage sensitivity curation ...' vs
    get_dosage_sensitivity), not the whole whose part y gets (a pull request vs its reviews)."""
    if x.desc_empty or len(y.obj_words) != len(y.obj) or not _SHAPES.isdisjoint(y.obj[len(x.obj):]):
        return False  # citations vs citation count: a count (a total, statistics) of the object is another answer
    return says(x, " ".join(w.replace("_", " ") for w in y.obj_words).lower())


def generic_side(a: Frame, b: Frame) -> tuple[Frame, Frame, str] | None:
    """(g, o, where): g's object is one generic word (file, document, object) and g's enum values or description
    name o's object head: g may act on a kind of o's object (read_file saying 'PDF files' vs read_pdf)."""
    for g, o in ((a, b), (b, a)):
        if len(g.obj) == 1 and g.head in _KIND_HEADS and o.head:
            if o.head in g.enum_words:
                return g, o, "enum"
            if says(g, o.head):
                return g, o, "description"
    return None


_KIND_HEADS = frozenset({"document", "file", "media", "content", "data"})  # objects that formats are kinds of
_KEY_PARAM_KINDS = frozenset({"id", "name", "query", "path", "url", "content"})


class _PIndex:
    """A frame's parameters indexed for matching: by canonical name, word set, head and kind."""

    __slots__ = ("canon", "words", "head", "kind", "required")

    def __init__(self, params: tuple[Param, ...]):
        self.canon: dict[str, Param] = {}
        self.words: dict[str, Param] = {}
        self.head: dict[str, list[Param]] = {}
        self.kind: dict[str, Param] = {}
        for p in params:
            self.canon.setdefault(p.canon, p)
            self.words.setdefault(p.wkey, p)
            self.head.setdefault(p.head, []).append(p)
            if p.kind in _KEY_PARAM_KINDS:
                self.kind.setdefault(p.kind, p)
        self.required = tuple(p for p in params if p.required)


def pindex(f: Frame) -> _PIndex:
    ix = f.pindex
    if ix is None:
        ix = f.pindex = _PIndex(f.params)
    return ix


def says(f: Frame, word: str, low: str | None = None) -> bool:
    """The description (or ``low``) contains the word (or its plural) as a word."""
    if low is None:
        low = f.desc_low
    i = low.find(word)
    while i >= 0:
        end = i + len(word)
        if (i == 0 or not low[i - 1].isalnum()) and (end >= len(low) or not low[end].isalnum() or low[end] == "s"):
            return True
        i = low.find(word, i + 1)
    return False


def rindex(f: Frame) -> _PIndex | None:
    """The index of a frame's required parameters (None without any)."""
    if "rindex" not in f.memo:
        req = pindex(f).required
        f.memo["rindex"] = _PIndex(req) if req else None
    return f.memo["rindex"]


def same_required(a: Frame, b: Frame, skip: frozenset[str]) -> bool:
    """Both tools require a parameter of a kind not in ``skip``, and each such one has its like (the same name or
    words: pmatch >= 0.9) on the other side: one subject, asked by the same keys."""
    ra = [p for p in a.params if p.required and p.kind not in skip]
    rb = [p for p in b.params if p.required and p.kind not in skip]
    if not ra or not rb:
        return False
    ia, ib = pindex(a), pindex(b)
    return all(pmatch(p, ib)[0] >= 0.9 for p in ra) and all(pmatch(p, ia)[0] >= 0.9 for p in rb)


def pmatch(p: Param, ix: _PIndex) -> tuple[float, Param | None]:
    """How well a parameter matches one of another tool's: the same name 1, the same words 0.9, the same last
    word 0.7 (max_budget ~ budget; 0.3 when both qualify it differently: team_name ~ league_name), the same key
    kind 0.5 (file_path ~ filename)."""
    q = ix.canon.get(p.canon)
    if q is not None:
        return 1.0, q
    q = ix.words.get(p.wkey)
    if q is not None:
        return 0.9, q
    best, who = 0.0, None
    if len(p.words) > 1 and p.kind not in ("page", "format", "auth"):
        # participants ~ participant_count: one's words are all in the other's
        q = ix.canon.get(p.words[0])
        if q is not None and q.kind not in ("page", "format", "auth"):
            best, who = 0.7, q
    if p.kind not in ("page", "format", "auth"):
        for q in ix.head.get(p.head, ()):
            s = 0.7 if len(p.words) == 1 or len(q.words) == 1 else 0.3
            if s > best:
                best, who = s, q
    if best < 0.5 and p.kind in _KEY_PARAM_KINDS:
        q = ix.kind.get(p.kind)
        if q is not None:
            best, who = 0.5, q
    return best, who


def params_match(a: Frame, b: Frame) -> tuple[float, float, Param | None]:
    """(similarity of all parameters, of the required ones, a required parameter without counterpart), weighting
    required parameters double."""
    ia, ib = pindex(a), pindex(b)
    num = den = rnum = rden = 0.0
    extra = None
    for x, iy, ry in ((a, ib, rindex(b)), (b, ia, rindex(a))):
        for p in x.params:
            s = pmatch(p, iy)[0]
            if p.required:
                num += 2.0 * s
                den += 2.0
                rnum += pmatch(p, ry)[0] if ry is not None else 0.0
                rden += 1.0
                if s < 0.7 and extra is None and p.kind not in ("page", "auth", "format"):
                    extra = p
            else:
                num += s
                den += 1.0
    return (num / den if den else 0.0), (rnum / rden if rden else 0.0), extra


def cue_of(a: Frame, b: Frame) -> tuple[str, Frame, str] | None:
    """The strongest description cue of either tool that names the other: (kind, frame whose description says it,
    the sentence)."""
    best = None
    rank = {"alias": 3, "instead": 2, "workflow": 1, "mention": 1}
    for x, y in ((a, b), (b, a)):
        for key in y.norm_names:
            hit = x.cue_names.get(key)
            if hit:
                kind = hit[0]
                if kind == "substitute":  # one of several tools named to use instead: an alias if named alike
                    kind = "alias" if x.base and x.base == y.base else "instead"
                if best is None or rank[kind] > rank[best[0]]:
                    best = (kind, x, hit[1])
    return best


def enum_cover(a: Frame, b: Frame, rel: str | None) -> tuple[Frame, Frame, str, tuple[str, str]] | None:
    """(coverer, covered, word, (param, value)) when an enum value or switch of one tool selects the other's job
    (_enum_cover1), unless their required keys are of different kinds."""
    if not (a.enum_words or a.enum_classes or b.enum_words or b.enum_classes
            or (a.flags or b.flags) and rel in ("same", "related")):
        return None  # _enum_cover1 needs an enum, or a switch with the same or a related action
    hit = _enum_cover1(a, b, rel)  # (usually None: the key test below is then not needed)
    if hit is not None:
        ka = {k for k in a.keys if not k.startswith("other:")}
        kb = {k for k in b.keys if not k.startswith("other:")}
        if ka and kb and ka.isdisjoint(kb):
            return None  # the one takes a file, the other text (or an id vs a query): not one job in two modes
        x, y, word, _ = hit
        # what the covered tool converts from or to must be a value too (format_convert cannot take docx)
        for role in ("source", "target"):
            for w in y.quals.get(role, ()):
                if w != word and w not in x.enum_words and w not in x.obj:
                    return None
    return hit


def _enum_cover1(a: Frame, b: Frame, rel: str | None) -> tuple[Frame, Frame, str, tuple[str, str]] | None:
    """(coverer, covered, word, (param, value)): an enum value of one tool's mode parameter is the other tool's
    action (method=cancel covers cancel_order) or a word of its object (statement_type=income covers
    get_income_statement); or a switch of one adds the other's extra object word to the answer. Each direction in
    turn, a before b."""
    same = rel in ("same", "related")
    for x, y in ((a, b), (b, a)):
        if same and y.head and len(y.obj) > len(x.obj):
            hit = _switch_cover(x, y)
            if hit is not None:
                return hit
        if x.enum_words or x.enum_classes:
            hit = _enum_class_cover(x, y) or _enum_word_cover(x, y, same)
            if hit is not None:
                return hit
    return None


def _switch_cover(x: Frame, y: Frame) -> tuple[Frame, Frame, str, tuple[str, str]] | None:
    """y's object is x's plus a part that a switch of x adds to the answer (phenotypes=1):
    ensembl_get_variation(phenotypes=...) covers ensembl_get_variation_phenotypes."""
    if y.obj[:len(x.obj)] == x.obj:
        raw = x.flags.get(y.head)
        if raw is not None:
            return x, y, y.head, (raw, "on")
    return None


def _enum_class_cover(x: Frame, y: Frame) -> tuple[Frame, Frame, str, tuple[str, str]] | None:
    """An enum value of x is y's action, on an object they share (or one of them has none): method=cancel covers
    cancel_order."""
    if y.action and y.action in x.enum_classes and (not x.obj or not y.obj or set(x.obj) & set(y.obj)
                                                    or x.head == y.head):
        return x, y, y.action_word or y.action, x.enum_classes[y.action]
    return None


def _enum_word_cover(x: Frame, y: Frame, same: bool) -> tuple[Frame, Frame, str, tuple[str, str]] | None:
    """An enum value of x is a word of y's object, target or source, in the same action class (or x has none) and
    namespace: statement_type=income covers get_income_statement."""
    if not (same or x.action is None) or (x.ns and y.ns and x.ns != y.ns):
        return None
    lx = lexicon()
    for w in (*y.obj, *y.quals.get("target", ()), *y.quals.get("source", ())):
        hit = x.enum_words.get(w)
        if not hit:
            continue
        one_api = bool(x.ns) and x.ns == y.ns
        if hit[0] in x.doc_enum and not one_api:
            continue  # a value only a description lists covers a tool of the same API only
        # the value selects a kind of x's object: x has none, the heads agree, or the parameter is named
        # after x's object (annotation_type=chemicals on get_article_annotations); or, in one API, x's name says
        # no object and the value is y's head in the same action (X_search(category=gene) covers X_search_gene)
        if (not x.obj or x.head == y.head or x.head in _param_words(hit[0]) or _extends(x, y, w)
                or len(x.obj) == 1 and (x.head in lx.generic or x.head in lx.facet)
                or one_api and x.obj_src != "name" and w == y.head and x.action == y.action):
            return x, y, w, hit
    return None


def _extends(x: Frame, y: Frame, w: str) -> bool:
    """y's object is x's followed by more words, of which w is one: search_type=api_documentation on web_search
    covers web_api_documentation_search (a kind of x's object, named by the value)."""
    n = len(x.obj)
    return len(y.obj) > n and y.obj[:n] == x.obj and w in y.obj[n:]


def platform_conflict(a: Frame, b: Frame) -> tuple[str, str, str] | None:
    """(kind, a's, b's): both name platforms of one kind and none in common (npm vs maven, Word vs PowerPoint)."""
    lx = lexicon()
    for cat in sorted(a.platforms.keys() & b.platforms.keys()):
        pa, pb = a.platforms[cat], b.platforms[cat]
        if pa.isdisjoint(pb) and not lx.interchangeable.get(cat, False) \
                and not (cat == "organism" and (covers_organism(a, b) or covers_organism(b, a))):
            return cat, "/".join(_as_written(a, c) for c in sorted(pa)), "/".join(_as_written(b, c) for c in sorted(pb))
    for x, y, flip in ((a, b, False), (b, a, True)):
        if "web_search" in x.platforms and "web_search" not in y.platforms:
            for cat in ("site", "code_host", "package_registry"):
                if cat in y.platforms:
                    pair = ("/".join(_as_written(x, c) for c in sorted(x.platforms["web_search"])),
                            "/".join(_as_written(y, c) for c in sorted(y.platforms[cat])))
                    return ("site",) + (pair[::-1] if flip else pair)  # type: ignore[return-value]
    return None


def _as_written(f: Frame, canon: str) -> str:
    """A platform as the tool wrote it, with the platform it stands for when that differs (sheet = excel)."""
    w = f.platform_words.get(canon, canon)
    return canon if w == canon else f"{w} = {canon}"


def antonym(a: Frame, b: Frame) -> tuple[str, str] | None:
    """A word of a's name whose opposite is in b's name (and not the other way round too)."""
    ant = lexicon().antonym
    hits = []
    for x in a.name_words - b.name_words:
        ys = ant.get(x)
        if ys:
            for y in ys & b.name_words:
                if y not in a.name_words:
                    hits.append((x, y))
    return min(hits) if hits else None


def _param_words(raw: str) -> tuple[str, ...]:
    return param_words(raw)[0]


def is_keyless(f: Frame) -> bool:
    """Takes nothing required at all: acts on everything (clear the memory, get all recipes)."""
    return not any(p.required for p in f.params)


def is_keyed(f: Frame) -> bool:
    """Requires a key of one object (an id, a name, a lookup query)."""
    return any(p.required and p.kind in ("id", "name", "query") for p in f.params)


def is_one(f: Frame) -> bool:
    """Gets one object by its key: a singular object and an id or name parameter (required or not)."""
    return not f.plural and f.quantity != "many" and (bool(f.keys & {"id", "name"})
                                                      or any(p.kind in ("id", "name") for p in f.params))


def is_many(f: Frame) -> bool:
    """Lists objects: a plural object or a list verb, and no required id of its own (a parent's id, such as the
    pathway's on get_pathway_reactions, keys the list, not one object)."""
    return (f.quantity == "many" or f.action == "list") and f.quantity != "one" and (
        "id" not in f.keys or _key_entity(f) not in (None, ()))


_OWN_ID_WORDS = frozenset({"identifier", "uid"})  # a bare id (id, uuid, uid): the tool's own object's


def _key_entity(f: Frame) -> tuple[str, ...] | None:
    """What the tool's required id names: () its own object (id, comment_id on get_comment), the other words
    (story in story_id on get_comments), None without a required id that says whose it is."""
    out: tuple[str, ...] | None = None
    for p in f.params:
        if p.required and p.kind == "id":
            if len(p.words) == 1 and p.words[0] not in _OWN_ID_WORDS and p.words[0] not in f.obj:
                # an id system's one word (pmid, doi, accession): whose id it is, the tool's object or a parent
                # (the citations of the article with that pmid), the word does not say
                continue
            ent = tuple(w for w in p.words[:-1] if w not in ("identifier", "unique"))
            # the object's own id (comment_id on get_comment); a modifier's id is a parent's (model_id on
            # get_model_reactions: the reactions of one model)
            if not ent or f.head in ent or set(ent) & set(f.obj) and len(f.obj) == 1:
                return ()
            out = ent
    return out


def _ns_words(f: Frame) -> frozenset[str]:
    """A frame's namespace words, platforms by their canonical name (epmc ~ europepmc) and interchangeable
    backends (playwright, puppeteer; bing, duckduckgo) by their kind: two browser-automation servers are not two
    different scopes."""
    lx = lexicon()
    out = set()
    for w in f.ns:
        hit = lx.platform.get(w)
        if hit is None:
            out.add(w)
        else:
            out.add(hit[0] if lx.interchangeable.get(hit[0]) else hit[1])
    return frozenset(out)


def _foreign_key(a: Frame, b: Frame) -> bool:
    """One looks its object up by its own id, the other by the id of something else (a parent): get one
    comment vs the comments of a story."""
    ea, eb = _key_entity(a), _key_entity(b)
    if ea is None or eb is None or not a.obj or not b.obj or a.head != b.head:
        return False
    return (ea == ()) != (eb == ())


# ------------------------------------------------------------------------------------------------ features

def platform_one_side(a: Frame, b: Frame) -> tuple[Frame, str] | None:
    lx = lexicon()
    for x, y in ((a, b), (b, a)):
        own = [c for c in x.platforms if not lx.interchangeable.get(c, False)]
        if own and not y.platforms:
            cat = sorted(own)[0]
            return x, "/".join(_as_written(x, c) for c in sorted(x.platforms[cat]))
    return None


def ns_conflict(a: Frame, b: Frame) -> tuple[str, str] | None:
    """Namespaces whose words differ and reappear in each tool's own parameters (team_stats.get_top_scorer with
    team_name vs league_stats.get_top_scorer with league_name): the namespace is a scope, not a server."""
    lx = lexicon()
    if len(a.ns) > 1 and len(b.ns) > 1 and a.ns[-1] == b.ns[-1] and set(a.ns[:-1]).isdisjoint(b.ns[:-1]):
        # core_memory_list_keys vs archival_memory_list_keys: two kinds of one thing before the verb
        return " ".join(a.ns), " ".join(b.ns)
    if len(a.ns) > 1 and len(b.ns) > 1 and a.ns[0] == b.ns[0] and set(a.ns[1:]).isdisjoint(b.ns[1:]) \
            and a.ns[0] not in GENERIC_PREFIXES \
            and not service_only(set(a.ns[1:])) and not service_only(set(b.ns[1:])) and not names_backend(a, b):
        # NCBIGene_get_summary vs NCBIProtein_get_summary: two databases of one provider (EWASAtlas_ vs
        # EWASCatalog_ are two backends of one field; UniProt_get_uniref_cluster names UniRef's service;
        # mcp_notes_server__ vs mcp_disk__ are two servers, mcp no provider)
        return " ".join(a.ns), " ".join(b.ns)
    na = {w for w in a.ns if w not in lx.platform} - set(b.ns)
    nb = {w for w in b.ns if w not in lx.platform} - set(a.ns)
    if not na or not nb:
        return None
    pa = {w for p in a.params for w in p.words}
    pb = {w for p in b.params for w in p.words}
    if na & pa and nb & pb:
        return "/".join(sorted(na & pa)), "/".join(sorted(nb & pb))
    return None


def facts(f: Frame) -> tuple:
    """Per-frame values the pair features use, computed once: (object set, namespace words, key entity, gets one,
    lists, antonym-bearing name words, requires a list (an array, or a string of comma-separated values) or a
    key-value map (bulk.py))."""
    m = f.memo.get("facts")
    if m is None:
        ant = lexicon().antonym
        m = f.memo["facts"] = (frozenset(f.obj), _ns_words(f), _key_entity(f), is_one(f), is_many(f),
                               frozenset(w for w in f.name_words if w in ant),
                               any(p.required and (p.type == "array" or bool(p.items) or p.listed)
                                   for p in f.params))
    return m



def is_bulk(a: Frame, b: Frame) -> bool:
    """The listing side is a bulk form of the other: it takes a list of what the other takes one of (paths ~ path,
    ids ~ id)."""
    for many, one in ((a, b), (b, a)):
        req = [p for p in one.params if p.required]
        heads = {p.head for p in req if p.kind != "id" or len(p.words) == 1}  # study_ids ~ study_locus_id: no
        canons = {p.canon for p in req}
        if any(p.type == "array" and (p.head in heads or p.canon in canons) for p in many.params):
            return True
    return False


def service_object(a: Frame, b: Frame) -> tuple[Frame, Frame, tuple[str, ...]] | None:
    """(x, y, words): x's service prefix is y's plus words that y's name has as its object (``OpenFDADevice_``
    vs ``OpenFDA_search_device_...``): one service, the words x's object. None otherwise (the usual case)."""
    if len(a.ns) == len(b.ns):  # the loop needs one namespace longer than the other's: the usual case ends here
        return None
    for x, y in ((a, b), (b, a)):
        n = len(y.ns)
        if n and len(x.ns) > n and x.ns[:n] == y.ns and y.obj_src == "name":
            tail = x.ns[n:]
            if set(tail) <= set(y.obj) and set(tail).isdisjoint(x.obj):
                return x, y, tail
    return None


def align_services(a: Frame, b: Frame) -> tuple[Frame, Frame]:
    """The pair with its objects read as the two tools mean them: when one's service prefix holds the object the
    other names after its verb (service_object), that frame with those words in its object, before its name's own
    object words (or instead of an object read from its description). The namespaces stay as written: the two
    are still compared as tools of two API prefixes. Frames are unchanged otherwise (the usual case)."""
    hit = service_object(a, b) if len(a.ns) != len(b.ns) else None  # (service_object needs one ns longer)
    if hit is None:
        return align_backends(a, b)
    x, y, tail = hit
    named = x.obj_src == "name"
    obj = tail + x.obj if named else tail
    words = tail + x.obj_words if named else tail
    x2 = replace(x, obj=obj, obj_words=words, obj_src="name", head=obj[-1], memo={})
    return align_backends(*((x2, b) if x is a else (a, x2)))
