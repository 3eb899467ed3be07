"""toolcheck.overlap (TC430's model): the lexicon data, morphology, purpose frames, pair decisions, blocking."""

from __future__ import annotations

import json
import random
from importlib import resources

import pytest

from toolcheck.overlap import FEATURES, compare, explain, features, find_overlaps, mention_keys, parse
from toolcheck.overlap.candidates import candidate_pairs
from toolcheck.overlap.decide import VETOES, model, veto_reason
from toolcheck.overlap.lexicon import lexicon, singular, split_identifier

from .conftest import CORPUS, ROOT, needs_corpus, run_cli


def _data(name: str) -> dict:
    return json.loads(resources.files("toolcheck").joinpath("data", "overlap", name).read_text("utf-8"))


# ------------------------------------------------------------------------------------------------ data

def test_data_files_say_where_they_come_from():
    for name in ("lexicon.json", "idf.json", "model.json"):
        assert len(_data(name)["provenance"]) > 40, name


def test_verb_classes_are_consistent():
    verbs = _data("lexicon.json")["verbs"]
    seen: dict[str, str] = {}
    for cls, spec in verbs.items():
        for other in spec.get("opposite", []) + [r for r in spec.get("related", []) if r != "*"]:
            assert other in verbs, (cls, other)
        for w in spec["words"]:
            assert w == w.lower() and w not in seen, (w, cls, seen.get(w))
            seen[w] = cls


def test_model_has_a_weight_for_every_feature_and_its_threshold_is_the_rules_default():
    doc = _data("model.json")
    assert set(doc["weights"]) == set(FEATURES)
    assert doc["weights"]["veto"] < -2  # the label rules' decisive differences stay decisive
    from toolcheck.rules.tc4_naming.overlapping_tools import DEFAULT_THRESHOLD, RULE

    assert doc["threshold"] == DEFAULT_THRESHOLD == RULE.options["threshold"].default == model().threshold
    p = run_cli("rules", "--format", "json")
    [tc430] = [r for r in json.loads(p.stdout) if r["code"] == "TC430"]
    assert tc430["options"]["threshold"] == DEFAULT_THRESHOLD


# ------------------------------------------------------------------------------------------------ morphology

@pytest.mark.parametrize("word,cls", [
    ("searches", "search"), ("searched", "search"), ("searching", "search"), ("copies", "copy"),
    ("copied", "copy"), ("stopped", "stop"), ("retrieves", "get"), ("deleting", "delete"),
])
def test_inflections(word, cls):
    assert lexicon().verb_class(word) == cls


@pytest.mark.parametrize("word,cls", [
    ("finder", "search"), ("reader", "get"), ("creation", "create"), ("validation", "check"),
    ("deletion", "delete"), ("payment", "pay"), ("removal", "delete"), ("classification", "predict"),
    ("analysis", "analyze"), ("conversion", "convert"), ("cancellation", "cancel"), ("translation", "translate"),
])
def test_nominal_forms(word, cls):
    assert lexicon().nominal_class(word) == cls


@pytest.mark.parametrize("plural,single", [("policies", "policy"), ("boxes", "box"), ("status", "status"),
                                           ("news", "news"), ("addresses", "address"), ("files", "file")])
def test_plurals(plural, single):
    assert singular(plural) == single


def test_synonyms_and_compounds():
    lx = lexicon()
    assert lx.canon("photos") == lx.canon("image") == "image"
    assert lx.canon("purchase") == lx.canon("orders") == "order"
    assert lx.canon("folder") == lx.canon("directories")
    assert lx.canon("mindmap") == "mind_map"
    assert split_identifier("getHTTPStatus2") == ["get", "http", "status", "2"]
    assert split_identifier("r2_delete_object") == ["r2", "delete", "object"]


# ------------------------------------------------------------------------------------------------ frames

def test_service_and_platform_prefixes_are_namespaces():
    f = parse("FDA_get_drug_label_by_name")
    assert "fda" in f.ns and f.action == "get" and f.obj == ("drug", "label") and f.quals == {"key": ("name",)}
    g = parse("PubMed_Guidelines_Search")
    assert g.ns == ("pubmed",) and g.action == "search" and g.obj == ("guideline",)
    assert parse("playwright_click").base == parse("puppeteer_click").base == "click"


def test_compound_nouns_stay_one_object():
    assert parse("list_pull_requests").obj == ("pull_request",)
    assert parse("get_code_scanning_alert").obj == ("code_scanning_alert",)


def test_states_said_two_ways_are_one_state():
    assert parse("list_in_stock_items").states == parse("list_items_available_to_ship").states == {"available"}


def test_roles_and_conversions():
    f = parse("fahrenheit_to_celsius")
    assert f.action == "convert" and f.obj == ("celsius",) and f.quals["source"] == ("fahrenheit",)
    g = parse("convert_markdown_to_mindmap")
    assert g.obj == ("mind_map",) and g.quals["source"] == ("markdown",)
    assert parse("add_user_to_group").quals == {"target": ("group",)}


def test_nominalised_and_noun_first_names():
    assert parse("restaurant_finder").action == "search"
    assert parse("currency_conversion").action == "convert"
    assert parse("perform_search").action == "search"
    assert parse("order_cancellation").action == "cancel"
    v = parse("views_open")
    assert v.action == "open" and v.obj == ("view",)


def test_description_supplies_what_the_name_lacks():
    f = parse("fetch", "Fetches a URL from the internet and returns its contents as markdown.")
    assert f.action == "get" and f.obj == ("url",)
    z = parse("get_file_info", "获取文件信息，如存在状态、大小等。")
    assert z.action == "get" and z.obj == ("file",) and z.facet == "meta"


def test_cues_and_enums():
    f = parse("read_file", "Read a file. DEPRECATED: Use read_text_file instead.")
    assert f.deprecated and f.cue_names["readtextfile"][0] == "alias"
    g = parse("manage_subscription", "Start, pause or cancel a subscription.",
              {"type": "object", "properties": {"action": {"type": "string", "enum": ["start", "pause", "cancel"]}}})
    assert {"pause", "cancel"} <= set(g.enum_classes)


def test_documented_options_are_a_mode_parameters_enum():
    from toolcheck.overlap.params import documented_values
    assert documented_values("Filter by kind. Options: 'x:Gene', 'x:Disease'. Default: all.") == ["x:Gene", "x:Disease"]
    assert documented_values("Output format, one of: json, xml, csv") == ["json", "xml", "csv"]
    assert documented_values("Choose one of the options that suit you best") is None  # prose, no list
    assert documented_values("Options: see the manual for the full list of choices") is None
    f = parse("Shop_search", "Search the shop.", {"type": "object", "properties": {
        "category": {"type": "string", "description": "Options: 'book', 'film'."}}})
    assert {"book", "movie"} <= set(f.enum_words)  # film is the lexicon's movie
    g = parse("Shop_search", "Search the shop.", {"type": "object", "properties": {
        "title": {"type": "string", "description": "Options: 'book', 'film'."}}})
    assert not g.enum_words  # only a mode parameter's values select a job
    from toolcheck.overlap.relations import enum_cover
    ann = parse("Lit_get_annotations", "Get the text-mined annotations of an article.", {"type": "object", "properties": {
        "annotation_type": {"type": "string", "description": "Options: 'organism', 'gene', 'disease'."}}})
    same_api = parse("Lit_get_article_organisms", "Get the organisms an article mentions.")
    other_api = parse("get_host_organism_by_entry_id", "Get the host organism of a structure entry.")
    assert enum_cover(ann, same_api, "same") is not None
    assert enum_cover(ann, other_api, "same") is None  # a value only a description lists: within one API only


def test_take_is_a_light_verb_and_on_in_a_sentence_is_a_preposition():
    f = parse("browser_take_screenshot")
    assert f.action == "capture" and f.obj == () and f.base == parse("playwright_screenshot").base
    h = parse("puppeteer_hover", "Hover an element on the page")
    assert h.action == "hover" and not h.states
    assert parse("list_devices_on").states == {"active"}  # a name still says a state with it


def test_one_bare_verb_on_interchangeable_backends_is_one_job():
    a = parse("selenium_hover", "Move the pointer over an element on the page.",
              {"type": "object", "properties": {"selector": {"type": "string"}}, "required": ["selector"]})
    b = parse("browser_hover", "Hover over a page element.",
              {"type": "object", "properties": {"ref": {"type": "string"}}, "required": ["ref"]})
    assert compare(a, b) >= model().threshold
    # package registries are not interchangeable: the same bare verb there is two jobs
    c = parse("npm_search", "Search the npm registry for packages.",
              {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]})
    d = parse("pypi_search", "Search the Python Package Index for packages.",
              {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]})
    assert compare(c, d) < model().threshold


def test_hostile_inputs_do_not_raise():
    for args in [("", None, None), ("x" * 5000, "y" * 100_000, {"properties": "nope"}),
                 ("a.b.c", 5, {"properties": {"": {"enum": [1, None, "x" * 500]}}}), ("。。。", "！！", [])]:
        f = parse(*args)
        compare(f, parse("search_gifts", "Search gifts."))


# ------------------------------------------------------------------------------------------------ decisions

PAIRS = [  # (a, b, overlap?)
    (("search_gifts", "Search the gift catalogue by budget and interests.", {"budget": "number"}),
     ("find_presents", "Find presents that fit a budget and the recipient's interests.", {"budget": "number"}), True),
    (("list_invoices", "List the customer's invoices.", {}),
     ("get_invoice", "Get one invoice by its ID.", {"invoice_id": "string!"}), False),
    (("enable_webhook", "Enable a webhook.", {"webhook_id": "string!"}),
     ("disable_webhook", "Disable a webhook.", {"webhook_id": "string!"}), False),
    (("get_user_policy", "Get an inline policy of a user.", {"user_name": "string!", "policy_name": "string!"}),
     ("get_group_policy", "Get an inline policy of a group.", {"group_name": "string!", "policy_name": "string!"}),
     False),
    # a source given as a required argument: distinct, however alike the rest (issue 18: scope or key required)
    (("extract_text_from_url", "Extract and read the text in documents from web URLs, for scans, receipts and forms.",
      {"url": "string!", "resize": "boolean", "max_width": "number"}),
     ("extract_text_from_file", "Extract and read the text in documents from local file paths, for scans, receipts "
      "and forms.", {"file_path": "string!", "resize": "boolean", "max_width": "number"}), False),
    # both names say their lookup key and the keys differ: the same parameters then search different fields
    (("catalog_find_books_by_author", "Find books in the library catalogue whose author matches the text.",
      {"text": "string!", "limit": "integer"}),
     ("catalog_find_books_by_genre", "Find books in the library catalogue whose genre matches the text.",
      {"text": "string!", "limit": "integer"}), False),
    # a narrower object whose extra word the broader tool documents nowhere
    (("count_seismic_events", "Count the seismic events recorded in a region over a period.",
      {"region": "string!", "days": "integer"}),
     ("count_volcanic_seismic_events", "Count the seismic events of volcanoes recorded in a region over a period.",
      {"region": "string!", "days": "integer"}), False),
    # one API, two specific objects named, read by the same kind of key
    (("Zoo_get_enclosure", "Get the details of one enclosure of the zoo by its code.", {"code": "string!"}),
     ("Zoo_get_keeper", "Get the details of one keeper of the zoo by its code.", {"code": "string!"}), False),
    # one API, required keys of different kinds: ids vs a free-text query
    (("Shelf_fetch_books", "Return the books of the shelf with these identifiers.", {"book_ids": "array!"}),
     ("Shelf_search_books", "Return the books of the shelf that match a free-text query.", {"query": "string!"}),
     False),
]


def _frame(spec):
    name, desc, params = spec
    props = {k: {"type": t.rstrip("!")} for k, t in params.items()}
    req = [k for k, t in params.items() if t.endswith("!")]
    return parse(name, desc, {"type": "object", "properties": props, "required": req})


@pytest.mark.parametrize("a,b,overlap", PAIRS, ids=[p[0][0] + "-" + p[1][0] for p in PAIRS])
def test_decisions(a, b, overlap):
    fa, fb = _frame(a), _frame(b)
    s = compare(fa, fb)
    assert (s >= model().threshold) == overlap, (s, explain(fa, fb))
    assert s == compare(fb, fa)  # symmetric
    assert features(fa, fb) == features(fb, fa)
    if not overlap:
        assert veto_reason(fa, fb) in VETOES


def test_a_decisive_difference_caps_the_score():
    from toolcheck.overlap.decide import VETO_CAP

    for a, b, _overlap in PAIRS:
        fa, fb = _frame(a), _frame(b)
        if veto_reason(fa, fb) is not None:
            assert compare(fa, fb) <= VETO_CAP
            assert compare(fa, fb, VETO_CAP + 0.01) is None


def test_an_alias_phrase_under_a_label_of_its_own_is_no_alias():
    known = mention_keys("map_tiles_render") | mention_keys("map_tiles_render_legacy")
    f = parse("map_tiles_render_legacy", "Render map tiles. Inputs: same as map_tiles_render.", None, known)
    assert f.cue_names["maptilesrender"][0] == "mention"
    g = parse("map_tiles_render_legacy", "Render map tiles. Note: same as map_tiles_render.", None, known)
    assert g.cue_names["maptilesrender"][0] == "alias"


def test_early_exit_gives_the_same_score():
    fa, fb = _frame(PAIRS[0][0]), _frame(PAIRS[0][1])
    full = model().score(features(fa, fb))
    assert compare(fa, fb) == pytest.approx(full)
    assert compare(fa, fb, 0.5) == pytest.approx(full)
    assert compare(fa, fb, min(0.999, full + 0.01)) is None


def test_known_names_do_not_change_a_pair():
    a = ("get_weather_report", "Deprecated: use get_forecast instead. Weather for a city.", {"city": "string!"})
    b = ("get_forecast", "Weather forecast of a city.", {"city": "string!"})
    plain = compare(_frame(a), _frame(b))
    known = mention_keys("get_weather_report") | mention_keys("get_forecast") | mention_keys("unrelated_tool")
    fa = parse(a[0], a[1], {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
               known)
    fb = parse(b[0], b[1], {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
               known)
    assert compare(fa, fb) == plain
    assert features(fa, fb)[FEATURES.index("cue_alias")] == 1.0


def test_explanations_claim_only_what_is_there():
    fa, fb = parse("math.factorial", "Factorial of n."), parse("factorial", "Compute a factorial.")
    assert "same name once namespaces are stripped (factorial; `math.` vs none)" in explain(fb, fa)
    ga, gb = parse("get_order", "Get an order."), parse("cancel_order", "Cancel an order.")
    text = "; ".join(explain(ga, gb))
    assert "same action" not in text and "namespaces are stripped" not in text
    assert "opposite actions (cancel vs get)" in text or "different actions (cancel vs get)" in text


# ------------------------------------------------------------------------------------------------ on real tools

def _corpus(prefix: str) -> list[dict]:
    with open(CORPUS / "tools.jsonl", encoding="utf-8") as fh:
        return [r for r in map(json.loads, fh) if r["source"].startswith(prefix)]


@needs_corpus
def test_blocking_loses_almost_no_pair_of_a_real_server_set():
    """Of the pairs of LiveMCPBench's 527 tools that reach the threshold when all 138,601 pairs are scored, the
    blocking proposes at least 95% (2 of 61 are lost when written), and it proposes nothing else."""
    recs = _corpus("icip-cas/LiveMCPBench")
    known = frozenset(k for r in recs for k in mention_keys(r["name"]))
    frames = [parse(r["name"], r.get("description", ""), r.get("parameters"), known) for r in recs]
    th = model().threshold
    names = [f.name for f in frames]
    found = {(i, j) for i, j, _ in find_overlaps(frames, th, lambda i, j: names[i] != names[j])}
    exhaustive = {(i, j) for i in range(len(frames)) for j in range(i + 1, len(frames))
                  if names[i] != names[j] and compare(frames[i], frames[j], th) is not None}
    assert exhaustive and found <= exhaustive and len(found) >= 0.95 * len(exhaustive)


@needs_corpus
def test_scores_are_symmetric_on_real_pairs():
    recs = _corpus("pypi:tooluniverse")
    rng = random.Random(430)
    frames = [parse(r["name"], r.get("description", ""), r.get("parameters")) for r in rng.sample(recs, 300)]
    pairs = candidate_pairs(frames)[:2000]
    assert len(pairs) > 100
    for i, j in pairs:
        assert compare(frames[i], frames[j]) == compare(frames[j], frames[i])


# ------------------------------------------------------------------------------------------------ early exit

_SERVER_DIRS = (ROOT / "benchmarks" / "overlap" / "servers", ROOT / "benchmarks" / "precision" / "servers")


def _server_frames() -> list[list]:
    """The frames of each captured server (benchmarks/*/servers), one list per server."""
    out = []
    for d in _SERVER_DIRS:
        for p in sorted(d.glob("*.json")):
            data = json.loads(p.read_text(encoding="utf-8"))
            tools = data.get("tools") if isinstance(data, dict) else None
            if tools:
                known = frozenset(k for r in tools for k in mention_keys(r["name"]))
                out.append([parse(r["name"], r.get("description") or "", r.get("parameters", r.get("inputSchema")),
                                  known) for r in tools])
    return out


def _sample_pairs(n: int, seed: int) -> list[tuple]:
    """A seeded sample of pairs: every pair of the decision cases, pairs of the captured servers and, with the
    corpus beside the checkout, candidate pairs of corpus A's tooluniverse and LiveMCPBench groups."""
    rng = random.Random(seed)
    cases = [_frame(s) for a, b, _ in PAIRS for s in (a, b)]
    out = [(x, y) for i, x in enumerate(cases) for y in cases[i + 1:]]
    pool = [(fr[i], fr[j]) for fr in _server_frames() for i in range(len(fr)) for j in range(i + 1, len(fr))]
    if CORPUS.is_dir():
        for prefix in ("pypi:tooluniverse", "icip-cas/LiveMCPBench"):
            recs = _corpus(prefix)
            known = frozenset(k for r in recs for k in mention_keys(r["name"]))
            fr = [parse(r["name"], r.get("description", ""), r.get("parameters"), known) for r in recs]
            pool.extend((fr[i], fr[j]) for i, j in candidate_pairs(fr))
    out.extend(rng.sample(pool, min(n, len(pool))))
    return out


def _check_early_exit(pairs: list[tuple], thresholds: tuple[float, ...]) -> int:
    """compare(a, b, t) is the full score when that reaches t and None otherwise; the number of reported pairs."""
    reported = 0
    for a, b in pairs:
        full = compare(a, b, 0.0)  # no threshold: no early exit
        for t in thresholds:
            got = compare(a, b, t)
            if full >= t:
                reported += 1
                assert got == full, (a.name, b.name, t, full, got)
            else:
                assert got is None, (a.name, b.name, t, full, got)
    return reported


def test_early_exit_never_drops_a_pair_the_full_computation_reports():
    """At the shipped weights, over thresholds around the default, on a seeded sample of real and fixture pairs."""
    pairs = _sample_pairs(6000, 430)
    th = model().threshold
    assert _check_early_exit(pairs, (0.05, 0.2, 0.31, 0.4, th, 0.6, 0.8)) > 50


def test_early_exit_stays_exact_under_other_weights(monkeypatch):
    """The bounds come from the model's weights, so a refit keeps them exact: random weights (either sign, some
    zero, a veto that favours) on the same kind of sample."""
    from toolcheck.overlap import decide
    shipped = model()
    pairs = _sample_pairs(1500, 18)
    rng = random.Random(1018)
    reported = 0
    for _ in range(6):
        ws = tuple(0.0 if rng.random() < 0.1 else rng.gauss(0.0, 2.0) for _ in FEATURES)
        m = decide.Model(rng.uniform(-3.0, 1.0), ws, shipped.threshold)
        monkeypatch.setattr(decide, "model", lambda backends="named", m=m: m)
        reported += _check_early_exit(pairs, (0.2, 0.5, 0.7))
    assert reported > 100


def test_stage1_parts_set_only_the_features_the_bounds_assume():
    """What compare's bounds rely on: stage 1's tail never sets a feature only the head is said to set, the
    qualifier features need a qualifier, the cue features a tool name in a description; stage 2 sets only its own."""
    from toolcheck.overlap import decide
    from toolcheck.overlap.relations import facts
    for a, b in _sample_pairs(4000, 7):
        fa, fb = facts(a), facts(b)
        x, rel = decide._stage1_head(a, b, fa, fb)
        head = set(x)
        decide._stage1_tail(a, b, fa, fb, rel, x)
        tail = {k for k in x if k not in head}
        assert not tail & set(decide._HEAD_ONLY), (a.name, b.name, tail)
        if not (a.quals or b.quals):
            assert not (set(x) & set(decide._QUAL_FEATURES)), (a.name, b.name)
        if not (a.cue_names or b.cue_names):
            assert not (set(x) & set(decide._CUE_FEATURES)), (a.name, b.name)
        assert len(set(x) & set(decide._CUE_FEATURES)) <= 1, (a.name, b.name)  # Model.cue_max: one at most
        # _known_tail reads these before the tail is measured: exactly what the tail then sets
        ns, kind = decide._namespace_relation(fa, fb), decide._params_relation(a, b)
        known = {k for k in (kind, "ns_same" if ns == "same" else None) if k}
        assert set(x) & set(decide._KNOWN_TAIL) == known, (a.name, b.name)
        assert ("ns_differ" in x) == (ns == "differ"), (a.name, b.name)
        decide._stage1_veto(a, b, x)
        n = set(x)
        decide._stage2(a, b, x)
        assert set(x) - n <= set(decide._STAGE2)
        assert all(0.0 <= v <= decide._COS_MAX for v in x.values())  # a cosine may round past 1 (_COS_MAX)


def test_tail_bound_holds_what_the_tail_adds():
    """_tail_bound (the closer bound _early_head asks last) is at least what stage 1's tail then adds but
    ns_differ, at the shipped weights and at random ones of either sign; and at the shipped weights it is closer
    than _known_tail's bound on most pairs."""
    from toolcheck.overlap import decide
    from toolcheck.overlap.relations import facts
    shipped = model()
    rng = random.Random(2430)
    models = [shipped] + [decide.Model(0.0, tuple(0.0 if rng.random() < 0.1 else rng.gauss(0.0, 2.0)
                                                  for _ in FEATURES), shipped.threshold) for _ in range(6)]
    closer = n = 0
    for a, b in _sample_pairs(4000, 431):
        fa, fb = facts(a), facts(b)
        x, rel = decide._stage1_head(a, b, fa, fb)
        head = set(x)
        decide._stage1_tail(a, b, fa, fb, rel, x)
        tail = [k for k in x if k not in head and k != "ns_differ"]
        for m in models:
            added = sum(m.by_name[k] * x[k] for k in tail)
            bound = decide._tail_bound(a, b, fa, fb, rel, m)
            assert added <= bound + 1e-9, (a.name, b.name, tail, added, bound)
        n += 1
        closer += decide._tail_bound(a, b, fa, fb, rel, shipped) < decide._known_tail(a, b, fa, fb, shipped)[0] - 1e-9
    assert closer > n // 2, (closer, n)


def test_quick_reject_holds_only_what_the_veto_caps():
    """What _quick_reject assumes above VETO_CAP: a pair it rejects has different or opposite actions, the veto
    and a full score of at most VETO_CAP (no enum or alias cue overrides it); it rejects some of the sample."""
    from toolcheck.overlap import decide
    from toolcheck.overlap.relations import align_services
    m = model()
    rejected = 0
    for a, b in _sample_pairs(6000, 431):
        x, y = align_services(a, b)
        for t in (0.31, m.threshold, 0.8):
            if decide._quick_reject(x, y, m, t):
                rejected += 1
                assert lexicon().relation(x.action, y.action) in ("different", "opposite"), (a.name, b.name)
                assert veto_reason(a, b) in ("act_different", "act_opposite"), (a.name, b.name)
                assert compare(a, b, 0.0) <= decide.VETO_CAP, (a.name, b.name)
    assert rejected > 10


def test_a_one_sentence_description_has_one_vector_for_both_cosines():
    """vectors.vectors shares the description's vector as the first sentence's when there is one sentence (the
    same terms), so compare dots it once; with two sentences the first sentence has its own."""
    from toolcheck.overlap.vectors import vectors
    one = vectors(parse("get_weather", "Get the current weather for a city."))
    two = vectors(parse("get_forecast", "Get the forecast for a city. Updated hourly from the national service."))
    assert one.lvec is one.dvec and one.dvec
    assert two.lvec is not two.dvec and set(two.lvec) < set(two.dvec)


def test_documented_values_cheap_test_misses_no_list():
    """documented_values skips the pattern for ASCII text without any of its words; text in any case, and
    non-ASCII text (where IGNORECASE lets a long s match an s), still reads the listed values."""
    from toolcheck.overlap.params import documented_values
    assert documented_values("Sort order, nothing listed.") is None
    assert documented_values("OPTIONS are: 'asc', 'desc'") == ["asc", "desc"]
    assert documented_values("Mode (one of: fast, slow)") == ["fast", "slow"]
    assert documented_values("Optionſ: 'a', 'b'") == ["a", "b"]  # U+017F, matched by the pattern itself


def test_sentence_pattern_matches_its_branches_written_one_after_the_other():
    """frames._SENTENCE_RE opens with a character class (so the regex engine skips ahead); it must match exactly
    where its plain form, the branches one after the other, does: on sentences and on seeded random strings."""
    import re

    from toolcheck.overlap.frames import _SENTENCE_RE
    plain = re.compile(r"(?<=[a-z0-9)\]\"'`])(?:(?<!\be\.g)(?<!\bi\.e)(?<!\bvs)\.|[!?;])\s+(?=[A-Z(\"'`\[])"
                       r"|[。！？；]\s*|\n\s*\n|\n\s*[-*•]\s+"
                       r"|\s+[-*•]\s+(?=[A-Z])")
    rng = random.Random(18)
    alpha = [*"aZq9).]!?;。！？；\n\r -*•\t\u3000\u00a0\"'`[(B", "\n\n", "  ", ". ", "; A", "e.g. ", "i.e", "vs.", " xe.g"]
    texts = ["Get a file. Then read it!", "Lists:\n- one\n- two", "a.b.c", "x \u2022 Y", "第一句。第二句", "end.  (Note)", "a gene (e.g. BRCA1). Then", "A vs. B", "i.e. This", "abe.g. X"]
    texts += ["".join(rng.choice(alpha) for _ in range(rng.randint(0, 30))) for _ in range(20000)]
    for t in texts:
        assert [m.span() for m in _SENTENCE_RE.finditer(t)] == [m.span() for m in plain.finditer(t)], repr(t)


def test_tool_name_pattern_matches_its_plain_form():
    """frames._IDENT_RE's possessive repeats change no match: the same spans and groups as the plain pattern, on
    names written every way and on seeded random strings (long runs too, past the quoted forms' 80 characters).
    frames._idents (found from the character before each name) gives the same (start, name) as _IDENT_RE.finditer,
    on those strings, parts of them (pos, endpos) and every description of corpus A."""
    import json
    import re

    from toolcheck.overlap.frames import _IDENT_RE, _IDENT_TEMPLATE, _idents

    from .conftest import CORPUS
    plain = re.compile(_IDENT_TEMPLATE.replace("{P}", ""))
    rng = random.Random(430)
    alpha = [*"aZbY09_.:-`'\" \téÉK\u212aß", "Ab", "aB", "x_y", "ab.cd"]
    texts = ["Use `read_text_file` or 'getFile' instead of fs.read-file, readFile, ReadFile and \"x.y\".", "a_" * 50]
    texts += ["".join(rng.choice(alpha) for _ in range(rng.randint(0, 25))) for _ in range(15000)]
    texts += ["".join(rng.choice("aZ_.`'\" 9") * rng.choice((1, 2, 79, 80, 81)) for _ in range(4)) for _ in range(3000)]
    more = [*alpha, "\n", "\u00a0", "\u3000", "\u30fb", "\u3042", "\u01c5", "\u0661", ",", ")", "'a'", "`b`", "'x'y_z", "aB_c"]
    texts += ["".join(rng.choice(more) for _ in range(rng.randint(0, 30))) for _ in range(30000)]

    def spans(p, t):
        return [(m.span(), m.lastindex, m[m.lastindex]) for m in p.finditer(t)]

    def found(t, *span):
        return [(m.start(), m[m.lastindex]) for m in _IDENT_RE.finditer(t, *span)]

    for t in texts:
        assert spans(_IDENT_RE, t) == spans(plain, t), repr(t)
        assert _idents(t) == found(t), repr(t)
        for span in ((1, len(t) - 1), (len(t) // 3, len(t)), (2, 9)):
            assert _idents(t, *span) == found(t, *span), (repr(t), span)
    path = CORPUS / "tools.jsonl"
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            t = json.loads(line).get("description") or ""
            assert _idents(t) == found(t), repr(t)


def test_no_sentence_ends_at_an_abbreviation_before_a_capital():
    """'(e.g. Gene or Protein)', 'i.e. This', 'A vs. B' go on; a full stop before a capital still ends one."""
    from toolcheck.overlap.frames import split_sentences
    assert split_sentences("Fetch a record (e.g. Gene or Protein). Then stop.") == [
        "Fetch a record (e.g. Gene or Protein)", "Then stop."]
    assert split_sentences("Compare A vs. B today. Use i.e. This one.") == ["Compare A vs. B today", "Use i.e. This one."]
