"""The machinery of benchmarks/run.py: real installs in cached virtual environments, timing with peak RSS,
alternating runs, the conversion of toolcheck contracts to the peers' inputs, `-X importtime` summaries and the
table. Pure where it can be (tests/test_benchmark_harness.py tests those parts without installing anything).

Why a real install: this environment sets PYTHONDONTWRITEBYTECODE, so a checkout (editable or not) recompiles
every module it imports at each start; users run what `pip install` leaves, byte-compiled. Each program measured
gets its own virtual environment, so no program is timed with another's dependencies installed beside it.
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import itertools
import json
import marshal
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

# ---------------------------------------------------------------- what a real install is made of

#: what `pip install .` reads from the checkout (README.md is read too, for the long description; it is copied
#: but not part of the key: a README edit changes no byte of what runs)
PACKAGE_DIRS = ("toolcheck",)
PACKAGE_FILES = ("pyproject.toml", "setup.py", "setup.cfg", "MANIFEST.in")
COPIED_ONLY = ("README.md", "LICENSE")
_SKIP_DIRS = {"__pycache__"}
_SKIP_SUFFIXES = (".pyc", ".pyo")


def package_files(root: Path) -> list[Path]:
    """The checkout's files that `pip install .` turns into the installed package, sorted, relative to root."""
    out = [Path(name) for name in PACKAGE_FILES if (root / name).is_file()]
    for d in PACKAGE_DIRS:
        for dirpath, dirnames, filenames in os.walk(root / d):
            dirnames[:] = sorted(n for n in dirnames if n not in _SKIP_DIRS and not n.endswith(".egg-info"))
            for name in filenames:
                if not name.endswith(_SKIP_SUFFIXES):
                    out.append((Path(dirpath) / name).relative_to(root))
    return sorted(out, key=lambda p: p.as_posix())


def python_identity() -> str:
    """The interpreter a venv is built from: its real path and full version (a new Python means a new venv)."""
    exe = os.path.realpath(getattr(sys, "_base_executable", None) or sys.executable)
    return f"{exe} {sys.version.split()[0]}"


def venv_key(name: str, requirements: tuple[str, ...], python_id: str, source: Path | None = None) -> str:
    """A digest of everything that makes the venv what it is: its name, requirements, interpreter and, for the
    checkout's own package, the path and content of every package file."""
    h = hashlib.sha256()
    for part in (name, python_id, *requirements):
        h.update(part.encode() + b"\0")
    if source is not None:
        for rel in package_files(source):
            data = (source / rel).read_bytes()
            h.update(rel.as_posix().encode() + b"\0" + str(len(data)).encode() + b"\0" + data)
    return h.hexdigest()


def default_cache_root() -> Path:
    """Outside the checkout: $TOOLCHECK_BENCH_CACHE, else $XDG_CACHE_HOME/toolcheck-bench, else ~/.cache/..."""
    if os.environ.get("TOOLCHECK_BENCH_CACHE"):
        return Path(os.environ["TOOLCHECK_BENCH_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "toolcheck-bench"


@dataclass
class Venv:
    name: str
    path: Path
    key: str
    built: bool  # False: reused from the cache
    seconds: float
    versions: dict[str, str]

    @property
    def bin(self) -> Path:
        return self.path / "bin"

    @property
    def python(self) -> str:
        return str(self.bin / "python")

    def script(self, name: str) -> str:
        return str(self.bin / name)


MARKER = "toolcheck-bench.json"


@contextlib.contextmanager
def _locked(root: Path):
    import fcntl

    root.mkdir(parents=True, exist_ok=True)
    with open(root / ".lock", "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _copy_source(source: Path, dest: Path) -> None:
    """The package files (and README/LICENSE) into a clean folder: pip builds in the tree it is given, and
    setuptools' build/ of a checkout can hold modules deleted since, which would then be installed."""
    for rel in package_files(source):
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source / rel, dest / rel)
    for name in COPIED_ONLY:
        if (source / name).is_file():
            shutil.copy2(source / name, dest / name)


def _versions(python: str, dists: tuple[str, ...]) -> dict[str, str]:
    code = ("import importlib.metadata as m, json, sys\n"
            "print(json.dumps({d: m.version(d) for d in sys.argv[1:]}))")
    p = subprocess.run([python, "-c", code, *dists], capture_output=True, text=True, cwd=tempfile.gettempdir())
    if p.returncode:
        raise RuntimeError(f"cannot read installed versions: {p.stderr[-400:]}")
    return json.loads(p.stdout)


def ensure_venv(name: str, requirements: tuple[str, ...], *, dists: tuple[str, ...], cache_root: Path,
                source: Path | None = None, rebuild: bool = False, log=print) -> Venv:
    """A virtual environment with `requirements` (and `pip install <copy of source>` when given) installed, reused
    from cache_root when its key is unchanged. `dists` are the distributions whose versions are recorded."""
    key = venv_key(name, requirements, python_identity(), source)
    path = cache_root / f"{name}-{key[:16]}"
    with _locked(cache_root):
        marker = path / MARKER
        if marker.is_file() and not rebuild:
            info = json.loads(marker.read_text())
            if info.get("key") == key and (path / "bin" / "python").exists():
                os.utime(marker)
                return Venv(name, path, key, False, 0.0, info["versions"])
        shutil.rmtree(path, ignore_errors=True)
        t = time.perf_counter()
        log(f"building {name} venv at {path} ...")
        subprocess.run([sys.executable, "-m", "venv", str(path)], check=True)
        args = [str(path / "bin" / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                "--no-input", *requirements]
        with tempfile.TemporaryDirectory(prefix="toolcheck-bench-src-") as td:
            if source is not None:
                _copy_source(source, Path(td))
                args.append(td)  # `pip install .` of the checkout's package, non-editable: pip byte-compiles it
            p = subprocess.run(args, capture_output=True, text=True, timeout=900)
        if p.returncode:
            shutil.rmtree(path, ignore_errors=True)
            raise RuntimeError(f"pip install into the {name} venv failed:\n{p.stdout[-1500:]}{p.stderr[-1500:]}")
        versions = _versions(str(path / "bin" / "python"), dists)
        marker.write_text(json.dumps({"key": key, "name": name, "requirements": list(requirements),
                                      "versions": versions, "built": time.strftime("%Y-%m-%d %H:%M:%S")}))
        seconds = time.perf_counter() - t
        _prune(cache_root, name, keep=path)
        return Venv(name, path, key, True, seconds, versions)


def _prune(cache_root: Path, name: str, keep: Path, others: int = 2) -> None:
    """Keep the `others` most recently used older venvs of this name (switching branches reuses them)."""
    olds = [p for p in cache_root.glob(f"{name}-*") if p != keep and p.is_dir()]
    olds.sort(key=lambda p: (p / MARKER).stat().st_mtime if (p / MARKER).exists() else 0, reverse=True)
    for p in olds[others:]:
        shutil.rmtree(p, ignore_errors=True)


def check_real_install(venv: Venv, package: str = "toolcheck", module: str = "cli") -> str:
    """Prove the venv imports its own installed, byte-compiled package and not the checkout; returns its path."""
    code = (f"import importlib.util, os, sys, {package}.{module} as m\n"
            "pyc = importlib.util.cache_from_source(m.__file__)\n"
            "print(m.__file__); sys.exit(0 if os.path.exists(pyc) else 3)")
    p = subprocess.run([venv.python, "-c", code], capture_output=True, text=True, cwd=tempfile.gettempdir(),
                       env=clean_env())
    if p.returncode == 3:
        raise RuntimeError(f"{package}.{module} in {venv.path} has no byte-compiled file: not what pip leaves")
    if p.returncode:
        raise RuntimeError(f"{package} does not import in {venv.path}: {p.stderr[-500:]}")
    where = p.stdout.strip()
    if not Path(where).resolve().is_relative_to(venv.path.resolve()):
        raise RuntimeError(f"{package} imported from {where}, not from the venv {venv.path}")
    return where


# ---------------------------------------------------------------- running and timing

def clean_env(extra: dict | None = None) -> dict:
    """The environment a measured command sees: the user's, minus what would change what is measured."""
    e = dict(os.environ)
    for k in ("PYTHONPATH", "PYTHONHOME", "PYTHONPROFILEIMPORTTIME", "TOOLCHECK_FORMAT", "TOOLCHECK_JOBS",
              "VIRTUAL_ENV", "PYTHONSTARTUP", "PYTHONWARNINGS"):
        e.pop(k, None)
    e["NO_COLOR"] = "1"
    if extra:
        e.update(extra)
    return e


@dataclass
class Run:
    seconds: float
    peak_rss_kib: int
    code: int
    stderr: str = ""
    cpu_seconds: float = 0.0  # user + system, of the process and the children it waited for


# The measured commands are forked by a small launcher process, not by this one: on exec, Linux folds the
# memory high-water mark of the process image being replaced into the new program's peak RSS, and a child forked
# from here starts as a copy of this (larger) process. The launcher is `python -S -I` with builtin modules only,
# smaller than any Python program measured; its floor is measured (`/bin/true`) and printed. It times each run
# around fork, exec and wait4, as close to the child as this can be done from Python.
_LAUNCHER = r"""
import marshal, os, sys, time
rd, wr = sys.stdin.buffer, sys.stdout.buffer
while True:
    head = rd.read(8)
    if len(head) < 8:
        break
    cmd, cwd, env, errpath = marshal.loads(rd.read(int.from_bytes(head, "little")))
    t = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        try:
            os.chdir(cwd)
            fd = os.open(os.devnull, os.O_RDWR)
            os.dup2(fd, 0)
            os.dup2(fd, 1)
            os.dup2(os.open(errpath, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), 2)
            os.execve(cmd[0], cmd, env)
        finally:
            os._exit(127)
    _, status, ru = os.wait4(pid, 0)
    dt = time.perf_counter() - t
    out = marshal.dumps((dt, ru.ru_maxrss, os.waitstatus_to_exitcode(status), ru.ru_utime + ru.ru_stime))
    wr.write(len(out).to_bytes(8, "little") + out)
    wr.flush()
"""


class Launcher:
    """The process that forks the measured commands (see _LAUNCHER)."""

    def __init__(self, python: str | None = None):
        self.proc = subprocess.Popen([python or sys.executable, "-S", "-I", "-c", _LAUNCHER],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, env={})
        self.errdir = Path(tempfile.mkdtemp(prefix="toolcheck-bench-stderr-"))
        self.floor_kib = self.run(["/bin/true"], Path("/"), {}, ok=(0,)).peak_rss_kib \
            if os.path.exists("/bin/true") else 0

    def run(self, cmd: list[str], cwd: Path, env: dict, ok: tuple[int, ...] = (0, 1)) -> Run:
        exe = cmd[0] if os.path.isabs(cmd[0]) else shutil.which(cmd[0], path=env.get("PATH")) or cmd[0]
        errpath = str(self.errdir / "stderr")
        req = marshal.dumps(([exe, *cmd[1:]], str(cwd), {str(k): str(v) for k, v in env.items()}, errpath))
        self.proc.stdin.write(len(req).to_bytes(8, "little") + req)
        self.proc.stdin.flush()
        head = self.proc.stdout.read(8)
        if len(head) < 8:
            raise RuntimeError("the benchmark launcher died")
        seconds, rss, code, cpu = marshal.loads(self.proc.stdout.read(int.from_bytes(head, "little")))
        with open(errpath, "rb") as fh:
            err = fh.read().decode(errors="replace")
        if code not in ok:
            raise RuntimeError(f"{' '.join(cmd)} failed with exit {code}: {err[-800:]}")
        return Run(seconds, rss, code, err, cpu)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait(timeout=30)
        shutil.rmtree(self.errdir, ignore_errors=True)


_launcher: Launcher | None = None


def launcher() -> Launcher:
    global _launcher
    if _launcher is None:
        _launcher = Launcher()
        atexit.register(_launcher.close)
    return _launcher


def run_once(cmd: list[str], cwd: Path, env: dict, ok: tuple[int, ...] = (0, 1)) -> Run:
    """One run: wall time and the peak RSS of the measured process (wait4: a forked rule process shares its
    pages copy-on-write and is not added; a waited-for grandchild's peak counts if it is larger)."""
    return launcher().run(cmd, cwd, env, ok)


@dataclass
class Sample:
    """The repeated runs of one command."""
    label: str
    command: list[str]
    times: list[float] = field(default_factory=list)
    peak_rss_kib: int = 0
    codes: set = field(default_factory=set)
    cpu: list[float] = field(default_factory=list)

    def add(self, r: Run) -> None:
        self.times.append(r.seconds)
        self.cpu.append(r.cpu_seconds)
        self.peak_rss_kib = max(self.peak_rss_kib, r.peak_rss_kib)
        self.codes.add(r.code)

    @property
    def median(self) -> float:
        return statistics.median(self.times)

    @property
    def cpu_median(self) -> float | None:
        return statistics.median(self.cpu) if self.cpu else None


def rotations(labels: list, rounds: int) -> list[list]:
    """The order of each round of alternating runs: round i starts at the i-th label, so no command always runs
    first (after a sleep) or always right after the same neighbour."""
    n = len(labels)
    return [[labels[(i + j) % n] for j in range(n)] for i in range(rounds)] if n else []


def alternate(commands: dict, repeats: int, cwd: Path, env: dict, warmup: int = 1, ok: tuple[int, ...] = (0, 1),
              envs: dict | None = None, cwds: dict | None = None) -> dict:
    """Run every command `repeats` times, interleaved (A B C, B C A, C A B, ...) after `warmup` uncounted rounds
    (page cache, first-import effects), so load that comes and goes on a shared machine falls on all of them.
    `envs` adds variables to one command's environment, `cwds` gives one command another folder."""
    samples = {label: Sample(str(label), cmd) for label, cmd in commands.items()}
    env_of = {label: {**env, **(envs or {}).get(label, {})} for label in commands}
    cwd_of = {label: (cwds or {}).get(label, cwd) for label in commands}
    for _ in range(warmup):
        for label, cmd in commands.items():
            run_once(cmd, cwd_of[label], env_of[label], ok)
    for order in rotations(list(commands), repeats):
        for label in order:
            samples[label].add(run_once(commands[label], cwd_of[label], env_of[label], ok))
    return samples


# ---------------------------------------------------------------- peers' inputs

_PY_TYPES = {"string": "str", "integer": "int", "number": "float", "boolean": "bool", "null": "None",
             "object": "dict", "array": "list"}


def python_type(schema) -> str:
    """A JSON Schema as the Python annotation a function signature would carry (toollint's `type` field is the
    annotation its AST scanner reads: "str", "int", "Optional[str]", "Literal['a', 'b']", "list[str]")."""
    if not isinstance(schema, dict):
        return "Any"
    if isinstance(schema.get("enum"), list) and schema["enum"]:
        return "Literal[" + ", ".join(repr(v) for v in schema["enum"]) + "]"
    if "const" in schema:
        return f"Literal[{schema['const']!r}]"
    for key in ("anyOf", "oneOf"):
        if isinstance(schema.get(key), list) and schema[key]:
            return _union([python_type(s) for s in schema[key]])
    t = schema.get("type")
    if isinstance(t, list):
        return _union([python_type({**schema, "type": x}) for x in t])
    if t == "array":
        items = schema.get("items")
        return f"list[{python_type(items)}]" if isinstance(items, dict) else "list"
    if t == "object" and isinstance(schema.get("additionalProperties"), dict) and not schema.get("properties"):
        return f"dict[str, {python_type(schema['additionalProperties'])}]"
    return _PY_TYPES.get(t, "Any") if isinstance(t, str) else "Any"


def _union(members: list[str]) -> str:
    uniq = list(dict.fromkeys(members))
    rest = [m for m in uniq if m != "None"]
    if not rest:
        return "None"
    inner = rest[0] if len(rest) == 1 else "Union[" + ", ".join(rest) + "]"
    return f"Optional[{inner}]" if "None" in uniq else inner


def _nested(schema) -> dict:
    """The object whose properties are a parameter's children: its own, or its array items' (a list of
    objects); toollint checks children's descriptions at any depth, as toolcheck does."""
    if not isinstance(schema, dict):
        return {}
    if isinstance(schema.get("properties"), dict):
        return schema
    items = schema.get("items")
    if isinstance(items, dict) and isinstance(items.get("properties"), dict):
        return items
    return {}


def toollint_parameters(schema) -> list[dict]:
    """toollint's parameter list for an object schema, in the contract's property order."""
    if not isinstance(schema, dict) or not isinstance(schema.get("properties"), dict):
        return []
    required = set(schema.get("required") or ()) if isinstance(schema.get("required"), list) else set()
    out = []
    for name, sub in schema["properties"].items():
        desc = sub.get("description") if isinstance(sub, dict) else None
        out.append({"name": str(name), "type": python_type(sub),
                    "description": desc if isinstance(desc, str) else None,
                    "required": name in required, "parameters": toollint_parameters(_nested(sub))})
    return out


def to_toollint(contract: dict, source_file: str | None = None) -> dict:
    """A toolcheck contract as one toollint tool (its `tools/*.json` / `toollint check FILE` object)."""
    desc = contract.get("description")
    return {"name": str(contract.get("name", "")), "description": desc if isinstance(desc, str) else None,
            "source_file": source_file, "source_line": None,
            "parameters": toollint_parameters(contract.get("parameters"))}


def load_contract(path: Path) -> dict:
    import yaml

    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(doc, dict):
        raise ValueError(f"{path}: not a contract mapping")
    return doc


def write_peer_inputs(contracts: list[Path], out: Path, label: str) -> tuple[Path, list[Path]]:
    """For one set of contracts: toollint's tools file (a JSON array) and one JSON Schema file per contract's
    `parameters` (what check-jsonschema --check-metaschema reads)."""
    out.mkdir(parents=True, exist_ok=True)
    docs = [(c, load_contract(c)) for c in contracts]
    tl = out / f"{label}.toollint.json"
    tl.write_text(json.dumps([to_toollint(d, f"contracts/{c.name}") for c, d in docs], indent=2),
                  encoding="utf-8")
    schemas = []
    for c, d in docs:
        p = out / f"{label}.{c.stem}.schema.json"
        p.write_text(json.dumps(d.get("parameters", {})), encoding="utf-8")
        schemas.append(p)
    return tl, schemas


# ---------------------------------------------------------------- -X importtime

def parse_importtime(stderr: str) -> list[tuple[int, int, int, str]]:
    """`-X importtime` lines as (self_us, cumulative_us, depth, module)."""
    out = []
    for line in stderr.splitlines():
        if not line.startswith("import time:"):
            continue
        parts = line[len("import time:"):].split("|")
        if len(parts) != 3 or not parts[0].strip().isdigit():
            continue
        name = parts[2]
        depth = (len(name) - len(name.lstrip(" ")) - 1) // 2
        out.append((int(parts[0]), int(parts[1]), depth, name.strip()))
    return out


def package_of(module: str) -> str:
    """The group a module's import time is charged to: its top-level package, or for toolcheck its subpackage
    (toolcheck.loading, toolcheck.rules.tc2_targets: what issue 21's work moves)."""
    parts = module.split(".")
    if parts[0] == "toolcheck":
        return ".".join(parts[:3] if len(parts) > 2 and parts[1] == "checks" else parts[:2])
    return parts[0]


def parents(entries: list[tuple[int, int, int, str]]) -> list[str | None]:
    """The importing module of each entry (importtime prints a module after the modules it imported, one
    indentation level deeper)."""
    out: list[str | None] = [None] * len(entries)
    stack: list[tuple[int, str]] = []
    for i in range(len(entries) - 1, -1, -1):
        depth, name = entries[i][2], entries[i][3]
        while stack and stack[-1][0] >= depth:
            stack.pop()
        out[i] = stack[-1][1] if stack else None
        stack.append((depth, name))
    return out


def _median_fill(values: list, n: int) -> float:
    return statistics.median(values + [0] * (n - len(values)))


def importtime_summary(runs: list[str], top: int = 12, denylist: tuple[str, ...] = ()) -> dict:
    """The median over runs of: the total import time; per package its own modules' time ("self") and the
    time of bringing it in with what it imports ("inclusive": the cumulative time of its entries imported from
    outside it, i.e. what dropping it from this path could save at most); the slowest single modules; and which
    modules of the denylist (prefixes) were imported at all."""
    parsed = [parse_importtime(r) for r in runs]
    n = len(parsed)
    totals = [sum(e[0] for e in p) for p in parsed]
    own: dict[str, list[int]] = defaultdict(list)
    incl: dict[str, list[int]] = defaultdict(list)
    per_mod: dict[str, list[int]] = defaultdict(list)
    for p in parsed:
        s_own: dict[str, int] = defaultdict(int)
        s_incl: dict[str, int] = defaultdict(int)
        for (self_us, cum_us, _depth, mod), parent in zip(p, parents(p), strict=True):
            pkg = package_of(mod)
            s_own[pkg] += self_us
            if parent is None or package_of(parent) != pkg:
                s_incl[pkg] += cum_us
            per_mod[mod].append(self_us)
        for k, v in s_own.items():
            own[k].append(v)
        for k, v in s_incl.items():
            incl[k].append(v)
    inclusive = {k: _median_fill(v, n) for k, v in incl.items()}
    mods = {k: _median_fill(v, n) for k, v in per_mod.items()}
    imported = sorted({e[3] for p in parsed for e in p})
    denied = [m for m in imported if any(m == d or m.startswith(d + ".") for d in denylist)]
    return {"runs": n, "total_ms": round(statistics.median(totals) / 1000, 1) if totals else 0.0,
            "modules": len(imported),
            "packages": [(k, round(_median_fill(own.get(k, []), n) / 1000, 1), round(v / 1000, 1))
                         for k, v in sorted(inclusive.items(), key=lambda kv: -kv[1])[:top]],
            "slowest_modules": [(k, round(v / 1000, 1))
                                for k, v in sorted(mods.items(), key=lambda kv: -kv[1])[:top]],
            "denylisted_imported": denied}


def format_importtime(s: dict, command: str) -> list[str]:
    """The importtime summary as markdown: totals, then packages and slowest modules side by side."""
    out = ["", f"## `-X importtime` of `{command}` (median of {s['runs']} runs)", "",
           f"{s['modules']} modules imported, {s['total_ms']} ms of import time in all "
           f"(`python -c pass`: {s.get('python_c_pass_ms', '?')} ms); denylisted modules imported: "
           f"{', '.join(s['denylisted_imported']) or 'none'}", "",
           "| package | with its imports, ms | own modules, ms | slowest module (self) | ms |",
           "|---|---:|---:|---|---:|"]
    for pkg, mod in itertools.zip_longest(s["packages"], s["slowest_modules"], fillvalue=None):
        p = pkg or ("", "", "")
        m = mod or ("", "")
        out.append(f"| {p[0]} | {p[2]} | {p[1]} | {m[0]} | {m[1]} |")
    return out


# ---------------------------------------------------------------- the table

@dataclass
class Row:
    case: str
    program: str
    sample: Sample
    tools: int | None = None
    refs: dict[str, Sample] = field(default_factory=dict)  # label -> a reference measured in the same rounds
    note: str = ""

    @property
    def ratios(self) -> dict[str, float]:
        """Median wall time over the reference's median wall time."""
        return {k: self.sample.median / v.median for k, v in self.refs.items() if v.median}

    @property
    def cpu_ratios(self) -> dict[str, float]:
        """The same for CPU time (user + system), which a loaded machine disturbs less than wall time."""
        mine = self.sample.cpu_median
        return {k: mine / v.cpu_median for k, v in self.refs.items() if mine is not None and v.cpu_median}

    def as_json(self) -> dict:
        s = self.sample
        return {"case": self.case, "program": self.program, "command": s.command, "tools": self.tools,
                "median_s": round(s.median, 4), "min_s": round(min(s.times), 4), "max_s": round(max(s.times), 4),
                "runs": len(s.times), "times_s": [round(t, 4) for t in s.times],
                "cpu_median_s": round(s.cpu_median, 4) if s.cpu_median is not None else None,
                "cpu_s": [round(t, 4) for t in s.cpu],
                "peak_rss_mib": round(s.peak_rss_kib / 1024, 1), "exit_codes": sorted(s.codes),
                "reference_median_s": {k: round(v.median, 4) for k, v in self.refs.items()},
                "ratio": {k: round(v, 3) for k, v in self.ratios.items()},
                "cpu_ratio": {k: round(v, 3) for k, v in self.cpu_ratios.items()}, "note": self.note}


TABLE_HEADER = ("| case | program | tools | median | min / max | runs | CPU | peak RSS | ratio (same run) |\n"
                "|---|---|---:|---:|---:|---:|---:|---:|---|")


def format_seconds(s: float) -> str:
    return f"{s * 1000:.0f} ms" if s < 1 else f"{s:.2f} s"


def format_row(r: Row) -> str:
    s = r.sample
    cpu = r.cpu_ratios
    ratio = " · ".join(f"**{v:.2f}×** {k}" + (f" (CPU {cpu[k]:.2f}×)" if k in cpu else "")
                       for k, v in r.ratios.items()) or "—"
    if r.note:
        ratio = f"{ratio} ({r.note})" if r.ratios else r.note
    tools = f"{r.tools:,}" if r.tools is not None else ""
    return (f"| {r.case} | {r.program} | {tools} | {format_seconds(s.median)} | "
            f"{format_seconds(min(s.times))} / {format_seconds(max(s.times))} | {len(s.times)} | "
            f"{format_seconds(s.cpu_median) if s.cpu_median is not None else ''} | "
            f"{s.peak_rss_kib / 1024:.0f} MiB | {ratio} |")


def format_table(rows: list[Row]) -> str:
    return "\n".join([TABLE_HEADER, *(format_row(r) for r in rows)])


def load_average() -> str:
    try:
        return " / ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "n/a"


def memory_gib() -> str:
    try:
        with open("/proc/meminfo") as fh:
            kib = int(fh.readline().split()[1])
        return f"{kib / 1024 / 1024:.0f} GiB"
    except (OSError, ValueError, IndexError):
        return "? GiB"
