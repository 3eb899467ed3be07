"""What the precision benchmark measured of each rule, for `toolcheck rule CODE` (issue 17).

``data/precision.json`` is written by ``benchmarks/precision/run.py --write-measured`` from today's findings on the
real tool sets, matched to the verdicts of the blind judging rounds only (judges who did not change the rule). It is
data shipped with the package, read only when a rule's documentation is printed.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any


@lru_cache(maxsize=1)
def _data() -> dict[str, Any]:
    try:
        text = resources.files("toolcheck").joinpath("data/precision.json").read_text(encoding="utf-8")
        data = json.loads(text)
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.0f}%"


def describe(code: str) -> str | None:
    """One paragraph on the rule's measured precision, or None when nothing was measured at all."""
    data = _data()
    rules = data.get("rules")
    if not isinstance(rules, dict):
        return None
    where = (f"on {data.get('tools', '?'):,} real tools in {data.get('sets', '?')} published tool sets, "
             f"blind verdicts of rounds {', '.join(data.get('rounds') or []) or '—'}; benchmarks/precision, "
             f"toolcheck {data.get('measured_at', '?')}")
    r = rules.get(code)
    if not isinstance(r, dict) or not r.get("findings"):
        return f"Measured precision: no finding on the real tool sets ({where})."
    rate, imported = r.get("per_1k_tools"), r.get("per_1k_imported")
    if rate:
        freq = f"{r['findings']} findings ({rate:g} per 1,000 tools as published)"
    elif imported:
        freq = f"{r['findings']} findings ({imported:g} per 1,000 tools imported as contracts)"
    else:
        freq = f"{r['findings']} findings"
    if not r.get("judged"):
        return f"Measured precision: none judged yet; {freq} ({where})."
    return (f"Measured precision: {_pct(r.get('precision'))} (95% lower bound {_pct(r.get('precision_lb'))}), "
            f"n = {r['judged']} judged: {r['true']} true, {r['debatable']} debatable, {r['false']} false; "
            f"strict (debatable as false) {_pct(r.get('precision_strict'))}; {freq} ({where}).")
