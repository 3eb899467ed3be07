"""TC430's reading of lookup keys and backends across two tools (toolcheck/overlap/keys.py, backends.py)."""

from __future__ import annotations

from toolcheck.overlap import compare, parse
from toolcheck.overlap.decide import model, veto_reason
from toolcheck.overlap.keys import own_id_words


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
