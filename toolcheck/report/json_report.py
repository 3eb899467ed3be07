from __future__ import annotations

from ..model.findings import JSON_ENCODER
from .statistics import statistics

# the findings' own encoder (one per process: json.dumps would build a new one per call); compact, so the C
# encoder runs; one finding per line keeps large reports fast to write and easy to grep
_dumps = JSON_ENCODER.encode


def render_json(result, settings, version: str) -> str:
    parts = ['{\n  "version": ', _dumps(version), ',\n  "findings": [']
    findings = result.findings
    for i, f in enumerate(findings):
        parts.append("\n    " + f.to_json() + ("," if i < len(findings) - 1 else ""))
    parts.append("\n  ],\n  " if findings else "],\n  ")
    parts.append('"summary": ' + _dumps(result.summary()))
    if settings.statistics:
        parts.append(',\n  "statistics": ' + _dumps(statistics(findings)))
    parts.append("\n}\n")
    return "".join(parts)
