"""TC430's reading of "use X instead" sentences (toolcheck/overlap/cues.py): an alias only when unconditional."""

from __future__ import annotations

import pytest

from toolcheck.overlap import FEATURES, features, parse
from toolcheck.overlap.relations import cue_of

PARAMS = {"type": "object", "properties": {"code": {"type": "string"}}, "required": ["code"]}


def _kind(description: str, named: str, name: str = "station_get_readings") -> str:
    f = parse(name, description, PARAMS)
    return f.cue_names[named][0]


@pytest.mark.parametrize("description", [
    "Readings of a weather station. Use meteo_get_observations instead.",
    "Readings of a weather station. If this tool returns HTTP 503, use meteo_get_observations instead.",
    "Readings of a weather station. Prefer meteo_get_observations.",
])
def test_an_unconditional_pointer_is_an_alias(description):
    assert _kind(description, "meteogetobservations") == "alias"


def test_this_tool_instead_of_another_is_an_alias_of_each_named():
    d = "Everything about a station. Use this tool instead of station_get_sensors and station_get_alerts."
    assert _kind(d, "stationgetsensors") == "alias"
    assert _kind(d, "stationgetalerts") == "alias"


@pytest.mark.parametrize("description", [
    "Readings of a weather station. Use meteo_get_observations instead when you have many stations.",
    "Readings of a weather station. For hourly averages, use meteo_get_observations instead.",
    "Readings of a weather station. Use meteo_get_observations instead if you need the full history.",
    "Readings of a weather station. Use this instead of meteo_get_observations with a station filter.",
    "Readings of a weather station. If a reading is missing, try meteo_get_observations instead.",
])
def test_a_conditional_pointer_is_no_alias(description):
    assert _kind(description, "meteogetobservations") == "instead"


def test_a_condition_that_restates_the_tools_own_scope_is_none():
    d = ("Readings of a coastal weather station. For coastal stations use meteo_get_observations instead.")
    assert _kind(d, "meteogetobservations") == "alias"


def test_one_of_several_substitutes_is_an_alias_only_of_the_tool_named_alike():
    d = ("Details of a weather station from OldMeteo. This tool returns HTTP 410. Use the Meteo tools "
         "(Meteo_get_station, Meteo_get_readings, Meteo_get_alerts) instead.")
    old = parse("OldMeteo_get_station", d, PARAMS)
    assert old.cue_names["meteogetstation"][0] == "substitute"
    same = parse("Meteo_get_station", "Details of a weather station.", PARAMS)
    other = parse("Meteo_get_alerts", "Weather alerts of a station.", PARAMS)
    assert cue_of(old, same)[0] == "alias"
    assert cue_of(old, other)[0] == "instead"
    assert features(old, same)[FEATURES.index("cue_alias")] == 1.0
    assert features(old, other)[FEATURES.index("cue_alias")] == 0.0


def test_a_note_first_sentence_is_not_what_the_tool_does():
    f = parse("Quill", "NOTE (checked 2026-01-02): archive.example.org is slow. Find letters in the archive.",
              PARAMS)
    assert f.action == "search"  # not "checked", from the note


LISTED = ("Everything recorded about a weather station.\n\n    For single feeds only, use the narrower tools:\n"
          "    - station_get_wind: Wind speed and gusts\n    - station_get_rain: Rainfall totals\n    ")


def test_a_list_item_is_read_with_the_sentence_introducing_it():
    """The items of 'For single feeds only, use the narrower tools:' are pointers of that sentence: not a mere
    mention of the item alone, never more than a conditional pointer, and the quote is the introducing sentence
    and the item, on one line, without the next item's mark."""
    f = parse("station_get_all", LISTED, PARAMS)
    kind, said = f.cue_names["stationgetrain"]
    assert kind in ("instead", "workflow")
    assert said.startswith("For single feeds only, use the narrower tools:") and said.endswith("Rainfall totals")
    assert f.cue_names["stationgetwind"][1].endswith("- station_get_wind: Wind speed and gusts")
    from toolcheck.overlap import explain
    wind = parse("station_get_wind", "Wind speed and gusts measured at a station.", PARAMS)
    text = "; ".join(explain(wind, f))
    assert "'For single feeds only, use the narrower tools: - station_get_wind: Wind speed and gusts'" in text
    assert "\n" not in text


def test_a_listed_substitute_is_at_most_a_pointer():
    """'Use one of these instead:' then a list: several tools, none of them this tool's alias."""
    d = "Old readings endpoint. Use one of these instead:\n- station_get_wind: wind\n- station_get_rain: rain"
    assert _kind(d, "stationgetrain") == "instead"
    assert _kind(d, "stationgetwind") == "instead"


@pytest.mark.parametrize("description", [
    "Readings of a weather station. To read by station code directly, meteo_get_observations is equivalent.",
    "Readings of a weather station. Provides similar functionality to meteo_get_observations but answers in CSV.",
    "Readings of a weather station. Returns the same results as meteo_get_observations, faster.",
    "Readings of a weather station. Returns the same hourly data as meteo_get_observations.",
    "Readings of a weather station. meteo_get_observations does the same.",
    "Readings of a weather station. Interchangeable with meteo_get_observations.",
])
def test_a_statement_that_the_named_tool_does_this_job_is_an_alias(description):
    assert _kind(description, "meteogetobservations") == "alias"


@pytest.mark.parametrize("description", [
    "Readings of a weather station. See also meteo_get_observations.",
    "Readings of a weather station. Use meteo_list_stations first to find the code.",
    "Readings of a weather station. Similar to meteo_list_stations, there is a page size limit.",
    "Readings of a weather station, in the same format as meteo_list_stations uses.",
    "Readings of a weather station. Unlike meteo_list_stations, it returns values, not the same results as a list.",
    "Readings of a weather station. Not the same results as meteo_list_stations.",
    "Readings of a weather station. meteo_list_stations is not equivalent.",
    "Readings of a weather station. meteo_list_stations does the same for whole regions.",
    "Readings of a weather station. Complements meteo_list_stations.",
    "Readings of a weather station. Prerequisites: same data as meteo_list_stations.",
])
def test_a_pointer_away_is_no_alias(description):
    f = parse("station_get_readings", description, PARAMS)
    assert f.cue_names.get("meteoliststations", ("mention",))[0] != "alias"


def test_the_statement_is_read_for_the_name_it_touches_only():
    d = "Readings of a weather station. Unlike meteo_list_stations, it returns the same results as meteo_get_now."
    f = parse("station_get_readings", d, PARAMS)
    assert f.cue_names["meteogetnow"][0] == "alias"
    assert f.cue_names["meteoliststations"][0] != "alias"


def test_a_first_sentence_that_names_the_service_reads_no_service_as_the_object():
    # "Search BindingDB for ..." in a BindingDB_ tool: the service is what is searched in, not what is found (the
    # message then claimed "different objects (bindingdb vs ligands)")
    f = parse("Bindery_search_by_title", "Search Bindery for bound volumes by title.", PARAMS)
    assert "bindery" not in f.obj
