"""Per-rule precision of ONE judging round of judged.jsonl, beside each rule's policy (severity, default on/opt-in).

Issue 17 asks that the final figures come from a fresh sample drawn after the rule changes and judged by judges who
did not change the rules: that is the round `fresh` (drawn with `run.py --sample 240 --seed 17 --no-fuzz`, judged
blind by six judges, one chunk of 40 each). Earlier rounds (`before`, `after`) stay in judged.jsonl; this script
reads only the round it is given, so a figure never mixes a judge who changed the rule with one who did not.

    python benchmarks/precision/round_table.py --round fresh [--markdown FILE] [--toolcheck PATH]

precision = true / (true + false) with its 95% Wilson lower bound; strict = true / n (debatable counted as false:
the error gate). The gate (README, "Severity policy"): a default-enabled error needs strict >= 95%, a
default-enabled warning precision >= 80%.
"""

from __future__ import annotations

import argparse
import collections
import json
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from run import JUDGED, load_judged, wilson_lower  # noqa: E402


def rule_policy(toolcheck: str) -> dict[str, dict]:
    out = subprocess.run([toolcheck, "rules", "--format", "json"], capture_output=True, text=True, check=True)
    return {r["code"]: r for r in json.loads(out.stdout)}


def table(judged: list[dict], round_name: str, policy: dict[str, dict]) -> list[dict]:
    counts: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for r in judged:
        if r.get("round") == round_name:
            counts[r["code"]][r["verdict"]] += 1
    rows = []
    for code in sorted(counts):
        c = counts[code]
        t, d, f = c["true"], c["debatable"], c["false"]
        n = t + d + f
        p = policy.get(code, {})
        sev, default = p.get("severity", "?"), p.get("default", True)
        rows.append({
            "code": code, "name": p.get("name", ""), "severity": sev, "default": default, "n": n,
            "true": t, "debatable": d, "false": f,
            "precision": t / (t + f) if t + f else None, "precision_lb": wilson_lower(t, t + f) if t + f else None,
            "strict": t / n if n else None, "strict_lb": wilson_lower(t, n) if n else None,
        })
    return rows


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.0f}%"


def gate(row: dict) -> str:
    if not row["default"]:
        return "opt-in"
    if row["severity"] == "error":
        return "meets" if (row["strict"] or 0) >= 0.95 else "below"
    if row["severity"] == "warning":
        return "meets" if (row["precision"] or 0) >= 0.80 else "below"
    return "info"


def markdown(rows: list[dict]) -> str:
    lines = ["| code | name | severity | default | n | true | debatable | false | precision (95% LB) | "
             "strict (95% LB) | gate |", "|---|---|---|---|---:|---:|---:|---:|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['code']} | `{r['name']}` | {r['severity']} | {'on' if r['default'] else 'opt-in'} | "
                     f"{r['n']} | {r['true']} | {r['debatable']} | {r['false']} | "
                     f"{_pct(r['precision'])} ({_pct(r['precision_lb'])}) | {_pct(r['strict'])} "
                     f"({_pct(r['strict_lb'])}) | {gate(r)} |")
    tot = collections.Counter()
    for r in rows:
        for s in ("error", "warning"):
            if r["severity"] == s and r["default"]:
                tot[s + "_t"] += r["true"]
                tot[s + "_f"] += r["false"]
                tot[s + "_n"] += r["n"]
    for s in ("error", "warning"):
        t, f, n = tot[s + "_t"], tot[s + "_f"], tot[s + "_n"]
        if n:
            lines.append(f"| all default {s}s | | | | {n} | {t} | {n - t - f} | {f} | {_pct(t / (t + f) if t + f else None)}"
                         f" ({_pct(wilson_lower(t, t + f) if t + f else None)}) | {_pct(t / n)} "
                         f"({_pct(wilson_lower(t, n))}) | |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--round", default="fresh")
    ap.add_argument("--judged", type=Path, default=JUDGED)
    ap.add_argument("--toolcheck", default=shutil.which("toolcheck") or "toolcheck")
    ap.add_argument("--markdown", type=Path)
    a = ap.parse_args(argv)
    rows = table(load_judged(a.judged), a.round, rule_policy(a.toolcheck))
    if not rows:
        print(f"no verdicts of round {a.round!r} in {a.judged}", file=sys.stderr)
        return 1
    md = markdown(rows)
    if a.markdown:
        a.markdown.write_text(md, encoding="utf-8")
    print(md, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
