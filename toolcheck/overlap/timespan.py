"""Time series: two tools that return the values of one thing over a time window are one job.

``get_price_history(symbol, period, interval)``, ``get_historical_stock_prices(symbol, period)`` and
``get_stock_price_date_range(symbol, start_date, end_date)`` each return a symbol's prices over a period: the
window (a period enum, a date range, an interval) is how the time is given, not what is returned, and "history",
"historical", "date range" in a name say that window, not the object. ``same_series(a, b)`` finds such a pair:

* each tool is a series: its name says a window (history, historical, date range, time series) and it takes a
  time parameter (period, interval, start/end date);
* what remains of the two objects once the window words are set aside is one thing (price ~ stock price: the head
  of a joined unit counts);
* the same action (a lookup), and the same subject: the required parameters that are not time parameters match
  (symbol ~ symbol), at least one on each side.

One tool's own text each: a frame never depends on the other tools of the set.
"""

from __future__ import annotations

from .frames import Frame
from .relations import same_required

# words of a name that say a time window, not what is returned
_WINDOW_WORDS = frozenset({"history", "historical", "date", "range", "period", "series", "timeseries", "time",
                           "over", "past", "interval", "daterange"})
_MARKS = frozenset({"history", "historical", "series", "timeseries", "daterange"})  # ... alone say a series
_LOOKUPS = frozenset({"get", "search", "list"})
_NOT_SUBJECT = frozenset({"time", "page", "auth", "format"})  # required, but not who or what the series is of


def series_core(f: Frame) -> tuple[str, ...] | None:
    """The object of a series tool with its window words set aside (stock_price for get_stock_price_date_range),
    or None when the tool is no series."""
    if f.obj_src != "name" or f.action not in _LOOKUPS:
        return None
    obj = f.obj  # a window word (or date and range), tested on the tuple: no set per call (twice per pair)
    if _MARKS.isdisjoint(obj) and not ("date" in obj and "range" in obj):
        return None
    if not any(p.kind == "time" for p in f.params):
        return None
    core = tuple(w for w in f.obj if w not in _WINDOW_WORDS)
    return core or None


def _heads(core: tuple[str, ...]) -> set[str]:
    """The words of an object, a joined unit by its parts too (stock_price: stock, price)."""
    out = set(core)
    for w in core:
        out.update(w.split("_"))
    return out


def same_series(a: Frame, b: Frame, rel: str | None) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """(a's core, b's core) when the two tools return a series of one thing for one subject (see the module)."""
    if rel != "same":
        return None
    ca, cb = series_core(a), series_core(b)
    if ca is None or cb is None:
        return None
    ha, hb = _heads(ca), _heads(cb)
    last_a, last_b = ca[-1].split("_")[-1], cb[-1].split("_")[-1]
    if last_a != last_b or not (ha <= hb or hb <= ha):
        return None
    return (ca, cb) if _same_subject(a, b) else None


def _same_subject(a: Frame, b: Frame) -> bool:
    return same_required(a, b, _NOT_SUBJECT)


# a time parameter named so says how finely the series is sampled (interval=1d), not which window it covers
_STEP_WORDS = frozenset({"interval", "granularity", "frequency", "freq", "resolution", "step", "sampling"})


def is_step(p) -> bool:
    """A time parameter that sets the sampling step of the series (interval, granularity), not its window."""
    return p.kind == "time" and not _STEP_WORDS.isdisjoint(p.words)


def window_params(f: Frame) -> str:
    """The tool's window parameters as written, the required ones said so (required start_date/end_date;
    period): its time parameters but a sampling step (interval), for the message."""
    req = [p.raw for p in f.params if p.kind == "time" and not is_step(p) and p.required]
    opt = [p.raw for p in f.params if p.kind == "time" and not is_step(p) and not p.required]
    return ", ".join(x for x in (f"required {'/'.join(req)}" if req else "", "/".join(opt)) if x)


def step_params(f: Frame) -> str:
    """The tool's sampling-step parameters as written (interval), '' when it has none."""
    return "/".join(p.raw for p in f.params if is_step(p))
