"""How long a call's own arguments ask the tool to take: the duration parameters of a schema.

A tool such as ``wait_for_job(timeout_seconds=30)`` or ``countdown(seconds=10)`` is *asked* to take that long; a
call that takes it is not a hang. A **duration parameter** is a top-level numeric property whose unit is known
and that is about time: its name ends in a unit (``seconds``, ``timeout_ms``, ``delaySecs``, ``wait_min``), or its
name or description says ``timeout``/``duration``/``wait``/``delay``/``sleep``/``interval``/``pause`` and its
description names the unit ("in milliseconds", "seconds to wait"). A rate ("per second") is not a duration.

What a call asks for is the sum over those parameters of the value it sends (a number, or what a lenient server
reads: a numeric string, a boolean as 0 or 1), or, when it sends none (or null, or no number at all), the
schema's documented ``default``, which the server applies. The fuzz driver gives such a call its time limit plus what it asks for (see
:meth:`toolcheck.fuzz.tool.ToolFuzz.call`).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

# a unit as the last word of a property name (`timeout_ms`, `waitSeconds`, `seconds`)
NAME_UNITS = {
    "ms": 0.001, "msec": 0.001, "msecs": 0.001, "millis": 0.001, "millisecond": 0.001, "milliseconds": 0.001,
    "s": 1.0, "sec": 1.0, "secs": 1.0, "second": 1.0, "seconds": 1.0,
    "min": 60.0, "mins": 60.0, "minute": 60.0, "minutes": 60.0,
}
TIME_WORDS = ("timeout", "duration", "wait", "delay", "sleep", "interval", "pause")
_DESC_UNITS = (
    (re.compile(r"\b(?:milliseconds?|millis|msecs?|ms)\b"), 0.001, "ms"),
    (re.compile(r"\b(?:seconds?|secs?)\b"), 1.0, "s"),
    (re.compile(r"\b(?:minutes?|mins?)\b"), 60.0, "min"),
)
_RATE = re.compile(r"\b(?:per|a|each|every)\s+(?:milli)?(?:second|sec|minute|min)s?\b|/\s*(?:ms|s|sec|min)\b")
_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


@dataclass(frozen=True)
class Duration:
    name: str  # the property
    factor: float  # seconds per unit of its value
    default: float | None  # the schema's documented default (None: none, or not a number)


def words(name: str) -> list[str]:
    """`timeoutMs` -> [timeout, ms]; `wait_seconds` -> [wait, seconds]."""
    return [w.lower() for w in _WORD.findall(name)]


def _types(node: dict) -> set[str]:
    out: set[str] = set()
    t = node.get("type")
    if isinstance(t, str):
        out.add(t)
    elif isinstance(t, list):
        out.update(x for x in t if isinstance(x, str))
    for key in ("anyOf", "oneOf"):  # `Optional[float]` from pydantic: anyOf [number, null]
        for branch in node.get(key) or () if isinstance(node.get(key), list) else ():
            if isinstance(branch, dict):
                out |= _types(branch)
    return out


def _number(v: Any) -> float | None:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    try:
        return float(v)
    except (OverflowError, ValueError):
        return math.inf


def duration_of(name: str, node: Any) -> Duration | None:
    """The duration parameter ``name`` (schema ``node``) is, or None."""
    if not isinstance(node, dict) or not isinstance(name, str):
        return None
    default = _number(node.get("default"))
    types = _types(node)
    if not (types & {"number", "integer"} or (not types and default is not None)):
        return None
    ws = words(name)
    desc = node.get("description")
    desc = desc.lower() if isinstance(desc, str) else ""
    about_time = any(w in TIME_WORDS for w in ws) or any(re.search(rf"\b{w}", desc) for w in TIME_WORDS)
    unit = NAME_UNITS.get(ws[-1]) if ws else None
    if unit is not None and (about_time or ws[-1] not in ("s", "min", "mins")):  # `price_min` is no duration
        return Duration(name, unit, default)
    if not about_time or not desc or _RATE.search(desc):
        return None
    found = [(m.start(), factor) for rx, factor, _ in _DESC_UNITS for m in [rx.search(desc)] if m]
    if not found:
        return None
    return Duration(name, min(found)[1], default)  # the unit the description names first


def duration_params(schema: Any) -> tuple[Duration, ...]:
    """The duration parameters among the top-level properties of an argument schema."""
    props = schema.get("properties") if isinstance(schema, dict) else None
    if not isinstance(props, dict):
        return ()
    out = []
    for name, node in props.items():
        d = duration_of(name, node)
        if d is not None:
            out.append(d)
    return tuple(out)


def asked(params: tuple[Duration, ...], args: Any) -> tuple[float, str]:
    """(seconds the call asks the tool to take, how: "`seconds` = 10, its default"); (0, "") for none."""
    if not params or not isinstance(args, dict):
        return 0.0, ""
    total = 0.0
    parts = []
    for d in params:
        v = args.get(d.name)
        how = ""
        n = _number(v)
        if isinstance(v, bool):
            n = float(v)  # read leniently, as Python (`sleep(True)`) and JavaScript do
        elif n is None and isinstance(v, str):
            try:
                n = float(v.strip())
            except ValueError:
                n = None
        if n is None and d.default is not None:
            # sent none (or null, or a value that is not a number, in an invalid call): the server applies the default
            n, how = d.default, ", its default"
        if n is None or n <= 0 or math.isnan(n):
            continue
        secs = n * d.factor
        total += secs
        parts.append(f"`{d.name}` = {n:g}{how}")
    if total <= 0:
        return 0.0, ""
    return total, " and ".join(parts)


def seconds_text(s: float) -> str:
    if math.isinf(s):
        return "forever"
    return f"{s:.3g} s" if s < 100 else f"{s:,.0f} s"
