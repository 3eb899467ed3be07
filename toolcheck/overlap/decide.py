"""Decide whether two purpose frames overlap, with the evidence.

``compare(a, b)`` measures a fixed list of evidence features of the pair (FEATURES: the same action class on the
same object, a sibling object, a different lookup key, opposite qualifiers, matching parameters, shared description
terms, a description that calls one an alias of the other, an enum of one that covers the other's job, ...) and
combines them with the weights of data/overlap/model.json into a score in [0, 1] (a logistic model fitted on
labelled pairs by benchmarks/overlap/fit.py). ``explain(a, b)`` says in words which of that evidence is there.
Both read only the two frames.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from .frames import Frame, Param, pair_vectors, param_words
from .lexicon import lexicon

FEATURES = (
    "same_base",        # the names are equal once namespaces/prefixes are stripped
    "act_same",         # the same action class (search ~ find)
    "act_related",      # related classes (get ~ search, create ~ save)
    "act_opposite",     # opposite classes (create vs delete, start vs stop)
    "act_different",    # two known, unrelated classes
    "act_unknown",      # an action is unknown
    "obj_sim",          # similarity of the objects (0..1)
    "obj_missing",      # an object is unknown
    "obj_disjoint",     # both objects known, no word shared
    "head_conflict",    # words shared but the heads differ (covid deaths vs covid cases)
    "sibling",          # same head, different modifiers (team top scorer vs league top scorer)
    "mod_one_side",     # same head, modifiers on one side only (interest vs compound interest)
    "match",            # action agreement x object similarity
    "qual_conflict",    # a qualifier role on both sides with different values (by id vs by xref)
    "qual_one_side",    # a lookup key (by ...) named on one side only
    "scope_one_side",   # a container or scope (to/from/in/for ...) named on one side only: add_user_to_group
    "sub_resource",     # one object is the other's plus a part of it (pull request vs its reviews)
    "direction",        # source and target swapped (a_to_b vs b_to_a) or opposite name words
    "state_conflict",   # different states (pending vs done)
    "facet_conflict",   # content vs metadata
    "cardinality",      # a listing vs a get-one by key
    "platform",         # different named platforms of one kind (npm vs maven, Word vs PowerPoint)
    "platform_one_side",  # one names a platform (GitHub, Word), the other none
    "ns_conflict",      # different namespace words that each tool's own parameters repeat (team_stats: team_name)
    "param_sim",        # similarity of all parameters (0..1)
    "req_sim",          # similarity of the required parameters (0..1)
    "extra_required",   # a required parameter the other tool has no counterpart for
    "key_conflict",     # required lookup keys of different kinds (id vs query vs region)
    "no_params",        # neither takes parameters
    "desc_cos",         # cosine of description vectors
    "lead_cos",         # cosine of first sentences
    "desc_missing",     # a description is empty
    "cue_alias",        # one description calls the other an alias / deprecated for it / the same
    "cue_instead",      # one description says use the other instead / is an alternative to it
    "cue_workflow",     # one description names the other as a step (use X first), or merely names it
    "deprecated",       # a description says deprecated without naming the other tool
    "enum_cover",       # an enum value of one's mode parameter is the other's action or object
    "ns_same",          # both carry the same namespace (tools of one API)
    "ns_differ",        # both carry namespaces with no word in common (two servers, databases, APIs)
    "ns_differ_desc",   # ns_differ x description cosine: other servers doing the same job describe it alike
    "foreign_key",      # one looks up by the id of another object (comments of a story), the other by its own id
    "state_one_side",   # one name sets or selects a state (mark_task_done), the other none
    "facet_one_side",   # one returns information about the object (file_info), the other the object itself
    "mod_unsupported",  # the narrower object's extra word is nowhere in the broader tool's description (media file)
    "veto",             # a difference the label rules call decisive (VETOES) and no cue or enum that overrides it
)
# Differences that make two tools distinct "even with 90% shared words" (issue 18): a different or opposite
# action, a listing vs a get-one by key, a part or sibling of an object, a lookup by another object's id,
# different platforms, opposite name words or directions, different states, a namespace that is a scope, a scope
# given as a required argument, a narrower object whose extra word the broader tool documents nowhere (neither in
# its description nor its parameters': eva_disease_target_score vs europepmc_disease_target_score), two names that
# each say their lookup key and differ in it (by_target_name vs by_indication). Only a description calling the other an alias (deprecated for it, the same as it), or an
# enum or switch of one that selects the other's job, outweighs them ("use X instead" alone does not: it is as often
# a pointer to a different tool for a different case).
VETOES = ("act_opposite", "act_different", "cardinality", "sub_resource", "sibling", "foreign_key", "platform",
          "direction", "state_conflict", "ns_conflict", "mod_unsupported", "required_scope", "facet_one_side",
          "state_one_side", "qual_conflict", "object_differs", "key_conflict",
          "keys_unmatched")
_PLAIN_VETOES = VETOES[:VETOES.index("required_scope")]  # features that are decisive by themselves
_OVERRIDES = ("cue_alias", "enum_cover")
# The most a pair with a decisive difference scores: below the default threshold, so such pairs are reported only
# to a user who lowers the threshold to this or below (the fitted veto weight alone let shared words outweigh it)
VETO_CAP = 0.3
_STAGE2 = ("param_sim", "req_sim", "extra_required", "desc_cos", "lead_cos", "ns_differ_desc")


@dataclass(slots=True)
class Model:
    bias: float
    weights: tuple[float, ...]
    threshold: float
    provenance: str = ""
    by_name: dict = None  # type: ignore[assignment]
    stage2_max: float = 0.0  # the most the parameter and description features can add

    quick_exit: bool = False  # the veto weighs against: a decisive difference may end a comparison early
    pos_sum: float = 0.0  # the most all features but the action relation, the veto and overrides can add
    params_max: float = 0.0  # the most the parameter features can add

    def __post_init__(self) -> None:
        self.by_name = dict(zip(FEATURES, self.weights, strict=True))
        self.stage2_max = sum(max(0.0, self.by_name[f]) for f in _STAGE2)
        self.params_max = sum(max(0.0, self.by_name[f]) for f in ("param_sim", "req_sim", "extra_required"))
        # with different actions match is 0; every feature is at most 1
        skip = {"act_same", "act_related", "act_opposite", "act_different", "act_unknown", "veto", "match",
                *_OVERRIDES}
        self.pos_sum = sum(max(0.0, v) for k, v in self.by_name.items() if k not in skip)
        self.quick_exit = self.by_name["veto"] < 0

    def score(self, x: list[float]) -> float:
        z = self.bias
        for w, v in zip(self.weights, x, strict=True):
            z += w * v
        z = round(z, 9)
        return 1.0 / (1.0 + math.exp(-z)) if z > -50 else 0.0


@cache
def model() -> Model:
    data = json.loads(resources.files("toolcheck").joinpath("data", "overlap", "model.json").read_text("utf-8"))
    ws = data["weights"]
    return Model(float(data["bias"]), tuple(float(ws.get(f, 0.0)) for f in FEATURES), float(data["threshold"]),
                 data.get("provenance", ""))


# ------------------------------------------------------------------------------------------------ pieces

def _dot(u: dict[str, float], v: dict[str, float]) -> float:
    if len(u) > len(v):
        u, v = v, u
    s = 0.0
    for k, x in u.items():
        y = v.get(k)
        if y is not None:
            s += x * y
    return s


def _object(a: Frame, b: Frame, covered: frozenset[str] = frozenset()) -> tuple[float, str]:
    """(similarity, relation) of two known objects; relation: same | sibling | narrower | generic | head |
    disjoint. ``covered``: words an enum of one tool selects (not a difference)."""
    lx = lexicon()
    sa, sb = set(a.obj) - covered, set(b.obj) - covered
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
    if _generic_side(a, b):
        return 0.5, "generic"
    # pull_request vs pull_request_reviews: the longer names a part of the shorter's object
    for x, y in ((a, b), (b, a)):
        n = len(x.obj)
        if n < len(y.obj) and y.obj[:n] == x.obj and y.head not in lx.facet:
            return 0.2, "part"
    if shared:
        return 0.2, "head"
    return 0.0, "disjoint"


def _generic_side(a: Frame, b: Frame) -> tuple[Frame, Frame, str] | None:
    """(g, o, where): g's object is one generic word (file, document, object) and g's enum values or description
    name o's object head: g may act on a kind of o's object (read_file saying 'PDF files' vs read_pdf)."""
    for g, o in ((a, b), (b, a)):
        if len(g.obj) == 1 and g.head in _KIND_HEADS and o.head:
            if o.head in g.enum_words:
                return g, o, "enum"
            if _says(g, o.head):
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


def _pindex(f: Frame) -> _PIndex:
    ix = f.pindex
    if ix is None:
        ix = f.pindex = _PIndex(f.params)
    return ix


def _says(f: Frame, word: str, low: str | None = None) -> bool:
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


def _rindex(f: Frame) -> _PIndex | None:
    """The index of a frame's required parameters (None without any)."""
    if "rindex" not in f.memo:
        req = _pindex(f).required
        f.memo["rindex"] = _PIndex(req) if req else None
    return f.memo["rindex"]


def _pmatch(p: Param, ix: _PIndex) -> tuple[float, Param | None]:
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


def _params(a: Frame, b: Frame) -> tuple[float, float, Param | None]:
    """(similarity of all parameters, of the required ones, a required parameter without counterpart), weighting
    required parameters double."""
    ia, ib = _pindex(a), _pindex(b)
    num = den = rnum = rden = 0.0
    extra = None
    for x, iy, ry in ((a, ib, _rindex(b)), (b, ia, _rindex(a))):
        for p in x.params:
            s = _pmatch(p, iy)[0]
            if p.required:
                num += 2.0 * s
                den += 2.0
                rnum += _pmatch(p, ry)[0] if ry is not None else 0.0
                rden += 1.0
                if s < 0.7 and extra is None and p.kind not in ("page", "auth", "format"):
                    extra = p
            else:
                num += s
                den += 1.0
    return (num / den if den else 0.0), (rnum / rden if rden else 0.0), extra


def _cue(a: Frame, b: Frame) -> tuple[str, Frame, str] | None:
    """The strongest description cue of either tool that names the other: (kind, frame whose description says it,
    the sentence)."""
    best = None
    rank = {"alias": 3, "instead": 2, "workflow": 1, "mention": 1}
    for x, y in ((a, b), (b, a)):
        for key in y.norm_names:
            hit = x.cue_names.get(key)
            if hit and (best is None or rank[hit[0]] > rank[best[0]]):
                best = (hit[0], x, hit[1])
    return best


def _enum_cover(a: Frame, b: Frame, rel: str | None) -> tuple[Frame, Frame, str, tuple[str, str]] | None:
    ka = {k for k in a.keys if not k.startswith("other:")}
    kb = {k for k in b.keys if not k.startswith("other:")}
    if ka and kb and ka.isdisjoint(kb):
        return None  # the one takes a file, the other text (or an id vs a query): not one job in two modes
    hit = _enum_cover1(a, b, rel)
    if hit is not None:
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
    get_income_statement)."""
    for x, y in ((a, b), (b, a)):
        if rel in ("same", "related") and y.head and len(y.obj) > len(x.obj) and y.obj[:len(x.obj)] == x.obj:
            # ensembl_get_variation(phenotypes=...) covers ensembl_get_variation_phenotypes
            raw = x.flags.get(y.head)  # a switch that adds the part to the answer (phenotypes=1)
            if raw is not None:
                return x, y, y.head, (raw, "on")
        if not x.enum_words and not x.enum_classes:
            continue
        if y.action and y.action in x.enum_classes and (not x.obj or not y.obj or set(x.obj) & set(y.obj)
                                                        or x.head == y.head):
            return x, y, y.action_word or y.action, x.enum_classes[y.action]
        if (rel in ("same", "related") or x.action is None) and (not x.ns or not y.ns or x.ns == y.ns):
            words = list(y.obj) + list(y.quals.get("target", ())) + list(y.quals.get("source", ()))
            for w in words:
                hit = x.enum_words.get(w)
                # the value selects a kind of x's object: x has none, the heads agree, or the parameter is named
                # after x's object (annotation_type=chemicals on get_article_annotations)
                if hit and (not x.obj or x.head == y.head or x.head in _param_words(hit[0])
                            or len(x.obj) == 1 and (x.head in lexicon().generic or x.head in lexicon().facet)):
                    return x, y, w, hit
    return None


def _platform(a: Frame, b: Frame) -> tuple[str, str, str] | None:
    """(kind, a's, b's): both name platforms of one kind and none in common (npm vs maven, Word vs PowerPoint)."""
    lx = lexicon()
    for cat in sorted(a.platforms.keys() & b.platforms.keys()):
        pa, pb = a.platforms[cat], b.platforms[cat]
        if pa.isdisjoint(pb) and not lx.interchangeable.get(cat, False):
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


def _antonym(a: Frame, b: Frame) -> tuple[str, str] | None:
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


def _keyless(f: Frame) -> bool:
    """Takes nothing required at all: acts on everything (clear the memory, get all recipes)."""
    return not any(p.required for p in f.params)


def _keyed(f: Frame) -> bool:
    """Requires a key of one object (an id, a name, a lookup query)."""
    return any(p.required and p.kind in ("id", "name", "query") for p in f.params)


def _one(f: Frame) -> bool:
    """Gets one object by its key: a singular object and an id or name parameter (required or not)."""
    return not f.plural and f.quantity != "many" and (bool(f.keys & {"id", "name"})
                                                      or any(p.kind in ("id", "name") for p in f.params))


def _many(f: Frame) -> bool:
    """Lists objects: a plural object or a list verb, and no required id of its own (a parent's id, such as the
    pathway's on get_pathway_reactions, keys the list, not one object)."""
    return (f.quantity == "many" or f.action == "list") and f.quantity != "one" and (
        "id" not in f.keys or _key_entity(f) not in (None, ()))


def _key_entity(f: Frame) -> tuple[str, ...] | None:
    """What the tool's required id names: () its own object (id, comment_id on get_comment), the other words
    (story in story_id on get_comments), None without a required id."""
    out: tuple[str, ...] | None = None
    for p in f.params:
        if p.required and p.kind == "id":
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

def _platform_one_side(a: Frame, b: Frame) -> tuple[Frame, str] | None:
    lx = lexicon()
    for x, y in ((a, b), (b, a)):
        own = [c for c in x.platforms if not lx.interchangeable.get(c, False)]
        if own and not y.platforms:
            cat = sorted(own)[0]
            return x, "/".join(_as_written(x, c) for c in sorted(x.platforms[cat]))
    return None


def _ns_conflict(a: Frame, b: Frame) -> tuple[str, str] | None:
    """Namespaces whose words differ and reappear in each tool's own parameters (team_stats.get_top_scorer with
    team_name vs league_stats.get_top_scorer with league_name): the namespace is a scope, not a server."""
    lx = lexicon()
    if len(a.ns) > 1 and len(b.ns) > 1 and a.ns[-1] == b.ns[-1] and set(a.ns[:-1]).isdisjoint(b.ns[:-1]):
        # core_memory_list_keys vs archival_memory_list_keys: two kinds of one thing before the verb
        return " ".join(a.ns), " ".join(b.ns)
    if len(a.ns) > 1 and len(b.ns) > 1 and a.ns[0] == b.ns[0] and set(a.ns[1:]).isdisjoint(b.ns[1:]):
        # NCBIGene_get_summary vs NCBIProtein_get_summary: two databases of one provider
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


def _facts(f: Frame) -> tuple:
    """Per-frame values the pair features use, computed once: (object set, namespace words, key entity, gets one,
    lists, antonym-bearing name words)."""
    m = f.memo.get("facts")
    if m is None:
        ant = lexicon().antonym
        m = f.memo["facts"] = (frozenset(f.obj), _ns_words(f), _key_entity(f), _one(f), _many(f),
                               frozenset(w for w in f.name_words if w in ant))
    return m


def _stage1(a: Frame, b: Frame) -> tuple[dict[str, float], str | None]:
    """The features read from names, qualifiers, cues and enums (cheap), as a sparse dict; the action relation."""
    lx = lexicon()
    fa, fb = _facts(a), _facts(b)
    x: dict[str, float] = {}
    if a.base and a.base == b.base and (a.ns or b.ns):
        x["same_base"] = 1.0
    rel = lx.relation(a.action, b.action)
    x["act_unknown" if rel is None else "act_" + rel] = 1.0
    cover = _enum_cover(a, b, rel) if (a.enum_words or a.enum_classes or b.enum_words or b.enum_classes
                                       or rel in ("same", "related")) else None
    if cover:
        x["enum_cover"] = 1.0
    if a.obj and b.obj:
        sim, how = _object(a, b, frozenset({cover[2]}) if cover else frozenset())
        if sim:
            x["obj_sim"] = sim
        if how == "sibling":
            x["sibling"] = 1.0
        elif how == "disjoint":
            x["obj_disjoint"] = 1.0
        elif how == "head":
            x["head_conflict"] = 1.0
        elif how == "part":
            x["sub_resource"] = 1.0
        elif how == "swap":
            x["direction"] = 1.0
        elif how == "narrower" and fa[0] != fb[0]:
            x["mod_one_side"] = 1.0
            if _unsupported(a, b):
                x["mod_unsupported"] = 1.0
    else:
        sim = 0.0
        x["obj_missing"] = 1.0
    if sim and rel in ("same", "related"):
        x["match"] = sim if rel == "same" else 0.5 * sim
    if a.quals or b.quals:
        for role in ("key", "source", "target", "scope", "with"):
            qa, qb = a.quals.get(role), b.quals.get(role)
            if qa and qb:
                if _quals_differ(a, b, qa, qb):
                    x["qual_conflict"] = 1.0
            elif bool(qa) != bool(qb):
                if role == "key":
                    x["qual_one_side"] = 1.0
                elif role != "with":
                    x["scope_one_side"] = 1.0
        if (set(a.quals.get("source", ())) & set(b.quals.get("target", ()))
                and set(a.quals.get("target", ())) & set(b.quals.get("source", ()))):
            x["direction"] = 1.0
    if (fa[5] or fb[5]) and (_antonym(a, b) or _antonym(b, a)):
        x["direction"] = 1.0
    if a.states or b.states:
        if a.states and b.states:
            if a.states.isdisjoint(b.states):
                x["state_conflict"] = 1.0
        else:
            x["state_one_side"] = 1.0
    if a.facet and b.facet and a.facet != b.facet:
        x["facet_conflict"] = 1.0
    if (fa[3] and fb[4]) or (fb[3] and fa[4]):
        x["cardinality"] = 1.0
    elif a.head == b.head and a.head is not None and rel in ("same", "related") and (
            (_keyless(a) and _keyed(b)) or (_keyless(b) and _keyed(a))) and (a.params or b.params):
        x["cardinality"] = 1.0  # core_memory_clear vs core_memory_remove(key), getAllRecipes vs getRecipeById
    if a.platforms or b.platforms:
        if _platform(a, b):
            x["platform"] = 1.0
        elif _platform_one_side(a, b):
            x["platform_one_side"] = 1.0
    if not a.params and not b.params:
        x["no_params"] = 1.0
    elif a.keys and b.keys and a.keys.isdisjoint(b.keys):
        x["key_conflict"] = 1.0
    if a.desc_empty or b.desc_empty:
        x["desc_missing"] = 1.0
    if a.cue_names or b.cue_names:
        cue = _cue(a, b)
        if cue:
            x["cue_" + ("workflow" if cue[0] == "mention" else cue[0])] = 1.0
    if (a.deprecated or b.deprecated) and not ("cue_alias" in x or "cue_instead" in x or "cue_workflow" in x):
        x["deprecated"] = 1.0
    na, nb = fa[1], fb[1]
    if na and nb:
        if na == nb:
            x["ns_same"] = 1.0
        else:
            if na.isdisjoint(nb):
                x["ns_differ"] = 1.0
            if _ns_conflict(a, b):
                x["ns_conflict"] = 1.0
    ea, eb = fa[2], fb[2]
    if ea is not None and eb is not None and (ea == ()) != (eb == ()) and a.obj and b.obj and a.head == b.head:
        x["foreign_key"] = 1.0
    if (a.facet == "meta") != (b.facet == "meta") and a.head == b.head and a.head is not None:
        x["facet_one_side"] = 1.0
    if not ("cue_alias" in x or "enum_cover" in x) and _decisive(a, b, x) is not None:
        x["veto"] = 1.0
    return x, rel


def _decisive(a: Frame, b: Frame, x: dict[str, float]) -> str | None:
    """The decisive difference among a pair's features ``x`` (a VETOES name), or None: the first feature that is
    decisive by itself, else the first condition that makes a softer feature decisive. A listing vs a get-one
    is none when one tool is the other's bulk form."""
    why = next((k for k in _PLAIN_VETOES if k in x), None)
    if why is None and ("scope_one_side" in x or "qual_one_side" in x or "mod_one_side" in x) \
            and _required_scope(a, b):
        why = "required_scope"
    if why is None and "facet_one_side" in x and _content_vs_meta(a, b):
        why = "facet_one_side"
    if why is None and "state_one_side" in x and not _state_expressible(a, b):
        why = "state_one_side"
    if why is None and "qual_conflict" in x and (_named_source_conflict(a, b) or _key_differs(a, b)
                                                 or _named_keys_differ(a, b)):
        why = "qual_conflict"
    if why is None and ("obj_disjoint" in x or "head_conflict" in x) and _named_objects_differ(a, b):
        why = "object_differs"
    if why is None and "key_conflict" in x and _kinds_conflict(a, b):
        why = "key_conflict"  # required keys of different kinds (ids vs a query) in one API: two lookups
    if why is None and (a.quals.get("key") or b.quals.get("key")) and _keys_unmatched(a, b):
        why = "keys_unmatched"
    if why == "cardinality" and _bulk(a, b):
        why = None
    return why


def veto_reason(a: Frame, b: Frame) -> str | None:
    """The decisive difference of a pair (a VETOES name), if any and not overridden."""
    x, _ = _stage1(a, b)
    return _decisive(a, b, x) if "veto" in x else None


def _required_scope(a: Frame, b: Frame) -> bool:
    """A key, scope, source or target named in one tool's name, or a word its object has and the other's lacks, is
    a required parameter there, and the other tool has nothing for it: add_user_to_group (group_name) vs
    create_user, list_user_policies (user_name) vs list_policies."""
    for x, y in ((a, b), (b, a)):
        scoped: set[str] = set()
        for role in ("key", "scope", "source", "target"):
            if not y.quals.get(role):
                scoped.update(x.quals.get(role, ()))
        scoped.update(set(x.obj) - set(y.obj))
        if not scoped:
            continue
        for p in x.params:
            if p.required and scoped & set(p.words) and _pmatch(p, _pindex(y))[0] < 0.7:
                return True
    return False


_CONTENT_VERBS = frozenset({"read", "cat", "load", "download", "open", "view"})


def _unsupported(a: Frame, b: Frame) -> bool:
    """The words that make one object narrower (media in read_media_file) appear nowhere in the broader tool's
    description or enums: the broader tool does not cover that kind."""
    if len(a.obj) == len(b.obj):
        return False
    narrow, broad = (a, b) if len(a.obj) > len(b.obj) else (b, a)
    # a facet word (text file ~ file) names what is read, not a kind the broader tool cannot read
    extra = [w for w in narrow.obj if w not in broad.obj and w not in lexicon().facet]
    if not extra or broad.desc_empty:
        return False
    return not any(_says(broad, w) or w in broad.enum_words or _says(broad, narrow.obj_words[narrow.obj.index(w)])
                   or _says(broad, w, broad.param_low)
                   or _says(broad, narrow.obj_words[narrow.obj.index(w)], broad.param_low)
                   for w in extra)


def _quals_differ(a: Frame, b: Frame, qa: tuple[str, ...], qb: tuple[str, ...]) -> bool:
    """Two values of one qualifier differ: a word the other lacks that is not a facet, a generic word, or the
    tools' object itself (by_drug_name ~ by_name on a drug tool; by_abuse_info vs by_abuse_dependence_info differ)."""
    lx = lexicon()
    ignore = set(a.obj) | set(b.obj)
    diff = {w for w in set(qa) ^ set(qb) if w not in ignore and w not in lx.facet and w not in lx.generic
            and w != "identifier"}
    return bool(diff)


def _key_differs(a: Frame, b: Frame, roles: tuple[str, ...] = ("key", "source", "scope")) -> bool:
    """Different lookup keys, sources or scopes that the required parameters bear out (by pdb with pdb_ids vs by
    uniprot with uniprot_id; from a url with url vs from a file with file_path); qualifiers in names alone, over
    the same required parameters, are not a difference."""
    if not any(a.quals.get(r) and b.quals.get(r) and _quals_differ(a, b, a.quals[r], b.quals[r]) for r in roles):
        return False
    ra, rb = _rindex(a), _rindex(b)
    if ra is None or rb is None:
        return False
    return any(_pmatch(p, rb)[0] < 0.7 for p in _pindex(a).required) or \
        any(_pmatch(p, ra)[0] < 0.7 for p in _pindex(b).required)


def _kinds_conflict(a: Frame, b: Frame) -> bool:
    """Both require lookup keys of known kinds (id, name, query, path, url, ...), of no kind in common, and the
    tools are of one API (or neither names one): MyGene_batch_query(gene_ids) vs MyGene_query_genes(query).
    Parameters of no known kind (hobbies ~ interests) say nothing about the lookup."""
    ka = {k for k in a.keys if not k.startswith("other:")}
    kb = {k for k in b.keys if not k.startswith("other:")}
    return bool(ka and kb and ka.isdisjoint(kb)) and not _other_apis(a, b)


def _keys_unmatched(a: Frame, b: Frame) -> bool:
    """Each tool requires a key the other has no counterpart for, and a name says what it looks up by, in one API
    (or none): intact_get_interactions_by_organism(taxid) vs intact_get_interactions(identifier)."""
    if _other_apis(a, b):
        return False

    def unmatched(x: Frame, y: Frame) -> bool:
        iy = _pindex(y)
        return any(p.required and p.kind not in ("page", "auth", "format") and _pmatch(p, iy)[0] < 0.5
                   for p in x.params)

    return unmatched(a, b) and unmatched(b, a)


def _other_apis(a: Frame, b: Frame) -> bool:
    """Both names carry a namespace and the namespaces differ: tools of two servers or APIs."""
    na, nb = _facts(a)[1], _facts(b)[1]
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
    return _quals_differ(a, b, tuple(w for w in qa if w not in _SHAPE_WORDS and w not in lx.detail),
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


def _content_vs_meta(a: Frame, b: Frame) -> bool:
    """One returns information about an object (get_file_info), the other reads the object itself (read_file)."""
    for m, c in ((a, b), (b, a)):
        if m.facet == "meta" and (c.facet == "content" or c.facet is None and c.action_word in _CONTENT_VERBS):
            return True
    return False


def _bulk(a: Frame, b: Frame) -> bool:
    """The listing side is a bulk form of the other: it takes a list of what the other takes one of (paths ~ path,
    ids ~ id)."""
    for many, one in ((a, b), (b, a)):
        req = [p for p in one.params if p.required]
        heads = {p.head for p in req if p.kind != "id" or len(p.words) == 1}  # study_ids ~ study_locus_id: no
        canons = {p.canon for p in req}
        if any(p.type == "array" and (p.head in heads or p.canon in canons) for p in many.params):
            return True
    return False


def _stage2_desc(a: Frame, b: Frame, x: dict[str, float]) -> None:
    if not a.desc_empty and not b.desc_empty:
        da, la, db, lb, _ = pair_vectors(a, b)
        d = _dot(da, db)
        if d:
            x["desc_cos"] = d
            if "ns_differ" in x:
                x["ns_differ_desc"] = d
        ld = _dot(la, lb)
        if ld:
            x["lead_cos"] = ld


def _stage2_params(a: Frame, b: Frame, x: dict[str, float]) -> None:
    if a.params and b.params:
        ps, rs, extra = _params(a, b)
        if ps:
            x["param_sim"] = ps
        if rs:
            x["req_sim"] = rs
        if extra is not None:
            x["extra_required"] = 1.0
    elif a.params or b.params:
        for p in a.params or b.params:
            if p.required and p.kind not in ("page", "auth", "format"):
                x["extra_required"] = 1.0
                break


def _stage2(a: Frame, b: Frame, x: dict[str, float]) -> None:
    """The features that compare descriptions and parameters (the costly part)."""
    _stage2_desc(a, b, x)
    _stage2_params(a, b, x)


def _logit(p: float) -> float:
    return math.log(p / (1.0 - p)) if p < 1.0 else math.inf


def _may_override(a: Frame, b: Frame) -> bool:
    """Could a cue, an enum or a switch of one tool override a decisive difference?"""
    return bool(a.cue_names or b.cue_names or a.enum_words or b.enum_words or a.enum_classes or b.enum_classes
                or a.flags or b.flags)


def features(a: Frame, b: Frame) -> list[float]:
    """The evidence features of a pair, in the order of FEATURES (symmetric in a and b)."""
    x, _ = _stage1(a, b)
    _stage2(a, b, x)
    return [x.get(f, 0.0) for f in FEATURES]


def compare(a: Frame, b: Frame, threshold: float = 0.0) -> float | None:
    """The overlap score of a pair (0..1), or None when it is below ``threshold`` (checked early: when even the
    most favourable parameters and descriptions could not lift the pair to it, they are not compared)."""
    m = model()
    w = m.by_name
    if threshold > 0.0 and m.quick_exit:
        # different or opposite actions that no cue, enum or switch could override: decided without the rest
        rel = lexicon().relation(a.action, b.action)
        if rel in ("different", "opposite") and not _may_override(a, b) \
                and m.bias + w["act_" + rel] + w["veto"] + m.pos_sum < _logit(threshold):
            return None
    x, _ = _stage1(a, b)
    vetoed = "veto" in x
    if vetoed and threshold > VETO_CAP:
        return None  # a decisive difference: the score is at most VETO_CAP, whatever the words share
    z = m.bias
    for k, v in x.items():
        z += w[k] * v
    if threshold > 0.0 and z + m.stage2_max < _logit(threshold):
        return None
    before = set(x)
    _stage2_desc(a, b, x)
    for k, v in x.items():
        if k not in before:
            z += w[k] * v
    if threshold > 0.0 and z + m.params_max < _logit(threshold):
        return None
    before = set(x)
    _stage2_params(a, b, x)
    for k, v in x.items():
        if k not in before:
            z += w[k] * v
    z = round(z, 9)  # the sum's order follows the pair's: rounding makes compare(a, b) == compare(b, a)
    s = 1.0 / (1.0 + math.exp(-z)) if z > -50 else 0.0
    if vetoed:
        s = min(s, VETO_CAP)
    return s if s >= threshold else None


# ------------------------------------------------------------------------------------------------ explanation

def _words(f: Frame) -> str:
    return " ".join(f.obj_words) if f.obj_words else " ".join(f.obj)


_CJK_RE = re.compile("[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")


def _spelled(raw: str) -> str:
    """A name part as written, but for case and separators (get-users = get_users = getUsers)."""
    return "".join(ch for ch in raw.lower() if ch.isalnum())


def _pair(x: str, y: str) -> str:
    return x if x == y else f"{x} ~ {y}"


def _prefix(f: Frame) -> str:
    """The namespace or prefix part of the name as written (``math.``, ``FDA_``, ``server__``)."""
    return f.name[: len(f.name) - len(f.base_raw)] if f.base_raw and f.name.endswith(f.base_raw) else ""


def explain(a: Frame, b: Frame) -> list[str]:
    """What the pair shares and what sets it apart, in words; every part is evidence found in the two tools.
    ``a`` is the tool the finding is reported on, ``b`` the other."""
    lx = lexicon()
    out: list[str] = []
    if a.base and a.base == b.base and (a.ns or b.ns):
        pa, pb = _prefix(a), _prefix(b)
        prefixes = " vs ".join(f"`{p}`" if p else "none" for p in (pb, pa))
        if _spelled(a.base_raw) == _spelled(b.base_raw) and (pa or pb):
            out.append(f"same name once namespaces are stripped ({a.base_raw}; {prefixes})")
        else:  # equal only as canonical words (request ~ requests, do_delete_object ~ delete_object): say so
            where = f"; {prefixes}" if pa or pb else ""
            out.append(f"names alike once prefixes, filler words and word forms are set aside "
                       f"({_pair(b.base_raw or b.name, a.base_raw or a.name)}{where})")
    rel = lx.relation(a.action, b.action)
    wa, wb = a.action_word or a.action, b.action_word or b.action
    act = None
    if rel == "same":
        act = f"same action ({_pair(wb, wa)})"
    elif rel == "related":
        act = f"related actions ({wb} ~ {wa})"
    elif rel == "opposite":
        act = f"opposite actions ({wb} vs {wa})"
    elif rel == "different":
        act = f"different actions ({wb} vs {wa})"
    obj = None
    cover = _enum_cover(a, b, rel)
    if a.obj and b.obj:
        _, how = _object(a, b, frozenset({cover[2]}) if cover else frozenset())
        oa, ob = _words(a), _words(b)
        obj = {"sibling": f"different objects of one kind ({ob} vs {oa})",
               "disjoint": f"different objects ({ob} vs {oa})",
               "head": f"different objects ({ob} vs {oa})",
               "part": f"one object is a part of the other ({ob} vs {oa})",
               "swap": f"the same words the other way round ({ob} vs {oa})",
               "generic": _explain_generic(a, b),
               "same": f"the same object ({_pair(ob, oa)})",
               "narrower": f"one object narrows the other ({ob} ~ {oa})"}[how]
    if act and obj and obj.startswith("the same object") and rel in ("same", "related"):
        out.append(f"{act} on {obj}")
    else:
        out.extend(s for s in (act, obj) if s)
    for role, label in (("key", "lookup keys"), ("source", "sources"), ("target", "targets"), ("scope", "scopes"),
                        ("with", "options")):
        qa, qb = a.quals.get(role), b.quals.get(role)
        if qa and qb and set(qa).isdisjoint(qb):
            out.append(f"different {label} ({' '.join(qb)} vs {' '.join(qa)})")
        elif bool(qa) != bool(qb) and role != "with":
            who, q = (a, qa) if qa else (b, qb)
            what = {"key": "lookup key", "source": "source", "target": "target", "scope": "scope"}[role]
            out.append(f"only `{who.name}` names a {what} ({' '.join(q)})")
    anti = _antonym(a, b) or (tuple(reversed(_antonym(b, a) or ())) or None)
    if anti:
        out.append(f"opposite name words ({anti[1]} vs {anti[0]})")
    if a.states and b.states and a.states.isdisjoint(b.states):
        out.append(f"different states ({'/'.join(sorted(b.states))} vs {'/'.join(sorted(a.states))})")
    elif a.states and a.states == b.states:
        out.append(f"the same state ({'/'.join(sorted(a.states))})")
    if a.facet and b.facet and a.facet != b.facet:
        out.append(f"one returns {a.facet}, the other {b.facet}")
    if (_one(a) and _many(b)) or (_one(b) and _many(a)):
        many, one = (b, a) if _one(a) and _many(b) else (a, b)
        if _bulk(a, b):
            out.append(f"`{many.name}` takes a list of what `{one.name}` takes one of (a bulk form)")
        else:
            out.append(f"`{many.name}` lists, `{one.name}` gets one by key")
    plat = _platform(a, b)
    if plat:
        out.append(f"different platforms ({plat[2]} vs {plat[1]})")
    else:
        one = _platform_one_side(a, b)
        if one:
            out.append(f"only `{one[0].name}` names a platform ({one[1]})")
    nsc = _ns_conflict(a, b)
    if nsc:
        out.append(f"namespaces name different scopes ({nsc[1]} vs {nsc[0]})")
    extra = _params(a, b)[2] if a.params and b.params else None
    if extra:
        who = a if extra in a.params else b
        other = b if who is a else a
        out.append(f"`{who.name}` requires `{extra.raw}`, which `{other.name}` has no counterpart for")
    out.extend(_explain_params(a, b))
    if not a.desc_empty and not b.desc_empty:
        da, _, db, _, aside = pair_vectors(a, b)
        d = _dot(da, db)
        note = f"; {aside} identical sentence{'s' if aside > 1 else ''} set aside" if aside else ""
        if d >= 0.05:
            common = sorted(da.keys() & db.keys(), key=lambda k: (-da[k] * db[k], k))
            # each term as each description writes it (files ~ file, generate ~ create)
            words = [_pair(b.surface.get(k, k.lstrip("@")), a.surface.get(k, k.lstrip("@"))) for k in common[:5]]
            more = f", +{len(common) - 5} more" if len(common) > 5 else ""
            gloss = ("; Chinese and Japanese words read as the lexicon's English glosses"
                     if _CJK_RE.search(a.desc_low) or _CJK_RE.search(b.desc_low) else "")
            out.append(f"{round(d * 100)}% shared description terms ({', '.join(words)}{more}{note}{gloss})")
        else:
            out.append(f"descriptions share almost no terms{note}")
    cue = _cue(a, b)
    if cue:
        kind, who, sentence = cue
        s = sentence if len(sentence) <= 120 else sentence[:117] + "..."
        out.append(f"description of `{who.name}`: '{s}'")
    elif a.deprecated or b.deprecated:
        who = a if a.deprecated else b
        s = who.deprecated or ""
        out.append(f"`{who.name}` says it is deprecated: '{s if len(s) <= 120 else s[:117] + '...'}'")
    if cover:
        x, y, word, (param, value) = cover
        out.append(f"`{x.name}` covers `{y.name}` with {param}={value}")
    return out


def _explain_generic(a: Frame, b: Frame) -> str:
    """What the 'generic' relation saw, no more: not that one object is a kind of the other (an R2 object is no
    kind of bucket), only that a general object's tool mentions the other's object."""
    g, o, where = _generic_side(a, b) or (a, b, "description")
    return (f"`{g.name}` acts on a general object ({_words(g)}) and its {'enum values' if where == 'enum' else where} "
            f"name{'' if where == 'enum' else 's'} `{o.name}`'s object ({o.head})")


def _explain_params(a: Frame, b: Frame) -> list[str]:
    if not a.params and not b.params:
        return ["neither takes parameters"]
    if not a.params or not b.params:
        who = a if a.params else b
        return [f"only `{who.name}` takes parameters"]
    pairs: list[str] = []
    used: set[str] = set()
    exact = 0
    for p in a.params:
        s, q = _pmatch(p, _pindex(b))
        if q is None or q.raw in used or s < 0.5:
            continue
        used.add(q.raw)
        pairs.append(p.raw if p.raw == q.raw else f"{q.raw}~{p.raw}")
        exact += p.raw == q.raw
    if not pairs:
        return ["no shared parameters"]
    if exact == len(a.params) == len(b.params):
        return ["identical parameters " + "/".join(sorted(p.raw for p in a.params))]
    n = len({p.raw for p in a.params} | {p.raw for p in b.params})
    return [f"matching parameters {'/'.join(pairs[:6])} ({len(pairs)} of {n})"]
