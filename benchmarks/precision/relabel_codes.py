"""Relabel judged findings whose code changed while the finding did not (same file, pointer, message, severity).

Issue 17, "one code, one default severity": the warning cases of TC201-TC214 became codes of their own
(TC218-TC225), and TC110's `default: null` on a schema that rejects null became TC124 (TC110 itself an error),
told apart by the finding's message. A judged verdict is about the finding, not its code, so it is kept and only its code (and the
code field of its key) follows. Idempotent; run once after such a split:

    python benchmarks/precision/relabel_codes.py [--check]

`--check` changes nothing and exits 1 when a record still carries an old code.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
JUDGED = HERE / "judged.jsonl"

# (old code, severity the finding had) -> new code. An export note ("the export drops it") is TC225 whatever
# code it had.
RECODED = {
    ("TC201", "warning"): "TC218",
    ("TC203", "warning"): "TC219",
    ("TC204", "warning"): "TC220",
    ("TC205", "warning"): "TC221",
    ("TC206", "warning"): "TC222",
    ("TC208", "warning"): "TC223",
    ("TC214", "warning"): "TC224",
}
# (old code, what the message starts with) -> new code: a case told apart by its message, whatever its severity
RECODED_BY_MESSAGE = {
    ("TC110", "`default` null "): "TC124",
}
EXPORT_DROP = "TC225"
EXPORT_MARK = "the export drops"
KEY_CODE = 4  # set|view|file|tool|code|target|pointer|related


def new_code(r: dict) -> str | None:
    """The code the record's finding has now, or None when it did not change."""
    message = r.get("message") or ""
    for (old, start), code in RECODED_BY_MESSAGE.items():
        if r.get("code") == old and message.startswith(start):
            return code
    code = RECODED.get((r.get("code"), r.get("severity")))
    if code is not None and EXPORT_MARK in message:
        return EXPORT_DROP
    return code


def relabel(r: dict, code: str) -> dict:
    parts = r["key"].split("|")
    parts[KEY_CODE] = code
    return {**r, "code": code, "key": "|".join(parts)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="report old codes, change nothing")
    args = ap.parse_args(argv)
    lines = JUDGED.read_text(encoding="utf-8").splitlines()
    out, changed = [], 0
    for line in lines:
        r = json.loads(line)
        code = new_code(r)
        if code is None:
            out.append(line)
            continue
        changed += 1
        out.append(json.dumps(relabel(r, code), ensure_ascii=False))
    if args.check:
        print(f"{changed} judged records carry an old code")
        return 1 if changed else 0
    if changed:
        JUDGED.write_text("\n".join(out) + "\n", encoding="utf-8")
    print(f"relabelled {changed} of {len(lines)} judged records")
    return 0


if __name__ == "__main__":
    sys.exit(main())
