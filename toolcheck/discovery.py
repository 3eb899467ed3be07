"""Which files to check: walk folders, honour .gitignore and `exclude`, tell contracts from samples, and skip
files that are recognisably something else (another tool's configuration, a manifest, a CI workflow).

A file named on the command line (or in `paths`) is checked; one that is recognisably not a contract, or not a
YAML/JSON file at all, gets one TC017 finding instead of a pile of contract findings. With ``--force-exclude``
(the pre-commit hooks) a named file is treated as if it had been found by walking. ``--show-files`` prints each
decision (see :func:`toolcheck.engine.show_files`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection
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
    explicit: bool = False  # named (command line or `paths`), not found by walking a folder
    other: str | None = None  # what the file is instead of a contract file (named explicitly: one TC017)
    # "" for the configured set (contracts and samples under `paths`/`samples`); for a file or folder named from
    # elsewhere, that start: cross-file rules (duplicates, overlap, samples) compare files of one group only
    group: str = ""


# What a file is, by its name, when it is recognisably not a contract: skipped when a folder is walked.
# (Shapes, for files whose name says nothing, are recognised after parsing: loading.formats.other_document.)
OTHER_NAMES: dict[str, str] = {
    **dict.fromkeys(("toolcheck.yaml", "toolcheck.yml", ".toolcheck.yaml", ".toolcheck.yml"),
                    "toolcheck's configuration"),
    "pyproject.toml": "Python project metadata (pyproject.toml)",
    **dict.fromkeys((".pre-commit-config.yaml", ".pre-commit-config.yml"), "a pre-commit configuration"),
    **dict.fromkeys((".pre-commit-hooks.yaml", ".pre-commit-hooks.yml"), "pre-commit hook definitions"),
    "package.json": "an npm package manifest",
    **dict.fromkeys(("package-lock.json", "npm-shrinkwrap.json"), "an npm lockfile"),
    "pnpm-lock.yaml": "a pnpm lockfile",
    "pnpm-workspace.yaml": "a pnpm workspace file",
    **dict.fromkeys(("tsconfig.json", "jsconfig.json"), "TypeScript/JavaScript compiler options"),
    "composer.json": "a PHP Composer manifest",
    **dict.fromkeys((".eslintrc.json", ".eslintrc.yaml", ".eslintrc.yml", ".prettierrc.json", ".prettierrc.yaml",
                     ".prettierrc.yml", ".babelrc.json", ".stylelintrc.json", "biome.json", "lerna.json",
                     "turbo.json", "vercel.json", "deno.json"), "a JavaScript tool's configuration"),
    **dict.fromkeys(("docker-compose.yml", "docker-compose.yaml", "compose.yml", "compose.yaml"),
                    "a Docker Compose file"),
    **dict.fromkeys((".gitlab-ci.yml", ".gitlab-ci.yaml"), "a GitLab CI configuration"),
    **dict.fromkeys((".travis.yml", "azure-pipelines.yml", "azure-pipelines.yaml", "bitbucket-pipelines.yml",
                     "appveyor.yml", ".appveyor.yml", "cloudbuild.yaml", "cloudbuild.yml", ".drone.yml",
                     "buildspec.yml", "codemagic.yaml", "bitrise.yml"), "a CI configuration"),
    **dict.fromkeys((".readthedocs.yaml", ".readthedocs.yml", "mkdocs.yml", "mkdocs.yaml"),
                    "a documentation site's configuration"),
    **dict.fromkeys(("codecov.yml", ".codecov.yml", "codecov.yaml", ".coveralls.yml", ".yamllint.yaml",
                     ".yamllint.yml", ".markdownlint.json", ".markdownlint.yaml", ".golangci.yml", ".golangci.yaml"),
                    "a development tool's configuration"),
    **dict.fromkeys(("renovate.json", ".renovaterc.json", "dependabot.yml", "dependabot.yaml"),
                    "a dependency bot's configuration"),
    **dict.fromkeys(("environment.yml", "environment.yaml"), "a conda environment"),
    **dict.fromkeys(("chart.yaml", "kustomization.yaml", "kustomization.yml", "skaffold.yaml"),
                    "a Kubernetes/Helm file"),
    **dict.fromkeys(("action.yml", "action.yaml"), "a GitHub Action's metadata"),
    **dict.fromkeys((".devcontainer.json", "devcontainer.json"), "a dev container configuration"),
    **dict.fromkeys(("openapi.yaml", "openapi.yml", "openapi.json", "swagger.yaml", "swagger.json"),
                    "an OpenAPI document"),
}
OUTSIDE = "outside the configured `paths` and `samples`"
_SUPPORTED = ".yaml, .yml (YAML), .json (JSON) and .jsonl (JSON Lines)"


def other_kind(path: str, config_file: str | None = None) -> str | None:
    """What ``path`` is, when its name or place says it is not a contract file (None: it may be one)."""
    if config_file and os.path.abspath(path) == os.path.abspath(config_file):
        return "toolcheck's configuration"
    low = os.path.basename(path).lower()
    known = OTHER_NAMES.get(low)
    if known:
        return known
    parent = os.path.basename(os.path.dirname(os.path.abspath(path)))
    grand = os.path.basename(os.path.dirname(os.path.dirname(os.path.abspath(path))))
    if parent == "workflows" and grand in (".github", ".gitea", ".forgejo"):
        return "a GitHub Actions workflow"
    if parent == ".github" or grand == ".github":
        return "GitHub repository configuration"
    if parent == ".circleci":
        return "a CircleCI configuration"
    if parent in (".gitlab", ".buildkite") or grand == ".gitlab":
        return "a CI configuration"
    if parent in (".vscode", ".idea", ".devcontainer"):
        return "an editor's configuration"
    return None


STDIN_ALIASES = ("/dev/stdin", "/dev/fd/0", "/proc/self/fd/0")


def is_stdin(path: str) -> bool:
    """``path`` names this process's standard input (read once; never cached)."""
    return os.path.abspath(path) in STDIN_ALIASES


def unsupported_type(path: str, buffered: bool = False) -> str | None:
    """The TC017 reason for a file toolcheck does not read at all (None: YAML, JSON or JSON Lines). A document
    given in memory (``buffered``: stdin) whose name has no extension is read by its content, as a stream is."""
    if file_kind(path) or _stream(path) or is_stdin(path):
        return None
    if buffered and not os.path.splitext(path)[1]:
        return None
    ext = os.path.splitext(path)[1]
    what = f"a `{ext}` file" if ext else "a file without an extension"
    return f"not a supported file type ({what}; toolcheck reads {_SUPPORTED})"


def _stream(path: str) -> bool:
    """A pipe or device named explicitly (`/dev/stdin`, a FIFO): read once, its format told by its content."""
    import stat

    try:
        return not stat.S_ISREG(os.stat(path).st_mode) and not stat.S_ISDIR(os.stat(path).st_mode)
    except OSError:
        return False


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
        return self.why(path, is_dir) is not None

    def why(self, path: str, is_dir: bool) -> str | None:
        """Why ``path`` is ignored (`exclude` or a .gitignore), or None."""
        if self.exclude is not None:
            rel = os.path.relpath(path, self.root).replace(os.sep, "/")
            if not rel.startswith("..") and self.exclude.match_file(rel + ("/" if is_dir else "")):
                return "excluded by `exclude`"
            if self.exclude.match_file(os.path.basename(path) + ("/" if is_dir else "")):
                return "excluded by `exclude`"
        if self.git_root and _is_under(path, self.git_root):
            folder = os.path.dirname(path)
            while True:
                spec = self._spec(folder)
                if spec is not None:
                    rel = os.path.relpath(path, folder).replace(os.sep, "/") + ("/" if is_dir else "")
                    if spec.match_file(rel):
                        return "ignored by .gitignore"
                if folder == self.git_root or len(folder) <= len(self.git_root):
                    break
                folder = os.path.dirname(folder)
        return None


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
    *,
    config_file: str | None = None,
    skipped: list[tuple[str, str | None]] | None = None,
    specials_out: list[str] | None = None,
    buffers: Collection[str] = (),
) -> tuple[list[InputFile], list[InputFile]]:
    """(files to check, context files). Context files are the configured contract set, loaded when only some
    of its files were passed (a pre-commit hook) so that cross-file rules still see every tool.

    ``skipped`` (when given) receives ``(display path, why)`` for every file or folder passed over: folders end
    in ``/``; ``why`` is None for a file of a type toolcheck does not read, found by walking.

    A folder's devices, FIFOs and sockets are never read (see :func:`_special`); their display paths are added
    to ``specials_out``.

    ``buffers``: absolute paths of documents given in memory (stdin, an editor's buffer). Named, such a path
    need not exist; it stands in for the file there, so the configured set's copy on disk is not read beside it.
    """
    found = _Found(root, cwd, exclude, samples_dir, config_paths, config_file, skipped, buffers)
    explicit = bool(cli_paths)
    starts = [os.path.abspath(os.path.join(cwd, p)) for p in cli_paths] if explicit else found.configured
    for start in starts:
        if not os.path.lexists(start) and start not in buffers:
            if explicit or config_paths:
                raise ConfigError(f"path does not exist: {display_path(start, cwd)}")
            continue
        if os.path.isdir(start) and start not in buffers:
            found.add_folder(start)
        else:
            found.add_named(start, force_exclude)
    # the configured set's samples and context, only when something of the configured set is checked: a file
    # named from elsewhere is checked on its own
    in_project = not explicit or any(i.group == "" for i in found.files)
    if want_samples and found.samples_abs and os.path.isdir(found.samples_abs) and in_project:
        found.add_samples()
    context: list[InputFile] = []
    if explicit and any((s in buffers or not os.path.isdir(s)) and found.inside(s) for s in starts):
        context = found.context()
    if specials_out is not None:
        specials_out.extend(dict.fromkeys(display_path(p, cwd) for p in found.specials))
    return found.files, context


class _Found:
    """The state of one :func:`discover` call: where the configured set and its samples are, what the walks
    passed over, and the files found so far (each once)."""

    def __init__(self, root: str, cwd: str, exclude: tuple[str, ...], samples_dir: str | None,
                 config_paths: tuple[str, ...], config_file: str | None,
                 skipped: list[tuple[str, str | None]] | None, buffers: Collection[str]) -> None:
        self.cwd = cwd
        self.ignore = _Ignore(root, exclude)
        self.specials: list[str] = []
        self.samples_abs = os.path.abspath(os.path.join(root, samples_dir)) if samples_dir else None
        self.configured = [os.path.abspath(os.path.join(root, p)) for p in (config_paths or ("contracts",))]
        self.config_file = config_file
        self.skipped = skipped
        self.buffers = buffers
        self.files: list[InputFile] = []
        self.seen: set[str] = set()

    def note(self, path: str, why: str | None, is_dir: bool = False) -> None:
        """Record a file or folder passed over (when the caller asked for ``skipped``)."""
        if self.skipped is not None:
            self.skipped.append((display_path(path, self.cwd) + ("/" if is_dir else ""), why))

    def role_of(self, p: str) -> str:
        """`samples` under the samples folder, else `contracts`."""
        return "samples" if self.samples_abs and _is_under(p, self.samples_abs) else "contracts"

    def inside(self, p: str) -> bool:
        """Whether ``p`` is part of the configured set (its contract paths or its samples folder)."""
        return any(_is_under(p, c) for c in self.configured) or bool(self.samples_abs and _is_under(p, self.samples_abs))

    def _walk(self, top: str, skip: str | None, note: Callable[..., None] | None) -> list[str]:
        return _walk(top, self.ignore, skip, self.config_file, note, self.specials)

    def add_folder(self, start: str) -> None:
        """The files a walk of a named folder finds (its samples folder is left to the samples walk)."""
        for f in self._walk(start, self.samples_abs if self.role_of(start) == "contracts" else None, self.note):
            if f not in self.seen:
                self.seen.add(f)
                self.files.append(InputFile(f, display_path(f, self.cwd), self.role_of(f),
                                            group="" if self.inside(f) else start))

    def add_named(self, start: str, force_exclude: bool) -> None:
        """A named file: checked, or (with ``--force-exclude``) passed over where a walk would pass over it."""
        other = other_kind(start, self.config_file) or unsupported_type(start, start in self.buffers)
        if force_exclude:  # a named file is treated as if a walk had found it
            why = self._walk_skips(start, other)
            if why is not None:
                self.note(start, why)
                return
        if start not in self.seen:
            self.seen.add(start)
            self.files.append(InputFile(start, display_path(start, self.cwd), self.role_of(start), explicit=True,
                                        other=other, group="" if self.inside(start) else start))

    def _walk_skips(self, path: str, other: str | None) -> str | None:
        """Why a walk would pass over the file: ignored, outside the configured set, or not a contract file."""
        why = self.ignore.why(path, False)
        if why is None and not self.inside(path):
            why = OUTSIDE
        if why is None and other:
            why = other
        return why

    def add_samples(self) -> None:
        """The configured samples folder's files."""
        for f in self._walk(self.samples_abs, None, self.note):
            if f not in self.seen:
                self.seen.add(f)
                self.files.append(InputFile(f, display_path(f, self.cwd), "samples"))

    def context(self) -> list[InputFile]:
        """The rest of the configured contract set, loaded (not reported) so cross-file rules see every tool."""
        context: list[InputFile] = []
        for c in self.configured:
            if os.path.isdir(c):
                for f in self._walk(c, self.samples_abs, None):
                    if f not in self.seen:
                        self.seen.add(f)
                        context.append(InputFile(f, display_path(f, self.cwd), "contracts", reported=False))
        return context


def _special(path: str) -> bool:
    """Found by walking a folder, only regular files are read: a link to `/dev/zero` never ends, a FIFO blocks
    until someone writes to it. A broken link is kept (it is reported as unreadable, TC011)."""
    import stat

    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def _walk(top: str, ignore: _Ignore, skip: str | None, config_file: str | None = None, note=None,
          specials: list[str] | None = None):
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
            why = _skip_dir(d, full, skip) or ignore.why(full, True)
            if why is not None:
                if note is not None:
                    note(full, why, True)
                continue
            keep.append(d)
        dirnames[:] = keep
        for name in sorted(filenames):
            full = os.path.join(dirpath, name)
            if not file_kind(name):
                if note is not None:
                    note(full, other_kind(full, config_file))  # listed when recognised, else only counted
                continue
            why = ignore.why(full, False) or other_kind(full, config_file)
            if why is not None:
                if note is not None:
                    note(full, why)
                continue
            if _special(full):
                if specials is not None:
                    specials.append(full)
                continue
            out.append(full)
    return out


def _skip_dir(name: str, full: str, skip: str | None) -> str | None:
    if name in SKIP_DIRS:
        return "a dependency, build or cache folder"
    if name.startswith("."):
        return "a hidden folder"
    if skip and _is_under(full, skip):
        return "the samples folder: `toolcheck validate` replays it"
    return None
