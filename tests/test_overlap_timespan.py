"""TC430's time series (toolcheck/overlap/timespan.py): one thing's values over a time window, however the window
is given, for one subject, are one job."""

from __future__ import annotations

from toolcheck.overlap import FEATURES, compare, explain, features, find_overlaps, parse
from toolcheck.overlap.timespan import same_series, series_core


def _tool(tool_name, required, **props):
    return parse(tool_name, "", {"type": "object", "properties": {k: {"type": v} for k, v in props.items()},
                            "required": required})


PERIOD = _tool("get_price_history", ["symbol"], symbol="string", period="string", interval="string")
RANGE = _tool("get_fund_price_date_range", ["symbol", "start_date", "end_date"], symbol="string",
              start_date="string", end_date="string")


def test_a_window_in_the_name_is_no_object():
    assert series_core(PERIOD) == ("price",)
    assert series_core(RANGE) == ("fund", "price")
    assert series_core(_tool("get_price", ["symbol"], symbol="string", period="string")) is None  # no window word
    assert series_core(_tool("get_price_history", ["symbol"], symbol="string")) is None  # no time parameter


def test_two_series_of_one_thing_for_one_subject_overlap():
    assert same_series(PERIOD, RANGE, "same")
    x = dict(zip(FEATURES, features(PERIOD, RANGE), strict=True))
    assert x["time_series"] == 1.0 and x["veto"] == 0.0 and x["cardinality"] == 0.0
    assert compare(PERIOD, RANGE) >= 0.5
    assert any("once time-window words are set aside" in s for s in explain(RANGE, PERIOD))
    assert not any(" lists, " in s for s in explain(RANGE, PERIOD))


def test_series_of_other_things_or_subjects_do_not():
    volume = _tool("get_volume_history", ["symbol"], symbol="string", period="string")
    assert not same_series(PERIOD, volume, "same")
    other = _tool("get_price_history", ["index_code"], index_code="string", period="string")
    assert not same_series(PERIOD, other, "same")
    assert not same_series(PERIOD, RANGE, "related")


def test_blocking_proposes_series_pairs():
    frames = [PERIOD, RANGE, _tool("delete_watchlist", ["label"], label="string")]
    assert [(i, j) for i, j, _ in find_overlaps(frames, 0.5)] == [(0, 1)]


def test_the_message_names_each_window_and_no_missing_counterpart():
    """The window is what each tool takes to say the time (required dates vs a period); a sampling interval is no
    window, and a required date has the other series' period as its counterpart: never 'no counterpart'."""
    x = dict(zip(FEATURES, features(RANGE, PERIOD), strict=True))
    assert x["extra_required"] == 0.0
    text = "; ".join(explain(RANGE, PERIOD))
    assert "each takes a time window (period vs required start_date/end_date)" in text
    assert "`get_price_history` also takes a sampling step (interval)" in text
    assert "no counterpart" not in text and "period/interval" not in text
