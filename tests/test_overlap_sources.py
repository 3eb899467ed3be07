"""toolcheck.overlap.sources: the table of services that serve the same data (data/overlap/sources.json) and the
same_source reading of two of its services doing one job."""

from __future__ import annotations

import json
import re
from importlib import resources

from toolcheck.overlap import FEATURES, compare, explain, parse
from toolcheck.overlap.decide import model
from toolcheck.overlap.keys import SYSTEM_LABELS
from toolcheck.overlap.lexicon import lexicon
from toolcheck.overlap.sources import groups, memberships, same_source

_ALIAS_RE = re.compile(r"[a-z][a-z0-9]*")


def _table() -> dict:
    return json.loads(resources.files("toolcheck").joinpath("data", "overlap", "sources.json").read_text("utf-8"))


def test_the_table_loads_and_is_well_formed():
    data = _table()
    assert len(data["provenance"]) > 40
    assert data["groups"] and len(groups()) == len(data["groups"])
    names = set()
    for row in data["groups"]:
        assert row["name"] not in names, row["name"]
        names.add(row["name"])
        assert row["kind"] in ("mirror", "relay"), row["name"]
        assert len(row["members"]) >= 2, row["name"]
        # each group says which documentation it is read from
        assert isinstance(row["source"], str) and len(row["source"]) > 40, row["name"]
        assert row["label"].startswith(("two services that serve", "a service that relays")), row["name"]
        seen: set[str] = set()
        for member, aliases in row["members"].items():
            assert aliases, member
            for a in aliases:  # as a name's first part reads normalised (lower case, no separators)
                assert _ALIAS_RE.fullmatch(a) and a not in seen, (row["name"], a)
                seen.add(a)
        if row["kind"] == "relay":
            assert row["hub"] and set(row["hub"]) <= set(row["members"]), row["name"]
        else:
            assert "hub" not in row, row["name"]
        assert set(row["keys"]) <= set(SYSTEM_LABELS), row["name"]
        for w in (*row["data"], *row["entity"]):
            assert _ALIAS_RE.fullmatch(w), (row["name"], w)


def test_the_feature_is_on_by_default_and_said():
    assert "same_source" in FEATURES
    assert model().by_name["same_source"] == 2.0
    assert "same_source" in json.loads(
        resources.files("toolcheck").joinpath("data", "overlap", "model.json").read_text("utf-8"))["provenance"]


_PDB = {"type": "object", "required": ["pdb_id"],
        "properties": {"pdb_id": {"type": "string", "description": "Four-character PDB id of the entry, e.g. 1cbs."}}}


def _gene(system: str) -> dict:
    return {"type": "object", "required": ["gene_id"],
            "properties": {"gene_id": {"type": "string", "description": f"{system} gene id of the gene."}}}


def test_two_mirrors_of_one_archive_doing_one_job():
    a = parse("PDBe_get_entry_assemblies", "Get the biological assemblies of a PDB entry from PDBe, with the "
              "symmetry operations of each.", _PDB)
    b = parse("RCSBData_get_assembly", "Return the biological assembly of a PDB entry from RCSB PDB: its "
              "symmetry operations and the chains it is built from.", _PDB)
    assert memberships(a) and memberships(b)
    assert same_source(a, b, lexicon().relation(a.action, b.action)).name == "wwPDB"
    assert compare(a, b) >= 0.5
    assert any("serve one archive (wwPDB" in m for m in explain(b, a))


def test_an_analysis_of_its_own_is_no_mirror():
    """PDBePISA computes assemblies itself: PDBe's analysis, not the archive (not a member)."""
    a = parse("PDBePISA_get_assemblies", "Get the assemblies PISA predicts for a PDB entry from its interfaces.",
              _PDB)
    b = parse("RCSBData_get_assembly", "Return the biological assembly of a PDB entry from RCSB PDB.", _PDB)
    assert same_source(a, b, lexicon().relation(a.action, b.action)) is None


def test_a_relay_pairs_its_hub_with_a_member_never_two_members():
    hub = parse("Alliance_get_gene_alleles", "Get the alleles of a gene via the Alliance of Genome Resources, "
                "which serves FlyBase, ZFIN and MGI data.", _gene("Alliance (FB:, ZFIN:, MGI:)"))
    fly = parse("FlyBase_get_gene_alleles", "Get the alleles of a Drosophila gene from FlyBase via the Alliance "
                "of Genome Resources.", _gene("FlyBase"))
    fish = parse("ZFIN_get_gene_alleles", "Get the alleles of a zebrafish gene from ZFIN via the Alliance of "
                 "Genome Resources.", _gene("ZFIN"))
    rel = lexicon().relation("get", "get")
    assert same_source(hub, fly, rel) is not None
    assert same_source(fly, fish, rel) is None  # two organisms' databases: each its own content


def test_a_record_of_the_entity_vs_a_part_of_it_is_no_one_job():
    hub = parse("Alliance_get_gene", "Get a gene's record from the Alliance of Genome Resources, which integrates "
                "FlyBase.", _gene("Alliance"))
    fly = parse("FlyBase_get_gene_alleles", "Get the alleles of a Drosophila gene from FlyBase via the Alliance "
                "of Genome Resources.", _gene("FlyBase"))
    assert same_source(hub, fly, "same") is None


def test_a_relay_of_named_data_needs_the_data_said():
    """Pharos relays GTEx expression: a Pharos tool that says nothing of GTEx is Pharos's own content."""
    gtex = parse("GTEx_get_gene_expression", "Get the median expression of a gene in each GTEx tissue (TPM).",
                 {"type": "object", "required": ["gene_symbol"], "properties": {"gene_symbol": {"type": "string"}}})
    says = parse("Pharos_get_target_expression", "Get GTEx tissue expression (TPM per tissue) of a target from "
                 "Pharos.", {"type": "object", "required": ["gene_symbol"],
                             "properties": {"gene_symbol": {"type": "string"}}})
    silent = parse("Pharos_get_target_expression", "Get the tissue expression of a target from Pharos.",
                   {"type": "object", "required": ["gene_symbol"], "properties": {"gene_symbol": {"type": "string"}}})
    assert same_source(gtex, says, "same") is not None
    assert same_source(gtex, silent, "same") is None
