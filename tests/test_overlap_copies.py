"""TC430's copies (toolcheck/overlap/copies.py): one tool under two hosts' prefixes reads as one tool; a bare verb
under two prefixes, or one name doing two jobs, does not."""

from __future__ import annotations

from toolcheck.overlap import FEATURES, compare, explain, features, parse
from toolcheck.overlap.copies import copy_of


def _tool(name, desc, required, **props):
    return parse(name, desc, {"type": "object", "properties": props, "required": required})


S = {"type": "string"}
A = _tool("garden_mcp__PlantDB_search", "Search PlantDB plants by common or Latin name. Returns plant ids with "
          "family, hardiness zone and watering needs.", ["query"], query=S, kind=S)
B = _tool("nursery_tools__PlantDB_search", "Alias of the PlantDB search. Search PlantDB plants by a common or "
          "Latin name; returns ids, family and hardiness zone.", ["query"], query=S)


def test_a_tool_and_its_copy_are_one_tool():
    hit = copy_of(A, B)
    assert hit == ("PlantDB_search", ("query",))
    x = dict(zip(FEATURES, features(A, B), strict=True))
    assert x["obj_missing"] == 0.0 and x["obj_sim"] == 1.0 and x["match"] == 1.0
    assert compare(A, B) >= 0.5
    msg = explain(B, A)
    assert "one tool under two prefixes: both are `PlantDB_search` (`garden_mcp__` vs `nursery_tools__`) with the " \
        "same required parameters (query), parameters and descriptions alike" in msg, msg


def test_no_copy_without_like_text_parameters_or_a_name_of_its_own():
    other_job = _tool("herbarium__PlantDB_search", "Look up herbarium specimen sheets by collector and year.",
                      ["query"], query=S, kind=S)
    assert copy_of(A, other_job) is None  # descriptions apart
    other_keys = _tool("nursery_tools__PlantDB_search", A.desc_text, ["family"], family=S, kind=S)
    assert copy_of(A, other_keys) is None  # other required parameters
    bare_a = _tool("news__search", "Search news articles by keyword and return headlines.", ["query"], query=S)
    bare_b = _tool("wire__search", "Search news articles by keyword and return the headlines.", ["query"], query=S)
    assert copy_of(bare_a, bare_b) is None  # a bare verb: the namespace says what it searches
    same = _tool("garden_mcp__PlantDB_search", A.desc_text, ["query"], query=S, kind=S)
    assert copy_of(A, same) is None  # one name: TC012's
    empty = _tool("nursery_tools__PlantDB_search", "", ["query"], query=S)
    assert copy_of(A, empty) is None
    canon = _tool("nursery_tools__plantdb_searches", B.desc_text, ["query"], query=S)
    assert copy_of(A, canon) is None  # equal only as canonical words, not as written
