"""TC430's bulk forms (toolcheck/overlap/bulk.py): a tool that does for each entry of a list it requires what
another tool does for one covers that tool; several inputs to one result, a listing, a list of other things do not."""

from __future__ import annotations

from toolcheck.overlap import FEATURES, compare, explain, features, parse
from toolcheck.overlap.bulk import bulk_cover


def _tool(name, desc, required, **props):
    return parse(name, desc, {"type": "object", "properties": props, "required": required})


S = {"type": "string"}
ONE = _tool("rate_recipe", "Give one recipe of the cookbook a rating from 1 to 5.", ["recipe_id", "stars"],
            recipe_id=S, stars={"type": "integer"})
MANY = _tool("rate_recipes_batch", "Give ratings to many recipes of the cookbook in one call.", ["ratings"],
             ratings={"type": "array", "items": {"type": "object", "properties": {"recipe_id": S,
                                                                                   "stars": {"type": "integer"}}}})


def test_a_list_of_records_holding_the_single_input_covers_it():
    hit = bulk_cover(MANY, ONE, "same")
    assert hit is not None and hit[0] is MANY and hit[2].raw == "ratings" and hit[3] == ("recipe_id", "stars")
    x = dict(zip(FEATURES, features(ONE, MANY), strict=True))
    assert x["bulk_form"] == 1.0 and x["veto"] == 0.0 and x["cardinality"] == 0.0
    assert compare(ONE, MANY) >= 0.5
    msg = explain(ONE, MANY)
    assert any("takes a list (`ratings`) of what `rate_recipe` takes one of" in s for s in msg)
    assert not any(" lists, " in s or "no counterpart" in s for s in msg)


def test_a_plain_array_of_the_key_and_a_map():
    one = _tool("delete_tag", "Delete one tag of the shop.", ["tag_id"], tag_id=S)
    many = _tool("delete_tags_bulk", "Delete several tags of the shop.", ["tag_ids"],
                 tag_ids={"type": "array", "items": S})
    assert bulk_cover(one, many, "same") is not None
    put = _tool("put_label", "Put one label on a box.", ["box", "key", "value"], box=S, key=S, value=S)
    put_many = _tool("put_labels", "Put multiple labels on a box at once.", ["box", "labels"], box=S,
                     labels={"type": "object", "description": "names mapped to values"})
    hit = bulk_cover(put, put_many, "same")
    assert hit is not None and hit[3] == ("key (as the map's key)", "value (as the map's value)")


def test_several_inputs_to_one_result_list_of_other_things_and_listings_are_no_bulk_form():
    one = _tool("build_report_from_section", "Build a report from one saved section.", ["section_id"],
                section_id=S)
    merged = _tool("build_report_from_sections", "Build one report from several saved sections.",
                   ["section_ids"], section_ids={"type": "array", "items": S})
    assert bulk_cover(one, merged, "same") is None  # "several" counts the sections, not the reports
    other = _tool("rate_albums_batch", "Give ratings to many albums in one call.", ["album_ids"],
                  album_ids={"type": "array", "items": S})
    assert bulk_cover(ONE, other, "same") is None  # the heads differ
    listing = _tool("list_recipes", "List the recipes of the cookbook.", [], limit={"type": "integer"})
    assert bulk_cover(ONE, listing, "related") is None
    both = _tool("rate_recipes", "Give ratings to many recipes at once.", ["recipe_ids", "stars"],
                 recipe_ids={"type": "array", "items": S}, stars={"type": "integer"})
    assert bulk_cover(MANY, both, "same") is None  # both say many


def test_objects_named_apart_need_the_bulk_tool_to_name_the_single_one():
    one = _tool("score_recipe_difficulty", "Score how hard one recipe is to cook.", ["recipe_id"], recipe_id=S)
    many = _tool("score_recipes_batch", "Score many recipes in one call.", ["recipe_ids"],
                 recipe_ids={"type": "array", "items": S})
    assert bulk_cover(one, many, "same") is None  # recipe difficulty vs recipe: the heads differ
    named = _tool("score_recipes_batch", "Score many recipes in one call, faster than calling "
                  "score_recipe_difficulty once per recipe.", ["recipe_ids"],
                  recipe_ids={"type": "array", "items": S})
    assert bulk_cover(one, named, "same") is not None


# recall round H: a comma-separated string is a list; related lookup verbs; two tools that mirror each other


def test_the_listed_string_pattern_is_data_and_reads_comma_separated_values():
    from toolcheck.overlap.lexicon import load_data
    from toolcheck.overlap.params import make_param

    data = load_data("bulk.json")
    assert data["provenance"] and "comma" in data["listed_string"]
    for desc in ("Comma-separated stable IDs (max 50).", "A comma separated list of codes", "以逗号分隔的编号",
                 "カンマ区切りのID"):
        assert make_param("ids", {"type": "string", "description": desc}, True, ()).listed, desc
    for desc in ("The room name, appliance and command, separated by commas.", "One stable ID."):
        assert not make_param("ids", {"type": "string", "description": desc}, True, ()).listed, desc
    assert not make_param("ids", {"type": "array", "description": "Comma-separated"}, True, ()).listed


LOOKUP_ONE = _tool("KeyVault_get_key_history", "Get the rotation history of one vault key: each version, when it "
                   "was made and whether it is still active.", ["key_name"], key_name=S)


def test_a_comma_separated_list_of_the_key_with_a_related_verb():
    many = _tool("KeyVault_batch_lookup", "Batch lookup of the rotation history for several vault keys: each "
                 "version and whether it is active.", ["key_names"],
                 key_names={"type": "string", "description": "Comma-separated key names (at most 20)."})
    hit = bulk_cover(LOOKUP_ONE, many, "related")
    assert hit is not None and hit[0] is many and hit[3] == ("key_name (as one value)",)
    assert compare(LOOKUP_ONE, many) >= 0.5
    assert any("takes a comma-separated list (`key_names`)" in s for s in explain(LOOKUP_ONE, many))
    # related verbs: the list must be of the key's very words, not one named after the object
    other = _tool("KeyVault_batch_lookup", "Batch lookup of several vault keys.", ["keys"],
                  keys={"type": "string", "description": "Comma-separated keys."})
    assert bulk_cover(LOOKUP_ONE, other, "related") is None
    # a plain string that is no list, and a list of another key
    plain = _tool("KeyVault_batch_lookup", "Batch lookup of several vault keys.", ["key_names"],
                  key_names={"type": "string", "description": "Key names."})
    assert bulk_cover(LOOKUP_ONE, plain, "related") is None
    owners = _tool("KeyVault_batch_lookup", "Batch lookup of several vault owners.", ["owner_ids"],
                   owner_ids={"type": "string", "description": "Comma-separated owner ids."})
    assert bulk_cover(LOOKUP_ONE, owners, "related") is None


_FILTERS = {"status": {"type": "string", "enum": ["open", "closed"]}, "since": S}
COUNT_ONE = _tool("Desk_count_agent_by_ticket_type", "Count the support tickets of one product per agent. Only "
                  "product is required; status and since narrow the count.", ["product"], product=S, **_FILTERS)


def test_two_tools_that_mirror_each_other_but_for_the_list():
    many = _tool("Desk_count_tickets_by_agent", "Count the support tickets per agent summed over the given "
                 "products. Only products is required; status and since narrow the count.", ["products"],
                 products={"type": "array", "items": S}, **_FILTERS)
    hit = bulk_cover(COUNT_ONE, many, "same")  # no many-word; objects named apart (agent vs tickets)
    assert hit is not None and hit[0] is many
    # the head of neither object in the other's name: two objects, though all else mirrors
    apart = _tool("Desk_count_tickets_by_priority", "Count the support tickets per priority summed over the given "
                  "products. Only products is required; status and since narrow the count.", ["products"],
                  products={"type": "array", "items": S}, **_FILTERS)
    region = _tool("Desk_count_agent_by_region", "Count the support tickets of one product per agent. Only "
                   "product is required; status and since narrow the count.", ["product"], product=S, **_FILTERS)
    assert bulk_cover(region, apart, "same") is None
    # fewer than two other parameters alike: several inputs to one result (build_report_from_sections) stays
    bare_one = _tool("Desk_count_agent_tickets", "Count the tickets of one product per agent.", ["product"],
                     product=S)
    bare_many = _tool("Desk_count_tickets_by_agent", "Count the tickets per agent over the given products.",
                      ["products"], products={"type": "array", "items": S})
    assert bulk_cover(bare_one, bare_many, "same") is None
    # the single side takes the same list: no bulk form of it
    both = _tool("Desk_count_agent_by_ticket_type", "Count the support tickets of products per agent. Only "
                 "products is required; status and since narrow the count.", ["products"],
                 products={"type": "array", "items": S}, **_FILTERS)
    assert bulk_cover(both, many, "same") is None
