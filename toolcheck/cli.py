"""The command line. Parses options into Settings, calls the engine, picks the exit code.

Exit codes: 0 no finding at or above --fail-on; 1 findings; 2 usage or config error, a missing path or extra,
no input files. Results go to stdout, diagnostics to stderr.
"""

from __future__ import annotations

import copy
import dataclasses
import os
import re
import sys
import textwrap
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from . import __version__
from .config import ConfigError
from .options import (
    SHARED,
    CheckOptions,
    ConfigOpt,
    ExcludeOpt,
    InputFormatOpt,
    McpOpt,
    McpTimeoutOpt,
    PathsArg,
    Ship,
    build_settings,
    check_mcp_options,
    checking_command,
    split,
)
from .vendors.targets import target_help

app = typer.Typer(
    name="toolcheck",
    help="Lint and validate LLM tool contracts: names, descriptions and JSON Schemas that models read and hosts run.",
    add_completion=False,
    no_args_is_help=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"toolcheck {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Show the version and exit.")] = False,
) -> None:
    """toolcheck: catch what goes wrong between a tool's contract, the model and the host."""


def _say(text: str) -> None:
    """A message on stdout that is not a report (the files `import` and `init` wrote: their names come from tool
    names): masked like stderr, see :mod:`toolcheck.boundary`."""
    from .boundary import write_stdout
    from .masking import mask

    write_stdout(mask(text) + "\n")


def _show_files(command: str, opts: CheckOptions) -> None:
    from .engine import show_files

    settings = build_settings(command, opts)
    rows, others = show_files(settings, command)
    if settings.format == "json":
        import json

        typer.echo(json.dumps({"files": [{"path": p, "status": st, "why": why} for p, st, why in rows],
                               "other_types_skipped": others}, indent=2, ensure_ascii=False))
    else:
        width = min(max((len(p) for p, _, _ in rows), default=0), 60)
        for path, status, why in rows:
            typer.echo(f"{status:<8} {path:<{width}}  {why}")
        if others:
            typer.echo(f"{_count(others, 'other file')} skipped: not YAML, JSON or JSON Lines")
    raise typer.Exit(0)


def _check(command: str, opts: CheckOptions, runner=None) -> None:
    """Run a checking command: ``runner(settings, masker)`` (fuzz, diff) or the engine, then write the report
    and exit with the run's code."""
    import gc

    from .boundary import use as use_masker
    from .masking import Masker
    from .runner import result_exit, run

    if opts.show_files:
        _show_files(command, opts)
    if runner is None:  # lint/validate: short-lived, reference counting frees what matters; fuzz is long-lived
        gc.disable()
    settings = build_settings(command, opts)
    color = (settings.format == "text" and settings.output is None and sys.stdout.isatty()
             and not os.environ.get("NO_COLOR"))
    variant = None
    if runner is None and not settings.write_baseline and not settings.unsafe_fixes:
        from .runner.cache import output_variant

        variant = output_variant(settings.format, settings.statistics, settings.quiet, color)
    masker = Masker()  # the run's: it masks the report and, from now on, stderr
    use_masker(masker)
    if settings.fix or settings.diff:
        from .fixing.run import fix_command

        result, done = fix_command(settings, command, masker=masker)
        if done is not None:
            raise typer.Exit(done)
    else:
        result = (runner(settings, masker) if runner is not None
                  else run(settings, command, output_variant=variant, masker=masker, jobs=settings.jobs))
    for note in result.notes:
        typer.echo(note, err=True)
    if settings.write_baseline:
        _write_baseline(settings, result)
    rendered = getattr(result, "rendered", None)  # a cache hit's stored output (see toolcheck.runner)
    if rendered is not None:
        from .runner.cache import copy_output

        if settings.output:
            from .fsutil import write_atomic_from

            write_atomic_from(settings.output, lambda fh: copy_output(rendered, fh))
        else:
            sys.stdout.flush()
            copy_output(rendered, sys.stdout.buffer)
            sys.stdout.buffer.flush()
        raise typer.Exit(0 if settings.exit_zero else result_exit(result, settings.fail_on))
    _write_report(settings, result, color, variant)
    code = 0 if settings.exit_zero else result_exit(result, settings.fail_on)
    if runner is None:
        global _FAST_EXIT
        _FAST_EXIT = True
    raise typer.Exit(code)


def _write_baseline(settings, result) -> None:
    import json

    from .engine import BASELINE_VERSION, baseline_entries
    from .fsutil import write_atomic

    doc = {"version": BASELINE_VERSION, "toolcheck": __version__, "findings": baseline_entries(result.findings)}
    write_atomic(settings.write_baseline, json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    typer.echo(f"Wrote {_count(len(result.findings), 'finding')} to {settings.write_baseline}", err=True)
    raise typer.Exit(0)


def _write_report(settings, result, color: bool, variant: str | None) -> None:
    """Render the report (stored in the run cache when ``variant`` says how) to `-o FILE` or stdout."""
    from .report import render

    out = render(settings.format, result, settings, __version__, color=color)
    cache_key = getattr(result, "cache_key", None)
    if variant and cache_key and not settings.baseline:
        from .runner.cache import store_output

        store_output(settings.root, cache_key, variant, out)
    if settings.output:
        from .fsutil import write_atomic

        write_atomic(settings.output, out)
    elif settings.fix and settings.buffers:  # stdin `--fix`: stdout holds the fixed document, the report stderr
        sys.stderr.write(out)
        sys.stderr.flush()
    else:
        from .boundary import write_stdout

        write_stdout(out)


@app.command()
@checking_command(without=("target", "ship"))
def lint(opts: CheckOptions) -> None:
    """Static, offline checks for pre-commit: format, schema validity, descriptions and naming, leaks, safety.
    `-` reads one document from stdin."""
    _check("lint", opts)


@app.command()
@checking_command()
def validate(opts: CheckOptions) -> None:
    """Everything lint checks, plus vendor targets and replay of samples and recorded calls (for CI). `-` reads
    one document from stdin."""
    _check("validate", opts)


class RulesFmt(str, Enum):
    text = "text"
    json = "json"


@app.command("rules")
def rules_cmd(format: Annotated[RulesFmt, typer.Option("--format", help="Output format.")] = RulesFmt.text) -> None:
    """List every rule: code, name, family, default severity, targets."""
    from .rules import FAMILIES, rule_dict, rules_sorted

    rules = rules_sorted()
    if format == RulesFmt.json:
        import json

        typer.echo(json.dumps([rule_dict(r) for r in rules], indent=2, ensure_ascii=False))
        return
    fam = None
    for r in rules:
        if r.family != fam:
            fam = r.family
            typer.echo(f"\n{fam}  {FAMILIES[fam]}")
        typer.echo(_rule_line(r))


def _rule_line(r) -> str:
    tg = f"  [{', '.join(r.targets)}]" if r.targets else ""
    fx = {"safe": " [fix]", "unsafe": " [unsafe fix]"}.get(r.fix, "")
    opt = " (opt-in)" if not r.default_enabled else ""
    return f"  {r.code}  {r.name:<38} {r.severity:<8}{fx}{' [export]' if r.fixable else ''}{opt} {r.summary}{tg}"


@app.command("rule")
def rule_cmd(code: Annotated[str, typer.Argument(help="A rule code (TC401) or name.")]) -> None:
    """Print one rule's documentation: what it does, why it matters, an example and the fix."""
    from .rules import FAMILIES, RULES, code_for_name, expand_selector, load_rules

    load_rules()
    c = code.upper() if code.upper() in RULES else code_for_name(code)
    if not c and re.fullmatch(r"TC\d{0,2}", code.strip().upper()):
        prefix = code.strip().upper()
        members = expand_selector(prefix)
        if members:  # a family (TC4) or a prefix (TC41): list its rules, as `toolcheck rules` does
            title = f"{prefix}  {FAMILIES[prefix]}" if prefix in FAMILIES else f"{prefix}*"
            typer.echo(f"{title}: {len(members)} rule{'s' if len(members) != 1 else ''}")
            for m in members:
                typer.echo(_rule_line(RULES[m]))
            typer.echo(f"\n`toolcheck rule {members[0]}` prints one rule's documentation.")
            return
        raise ConfigError(f"no rule code starts with `{prefix}` (the families are {', '.join(FAMILIES)}); "
                          "`toolcheck rules` lists them")
    if not c:
        from .suggest import did_you_mean

        raise ConfigError(f"unknown rule `{code}`{did_you_mean(code, list(RULES))}; `toolcheck rules` lists them")
    r = RULES[c]
    typer.echo(f"{r.code} {r.name}  ({r.family}: {FAMILIES[r.family]}; "
               f"default severity {r.severity}; fix: {r.fix}{'; `toolcheck export` resolves it' if r.fixable else ''}"
               f"{'' if r.default_enabled else '; opt-in: runs only when selected by code or name'})\n")
    typer.echo(r.doc)
    if r.url:
        typer.echo(f"\nSource: {r.url}")
    from .measured import describe

    measured = describe(r.code)
    if measured:
        typer.echo("\n" + textwrap.fill(measured, 110))


@app.command()
def init(
    directory: Annotated[Path, typer.Argument(help="Where to write the starter project.")] = Path("."),
) -> None:
    """Write a starter project (config, one contract, its samples, a pre-commit config). Never overwrites."""
    from .starter import write_starter

    written, skipped = write_starter(str(directory))
    for p in written:
        _say(f"wrote {p}")
    for p in skipped:
        if os.path.isdir(p):
            typer.echo(f"kept {p}/ (it already holds contracts: no demo tool added)", err=True)
        else:
            typer.echo(f"kept {p} (already exists)", err=True)
    typer.echo("Next: toolcheck lint && toolcheck validate")


@app.command("check-args")
def check_args(
    tool: Annotated[str, typer.Argument(help="The tool name.")],
    args: Annotated[str, typer.Argument(help="The arguments as a JSON string, or - to read them from stdin.")],
    contracts: Annotated[Path | None, typer.Option("--contracts", help="Contract file or folder "
                                                      "(default: the configured paths).")] = None,
    config: ConfigOpt = None,
    target: Annotated[str | None, typer.Option("--target", help="The target the tool was sent to through `toolcheck "
                                                "export` (e.g. openai-strict): null for an optional property then "
                                                "means absent; prints the normalised arguments.")] = None,
) -> None:
    """Check one call's arguments against its contract; prints {"ok": true} or a structured error a host can
    hand back to the model. Exit 0 valid, 1 invalid, 2 unknown tool."""
    import json

    from .host import run_check_args
    from .loading.yaml_loader import Limits

    # bytes, bounded: the library's own UTF-8 check applies to stdin too, and `-` may be /dev/zero
    text = sys.stdin.buffer.read(Limits().max_file_size + 1) if args == "-" else args
    code, result = run_check_args(tool, text, str(contracts) if contracts else None, str(config) if config else None,
                                  target=target)
    from .boundary import write_stdout

    write_stdout(json.dumps(result, ensure_ascii=False) + "\n")
    raise typer.Exit(code)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


_NOT_FUZZ = ("ship", "no_cache", "force_exclude", "show_files", "fix", "unsafe_fixes", "diff", "stdin_filename", "jobs")


@app.command()
@checking_command(without=_NOT_FUZZ)
def fuzz(opts: CheckOptions,
         tool: Annotated[list[str] | None, typer.Option("--tool", help="Fuzz only this tool (repeatable, or "
                                                           "comma-separated); the others are not called.")] = None,
         max_examples: Annotated[int, typer.Option("--max-examples", min=1, help="Generated cases per tool and check.")] = 100,
         seed: Annotated[int, typer.Option("--seed", help="Same seed, same cases, same findings.")] = 0,
         budget_seconds: Annotated[float, typer.Option("--budget-seconds", min=0.1, help="Time budget per tool.")] = 20.0,
         handler: Annotated[str | None, typer.Option("--handler", help="package.module:function implementing the tool "
                                                      "(when the contract names none).")] = None,
         handler_timeout: Annotated[float, typer.Option("--handler-timeout", min=0.1, help="Seconds per handler call.")] = 5.0,
         handler_memory: Annotated[int, typer.Option("--handler-memory", min=0, help="MiB of memory (address space) "
                                                     "each handler worker may use; 0: no cap.")] = 4096,
         save_failures: Annotated[bool, typer.Option("--save-failures", help="Append each failing case as a sample "
                                                     "record to samples/<tool>.yaml.")] = False) -> None:
    """Generated arguments (hypothesis-jsonschema) against schemas, handlers and MCP servers (needs the `fuzz` extra)."""
    from .fuzz import FuzzOptions, run_fuzz

    fuzz_opts = FuzzOptions(max_examples=max_examples, seed=seed, budget_seconds=budget_seconds, handler=handler,
                       handler_timeout=handler_timeout, handler_memory=handler_memory, save_failures=save_failures,
                       tools=split(tool))
    _check("fuzz", dataclasses.replace(opts, no_cache=True),
           runner=lambda settings, masker: run_fuzz(settings, fuzz_opts, masker=masker))


@app.command()
def server(
    stdio: Annotated[bool, typer.Option("--stdio", help="Speak LSP over stdin/stdout (the default and only "
                                         "transport; accepted because editors pass it).")] = True,
) -> None:
    """A language server (LSP over stdio) for editors: diagnostics as you type, rule docs on hover, "ignore this
    finding here" actions (needs the `lsp` extra). See the README's "Editor set-up"."""
    try:
        import pygls  # noqa: F401 - only to tell a missing extra from a bug
    except ImportError:
        from . import install_command

        raise ConfigError(f"`toolcheck server` needs the `lsp` extra: {install_command('lsp')}") from None
    from .lsp import serve

    serve(build_settings)
    raise typer.Exit(0)


_DIFF_OPTIONS = ("config", "select", "extend_select", "ignore", "exclude", "fmt", "output", "fail_on", "exit_zero",
                 "statistics", "baseline", "write_baseline", "quiet", "input_format")


@app.command()
@checking_command(without=[k for k in SHARED if k not in _DIFF_OPTIONS], own_first=True)
def diff(opts: CheckOptions,
         args: Annotated[list[Path] | None, typer.Argument(help="OLD NEW (files or folders); with --base, the PATHS "
                                                           "to compare (default: the configured paths).",
                                                      show_default=False)] = None,
         base: Annotated[str | None, typer.Option("--base", help="Compare the working tree with these paths at a git "
                                                   "ref (e.g. origin/main).")] = None) -> None:
    """Breaking changes between two versions of the contracts, each with a witness argument (TC8)."""
    from .diffing import run_diff

    items = [str(a) for a in args or ()]
    if base is None and len(items) != 2:
        raise ConfigError("give OLD and NEW, or --base REF [PATHS]")
    _check("diff", dataclasses.replace(opts, paths=items if base else None, no_cache=True),
           runner=lambda settings, masker: run_diff(settings, items, base, masker=masker))


@app.command("import")
def import_cmd(
    files: Annotated[list[Path] | None, typer.Argument(help="OpenAI, Anthropic, Gemini, MCP, BFCL or contract files.",
                                                          show_default=False)] = None,
    out: Annotated[Path, typer.Option("--out", help="Folder for the contracts (one YAML file per tool).")] = Path("contracts"),
    samples: Annotated[Path, typer.Option("--samples", help="Folder for samples (from Anthropic input_examples).")] = Path("samples"),
    force: Annotated[bool, typer.Option("--force", help="Overwrite existing files.")] = False,
    input_format: InputFormatOpt = None,
    mcp_command: McpOpt = None,
    mcp_timeout: McpTimeoutOpt = 30.0,
) -> None:
    """Write one YAML contract per tool found in FILES (or listed by a live MCP server). Never overwrites a file
    unless --force; writes atomically."""
    from .interop import import_files

    paths = [str(f) for f in files or ()]
    live = None
    check_mcp_options(mcp_command)
    if mcp_command is not None:
        from .mcp_live import tools_file

        live = tools_file(mcp_command, mcp_timeout)
        paths.append(live.path)
        for note in live.notes:
            typer.echo(note, err=True)
    if not paths:
        raise ConfigError("give FILES to import, or --mcp-command")
    for p in paths:  # a missing input is a usage error, as for lint and validate
        if not os.path.lexists(p):
            raise ConfigError(f"path does not exist: {p}")
        if os.path.isdir(p):
            raise ConfigError(f"{p} is a folder: give the files to import")
    try:
        res = import_files(paths, str(out), str(samples), force=force,
                           input_format=input_format.value if input_format else "auto",
                           names={live.path: live.display} if live else None)
    finally:
        if live:
            os.unlink(live.path)
    for p in res.written:
        _say(f"wrote {p}")
    for p in res.skipped:
        typer.echo(f"kept {p} (exists; --force to overwrite)", err=True)
    for p in res.problems:
        typer.echo(f"toolcheck: {p}", err=True)
    if res.tools == 0 and not res.problems:
        raise ConfigError("no tool definitions found in " + ", ".join(live.display if live and p == live.path else p
                                                                       for p in paths))
    if res.no_risk:
        _note_no_risk(res.no_risk)
    if res.tools:
        typer.echo(f"Imported {_count(res.tools, 'tool')}. Next: toolcheck lint {out}", err=True)
    raise typer.Exit(1 if res.problems else 0)


def _note_no_risk(names: list[str]) -> None:
    n = len(names)
    typer.echo(f"note: {n} MCP tool{'s' if n != 1 else ''} got no `risk`: the server declares no "
               f"`readOnlyHint`/`destructiveHint` annotation for {'them' if n != 1 else 'it'} ("
               + ", ".join(names[:20]) + (", ..." if n > 20 else "")
               + "). Add `risk:` to those contracts (TC601 reports it missing).", err=True)


@app.command()
def export(
    target: Annotated[str, typer.Option("--target", help=target_help())],
    paths: PathsArg = None,
    out: Annotated[Path | None, typer.Option("--out", help="Write the JSON here (atomically) instead of stdout.")] = None,
    api: Annotated[str, typer.Option("--api", help="OpenAI request shape: chat (Chat Completions) or responses.")] = "chat",
    config: ConfigOpt = None,
    exclude: ExcludeOpt = None,
    input_format: InputFormatOpt = None,
) -> None:
    """Write exactly the tools payload TARGET accepts, through the documented transforms. A contract with an
    error-level loading (TC0), schema (TC1) or target (TC2) finding is reported (exit 1) and nothing is written;
    constraints the target must drop are warnings."""
    import json

    from .engine import worst_exit
    from .interop import tools_payload
    from .report import render
    from .runner import run
    from .vendors.targets import unknown_target

    problem = unknown_target(target)
    if problem:
        raise ConfigError(problem)
    if api not in ("chat", "responses"):
        raise ConfigError("--api is chat or responses")
    settings = build_settings("validate", CheckOptions(paths=paths, config=config, select=["TC0", "TC1", "TC2"],
                                                       target=[target], ship=Ship.export, exclude=exclude,
                                                       no_cache=True, input_format=input_format))
    from .boundary import use as use_masker
    from .masking import Masker

    masker = Masker()
    use_masker(masker)
    result = run(settings, "validate", masker=masker)
    result.findings = _export_findings(result.findings, target)
    problems = [f for f in result.findings if f.severity == "error"]
    # export fixes nothing: no `[*]` or `--fix` of its own; the source's fixes are validate's (and lint's)
    fixes = [f.fix.applicability for f in result.findings if f.fix is not None]
    for f in result.findings:
        f.fix = None
    if problems or any(f.severity == "warning" for f in result.findings):
        sys.stderr.write(render("text", result, settings, __version__))
    if fixes and (problems or any(f.severity == "warning" for f in result.findings)):
        safe = fixes.count("safe")
        more = len(fixes) - safe
        typer.echo("toolcheck: in the source, " + "; ".join(
            ([f"{safe} fixable with `toolcheck validate --fix`"] if safe else [])
            + ([f"{more} {'more ' if safe else ''}with `toolcheck validate --fix --unsafe-fixes`"] if more else [])),
            err=True)
    if worst_exit(problems, "error"):
        typer.echo(f"toolcheck: nothing written: {len(problems)} error(s) block the `{target}` export "
                   "(a payload built from them would be rejected or would not mean the contract)", err=True)
        raise typer.Exit(1)
    from .vendors.transforms import export_tool

    tools = [export_tool(c, target)[0] for c in result.contracts if c.file.reported]
    text = json.dumps(tools_payload(target, tools, api), indent=2, ensure_ascii=False) + "\n"
    if out and str(out) != "-":
        from .fsutil import write_atomic

        write_atomic(str(out), text)
        typer.echo(f"wrote {_count(len(tools), 'tool')} for {target} to {out}", err=True)
    else:
        from .boundary import write_stdout

        write_stdout(text)
    raise typer.Exit(0)


def _export_findings(findings: list, target: str) -> list:
    """What `toolcheck export` reports: every error that blocks the payload (TC0 loading, TC1 schema validity,
    TC2 for this target), and the warnings of TC0 and of this target (the constraints the export drops). TC1
    warnings are `toolcheck lint`'s business: they do not make the payload wrong."""
    out = []
    for f in findings:
        if f.code.startswith("TC2") and f.target is not None and target not in f.target:
            continue
        if f.code.startswith("TC1") and f.severity != "error":
            continue
        out.append(f)
    return out


_FAST_EXIT = False  # set by lint/validate once their output is written
_FAST_EXIT_ALLOWED = False  # only from the console script / `python -m toolcheck`, never when main() is embedded


def entry() -> None:
    """The console script and `python -m toolcheck`: :func:`main`, allowed to skip the heap teardown at exit."""
    global _FAST_EXIT_ALLOWED
    _FAST_EXIT_ALLOWED = True
    main()


def app_for(argv: list[str]) -> typer.Typer:
    """The app with only the command ``argv`` starts with, when it starts with one (``toolcheck lint ...``), else
    the whole app. Typer turns every registered command's signature into click parameters at each start (about
    10 ms for all eleven); a pre-commit run needs one. The command's parsing, help and errors are the same: the
    root callback (``--version``) stays, so the group and its usage line do too."""
    if not argv:
        return app
    chosen = [c for c in app.registered_commands
              if (c.name or typer.main.get_command_name(c.callback.__name__)) == argv[0]]
    if len(chosen) != 1:
        return app
    one = copy.copy(app)
    one.registered_commands = chosen
    return one


def main() -> None:
    """Entry point: every error becomes one line on stderr and an exit code, never a traceback. Everything
    written to stderr from here on is masked (:mod:`toolcheck.boundary`)."""
    from .boundary import install
    from .fsutil import WriteError

    install()
    try:
        rc = app_for(sys.argv[1:])(standalone_mode=False)
        rc = rc if isinstance(rc, int) else 0
        if _FAST_EXIT and _FAST_EXIT_ALLOWED:
            from .runner import exit_now  # imported by lint/validate already

            exit_now(rc)
        sys.exit(rc)
    except typer.Exit as e:
        if _FAST_EXIT and _FAST_EXIT_ALLOWED:
            from .runner import exit_now

            exit_now(e.exit_code)
        sys.exit(e.exit_code)
    except ConfigError as e:
        for problem in e.problems:  # every problem of a config, one line each
            typer.echo(f"toolcheck: error: {problem}", err=True)
        sys.exit(2)
    except WriteError as e:
        typer.echo(f"toolcheck: error: {e}", err=True)
        sys.exit(2)
    except KeyboardInterrupt:
        typer.echo("toolcheck: interrupted", err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(1)
    except SystemExit:
        raise
    except Exception as e:  # noqa: BLE001 - the one place a bug becomes a message instead of a traceback
        # typer vendors click (typer._click): recognise its usage errors by shape, not by class
        if hasattr(e, "show") and isinstance(getattr(e, "exit_code", None), int):
            e.show()
            sys.exit(e.exit_code)
        if type(e).__name__ == "Abort":
            sys.exit(1)
        if os.environ.get("TOOLCHECK_DEBUG"):
            raise
        typer.echo(f"toolcheck: internal error: {type(e).__name__}: {e} (set TOOLCHECK_DEBUG=1 for details; "
                   "please report it)", err=True)
        sys.exit(2)
