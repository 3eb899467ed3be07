"""The fuzz driver: every reported contract of the run, once, with hypothesis; findings for every TC7 code.

Per tool:

1. Skip what static checks own: a schema that is not valid JSON Schema, or has a bad `$ref` or regex, is not
   fuzzed (TC705 says so; `toolcheck lint` says why).
2. Normalise the schema for hypothesis-jsonschema (:mod:`.normalize`) and build its strategy. An empty
   strategy is an unsatisfiable schema (TC701); a schema the generator cannot take is TC705 (info). A tool that
   gets no example at all is a finding: the TC111 finding that explains it (an unsatisfiable schema found
   statically), else TC706 naming why generation failed.
3. Run 1, valid arguments (``max_examples`` of them): each generated instance must pass the validator (TC702
   otherwise, unless the generator only approximates the schema: then it is filtered), must still be accepted
   by each configured target's exported schema (TC704), and its mutations must be rejected unless the schema
   declares that shape (TC703). With a handler (or an MCP server), the instance is also a call that must not
   raise, die or hang and whose result must match `returns` and the declared `errors` (TC710-TC715, TC718).
4. Run 2, invalid arguments (only with a handler): a mutation the schema rejects, drawn by hypothesis, must come
   back as a structured error that leaks nothing (TC716-TC718, TC721, TC711, TC712).

Handler failures are raised inside the hypothesis test, one exception class per distinct problem, so hypothesis
shrinks each to a minimal argument object; the case replayed last ("final") is the one reported. Schema-level
findings keep the smallest instance seen. The seed of each tool is derived from ``--seed`` and the tool's name:
the same seed gives the same cases whichever files are checked together.
"""

from __future__ import annotations

import hashlib
import time
from typing import Any

from ..model.findings import Hit
from ..model.pointer import escape_pointer_token
from .options import FuzzOptions
from .report import tool_hits
from .runtime import HardStop, alarm, storage
from .tool import ZERO_EXAMPLES, ToolFuzz

SCHEMA_CODES = ("TC701", "TC702", "TC703", "TC704", "TC705", "TC706")
HANDLER_CODES = ("TC710", "TC711", "TC712", "TC713", "TC714", "TC715", "TC716", "TC717", "TC718", "TC719",
                 "TC720", "TC721")
INVALID_ARGS_CODES = ("TC711", "TC712", "TC715", "TC716", "TC717", "TC718", "TC720", "TC721")  # run 2 can find
# TC122 (a pattern invalid only in `u` mode) was TC114's warning case, and blocked fuzzing as TC114 then
STATIC_BLOCKERS = ("TC103", "TC105", "TC112", "TC113", "TC114", "TC122")


# ------------------------------------------------------------------------------------------------ run state

class FuzzState:
    """What lives for one `toolcheck fuzz` run: counters, the MCP server, cases to save, notes for stderr."""

    def __init__(self, opts, quiet: bool = False) -> None:
        self.opts = opts
        self.quiet = quiet
        self.cases: list[tuple[Any, dict]] = []  # (contract, sample record) for --save-failures
        self.notes: list[str] = []
        self.examples = 0  # valid generated instances checked
        self.invalid = 0  # invalid arguments sent to handlers
        self.calls = 0  # handler / tools/call calls
        self.tools = 0
        self.stopped = 0  # tools stopped at the hard time limit
        self.seconds = 0.0
        self.mcp = None
        self.progress = None

    def close(self) -> None:
        if self.progress is not None:
            self.progress.close()
            self.progress = None
        if self.mcp is not None:
            try:
                note = self.mcp.close()
                if note:
                    self.notes.append(note)
            finally:
                self.mcp = None


def _options(ctx):
    opts = (ctx.settings.command_options or {}).get("fuzz")
    if not isinstance(opts, FuzzOptions):
        opts = FuzzOptions()
    return opts


def results(contracts, ctx) -> dict[str, list[Hit]]:
    """Findings of every TC7 code for the run's reported contracts: the fuzz pass (run once per run and group by
    :class:`toolcheck.rules.tc7_fuzz.index.FuzzIndex`)."""
    got: dict[str, list[Hit]] = {}
    try:
        import hypothesis  # noqa: F401
        import hypothesis_jsonschema  # noqa: F401
    except ImportError:
        return got  # `run_fuzz` refuses to run without the extra; a bare engine run just finds nothing
    opts = _options(ctx)
    state = opts.state
    own = state is None
    if own:
        state = FuzzState(opts, quiet=ctx.settings.quiet)
    todo = _selected([c for c in contracts if c.file.reported], opts)
    from .progress import Progress

    state.progress = Progress(len(todo), opts.progress, state.quiet)
    t0 = time.monotonic()
    guard = storage()
    guard.__enter__()
    try:
        for c in todo:
            state.progress.start(c.display_name)
            e0, c0, i0, s0 = state.examples, state.calls, state.invalid, time.monotonic()
            try:
                hits = _fuzz_contract(c, ctx, opts, state)
            except HardStop:
                hits = []
            for h in hits:
                h.subject = c
                h.message = _clean(h.message)
                h.help = _clean(h.help)
                if h.data is not None:
                    h.data = _clean(h.data)
                got.setdefault(h.code, []).append(h)
            state.tools += 1
            state.progress.end(c.display_name, state.examples - e0 + state.invalid - i0, state.calls - c0,
                               time.monotonic() - s0)
    finally:
        guard.__exit__()
        state.seconds += time.monotonic() - t0
        if state.progress is not None:
            state.progress.close()
            state.progress = None
        if own:
            state.close()
    if not state.quiet and state.tools:
        rate = (state.examples + state.invalid) / state.seconds if state.seconds > 0 else 0.0
        state.notes.append(f"fuzz: {state.tools} tool(s), {state.examples} valid and {state.invalid} invalid "
                           f"examples, {state.calls} handler call(s) in {state.seconds:.1f} s "
                           f"({rate:.0f} examples/s; seed {opts.seed})")
    return got


def _selected(contracts: list, opts) -> list:
    """The contracts `--tool` names (all without it); a name that matches no tool is a usage error."""
    wanted = tuple(getattr(opts, "tools", ()) or ())
    if not wanted:
        return contracts
    names = sorted({c.name for c in contracts if c.name})
    for w in wanted:
        if w not in names:
            from ..config import ConfigError
            from ..suggest import did_you_mean

            raise ConfigError(f"--tool `{w}`: no such tool among the {len(names)} checked{did_you_mean(w, names)}")
    return [c for c in contracts if c.name in wanted]


# ------------------------------------------------------------------------------------------------ one tool

def tool_seed(seed: int, name: str) -> int:
    return int(hashlib.sha256(f"{seed}:{name}".encode()).hexdigest()[:12], 16)


def _fuzz_contract(c, ctx, opts, state) -> list[Hit]:
    schema = c.parameters
    base = "/" + escape_pointer_token(c.parameters_key or "parameters")
    if not isinstance(schema, (dict, bool)):
        return []  # TC008/TC009 report a missing or malformed schema
    unsat_hits, hits = _static_verdict(c, ctx, schema, base)
    if hits:
        return hits
    from .. import schemaval

    try:
        validator = schemaval.compile_schema(schema)
    except schemaval.SchemaCompileError as e:
        return [Hit(base, f"the schema was not fuzzed: it does not compile ({e})",
                    "Fix what `toolcheck lint` reports for this schema.", code="TC705")]
    enabled = ctx.enabled
    schema_on = any(code in enabled for code in SCHEMA_CODES)
    # TC703's unknown-property needs a call too: the handler or server accepting the unknown argument is its evidence
    handler_on = any(code in enabled for code in HANDLER_CODES + ("TC703",))
    name = c.name or c.display_name
    budget = max(0.1, float(opts.budget_seconds))
    deadline = time.monotonic() + budget
    hard = budget + max(5.0, budget * 0.5) + (opts.handler_timeout if handler_on else 0.0)
    tool = ToolFuzz(c, ctx, opts, state, schema, validator, base, tool_seed(opts.seed, name), deadline)
    tool.unsat_hits = unsat_hits
    if not _run(tool, hits, hard, bool(unsat_hits), schema_on, handler_on):
        return hits
    if tool.stopped:
        state.stopped += 1
        state.notes.append(f"note: {name}: fuzzing stopped at the time limit ({hard:.0f} s) after "
                           f"{tool.valid_count} example(s)")
    if tool.unsent:
        args, want = tool.unsent[0]
        from .shape import show

        n = len(tool.unsent)
        state.notes.append(f"note: {name}: {n} call{'' if n == 1 else 's'} not sent: {'it asks' if n == 1 else 'they ask'} "
                           f"the tool to take longer than its time budget left (first: {want}; arguments "
                           f"{show(args, 80)}); raise --budget-seconds to send {'it' if n == 1 else 'them'}")
    if tool.stopped and tool.valid_count == 0:
        hits.extend(tool.explained() or [Hit(
            base, f"no example was generated: the generator did not produce one within the time limit ({hard:.0f} s)",
            "Raise `--budget-seconds`, or simplify the schema (large `anyOf`/`allOf` combinations are slow to "
            "generate from).", code=ZERO_EXAMPLES)])
    hits.extend(tool_hits(tool))
    return hits


def _static_findings(c, ctx, codes) -> dict[str, list[Hit]]:
    """code -> what the check of that (TC1) rule finds in contract ``c``, pointers relative to it, with the
    run's options: the schema problems that make fuzzing pointless, and the TC111 finding that explains it."""
    from ..rules import load_rules

    rules = load_rules()
    out: dict[str, list[Hit]] = {}
    for code in codes:
        r = rules[code]
        facts = ctx.index(r.index).facts(c) if r.index is not None else c
        out[code] = list(r.check(facts, ctx.options(code)) or ())
    return out


def _static_verdict(c, ctx, schema, base: str) -> tuple[list[Hit], list[Hit]]:
    """(the TC111 findings inside the schema, the TC705 finding when static checks say it cannot be fuzzed)."""
    static = _static_findings(c, ctx, STATIC_BLOCKERS + ("TC111",))

    def inside(h: Hit) -> bool:
        return h.pointer == base or h.pointer.startswith(base + "/")

    unsat_hits = [h for h in static.get("TC111", ()) if inside(h)]
    blockers = [code for code in STATIC_BLOCKERS if any(inside(h) for h in static.get(code, ()))]
    if not blockers and isinstance(schema, dict) and not _meta_valid(schema):
        blockers = ["TC101"]
    if not blockers:
        return unsat_hits, []
    what = "it is not valid JSON Schema" if set(blockers) & {"TC101", "TC103", "TC105"} else \
        "`toolcheck lint` reports a problem in it"
    return unsat_hits, [Hit(base, f"the schema was not fuzzed: {what} ({', '.join(blockers)})",
                            "Fix what `toolcheck lint` reports for this schema; then `toolcheck fuzz` can generate "
                            "arguments from it.", code="TC705")]


def _run(tool: ToolFuzz, hits: list[Hit], hard: float, static_unsat: bool, schema_on: bool,
         handler_on: bool) -> bool:
    """Fuzz the tool within the hard time limit (``tool.stopped`` when it passed); False when the schema turned out
    not to be fuzzable (``hits`` says why)."""
    try:
        with alarm(hard):
            try:
                if not tool.prepare(hits, static_unsat, schema_on):
                    return False
                caller = tool.make_caller(hits) if handler_on else None
                tool.run_valid(caller, schema_on)
                if caller is not None and any(code in tool.ctx.enabled for code in INVALID_ARGS_CODES):
                    tool.run_invalid(caller)
            except HardStop:
                tool.stopped = True
    except HardStop:  # the limit passed while leaving the block above
        tool.stopped = True
    finally:
        if tool.caller is not None and not tool.shared_caller:
            tool.caller.close()  # a worker process never outlives its tool
    return True


def _meta_valid(schema: dict) -> bool:
    try:
        import jsonschema_rs

        return bool(jsonschema_rs.meta.is_valid(schema))
    except Exception:  # noqa: BLE001 - an unknown $schema or a value the engine cannot read
        return False


def _clean(v: Any, depth: int = 0) -> Any:
    """Lone surrogates (a handler's bytes decoded with surrogateescape, ...) cannot be written as UTF-8."""
    if isinstance(v, str):
        try:
            v.encode("utf-8")
            return v
        except UnicodeEncodeError:
            return v.encode("utf-8", "replace").decode("utf-8")
    if depth > 60:
        return v
    if isinstance(v, dict):
        return {_clean(k, depth + 1): _clean(x, depth + 1) for k, x in v.items()}
    if isinstance(v, list):
        return [_clean(x, depth + 1) for x in v]
    return v
