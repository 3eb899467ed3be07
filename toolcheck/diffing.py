"""`toolcheck diff`: load two versions of a contract set and run TC0 + TC8 on the new one.

* ``toolcheck diff OLD NEW`` — OLD and NEW are files or folders. Files correspond by their path below OLD and
  NEW (a removed tool is placed on NEW's file of the same relative path).
* ``toolcheck diff --base REF [PATHS]`` — the working tree against the same PATHS (default: the configured
  `paths`) at a git ref. The ref's files are listed with ``git ls-tree`` and read with ``git cat-file --batch``
  (one process for all blobs, the same objects ``git show REF:path`` prints) into a temporary folder: the
  working tree, the index and the refs are never touched, and no network is used (a remote-tracking ref such as
  ``origin/main`` is read as it is; fetching it is the CI's job). OLD files are shown as ``REF:path``, the path
  relative to the repository root, as git names them.

Both sides go through the normal engine (discovery, `exclude`, the loader): the new side is the run that is
reported, with the old contracts handed to the TC8 rules through ``Settings.command_options["diff"]``. From the
old side only the findings that mean "this file could not be read" (syntax, encoding, empty, not a contract,
limits) are reported: the old version's other problems are not this change's.

Errors a user must fix — a missing path, no git repository, an unknown ref, no input files on either side —
are :class:`~toolcheck.config.ConfigError` (one line on stderr, exit 2).
"""

from __future__ import annotations

import dataclasses
import os
import subprocess
import tempfile

from .compat.analysis import UNREADABLE, DiffInput
from .config import ConfigError
from .contract import Contract, SourceFile
from .discovery import discover, display_path
from .engine import RunResult, apply_baseline, run
from .masking import Masker
from .model.findings import Finding
from .settings import Settings


def run_diff(settings: Settings, items: list[str], base: str | None, masker: Masker | None = None) -> RunResult:
    """``masker``: the run's (the CLI's, which masks stderr too); both sides' engine runs teach and use it."""
    cwd = os.getcwd()
    masker = masker if masker is not None else Masker()
    if base is None:
        if len(items) != 2:
            raise ConfigError("give OLD and NEW, or --base REF [PATHS]")
        return _diff_paths(settings, cwd, items[0], items[1], masker)
    return _diff_base(settings, cwd, base, masker)


# ------------------------------------------------------------------------------------------------ OLD NEW

def _diff_paths(settings: Settings, cwd: str, old: str, new: str, masker: Masker) -> RunResult:
    old_abs, new_abs = (os.path.abspath(os.path.join(cwd, p)) for p in (old, new))
    for shown, p in ((old, old_abs), (new, new_abs)):
        if not os.path.lexists(p):
            raise ConfigError(f"path does not exist: {shown}")
    side = _load_side(settings, [old_abs], cwd, settings.root, masker)
    counterparts: dict[str, tuple[str, str]] = {}
    for sf in side.files:
        if os.path.isdir(old_abs):
            rel = os.path.relpath(sf.abspath, old_abs)
            target = os.path.join(new_abs, rel) if os.path.isdir(new_abs) else new_abs
        else:
            target = new_abs if not os.path.isdir(new_abs) else os.path.join(new_abs, os.path.basename(sf.abspath))
        counterparts[sf.abspath] = (display_path(target, cwd), target)
    din = DiffInput(side.contracts, counterparts, label=display_path(old_abs, cwd),
                    not_compared={counterparts[a][1] for a in side.unreadable if a in counterparts})
    return _run_new(settings, cwd, [new_abs], din, side, masker)


# ------------------------------------------------------------------------------------------------ --base REF

def _git(args: list[str], cwd: str, input: bytes | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, GIT_TERMINAL_PROMPT="0", GIT_OPTIONAL_LOCKS="0", LC_ALL="C")
    try:
        return subprocess.run(["git", *args], cwd=cwd, input=input, capture_output=True, env=env, timeout=120)
    except FileNotFoundError:
        raise ConfigError("--base needs git, which is not installed (or not on PATH)") from None
    except subprocess.TimeoutExpired:
        raise ConfigError(f"git {args[0]} did not finish within 120 s") from None


def _first_line(b: bytes) -> str:
    s = b.decode("utf-8", "replace").strip()
    return s.splitlines()[0] if s else ""


def _diff_base(settings: Settings, cwd: str, ref: str, masker: Masker) -> RunResult:
    top, commit = _resolve_ref(cwd, ref)
    if settings.paths:
        targets = [os.path.abspath(os.path.join(cwd, x)) for x in settings.paths]
    else:
        targets = [os.path.abspath(os.path.join(settings.root, x)) for x in (settings.config_paths or ("contracts",))]
    rels = []
    for t in targets:
        rel = os.path.relpath(os.path.realpath(t), top)
        if rel == os.pardir or rel.startswith(os.pardir + os.sep) or os.path.isabs(rel):
            raise ConfigError(f"{display_path(t, cwd)} is outside the git repository {top}")
        rels.append(rel)
    blobs = _blobs(top, commit, rels)
    with tempfile.TemporaryDirectory(prefix="toolcheck-diff-") as tmp:
        tmp = os.path.realpath(tmp)
        _write_blobs(top, blobs, tmp)
        old_paths = []
        for rel, t in zip(rels, targets, strict=True):
            mirror = os.path.normpath(os.path.join(tmp, rel))
            if os.path.lexists(mirror):
                old_paths.append(mirror)
            elif not os.path.lexists(t):
                raise ConfigError(f"path does not exist in the working tree or at {ref}: {display_path(t, cwd)}")
        root_rel = os.path.relpath(os.path.realpath(settings.root), top)
        old_root = tmp if root_rel.startswith(os.pardir) else os.path.normpath(os.path.join(tmp, root_rel))
        side = _load_side(settings, old_paths, tmp, old_root, masker, prefix=f"{ref}:")
        counterparts = {}
        for sf in side.files:
            target = os.path.join(top, os.path.relpath(sf.abspath, tmp))
            counterparts[sf.abspath] = (display_path(target, cwd), target)
        din = DiffInput(side.contracts, counterparts, label=ref,
                        not_compared={counterparts[a][1] for a in side.unreadable if a in counterparts})
        new_paths = [t for t in targets if os.path.lexists(t)]
        return _run_new(settings, cwd, new_paths, din, side, masker)


def _resolve_ref(cwd: str, ref: str) -> tuple[str, str]:
    """(the repository's top folder, the commit ``ref`` names); ConfigError when either is missing."""
    if not ref or ref.startswith("-") or any(c in ref for c in "\0\n"):
        raise ConfigError(f"not a git ref: `{ref}`")
    p = _git(["rev-parse", "--show-toplevel"], cwd)
    if p.returncode != 0:
        why = _first_line(p.stderr)
        if "not a git repository" in why.lower() or not why:
            raise ConfigError(f"--base needs a git repository, and {cwd} is not inside one")
        raise ConfigError(f"git: {why}")
    top = os.path.realpath(p.stdout.decode("utf-8", "replace").strip())
    p = _git(["rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"], top)
    if p.returncode != 0:
        raise ConfigError(f"unknown git ref `{ref}` (no such branch, tag or commit in {top})")
    return top, p.stdout.decode("ascii", "replace").strip()


def _blobs(top: str, commit: str, rels: list[str]) -> list[tuple[str, str]]:
    """(object id, path) of each regular contract-like file under ``rels`` at ``commit``."""
    p = _git(["ls-tree", "-r", "-z", "--full-name", commit, "--", *[r.replace(os.sep, "/") for r in rels]], top)
    if p.returncode != 0:
        raise ConfigError(f"git ls-tree: {_first_line(p.stderr)}")
    from .loading import file_kind

    blobs: list[tuple[str, str]] = []
    for entry in p.stdout.split(b"\0"):
        if not entry:
            continue
        meta, _, name_b = entry.partition(b"\t")
        parts = meta.split()
        if len(parts) != 3 or parts[1] != b"blob" or parts[0] not in (b"100644", b"100755"):
            continue  # symlinks, submodules
        name = name_b.decode("utf-8", "surrogateescape")
        segs = name.split("/")
        if not file_kind(name) or any(s in ("", ".", "..") for s in segs):
            continue
        blobs.append((parts[2].decode("ascii"), name))
    return blobs


def _write_blobs(top: str, blobs: list[tuple[str, str]], tmp: str) -> None:
    if not blobs:
        return
    p = _git(["cat-file", "--batch"], top, input="".join(oid + "\n" for oid, _ in blobs).encode("ascii"))
    if p.returncode != 0:
        raise ConfigError(f"git cat-file: {_first_line(p.stderr)}")
    out = p.stdout
    pos = 0
    for _oid, name in blobs:
        nl = out.find(b"\n", pos)
        if nl < 0:
            raise ConfigError("git cat-file: truncated output")
        header = out[pos:nl].split()
        pos = nl + 1
        if len(header) != 3:
            continue  # "<oid> missing"
        size = int(header[2])
        data = out[pos:pos + size]
        pos += size + 1
        dest = os.path.join(tmp, *name.split("/"))
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, "wb") as fh:
            fh.write(data)


# ------------------------------------------------------------------------------------------------ both sides

@dataclasses.dataclass
class _Side:
    contracts: list[Contract]
    findings: list[Finding]
    files: list[SourceFile]
    notes: list[str]
    unreadable: set[str] = dataclasses.field(default_factory=set)  # abspaths of old files that could not be read


def _load_side(settings: Settings, paths: list[str], cwd: str, root: str, masker: Masker,
               prefix: str = "") -> _Side:
    """The old side through the engine (TC0 only matters: the TC8 rules find no diff input and stay quiet)."""
    if not paths:
        return _Side([], [], [], [])
    from .engine import enabled_codes

    # only "could not read this file" is reported from the old side: run nothing else there
    wanted = tuple(sorted(UNREADABLE & enabled_codes(settings, "diff"))) or ("TC830",)
    s = dataclasses.replace(settings, root=root, paths=tuple(paths), config_paths=tuple(paths), command_options={},
                            baseline=None, write_baseline=None, mcp_command=None, select=wanted, extend_select=(),
                            ignore=(), per_file_ignores=settings.per_file_ignores)
    inputs, _ = discover(s.paths, s.config_paths, s.root, cwd, s.exclude, s.samples, False, False)
    if not inputs:
        return _Side([], [], [], [])
    res = run(s, "diff", cwd=cwd, masker=masker)
    if prefix:
        for sf in res.files:
            sf.path = prefix + sf.path
        for f in res.findings:
            f.file = prefix + f.file
    keep = []
    for f in res.findings:
        if f.code in UNREADABLE:
            # the old version is not this change's to fix: say that it could not be compared, as a warning
            f.message = f"old version not compared: {f.message}"
            if f.severity == "error":
                f.severity = "warning"
            keep.append(f)
    unreadable = {f.extra["file"].abspath for f in keep if "file" in f.extra}
    return _Side([c for c in res.contracts if c.file.reported], keep, res.files, list(res.notes), unreadable)


def _run_new(settings: Settings, cwd: str, paths: list[str], din: DiffInput, old: _Side,
             masker: Masker) -> RunResult:
    s = dataclasses.replace(settings, paths=tuple(paths), config_paths=tuple(paths),
                            command_options={**settings.command_options, "diff": din}, mcp_command=None)
    inputs: list = []
    if paths:
        inputs, _ = discover(s.paths, s.config_paths, s.root, cwd, s.exclude, s.samples, False, False)
    if not inputs and not old.files:
        raise ConfigError("no input files on either side (nothing to compare under "
                          + ", ".join(display_path(p, cwd) for p in paths or [din.label]) + ")")
    res = run(s, "diff", cwd=cwd, masker=masker) if inputs else _rules_only(s, masker)
    old_findings = old.findings
    if settings.baseline and old_findings:
        old_findings = apply_baseline(old_findings, settings.baseline)
    new_findings, old_findings, dropped = _introduced(res.findings, old_findings, din, res.files)
    notes = old.notes + res.notes
    if dropped:
        notes.append(f"note: {dropped} finding{'s' if dropped != 1 else ''} in files this change does not touch "
                     f"{'are' if dropped != 1 else 'is'} not reported: diff reports what the change introduced "
                     "(`toolcheck lint` reports the rest)")
    findings = sorted(new_findings + old_findings, key=Finding.sort_key)
    return RunResult(findings, res.files, res.contracts, [], res.enabled, [], notes, masker=masker)


def _introduced(new: list[Finding], old: list[Finding], din: DiffInput, new_files: list[SourceFile]):
    """What the change introduced: every TC8 finding, and TC0 findings only in files the change touched (added
    or edited). A TC0 finding on an untouched file stays when it relates to a touched one (a duplicate name
    that a new file introduced). Returns (new findings, old-side findings, how many were dropped)."""
    untouched: set[str] = set()
    for old_abs, (_shown, new_abs) in din.counterparts.items():
        try:
            with open(old_abs, "rb") as a, open(new_abs, "rb") as b:
                if a.read() == b.read():
                    untouched.add(os.path.realpath(new_abs))
        except OSError:
            continue
    if not untouched:
        return new, old, 0
    touched_shown = {sf.path for sf in new_files if os.path.realpath(sf.abspath) not in untouched}

    def keep_new(f: Finding) -> bool:
        sf = f.extra.get("file")
        if not f.code.startswith("TC0") or sf is None or os.path.realpath(sf.abspath) not in untouched:
            return True
        return any(isinstance(r, dict) and r.get("file") in touched_shown for r in f.related or ())

    def keep_old(f: Finding) -> bool:
        sf = f.extra.get("file")
        twin = din.counterparts.get(sf.abspath) if sf is not None else None
        return twin is None or os.path.realpath(twin[1]) not in untouched

    kept_new = [f for f in new if keep_new(f)]
    kept_old = [f for f in old if keep_old(f)]
    return kept_new, kept_old, len(new) - len(kept_new) + len(old) - len(kept_old)


def _rules_only(settings: Settings, masker: Masker) -> RunResult:
    """Every new file is gone (all tools removed): run the TC8 rules over an empty new side."""
    from .engine import check_loaded, enabled_codes

    enabled = enabled_codes(settings, "diff")
    # masked like a run's (the old side's tool names are quoted): the same report boundary
    findings = check_loaded(settings, "diff", [], [], [], masker, enabled)
    if settings.baseline:
        findings = apply_baseline(findings, settings.baseline)
    return RunResult(findings, [], [], [], enabled, [], masker=masker)
