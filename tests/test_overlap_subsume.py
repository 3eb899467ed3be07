"""TC430's subsumption by a superset output (toolcheck/overlap/subsume.py): a record that lists a part covers the
tool that returns only that part, for the same object and key."""

from __future__ import annotations

import pytest

from toolcheck.overlap import FEATURES, compare, explain, features, parse
from toolcheck.overlap.subsume import part_listed, quote_part, sentences

KEY = {"type": "object", "properties": {"ship_id": {"type": "string"}}, "required": ["ship_id"]}
PART = ("get_ship_crew", "The crew members serving on a ship, with their ranks.", KEY)


def _pair(whole_description: str, whole_params=KEY):
    whole = parse("get_ship", whole_description, whole_params)
    part = parse(*PART)
    return whole, part


def test_a_record_that_lists_the_part_covers_it():
    whole, part = _pair("Look up a ship of the registry by id. Returns its name, flag, tonnage, crew and home port.")
    hit = part_listed(whole, part, "same")
    assert hit is not None and hit[0] is whole and hit[2] == ("crew",)
    assert features(whole, part)[FEATURES.index("part_listed")] == 1.0
    assert features(whole, part)[FEATURES.index("veto")] == 0.0
    assert compare(whole, part) >= 0.5
    assert any("`get_ship`'s description lists crew" in s for s in explain(part, whole))


@pytest.mark.parametrize("description", [
    "Look up a ship of the registry by id: name, flag and tonnage. Use it before listing the crew of the ship.",
    "Look up a ship of the registry by id. Returns its name, flag and its entry in the Crew Registry Office.",
    "Look up a ship of the registry by id. Returns its name, flag, tonnage and crew count.",
    "Look up a ship of the registry by id. Returns its name, flag and tonnage (e.g. Crew lists are elsewhere).",
    "Look up a ship of the registry by id. Returns its name and flag, but no crew.",
    "Ships and their crew are kept by the registry. Look up a ship by id.",
])
def test_a_part_word_outside_a_listing_of_the_record_does_not_count(description):
    whole, part = _pair(description)
    assert part_listed(whole, part, "same") is None


def test_other_keys_or_actions_do_not_count():
    d = "Look up a ship of the registry. Returns its name, flag, tonnage, crew and home port."
    other_key = {"type": "object", "properties": {"imo_number": {"type": "string"}}, "required": ["imo_number"]}
    whole, part = _pair(d, other_key)
    assert part_listed(whole, part, "same") is None
    whole, part = _pair(d)
    assert part_listed(whole, part, "different") is None


def test_sentences_are_not_cut_after_an_abbreviation():
    assert sentences("Returns the crew (e.g. Captain, Mate). Then stop.") == [
        "Returns the crew (e.g. Captain, Mate)", "Then stop."]


def test_a_long_sentence_is_quoted_around_the_part():
    s = "Returns " + ", ".join(f"field{i}" for i in range(30)) + ", crew, and home port"
    q = quote_part(s, ("crew",))
    assert "crew" in q and len(q) <= 120


def test_a_count_of_the_object_is_no_part_of_it():
    """A record that says it returns its count (the reviews, their count and texts) does not cover the count tool
    as a part: a count is what is known of the object, and the message calls it a count, not a part."""
    key = {"type": "object", "properties": {"isbn": {"type": "string"}}, "required": ["isbn"]}
    whole = parse("get_reviews", "Get the reader reviews of a book (their count and the review texts), by ISBN.", key)
    count = parse("get_review_count", "How many reader reviews a book has, by ISBN.", key)
    assert part_listed(whole, count, "same") is None and part_listed(count, whole, "same") is None
    assert features(count, whole)[FEATURES.index("part_listed")] == 0.0
    text = "; ".join(explain(count, whole))
    assert "one object is a count of the other (reviews vs review count)" in text
    assert "a part of the other" not in text and "lists count" not in text


def test_a_plural_part_by_the_same_one_key_is_no_listing():
    """Both take one ship_id: the plural object word (ship cabins) alone shows no listing against a get by key;
    a page or a query would."""
    key = {"type": "object", "properties": {"ship_id": {"type": "string"}}, "required": ["ship_id"]}
    whole = parse("get_ship", "Look up a ship by id. Returns its name, flag, tonnage and cabins.", key)
    cabins = parse("get_ship_cabins", "The cabins of a ship, with their decks and berths.", key)
    assert not any(" lists, " in s for s in explain(cabins, whole))
    paged = {"type": "object", "properties": {"ship_id": {"type": "string"}, "limit": {"type": "integer"}},
             "required": ["ship_id"]}
    listed = parse("get_ship_cabins", "The cabins of a ship, with their decks and berths.", paged)
    assert any("`get_ship_cabins` lists, `get_ship` gets one by key" in s for s in explain(listed, whole))


# a record that lists another tool's whole object, a phrase of two words or more that shares no word with its own
OPT = {"type": "object", "properties": {"planet_id": {"type": "string"}, "planet_name": {"type": "string"}}}
GRAVITY = ("get_surface_gravity", "How strongly a planet pulls at its surface, in metres per second squared.", OPT)


def test_a_record_that_lists_the_other_tools_object_covers_it():
    whole = parse("get_planet", "Look up one planet. Returns its name, mass, orbital period, and surface gravity.", OPT)
    part = parse(*GRAVITY)
    hit = part_listed(whole, part, "same")
    assert hit is not None and hit[0] is whole and hit[2] == ("surface", "gravity")
    assert compare(whole, part) >= 0.5
    assert any("lists surface gravity, what `get_surface_gravity`'s name says it gets" in s
               for s in explain(part, whole))


@pytest.mark.parametrize("description", [
    "Look up one planet. Returns its name, mass and orbital period.",  # a different part, not listed
    "Look up one planet. Returns its name, mass and the number of surface gravity readings.",  # a count
    "Look up one planet. Returns its name and mass (e.g. surface gravity, albedo).",  # an example
    "Look up one planet. Returns its name and mass; use get_surface_gravity for surface gravity, albedo.",  # pointer
    "Look up one planet by surface gravity, mass or name.",  # the key it is asked by
    "Returns the transits between a star, surface gravity wells, and moons.",  # the ends of a relation
    "Get the surface gravity of a planet.",  # one thing named, no listing
    "Look up one planet. Returns its name, mass, and surface gravity relevant to landers.",  # a subset of it
])
def test_the_other_tools_object_outside_a_record_listing_does_not_count(description):
    assert part_listed(parse("get_planet", description, OPT), parse(*GRAVITY), "same") is None


def test_a_record_of_another_object_or_a_window_search_does_not_count():
    star = {"type": "object", "properties": {"star_id": {"type": "string"}}, "required": ["star_id"]}
    grav = {"type": "object", "properties": {"planet_id": {"type": "string"}}, "required": ["planet_id"]}
    whole = parse("get_star", "Look up one star. Returns its name, spectral class, and surface gravity.", star)
    assert part_listed(whole, parse("get_surface_gravity", GRAVITY[1], grav), "same") is None
    window = {"type": "object", "properties": {"start_date": {"type": "string"}, "end_date": {"type": "string"}}}
    flares = parse("get_solar_flares", "Search flares of a period. Returns their class, peak time, and linked radio "
                   "bursts.", window)
    assert part_listed(flares, parse("get_radio_bursts", "Radio bursts of a period.", window), "same") is None
    listing = parse("list_planets", "List every planet. Returns names, masses, and surface gravity.", OPT)
    assert part_listed(listing, parse(*GRAVITY), "same") is None


def test_the_very_same_parameters_are_no_listing_in_the_message():
    """Two tools of one subject taken by the very same optional keys: the message says no "`X` lists, `Y` gets one
    by key" (a blind judge read it as a listing the tools do not have), and the score is the same either way."""
    params = {"type": "object", "properties": {"uid": {"type": "string", "description": "Record uid."},
                                               "cui": {"type": "string", "description": "Concept id."}}}
    whole = parse("Atlas_get_condition", "Get a condition record. Returns its definition, synonyms, inheritance "
                  "and clinical features (phenotypes).", params)
    part = parse("Atlas_get_clinical_features", "Get the clinical features (phenotypes) of a condition.", params)
    said = "; ".join(explain(part, whole))
    assert "gets one by key" not in said and " lists, " not in said
