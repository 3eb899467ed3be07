"""Every compared pair's TC430 score, to prove that a speed change changes no result.

    python benchmarks/overlap/score_dump.py OUT.jsonl     # run with each checkout's python, then diff the files

Corpus A: the candidate pairs of each ``group-by: auto`` group (as cpu.py groups them), each scored by
``compare(a, b, 0.0)`` (no early exit) and by ``compare(a, b, t)`` at the shipped threshold t (which may stop early and
is None below t). Captured servers (benchmarks/overlap/servers, benchmarks/precision/servers): every pair of each
server's tools. One JSON line per pair: (set, group, tool, other, repr(score), repr(score at t)). Both checkouts must
give the same lines: the full score, and at t the same score or None exactly when the full one is below t.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from overlap_common import CORPUS  # noqa: E402


def _frames(tools: list[dict]) -> list:
    from toolcheck.overlap import mention_keys, parse
    known = frozenset(k for r in tools for k in mention_keys(r["name"]))
    return [parse(r["name"], r.get("description") or "", r.get("parameters", r.get("inputSchema")), known)
            for r in tools]


def main(argv: list[str]) -> int:
    from toolcheck.overlap import compare, default_threshold
    from toolcheck.overlap.candidates import candidate_pairs
    t = default_threshold()

    def row(set_: str, group: str, a, b) -> tuple:
        return set_, group, a.name, b.name, repr(compare(a, b, 0.0)), repr(compare(a, b, t))

    out = []
    groups: dict[str, dict[str, dict]] = defaultdict(dict)
    if Path(CORPUS).exists():
        with open(CORPUS, encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                src = r.get("source") or ""
                groups[src.split("@", 1)[0] if "@" in src else src].setdefault(r["name"], r)
    for origin, by_name in sorted(groups.items()):
        if len(by_name) > 1:
            fr = _frames(list(by_name.values()))
            out.extend(row("A", origin, fr[i], fr[j]) for i, j in candidate_pairs(fr))
    for d in (HERE / "servers", HERE.parent / "precision" / "servers"):
        for p in sorted(d.glob("*.json")):
            data = json.loads(p.read_text(encoding="utf-8"))
            tools = data.get("tools") if isinstance(data, dict) else None
            if not tools:
                continue
            fr = _frames(tools)
            out.extend(row(d.parent.name, p.stem, fr[i], fr[j]) for i in range(len(fr)) for j in range(i + 1, len(fr)))
    Path(argv[0]).write_text("".join(json.dumps(r) + "\n" for r in out), encoding="utf-8")
    print(f"{len(out)} pairs")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
