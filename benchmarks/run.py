#!/usr/bin/env python3
"""toolcheck benchmarks on a real install, beside its peers, in the same run.

    python benchmarks/run.py                      # every case, full corpus A (../shared/corpus/A)
    python benchmarks/run.py --quick              # CI: a 300-tool sample, 3 rounds, no timing assertion
    python benchmarks/run.py --markdown perf.md --json perf.json
    python benchmarks/run.py --against f526194    # this checkout vs another commit, same rounds (no slowdown?)

What is timed is what users run: `pip install .` of this checkout (non-editable; pip byte-compiles it) into a
virtual environment of its own, and that environment's `toolcheck` console script, never the checkout (this
environment sets PYTHONDONTWRITEBYTECODE, so a checkout recompiles every module at each start). The peers are
installed the same way, each in its own environment: toollint (descriptions only) and check-jsonschema
(metaschema only), given the same 11 bundled contracts converted to their inputs. The environments are cached
outside the checkout ($TOOLCHECK_BENCH_CACHE, else ~/.cache/toolcheck-bench), keyed on the content of the package
files, so an unchanged checkout is not reinstalled and a changed one is.

Commands compared with each other run alternately (A B C, B C A, ...) after an uncounted warm-up round; each row
gives the median, min and max of its runs, the peak RSS of the measured process (wait4) and its ratios to the
references measured in the same rounds. Machines are shared and noisy: compare ratios, not seconds across runs.

`--against REF` adds the case a refactoring needs: this checkout and commit REF (`git archive` of it, installed
the same way into a venv of its own) run alternately on the pre-commit and corpus commands, each row with its
ratio to REF. A ratio inside REF's own min/max spread is noise, not a slowdown.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import benchlib as bl  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "A"

#: the peers, pinned so that ratios compare across runs; each gets its own venv
PEERS = {"toollint": "toollint==0.1.2", "check-jsonschema": "check-jsonschema==0.39.0"}
#: issue 21: what `toolcheck lint` of YAML contracts should never import (fuzzing, import/export, diff, live MCP,
#: the editor, the embedding extra); reported by the importtime case, asserted by tests/test_import_denylist.py
IMPORT_DENYLIST = ("hypothesis", "hypothesis_jsonschema", "ruamel", "pygls", "wordllama", "sentence_transformers",
                   "torch",
                   "toolcheck.fuzz", "toolcheck.interop", "toolcheck.vendors.transforms", "toolcheck.diffing",
                   "toolcheck.compat", "toolcheck.mcp_live", "toolcheck.mcp_relay", "mcp")
QUICK_CORPUS_TOOLS = 300


class Bench:
    """One run of the harness: the venvs, the scratch folder, the rows so far."""

    def __init__(self, args: argparse.Namespace):
        self.args = args
        self.quick = args.quick
        self.repeats = args.repeats or (3 if args.quick else 11)
        self.corpus_repeats = args.repeats or (3 if args.quick else 7)
        self.rows: list[bl.Row] = []
        self.extra: dict = {}
        self.work = Path(tempfile.mkdtemp(prefix="toolcheck-bench-"))
        (self.work / "config").mkdir()
        # a throw-away config home: toolcheck's cache key lives there, the user's is not touched
        self.env = bl.clean_env({"XDG_CONFIG_HOME": str(self.work / "config")})
        self.peers: dict[str, bl.Venv] = {}
        self.peer_problems: dict[str, str] = {}

    # ------------------------------------------------------------ set-up

    def install(self) -> None:
        cache = self.args.venv_cache or bl.default_cache_root()
        self.tc = bl.ensure_venv("toolcheck", (), dists=("toolcheck-llm", "typer", "rich", "jsonschema-rs"),
                                 cache_root=cache, source=ROOT, rebuild=self.args.rebuild, log=self.log)
        self.tc_module = bl.check_real_install(self.tc)
        if self.args.against:
            self.ref = bl.ensure_venv(f"toolcheck-at-{self.args.against}", (), dists=("toolcheck-llm",),
                                      cache_root=cache, source=self.ref_source(), rebuild=self.args.rebuild,
                                      log=self.log)
            bl.check_real_install(self.ref)
        for name, req in ({} if self.args.no_peers else PEERS).items():
            try:
                self.peers[name] = bl.ensure_venv(name, (req,), dists=(name,), cache_root=cache,
                                                  rebuild=self.args.rebuild, log=self.log)
            except (RuntimeError, subprocess.SubprocessError) as e:  # e.g. no index reachable: say so, go on
                self.peer_problems[name] = str(e).splitlines()[0][:300]
                self.log(f"{name}: not installable here, no ratio against it ({self.peer_problems[name]})")

    def ref_source(self) -> Path:
        """The package files of commit `--against` (git archive), in the scratch folder."""
        dest = self.work / "against-src"
        dest.mkdir()
        arch = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", self.args.against],
                              capture_output=True, check=False)
        if arch.returncode:
            raise SystemExit(f"--against {self.args.against}: {arch.stderr.decode(errors='replace').strip()}")
        subprocess.run(["tar", "-x", "-C", str(dest)], input=arch.stdout, check=True)
        return dest

    def log(self, msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    def toolcheck(self, *args: str) -> list[str]:
        return [self.tc.script("toolcheck"), *args]

    def header(self) -> list[str]:
        v = self.tc.versions
        venvs = [f"toolcheck-llm {v.get('toolcheck-llm')} ({'built' if self.tc.built else 'reused'}: "
                 f"{self.tc.path})"]
        venvs += [f"{n} {p.versions.get(n)}" for n, p in self.peers.items()]
        venvs += [f"{n}: not installable ({why})" for n, why in self.peer_problems.items()]
        if self.args.against:
            venvs.append(f"toolcheck @ {self.args.against} ({self.ref.versions.get('toolcheck-llm')}, "
                         f"{'built' if self.ref.built else 'reused'}: {self.ref.path})")
        return [f"# toolcheck benchmarks — {self.extra['started']} (started)",
                "",
                f"- machine: {platform.machine()}, {os.cpu_count()} cores, {bl.memory_gib()}, "
                f"{platform.system()} {platform.release()}, Python {platform.python_version()}",
                f"- mode: {'quick (CI)' if self.quick else 'full'}; real install (`pip install .` into a venv of "
                f"its own, byte-compiled by pip), toolcheck imported from {self.tc_module}",
                f"- installed: {'; '.join(venvs)}",
                f"- peak RSS: the measured process's (wait4), forked by a launcher whose own size, "
                f"{bl.launcher().floor_kib / 1024:.1f} MiB, is the column's floor",
                f"- load average (1/5/15 min) at start: {self.extra['load_start']}"]

    # ------------------------------------------------------------ cases

    def add(self, case: str, program: str, sample: bl.Sample, tools: int | None = None,
            refs: dict[str, bl.Sample] | None = None, note: str = "") -> bl.Row:
        row = bl.Row(case, program, sample, tools, dict(refs or {}), note)
        self.rows.append(row)
        print(bl.format_row(row), flush=True)
        return row

    def case_precommit(self) -> None:
        """Issue 21 item 2: `toolcheck lint` of one contract and of the bundled contracts, beside toollint and
        check-jsonschema on the same tools and a bare Python start, all alternating."""
        proj = self.work / "precommit"
        shutil.copytree(ROOT / "contracts", proj / "contracts")
        contracts = sorted((proj / "contracts").glob("*.yaml"))
        one = [c for c in contracts if c.stem == "search_docs"] or contracts[:1]
        py = self.tc.python
        for label, files in (("one contract", one), (f"bundled contracts ({len(contracts)})", contracts)):
            tl_file, schemas = bl.write_peer_inputs(files, proj / "inputs", "one" if len(files) == 1 else "all")
            rel = [str(f.relative_to(proj)) for f in files]
            cmds = {"toolcheck": self.toolcheck("lint", "--no-cache", *rel)}
            if len(files) > 1:  # what pre-commit users get by default: the cache on, an unchanged second run
                cmds["toolcheck (cache on)"] = self.toolcheck("lint", *rel)
            if "toollint" in self.peers:
                cmds["toollint"] = [self.peers["toollint"].script("toollint"), "check", str(tl_file)]
            if "check-jsonschema" in self.peers:
                cmds["check-jsonschema"] = [self.peers["check-jsonschema"].script("check-jsonschema"),
                                            "--check-metaschema", *map(str, schemas)]
            if len(files) == 1:
                cmds["python -c pass"] = [py, "-c", "pass"]
                cmds["python -c 'import toolcheck.cli'"] = [py, "-c", "import toolcheck.cli"]
            s = bl.alternate(cmds, self.repeats, proj, self.env)
            peers = {k: s[k] for k in ("toollint", "check-jsonschema") if k in s}
            case = f"pre-commit: lint, {label}"
            if "python -c pass" in s:
                self.add("start-up (reference)", "python -c pass", s["python -c pass"])
                self.add("start-up: import toolcheck.cli", "python -c 'import toolcheck.cli'",
                         s["python -c 'import toolcheck.cli'"], refs={"python -c pass": s["python -c pass"]})
            self.add(case, "toolcheck lint --no-cache", s["toolcheck"], len(files), peers,
                     "" if peers else "no peer installed")
            if "toolcheck (cache on)" in s:
                self.add(case, "toolcheck lint (cache on, unchanged)", s["toolcheck (cache on)"], len(files), peers)
            if "toollint" in s:
                self.add(case, "toollint check (same tools)", s["toollint"], len(files))
            if "check-jsonschema" in s:
                self.add(case, "check-jsonschema --check-metaschema (same schemas)", s["check-jsonschema"],
                         len(files))
        self.importtime(proj, str(one[0].relative_to(proj)))
        self.startup_profile()

    def startup_profile(self) -> None:
        """Where a one-contract lint's CPU time goes, phase by phase (benchmarks/startup_profile.py on this real
        install, toollint in the same rounds): the profile behind the pre-commit ratio."""
        out = self.work / "startup.json"
        cmd = [sys.executable, str(ROOT / "benchmarks" / "startup_profile.py"), "--python", self.tc.python,
               "--runs", str(3 if self.quick else 9), "--json", str(out)]
        if "toollint" in self.peers:
            cmd += ["--toollint", self.peers["toollint"].script("toollint")]
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode:
            self.log(f"start-up profile failed: {p.stderr.strip()[-500:]}")
            return
        self.extra["startup_profile"] = json.loads(out.read_text())
        self.extra["startup_profile_table"] = p.stdout.strip()
        print("\n" + p.stdout.strip(), flush=True)

    def importtime(self, proj: Path, contract: str) -> None:
        """`-X importtime` of `toolcheck lint` of one contract (the console script, PYTHONPROFILEIMPORTTIME):
        where its start-up goes, to guide issue 21's work; printed, not asserted."""
        runs = []
        for _ in range(3 if self.quick else 5):
            r = bl.run_once(self.toolcheck("lint", "--no-cache", contract), proj,
                            {**self.env, "PYTHONPROFILEIMPORTTIME": "1"})
            runs.append(r.stderr)
        base = bl.run_once([self.tc.python, "-X", "importtime", "-c", "pass"], proj, self.env).stderr
        summary = bl.importtime_summary(runs, denylist=IMPORT_DENYLIST)
        summary["python_c_pass_ms"] = bl.importtime_summary([base])["total_ms"]
        self.extra["importtime"] = summary
        for line in self.importtime_lines(contract):
            print(line)

    def importtime_lines(self, contract: str) -> list[str]:
        s = self.extra.get("importtime")
        return bl.format_importtime(s, f"toolcheck lint --no-cache {contract}") if s else []

    def corpus_project(self, name: str, copies: int = 1, limit: int | None = None) -> tuple[Path, int]:
        """Build the project in a child process: Linux folds the spawning process's memory high-water mark into
        a spawned command's peak RSS (exec after vfork), so this process must stay small for RSS to mean
        anything."""
        proj = self.work / name
        cmd = [sys.executable, __file__, "--make-project", str(proj), "--copies", str(copies)]
        if limit:
            cmd += ["--limit", str(limit)]
        subprocess.run(cmd, check=True)
        return proj, int((proj / "count").read_text())

    def case_corpus(self) -> None:
        """Issue 21 item 3: `validate --target all` over corpus A, cold (--no-cache) and warm (an unchanged
        second run answered from .toolcheck_cache/), alternating."""
        if not CORPUS.is_dir():
            print("| corpus A: skipped (../shared/corpus/A not found) |")
            return
        proj, n = self.corpus_project("corpus", limit=QUICK_CORPUS_TOOLS if self.quick else None)
        cold = self.toolcheck("validate", "--target", "all", "--format", "json", "--no-cache")
        warm = self.toolcheck("validate", "--target", "all", "--format", "json")
        bl.run_once(warm, proj, self.env)  # fills the cache
        time.sleep(3)  # the detached writer of the findings file finishes
        s = bl.alternate({"cold": cold, "warm": warm}, self.corpus_repeats, proj, self.env, warmup=0)
        case = f"CI: validate --target all, corpus A{' sample' if self.quick else ''}"
        self.add(case, "toolcheck, cold (--no-cache)", s["cold"], n)
        self.add(case, "toolcheck, warm (unchanged second run, cache)", s["warm"], n, {"cold": s["cold"]})
        if self.quick:
            return
        # a first run with an empty cache (a CI job without a kept cache), alternating with --no-cache runs
        pair = {"cold": bl.Sample("cold", cold), "filling": bl.Sample("filling", warm)}
        for order in bl.rotations(["filling", "cold"], self.corpus_repeats):
            for label in order:
                if label == "filling":
                    shutil.rmtree(proj / ".toolcheck_cache", ignore_errors=True)
                pair[label].add(bl.run_once(pair[label].command, proj, self.env))
                if label == "filling":
                    time.sleep(3)  # its detached findings writer is done: a CI job runs once
        self.add(case, "toolcheck, first run filling an empty .toolcheck_cache/", pair["filling"], n,
                 {"cold (alternating with it)": pair["cold"]})
        s = bl.alternate({"lint": self.toolcheck("lint", "--format", "json", "--no-cache"),
                          "overlap": self.toolcheck("lint", "--select", "TC430", "--format", "json", "--no-cache")},
                         self.corpus_repeats, proj, self.env, warmup=0)
        self.add("corpus A: lint, cold", "toolcheck lint --no-cache", s["lint"], n)
        self.add("corpus A: overlap only (TC430), cold", "toolcheck lint --select TC430", s["overlap"], n)
        self.case_jobs(proj, n)

    def case_jobs(self, proj: Path | None = None, n: int | None = None) -> None:
        """Issue 21 item 4: `validate --target all` over corpus A with `--jobs 1` (one process) and `--jobs 2`
        (the rule groups shared out over two), cold, alternating."""
        if proj is None:
            if not CORPUS.is_dir():
                print("| corpus A: skipped (../shared/corpus/A not found) |")
                return
            proj, n = self.corpus_project("corpus", limit=QUICK_CORPUS_TOOLS if self.quick else None)
        base = self.toolcheck("validate", "--target", "all", "--format", "json", "--no-cache")
        cmds = {"1": [*base, "--jobs", "1"], "2": [*base, "--jobs", "2"]}
        s = bl.alternate(cmds, self.corpus_repeats, proj, self.env, warmup=0)
        self.add("CI: validate --target all, corpus A, processes", "toolcheck --jobs 1", s["1"], n)
        self.add("CI: validate --target all, corpus A, processes", "toolcheck --jobs 2", s["2"], n,
                 {"--jobs 1": s["1"]})

    def case_against(self) -> None:
        """Issue 16's "no slowdown": the same commands on this checkout and on `--against REF`, alternating."""
        ref = self.args.against
        proj = self.work / "against"
        shutil.copytree(ROOT / "contracts", proj / "contracts")
        one = str(Path("contracts") / "search_docs.yaml")
        mine, theirs = self.tc.script("toolcheck"), self.ref.script("toolcheck")
        cases = [("pre-commit: lint, one contract", proj, ["lint", "--no-cache", one], 1, self.repeats),
                 ("pre-commit: lint, bundled contracts", proj, ["lint", "--no-cache", "contracts"], 11,
                  self.repeats)]
        if CORPUS.is_dir():
            cp, n = self.corpus_project("against-corpus", limit=QUICK_CORPUS_TOOLS if self.quick else None)
            cases += [("CI: validate --target all, corpus A, cold", cp,
                       ["validate", "--target", "all", "--format", "json", "--no-cache"], n, self.corpus_repeats),
                      ("corpus A: lint, cold", cp, ["lint", "--format", "json", "--no-cache"], n,
                       self.corpus_repeats)]
        for case, cwd, argv, n, reps in cases:
            s = bl.alternate({"this": [mine, *argv], "ref": [theirs, *argv]}, reps, cwd, self.env)
            self.add(f"{case} (vs {ref})", f"toolcheck @ {ref}", s["ref"], n)
            self.add(f"{case} (vs {ref})", "toolcheck @ this checkout", s["this"], n, {ref: s["ref"]})

    def case_scaling(self) -> None:
        """Issue 21 item 3: cost linear in tools at 1x/2x/4x (alternating) and 10x (full mode only, one run)
        corpus A, as renamed copies from renamed projects; peak RSS per process. The CPU column and CPU ratios
        tell real growth from a machine that got busier."""
        if not CORPUS.is_dir():
            return
        limit = QUICK_CORPUS_TOOLS if self.quick else None
        cmd = self.toolcheck("validate", "--target", "all", "--format", "json", "--no-cache")
        projects = {k: self.corpus_project(f"scale{k}", copies=k, limit=limit) for k in (1, 2, 4)}
        reps = 1 if self.quick else max(1, self.corpus_repeats // 2)
        s = bl.alternate({k: cmd for k in projects}, reps, self.work, self.env, warmup=0,
                         cwds={k: p for k, (p, _) in projects.items()})
        if not self.quick:
            for p, _ in projects.values():
                if p != projects[1][0]:
                    shutil.rmtree(p, ignore_errors=True)
            projects[10] = self.corpus_project("scale10", copies=10)
            s[10] = bl.alternate({10: cmd}, 1, projects[10][0], self.env, warmup=0)[10]
        sample = " sample" if self.quick else ""
        for k, (p, n) in projects.items():
            self.add(f"scaling: validate --target all at {k}× corpus A{sample}", "toolcheck, cold", s[k], n,
                     {"1×": s[1]} if k > 1 else None)
            shutil.rmtree(p, ignore_errors=True)

    def case_overlap_scaling(self) -> None:
        """Overlap at a quarter, half and all of corpus A (copies would be near-duplicates of each other)."""
        if not CORPUS.is_dir() or self.quick:
            return
        with open(CORPUS / "tools.jsonl", encoding="utf-8") as fh:
            total = sum(1 for _ in fh)
        base = None
        for frac, label in ((4, "¼"), (2, "½"), (1, "all")):
            proj, n = self.corpus_project(f"overlap{frac}", limit=total // frac)
            s = bl.alternate({"o": self.toolcheck("lint", "--select", "TC430", "--format", "json", "--no-cache")},
                             max(1, self.corpus_repeats // 2), proj, self.env, warmup=0)
            self.add(f"scaling: overlap (TC430) at {label} of corpus A", "toolcheck lint --select TC430", s["o"], n,
                     {"¼": base} if base else None)
            base = base or s["o"]
            shutil.rmtree(proj, ignore_errors=True)

    # ------------------------------------------------------------ output

    def report(self) -> str:
        lines = self.header()
        lines.append(f"- load average at end: {self.extra['load_end']}")
        lines += ["", bl.format_table(self.rows)]
        lines += self.importtime_lines("contracts/search_docs.yaml")
        if "startup_profile_table" in self.extra:
            lines += ["", "Start-up profile (`benchmarks/startup_profile.py`, CPU time by phase):", "",
                      self.extra["startup_profile_table"]]
        return "\n".join(lines) + "\n"

    def as_json(self) -> dict:
        return {"date": self.extra["started"], "finished": time.strftime("%Y-%m-%d %H:%M"),
                "mode": "quick" if self.quick else "full",
                "machine": {"arch": platform.machine(), "cores": os.cpu_count(), "memory": bl.memory_gib(),
                            "python": platform.python_version()},
                "load_average": {"start": self.extra["load_start"], "end": self.extra["load_end"]},
                "install": {"toolcheck": {"path": str(self.tc.path), "built": self.tc.built,
                                          "versions": self.tc.versions, "imported_from": self.tc_module},
                            "peers": {n: p.versions for n, p in self.peers.items()},
                            "peers_not_installable": self.peer_problems},
                "rows": [r.as_json() for r in self.rows], "importtime": self.extra.get("importtime"),
                "startup_profile": self.extra.get("startup_profile")}


def make_project(tmp: Path, copies: int = 1, limit: int | None = None) -> None:
    (tmp / "samples").mkdir(parents=True, exist_ok=True)
    tools = (CORPUS / "tools.jsonl").read_text(encoding="utf-8").splitlines()
    samples = (CORPUS / "samples.jsonl").read_text(encoding="utf-8").splitlines()
    if limit:
        tools = tools[:limit]
        names = {json.loads(t)["name"] for t in tools}
        samples = [s for s in samples if json.loads(s)["name"] in names]
    for i in range(copies):
        if i == 0:
            (tmp / "tools.jsonl").write_text("\n".join(tools) + "\n", encoding="utf-8")
            (tmp / "samples" / "calls.jsonl").write_text("\n".join(samples) + "\n", encoding="utf-8")
            continue
        # renamed tools from renamed projects: each copy is a corpus of its own, so overlap (grouped by the
        # project a tool was published in) compares as many pairs per copy as in the original
        for src, out in ((tools, tmp / f"tools_c{i}.jsonl"), (samples, tmp / "samples" / f"calls_c{i}.jsonl")):
            lines = []
            for t in src:
                d = json.loads(t)
                d["name"] = f"{d['name']}_c{i}"
                if isinstance(d.get("source"), str):
                    d["source"] = f"copy{i}/{d['source']}"
                lines.append(json.dumps(d))
            out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    (tmp / "toolcheck.yaml").write_text("paths: ['.']\nsamples: samples\nexclude: [toolcheck.yaml, count]\n")
    (tmp / "count").write_text(str(len(tools) * copies))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="CI: a 300-tool corpus sample, 3 rounds, no 10x")
    ap.add_argument("--repeats", type=int, default=None, help="rounds per case (default 11 pre-commit, 7 corpus)")
    ap.add_argument("--json", type=Path, help="write the results as JSON here")
    ap.add_argument("--markdown", type=Path, help="write the table (with the header and importtime) here")
    ap.add_argument("--venv-cache", type=Path, default=None,
                    help="where the venvs are kept (default $TOOLCHECK_BENCH_CACHE or ~/.cache/toolcheck-bench)")
    ap.add_argument("--rebuild", action="store_true", help="reinstall the venvs even if their key is unchanged")
    ap.add_argument("--no-peers", action="store_true", help="time toolcheck only")
    ap.add_argument("--against", metavar="REF", help="also time commit REF of this repository on the pre-commit "
                    "and corpus commands, alternating with this checkout (a refactoring's no-slowdown check)")
    ap.add_argument("--only", choices=("precommit", "corpus", "jobs", "scaling", "overlap", "against"),
                    action="append",
                    help="run only these cases (repeatable; `corpus` includes `jobs`)")
    ap.add_argument("--make-project", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--copies", type=int, default=1, help=argparse.SUPPRESS)
    ap.add_argument("--limit", type=int, default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.make_project:
        make_project(args.make_project, args.copies, args.limit)
        return
    b = Bench(args)
    try:
        b.extra["load_start"] = bl.load_average()
        b.extra["started"] = time.strftime("%Y-%m-%d %H:%M")
        b.install()
        print("\n".join(b.header()), flush=True)
        only = set(args.only or ("precommit", "corpus", "scaling", "overlap", *(("against",) if args.against else ())))
        if "against" in only and not args.against:
            ap.error("--only against needs --against REF")
        if "precommit" in only:
            print("\n" + bl.TABLE_HEADER, flush=True)
            b.case_precommit()
        if only & {"corpus", "jobs", "scaling", "overlap"}:
            print("\n" + bl.TABLE_HEADER, flush=True)
        if "corpus" in only:
            b.case_corpus()
        elif "jobs" in only:
            b.case_jobs()
        if "scaling" in only:
            b.case_scaling()
        if "overlap" in only:
            b.case_overlap_scaling()
        if "against" in only:
            print("\n" + bl.TABLE_HEADER, flush=True)
            b.case_against()
        b.extra["load_end"] = bl.load_average()
        print(f"\n- load average at end: {b.extra['load_end']}")
        if args.markdown:
            args.markdown.write_text(b.report(), encoding="utf-8")
        if args.json:
            args.json.write_text(json.dumps(b.as_json(), indent=2), encoding="utf-8")
    finally:
        shutil.rmtree(b.work, ignore_errors=True)


if __name__ == "__main__":
    main()
