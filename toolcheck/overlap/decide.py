"""Decide whether two purpose frames overlap, with the evidence.

``compare(a, b)`` measures a fixed list of evidence features of the pair (FEATURES: the same action class on the
same object, a sibling object, a different lookup key, opposite qualifiers, matching parameters, shared description
terms, a description that calls one an alias of the other, an enum of one that covers the other's job, ...) and
combines them with the weights of data/overlap/model.json into a score in [0, 1] (a logistic model fitted on
labelled pairs by benchmarks/overlap/fit.py). ``explain(a, b)`` (explain.py) says in words which of that evidence is
there; the relations both read are in relations.py. Both read only the two frames.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources

from .bulk import bulk_cover
from .copies import copy_of, interchangeable_namespaces
from .frames import Frame
from .interchange import interchange, systems_differ
from .lexicon import lexicon
from .relations import (
    align_services,
    antonym,
    cue_of,
    dot,
    enum_cover,
    facts,
    is_bulk,
    is_keyed,
    is_keyless,
    ns_conflict,
    object_relation,
    params_match,
    pindex,
    platform_conflict,
    platform_one_side,
    pmatch,
)
from .sources import same_source
from .subsume import PART_HOWS, part_listed
from .timespan import same_series
from .vectors import pair_vectors
from .vetoes import SOFT_VETOES, keys_unmatched, quals_differ, unsupported

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
    "part_listed",      # one's record lists the part the other returns alone, by the same keys (subsume.py)
    "time_series",      # both return one thing's values over a time window, for one subject (timespan.py)
    "bulk_form",        # one does for each entry of a list it requires what the other does for one (bulk.py)
    "interchange",      # two services answer one question from one kind of input (interchange.py)
    "same_source",      # two services that serve one archive (wwPDB: RCSB and PDBe) or relay one's data, one job
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
# The stage-1 features that only the head (_stage1_head: names, actions, objects) sets; every other stage-1 feature
# may come from the tail (direction comes from both). compare bounds what the tail can add by the positive weights
# of the features not in this list, so a feature missing here only loosens that bound.
_HEAD_ONLY = ("same_base", "act_same", "act_related", "act_opposite", "act_different", "act_unknown", "enum_cover",
              "obj_sim", "obj_missing", "obj_disjoint", "head_conflict", "sibling", "sub_resource", "mod_one_side",
              "mod_unsupported", "match", "part_listed", "time_series", "interchange", "same_source", "bulk_form")
_QUAL_FEATURES = ("qual_conflict", "qual_one_side", "scope_one_side")  # set only when a tool has qualifiers
_CUE_FEATURES = tuple(f for f in FEATURES if f.startswith("cue_"))  # set only when a description names a tool
# stage 1's tail features that _early_head reads before the tail is measured, from the helpers the tail sets
# them with (_namespace_relation, _params_relation); ns_differ, which comes with ns_differ_desc, is bounded apart
_KNOWN_TAIL = ("ns_same", "no_params", "key_conflict")
_COS_MAX = 1.0 + 1e-9  # |cosine| of two unit vectors is at most 1 (Cauchy-Schwarz; up to rounding)
_BOUND_MARGIN = 1e-6  # an early exit needs the bound this far below the threshold's logit (float sums, rounding)


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
    veto_max: float = 0.0  # the most the veto can add (0 unless its weight is positive)
    tail_max: float = 0.0  # the most stage 1's tail can add (but ns_differ, see compare)
    qual_max: float = 0.0  # of which the qualifier features
    cue_max: float = 0.0  # of which the cue features (at most one is set: _tool_features)
    known_max: float = 0.0  # of which the features _early_head knows exactly (_KNOWN_TAIL)
    desc_max: float = 0.0  # the most the description features and ns_differ can add
    cos_max: float = 0.0  # the most the two cosine features can add
    nsd_max: float = 0.0  # the most ns_differ with ns_differ_desc can add, when the pair has ns_differ

    def __post_init__(self) -> None:
        self.by_name = dict(zip(FEATURES, self.weights, strict=True))
        pos = {f: max(0.0, v) for f, v in self.by_name.items()}
        self.stage2_max = sum(pos[f] for f in _STAGE2)
        self.params_max = sum(pos[f] for f in ("param_sim", "req_sim", "extra_required"))
        # with different actions match is 0; every feature is at most 1
        # (interchange needs the same or related actions too: interchange.interchange)
        skip = {"act_same", "act_related", "act_opposite", "act_different", "act_unknown", "veto", "match",
                "interchange", "same_source", *_OVERRIDES}
        self.pos_sum = sum(max(0.0, v) for k, v in self.by_name.items() if k not in skip)
        self.quick_exit = self.by_name["veto"] < 0
        self.veto_max = pos["veto"]
        # one cue feature at most (_tool_features sets one): the cues add at most the largest of their weights
        self.cue_max = max(pos[f] for f in _CUE_FEATURES)
        self.tail_max = self.cue_max + sum(pos[f] for f in FEATURES if f not in _HEAD_ONLY and f not in _STAGE2
                                           and f not in _CUE_FEATURES and f not in ("veto", "ns_differ"))
        self.qual_max = sum(pos[f] for f in _QUAL_FEATURES)
        self.known_max = sum(pos[f] for f in _KNOWN_TAIL)
        # the most the description features can add, with ns_differ that comes with ns_differ_desc (cosines <= 1)
        nsd, nsdd = self.by_name["ns_differ"], self.by_name["ns_differ_desc"]
        self.cos_max = pos["desc_cos"] + pos["lead_cos"]
        self.nsd_max = max(nsd, nsd + nsdd)
        self.desc_max = self.cos_max + max(0.0, self.nsd_max)

    def score(self, x: list[float]) -> float:
        z = self.bias
        for w, v in zip(self.weights, x, strict=True):
            z += w * v
        z = round(z, 9)
        return 1.0 / (1.0 + math.exp(-z)) if z > -50 else 0.0


BACKEND_MODES = ("named", "interchangeable")  # TC430's `backends` option: how two services of one job weigh


@cache
def model(backends: str = "named") -> Model:
    """The shipped model; with ``backends="interchangeable"`` the opt-in weights of model.json's ``opt_in`` (two
    services that answer one question from one kind of input, interchange.py, weigh as one job: by default the
    reading only lifts the vetoes that say two services word their keys apart, see model.json's provenance)."""
    data = json.loads(resources.files("toolcheck").joinpath("data", "overlap", "model.json").read_text("utf-8"))
    ws = dict(data["weights"])
    if backends != "named":
        ws.update(data.get("opt_in", {}).get(backends, {}))
    return Model(float(data["bias"]), tuple(float(ws.get(f, 0.0)) for f in FEATURES), float(data["threshold"]),
                 data.get("provenance", ""))



def _stage1(a: Frame, b: Frame) -> tuple[dict[str, float], str | None]:
    """The features read from names, qualifiers, cues and enums (cheap), as a sparse dict; the action relation.
    The helpers add their features in a fixed order: ``compare`` sums the dict in insertion order. Three parts,
    which ``compare`` runs one at a time to stop early: the head (names, actions, objects), the tail (qualifiers,
    kinds, parameters' keys, cues, namespaces) and the veto."""
    fa, fb = facts(a), facts(b)
    x, rel = _stage1_head(a, b, fa, fb)
    _stage1_tail(a, b, fa, fb, rel, x)
    _stage1_veto(a, b, x)
    return x, rel


def _stage1_head(a: Frame, b: Frame, fa: tuple, fb: tuple,
                 rel: str | None | bool = False) -> tuple[dict[str, float], str | None]:
    """same_base, the action relation, the object features (_HEAD_FEATURES): the first keys of stage 1's dict.
    ``rel``: the action relation when already known (compare reads it first, for _quick_reject)."""
    x: dict[str, float] = {}
    if a.base and a.base == b.base and (a.ns or b.ns):
        x["same_base"] = 1.0
    if rel is False:
        rel = lexicon().relation(a.action, b.action)
    x["act_unknown" if rel is None else "act_" + rel] = 1.0
    _object_features(a, b, fa, fb, rel, x)
    return x, rel


def _stage1_tail(a: Frame, b: Frame, fa: tuple, fb: tuple, rel: str | None, x: dict[str, float]) -> None:
    """The rest of stage 1 but the veto, added to ``x`` after the head's keys."""
    if a.quals or b.quals:
        _qualifier_features(a, b, x)
    if (fa[5] or fb[5]) and (antonym(a, b) or antonym(b, a)):
        x["direction"] = 1.0
    _kind_features(a, b, fa, fb, rel, x)
    _tool_features(a, b, x)
    _namespace_features(a, b, fa, fb, x)


def _stage1_veto(a: Frame, b: Frame, x: dict[str, float]) -> None:
    if not ("cue_alias" in x or "enum_cover" in x) and _decisive(a, b, _veto_view(x)) is not None:
        x["veto"] = 1.0


# what a record that lists the other's part (part_listed) explains: a part of the object, a listing of parts vs
# the record, other object words; every other decisive difference still holds
_PART_LIFTS = frozenset({"sub_resource", "cardinality", "obj_disjoint", "head_conflict"})


# what a bulk form explains: a list of entries vs one, keys that differ at the top level or in the names (the
# entries hold the single tool's keys), an object named apart when the bulk tool's description names the single one
# or the two mirror each other but for the list (bulk.bulk_cover)
_BULK_LIFTS = frozenset({"cardinality", "key_conflict", "qual_conflict", "sub_resource", "obj_disjoint",
                         "head_conflict"})
# what two interchangeable backends (interchange.py) explain: each words its keys and answer its own way (a listing
# vs a get-one by key, a key named on one side only or of another kind); every other decisive difference holds
_INTERCHANGE_LIFTS = frozenset({"cardinality", "qual_one_side", "scope_one_side", "mod_one_side", "qual_conflict",
                                "key_conflict"})
# what two services of one record (sources.py) explain: as interchange (a relay's organisms are no platform: the
# Alliance serves FlyBase's; _kind_features)
_SOURCE_LIFTS = _INTERCHANGE_LIFTS
_LIFTS = (("bulk_form", _BULK_LIFTS), ("interchange", _INTERCHANGE_LIFTS), ("same_source", _SOURCE_LIFTS),
          ("part_listed", _PART_LIFTS))


def _veto_view(x: dict[str, float]) -> dict[str, float]:
    """The features a veto reads: those that bulk_form, interchange or part_listed explain are set aside."""
    lifted = [lifts for feature, lifts in _LIFTS if feature in x]
    if not lifted:
        return x
    drop = frozenset().union(*lifted)
    return {k: v for k, v in x.items() if k not in drop}


_HOW_FEATURE = {"sibling": "sibling", "disjoint": "obj_disjoint", "head": "head_conflict", "part": "sub_resource",
                "swap": "direction"}  # object_relation's kinds that are a feature by themselves


def _object_features(a: Frame, b: Frame, fa: tuple, fb: tuple, rel: str | None, x: dict[str, float]) -> None:
    """enum_cover, then the relation of the two objects (obj_sim, sibling, ..., obj_missing), then match."""
    cover = enum_cover(a, b, rel) if (a.enum_words or a.enum_classes or b.enum_words or b.enum_classes
                                       or (a.flags or b.flags) and rel in ("same", "related")) else None
    if cover:
        x["enum_cover"] = 1.0
    if _bulk_objects(a, b, fa, fb, rel, x) or _objects_agree(a, b, rel, x):
        return
    if a.obj and b.obj:
        sim, how = object_relation(a, b, frozenset({cover[2]}) if cover else frozenset())
        if sim:
            x["obj_sim"] = sim
        listed = _part_listed(a, b, fa, fb, rel, how)
        feature = _HOW_FEATURE.get(how)
        if feature is not None and not (listed and how == "disjoint"):  # a record listing the other's object
            x[feature] = 1.0
        elif how == "narrower" and fa[0] != fb[0]:
            x["mod_one_side"] = 1.0
            if unsupported(a, b):
                x["mod_unsupported"] = 1.0
        if listed:
            x["part_listed"] = 1.0
    else:
        sim = 0.0
        x["obj_missing"] = 1.0
    if sim and rel in ("same", "related"):
        x["match"] = sim if rel == "same" else 0.5 * sim


def _bulk_objects(a: Frame, b: Frame, fa: tuple, fb: tuple, rel: str | None, x: dict[str, float]) -> bool:
    """bulk_form when one tool is the other's bulk form (bulk.bulk_cover needs a required list or map: facts'
    last); then, when one side leaves its object unnamed, the objects as one (True): fill(selector, value) vs
    fill_form(fields: [{selector, value}]), whose entries hold the single tool's key. Else False: the objects are
    read as usual (_objects_agree, then object_relation)."""
    if not (fa[6] or fb[6]) or not bulk_cover(a, b, rel):
        return False
    x["bulk_form"] = 1.0
    if a.obj and b.obj:
        return False
    if not _objects_agree(a, b, rel, x):
        x["obj_sim"] = 1.0
        x["match"] = 1.0 if rel == "same" else 0.5
    return True


def _part_listed(a: Frame, b: Frame, fa: tuple, fb: tuple, rel: str | None, how: str):
    """subsume.part_listed for an object relation it is asked for (PART_HOWS), else None. Its one-API
    precondition (the same action, equal namespace words) is tested first on the facts at hand: most pairs
    fail it, and are spared the call."""
    if how in PART_HOWS and rel == "same" and fa[1] == fb[1]:
        return part_listed(a, b, rel)
    return None


def _objects_agree(a: Frame, b: Frame, rel: str | None, x: dict[str, float]) -> bool:
    """Objects worded apart that are one: two series of one thing, one job on interchangeable backends (the
    object features set, True), else False."""
    if rel == "same" and a.obj and b.obj and same_series(a, b, rel):
        # get_price_history vs get_stock_price_date_range: history, date range say the window, not the object
        x["time_series"] = x["obj_sim"] = x["match"] = 1.0
        return True
    agree = False
    if a.ns and b.ns and interchange(a, b, rel) is not None:
        # OMA_get_protein_go vs QuickGO_annotations_by_gene: GO annotations of a protein by a UniProt accession,
        # from two services; the objects agree once what the key identifies is set aside
        x["interchange"] = 1.0
        agree = True
    if same_source(a, b, rel) is not None:  # pdbe_ vs RCSBGraphQL_, Pharos vs GTEx: one record, two services
        x["same_source"] = 1.0
        agree = True
    if agree:
        x["obj_sim"] = 1.0
        x["match"] = 1.0 if rel == "same" else 0.5
        return True
    if "same_base" in x and copy_of(a, b) is not None:
        # hmdb_tools__HMDB_search vs metabolite_tools__HMDB_search: one tool, two prefixes (copies.py)
        x["obj_sim"] = 1.0
        x["match"] = 1.0 if rel == "same" else 0.5
        return True
    if "same_base" in x and interchangeable_namespaces(a, b):
        # playwright_hover vs browser_hover: one job named alike on two interchangeable backends; the objects
        # read from their descriptions (an element on the page vs none) are wording, not a difference
        x["obj_sim"] = 1.0
        if rel in ("same", "related"):
            x["match"] = 1.0 if rel == "same" else 0.5
        return True
    return False


def _qualifier_features(a: Frame, b: Frame, x: dict[str, float]) -> None:
    """qual_conflict, qual_one_side, scope_one_side from the qualifier roles; direction when source and target
    are swapped."""
    for role in ("key", "source", "target", "scope", "with"):
        qa, qb = a.quals.get(role), b.quals.get(role)
        if qa and qb:
            if quals_differ(a, b, qa, qb):
                x["qual_conflict"] = 1.0
        elif bool(qa) != bool(qb):
            if role == "key":
                x["qual_one_side"] = 1.0
            elif role != "with":
                x["scope_one_side"] = 1.0
    if (set(a.quals.get("source", ())) & set(b.quals.get("target", ()))
            and set(a.quals.get("target", ())) & set(b.quals.get("source", ()))):
        x["direction"] = 1.0


def _kind_features(a: Frame, b: Frame, fa: tuple, fb: tuple, rel: str | None, x: dict[str, float]) -> None:
    """The differences of kind: states (state_conflict, state_one_side), facets, cardinality, platforms."""
    if a.states or b.states:
        if a.states and b.states:
            if a.states.isdisjoint(b.states):
                x["state_conflict"] = 1.0
        else:
            x["state_one_side"] = 1.0
    if a.facet and b.facet and a.facet != b.facet:
        x["facet_conflict"] = 1.0
    # (a bulk form, set with the objects, is no listing vs one; two series each return many values of one subject)
    if ((fa[3] and fb[4]) or (fb[3] and fa[4]) or _keyless_vs_keyed(a, b, rel)) \
            and "time_series" not in x and "bulk_form" not in x:
        x["cardinality"] = 1.0
    if (a.platforms or b.platforms) and "same_source" not in x:  # (a relay serves its members' organisms)
        if platform_conflict(a, b):
            x["platform"] = 1.0
        elif platform_one_side(a, b):
            x["platform_one_side"] = 1.0


def _keyless_vs_keyed(a: Frame, b: Frame, rel: str | None) -> bool:
    """One object, one tool without a key (nor a parameter for the other's) and the other with one:
    core_memory_clear vs core_memory_remove(key), getAllRecipes vs getRecipeById. Two creations are not: what a
    creation requires (a title, a layout name) describes the new object, it looks nothing up (add_slide vs
    add_slide_with_layout)."""
    return (a.head == b.head and a.head is not None and rel in ("same", "related")
            and not (a.action == b.action == "create")
            and ((is_keyless(a) and is_keyed(b) and not _takes_keys(a, b))
                 or (is_keyless(b) and is_keyed(a) and not _takes_keys(b, a))) and bool(a.params or b.params))


def _takes_keys(keyless: Frame, keyed: Frame) -> bool:
    """The tool that requires nothing still takes, as an option, every key the other requires (drug_name on both):
    one lookup whose key is optional on one side, not everything vs one (SIDER_get_drug_indications(drug_name?)
    vs FDA_get_indications_by_drug_name(drug_name))."""
    ix = pindex(keyless)
    return all(pmatch(p, ix)[0] >= 0.9 for p in keyed.params if p.required and p.kind in ("id", "name", "query"))


def _tool_features(a: Frame, b: Frame, x: dict[str, float]) -> None:
    """no_params or key_conflict, desc_missing, the cue of one description about the other, deprecated."""
    kind = _params_relation(a, b)
    if kind is not None:
        x[kind] = 1.0
    if a.desc_empty or b.desc_empty:
        x["desc_missing"] = 1.0
    if a.cue_names or b.cue_names:
        cue = cue_of(a, b)
        if cue:
            x["cue_" + ("workflow" if cue[0] == "mention" else cue[0])] = 1.0
    if (a.deprecated or b.deprecated) and not ("cue_alias" in x or "cue_instead" in x or "cue_workflow" in x):
        x["deprecated"] = 1.0


def _params_relation(a: Frame, b: Frame) -> str | None:
    """no_params (neither takes parameters), key_conflict (both require lookup keys, of no kind in common) or None:
    the feature _tool_features sets, which _early_head reads before the tail is measured."""
    if not a.params and not b.params:
        return "no_params"
    if a.keys and b.keys and a.keys.isdisjoint(b.keys):
        return "key_conflict"
    return None


def _namespace_relation(fa: tuple, fb: tuple) -> str | None:
    """same (equal namespace words), differ (no word in common), shared (some in common) or None (a tool without
    one), from the frames' facts: the ns_same / ns_differ that _namespace_features sets and _early_head reads."""
    na, nb = fa[1], fb[1]
    if not na or not nb:
        return None
    if na == nb:
        return "same"
    return "differ" if na.isdisjoint(nb) else "shared"


def _namespace_features(a: Frame, b: Frame, fa: tuple, fb: tuple, x: dict[str, float]) -> None:
    """ns_same, ns_differ, ns_conflict from the namespaces; foreign_key; facet_one_side (in that order)."""
    ns = _namespace_relation(fa, fb)
    if ns == "same":
        x["ns_same"] = 1.0
    elif ns is not None:
        if ns == "differ":
            x["ns_differ"] = 1.0
        if ns_conflict(a, b):
            x["ns_conflict"] = 1.0
    ea, eb = fa[2], fb[2]
    if ea is not None and eb is not None and (ea == ()) != (eb == ()) and a.obj and b.obj and a.head == b.head:
        x["foreign_key"] = 1.0
    if (a.facet == "meta") != (b.facet == "meta") and a.head == b.head and a.head is not None:
        x["facet_one_side"] = 1.0


def _decisive(a: Frame, b: Frame, x: dict[str, float]) -> str | None:
    """The decisive difference among a pair's features ``x`` (a VETOES name), or None: the first feature that is
    decisive by itself, else the first condition that makes a softer feature decisive (SOFT_VETOES, then
    keys_unmatched). A listing vs a get-one is none when one tool is the other's bulk form."""
    why = next((k for k in _PLAIN_VETOES if k in x), None)
    if why is not None:
        return None if why == "cardinality" and is_bulk(a, b) else why
    for triggers, holds, name in SOFT_VETOES:
        if not x.keys().isdisjoint(triggers) and holds(a, b):
            return name
    if systems_differ(a, b) and "same_source" not in x:  # required keys of two systems on two services (EMD vs PDB)
        return "key_conflict"
    if (a.quals.get("key") or b.quals.get("key")) and keys_unmatched(a, b):
        return "keys_unmatched"
    return None


def veto_reason(a: Frame, b: Frame) -> str | None:
    """The decisive difference of a pair (a VETOES name), if any and not overridden."""
    a, b = align_services(a, b)
    x, _ = _stage1(a, b)
    return _decisive(a, b, _veto_view(x)) if "veto" in x else None


def _desc_dots(a: Frame, b: Frame) -> tuple[float, float] | None:
    """(cosine of the descriptions, of their first sentences), None when a description is empty."""
    if a.desc_empty or b.desc_empty:
        return None
    da, la, db, lb, _ = pair_vectors(a, b)
    d = dot(da, db)
    # one-sentence descriptions share one vector for both (vectors.vectors): the same dot, computed once
    return d, (d if la is da and lb is db else dot(la, lb))


def _stage2_desc(a: Frame, b: Frame, x: dict[str, float], dots: tuple[float, float] | None | bool = False) -> None:
    """desc_cos, ns_differ_desc, lead_cos; ``dots``: _desc_dots(a, b) when already computed."""
    if dots is False:
        dots = _desc_dots(a, b)
    if dots is not None:
        d, ld = min(dots[0], 1.0), min(dots[1], 1.0)  # two unit vectors' cosine, up to float rounding
        if d:
            x["desc_cos"] = d
            if "ns_differ" in x:
                x["ns_differ_desc"] = d
        if ld:
            x["lead_cos"] = ld


def _stage2_params(a: Frame, b: Frame, x: dict[str, float]) -> None:
    if a.params and b.params:
        ps, rs, extra = params_match(a, b)
        if ps:
            x["param_sim"] = ps
        if rs:
            x["req_sim"] = rs
        if extra is not None and not (extra.kind == "time" and "time_series" in x or "bulk_form" in x):
            x["extra_required"] = 1.0  # (two series: a required window has the other's window as counterpart)
    elif a.params or b.params:
        for p in a.params or b.params:
            if p.required and p.kind not in ("page", "auth", "format"):
                x["extra_required"] = 1.0
                break


def _stage2(a: Frame, b: Frame, x: dict[str, float]) -> None:
    """The features that compare descriptions and parameters (the costly part)."""
    _stage2_desc(a, b, x)
    _stage2_params(a, b, x)


@cache  # asked once or twice per compared pair, always of the one threshold
def _logit(p: float) -> float:
    return math.log(p / (1.0 - p)) if p < 1.0 else math.inf


def _may_override(a: Frame, b: Frame) -> bool:
    """Could a cue, an enum or a switch of one tool override a decisive difference?"""
    return bool(a.cue_names or b.cue_names or a.enum_words or b.enum_words or a.enum_classes or b.enum_classes
                or a.flags or b.flags)


def features(a: Frame, b: Frame) -> list[float]:
    """The evidence features of a pair, in the order of FEATURES (symmetric in a and b)."""
    a, b = align_services(a, b)
    x, _ = _stage1(a, b)
    _stage2(a, b, x)
    return [x.get(f, 0.0) for f in FEATURES]


def _weighted(m, x: dict[str, float]) -> float:
    """The model's bias plus each measured feature times its weight, summed in the features' order."""
    w = m.by_name
    z = m.bias
    for k, v in x.items():
        z += w[k] * v
    return z


def _quick_reject(a: Frame, b: Frame, m, threshold: float, rel: str | None | bool = False) -> bool:
    """Different or opposite actions that no cue, enum or switch could override: below ``threshold`` whatever the
    rest measures. Above VETO_CAP, different or opposite actions are a decisive difference (act_different and
    act_opposite come first in _PLAIN_VETOES) that only cue_alias or enum_cover overrides; enum_cover needs an
    enum of either tool with such actions (a switch counts only with the same or related ones), cue_alias a cue
    of one description that cue_of ranks alias for the other: without both the veto caps the score at VETO_CAP.
    ``rel``: the action relation when already known."""
    if rel is False:
        rel = lexicon().relation(a.action, b.action)
    if rel != "different" and rel != "opposite":
        return False
    if threshold > VETO_CAP and not (a.enum_words or a.enum_classes or b.enum_words or b.enum_classes):
        if not (a.cue_names or b.cue_names):
            return True
        cue = cue_of(a, b)
        if cue is None or cue[0] != "alias":
            return True
    w = m.by_name
    return m.quick_exit and not _may_override(a, b) \
        and m.bias + w["act_" + rel] + w["veto"] + m.pos_sum < _logit(threshold)


def _known_tail(a: Frame, b: Frame, fa: tuple, fb: tuple, m) -> tuple[float, bool]:
    """(the most stage 1's tail can add but ns_differ, whether the tail sets ns_differ): the tail's positive
    weights, less the qualifier features without qualifiers, the cues without a tool name in a description,
    and the features of _KNOWN_TAIL at their exact weight (from the
    helpers the tail sets them with)."""
    w = m.by_name
    tail = m.tail_max - m.known_max
    if not (a.quals or b.quals):
        tail -= m.qual_max
    if not (a.cue_names or b.cue_names):
        tail -= m.cue_max
    kind = _params_relation(a, b)
    if kind is not None:
        tail += w[kind]
    ns = _namespace_relation(fa, fb)
    if ns == "same":
        tail += w["ns_same"]
    return tail, ns == "differ"


def _tail_bound(a: Frame, b: Frame, fa: tuple, fb: tuple, rel: str | None, m) -> float:
    """The most stage 1's tail can add but ns_differ, closer than _known_tail (and dearer: asked only of the pairs
    _known_tail keeps, about a quarter): each tail feature that a frame test decides at once (the qualifiers on
    one side only, states, facets, the cue, deprecated, foreign_key, facet_one_side, no_params/key_conflict,
    ns_same, desc_missing) at its exact weight when the tail will set it, every other one at its positive weight
    when its helper's precondition holds. One part per tail helper, each following it: a pair the bound stops
    would have stopped after the tail."""
    w = m.by_name
    return (_qualifier_bound(a, b, fa, fb, w) + _kind_bound(a, b, fa, fb, rel, w) + _tool_bound(a, b, w)
            + _namespace_bound(a, b, fa, fb, w))


def _one_side(qa: dict, qb: dict, role: str) -> bool:
    return bool(qa.get(role)) != bool(qb.get(role))


def _qualifier_bound(a: Frame, b: Frame, fa: tuple, fb: tuple, w: dict[str, float]) -> float:
    """_qualifier_features' part of _tail_bound (a role named on one side only is exact), with direction."""
    if not (a.quals or b.quals):
        return max(0.0, w["direction"]) if fa[5] or fb[5] else 0.0  # (an antonym)
    qa, qb = a.quals, b.quals
    t = max(0.0, w["qual_conflict"]) + max(0.0, w["direction"])  # (quals_differ; source and target swapped)
    if _one_side(qa, qb, "key"):
        t += w["qual_one_side"]
    if _one_side(qa, qb, "source") or _one_side(qa, qb, "target") or _one_side(qa, qb, "scope"):
        t += w["scope_one_side"]
    return t


def _kind_bound(a: Frame, b: Frame, fa: tuple, fb: tuple, rel: str | None, w: dict[str, float]) -> float:
    """_kind_features' part of _tail_bound: states and facets exact; cardinality (a get-one vs a listing, or
    _keyless_vs_keyed's one head; bulk_form, which excludes it, is the head's), one of the platform features."""
    t = 0.0
    if a.states and b.states:
        if a.states.isdisjoint(b.states):
            t += w["state_conflict"]
    elif a.states or b.states:
        t += w["state_one_side"]
    if a.facet and b.facet and a.facet != b.facet:
        t += w["facet_conflict"]
    form = 0.0  # (bulk_form is the head's)
    if (fa[3] and fb[4]) or (fb[3] and fa[4]) or (a.head == b.head and a.head is not None
                                                 and rel in ("same", "related")):
        form = max(form, w["cardinality"])
    if a.platforms or b.platforms:
        t += max(0.0, w["platform"], w["platform_one_side"])
    return t + form


def _tool_bound(a: Frame, b: Frame, w: dict[str, float]) -> float:
    """_tool_features' part of _tail_bound, exact: no_params or key_conflict, desc_missing, the cue or deprecated."""
    t = 0.0
    kind = _params_relation(a, b)
    if kind is not None:
        t += w[kind]
    if a.desc_empty or b.desc_empty:
        t += w["desc_missing"]
    cue = cue_of(a, b) if a.cue_names or b.cue_names else None
    if cue:
        t += w["cue_" + ("workflow" if cue[0] == "mention" else cue[0])]
    elif a.deprecated or b.deprecated:
        t += w["deprecated"]
    return t


def _namespace_bound(a: Frame, b: Frame, fa: tuple, fb: tuple, w: dict[str, float]) -> float:
    """_namespace_features' part of _tail_bound but ns_differ: ns_same, foreign_key, facet_one_side exact,
    ns_conflict when the namespaces differ."""
    t = 0.0
    ns = _namespace_relation(fa, fb)
    if ns == "same":
        t += w["ns_same"]
    elif ns is not None:
        t += max(0.0, w["ns_conflict"])
    ea, eb = fa[2], fb[2]
    if ea is not None and eb is not None and (ea == ()) != (eb == ()) and a.obj and b.obj and a.head == b.head:
        t += w["foreign_key"]
    if (a.facet == "meta") != (b.facet == "meta") and a.head == b.head and a.head is not None:
        t += w["facet_one_side"]
    return t


def _early_head(a: Frame, b: Frame, fa: tuple, fb: tuple, m, x: dict[str, float], threshold: float,
                rel: str | None = None):
    """After stage 1's head: None when the pair cannot reach ``threshold`` even with the most the unmeasured
    features could add (first without, then with the description cosines, then with the closer _tail_bound);
    else (limit, dots, desc, d) for the next bound: the logit limit, the cosines, their weighted sum and the
    description cosine. ``rel``: the pair's action relation."""
    w = m.by_name
    limit = _logit(threshold) - _BOUND_MARGIN - m.veto_max - m.params_max
    z = m.bias  # _weighted(m, x), without a call per pair
    for k, v in x.items():
        z += w[k] * v
    tail, differ = _known_tail(a, b, fa, fb, m)
    # ns_differ (tail) comes with ns_differ_desc = d (stage 2): the pair adds both or neither
    if z + tail + m.cos_max + (m.nsd_max if differ else 0.0) < limit:
        return None  # not even with the most alike descriptions: they are not compared
    nsd, nsdd = w["ns_differ"], w["ns_differ_desc"]
    if a.desc_empty or b.desc_empty:
        dots, d, ld = None, 0.0, 0.0  # as _desc_dots
    else:
        da, la, db, lb, _ = pair_vectors(a, b)
        d = dot(da, db)
        rest = z + tail + (nsd + nsdd * d if differ else 0.0)
        if la is da and lb is db:
            ld = d  # one-sentence descriptions: one vector for both (as _desc_dots)
        elif rest + w["desc_cos"] * d + abs(w["lead_cos"]) * _COS_MAX < limit:
            return None  # not even with the most alike first sentences: they are not compared
        else:
            ld = dot(la, lb)
        dots = (d, ld)
    desc = w["desc_cos"] * d + w["lead_cos"] * ld
    rest = z + desc + (nsd + nsdd * d if differ else 0.0)
    if rest + tail < limit or rest + _tail_bound(a, b, fa, fb, rel, m) < limit:
        return None
    return limit, dots, desc, d


def compare(a: Frame, b: Frame, threshold: float = 0.0, backends: str = "named") -> float | None:
    """The overlap score of a pair (0..1), or None when it is below ``threshold``. With a threshold the pair is
    measured in steps, and it stops as soon as an upper bound of its score is below the threshold: the bound is the
    features measured so far plus the most (from the model's weights) that the unmeasured ones could add, each at
    most 1. The steps: stage 1's head (names, actions, objects) and the description cosines; stage 1's tail; the
    veto (a decisive difference caps the score below any threshold above VETO_CAP); the parameters. A score that
    is returned is the full computation's, summed in the same order. ``backends``: model()'s."""
    m = model(backends)
    w = m.by_name
    a, b = align_services(a, b)
    early = threshold > 0.0
    rel = lexicon().relation(a.action, b.action)
    if early and _quick_reject(a, b, m, threshold, rel):
        return None
    fa, fb = a.memo.get("facts") or facts(a), b.memo.get("facts") or facts(b)
    x, rel = _stage1_head(a, b, fa, fb, rel)
    dots: tuple[float, float] | None | bool = False  # not computed yet
    if early:
        head = _early_head(a, b, fa, fb, m, x, threshold, rel)
        if head is None:
            return None
        limit, dots, desc, d = head
    _stage1_tail(a, b, fa, fb, rel, x)
    if early:
        if "ns_differ" in x:
            desc += w["ns_differ_desc"] * d
        if _weighted(m, x) + desc < limit:
            return None
    _stage1_veto(a, b, x)
    vetoed = "veto" in x
    if vetoed and threshold > VETO_CAP:
        return None  # a decisive difference: the score is at most VETO_CAP, whatever the words share
    z = _weighted(m, x)
    # stage 2 only adds keys stage 1 never sets, so the new ones are the dict's tail, in insertion order
    n = len(x)
    _stage2_desc(a, b, x, dots)
    if len(x) > n:
        for k, v in list(x.items())[n:]:
            z += w[k] * v
    if early and z + m.params_max < _logit(threshold):
        return None
    n = len(x)
    _stage2_params(a, b, x)
    if len(x) > n:
        for k, v in list(x.items())[n:]:
            z += w[k] * v
    z = round(z, 9)  # the sum's order follows the pair's: rounding makes compare(a, b) == compare(b, a)
    s = 1.0 / (1.0 + math.exp(-z)) if z > -50 else 0.0
    if vetoed:
        s = min(s, VETO_CAP)
    return s if s >= threshold else None
