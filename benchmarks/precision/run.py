#!/usr/bin/env python3
"""Precision benchmark: toolcheck's findings on realistic tool sets, matched to judged verdicts.

    python benchmarks/precision/run.py                      # every set (corpus sets need ../shared)
    python benchmarks/precision/run.py --quick              # the fixed CI subset (< 30 s)
    python benchmarks/precision/run.py --markdown table.md  # also write the per-rule table
    python benchmarks/precision/run.py --sample 300 --out benchmarks/precision/to_judge/before.jsonl
    python benchmarks/precision/run.py --toolcheck /path/to/venv/bin/toolcheck
    python benchmarks/precision/run.py --only-fuzz          # only the fuzz part (needs the servers, root, unshare)

It runs the *installed* toolcheck (the one on PATH, or --toolcheck) through its CLI and JSON report, one empty
temporary project folder per set and view, as that set's maintainer would:
  as-is      `toolcheck validate --format json --no-cache FILE...` on the vendor file(s) as published;
  contracts  `toolcheck import FILE --out contracts`, then `toolcheck validate --format json --no-cache`.
Every finding gets a stable key (see `finding_key`) that survives message rewording and line moves; the judged
verdicts in judged.jsonl are matched by it. Per rule it prints: judged n, true / debatable / false, precision =
true / (true + false) with its 95% Wilson lower bound, precision_strict (debatable counted as false, the error
gate) with its bound, and findings per 1,000 tools; then errors and warnings per 1,000 tools, the findings nobody
judged yet (new) and the judged findings that disappeared, judged-true ones first.
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures as cf
import dataclasses
import hashlib
import json
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import sets as tsets  # noqa: E402

JUDGED = HERE / "judged.jsonl"
KEY_FIELDS = ("set", "view", "file", "tool", "code", "target", "pointer", "related")
VERDICTS = ("true", "debatable", "false")
Z95 = 1.959963984540054


# ---------------------------------------------------------------- statistics

def wilson_lower(successes: int, n: int, z: float = Z95) -> float | None:
    """Lower bound of the Wilson score interval (95% by default); None when n is 0."""
    if n <= 0:
        return None
    p = successes / n
    denom = 1 + z * z / n
    centre = p + z * z / (2 * n)
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - margin) / denom


# ---------------------------------------------------------------- running toolcheck

def find_toolcheck(explicit: str | None) -> str:
    exe = explicit or shutil.which("toolcheck")
    if not exe or not Path(exe).exists():
        raise SystemExit("toolcheck not found: put it on PATH or pass --toolcheck PATH")
    return str(Path(exe).absolute())  # each set runs in its own folder


def _env() -> dict:
    e = {k: v for k, v in os.environ.items() if not k.startswith("TOOLCHECK_")}
    e["NO_COLOR"] = "1"
    return e


def _run(cmd: list[str], cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, env=_env(), timeout=timeout)


def run_set(toolcheck: str, ts: tsets.ToolSet, view: str, extra: tuple[str, ...] = ()) -> dict:
    """Lint one set in one view in a fresh project folder; the JSON report plus the exit code. ``extra``: more
    `validate` options (`--extend-select TC407` to measure an opt-in rule)."""
    with tempfile.TemporaryDirectory(prefix="tc-precision-") as tmp:
        proj = Path(tmp)
        for rel, text in ts.files.items():
            p = proj / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text, encoding="utf-8")
        if view == "contracts":
            (rel,) = ts.files  # one vendor file per server set
            imp = _run([toolcheck, "import", rel, "--out", "contracts"], proj)
            if imp.returncode != 0:
                return {"error": f"import exited {imp.returncode}: {(imp.stderr or imp.stdout)[-400:]}"}
            cmd = [toolcheck, "validate", "--format", "json", "--no-cache", *extra]
        else:
            cmd = [toolcheck, "validate", "--format", "json", "--no-cache", *extra, *sorted(ts.files)]
        p = _run(cmd, proj)
        linted = {}
        if view == "contracts":
            for c in sorted((proj / "contracts").glob("*")):
                if c.is_file() and c.stat().st_size < 200_000:
                    linted[f"contracts/{c.name}"] = c.read_text(encoding="utf-8", errors="replace")
        if p.returncode not in (0, 1):
            return {"error": f"validate exited {p.returncode}: {(p.stderr or p.stdout)[-400:]}"}
        try:
            report = json.loads(p.stdout)
        except ValueError:
            return {"error": f"validate printed no JSON report: {p.stdout[:200]!r} {p.stderr[-200:]!r}"}
        report["exit_code"] = p.returncode
        report["linted"] = linted
        return report


FUZZ_ROOT = Path(tempfile.gettempdir()) / "tc-precision-fuzz"
FUZZ_SERVER_ARGS = {"mcp-filesystem": ["{sandbox}/root"], "mcp-git": ["--repository", "{sandbox}/repo"]}
FUZZ_ARGS = ["--max-examples", "10", "--budget-seconds", "5", "--seed", "0"]
# The server runs in a mount namespace where everything but /tmp is read-only; each server also confines itself
# (the filesystem server to its allowed folder, the git server to --repository) in a fresh folder per run.
RO_WRAPPER = """for d in /work /root /usr /etc /opt /home /var /srv /boot; do
  [ -d "$d" ] && mount -o bind,ro "$d" "$d"
done
exec "$@"
"""


def fuzz_command(ts: tsets.ToolSet, servers_root: Path) -> tuple[list[str], Path] | str:
    """The sandboxed server command for a fuzzed set, or why it cannot run here."""
    import capture
    slug = ts.id.split("/", 1)[1]
    spec = capture.SERVERS[slug]
    exe = capture.executable(servers_root, spec)
    if not exe.exists():
        return f"{slug} is not installed under {servers_root} (see benchmarks/precision/README.md)"
    if shutil.which("unshare") is None or os.geteuid() != 0:
        return "the fuzz sandbox needs root and unshare (a private read-only mount namespace)"
    sandbox = FUZZ_ROOT / slug
    shutil.rmtree(sandbox, ignore_errors=True)
    (sandbox / "proj").mkdir(parents=True)
    (sandbox / "home").mkdir()
    if spec.get("init_git"):
        repo = sandbox / "repo"
        subprocess.run(["git", "init", "-q", str(repo)], check=True)
        (repo / "README.md").write_text("fuzz sandbox\n")
        subprocess.run(["git", "-C", str(repo), "add", "README.md"], check=True)
        subprocess.run(["git", "-C", str(repo), "-c", "user.name=fuzz", "-c", "user.email=fuzz@example.com",
                        "commit", "-qm", "init"], check=True)
    else:
        (sandbox / "root").mkdir()
        (sandbox / "root" / "notes.txt").write_text("hello\n")
    (sandbox / "ro.sh").write_text(RO_WRAPPER)
    args = [a.replace("{sandbox}", str(sandbox)) for a in FUZZ_SERVER_ARGS[slug]]
    argv = ["unshare", "-m", "--propagation", "private", "sh", str(sandbox / "ro.sh"), "env",
            f"HOME={sandbox / 'home'}", str(exe), *args]
    return argv, sandbox


def run_fuzz(toolcheck: str, ts: tsets.ToolSet, servers_root: Path) -> dict:
    import shlex
    got = fuzz_command(ts, servers_root)
    if isinstance(got, str):
        return {"skipped": got}
    argv, sandbox = got
    out = sandbox / "fuzz.json"
    p = _run([toolcheck, "fuzz", "--mcp-command", shlex.join(argv), "--format", "json", "-o", str(out),
              *FUZZ_ARGS], sandbox / "proj", timeout=600)
    if p.returncode not in (0, 1) or not out.is_file():
        return {"error": f"fuzz exited {p.returncode}: {(p.stderr or p.stdout)[-400:]}"}
    report = json.loads(out.read_text(encoding="utf-8"))
    report["exit_code"] = p.returncode
    report["linted"] = {}
    shutil.rmtree(sandbox, ignore_errors=True)  # with whatever the fuzzed calls wrote into it
    return report


def run_all(toolcheck: str, sets: list[tsets.ToolSet], jobs: int, fuzz_root: Path | None = None,
            extra: tuple[str, ...] = ()) -> tuple[list[dict], list[dict], list[str], list[str]]:
    """Findings of every set and view (each with its key), one row per set and view, the failures, and the
    notes on what was skipped. The `fuzz` view runs only with `fuzz_root` (where the servers are installed);
    ``extra`` goes to every lint run's `validate`."""
    tasks = [(ts, v) for ts in sets for v in ts.views if v != "fuzz" or fuzz_root is not None]
    findings, rows, errors, notes = [], [], [], []

    def one(ts, v):
        return run_fuzz(toolcheck, ts, fuzz_root) if v == "fuzz" else run_set(toolcheck, ts, v, extra)

    with cf.ThreadPoolExecutor(max_workers=max(1, jobs)) as ex:
        futs = {ex.submit(one, ts, v): (ts.id, v) for ts, v in tasks}
        results = {}
        for fut in cf.as_completed(futs):
            results[futs[fut]] = fut.result()
    for ts, v in tasks:
        rep = results[(ts.id, v)]
        if "error" in rep:
            errors.append(f"{ts.id} [{v}]: {rep['error']}")
            continue
        if "skipped" in rep:
            notes.append(f"{ts.id} [{v}] skipped: {rep['skipped']}")
            continue
        fs = rep.get("findings", [])
        attach_keys(ts, v, fs)
        for f in fs:
            f["_set"] = ts
            f["_linted"] = rep["linted"].get(f.get("file") or "")
        findings += fs
        rows.append({"set": ts.id, "view": v, "kind": ts.kind, "tools": ts.n_tools, "counts_rate": ts.counts_rate,
                     "reported_tools": rep.get("summary", {}).get("tools"), "findings": len(fs),
                     "errors": sum(f["severity"] == "error" for f in fs),
                     "warnings": sum(f["severity"] == "warning" for f in fs),
                     "infos": sum(f["severity"] == "info" for f in fs), "exit_code": rep["exit_code"]})
    return findings, rows, errors, notes


# ---------------------------------------------------------------- keys

_TOOL_PREFIX = re.compile(r"^(?:/tools)?/\d+(?=/|$)")
_VOLATILE = {"score", "similarity", "ratio", "threshold", "line", "column", "count", "length", "limit", "chars",
             "seed", "reproduce", "elapsed", "seconds"}


def tool_relative_pointer(f: dict) -> str:
    """The pointer from the tool's own object: `/tools/3/inputSchema/x` -> `/inputSchema/x` (vendor files),
    unchanged in a contract file (one tool per file)."""
    ptr = f.get("pointer") or ""
    if f.get("tool") and not str(f.get("file") or "").startswith("contracts/"):
        ptr = _TOOL_PREFIX.sub("", ptr, count=1)
    return ptr


def flagged_value(f: dict) -> str:
    """What the finding flags, for telling apart findings of one rule at one pointer: the non-numeric parts of
    its `data` (a leaked string, a keyword, the other tool), never the message."""
    data = f.get("data") or {}

    def strip(x):
        if isinstance(x, dict):
            return {k: strip(v) for k, v in sorted(x.items()) if k not in _VOLATILE and not isinstance(v, float)}
        if isinstance(x, list):
            return [strip(v) for v in x]
        return x

    return json.dumps(strip(data), sort_keys=True, ensure_ascii=False) if data else ""


def file_key(view: str, f: dict) -> str:
    """The file part of a key, independent of how toolcheck names files it made itself: `contracts/` for an
    imported contract of a named tool (one file per tool), `mcp:` for a live server, else the project path."""
    file = str(f.get("file") or "").replace("\\", "/").removeprefix("./")
    if file.startswith("mcp:"):
        return "mcp:"
    if view == "contracts" and f.get("tool") and file.startswith("contracts/"):
        return "contracts/"
    return file


def base_key(set_id: str, view: str, f: dict) -> dict:
    related = sorted({r.get("tool") or r.get("file") or "" for r in f.get("related") or []})
    return {"set": set_id, "view": view, "file": file_key(view, f), "tool": f.get("tool") or "",
            "code": f["code"], "target": f.get("target") or "", "pointer": tool_relative_pointer(f),
            "related": ",".join(related)}


def key_string(k: dict) -> str:
    s = "|".join(str(k.get(x, "")) for x in KEY_FIELDS)
    return s + (f"#{k['h']}" if k.get("h") else "")


def attach_keys(ts: tsets.ToolSet, view: str, findings: list[dict]) -> None:
    """Give each finding its key: the base fields, plus `h` (8 hex digits of the flagged value) only where two
    findings share the base, plus an ordinal `~N` if even that does not tell them apart."""
    groups = collections.defaultdict(list)
    for f in findings:
        k = base_key(ts.id, view, f)
        f["_key"] = k
        f["_vh"] = hashlib.sha256(flagged_value(f).encode()).hexdigest()[:8]
        groups[key_string(k)].append(f)
    for fs in groups.values():
        if len(fs) == 1:
            continue
        by_h = collections.defaultdict(list)
        for f in fs:
            by_h[f["_vh"]].append(f)
        for h, same in by_h.items():
            for i, f in enumerate(sorted(same, key=lambda x: (x.get("line") or 0, x.get("column") or 0))):
                f["_key"] = {**f["_key"], "h": h if i == 0 else f"{h}~{i}"}


# ---------------------------------------------------------------- judged data

def load_judged(path: Path = JUDGED) -> list[dict]:
    if not path.is_file():
        return []
    out = []
    for n, line in enumerate(path.open(encoding="utf-8"), 1):
        if line.strip():
            r = json.loads(line)
            r["_line"] = n
            out.append(r)
    return out


def validate_judged(judged: list[dict]) -> list[str]:
    """Problems in the judged data: a verdict outside {true, debatable, false}, no reason, a key twice."""
    problems, seen = [], {}
    for r in judged:
        where = f"judged.jsonl:{r['_line']}"
        if r.get("verdict") not in VERDICTS:
            problems.append(f"{where}: verdict {r.get('verdict')!r} is not one of {', '.join(VERDICTS)}")
        if not str(r.get("reason") or "").strip():
            problems.append(f"{where}: no reason")
        missing = [k for k in ("set", "view", "code", "key") if not r.get(k)]
        if missing:
            problems.append(f"{where}: missing {', '.join(missing)}")
        ks = (r.get("round"), r.get("key"))
        if ks in seen:
            problems.append(f"{where}: same key as line {seen[ks]} in round {r.get('round')}")
        seen[ks] = r["_line"]
    return problems


def match(findings: list[dict], judged: list[dict]) -> tuple[dict, list[dict], list[dict]]:
    """Judged record per current finding, the unjudged findings, and the judged records no current finding matches
    (disappeared). A judged key matches the finding with the same key; failing that, among the current findings of
    its base key (the key without `#h`), the one whose flagged value has the judged `h` (or the judged record's
    `vh`, recorded for every finding), else the only one."""
    by_key = {}
    for r in judged:  # a later round overrides an earlier verdict of the same key
        by_key[r["key"]] = r
    current = {key_string(f["_key"]): f for f in findings}
    base_of = collections.defaultdict(list)
    for f in findings:
        base_of[key_string({k: v for k, v in f["_key"].items() if k != "h"})].append(f)
    matched: dict[int, dict] = {}
    used = set()
    for k, r in by_key.items():
        f = current.get(k)
        if f is None or id(f) in matched:
            base, _, h = k.partition("#")
            cands = [c for c in base_of.get(base, []) if id(c) not in matched]
            vh = h.split("~")[0] if h else r.get("vh")
            same = [c for c in cands if vh and c["_vh"] == vh]
            f = same[0] if same else (cands[0] if len(cands) == 1 else None)
        if f is not None and id(f) not in matched:
            matched[id(f)] = r
            used.add(k)
    new = [f for f in findings if id(f) not in matched]
    gone = [r for k, r in by_key.items() if k not in used]
    return matched, new, gone


# ---------------------------------------------------------------- report

def rule_table(findings: list[dict], rows: list[dict], matched: dict, judged: list[dict]) -> list[dict]:
    tools_rate = sum(r["tools"] for r in rows if r["view"] == "as-is" and r["counts_rate"])
    tools_contracts = sum(r["tools"] for r in rows if r["view"] == "contracts")
    per = collections.defaultdict(lambda: {"as-is": 0, "contracts": 0, "fuzz": 0, "other": 0, "severity": set(),
                                           "name": ""})
    for f in findings:
        ts = f["_set"]
        d = per[f["code"]]
        d["severity"].add(f["severity"])
        d["name"] = f.get("name", "")
        if f["_key"]["view"] in ("contracts", "fuzz"):
            d[f["_key"]["view"]] += 1
        elif ts.counts_rate:
            d["as-is"] += 1
        else:
            d["other"] += 1
    verdicts = collections.defaultdict(collections.Counter)
    for f in findings:
        r = matched.get(id(f))
        if r:
            verdicts[f["code"]][r["verdict"]] += 1
    table = []
    for code in sorted(set(per) | set(verdicts)):
        d, v = per[code], verdicts[code]
        t, db, fa = v["true"], v["debatable"], v["false"]
        n = t + db + fa
        row = {"code": code, "name": d["name"], "severity": "/".join(sorted(d["severity"])),
               "findings": d["as-is"] + d["contracts"] + d["fuzz"] + d["other"], "judged": n, "true": t, "debatable": db,
               "false": fa,
               "precision": round(t / (t + fa), 3) if t + fa else None,
               "precision_lb": _r(wilson_lower(t, t + fa)),
               "precision_strict": round(t / n, 3) if n else None,
               "precision_strict_lb": _r(wilson_lower(t, n)),
               "per_1k_tools": round(1000 * d["as-is"] / tools_rate, 1) if tools_rate else None,
               "per_1k_imported": round(1000 * d["contracts"] / tools_contracts, 1) if tools_contracts else None}
        table.append(row)
    return table


def _r(x):
    return None if x is None else round(x, 3)


def _fmt(x, pct=False):
    if x is None:
        return "—"
    return f"{100 * x:.0f}%" if pct else f"{x:g}"


def severity_rates(findings: list[dict], rows: list[dict]) -> dict:
    out = {}
    for view in ("as-is", "contracts"):
        rs = [r for r in rows if r["view"] == view and (r["counts_rate"] or view == "contracts")]
        tools = sum(r["tools"] for r in rs)
        if not tools:
            continue
        out[view] = {"tools": tools, "sets": len(rs),
                     **{f"{s}s_per_1k": round(1000 * sum(r[f"{s}s"] for r in rs) / tools, 1)
                        for s in ("error", "warning", "info")},
                     **{f"{s}s": sum(r[f"{s}s"] for r in rs) for s in ("error", "warning", "info")}}
    return out


MEASURED_FIELDS = ("findings", "per_1k_tools", "per_1k_imported", "judged", "true", "debatable", "false", "precision", "precision_lb",
                   "precision_strict", "precision_strict_lb")


def measured(table: list[dict], meta: dict) -> dict:
    """What toolcheck ships of a run (toolcheck/data/precision.json): per rule its findings and judged figures."""
    return {"measured_at": meta.get("toolcheck_commit") or meta.get("toolcheck_version"),
            "rounds": meta.get("rounds", []), "sets": meta.get("sets"), "tools": meta.get("tools_rate"),
            "rules": {r["code"]: {k: r[k] for k in MEASURED_FIELDS} for r in table}}


def only_rounds(judged: list[dict], rounds: list[str]) -> list[dict]:
    """The verdicts of these judging rounds only (ValueError naming a round that has none)."""
    unknown = sorted(set(rounds) - {r.get("round") for r in judged})
    if unknown:
        raise ValueError(f"no verdicts of round(s) {', '.join(unknown)}")
    return [r for r in judged if r.get("round") in rounds]


def gate(row: dict) -> str:
    """The severity policy's bar for a rule's row (README, "Severity policy"): an error needs strict precision
    (debatable counted as false) >= 95%, a warning precision >= 80%; "—" when nothing of it is judged."""
    if not row["judged"]:
        return "—"
    if row["severity"] == "error":
        return "meets" if (row["precision_strict"] or 0) >= 0.95 else "below"
    if row["severity"] == "warning":
        return "meets" if (row["precision"] or 0) >= 0.80 else "below"
    return row["severity"]


def markdown(table: list[dict], rates: dict, meta: dict) -> str:
    lines = [f"Precision of toolcheck {meta['toolcheck_version']} ({meta['mode']}; {meta['sets']} sets, "
             f"{meta['tools_rate']} tools counted once; judged rounds: {', '.join(meta['rounds']) or 'none'}).", "",
             "| code | name | severity | findings | per 1k tools | per 1k imported | judged n | true | debatable "
             "| false | precision (95% LB) | strict (95% LB) | gate |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in table:
        prec = f"{_fmt(r['precision'], True)} ({_fmt(r['precision_lb'], True)})" if r["precision"] is not None \
            else "—"
        strict = f"{_fmt(r['precision_strict'], True)} ({_fmt(r['precision_strict_lb'], True)})" \
            if r["precision_strict"] is not None else "—"
        lines.append(f"| {r['code']} | `{r['name']}` | {r['severity']} | {r['findings']} | {_fmt(r['per_1k_tools'])} "
                     f"| {_fmt(r['per_1k_imported'])} | {r['judged']} | {r['true']} | {r['debatable']} | {r['false']} "
                     f"| {prec} | {strict} | {gate(r)} |")
    lines.append("")
    for view, d in rates.items():
        lines.append(f"- {view}: {d['tools']} tools in {d['sets']} sets: {d['errors_per_1k']} errors, "
                     f"{d['warnings_per_1k']} warnings, {d['infos_per_1k']} infos per 1,000 tools")
    return "\n".join(lines) + "\n"


def print_report(table, rates, new, gone, errors, meta, out=sys.stdout, list_limit=40):
    w = out.write
    w(f"toolcheck {meta['toolcheck_version']} ({meta['toolcheck']}), {meta['mode']}: {meta['sets']} sets, "
      f"{meta['runs']} runs, {meta['findings']} findings in {meta['seconds']:.1f} s\n")
    if meta.get("skipped"):
        w(f"note: {meta['skipped']}\n")
    w(f"\n{'code':7} {'severity':13} {'found':>6} {'/1k':>6} {'/1k imp':>7} {'n':>4} {'T':>4} {'D':>3} {'F':>4} "
      f"{'prec':>6} {'LB':>6} {'strict':>6} {'LB':>6}\n")
    for r in table:
        w(f"{r['code']:7} {r['severity']:13} {r['findings']:6} {_fmt(r['per_1k_tools']):>6} "
          f"{_fmt(r['per_1k_imported']):>7} {r['judged']:4} {r['true']:4} {r['debatable']:3} {r['false']:4} "
          f"{_fmt(r['precision'], True):>6} {_fmt(r['precision_lb'], True):>6} "
          f"{_fmt(r['precision_strict'], True):>6} {_fmt(r['precision_strict_lb'], True):>6}\n")
    w("\n")
    for view, d in rates.items():
        w(f"{view}: {d['tools']} tools, {d['sets']} sets: {d['errors_per_1k']} errors, {d['warnings_per_1k']} "
          f"warnings, {d['infos_per_1k']} infos per 1,000 tools\n")
    gone_true = [r for r in gone if r.get("verdict") == "true"]
    w(f"\nunjudged (new) findings: {len(new)}\n")
    by_code = collections.Counter(f["code"] for f in new)
    if by_code:
        w("  " + ", ".join(f"{c} {n}" for c, n in sorted(by_code.items())) + "\n")
    w(f"judged findings that disappeared: {len(gone)} ({len(gone_true)} judged TRUE)\n")
    for r in sorted(gone, key=lambda r: (r.get("verdict") != "true", r["key"]))[:list_limit]:
        mark = "!! TRUE" if r.get("verdict") == "true" else r.get("verdict")
        w(f"  [{mark}] {r['key']}  ({r.get('message', '')[:100]})\n")
    if len(gone) > list_limit:
        w(f"  ... {len(gone) - list_limit} more (--json for all)\n")
    for e in errors:
        w(f"FAILED {e}\n")


# ---------------------------------------------------------------- sampling for judges

def rule_docs(toolcheck: str, codes: list[str]) -> dict[str, str]:
    docs = {}
    for c in codes:
        p = _run([toolcheck, "rule", c], Path(tempfile.gettempdir()), timeout=60)
        docs[c] = (p.stdout if p.returncode == 0 else p.stderr).strip()
    return docs


def sample_findings(findings: list[dict], n: int, seed: int, per_rule_min: int = 10) -> list[dict]:
    """Stratified by rule: every finding of a rule with fewer than `per_rule_min`; else at least `per_rule_min`,
    more for frequent rules (the rest of `n` shared in proportion to the square root of how often each fires, so
    the most frequent rule does not take it all). Seeded."""
    rng = random.Random(seed)
    by_code = collections.defaultdict(list)
    for f in sorted(findings, key=lambda f: key_string(f["_key"])):
        by_code[f["code"]].append(f)
    quota = {c: min(len(fs), per_rule_min) for c, fs in by_code.items()}
    rest = n - sum(quota.values())
    if rest > 0:
        spare = {c: len(fs) - quota[c] for c, fs in by_code.items() if len(fs) > quota[c]}
        weight = {c: math.sqrt(len(by_code[c])) for c in spare}
        total = sum(weight.values())
        extra = {c: min(spare[c], int(rest * weight[c] / total)) for c in spare} if total else {}
        left = rest - sum(extra.values())
        for c in sorted(spare, key=lambda c: (-weight[c], c)):  # hand out what rounding left, most frequent first
            if left <= 0:
                break
            if extra[c] < spare[c]:
                extra[c] += 1
                left -= 1
        for c, e in extra.items():
            quota[c] += e
    out = []
    for c, fs in sorted(by_code.items()):
        out += rng.sample(fs, quota[c])
    return out


def judge_record(f: dict, docs: dict, commit: str, part: str) -> dict:
    """Everything a judge needs for one finding, and nothing more: the finding, the tool's definition as its
    maintainer published it (and what toolcheck linted when that differs: an imported contract), the definitions
    of the tools it names as related, the set it came from and the rule's documentation."""
    ts: tsets.ToolSet = f["_set"]
    file = f.get("file") or ""
    in_vendor_file = file if file in ts.files else None
    d = ts.definition(f.get("tool"), in_vendor_file)
    related = []
    for r in f.get("related") or []:
        rd = ts.definition(r.get("tool"), r.get("file") if r.get("file") in ts.files else None)
        if rd and r.get("tool") != f.get("tool"):
            related.append(rd["definition"])
    view = f["_key"]["view"]
    how = {"contracts": "toolcheck import tools_list.json --out contracts; toolcheck validate (default targets)",
           "fuzz": "toolcheck fuzz --mcp-command <the installed server, sandboxed> " + " ".join(FUZZ_ARGS),
           }.get(view, "toolcheck validate " + " ".join(sorted(ts.files)) + " (the vendor file as published)")
    rec = {"key": key_string(f["_key"]), **f["_key"], "vh": f["_vh"], "part": part,
           "finding": {k: f.get(k) for k in ("code", "name", "severity", "message", "help", "data", "related",
                                              "file", "line", "column", "pointer", "target", "url")
                       if f.get(k) is not None},
           "tool_definition": d["definition"] if d else None,
           "related_definitions": related,
           "set_info": {"id": ts.id, "kind": ts.kind, "source": ts.source, "tools_in_set": ts.n_tools,
                        "view": view, "how_linted": how,
                        "tool_names_in_set": sorted({t["name"] for t in ts.tools if t["name"]})},
           "rule_doc": docs.get(f["code"], ""),
           "toolcheck_commit": commit, "verdict": None, "reason": None}
    if f.get("_linted"):
        rec["linted_file"] = {"path": file, "text": f["_linted"]}
    return rec


def toolcheck_commit() -> str:
    """The last commit of this checkout that changed toolcheck itself (its package or pyproject.toml), with
    `+dirty` when those files have uncommitted changes: the version of the rules the findings came from."""
    git = ["git", "-C", str(tsets.ROOT)]
    try:
        c = subprocess.run([*git, "log", "-1", "--format=%h", "--abbrev=12", "--", "toolcheck", "pyproject.toml"],
                           capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run([*git, "status", "--porcelain", "--", "toolcheck", "pyproject.toml"],
                               capture_output=True, text=True, check=True).stdout.strip()
        return c + ("+dirty" if dirty else "")
    except Exception:
        return "unknown"


# ---------------------------------------------------------------- main

def write_sample(findings: list[dict], a, toolcheck: str) -> None:
    """The judging sample: the lint part (about --sample findings, stratified by rule) and the fuzz part (at least
    --per-rule per fuzz rule, all if fewer), in seeded order, in chunks of --chunk-size when given; with --code,
    only those rules' findings."""
    if a.code:
        findings = [f for f in findings if f["code"] in a.code]
    lint = [f for f in findings if f["_key"]["view"] != "fuzz"]
    fuzz = [f for f in findings if f["_key"]["view"] == "fuzz"]
    chosen_lint = sample_findings(lint, a.sample, a.seed, a.per_rule)
    chosen_fuzz = sample_findings(fuzz, 0, a.seed, a.per_rule)
    docs = rule_docs(toolcheck, sorted({f["code"] for f in chosen_lint + chosen_fuzz}))
    commit = toolcheck_commit()
    rng = random.Random(a.seed)
    rng.shuffle(chosen_lint)  # every chunk mixes rules and sets
    recs = [judge_record(f, docs, commit, "lint") for f in chosen_lint]
    frecs = [judge_record(f, docs, commit, "fuzz") for f in chosen_fuzz]
    a.out.parent.mkdir(parents=True, exist_ok=True)
    if a.chunk_size:
        chunks = [recs[i:i + a.chunk_size] for i in range(0, len(recs), a.chunk_size)]
        if frecs:
            chunks.append(frecs)
        stem, suffix = a.out.stem, a.out.suffix or ".jsonl"
        paths = [a.out.with_name(f"{stem}-{i:02d}{suffix}") for i in range(1, len(chunks) + 1)]
    else:
        chunks, paths = [recs + frecs], [a.out]
    for path, chunk in zip(paths, chunks, strict=True):
        with path.open("w", encoding="utf-8") as fh:
            for r in chunk:
                fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    counts = collections.Counter((r["part"], r["code"]) for r in recs + frecs)
    print(f"sampled {len(recs)} lint findings (of {len(lint)}) and {len(frecs)} fuzz findings (of {len(fuzz)}) "
          f"into {', '.join(str(p) for p in paths)}")
    for (part, code), n in sorted(counts.items()):
        print(f"  {part:5} {code:6} {n:4}  (of {sum(1 for f in findings if f['code'] == code and (f['_key']['view'] == 'fuzz') == (part == 'fuzz'))})")


def run_meta(a, toolcheck: str, sets: list, rows: list[dict], findings: list[dict], secs: float, notes: list,
             in_scope: list[dict], matched: dict, judged: list[dict]) -> dict:
    """What was run and measured: the toolcheck, the mode (`full +TC407` with an opt-in rule added), counts."""
    version = _run([toolcheck, "--version"], Path(tempfile.gettempdir())).stdout.strip().removeprefix("toolcheck ")
    return {"toolcheck": toolcheck, "toolcheck_version": version, "toolcheck_commit": toolcheck_commit(),
            "mode": ("quick" if a.quick else "fuzz only" if a.only_fuzz else "full") + "".join(" +" + c for c in a.extend_select),
            "sets": len(sets), "runs": len(rows),
            "findings": len(findings), "seconds": round(secs, 1),
            "skipped": "; ".join(x for x in notes if x) or None,
            "tools_rate": sum(r["tools"] for r in rows if r["view"] == "as-is" and r["counts_rate"]),
            # distinct keys: a later round's verdict of a key overrides an earlier one (see match)
            "judged": len({r["key"] for r in in_scope}), "matched": len(matched),
            "rounds": sorted({r.get("round", "") for r in judged})}


def gone_rows(gone: list[dict]) -> list[dict]:
    return [{k: r.get(k) for k in ("key", "verdict", "reason", "code", "message")} for r in gone]


def select_sets(sets: list[tsets.ToolSet], only: list[str] | None, only_fuzz: bool) -> list[tsets.ToolSet]:
    """The sets to run: those whose id starts with one of ``only`` (all without it); with ``only_fuzz``, only the
    sets that have a fuzz view, each with that view alone."""
    if only:
        sets = [s for s in sets if s.id.startswith(tuple(only))]
    if only_fuzz:
        sets = [dataclasses.replace(s, views=("fuzz",)) for s in sets if "fuzz" in s.views]
    return sets


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--toolcheck", help="toolcheck executable (default: the one on PATH)")
    ap.add_argument("--quick", action="store_true", help="the fixed small subset CI runs (no fuzz)")
    ap.add_argument("--shared", type=Path, default=None, help="the shared folder (default: ../shared)")
    ap.add_argument("--servers-root", type=Path, default=Path("/work/mcp-servers"),
                    help="where the MCP servers are installed, for the fuzz part (see README.md)")
    ap.add_argument("--no-fuzz", action="store_true", help="skip the fuzz part")
    ap.add_argument("--only-fuzz", action="store_true",
                    help="run only the fuzz part (the fuzz view of mcp-filesystem and mcp-git, no lint views)")
    ap.add_argument("--only", action="append", metavar="PREFIX",
                    help="only the sets whose id starts with PREFIX (repeatable), e.g. server/ or lmb/fetch")
    ap.add_argument("--judged", type=Path, default=JUDGED)
    ap.add_argument("--round", action="append", metavar="NAME", dest="rounds",
                    help="use only the verdicts of this judging round (repeatable): `--round fresh --round fresh2 "
                         "...` measures the current findings on blind verdicts alone; with --only-unjudged, "
                         "draws the findings no such round has judged")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--markdown", type=Path, help="write the per-rule table to this file")
    ap.add_argument("--write-measured", type=Path, metavar="PATH",
                    help="write what `toolcheck rule CODE` shows of each rule (toolcheck/data/precision.json): "
                         "use with the blind --round's and without --only/--quick")
    ap.add_argument("--json", type=Path, help="write the whole result (table, rates, new, gone) as JSON")
    ap.add_argument("--sample", type=int, help="draw a stratified sample of about N current findings to judge")
    ap.add_argument("--out", type=Path, help="with --sample: the JSON Lines file to write")
    ap.add_argument("--chunk-size", type=int, help="with --sample: write OUT-01.jsonl, OUT-02.jsonl, ... of this size")
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--per-rule", type=int, default=10, help="with --sample: at least this many per rule")
    ap.add_argument("--only-unjudged", action="store_true", help="with --sample: leave out judged findings")
    ap.add_argument("--code", action="append", metavar="CODE",
                    help="with --sample: draw only findings of this rule (repeatable); `--sample 0 --per-rule 20 "
                         "--code TC009` draws 20 of TC009's findings, all if fewer")
    ap.add_argument("--extend-select", action="append", metavar="CODE", default=[],
                    help="pass `--extend-select CODE` to every lint run (repeatable): measure an opt-in rule")
    a = ap.parse_args(argv)
    if a.sample is not None and not a.out:
        ap.error("--sample needs --out FILE")
    if a.only_fuzz and (a.quick or a.no_fuzz):
        ap.error("--only-fuzz cannot be combined with --quick or --no-fuzz")
    toolcheck = find_toolcheck(a.toolcheck)
    t0 = time.perf_counter()
    sets, skipped = (tsets.quick_sets if a.quick else tsets.all_sets)(a.shared)
    sets = select_sets(sets, a.only, a.only_fuzz)
    fuzz_root = None if a.quick or a.no_fuzz else a.servers_root
    extra = tuple(x for c in a.extend_select for x in ("--extend-select", c))
    findings, rows, errors, notes = run_all(toolcheck, sets, a.jobs, fuzz_root, extra)
    secs = time.perf_counter() - t0
    judged = load_judged(a.judged)
    problems = validate_judged(judged)
    if a.rounds:
        try:
            judged = only_rounds(judged, a.rounds)
        except ValueError as e:
            ap.error(f"{e} in {a.judged}")
    ran = {(r["set"], r["view"]) for r in rows}
    in_scope = [r for r in judged if (r["set"], r["view"]) in ran]  # sets this run did not lint are not "gone"
    matched, new, gone = match(findings, in_scope)
    meta = run_meta(a, toolcheck, sets, rows, findings, secs, [skipped, *notes], in_scope, matched, judged)
    table = rule_table(findings, rows, matched, judged)
    rates = severity_rates(findings, rows)
    if a.sample is not None:
        write_sample(new if a.only_unjudged else findings, a, toolcheck)
    else:
        print_report(table, rates, new, gone, errors, meta)
    for p in problems:
        print(f"JUDGED DATA: {p}", file=sys.stderr)
    if a.markdown:
        a.markdown.write_text(markdown(table, rates, meta), encoding="utf-8")
    if a.write_measured:
        a.write_measured.write_text(json.dumps(measured(table, meta), indent=1, sort_keys=True) + "\n",
                                    encoding="utf-8")
    if a.json:
        a.json.write_text(json.dumps({"meta": meta, "table": table, "rates": rates, "rows": rows,
                                      "new": [key_string(f["_key"]) for f in new], "gone": gone_rows(gone),
                                      "errors": errors}, indent=1) + "\n", encoding="utf-8")
    return 1 if errors or problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
