"""A run's inputs: the files discovery finds (and a live MCP server's tools/list), the codes the run reports,
the notes for stderr; `--show-files`; and reading one input file (:func:`load_input`)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from ..contract import SourceFile
from ..discovery import InputFile, discover, is_stdin
from ..loading import file_kind, load_file
from ..model.findings import Hit
from ..rules import COMMAND_FAMILIES, FAMILIES, RULES, expand_selector, load_rules
from ..settings import Settings
from .baseline import baseline_note
from .context import enabled_codes


@dataclass
class Inputs:
    """What :func:`gather` found for one run of ``command``: the engine checks it (:func:`toolcheck.engine.check`);
    the runner also keys its cache on it."""

    command: str
    cwd: str
    files: list[InputFile]  # checked (a live server's listing first)
    context: list[InputFile]  # read for cross-file rules, nothing reported
    enabled: set[str]
    notes: list[str] = field(default_factory=list)  # diagnostics for stderr, in order
    live: list = field(default_factory=list)  # mcp_live.LiveInput: the --mcp-command server's tools/list, as a file
    old_baseline: bool = False  # --baseline is a version 1 file (its fingerprints need the documents)

    @property
    def from_stdin(self) -> bool:
        return any(is_stdin(i.abspath) for i in self.files)

    def discard_live(self) -> None:
        """Delete the temporary files of the live inputs (once they are read, or when the run stops before)."""
        for li in self.live:
            if li.temporary:
                try:
                    os.unlink(li.path)
                except OSError:
                    pass


def gather(settings: Settings, command: str, cwd: str | None = None) -> Inputs:
    """The inputs of a run: the selection (ConfigError for an unknown selector), the live server's listing,
    the discovered files, and the notes about them."""
    cwd = cwd or os.getcwd()
    load_rules()
    enabled = enabled_codes(settings, command)
    notes = _selection_notes(settings, command)
    live = []
    if settings.mcp_command is not None:
        from ..mcp_live import tools_file

        live.append(tools_file(settings.mcp_command, settings.mcp_timeout, settings.mcp_save, cwd))
        notes.extend(live[-1].notes)
    got = Inputs(command, cwd, [], [], enabled, notes, live)
    if not (live and not settings.paths):
        try:
            _discover(settings, got)
        except BaseException:
            got.discard_live()
            raise
    got.files = [InputFile(li.path, li.display, "contracts") for li in live] + got.files
    if settings.baseline:
        note = baseline_note(settings.baseline)
        if note:
            notes.append(note)
            got.old_baseline = True
    return got


def _selection_notes(settings: Settings, command: str) -> list[str]:
    notes: list[str] = []
    for sel in settings.select + settings.extend_select:
        fams = {RULES[c].family for c in expand_selector(sel)}
        outside = sorted(f for f in fams if f not in COMMAND_FAMILIES[command])
        if outside and not (fams - set(outside)):
            notes.append(f"note: `{sel}` ({', '.join(FAMILIES[f] for f in outside)}) does not run under "
                         f"`toolcheck {command}`")
    return notes


def _discover(settings: Settings, got: Inputs) -> None:
    skipped: list[tuple[str, str | None]] = []
    specials: list[str] = []
    inputs, context_inputs = discover(
        settings.paths, settings.config_paths, settings.root, got.cwd, settings.exclude, settings.samples,
        got.command in ("validate", "fuzz"), settings.force_exclude, config_file=settings.config_path,
        skipped=skipped, specials_out=specials, buffers=settings.buffers,
    )
    saved = {li.path for li in got.live}  # an --mcp-save file among the paths is read once, as the server's
    got.files = [i for i in inputs if i.abspath not in saved]
    got.context = [i for i in context_inputs if i.abspath not in saved]
    if specials:
        shown = ", ".join(specials[:5]) + (f" and {len(specials) - 5} more" if len(specials) > 5 else "")
        got.notes.append(f"note: skipped {len(specials)} file(s) that are not regular files (a device, FIFO or "
                         f"socket is never read from a folder): {shown}")
    if settings.force_exclude and settings.paths and not settings.quiet:
        note = _skipped_note(settings, got.cwd, skipped)
        if note:
            got.notes.append(note)


def show_files(settings: Settings, command: str, cwd: str | None = None) -> tuple[list[tuple[str, str, str]], int]:
    """``--show-files``: (rows of (path, status, why), how many files of other types were passed over) for
    every file the run would check or skip, without checking anything. ``status`` is `check` (reported),
    `context` (read for cross-file rules, not reported) or `skip`."""
    from ..discovery import OUTSIDE

    cwd = cwd or os.getcwd()
    skipped: list[tuple[str, str | None]] = []
    inputs, context = discover(settings.paths, settings.config_paths, settings.root, cwd, settings.exclude,
                               settings.samples, command in ("validate", "fuzz"), settings.force_exclude,
                               config_file=settings.config_path, skipped=skipped, buffers=settings.buffers)
    rows: list[tuple[str, str, str]] = []
    own = "; outside the configured set: checked on its own"
    for i in inputs + context:
        lf = load_input(i, settings)
        if lf is None:  # found by walking, and its content shows what it is
            rows.append((i.display, "skip", load_file(i.abspath, i.display, settings.limits,
                                                      data=settings.buffers.get(i.abspath)).other or "?"))
            continue
        if any(h.code == "TC017" for h in lf.hits):
            rows.append((i.display, "check", f"not a contract file: TC017 ({lf.hits[0].message})"))
        elif not i.reported:
            rows.append((i.display, "context", "the configured set: cross-file rules compare with it, nothing is "
                                               "reported"))
        elif i.role == "samples":
            rows.append((i.display, "check", "samples, replayed against the contracts"))
        else:
            if i.explicit:
                rows.append((i.display, "check", "named on the command line or in `paths`" + (own if i.group else "")))
            else:
                rows.append((i.display, "check", "found in a folder" + (
                    "; outside the configured set: cross-file rules do not compare it with the set" if i.group
                    else "")))
    others = 0
    for path, why in skipped:
        if why is None:
            others += 1
        else:
            if why == OUTSIDE:
                where = ", ".join(settings.config_paths or ("contracts",))
                why = f"{why} ({where}{', ' + settings.samples if settings.samples else ''}), with --force-exclude"
            rows.append((path, "skip", why))
    # the samples folder, passed over while walking for contracts, is then read as samples (validate)
    checked = [p for p, st, _ in rows if st == "check"]
    rows = [r for r in rows
            if not (r[1] == "skip" and r[0].endswith("/") and any(p.startswith(r[0]) for p in checked))]
    rows.sort(key=lambda r: r[0])
    return rows, others


def _skipped_note(settings: Settings, cwd: str, skipped: list[tuple[str, str | None]]) -> str | None:
    """One line for a pre-commit hook: how many of the files it passed were skipped, and why."""
    from ..discovery import OUTSIDE, display_path

    named = {display_path(os.path.abspath(os.path.join(cwd, p)), cwd) for p in settings.paths}
    whys: dict[str, int] = {}
    for path, why in skipped:
        if path in named:
            why = why or "not a supported file type"
            if why == OUTSIDE:
                where = ", ".join(settings.config_paths or ("contracts",))
                why = f"{why} ({where}{', ' + settings.samples if settings.samples else ''})"
            whys[why] = whys.get(why, 0) + 1
    if not whys:
        return None
    n = sum(whys.values())
    parts = "; ".join(f"{k} {why}" for why, k in sorted(whys.items(), key=lambda kv: (-kv[1], kv[0])))
    return (f"note: skipped {n} of the {len(named)} file{'s' if len(named) != 1 else ''} given (--force-exclude): "
            f"{parts}")


def load_input(i: InputFile, settings: Settings, texts: dict[str, str] | None = None):
    """The loaded file; None for a file found by walking whose content shows it is something else."""
    if i.other is not None and not (settings.input_format != "auto" and file_kind(i.abspath)):
        return not_a_contract(i, i.other)
    lf = load_file(i.abspath, i.display, settings.limits, role=i.role, input_format=settings.input_format,
                   text=texts.get(i.abspath) if texts else None, data=settings.buffers.get(i.abspath))
    lf.file.reported = i.reported
    lf.file.group = i.group
    if lf.other is not None:
        return not_a_contract(i, lf.other) if i.explicit else None
    return lf


def not_a_contract(i: InputFile, what: str):
    """A named file that is not a contract file: one TC017 finding, nothing parsed or checked."""
    from ..loading import Loaded

    sf = SourceFile(path=i.display, abspath=i.abspath, kind=file_kind(i.abspath) or "yaml", role=i.role,
                    reported=i.reported, group=i.group)
    name = os.path.basename(i.abspath)
    if what.startswith("not a supported file type"):
        h = Hit("", f"`{name}` is {what}", "Contracts are YAML or JSON files: rename it if it holds tool "
                "definitions, or leave it off the command line.", code="TC017")
    else:
        h = Hit("", f"`{name}` is {what}, not a contract",
                "Leave it off the command line (found by walking a folder, it is skipped; `--show-files` lists "
                "what is checked), or give `--input-format` if it really holds tool definitions.", code="TC017")
    h.position = (1, 1)
    return Loaded(sf, hits=[h])
