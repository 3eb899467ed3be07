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
