"""The library API: load contracts, lint and validate them, check a call's arguments, from Python.

What the CLI commands of the same names check, without printing or exiting; re-exported by :mod:`toolcheck`
(lazily: ``import toolcheck`` loads none of this until a name is used). A tool mapping is checked as its own
JSON document, shown as ``<name-N>.json`` (N: its place in the list):

>>> import toolcheck
>>> tool = {"name": "get_weather", "description": "Current weather for a city: temperature in Celsius and "
...         "conditions.", "risk": "read_only",
...         "parameters": {"type": "object", "properties": {"city": {"type": "strin"}}}}
>>> for f in toolcheck.lint([tool]):
...     print(f.where, f.code, f.message)
<get_weather-0>.json:9:17 TC103 `strin` is not a JSON Schema type (did you mean `string`?)
>>> toolcheck.check_arguments(tool, {"city": "Oslo"})
{'ok': False, 'error': {'code': 'SCHEMA_ERROR', 'retryable': False, 'message': "the tool's parameter schema cannot be compiled; run `toolcheck validate` on its contract"}}
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Literal, TypedDict, Union

from .config import ConfigError

if TYPE_CHECKING:
    from .contract import Contract
    from .model.findings import Finding

__all__ = ["ArgumentCheck", "ArgumentError", "ConfigError", "LoadError", "ValidationError", "PathLike",
           "Source", "load_contracts", "lint", "validate"]

PathLike = Union[str, "os.PathLike[str]"]
#: what :func:`lint` and :func:`validate` check: paths (files or folders), loaded contracts, or tool mappings
Source = Union[str, "os.PathLike[str]", "Contract", Mapping[str, Any]]


class ValidationError(TypedDict):
    """One reason a call's arguments were rejected: where (a JSON Pointer into the arguments), which
    keyword, and the message a model reads."""

    pointer: str
    keyword: str
    message: str


class _ArgumentErrorBase(TypedDict):
    code: Literal["VALIDATION_ERROR", "JSON_SYNTAX_ERROR", "SCHEMA_ERROR", "UNKNOWN_TOOL", "CONFIG_ERROR"]
    retryable: bool
    message: str


class ArgumentError(_ArgumentErrorBase, total=False):
    """``error`` of a failed :class:`ArgumentCheck`; ``errors`` with ``VALIDATION_ERROR``."""

    errors: list[ValidationError]


class _ArgumentCheckBase(TypedDict):
    ok: bool


class ArgumentCheck(_ArgumentCheckBase, total=False):
    """What :func:`toolcheck.check_arguments` returns: ``{"ok": True}``; with a ``target``,
    ``{"ok": True, "arguments": {...}}`` (the normalised arguments to run); or ``{"ok": False, "error": {...}}``.
    A plain dict (JSON-ready: a host hands it back to the model as the tool result)."""

    arguments: Any
    error: ArgumentError


class LoadError(ValueError):
    """A file :func:`load_contracts` was asked to read cannot be read as contracts (it does not parse, is
    empty, or is not a contract file). ``path`` is the file as shown in findings; :func:`lint` on it reports
    every reason, with line and column."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


def load_contracts(paths: PathLike | Iterable[PathLike], *, input_format: str = "auto",
                   strict: bool = True) -> list[Contract]:
    """The contracts in ``paths`` (files or folders, walked as the CLI walks them), in file order.

    Every supported format is read (contract YAML/JSON, OpenAI, Anthropic, Gemini, MCP ``tools/list``, JSON Lines
    of function objects; ``input_format`` forces one). A path that does not exist raises
    :class:`~toolcheck.ConfigError`. With ``strict`` (the default) a file that cannot be read as contracts
    raises :class:`LoadError` naming the file and the reason; ``strict=False`` skips it (run :func:`lint` to see
    why). Each :class:`~toolcheck.Contract` keeps its file's text, so :func:`lint` can check it again later.

    >>> import os, tempfile, toolcheck
    >>> folder = tempfile.mkdtemp()
    >>> with open(os.path.join(folder, "tools.json"), "w") as fh:
    ...     _ = fh.write('[{"type": "function", "function": {"name": "get_time", "parameters": {"type": "object"}}}]')
    >>> [(c.name, c.format) for c in toolcheck.load_contracts(folder)]
    [('get_time', 'openai')]
    >>> toolcheck.load_contracts(os.path.join(folder, "missing.yaml"))
    Traceback (most recent call last):
    ...
    toolcheck.config.ConfigError: path does not exist: ...missing.yaml
    """
    from .config import find_config, limits_from, read_config
    from .discovery import discover
    from .loading import load_file
    from .rules import RULES, load_rules

    items = [os.fspath(paths)] if isinstance(paths, (str, os.PathLike)) else [os.fspath(p) for p in paths]
    cwd = os.getcwd()
    cfg_path = find_config(_start(items[0], cwd)) if items else find_config(cwd)
    cfg = read_config(cfg_path) if cfg_path else {}
    root = os.path.dirname(os.path.abspath(cfg_path)) if cfg_path else cwd
    inputs, _ = discover(tuple(items), tuple(cfg.get("paths", ())), root, cwd, tuple(cfg.get("exclude", ())),
                         None, want_samples=False, config_file=cfg_path)
    limits = limits_from(cfg)
    load_rules()
    out: list[Contract] = []
    for i in inputs:
        if i.other is not None and input_format == "auto":  # named, and recognisably not a contract file
            if strict:
                raise LoadError(i.display, f"{i.other}, not a contract file")
            continue
        lf = load_file(i.abspath, i.display, limits, role="contracts", input_format=input_format)
        if lf.other is not None:
            if strict and i.explicit:
                raise LoadError(i.display, f"{lf.other}, not a contract file")
            continue
        bad = [h for h in lf.hits if (h.severity or RULES[h.code or "TC001"].severity) == "error"]
        if strict and bad and not lf.contracts:
            raise LoadError(i.display, bad[0].message)
        out.extend(lf.contracts)
    return out


def lint(paths_or_contracts: Source | Iterable[Source] | None = None, *, config: PathLike | None = None,
         select: Iterable[str] | None = None, ignore: Iterable[str] | None = None) -> list[Finding]:
    """The findings ``toolcheck lint`` reports for ``paths_or_contracts``, sorted by file and line.

    ``paths_or_contracts``: paths (files or folders), :class:`~toolcheck.Contract` objects (from
    :func:`load_contracts`: their file is checked again from the text it was loaded from, and only findings
    about those contracts and their file are returned), or tool mappings (a contract, an OpenAI, Anthropic,
    Gemini or MCP tool; each checked as its own JSON document), or a list mixing them; ``None``: the configured
    ``paths``, as ``toolcheck lint`` with no arguments. ``config``: a config file; ``None`` finds it upward from
    the first path (else from the working directory), as the CLI does. ``select``/``ignore``: codes, families
    or rule names, as ``--select``/``--ignore`` (the config's selection otherwise). Never writes the cache;
    secrets are masked in every message. Raises :class:`~toolcheck.ConfigError` for a bad config, an unknown
    selector or a path that does not exist.

    >>> import toolcheck
    >>> tool = {"type": "function", "function": {"name": "delete_user", "description": "Deletes a user account "
    ...         "and all of its data, permanently.", "parameters": {"type": "object",
    ...         "properties": {"user_id": {"type": "string", "description": "The account's id."}},
    ...         "required": ["user_id", "reason"]}}}
    >>> for f in toolcheck.lint(tool, select=["TC1"]):
    ...     print(f.code, f.severity, f.pointer, f.message)
    TC106 error /function/parameters/required/1 required property `reason` is not defined in `properties`
    """
    return _run("lint", paths_or_contracts, config, select, ignore, None)


def validate(paths_or_contracts: Source | Iterable[Source] | None = None, *, config: PathLike | None = None,
             select: Iterable[str] | None = None, ignore: Iterable[str] | None = None,
             targets: Iterable[str] | None = None) -> list[Finding]:
    """The findings ``toolcheck validate`` reports: everything :func:`lint` checks, plus the vendor targets
    (TC2; ``targets`` as ``--target``: ``["openai-strict"]``, ``["all"]``; default: the contract's, the
    config's, else the default targets) and the replay of the configured samples (TC3). Arguments as for
    :func:`lint`.

    >>> import toolcheck
    >>> tool = {"name": "find_flights", "description": "Flights between two airports on a date, cheapest first.",
    ...         "risk": "read_only", "parameters": {"type": "object", "properties": {
    ...             "date": {"type": "string", "format": "date", "description": "Departure date, YYYY-MM-DD."}}}}
    >>> for f in toolcheck.validate(tool, targets=["openai-strict"], select=["TC2"]):
    ...     print(f.code, f.pointer, f.message)
    TC206 /parameters OpenAI strict mode (`openai-strict`) requires `additionalProperties: false` on every object; this object does not set it
    TC207 /parameters OpenAI strict mode (`openai-strict`) requires every property in `required`; `date` is optional
    """
    return _run("validate", paths_or_contracts, config, select, ignore, targets)


def _start(path: str, cwd: str) -> str:
    """Where the config of ``path`` is looked for: its folder (a file), itself (a folder)."""
    p = os.path.abspath(os.path.join(cwd, path))
    return p if os.path.isdir(p) else os.path.dirname(p)


def _run(command: str, given: Source | Iterable[Source] | None, config: PathLike | None,
         select: Iterable[str] | None, ignore: Iterable[str] | None,
         targets: Iterable[str] | None) -> list[Finding]:
    from .cli import build_settings
    from .config import find_config
    from .contract import Contract
    from .engine import run

    if given is None:
        items: list[Any] = []
    elif isinstance(given, (str, os.PathLike, Contract, Mapping)):
        items = [given]
    else:
        items = list(given)
    cwd = os.getcwd()
    paths: list[str] = []
    buffers: dict[str, bytes] = {}
    only: dict[str, list[Contract]] = {}  # file -> the contracts asked about (a Contract was given)
    for n, item in enumerate(items):
        if isinstance(item, Contract):
            if item.file.text is None:
                raise ValueError(f"contract {item.display_name!r} has no source text to check")
            paths.append(item.file.abspath)
            buffers[item.file.abspath] = item.file.text.encode("utf-8")
            only.setdefault(item.file.abspath, []).append(item)
        elif isinstance(item, Mapping):
            name, fn = item.get("name"), item.get("function")
            if not isinstance(name, str) and isinstance(fn, Mapping):
                name = fn.get("name")
            stem = name if isinstance(name, str) and name.replace("_", "").replace("-", "").isalnum() else "tool"
            path = os.path.join(cwd, f"<{stem}-{n}>.json")  # in memory only: never written or read
            paths.append(path)
            buffers[path] = (json.dumps(item, indent=2, ensure_ascii=False, default=str) + "\n").encode("utf-8")
        elif isinstance(item, (str, os.PathLike)):
            paths.append(os.fspath(item))
        else:
            raise TypeError(f"expected a path, a Contract or a tool mapping, not {type(item).__name__}")
    if config is None:
        cfg_path = find_config(_start(paths[0], cwd) if paths else cwd)
    else:
        cfg_path = os.fspath(config)
    from pathlib import Path

    settings = build_settings(
        command, paths=[Path(p) for p in paths] or None, config=Path(cfg_path) if cfg_path else None,
        select=list(select) if select is not None else None, extend_select=None,
        ignore=list(ignore) if ignore is not None else None,
        target=list(targets) if targets is not None else None, ship=None, samples=None, exclude=None, fmt=None,
        output=None, fail_on=None, exit_zero=False, statistics=False, baseline=None, write_baseline=None,
        no_cache=True, quiet=True, force_exclude=False)
    if buffers:
        import dataclasses

        settings = dataclasses.replace(settings, buffers=buffers)
    findings = run(settings, command).findings
    if only:
        findings = [f for f in findings if _about(f, only)]
    return findings


def _about(f: Finding, only: dict[str, list[Contract]]) -> bool:
    """A finding of a file some of whose contracts were given: about one of them, or about the file itself."""
    sf = f.extra.get("file")
    wanted = only.get(sf.abspath) if sf is not None else None
    if wanted is None:
        return True
    if f.tool is None:
        return True
    return any(c.pointer == "" or f.pointer == c.pointer or f.pointer.startswith(c.pointer + "/") for c in wanted)
