"""`--statistics`: the findings counted per rule (the text and JSON reporters print it)."""

from __future__ import annotations

from collections import Counter
from typing import Any


def statistics(findings) -> list[dict[str, Any]]:
    counts = Counter((f.code, f.name) for f in findings)
    fixable = {f.code for f in findings if f.fixable}
    return [
        {"code": code, "name": name, "count": n, "fixable": code in fixable}
        for (code, name), n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0][0]))
    ]
