"""Which files to check: walk folders, honour .gitignore and `exclude`, tell contracts from samples."""

from __future__ import annotations

import os
from dataclasses import dataclass

from .config import ConfigError
from .loading import file_kind

SKIP_DIRS = {".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv", ".tox", ".nox",
             ".mypy_cache", ".pytest_cache", ".ruff_cache", ".toolcheck_cache", "build", "dist"}


@dataclass(frozen=True)
class InputFile:
    abspath: str
    display: str
    role: str  # contracts | samples
    reported: bool = True


def display_path(abspath: str, cwd: str) -> str:
    try:
        rel = os.path.relpath(abspath, cwd)
    except ValueError:
        return abspath
    if rel.startswith(".."):
        return abspath.replace(os.sep, "/")
    return rel.replace(os.sep, "/")


def _is_under(path: str, folder: str) -> bool:
    folder = folder.rstrip(os.sep)
    return path == folder or path.startswith(folder + os.sep)


class _Ignore:
    """gitignore files from the repository root down, plus the configured `exclude` globs."""

    def __init__(self, root: str, exclude: tuple[str, ...], use_gitignore: bool = True) -> None:
        import pathspec

        self._ps = pathspec
        self.root = root
        self.exclude = pathspec.GitIgnoreSpec.from_lines(exclude) if exclude else None
        self.git_root = _git_root(root) if use_gitignore else None
        self.specs: dict[str, object | None] = {}

    def _spec(self, folder: str):
        if folder not in self.specs:
            p = os.path.join(folder, ".gitignore")
            spec = None
            if os.path.isfile(p):
                try:
                    with open(p, encoding="utf-8", errors="replace") as fh:
                        spec = self._ps.GitIgnoreSpec.from_lines(fh.read().splitlines())
                except OSError:
                    spec = None
            self.specs[folder] = spec
        return self.specs[folder]

    def ignored(self, path: str, is_dir: bool) -> bool:
        if self.exclude is not None:
            rel = os.path.relpath(path, self.root).replace(os.sep, "/")
            if not rel.startswith("..") and self.exclude.match_file(rel + ("/" if is_dir else "")):
                return True
            if self.exclude.match_file(os.path.basename(path) + ("/" if is_dir else "")):
                return True
        if self.git_root and _is_under(path, self.git_root):
            folder = os.path.dirname(path)
            while True:
                spec = self._spec(folder)
                if spec is not None:
                    rel = os.path.relpath(path, folder).replace(os.sep, "/") + ("/" if is_dir else "")
                    if spec.match_file(rel):
                        return True
                if folder == self.git_root or len(folder) <= len(self.git_root):
                    break
                folder = os.path.dirname(folder)
        return False


def _git_root(start: str) -> str | None:
    d = os.path.abspath(start)
    while True:
        if os.path.exists(os.path.join(d, ".git")):
            return d
        parent = os.path.dirname(d)
        if parent == d:
            return None
        d = parent


def discover(
    cli_paths: tuple[str, ...],
    config_paths: tuple[str, ...],
    root: str,
    cwd: str,
    exclude: tuple[str, ...],
    samples_dir: str | None,
    want_samples: bool,
    force_exclude: bool = False,
    skipped: list[str] | None = None,
) -> tuple[list[InputFile], list[InputFile]]:
    """(files to check, context files). Context files are the configured contract set, loaded when only some
    files were passed (a pre-commit hook) so that cross-file rules still see every tool. A folder's devices,
    FIFOs and sockets are never read (see :func:`_special`); their display paths are added to ``skipped``."""
    ignore = _Ignore(root, exclude)
    specials: list[str] = []
    samples_abs = os.path.abspath(os.path.join(root, samples_dir)) if samples_dir else None
    configured = [os.path.abspath(os.path.join(root, p)) for p in (config_paths or ("contracts",))]

    def role_of(p: str) -> str:
        return "samples" if samples_abs and _is_under(p, samples_abs) else "contracts"

    explicit = bool(cli_paths)
    starts = [os.path.abspath(os.path.join(cwd, p)) for p in cli_paths] if explicit else configured
    files: list[InputFile] = []
    seen: set[str] = set()
    for start in starts:
        if not os.path.lexists(start):
            if explicit or config_paths:
                raise ConfigError(f"path does not exist: {display_path(start, cwd)}")
            continue
        if os.path.isdir(start):
            for f in _walk(start, ignore, samples_abs if role_of(start) == "contracts" else None, specials):
                if f not in seen:
                    seen.add(f)
                    files.append(InputFile(f, display_path(f, cwd), role_of(f)))
        else:
            if force_exclude:
                if ignore.ignored(start, False):
                    continue
                inside = any(_is_under(start, c) for c in configured) or (samples_abs and _is_under(start, samples_abs))
                if not inside or not file_kind(start):
                    continue
            if start not in seen:
                seen.add(start)
                files.append(InputFile(start, display_path(start, cwd), role_of(start)))
    if want_samples and samples_abs and os.path.isdir(samples_abs):
        for f in _walk(samples_abs, ignore, None, specials):
            if f not in seen:
                seen.add(f)
                files.append(InputFile(f, display_path(f, cwd), "samples"))
    context: list[InputFile] = []
    if explicit and any(not os.path.isdir(s) for s in starts):
        for c in configured:
            if os.path.isdir(c):
                for f in _walk(c, ignore, samples_abs, specials):
                    if f not in seen:
                        seen.add(f)
                        context.append(InputFile(f, display_path(f, cwd), "contracts", reported=False))
    if skipped is not None:
        skipped.extend(dict.fromkeys(display_path(p, cwd) for p in specials))
    return files, context


def _special(path: str) -> bool:
    """Found by walking a folder, only regular files are read: a link to `/dev/zero` never ends, a FIFO blocks
    until someone writes to it. A broken link is kept (it is reported as unreadable, TC011)."""
    import stat

    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def _walk(top: str, ignore: _Ignore, skip: str | None, specials: list[str] | None = None):
    out = []
    visited: set[tuple[int, int]] = set()
    for dirpath, dirnames, filenames in os.walk(top, followlinks=True):
        try:
            st = os.stat(dirpath)
            ident = (st.st_dev, st.st_ino)
        except OSError:
            dirnames[:] = []
            continue
        if ident in visited:  # a symlink loop
            dirnames[:] = []
            continue
        visited.add(ident)
        keep = []
        for d in sorted(dirnames):
            full = os.path.join(dirpath, d)
            if d in SKIP_DIRS or d.startswith("."):
                continue
            if skip and _is_under(full, skip):
                continue
            if ignore.ignored(full, True):
                continue
            keep.append(d)
        dirnames[:] = keep
        for name in sorted(filenames):
            if not file_kind(name):
                continue
            full = os.path.join(dirpath, name)
            if ignore.ignored(full, False):
                continue
            if _special(full):
                if specials is not None:
                    specials.append(full)
                continue
            out.append(full)
    return out
