"""TC430's interchangeable backends: two services that answer one question from one kind of input
(toolcheck/overlap/interchange.py, keys.key_systems, the K blocking key)."""

from __future__ import annotations

from toolcheck.overlap import compare, explain, find_overlaps, parse
from toolcheck.overlap.candidates import candidate_pairs
from toolcheck.overlap.decide import model
from toolcheck.overlap.interchange import interchange
from toolcheck.overlap.keys import key_systems
from toolcheck.overlap.lexicon import lexicon


def _schema(required: dict[str, str], optional: dict[str, str] | None = None) -> dict:
    props = {k: {"type": "string", "description": v} for k, v in {**required, **(optional or {})}.items()}
    return {"type": "object", "properties": props, "required": list(required)}


def _hit(a, b):
    return interchange(a, b, lexicon().relation(a.action, b.action))


def test_key_systems_read_from_names_and_descriptions():
    assert key_systems("chemblId") == {"chembl"}
    assert key_systems("pubchem_cid") == {"pubchem_cid"}
    assert key_systems("geneSymbol") == {"gene_symbol"}
    assert key_systems("protein_id", "Vault id (e.g. 'V12') or UniProt accession (e.g. 'Q9Y6K9').") == {"uniprot"}
    assert key_systems("map_id", "EMDB accession, e.g. EMD-3001") == {"emdb"}
    assert key_systems("entry_id", "PDB id, e.g. 4hhb") == {"pdb"}
    assert key_systems("x", "the uniprot_id of the protein") == {"uniprot"}
    # words inside other words are no system (acid, decide; pdbe)
    assert key_systems("cidx", "a decided acid") == frozenset()
    assert key_systems("site", "PDBe site code") == frozenset()


def _go_pair():
    a = parse("Proteomo_get_protein_ontology",
              "Get the Gene Ontology terms attached to a protein in Proteomo, each with its evidence code.",
              _schema({"protein_accession": "UniProt accession of the protein, e.g. 'Q9Y6K9'."}))
    b = parse("TermBank_search_terms",
              "Search the Gene Ontology terms annotated to one gene product in TermBank, each with its evidence code.",
              _schema({"product_accession": "UniProtKB accession of the gene product."}, {"page_size": "Per page."}))
    return a, b


def test_two_services_one_kind_of_input_one_object_in_other_words():
    a, b = _go_pair()
    hit = _hit(a, b)
    assert hit is not None and hit[0] == {"uniprot"}
    assert compare(a, b, backends="interchangeable") >= model().threshold  # the opt-in weighs it as one job
    assert compare(a, b) < model().threshold  # by default two services are ones a user names
    msg = "; ".join(explain(b, a))
    assert "both take a UniProt accession (`protein_accession` ~ `product_accession`)" in msg
    assert "from different services (Proteomo, TermBank): interchangeable backends" in msg
    assert "lists," not in msg and "matches only loosely" not in msg  # the lifted listing and loose-key clauses


def test_keys_of_two_systems_are_no_one_input():
    a = parse("MapVault_get_citations", "Get the papers that describe a map deposited in EMArchive.",
              _schema({"map_id": "EMDB accession of the map, e.g. 'EMD-3001'."}))
    b = parse("ModelVault_get_citations", "Get the papers that describe an entry deposited in CoordStore.",
              _schema({"entry_id": "PDB id of the entry, e.g. '4hhb'."}))
    assert _hit(a, b) is None


def test_an_organism_database_is_a_scope():
    a = parse("FlyBase_get_gene_expression", "Get where a fruit fly gene is expressed.",
              _schema({"gene_symbol": "Gene symbol."}))
    b = parse("ZFIN_search_expression", "Search expression patterns of a zebrafish gene.",
              _schema({"symbol": "Gene symbol."}))
    assert _hit(a, b) is None


def test_a_record_of_the_keys_entity_is_the_services_own():
    a = parse("HepatoRef_get_drug", "Liver toxicity record of one drug from HepatoRef.",
              _schema({"drug_name": "Drug name."}))
    b = parse("NursingRef_get_drug", "Lactation record of one drug from NursingRef.",
              _schema({"drug_name": "Drug name."}))
    assert _hit(a, b) is None
    c = parse("ToxHub_get_drug_safety", "Safety of one drug from ToxHub.", _schema({"drug_name": "Drug name."}))
    assert _hit(a, c) is None  # one side names only the key's entity (drug): its record, not the other's object


def test_different_objects_and_a_key_of_another_kind_stay_apart():
    a = parse("SeqStore_get_sequence", "Get the amino-acid sequence of a protein from SeqStore.",
              _schema({"accession": "UniProt accession."}))
    b = parse("FoldIndex_get_domains", "Get the structural domains of a protein in FoldIndex.",
              _schema({"uniprot_id": "UniProt accession."}))
    assert _hit(a, b) is None
    # a required key the shared system does not cover (a domain id): a lookup by another key
    c = parse("DomainHub_get_proteins_by_domain", "Get the proteins that carry a domain, with UniProt links.",
              _schema({"domain_id": "Domain id."}, {"uniprot_filter": "Only this UniProt accession."}))
    d = parse("ProtDir_get_proteins", "Get proteins by UniProt accession.", _schema({"accession": "UniProt accession."}))
    assert _hit(c, d) is None


def test_one_service_is_no_interchange():
    a = parse("Proteomo_get_protein_ontology", "Get the Gene Ontology terms attached to a protein in Proteomo.",
              _schema({"protein_accession": "UniProt accession."}))
    b = parse("Proteomo_search_terms", "Search the Gene Ontology terms of one protein in Proteomo.",
              _schema({"accession": "UniProt accession."}))
    assert _hit(a, b) is None


def test_the_blocking_proposes_the_pair_and_the_score_is_the_pairs_own():
    a, b = _go_pair()
    other = parse("weather_get_forecast", "Get the forecast for a city.", _schema({"city": "City name."}))
    assert (0, 1) in candidate_pairs([a, b, other])
    alone = find_overlaps([a, b], 0.5, backends="interchangeable")
    crowd = find_overlaps([other, a, b], 0.5, backends="interchangeable")
    assert [s for *_, s in alone] == [s for *_, s in crowd] and alone


def test_required_keys_of_two_systems_on_two_services_are_a_different_lookup():
    from toolcheck.overlap.decide import veto_reason
    from toolcheck.overlap.interchange import systems_differ
    a = parse("EMArchive_get_papers", "Get the papers that describe a map entry deposited in EMArchive.",
              _schema({"map_id": "EMDB accession of the map, e.g. 'EMD-3001'."}))
    b = parse("CoordStore_get_entry_papers", "Get the papers that describe an entry deposited in CoordStore.",
              _schema({"entry_id": "PDB id of the entry, e.g. '4hhb'."}))
    assert systems_differ(a, b) and veto_reason(a, b) is not None  # (an earlier veto may name it first)
    assert compare(a, b) < model().threshold
    # one system each side shares, or one service: no such veto
    c = parse("CoordStore_get_map_papers", "Get the papers of a map.", _schema({"map_id": "EMDB accession."}))
    assert not systems_differ(a, c)
    d = parse("PaperHub_get_papers", "Get papers of an entry.", _schema({"entry": "PDB id or EMDB accession."}))
    assert not systems_differ(a, d) and not systems_differ(b, d)


def test_backends_option_is_the_models_modes():
    """TC430's `backends` choices are decide.BACKEND_MODES (the rule module does not import toolcheck.overlap for
    one contract), and `interchangeable` changes only the interchange weight, which `named` leaves at 0: the
    reading then lifts vetoes only."""
    from toolcheck.overlap import BACKEND_MODES, FEATURES, model
    from toolcheck.rules.tc4_naming.overlapping_tools import BACKEND_MODES as RULE_MODES

    assert RULE_MODES == BACKEND_MODES
    named, inter = model("named"), model("interchangeable")
    assert named.by_name["interchange"] == 0.0 and inter.by_name["interchange"] > 0.0
    assert [f for f in FEATURES if named.by_name[f] != inter.by_name[f]] == ["interchange"]
    assert named.bias == inter.bias and named.threshold == inter.threshold
