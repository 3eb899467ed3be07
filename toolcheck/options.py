"""The options the checking commands share (lint, validate, fuzz, diff), declared once, and how they become a
:class:`~toolcheck.settings.Settings`.

Each option is an ``Annotated`` alias (its flag, help and choices); :data:`SHARED` lists them in ``--help``
order under the :class:`CheckOptions` field each fills. :func:`checking_command` gives a command function the
shared options it takes (all but ``without``) besides its own, and calls it with one :class:`CheckOptions`.
:func:`build_settings` reads the config and merges it with the options (the command line wins).
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import os
from collections.abc import Callable, Collection
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Annotated, Any

import typer

from .config import ConfigError
from .loading.formats import INPUT_FORMATS
from .model.findings import SEVERITIES
from .report import FORMATS


def _choices(name: str, values: tuple[str, ...]) -> type[Enum]:
    """An Enum of ``values`` for typer's choices (member names are the values with `-` as `_`): the lists are
    defined once, where they belong (report formats, severities, input formats), and read here."""
    return Enum(name, [(v.replace("-", "_"), v) for v in values], type=str)  # type: ignore[return-value]


Fmt = _choices("Fmt", FORMATS)
Sev = _choices("Sev", SEVERITIES)


class Ship(str, Enum):
    as_is = "as-is"
    export = "export"


PathsArg = Annotated[list[Path] | None, typer.Argument(help="Files or folders (default: configured `paths`, else contracts/).",
                                                          show_default=False)]
ConfigOpt = Annotated[Path | None, typer.Option("--config", help="Config file (default: toolcheck.yaml or "
                                                   "[tool.toolcheck] in pyproject.toml, found upward).")]
SelectOpt = Annotated[list[str] | None, typer.Option("--select", help="Only these codes, families (TC4) or rule names; comma-separated or repeated.")]
ExtendOpt = Annotated[list[str] | None, typer.Option("--extend-select", help="Add these to the selection.")]
IgnoreOpt = Annotated[list[str] | None, typer.Option("--ignore", help="Skip these codes, families or rule names.")]
TargetOpt = Annotated[list[str] | None, typer.Option("--target", help="Vendor target (repeatable, or `all`).")]
ShipOpt = Annotated[Ship | None, typer.Option("--ship", help="as-is: check schemas as written; export: check what `toolcheck export` sends.")]
SamplesOpt = Annotated[Path | None, typer.Option("--samples", help="Samples folder (default: samples/).")]
ExcludeOpt = Annotated[list[str] | None, typer.Option("--exclude", help="gitignore-style glob to skip (repeatable).")]
FormatOpt = Annotated[Fmt | None, typer.Option("--format", envvar="TOOLCHECK_FORMAT", help="Output format.")]
OutputOpt = Annotated[Path | None, typer.Option("--output", "-o", help="Write the report to this file (atomically).")]
FailOnOpt = Annotated[Sev | None, typer.Option("--fail-on", help="Lowest severity that fails the run (default: error).")]
ExitZeroOpt = Annotated[bool, typer.Option("--exit-zero", help="Exit 0 even with findings.")]
StatsOpt = Annotated[bool, typer.Option("--statistics", help="Count findings per rule instead of listing them.")]
BaselineOpt = Annotated[Path | None, typer.Option("--baseline", help="Report only findings not recorded in this baseline.")]
WriteBaselineOpt = Annotated[Path | None, typer.Option("--write-baseline", help="Record today's findings as the baseline and exit 0.")]
NoCacheOpt = Annotated[bool, typer.Option("--no-cache", help="Do not read or write .toolcheck_cache/.")]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="Print findings only, no summary.")]
FixOpt = Annotated[bool, typer.Option("--fix", help="Apply the safe fixes of the findings in place (`[*]` in the "
                                      "report), then report what remains.")]
UnsafeFixesOpt = Annotated[bool, typer.Option("--unsafe-fixes", help="Also apply (with --fix/--diff) and mark the "
                                              "unsafe fixes: those that change what a schema accepts.")]
DiffOpt = Annotated[bool, typer.Option("--diff", help="Print the fixes as a unified diff (`patch -p1` applies it) "
                                       "and write nothing; exit 1 when there is something to fix.")]
InFmt = _choices("InFmt", INPUT_FORMATS)
InputFormatOpt = Annotated[InFmt | None, typer.Option("--input-format", help="Read every input file as this format "
                                                         "(default: detected per file).")]
McpOpt = Annotated[str | None, typer.Option("--mcp-command", help="Also read tools/list from this MCP server "
                                               "over stdio (needs the `mcp` extra), e.g. \"python server.py\".")]
McpTimeoutOpt = Annotated[float, typer.Option("--mcp-timeout", min=0.1, help="Seconds to wait for the MCP server "
                                                 "to start and list its tools.")]
McpSaveOpt = Annotated[Path | None, typer.Option("--mcp-save", help="Write the server's tools/list result to this "
                                                    "JSON file and locate findings in it (file:line:col) instead of "
                                                    "`mcp:<server>`.")]
ShowFilesOpt = Annotated[bool, typer.Option("--show-files", help="List each file that would be checked or "
                                             "skipped, and why, then exit 0 without checking (as ruff does).")]
StdinFilenameOpt = Annotated[str | None, typer.Option("--stdin-filename", help="With `-` (or no paths): the "
                                                       "path the document on stdin stands for, for the config, "
                                                       "per-file ignores, format and messages; inside the "
                                                       "configured set it replaces that file.")]
ForceExcludeOpt = Annotated[bool, typer.Option("--force-exclude", help="Apply `paths`/`exclude` to files named on the "
                                               "command line too (pre-commit hooks use this).")]
JobsOpt = Annotated[int | None, typer.Option("--jobs", min=1, help="Processes a large run's rules are shared "
                                             "out over (default: this machine's CPUs, at most 8; 1: no "
                                             "subprocess). The output is the same for every N.",
                                             show_default=False)]




@dataclass(frozen=True)
class CheckOptions:
    """What the command line of a checking command says (None / False: not given; the config or default then
    applies). Field names are those of :data:`SHARED`."""

    paths: list[Path] | None = None
    config: Path | str | None = None
    select: list[str] | None = None
    extend_select: list[str] | None = None
    ignore: list[str] | None = None
    target: list[str] | None = None
    ship: Any = None  # a Ship
    samples: Path | None = None
    exclude: list[str] | None = None
    fmt: Any = None  # a Fmt
    output: Path | None = None
    fail_on: Any = None  # a Sev
    exit_zero: bool = False
    statistics: bool = False
    baseline: Path | None = None
    write_baseline: Path | None = None
    no_cache: bool = False
    quiet: bool = False
    force_exclude: bool = False
    input_format: Any = None  # an InFmt
    mcp_command: str | None = None
    mcp_timeout: float = 30.0
    mcp_save: Path | None = None
    show_files: bool = False
    fix: bool = False
    unsafe_fixes: bool = False
    diff: bool = False
    stdin_filename: str | None = None
    jobs: int | None = None


# field -> its option, in --help order (the commands' own options come after them, or before with own_first)
SHARED: dict[str, Any] = {
    "paths": PathsArg, "config": ConfigOpt, "select": SelectOpt, "extend_select": ExtendOpt, "ignore": IgnoreOpt,
    "target": TargetOpt, "ship": ShipOpt, "samples": SamplesOpt, "exclude": ExcludeOpt, "fmt": FormatOpt,
    "output": OutputOpt, "fail_on": FailOnOpt, "exit_zero": ExitZeroOpt, "statistics": StatsOpt,
    "baseline": BaselineOpt, "write_baseline": WriteBaselineOpt, "no_cache": NoCacheOpt, "quiet": QuietOpt,
    "force_exclude": ForceExcludeOpt, "input_format": InputFormatOpt, "mcp_command": McpOpt,
    "mcp_timeout": McpTimeoutOpt, "mcp_save": McpSaveOpt, "show_files": ShowFilesOpt, "fix": FixOpt,
    "unsafe_fixes": UnsafeFixesOpt, "diff": DiffOpt, "stdin_filename": StdinFilenameOpt, "jobs": JobsOpt,
}
_DEFAULTS = {f.name: f.default for f in dataclasses.fields(CheckOptions)}


def checking_command(without: Collection[str] = (), own_first: bool = False) -> Callable:
    """Decorate ``fn(opts: CheckOptions, **own)`` so that typer sees the shared options (all but ``without``)
    and ``fn``'s own parameters (after the shared ones, or before them with ``own_first``)."""

    def deco(fn: Callable) -> Callable:
        own = list(inspect.signature(fn, eval_str=True).parameters.values())[1:]
        shared = [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=ann, default=_DEFAULTS[name])
                  for name, ann in SHARED.items() if name not in without]
        own = [p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in own]
        params = own + shared if own_first else shared + own

        @functools.wraps(fn)
        def command(**given: Any) -> Any:
            opts = CheckOptions(**{k: given.pop(k) for k in list(given) if k in SHARED})
            return fn(opts, **given)

        del command.__wrapped__  # typer reads the signature below, not fn's
        command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
        command.__annotations__ = {p.name: p.annotation for p in params}
        return command

    return deco


def split(values: list[str] | None) -> tuple[str, ...]:
    """Repeated and comma-separated values (`--select TC1,TC4 --select TC5`) as one tuple."""
    out: list[str] = []
    for v in values or ():
        out.extend(x.strip() for x in v.split(",") if x.strip())
    return tuple(out)


def build_settings(command: str, opts: CheckOptions | None = None, /, **given: Any):
    """The run's Settings: ``opts`` (or a CheckOptions of ``given``, by field name) over the config file."""
    from .config import limits_from
    from .settings import Settings
    from .vendors.targets import unknown_target

    o = opts if opts is not None else CheckOptions(**given)
    check_mcp_options(o.mcp_command, o.mcp_save)
    cwd = os.getcwd()
    paths, stdin_at = _stdin(o, cwd)
    cfg_path, cfg = _config(o, cwd, stdin_at)
    buffers = {}
    if stdin_at is not None:
        from .stdin import read_stdin

        buffers[stdin_at] = read_stdin(limits_from(cfg).max_file_size)
    tgt = split(o.target)
    for t in tgt:
        problem = unknown_target(t, allow_all=True)
        if problem:
            raise ConfigError(problem)
    return Settings(
        root=os.path.dirname(os.path.abspath(cfg_path)) if cfg_path else cwd,
        config_path=cfg_path,
        paths=tuple(str(p) for p in (paths or ())),
        targets=tgt,
        samples=str(o.samples) if o.samples is not None else cfg.get("samples", "samples"),
        ship=(o.ship.value if o.ship else cfg.get("ship", "as-is")),
        select=split(o.select) or tuple(cfg.get("select", ())),
        extend_select=tuple(cfg.get("extend-select", ())) + split(o.extend_select),
        ignore=tuple(cfg.get("ignore", ())) + split(o.ignore),
        exclude=tuple(cfg.get("exclude", ())) + split(o.exclude),
        fail_on=(o.fail_on.value if o.fail_on else cfg.get("fail-on", "error")),
        format=(o.fmt.value if o.fmt else cfg.get("format", "text")),
        output=str(o.output) if o.output and str(o.output) != "-" else None,  # `-`: stdout
        exit_zero=o.exit_zero,
        statistics=o.statistics,
        baseline=str(o.baseline) if o.baseline else None,
        write_baseline=str(o.write_baseline) if o.write_baseline else None,
        no_cache=o.no_cache or cfg.get("cache") is False,
        quiet=o.quiet,
        force_exclude=o.force_exclude,
        input_format=(o.input_format.value if o.input_format else "auto"),
        mcp_command=o.mcp_command,
        mcp_timeout=o.mcp_timeout,
        mcp_save=str(o.mcp_save) if o.mcp_save is not None else None,
        fix=o.fix,
        unsafe_fixes=o.unsafe_fixes,
        diff=o.diff,
        jobs=o.jobs,
        buffers=buffers,
        **_from_config(cfg),
    )


def _from_config(cfg: dict[str, Any]) -> dict[str, Any]:
    """The Settings fields only the config sets."""
    from .config import limits_from

    allow = cfg.get("allow") or {}
    return {
        "config_paths": tuple(cfg.get("paths", ())),
        "config_targets": tuple(cfg.get("targets", ())),
        "per_file_ignores": tuple((k, tuple(v)) for k, v in (cfg.get("per-file-ignores") or {}).items()),
        "severity": tuple((cfg.get("severity") or {}).items()),
        "rules": dict(cfg.get("rules") or {}),
        "allow_domains": tuple(allow.get("domains", ())),
        "allow_patterns": tuple(allow.get("patterns", ())),
        "limits": limits_from(cfg),
    }


def _stdin(o: CheckOptions, cwd: str) -> tuple[list | None, str | None]:
    """(the paths to check, the absolute path the document on stdin (`-`) stands for, or None)."""
    paths = o.paths
    if o.stdin_filename is None and not any(str(p) == "-" for p in paths or ()):
        return paths, None
    from .stdin import stdin_path, wants_stdin

    if not wants_stdin(paths, o.stdin_filename):
        raise ConfigError("--stdin-filename names the document read from stdin: give `-` (or no paths), "
                          "not files")
    stdin_at = stdin_path(paths, o.stdin_filename, cwd)
    return [stdin_at], stdin_at


def _config(o: CheckOptions, cwd: str, stdin_at: str | None) -> tuple[str | None, dict[str, Any]]:
    """(the config file, its validated mapping): `--config`, else found upward."""
    from .config import find_config, read_config

    if o.config is not None:
        cfg_path: str | None = str(o.config)
        if not os.path.isfile(cfg_path):
            raise ConfigError(f"config file not found: {cfg_path}")
    else:  # a named stdin document's config is the one found upward from where it stands, as ruff finds it
        cfg_path = find_config(os.path.dirname(stdin_at) if o.stdin_filename is not None and stdin_at else cwd)
    return cfg_path, (read_config(cfg_path) if cfg_path else {})


def check_mcp_options(mcp_command: str | None, mcp_save=None) -> None:
    """`--mcp-command ""` is a usage error, not "no input files"; `--mcp-save` needs a server to save."""
    if mcp_command is not None:
        from .mcp_live import split_command

        split_command(mcp_command)
    elif mcp_save is not None:
        raise ConfigError("--mcp-save needs --mcp-command")
