from __future__ import annotations

from ..model.findings import encode_json
from .statistics import statistics

# the findings' own encoder (one per process: json.dumps would build a new one per call); compact, so the C
# encoder runs; one finding per line keeps large reports fast to write and easy to grep
_dumps = encode_json


def render_json(result, settings, version: str) -> str:
    findings = result.findings
    # the findings' own JSON strings joined as they are (no per-finding copy with its indent: on a large run
    # the report is the largest object of the process)
    parts = ['{\n  "version": ', _dumps(version), ',\n  "findings": [']
    if findings:
        parts.append("\n    ")
        for f in findings:
            parts.append(f.extra.get("json") or _dumps(f.to_dict()))  # as to_json(), without keeping a copy
            parts.append(",\n    ")
        parts[-1] = "\n  ],\n  "
    else:
        parts.append("],\n  ")
    parts.append('"summary": ' + _dumps(result.summary()))
    if settings.statistics:
        parts.append(',\n  "statistics": ' + _dumps(statistics(findings)))
    parts.append("\n}\n")
    return "".join(parts)
