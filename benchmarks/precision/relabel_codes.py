"""Relabel judged findings whose code changed while the finding did not (same file, tool, target, pointer).

Issue 17, "one code, one default severity": the warning cases of TC201-TC214 became codes of their own
(TC218-TC225), decided from the record alone (its code and severity; same message), and TC110's `default: null`
on a schema that rejects null became TC124 (TC110 itself an error), told apart by the finding's message. TC213's error on a
*catalogue* file (a bare list or JSON Lines of definitions, which a host may load in part) became TC226
`tool-catalogue-over-target-limit` (a warning, reworded): which file a record names is a catalogue is decided by
loading that file, as its set (sets.py) writes it, with toolcheck's loader (``SourceFile.sent_as``); a set that
cannot be built (corpus A absent) leaves its records as they are, and says so. A judged verdict is about the
finding, not its code, so it is kept, with the message and severity the judge saw, and only its code (and the
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
# (old code, severity) -> new code when the finding's file is a catalogue (the loader's `sent_as`)
BY_SHAPE = {("TC213", "error"): "TC226"}
KEY_CODE = 4  # set|view|file|tool|code|target|pointer|related


def new_code(r: dict, catalogue: bool | None = None) -> str | None:
    """The code the record's finding has now, or None when it did not change. ``catalogue``: whether the
    record's file is a catalogue (None: not known; a BY_SHAPE record then keeps its code)."""
    message = r.get("message") or ""
    for (old, start), code in RECODED_BY_MESSAGE.items():
        if r.get("code") == old and message.startswith(start):
            return code
    code = RECODED.get((r.get("code"), r.get("severity")))
    if code is not None and EXPORT_MARK in message:
        return EXPORT_DROP
    if code is None and catalogue:
        code = BY_SHAPE.get((r.get("code"), r.get("severity")))
    return code


def shape_of(records: list[dict]) -> tuple[dict[tuple[str, str, str], bool], list[str]]:
    """(set, view, file) -> whether that file is a catalogue, for the records BY_SHAPE may relabel; and the sets
    that could not be built. A `contracts` view's files are toolcheck contracts: never a catalogue."""
    wanted = {(r["set"], r["view"], r["file"]) for r in records if (r.get("code"), r.get("severity")) in BY_SHAPE}
    out = {w: False for w in wanted if w[1] == "contracts"}
    rest = wanted - set(out)
    if not rest:
        return out, []
    sys.path.insert(0, str(HERE))
    sys.path.insert(0, str(HERE.parent.parent))
    import sets as tsets

    from toolcheck.loading import Limits, load_file

    by_id = {ts.id: ts for ts in tsets.all_sets()[0]}
    missing = []
    for set_id, view, file in sorted(rest):
        ts = by_id.get(set_id)
        text = ts.files.get(file) if ts is not None else None
        if text is None:
            missing.append(f"{set_id} ({file})")
            continue
        lf = load_file(file, file, Limits(), data=text.encode("utf-8"))
        out[(set_id, view, file)] = lf.file.sent_as == "catalogue"
    return out, missing


def relabel(r: dict, code: str) -> dict:
    parts = r["key"].split("|")
    parts[KEY_CODE] = code
    return {**r, "code": code, "key": "|".join(parts)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="report old codes, change nothing")
    args = ap.parse_args(argv)
    lines = JUDGED.read_text(encoding="utf-8").splitlines()
    records = [json.loads(line) for line in lines]
    shapes, missing = shape_of(records)
    if missing:
        print(f"not decided (the set cannot be built, corpus A absent?): {', '.join(missing)}", file=sys.stderr)
    out, changed = [], 0
    for line, r in zip(lines, records, strict=True):
        code = new_code(r, shapes.get((r.get("set"), r.get("view"), r.get("file"))))
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
