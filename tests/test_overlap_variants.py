"""Recall round G (issue 18): a version marker and an output format in a name qualify the tool, not its object
(toolcheck/overlap/variants.py, data/overlap/variants.json), and the explanation says so only when it is there."""

from __future__ import annotations

import re

import pytest

from toolcheck.overlap import compare, default_threshold, explain, parse
from toolcheck.overlap.lexicon import load_data
from toolcheck.overlap.variants import all_formats, format_word

from .test_overlap_evidence import check


def _schema(props: dict, required=()) -> dict:
    return {"type": "object", "properties": props, "required": list(required)}


# ------------------------------------------------------------------------------------------------ the data

def test_the_data_file_reads_and_each_spelling_names_one_format():
    data = load_data("variants.json")
    assert data["provenance"]
    seen: dict[str, str] = {}
    for fmt, spellings in data["output_formats"].items():
        assert spellings and all(s == s.lower() and s.isalnum() for s in spellings)
        for s in spellings:
            assert s not in seen, (s, fmt, seen.get(s))
            seen[s] = fmt
            assert format_word(s) == fmt
    assert format_word("md") == "markdown" and format_word("yml") == "yaml"
    # words the corpus shows as what is got, not the form it comes in (see the provenance): never a format
    for w in ("text", "fasta", "image", "content", "data", "file", "document"):
        assert format_word(w) is None, w


@pytest.mark.parametrize("name,marker", [
    ("get_maintenance_configs_v2", "_v2"), ("list_items-v3", "-v3"), ("GetProductDetailsV1", "V1"),
    ("getV2Items", "V2"), ("search_orders_v10", "_v10")])
def test_a_version_marker_is_found(name, marker):
    assert parse(name).version == marker


@pytest.mark.parametrize("name", [
    "add_mapping_2",  # a bare number: as often a proper name's (alphafold2, covid_19): no version
    "MonarchV3_get_entity",  # the service's version, in its prefix: no version of this tool
    "aws.lexv2_models.list_exports", "get_version", "get_latest_release", "get-gcores-new", "create_v8_engine"])
def test_no_version_marker_where_the_name_has_none(name):
    f = parse(name)
    assert f.version is None or name == "create_v8_engine" and f.version == "_v8"


def test_the_version_marker_leaves_the_object():
    a, b = parse("get_maintenance_configs"), parse("get_maintenance_configs_v2")
    assert b.obj == a.obj == ("maintenance", "configuration") and b.head == "configuration"
    assert parse("GetProductDetailsV1").obj == parse("GetProductDetails").obj
    assert parse("get_v2").obj == ("v2",) and parse("get_v2").version is None  # nothing it is a version of


# ------------------------------------------------------------------------------------------------ formats

@pytest.mark.parametrize("name,desc,obj,target", [
    ("API-retrieve-page-markdown", "Notion | Retrieve a page as Markdown", ("page",), ("markdown",)),
    ("ena_get_sequence_xml", "Get metadata in XML format from ENA by accession.", ("sequence",), ("xml",)),
    ("get_canvas_png", "Get the current drawing canvas as a PNG image (base64 encoded).", ("canvas",), ("png",)),
    ("export_report_yml", "Export the report, YAML-formatted.", ("report",), ("yml",)),
    ("list_orders_csv", "", ("order",), ("csv",)),  # no description: nothing says otherwise
])
def test_a_trailing_output_format_of_a_read_is_its_target(name, desc, obj, target):
    f = parse(name, desc)
    assert f.obj == obj and f.head == obj[-1] and f.quals.get("target") == target


@pytest.mark.parametrize("name,desc,obj", [
    ("fetch_json", "Fetch a JSON file from a URL", ("json",)),  # nothing precedes the format: it is the object
    ("playwright_get_visible_html", "Get the HTML content of the current page.", ("visible", "html")),  # (what is got)
    ("API-update-page-markdown", "Notion | Update a page's content as Markdown", ("page", "markdown")),  # a write
    ("OrthoDB_get_group_fasta", "Retrieve member protein sequences (FASTA) for an OrthoDB group.", ("group", "fasta")),
    ("write_markdown_tool", "Writes the provided content to a Markdown (.md) file on the disk.", ("markdown",)),
])
def test_a_format_that_is_what_the_tool_acts_on_stays_the_object(name, desc, obj):
    f = parse(name, desc)
    assert f.obj == obj and "target" not in f.quals


def test_a_converter_keeps_its_formats():
    f = parse("convert_html_to_markdown", "Convert HTML to Markdown.")
    assert f.action == "convert" and f.obj == ("markdown",) and f.quals.get("source") == ("html",)
    assert parse("html_to_markdown", "Convert HTML to Markdown format").obj == ("markdown",)


def test_all_formats():
    assert all_formats(("markdown",)) and all_formats(("csv", "json"))
    assert not all_formats(()) and not all_formats(("markdown", "group"))


# ------------------------------------------------------------------------------------------------ pairs

_T = default_threshold()


def _pair(x: dict, y: dict):
    fx, fy = (parse(t["name"], t["description"], t["parameters"]) for t in (x, y))
    return fx, fy, compare(fx, fy), explain(fx, fy)


def _true(x: dict, y: dict, clauses: list[str]) -> None:
    msg = f"tool `{x['name']}` overlaps `{y['name']}`, score 0.90: " + "; ".join(clauses)
    assert check({"tool": x["name"], "related": [{"tool": y["name"]}], "message": msg},
                 {x["name"]: x, y["name"]: y}) == [], msg


_CONFIGS = {"description": "Retrieve a list of the maintenance configurations of the system.",
            "parameters": _schema({"page": {"type": "integer"}})}


def test_a_new_version_of_one_job_overlaps_and_says_so():
    x = {"name": "get_maintenance_configs_v2", **_CONFIGS}
    y = {"name": "get_maintenance_configs", **_CONFIGS}
    _, _, s, why = _pair(x, y)
    assert s >= _T
    assert "same action (get) on the same object (maintenance configs)" in why
    assert "`get_maintenance_configs_v2`'s `_v2` marks a version of it" in why
    _true(x, y, why)


def test_two_versions_are_said_as_two():
    x = {"name": "get_maintenance_configs_v2", **_CONFIGS}
    y = {"name": "get_maintenance_configs_v1", **_CONFIGS}
    _, _, s, why = _pair(x, y)
    assert s >= _T
    assert "`get_maintenance_configs_v1`'s `_v1` and `get_maintenance_configs_v2`'s `_v2` mark two versions of it" in why
    _true(x, y, why)


def test_no_version_is_claimed_without_a_marker_nor_for_another_object():
    x = {"name": "get_maintenance_windows_v2", **_CONFIGS}
    y = {"name": "get_maintenance_configs", **_CONFIGS}
    *_, why = _pair(x, y)
    assert not any("marks a version" in c for c in why), why
    assert "`get_maintenance_windows_v2`'s version marker (`_v2`) is set aside from its object" in why
    _true(x, y, why)
    *_, why = _pair({"name": "get_maintenance_configs", **_CONFIGS}, {"name": "fetch_maintenance_configs", **_CONFIGS})
    assert not any("version" in c for c in why), why


def test_an_output_format_variant_overlaps_and_two_formats_the_user_names_do_not():
    page = _schema({"page_id": {"type": "string"}}, ["page_id"])
    x = {"name": "get_page_markdown", "description": "Get a wiki page by its id as Markdown.", "parameters": page}
    y = {"name": "get_page", "description": "Get a wiki page by its id.", "parameters": page}
    _, _, s, why = _pair(x, y)
    assert s >= _T
    assert "only `get_page_markdown` names an output format (markdown)" in why
    assert not any("platform" in c or "file format" in c for c in why), why  # said once, as what it is
    _true(x, y, why)
    z = {"name": "get_page_html", "description": "Get a wiki page by its id as HTML.", "parameters": page}
    _, _, s, why = _pair(x, z)
    assert s < _T
    assert "different output formats (html vs markdown)" in why
    _true(x, z, why)


def test_a_write_in_a_format_is_not_a_format_variant():
    page = _schema({"page_id": {"type": "string"}, "markdown": {"type": "string"}}, ["page_id"])
    x = {"name": "update_page_markdown", "description": "Replace a page's content with the given Markdown.",
         "parameters": page}
    fx = parse(x["name"], x["description"], x["parameters"])
    assert fx.obj == ("page", "markdown") and "target" not in fx.quals
    assert not any(re.search("output format", c) for c in explain(fx, parse("update_page", "Update a page.")))
