"""`toolcheck fuzz`: generated arguments against schemas, handlers and MCP servers (the `fuzz` extra).

The pipeline is the engine's: :func:`run_fuzz` runs ``engine.run(settings, "fuzz")`` with the fuzz options in
``settings.command_options["fuzz"]`` (a :class:`.options.FuzzOptions`); the TC7 rules
(:mod:`toolcheck.rules.tc7_fuzz`) start the driver (:mod:`toolcheck.fuzz.driver`), which fuzzes every reported
contract once per run (:mod:`.tool`: one tool's run, :mod:`.report`: its findings, :mod:`.runtime`: the time limit
and hypothesis settings):

- :mod:`.normalize`: draft 2020-12 (and 2019-09) schemas rewritten for hypothesis-jsonschema (drafts 4/6/7, no
  ``$ref``): refs inlined (recursive ones unrolled a few levels), ``prefixItems``, ``dependentRequired`` ...,
  ECMA-262 escapes turned into the Python ``re`` classes that mean the same; what it cannot express is listed,
  and then every generated instance is filtered through the real validator.
- :mod:`.shape`: mechanical mutations of valid instances (drop a required field, add an unknown property,
  change a type, stringify a number, cross a stated bound, ``null``).
- :mod:`.harness` / :mod:`._worker`: a handler runs in a persistent worker subprocess per tool, one JSON line
  per call, with a timeout; a hang or a dead worker is a finding and the worker is restarted.
- :mod:`.mcpcall`: the same calls sent as ``tools/call`` to a live MCP server over stdio.
- :mod:`.save`: ``--save-failures`` appends the failing cases to ``samples/<tool>.yaml``.

Nothing here imports hypothesis at module level: ``toolcheck lint`` loads :mod:`toolcheck.rules.tc7_fuzz` (to
know every rule) and must stay fast.
"""

from __future__ import annotations

from dataclasses import replace

from .. import install_command
from .options import FuzzOptions

INSTALL_HINT = install_command("fuzz")
# the versions `pyproject.toml` pins for the `fuzz` extra: hypothesis-jsonschema 0.23.1 fails on every object
# schema with hypothesis >= 6.170.10 ("'many' object has no attribute 'more'")
PINNED = {"hypothesis": "6.170.9", "hypothesis-jsonschema": "0.23.1"}


def require_extra() -> None:
    """Raise ConfigError (exit 2, one line) when the `fuzz` extra is not installed."""
    from ..config import ConfigError

    try:
        import hypothesis  # noqa: F401
        import hypothesis_jsonschema  # noqa: F401
    except ImportError:
        raise ConfigError(f"`toolcheck fuzz` needs the `fuzz` extra: {INSTALL_HINT}") from None


def installed_versions() -> dict[str, str | None]:
    from importlib import metadata

    out: dict[str, str | None] = {}
    for dist in PINNED:
        try:
            out[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            out[dist] = None
    return out


def run_fuzz(settings, opts: FuzzOptions | None = None, masker=None):
    """Run the TC0 and TC7 checks of `toolcheck fuzz` and return the engine's RunResult (``masker``: the run's,
    see :func:`toolcheck.engine.run`).

    Raises ConfigError when the `fuzz` extra is missing (the CLI prints it and exits 2).
    """
    from ..engine import run
    from .driver import FuzzState

    require_extra()
    opts = opts if opts is not None else FuzzOptions()
    state = FuzzState(opts, quiet=bool(getattr(settings, "quiet", False)))
    opts.state = state  # the run's counters and cases stay readable on the caller's options
    notes: list[str] = []
    versions = installed_versions()
    for dist, want in PINNED.items():
        if versions.get(dist) not in (None, want):
            notes.append(f"note: toolcheck fuzz is tested with {dist}=={want}, found {versions[dist]} "
                         f"({INSTALL_HINT} installs the tested versions)")
    command_options = dict(getattr(settings, "command_options", None) or {})
    command_options["fuzz"] = opts
    s2 = replace(settings, command_options=command_options)
    try:
        result = run(s2, "fuzz", masker=masker)
    finally:
        state.close()
    if opts.tools:  # `--tool`: the findings of those tools (and of no tool: the file's own)
        result.findings = [f for f in result.findings if f.tool is None or f.tool in opts.tools]
    if opts.save_failures:
        from .save import save_failures

        notes.extend(save_failures(state.cases, s2, result))
    result.notes.extend(notes + state.notes)
    return result


__all__ = ["FuzzOptions", "run_fuzz", "require_extra", "INSTALL_HINT", "PINNED"]
