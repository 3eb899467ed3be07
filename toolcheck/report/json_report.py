from __future__ import annotations

import json

from . import statistics


def render_json(result, settings, version: str) -> str:
    doc = {
        "version": version,
        "findings": [f.to_dict() for f in result.findings],
        "summary": result.summary(),
    }
    if settings.statistics:
        doc["statistics"] = statistics(result.findings)
    return json.dumps(doc, indent=2, ensure_ascii=False, default=str) + "\n"
