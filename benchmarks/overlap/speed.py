"""TC430's cost on a real install, beside a reference toolcheck measured in the same run (issue 18, last item).

    python benchmarks/overlap/speed.py --toolcheck NEW/bin/toolcheck --reference OLD/bin/toolcheck [--runs 7]

Both executables come from `pip install .` into fresh venvs (this environment sets PYTHONDONTWRITEBYTECODE, so
an editable checkout recompiles every module at each start; pip compiles bytecode on install). Runs alternate
new/reference so a noisy shared machine hits both alike; each figure is the median of --runs, with max RSS.

* corpus A (7,078 tools, one JSON Lines file, `group-by: auto`): `lint --select TC430`, and `lint --select TC006`
  (loading and one trivial rule) to subtract start-up and loading: the difference is TC430's own time;
* the bundled contracts (contracts/ with the repository's toolcheck.yaml): `lint` (every rule), as pre-commit runs;
* one contract: `lint contracts/search_gifts.yaml`, the pre-commit hook's case.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpus" / "A" / "tools.jsonl"


def _run(cmd: list[str], cwd: Path) -> float:
    """Wall seconds of one run; exit 0 or 1 (findings) only."""
    t0 = time.perf_counter()
    p = subprocess.run(cmd, cwd=cwd, env={**os.environ, "NO_COLOR": "1"}, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if p.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} exited {p.returncode}: {p.stderr[-2000:]}")
    return wall


def _rss(cmd: list[str], cwd: Path) -> float | None:
    """Max RSS in MB of one run under GNU time (None without it)."""
    if not Path("/usr/bin/time").exists():
        return None
    p = subprocess.run(["/usr/bin/time", "-f", "%M", *cmd], cwd=cwd, capture_output=True, text=True)
    try:
        return int(p.stderr.strip().splitlines()[-1]) / 1024
    except (ValueError, IndexError):
        return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--toolcheck", required=True, help="the toolcheck executable measured")
    ap.add_argument("--reference", required=True, help="the toolcheck executable it is compared with")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--json", metavar="PATH")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="overlap-speed-") as tmp:
        proj = Path(tmp)
        shutil.copytree(ROOT / "contracts", proj / "contracts")
        if (ROOT / "samples").is_dir():
            shutil.copytree(ROOT / "samples", proj / "samples")
        if (ROOT / "toolcheck.yaml").is_file():
            shutil.copy(ROOT / "toolcheck.yaml", proj / "toolcheck.yaml")
        cases = {
            "one contract: lint": ["lint", "--no-cache", "contracts/search_gifts.yaml"],
            "bundled contracts: lint": ["lint", "--no-cache"],
        }
        corpus_dir = proj / "corpus"
        corpus_dir.mkdir()
        if CORPUS.is_file():
            (corpus_dir / "tools.jsonl").symlink_to(CORPUS)
            cases["corpus A: lint --select TC430"] = ["lint", "--no-cache", "--statistics", "--exit-zero",
                                                    "--select", "TC430", "tools.jsonl"]
            cases["corpus A: lint --select TC006"] = ["lint", "--no-cache", "--statistics", "--exit-zero",
                                                    "--select", "TC006", "tools.jsonl"]
        times: dict[str, dict[str, list[float]]] = {k: {"new": [], "ref": []} for k in cases}
        for _ in range(args.runs):
            for name, sub in cases.items():
                cwd = corpus_dir if name.startswith("corpus") else proj
                for who, exe in (("new", args.toolcheck), ("ref", args.reference)):
                    times[name][who].append(_run([exe, *sub], cwd))
        rss = {name: {who: _rss([exe, *sub], corpus_dir if name.startswith("corpus") else proj)
                      for who, exe in (("new", args.toolcheck), ("ref", args.reference))}
               for name, sub in cases.items()}
    med = {k: {w: statistics.median(v) for w, v in d.items()} for k, d in times.items()}
    print(f"median of {args.runs} runs, alternating; new = {args.toolcheck}, reference = {args.reference}\n")
    print("| case | new (s) | reference (s) | ratio new/ref | new max RSS (MB) | reference max RSS (MB) |")
    print("|---|---|---|---|---|---|")
    for k, d in med.items():
        r = rss[k]
        print(f"| {k} | {d['new']:.2f} | {d['ref']:.2f} | {d['new'] / d['ref']:.2f} | "
              f"{r['new'] or 0:.0f} | {r['ref'] or 0:.0f} |")
    if "corpus A: lint --select TC430" in med:
        own = {w: med["corpus A: lint --select TC430"][w] - med["corpus A: lint --select TC006"][w]
               for w in ("new", "ref")}
        print(f"\nTC430's own time on corpus A (TC430 run minus the TC006 run): new {own['new']:.2f} s, "
              f"reference {own['ref']:.2f} s")
        med["tc430_own"] = own
    if args.json:
        Path(args.json).write_text(json.dumps({"runs": args.runs, "median": med, "rss_mb": rss,
                                               "all": times}, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
