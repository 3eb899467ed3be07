"""Write the expectations of fail fixtures from the findings they raise today (then review them by hand).

    python scripts/expect_fixtures.py                   # list the fail cases that name no expected finding
    python scripts/expect_fixtures.py --write [CASE...] # write expectations for them (or for the CASE paths)
    python scripts/expect_fixtures.py --write --force CASE...  # rewrite a case's expectations

Each case runs with only its rule selected (tests/fixture_harness.py). A YAML file case gets inline markers
(``# expect: TC103`` at the end of each line a finding is reported at) when the comments change nothing: the
findings of the case, with only its rule and with every rule, are compared before and after, and no string value
may contain the marker (a comment inside a block scalar would be text). Otherwise, and for JSON, JSON Lines and
folder cases, the findings go to ``<stem>.expect.json`` / ``expect.json`` (code, file, line, pointer).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.fixture_harness import (  # noqa: E402
    YAML_SUFFIXES,
    Case,
    case_file,
    cases,
    expectations,
    prepare,
    run_case,
)


def _sig(result) -> list[str]:
    return [json.dumps(f.to_dict(), sort_keys=True, default=str) for f in result.findings]


def _runs(case: Case, also: tuple[str, ...], path: Path | None = None) -> tuple[list, list[str]]:
    """(findings with only the rule (and ``also``) selected, the signature of every rule's findings) of the case,
    or of a modified copy of its file at ``path``."""
    c = case if path is None else Case(case.code, case.kind, path)
    with tempfile.TemporaryDirectory(prefix="tc-expect-") as td:
        proj = prepare(c, Path(td))
        only = run_case(c, proj, only=True, also=also).findings
        every = _sig(run_case(c, proj, only=False))
        return only, every


def _strings(v):
    if isinstance(v, str):
        yield v
    elif isinstance(v, list):
        for x in v:
            yield from _strings(x)
    elif isinstance(v, dict):
        for k, x in v.items():
            yield from _strings(k)
            yield from _strings(x)


def _with_markers(text: str, findings: list, also: tuple[str, ...]) -> str | None:
    if also:
        text = text + ("" if text.endswith("\n") or not text else "\n") + f"# also-select: {', '.join(also)}\n"
    lines = text.split("\n")
    by_line: dict[int, list[str]] = {}
    for f in findings:
        if f.line is None or not 1 <= f.line <= len(lines) or f.line == len(lines) and lines[-1] == "":
            return None
        by_line.setdefault(f.line, []).append(f.code)
    for n, codes in by_line.items():
        line = lines[n - 1].rstrip("\r")
        sep = "" if not line.strip() else "  "
        lines[n - 1] = f"{line}{sep}# expect: {', '.join(codes)}" + ("\r" if lines[n - 1].endswith("\r") else "")
    return "\n".join(lines)


def _marker_inside_value(text: str) -> bool:
    import yaml

    try:
        docs = list(yaml.safe_load_all(text))
    except Exception:  # noqa: BLE001 - a fixture of a broken file: the findings comparison decides
        return False
    return any("expect:" in s for d in docs for s in _strings(d))


def write(case: Case, also: tuple[str, ...] = ()) -> str:
    only, every = _runs(case, also)
    if not only:
        return f"FIRES NOTHING ALONE: {case.path}"
    if case.path.is_file() and case.path.suffix in YAML_SUFFIXES and all(f.file == case_file(case) for f in only):
        text = case.path.read_text(encoding="utf-8", errors="surrogateescape")
        marked = _with_markers(text, only, also)
        if marked is not None and not _marker_inside_value(marked):
            with tempfile.TemporaryDirectory(prefix="tc-expect-") as td:
                copy = Path(td) / case.path.name
                copy.write_text(marked, encoding="utf-8", errors="surrogateescape")
                only2, every2 = _runs(case, also, copy)
            if _sig_of(only2) == _sig_of(only) and every2 == every:
                case.path.write_text(marked, encoding="utf-8", errors="surrogateescape")
                return f"markers  {case.path} ({len(only)})"
    default = None if case.path.is_dir() else case_file(case)
    rows = []
    for f in only:
        row = {"code": f.code}
        if f.file != default:
            row["file"] = f.file
        row["line"] = f.line
        row["pointer"] = f.pointer
        rows.append(row)
    body = ",\n".join(("    " if also else "  ") + json.dumps(r, ensure_ascii=False) for r in rows)
    if also:
        text = f'{{"also-select": {json.dumps(list(also))}, "findings": [\n{body}\n]}}\n'
    else:
        text = f"[\n{body}\n]\n"
    case.expect_path.write_text(text, encoding="utf-8")
    return f"file     {case.expect_path} ({len(only)})"


def _sig_of(findings: list) -> list[str]:
    return [json.dumps(f.to_dict(), sort_keys=True, default=str) for f in findings]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("cases", nargs="*", type=Path)
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--force", action="store_true", help="rewrite cases that already name expectations")
    ap.add_argument("--also-select", action="append", default=[], help="rules the cases need beside their own")
    args = ap.parse_args()
    wanted = {p.resolve() for p in args.cases}
    todo = [c for c in cases() if c.kind == "fail" and (not wanted or c.path.resolve() in wanted)
            and (args.force or expectations(c) is None)]
    bad = 0
    for c in todo:
        if not args.write:
            print(c.path.relative_to(ROOT))
            continue
        msg = write(c, tuple(args.also_select))
        bad += msg.startswith("FIRES")
        print(msg, flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
