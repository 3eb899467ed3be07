"""Snapshot toolcheck's findings on every input we have, and compare two snapshots.

A behaviour-preserving change (a refactoring) must leave every snapshot byte-identical; a change that means to
alter findings shows exactly which ones moved. The inputs are the bundled contracts (lint, validate, validate
--target all), corpus A (validate --target all; skipped without ../shared), and every fixture case under
tests/rules/ run with every rule (validate; diff for TC8 pairs; fuzz with a fixed seed for TC7). Fixture case ids
stay `fixtures/<CODE>/<kind>/<case>` (the folder was tests/fixtures/ before issue 16), so snapshots taken before
and after the move compare case by case; expectation files (`expect.json`, `<case>.expect.json`) are not cases and
are left out of the projects.

    python scripts/snapshot.py take OUT.jsonl [--toolcheck PATH] [--no-corpus] [--jobs 2]
    python scripts/snapshot.py compare OLD.jsonl NEW.jsonl

Each line of a snapshot is {"case", "argv", "exit", "report"} with the JSON report minus its `version`. Runs
use --no-cache and the installed `toolcheck` (or --toolcheck), through the CLI, so they see what users see. The
checkout's own path (a traceback of a handler in toolcheck/examples/ names it) is written `<src>`, so two
checkouts in different folders compare equal; `compare` also rewrites such paths in older snapshots.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "rules"
EXPECTATIONS = ("expect.json", "*.expect.json")  # a fail case's expected findings (tests/fixture_harness.py)
SRC_PATH = re.compile(r"(?:/[^\s\"'/]+)+/(?=toolcheck/[\w/.-]+\.py)")
CORPUS = ROOT.parent / "shared" / "corpus" / "A"
CONFIG = "paths: [contracts]\nsamples: samples\n"


def _cases(corpus: bool) -> list[tuple[str, str, list[str]]]:
    """(case id, kind, extra) in a fixed order; kind says how to build the project."""
    out: list[tuple[str, str, list[str]]] = [
        ("bundled/lint", "bundled", ["lint"]),
        ("bundled/validate", "bundled", ["validate"]),
        ("bundled/validate-all", "bundled", ["validate", "--target", "all"]),
    ]
    if corpus and CORPUS.is_dir():
        out.append(("corpus-A/validate-all", "corpus", ["validate", "--target", "all"]))
        out.append(("corpus-A/lint", "corpus", ["lint"]))
    for rule_dir in sorted(FIXTURES.iterdir()):
        if not rule_dir.is_dir() or not rule_dir.name.startswith("TC"):
            continue
        for kind in ("pass", "fail"):
            d = rule_dir / kind
            if not d.is_dir():
                continue
            for case in sorted(d.iterdir()):
                if case.name == "expect.json" or case.name.endswith(".expect.json"):
                    continue
                cid = f"fixtures/{rule_dir.name}/{kind}/{case.name}"
                if rule_dir.name.startswith("TC8"):
                    out.append((cid, "diff", ["diff", "old", "new"]))
                elif rule_dir.name.startswith("TC7"):
                    out.append((cid, "fixture", ["fuzz", "--seed", "0", "--max-examples", "10"]))
                else:
                    out.append((cid, "fixture", ["validate"]))
    return out


def _project(cid: str, kind: str, tmp: Path) -> Path:
    proj = tmp / "proj"
    if kind == "bundled":
        for name in ("contracts", "samples"):
            shutil.copytree(ROOT / name, proj / name)
        shutil.copyfile(ROOT / "pyproject.toml", proj / "pyproject.toml")
        return proj
    if kind == "corpus":
        (proj / "contracts").mkdir(parents=True)
        (proj / "samples").mkdir()
        shutil.copyfile(CORPUS / "tools.jsonl", proj / "contracts" / "tools.jsonl")
        shutil.copyfile(CORPUS / "samples.jsonl", proj / "samples" / "calls.jsonl")
        (proj / "toolcheck.yaml").write_text(CONFIG, encoding="utf-8")
        return proj
    case = FIXTURES / cid.removeprefix("fixtures/")
    if case.is_dir():
        shutil.copytree(case, proj, symlinks=True, ignore=shutil.ignore_patterns(*EXPECTATIONS))
        if not (proj / "toolcheck.yaml").exists():
            (proj / "toolcheck.yaml").write_text("paths: [new]\n" if kind == "diff" else CONFIG, encoding="utf-8")
        return proj
    (proj / "contracts").mkdir(parents=True)
    (proj / "toolcheck.yaml").write_text(CONFIG, encoding="utf-8")
    shutil.copyfile(case, proj / "contracts" / case.name)
    return proj


def _run(toolcheck: str, case: tuple[str, str, list[str]]) -> dict:
    cid, kind, argv = case
    with tempfile.TemporaryDirectory(prefix="tc-snap-") as td:
        proj = _project(cid, kind, Path(td))
        cmd = [toolcheck, *argv, "--format", "json"] + (["--no-cache"] if argv[0] in ("lint", "validate") else [])
        env = dict(os.environ, NO_COLOR="1", TOOLCHECK_NO_CACHE="1")
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # an editable checkout would recompile every module per run
        p = subprocess.run(cmd, cwd=proj, capture_output=True, text=True, env=env, timeout=600)
        try:
            report = json.loads(p.stdout.replace(td, "<tmp>").replace(str(ROOT) + "/", "<src>/"))
            report.pop("version", None)
        except ValueError:
            report = {"stdout": p.stdout, "stderr": p.stderr.replace(td, "<tmp>")}
    return {"case": cid, "argv": argv, "exit": p.returncode, "report": report}


def take(out: Path, toolcheck: str, corpus: bool, jobs: int) -> None:
    cases = _cases(corpus)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        rows = list(pool.map(lambda c: _run(toolcheck, c), cases))
    with open(out, "w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, sort_keys=True, ensure_ascii=False) + "\n")
    n = sum(len(r["report"].get("findings", [])) for r in rows)
    print(f"{len(rows)} cases, {n} findings -> {out}")


def _key(f: dict) -> str:
    return json.dumps(f, sort_keys=True, ensure_ascii=False)


def _rows(path: Path) -> dict[str, dict]:
    text = SRC_PATH.sub("<src>/", path.read_text(encoding="utf-8"))
    return {r["case"]: r for r in map(json.loads, text.splitlines())}


def compare(old: Path, new: Path) -> int:
    a, b = _rows(old), _rows(new)
    differ = 0
    for cid in sorted(set(a) | set(b)):
        ra, rb = a.get(cid), b.get(cid)
        if ra == rb:
            continue
        differ += 1
        if ra is None or rb is None:
            print(f"{cid}: only in {'new' if ra is None else 'old'}")
            continue
        print(f"{cid}: exit {ra['exit']} -> {rb['exit']}" if ra["exit"] != rb["exit"] else f"{cid}:")
        fa = [_key(f) for f in ra["report"].get("findings", [])]
        fb = [_key(f) for f in rb["report"].get("findings", [])]
        gone = [f for f in fa if f not in fb]
        new_ = [f for f in fb if f not in fa]
        for f in gone[:20]:
            print(f"  - {f}")
        for f in new_[:20]:
            print(f"  + {f}")
        if len(gone) > 20 or len(new_) > 20:
            print(f"  ... {len(gone)} removed, {len(new_)} added in all")
        if not gone and not new_:
            sa = {k: v for k, v in ra["report"].items() if k != "findings"}
            sb = {k: v for k, v in rb["report"].items() if k != "findings"}
            print(f"  order or non-finding fields differ: {sa} -> {sb}" if sa != sb else "  finding order differs")
    print(f"{differ} of {len(set(a) | set(b))} cases differ")
    return 1 if differ else 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("take")
    t.add_argument("out", type=Path)
    t.add_argument("--toolcheck", default=shutil.which("toolcheck") or str(ROOT / ".venv" / "bin" / "toolcheck"))
    t.add_argument("--no-corpus", action="store_true")
    t.add_argument("--jobs", type=int, default=2)
    c = sub.add_parser("compare")
    c.add_argument("old", type=Path)
    c.add_argument("new", type=Path)
    args = ap.parse_args()
    if args.cmd == "take":
        take(args.out, os.path.abspath(args.toolcheck), not args.no_corpus, args.jobs)
    else:
        sys.exit(compare(args.old, args.new))


if __name__ == "__main__":
    main()
