"""``explain(a, b)``: what a pair of purpose frames shares and what sets it apart, in words."""

from __future__ import annotations

import re

from .backends import backend_notes
from .bulk import bulk_clause, bulk_cover
from .copies import copy_clause, copy_of
from .frames import Frame, norm_ident
from .interchange import clause, interchange, key_extra, systems_note
from .lexicon import lexicon, split_identifier
from .params import param_words
from .relations import (
    align_services,
    antonym,
    cue_of,
    dot,
    enum_cover,
    generic_side,
    is_bulk,
    is_many,
    is_one,
    ns_conflict,
    object_relation,
    params_match,
    pindex,
    platform_conflict,
    platform_one_side,
    pmatch,
    same_required,
    service_object,
)
from .sources import clause as source_clause
from .sources import same_source
from .subsume import PART_HOWS, count_of, part_listed, quote_part, quote_through
from .timespan import same_series, step_params, window_params
from .variants import all_formats, version_clause
from .vectors import pair_vectors


def _words(f: Frame) -> str:
    """The object as the tool writes it. A unit the lexicon joined (note_book, stock_price) is written as the name
    or description has it (notebook) or as two words; an object read from the description's first sentence
    leaves out the words that are the tool's own service name or verb there (Search FlyMine, the InterMine data
    warehouse -> intermine data warehouse; Reverse-lookup the ClinGen Allele Registry -> allele registry)."""
    words = [_unit(f, w) for w in (f.obj_words or f.obj)]
    if f.obj_src == "description":
        own = _own_words(f)
        kept = [w for w in words if w.replace(" ", "") not in own]
        if len(kept) > 1 or kept and f.action_word and f.action_word.replace("_", "") in words:
            words = kept  # the service name stays when it is all that tells a one-word object apart (ebi domain)
    return " ".join(words)


_WORD_EDGE = "(?<![a-z0-9]){}(?![a-z0-9])"


def _hay(f: Frame) -> str:
    """The name (separators and camelCase as spaces) and description, lower case: what a reader sees."""
    return " ".join(split_identifier(f.name)) + " " + f.name.lower() + " " + f.desc_low


def _unit(f: Frame, w: str) -> str:
    if "_" not in w:
        return w
    solid = w.replace("_", "")
    return solid if re.search(_WORD_EDGE.format(re.escape(solid)), _hay(f)) else w.replace("_", " ")


def _own_words(f: Frame) -> set[str]:
    """The tool's service name (its namespace words, alone and run together: fly mine -> flymine) and its verb."""
    ns = f.ns
    own = {"".join(ns[i:j]) for i in range(len(ns)) for j in range(i + 1, len(ns) + 1)}  # clin gen ar -> clingen
    for w in (f.action_word, f.action):
        if w:
            own.add(w.replace("_", ""))
    return own




_CJK_RE = re.compile("[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")


def _spelled(raw: str) -> str:
    """A name part as written, but for case and separators (get-users = get_users = getUsers)."""
    return "".join(ch for ch in raw.lower() if ch.isalnum())


def _pair(x: str, y: str) -> str:
    return x if x == y else f"{x} ~ {y}"


def _prefix(f: Frame) -> str:
    """The namespace or prefix part of the name as written (``math.``, ``FDA_``, ``server__``)."""
    return f.name[: len(f.name) - len(f.base_raw)] if f.base_raw and f.name.endswith(f.base_raw) else ""


_ACTIONS = {"same": "same action ({})", "related": "related actions ({})", "opposite": "opposite actions ({})",
            "different": "different actions ({})"}
_OBJECTS = {"sibling": "different objects of one kind ({} vs {})", "disjoint": "different objects ({} vs {})",
            "head": "different objects ({} vs {})", "part": "one object is a part of the other ({} vs {})",
            "swap": "the same words the other way round ({} vs {})", "same": "the same object ({})",
            "narrower": "one object narrows the other ({} ~ {})"}
_QUAL_ROLES = (("key", "lookup keys"), ("source", "sources"), ("target", "targets"), ("scope", "scopes"),
               ("with", "options"))
_QUAL_ONE = {"key": "lookup key", "source": "source", "target": "target", "scope": "scope"}


def explain(a: Frame, b: Frame) -> list[str]:
    """What the pair shares and what sets it apart, in words; every part is evidence found in the two tools.
    ``a`` is the tool the finding is reported on, ``b`` the other."""
    out: list[str] = []
    svc = service_object(a, b) if a.ns != b.ns else None
    notes = backend_notes(a, b)
    a, b = align_services(a, b)
    _explain_name(a, b, out)
    rel = lexicon().relation(a.action, b.action)
    cover = enum_cover(a, b, rel)
    _explain_action_object(a, b, rel, cover, out)
    if a.version or b.version:
        _explain_version(a, b, cover, out)
    if svc:
        x, y, tail = svc
        out.append(f"`{x.name}` names its object in its service prefix (`{_prefix(x)}`: {' '.join(tail)}), "
                   f"`{y.name}` after its verb")
    out.extend(notes)
    _explain_quals(a, b, out)
    _explain_kinds(a, b, out)
    params, matched = _explain_params(a, b)
    _explain_extra(a, b, matched, out)
    out.extend(params)
    if not a.desc_empty and not b.desc_empty:
        out.append(_explain_desc(a, b))
    _explain_cue(a, b, out)
    _explain_part_listed(a, b, rel, cover, out)
    if cover:
        x, y, word, (param, value) = cover
        if value == "on" and param in x.flags.values():  # a switch that adds y's part, not an enum value
            out.append(f"`{x.name}` covers `{y.name}` with its switch {param} on")
        else:
            out.append(f"`{x.name}` covers `{y.name}` with {param}={value}")
    return out


def _explain_series(a: Frame, b: Frame, act: str | None, series: tuple, out: list[str]) -> None:
    """Two series of one thing: the objects once the window words are set aside, each tool's window parameters
    (the required ones said so) and a sampling step (interval), which is no window."""
    wb, wa = window_params(b), window_params(a)
    out.append(f"{act} on objects that agree once time-window words are set aside ({_series_pair(a, b, series)}); "
               f"each takes a time window ({wa if wa == wb else f'{wb} vs {wa}'})")
    out.extend(f"`{f.name}` also takes a sampling step ({step_params(f)})" for f in (b, a) if step_params(f))


def _explain_cardinality(a: Frame, b: Frame, out: list[str]) -> None:
    """A listing vs a get-one by key, or a bulk form, when the parameters show it."""
    rel = lexicon().relation(a.action, b.action)
    bulk = bulk_cover(a, b, rel)
    if bulk:
        out.append(bulk_clause(bulk))
        return
    if ((is_one(a) and is_many(b)) or (is_one(b) and is_many(a))) and not same_series(a, b, rel) \
            and not interchange(a, b, rel) and same_source(a, b, rel) is None:  # two series each return many
        # values of one subject: no listing vs one; two services word their answers apart (interchange, sources)
        many, one = (b, a) if is_one(a) and is_many(b) else (a, b)
        if is_bulk(a, b):
            out.append(f"`{many.name}` takes a list of what `{one.name}` takes one of (a bulk form)")
        elif _lists(many, one):
            out.append(f"`{many.name}` lists, `{one.name}` gets one by key")


def _lists(many: Frame, one: Frame) -> bool:
    """The parameters show that ``many`` lists: it takes a query or a page (limit, offset), or keys other than
    ``one``'s. Two tools that take the same one key (trial_locations_getter vs trial_getter, both an nct_id) differ
    by a plural object word only: that is no listing against a get by key; nor are two tools that take the very same
    parameters (MedGen's condition and its clinical features, each by uid or cui)."""
    if many.params and {p.raw for p in many.params} == {p.raw for p in one.params}:
        return False
    return any(p.kind in ("query", "page") for p in many.params) or not same_required(many, one, _NOT_KEYS)


_NOT_KEYS = frozenset({"auth", "format"})  # required, but no key of what is looked up


def _explain_extra(a: Frame, b: Frame, matched: dict[str, str], out: list[str]) -> None:
    """A required parameter of one tool that the other has no counterpart for (or only a loose one)."""
    extra = params_match(a, b)[2] if a.params and b.params else None
    rel = lexicon().relation(a.action, b.action)
    if extra is None or extra.kind == "time" and same_series(a, b, rel) or bulk_cover(a, b, rel):
        return  # (two series: each one's window parameters are the other's counterparts, dates ~ a period;
        # a bulk form: what the single tool requires is in each entry of the list, bulk_clause says where)
    who = a if extra in a.params else b
    other = b if who is a else a
    if key_extra(who, extra.raw, interchange(a, b, lexicon().relation(a.action, b.action))):
        return  # a key of the system both take: the interchange clause names it and its counterpart
    loose = matched.get(extra.raw) if who is a else next((x for x, y in matched.items() if y == extra.raw), None)
    if loose:  # matched below by its kind or last word only: say so rather than 'no counterpart'
        out.append(f"`{who.name}` requires `{extra.raw}`, which `{other.name}` matches only loosely (`{loose}`)")
    else:
        out.append(f"`{who.name}` requires `{extra.raw}`, which `{other.name}` has no counterpart for")


def _explain_name(a: Frame, b: Frame, out: list[str]) -> None:
    if a.base and a.base == b.base and (a.ns or b.ns):
        pa, pb = _prefix(a), _prefix(b)
        prefixes = " vs ".join(f"`{p}`" if p else "none" for p in (pb, pa))
        if _spelled(a.base_raw) == _spelled(b.base_raw) and (pa or pb):  # each as written (GetWeather ~ get_weather)
            out.append(f"same name once namespaces are stripped ({_pair(b.base_raw, a.base_raw)}; {prefixes})")
            copy = copy_of(a, b)
            if copy is not None:  # decide reads the two as one tool (copies.py)
                out.append(copy_clause(a, b, copy))
        else:  # equal only as canonical words (request ~ requests, do_delete_object ~ delete_object): say so
            where = f"; {prefixes}" if pa or pb else ""
            out.append(f"names alike once prefixes, filler words and word forms are set aside "
                       f"({_pair(b.base_raw or b.name, a.base_raw or a.name)}{where})")


def _explain_action_object(a: Frame, b: Frame, rel: str | None, cover: tuple | None, out: list[str]) -> None:
    wa, wb = a.action_word or a.action, b.action_word or b.action
    act = None
    if rel in _ACTIONS:
        words = _pair(wb, wa) if rel == "same" else f"{wb} {'~' if rel == 'related' else 'vs'} {wa}"
        act = _ACTIONS[rel].format(words)
    obj = None
    group = same_source(a, b, rel)
    if group is not None:  # decide reads one job on one record, from two services that serve the same data (what
        out.append(source_clause(a, b, act, group))  # weighs by default, so it is said before interchange)
        return
    hit = interchange(a, b, rel)
    if hit:  # decide reads one object, asked of two services by one kind of input
        out.append(clause(a, b, act, hit))
        return
    series = same_series(a, b, rel) if a.obj and b.obj else None
    if series:  # decide reads one object once the time-window words are set aside
        _explain_series(a, b, act, series, out)
        return
    if a.obj and b.obj:
        _, how = object_relation(a, b, frozenset({cover[2]}) if cover else frozenset())
        oa, ob = _unprefixed(a, b), _unprefixed(b, a)
        generic = _explain_generic(a, b)  # computed for every relation, as before
        if how == "generic":
            obj = generic
        elif how == "same":
            obj = _OBJECTS[how].format(_pair(ob, oa)) + _set_aside(a, b, cover)
        elif how == "narrower":
            obj = _narrower(a, b, oa, ob, cover)
        else:
            obj = (_COUNT_OF if how == "part" and _counts(a, b) else _OBJECTS[how]).format(ob, oa)
            obj = obj[:-1] + _desc_note(a, b) + ")"
    if act and obj and obj.startswith("the same object") and rel in ("same", "related"):
        out.append(f"{act} on {obj}")
    else:
        out.extend(s for s in (act, obj) if s)


def _explain_version(a: Frame, b: Frame, cover: tuple | None, out: list[str]) -> None:
    """A version marker (_v2, variants.py): a version of the object the clause before calls the same, else a marker
    set aside from the object."""
    same = bool(out) and "the same object (" in out[-1] and not cover and bool(a.obj) and bool(b.obj) \
        and object_relation(a, b)[1] == "same"
    said = version_clause(a, b, same)
    if said:
        out.append(said)


def _set_aside(a: Frame, b: Frame, cover: tuple | None) -> str:
    """When the objects are one only once the enum value's word is set aside (web documentation ~ web with
    search_type=api_documentation): that word, as the covered tool writes it, and the parameter; else ""."""
    if not cover or set(a.obj) == set(b.obj):
        return ""
    y, w = cover[1], cover[2]
    w = y.obj_words[y.obj.index(w)] if w in y.obj and len(y.obj_words) == len(y.obj) else w
    x, (param, value) = cover[0], cover[3]
    how = f"switch {param} adds" if value == "on" and param in x.flags.values() else f"{param} selects"
    return f" once {w}, which `{x.name}`'s {how}, is set aside"


_COUNT_OF = "one object is a count of the other ({} vs {})"  # a count is what is known of it, not a part


def _counts(a: Frame, b: Frame) -> bool:
    """The longer object is the shorter's plus a count word (citations vs citation count)."""
    return count_of(a, b) or count_of(b, a)


def _desc_note(a: Frame, b: Frame) -> str:
    """Which tool's object is read from its description, not its name (a reader looks for it there)."""
    who = [f"`{f.name}`'s" for f in (b, a) if f.obj_src == "description"]
    return f"; {' and '.join(who)} read from its description" if len(who) == 1 else \
        f"; {' and '.join(who)} read from their descriptions" if who else ""


def _stem(w: str) -> str:
    w = w.lower()
    return w[:-3] + "y" if w.endswith("ies") and len(w) > 4 else w[:-1] if w.endswith("s") and len(w) > 3 else w


_EXCLUDES = ("non-{}", "non {}", "non{}", "not {}", "not for {}", "excluding {}", "except {}", "other than {}")


def _narrower(a: Frame, b: Frame, oa: str, ob: str, cover: tuple | None) -> str:
    """'one object narrows the other' only when one object's words contain the other's; and not when the broader
    tool's description excludes the narrowing word (toxicity 'non-human' vs human toxicity: two objects)."""
    wa, wb = {_stem(w) for w in oa.split()}, {_stem(w) for w in ob.split()}
    if not (wa <= wb or wb <= wa):
        if cover:  # the decision set aside the words an enum value or switch selects (the cover clause says which)
            return f"different objects, one an option of the other's ({ob} vs {oa})"
        return f"objects with the same head word ({ob} vs {oa})"
    broad, extra = (a, wb - wa) if wa <= wb else (b, wa - wb)
    for w in sorted(extra):
        for form in _EXCLUDES:
            m = re.search(_WORD_EDGE.format(re.escape(form.format(w))), broad.desc_low)
            if m:
                return f"different objects ({ob} vs {oa}): `{broad.name}`'s description says '{m.group(0)}'"
    return _OBJECTS["narrower"].format(ob, oa)


def _backed(f: Frame, words: tuple[str, ...]) -> bool:
    """A parameter of f takes the key its name speaks of (by_id: an id; by_project: a project parameter)."""
    lx = lexicon()
    for w in words:
        kind = lx.param_kind.get(w) or param_words(w)[2]
        for p in f.params:
            # the words as the parameter is named (a blank input_value read as the name's key is not named so)
            named, _, named_kind = param_words(p.raw)
            if w in named or w in p.raw.lower() or kind in ("id", "name", "query", "path", "url") \
                    and p.kind == kind == named_kind:
                return True
    return False


def _unprefixed(x: Frame, y: Frame) -> str:
    """_words(x) without a first word that is the service prefix of the other's name (OpenTargets_ in
    OpenTargets_target_disease_evidence, a name without a verb read whole as its object): the service both
    tools belong to is not what sets one object apart."""
    words = _words(x).split()
    if len(x.obj) > 1 and len(words) > 1 and y.ns and x.obj[0] == "".join(y.ns) and \
            _spelled(x.name).startswith(_spelled(words[0])):
        words = words[1:]
    return " ".join(words)


def _explain_quals(a: Frame, b: Frame, out: list[str]) -> None:
    for role, label in _QUAL_ROLES:
        qa, qb = a.quals.get(role), b.quals.get(role)
        if qa and qb and set(qa).isdisjoint(qb):
            label = "output formats" if role == "target" and all_formats(qa + qb) else label
            out.append(f"different {label} ({' '.join(qb)} vs {' '.join(qa)})")
        elif bool(qa) != bool(qb) and role != "with":
            who, q = (a, qa) if qa else (b, qb)
            if role == "target" and all_formats(q):  # _markdown, as CSV: the form of the answer (variants.py)
                out.append(f"only `{who.name}` names an output format ({' '.join(q)})")
            elif role == "key" and not _backed(who, q):  # by_project with no project parameter: not a lookup key
                out.append(f"only `{who.name}`'s name says by {' '.join(q)}, though no parameter of it is named so")
            elif role == "key" and not who.obj and "by" not in split_identifier(who.name):
                # search_keywords: the words it searches for, read as its query (no 'by' names a key)
                out.append(f"only `{who.name}`'s name says what its query searches for ({' '.join(q)})")
            else:
                out.append(f"only `{who.name}` names a {_QUAL_ONE[role]} ({' '.join(q)})")


def _explain_kinds(a: Frame, b: Frame, out: list[str]) -> None:
    """Antonyms, states, facets, cardinality, platforms and namespaces."""
    anti = antonym(a, b) or (tuple(reversed(antonym(b, a) or ())) or None)
    if anti:
        out.append(f"opposite name words ({anti[1]} vs {anti[0]})")
    if a.states and b.states and a.states.isdisjoint(b.states):
        out.append(f"different states ({'/'.join(sorted(b.states))} vs {'/'.join(sorted(a.states))})")
    elif a.states and a.states == b.states:
        out.append(f"the same state ({'/'.join(sorted(a.states))})")
    if a.facet and b.facet and a.facet != b.facet:
        out.append(f"one returns {a.facet}, the other {b.facet}")
    _explain_cardinality(a, b, out)
    # two services of one record (sources.py): a relay's organisms and its members' id systems are no difference
    one_record = same_source(a, b, lexicon().relation(a.action, b.action)) is not None
    plat = None if one_record else platform_conflict(a, b)
    if plat:
        out.append(f"different {_PLATFORM_KINDS.get(plat[0], ('platform', 'platforms'))[1]} ({plat[2]} vs {plat[1]})")
    elif not one_record:
        side = platform_one_side(a, b)
        if side and not (_platform_cat(side[0]) == "file format" and all_formats(side[0].quals.get("target", ()))):
            # (a format the tool's answer comes in: _explain_quals says it, as an output format)
            cat = _platform_cat(side[0])
            out.append(f"only `{side[0].name}` names a{'n' if cat[0] in 'aeiou' else ''} {cat} ({side[1]})")
    nsc = ns_conflict(a, b)
    if nsc:
        out.append(f"namespaces name different scopes ({nsc[1]} vs {nsc[0]})")
    keys = systems_note(a, b) if not one_record else None
    if keys:
        out.append(keys)


# what a lexicon platform category is, in words (a file format is no platform): (one, several)
_PLATFORM_KINDS = {"document_format": ("file format", "file formats"), "organism": ("organism", "organisms"),
                   "web_search": ("search engine", "search engines"),
                   "literature": ("literature database", "literature databases"),
                   "package_registry": ("package registry", "package registries"),
                   "code_host": ("code host", "code hosts"), "site": ("site", "sites"),
                   "cloud": ("cloud", "clouds"), "database_engine": ("database engine", "database engines"),
                   "ui_library": ("UI library", "UI libraries"), "os": ("operating system", "operating systems"),
                   "language_runtime": ("language", "languages"), "cli_tool": ("command-line tool", "command-line tools"),
                   "browser_automation": ("browser automation tool", "browser automation tools")}


def _platform_cat(f: Frame) -> str:
    """The kind platform_one_side named for f (its first non-interchangeable category, as it picks)."""
    lx = lexicon()
    own = sorted(c for c in f.platforms if not lx.interchangeable.get(c, False))
    return _PLATFORM_KINDS.get(own[0], ("platform",))[0] if own else "platform"


def _explain_desc(a: Frame, b: Frame) -> str:
    da, _, db, _, aside = pair_vectors(a, b)
    d = dot(da, db)
    note = f"; {aside} identical sentence{'s' if aside > 1 else ''} set aside" if aside else ""
    if d < 0.05:
        return f"descriptions share almost no terms{note}"
    common = sorted(da.keys() & db.keys(), key=lambda k: (-da[k] * db[k], k))
    # each term as each description writes it (files ~ file, generate ~ create)
    words = [_pair(b.surface.get(k, k.lstrip("@")), a.surface.get(k, k.lstrip("@"))) for k in common[:5]]
    more = f", +{len(common) - 5} more" if len(common) > 5 else ""
    gloss = ("; Chinese and Japanese words read as the lexicon's English glosses"
             if _CJK_RE.search(a.desc_low) or _CJK_RE.search(b.desc_low) else "")
    return f"{round(d * 100)}% shared description terms ({', '.join(words)}{more}{note}{gloss})"


_NAME_RE = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[_.:-]+[A-Za-z0-9]+)*")  # a tool name as a sentence writes it


def _explain_cue(a: Frame, b: Frame, out: list[str]) -> None:
    cue = cue_of(a, b)
    if cue:
        kind, who, sentence = cue
        other = b if who is a else a
        sentence = " ".join(sentence.split())  # a quote on one line (a list item's newline and indent collapsed)
        if len(sentence) > 120:  # the quote shows the other tool's name (a window when it comes late)
            end = next((m.end() for m in _NAME_RE.finditer(sentence) if norm_ident(m.group(0)) in other.norm_names),
                       0)
            s = quote_through(sentence, end)
        else:
            s = sentence
        out.append(f"description of `{who.name}`: '{s}'")
    elif a.deprecated or b.deprecated:
        who = a if a.deprecated else b
        s = who.deprecated or ""
        out.append(f"`{who.name}` says it is deprecated: '{s if len(s) <= 120 else s[:117] + '...'}'")


def _explain_generic(a: Frame, b: Frame) -> str:
    """What the 'generic' relation saw, no more: not that one object is a kind of the other (an R2 object is no
    kind of bucket), only that a general object's tool mentions the other's object."""
    g, o, where = generic_side(a, b) or (a, b, "description")
    return (f"`{g.name}` acts on a general object ({_words(g)}) and its {'enum values' if where == 'enum' else where} "
            f"name{'' if where == 'enum' else 's'} `{o.name}`'s object ({o.head})")


def _explain_params(a: Frame, b: Frame) -> tuple[list[str], dict[str, str]]:
    """The parameter clauses, and the pairs matched (a's raw name -> b's). A parameter each tool pins to a value
    of its own (operation=get_structure vs operation=get_structure_summary) is no match: it is said apart."""
    if not a.params and not b.params:
        return ["neither takes parameters"], {}
    if not a.params or not b.params:
        who = a if a.params else b
        return [f"only `{who.name}` takes parameters"], {}
    pairs: list[str] = []
    matched: dict[str, str] = {}
    pinned: list[str] = []
    used: set[str] = set()
    exact = 0
    b_canon = {q.canon for q in b.params}
    # a parameter both tools name alike is matched first: a loose match must not take its partner
    for p in sorted(a.params, key=lambda p: p.canon not in b_canon):
        s, q = pmatch(p, pindex(b))
        if q is None or q.raw in used or s < 0.5:
            continue
        used.add(q.raw)
        va, vb = a.fixed.get(p.raw), b.fixed.get(q.raw)
        if va is not None and vb is not None and va != vb:
            pinned.append(f"{_pair(q.raw, p.raw)}={vb} vs {va}")
            continue
        pairs.append(p.raw if p.raw == q.raw else f"{q.raw}~{p.raw}")
        matched[p.raw] = q.raw
        exact += p.raw == q.raw
    tail = [f"each fixes a parameter to a different value ({', '.join(pinned)})"] if pinned else []
    if not pairs:
        return ["no shared parameters", *tail], matched
    if exact == len(a.params) == len(b.params):
        return ["identical parameters " + "/".join(sorted(p.raw for p in a.params)), *tail], matched
    n = len({p.raw for p in a.params} | {p.raw for p in b.params})
    return [f"matching parameters {'/'.join(pairs[:6])} ({len(pairs)} of {n})", *tail], matched


def _explain_part_listed(a: Frame, b: Frame, rel: str | None, cover: tuple | None, out: list[str]) -> None:
    """The sentence in which one tool's description lists the part the other is named for (decide's part_listed:
    only for objects one of which is the other's plus part words)."""
    covered = frozenset({cover[2]}) if cover else frozenset()
    if not (a.obj and b.obj) or object_relation(a, b, covered)[1] not in PART_HOWS:
        return
    hit = part_listed(a, b, rel)
    if hit:
        whole, part, words, sentence = hit
        what = (f"the part `{part.name}`'s name adds to the object" if words != part.obj_words else
                f"what `{part.name}`'s name says it gets")
        out.append(f"`{whole.name}`'s description lists {' '.join(words)}, {what}, among what it returns: "
                   f"'{quote_part(sentence, words)}'")


def _series_pair(a: Frame, b: Frame, cores: tuple[tuple[str, ...], tuple[str, ...]]) -> str:
    """The two objects as the names write them, with what is left once the window words are set aside."""
    ca, cb = (" ".join(_unit(f, w) for w in c) for f, c in ((a, cores[0]), (b, cores[1])))
    return f"{_words(b)} vs {_words(a)}: {_pair(cb, ca)}"
