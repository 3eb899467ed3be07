"""TC430's reading of lookup keys and backends across two tools (toolcheck/overlap/keys.py, backends.py)."""

from __future__ import annotations

from toolcheck.overlap import compare, parse
from toolcheck.overlap.backends import align_backends, backend_names, backend_words, service_only
from toolcheck.overlap.decide import model, veto_reason
from toolcheck.overlap.keys import own_id_words
from toolcheck.overlap.relations import ns_conflict


def _schema(required: dict[str, str], optional: dict[str, str] | None = None) -> dict:
    props = {k: {"type": "string", "description": v} for k, v in {**required, **(optional or {})}.items()}
    return {"type": "object", "properties": props, "required": list(required)}


def test_an_abbreviated_own_id_is_the_objects_id():
    assert own_id_words(("comp", "identifier"), ("compound",)) == ("compound", "identifier")
    assert own_id_words(("seq", "identifier"), ("sequence",)) == ("sequence", "identifier")
    # a word that is its own noun, or the first part of a compound, is no abbreviation
    assert own_id_words(("gene", "identifier"), ("genome",)) == ("gene", "identifier")
    assert own_id_words(("data", "identifier"), ("dataset",)) == ("data", "identifier")
    # only the tool's own object: cust_id on a contract tool is still a customer's (a parent's) id
    assert own_id_words(("cust", "identifier"), ("contract",)) == ("cust", "identifier")
    a = parse("get_compound", "Get a chemical compound by its id: formula, weight and names.",
              _schema({"compound_id": "Identifier of the compound."}))
    b = parse("fetch_compound", "Fetch a compound's formula, weight and names.",
              _schema({"comp_id": "Three-letter compound code."}))
    assert [p.words for p in b.params] == [("compound", "identifier")]
    assert veto_reason(a, b) is None and compare(a, b) >= model().threshold


def test_a_blank_key_parameter_takes_the_id_system_its_name_says():
    b = parse("Hub_get_record_by_orcid_id", "Researcher record.", _schema({"input_value": "The id."}))
    assert [p.words for p in b.params] == [("orcid", "identifier")] and b.params[0].raw == "input_value"
    a = parse("Registry_get_record", "A researcher's record by name or ORCID iD.",
              _schema({}, {"full_name": "Name.", "orcid_id": "ORCID iD."}))
    assert any(p.canon == b.params[0].canon for p in a.params)  # the optional id of the same system matches
    # a key of alternatives, a key that is no id, or a parameter whose name says what it holds: left as written
    assert parse("x_get_record_by_name_or_id", "", _schema({"input_value": "."})).params[0].words == ("input", "value")
    assert parse("x_get_record_by_region", "", _schema({"input_value": "."})).params[0].words == ("input", "value")
    assert parse("x_get_record_by_orcid_id", "", _schema({"author": "."})).params[0].words == ("author",)


def test_a_service_named_in_a_name_is_where_not_what():
    a = parse("UniStore_get_unilist_cluster", "Get a UniList cluster by its id.", _schema({"cluster_id": "Id."}))
    b = parse("UniList_get_cluster", "Get a cluster of the UniList service by its id.", _schema({"cluster_id": "Id."}))
    assert backend_names(b) == {"unilist"} and "".join(backend_words(a, b)) == "unilist"
    a2, b2 = align_backends(a, b)
    assert a2.obj == ("cluster",) and b2 is b and ns_conflict(a2, b2) is None
    # a name that does not name the other's service: two databases of one provider (uni store vs uni list)
    assert ns_conflict(parse("UniStore_get_cluster", "", _schema({"cluster_id": "Id."})), b) is not None
    # a name's own service word next to another service's tool stays: which database is meant is left open
    c = parse("ACME_gene_info", "Gene information from ACME.", _schema({"gene": "Symbol."}))
    d = parse("other_get_gene_info", "Gene information.", _schema({"gene": "Symbol."}))
    assert backend_words(c, d) == () and align_backends(c, d) == (c, d)
    # a whole object that is the other's service takes the other's object only when that name says none
    e = parse("widgetdb_search", "Search WidgetDB.", _schema({"query": "Text."}))
    f = parse("WidgetDB_search_parameters", "Search the parameters of WidgetDB models.", _schema({"query": "Text."}))
    assert align_backends(e, f)[0].obj == e.obj


def test_service_words_in_a_namespace_are_no_scope():
    assert service_only({"atlas"}) and service_only({"catalog"}) and not service_only({"gene"})
    a = parse("TideAtlas_get_station", "Get a tide station.", _schema({"station_code": "Code."}))
    b = parse("TideCatalog_get_station", "Get a tide station.", _schema({"station_code": "Code."}))
    assert ns_conflict(a, b) is None
    c = parse("TideGauge_get_station", "Get a tide station.", _schema({"station_code": "Code."}))
    d = parse("TideRiver_get_station", "Get a river station.", _schema({"station_code": "Code."}))
    assert ns_conflict(c, d) is not None


def test_sites_are_not_websites():
    # binding sites, PTM sites, tissue sites: a site alone is no web page (a website still is one)
    assert parse("get_binding_sites").obj[-1] == "site"
    assert parse("get_webpage").obj == parse("get_website").obj


def test_a_short_name_of_the_object_is_no_part_of_it():
    from toolcheck.overlap.relations import object_relation
    short = parse("get_dosage", "Get the dosage sensitivity curation of a gene.", _schema({"gene": "Symbol."}))
    long_ = parse("get_dosage_sensitivity", "Dosage sensitivity scores of genes.", _schema({"gene": "Symbol."}))
    assert object_relation(short, long_)[1] == "narrower"
    whole = parse("get_order", "Get an order: date, customer and total.", _schema({"order_id": "Id."}))
    part = parse("get_order_items", "Get the items of an order.", _schema({"order_id": "Id."}))
    assert object_relation(whole, part)[1] == "part"
    listed = parse("get_reviews", "Reviews of a product; the review count is in the header.", _schema({"id": "Id."}))
    count = parse("get_review_count", "How many reviews a product has.", _schema({"id": "Id."}))
    assert object_relation(listed, count)[1] == "part"


def test_a_resource_of_many_organisms_covers_one_it_names():
    from toolcheck.overlap.backends import covers_organism
    hub = parse("Hub_get_gene", "Genes of human, mouse and yeast, merged from WormPages and others.", _schema({"id": "."}))
    worm = parse("WormPages_get_gene", "A nematode gene (C. elegans).", _schema({"id": "."}))
    fly = parse("FlyPages_get_gene", "A Drosophila gene.", _schema({"id": "."}))
    assert covers_organism(hub, worm) and not covers_organism(hub, fly) and not covers_organism(worm, fly)


def test_a_name_that_says_only_info_takes_its_object_from_the_first_sentence():
    f = parse("Metab_get_info", "Get compound information for a metabolite by its name.", _schema({"name": "."}))
    assert f.obj == ("compound",) and f.obj_src == "description" and f.facet == "meta"
    # an object the name says stays (file_info: the file), and content is no information facet
    assert parse("get_file_info", "Get information about a file or directory.").obj == ("file",)
    assert parse("fetch_content", "Fetch the text of a web page.").obj_src == "name"


def test_a_key_among_the_others_alternatives_is_the_same_key():
    from toolcheck.overlap.keys import key_alternatives, one_of_alternatives
    assert key_alternatives("get_dose_by_drug_name_or_atc_code") == (frozenset({"drug", "name"}),
                                                                     frozenset({"atc", "code"}))
    assert key_alternatives("get_dose_by_drug_name") == ()
    assert one_of_alternatives("get_dose_by_drug_name", "get_dose_by_drug_name_or_atc_code", ("drug", "name"),
                               ("drug", "name", "atc", "code"))
    assert not one_of_alternatives("get_dose_by_weight", "get_dose_by_drug_name_or_atc_code", ("weight",),
                                   ("drug", "name", "atc", "code"))


def test_an_endpoint_path_names_no_format():
    assert parse("x_search", "Search things (the /mechanism.json endpoint cannot filter).").platforms == {}
    assert parse("x_get", "Get a page of https://example.org/data.json and more.").platforms == {}
    assert "document_format" in parse("x_get", "Get the record as JSON.").platforms


def _key_texts(seed: int, alpha: list[str], n: int) -> list[str]:
    """Seeded random strings over ``alpha`` and every parameter description and tool description of corpus A
    (when it is beside this checkout)."""
    import json
    import random

    from .conftest import CORPUS
    rng = random.Random(seed)
    texts = ["".join(rng.choice(alpha) for _ in range(rng.randint(0, 40))) for _ in range(n)]
    path = CORPUS / "tools.jsonl"
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            r = json.loads(line)
            texts.append(r.get("description") or "")
            props = (r.get("parameters") or {}).get("properties") or {}
            texts.extend(v["description"] for v in props.values()
                         if isinstance(v, dict) and isinstance(v.get("description"), str))
    return texts


def test_key_system_patterns_match_their_plain_forms():
    """keys._ANCHOR_RE (its words grouped by first letter) finds a word in exactly the texts its plain alternation
    does, and keys._FIRST_SENTENCE_RE (the full stop first, then lookbehinds) splits where the plain form, the
    lookbehinds before the full stop, does: on seeded random strings and on corpus A's descriptions."""
    import re

    from toolcheck.overlap.keys import _ANCHOR_RE, _ANCHORS, _FIRST_SENTENCE_RE
    plain_anchor = re.compile("|".join(_ANCHORS))
    plain_split = re.compile(r"(?<!e\.g)(?<!i\.e)(?<!\bvs)\.\s+(?=[A-Z])")
    alpha = [*"cidpubmedsgnhrtoyflzwkbEAB. -_\n\t9", *_ANCHORS, "e.g. ", "i.e. ", "vs. ", " xvs. ", ". A", "rs id"]
    texts = _key_texts(18, alpha, 20000)
    for t in texts:
        low = t.lower()
        assert bool(_ANCHOR_RE.search(low)) == bool(plain_anchor.search(low)), repr(t)
        assert _FIRST_SENTENCE_RE.split(t[:400], maxsplit=1) == plain_split.split(t[:400], maxsplit=1), repr(t)
        assert _FIRST_SENTENCE_RE.split(t) == plain_split.split(t), repr(t)
