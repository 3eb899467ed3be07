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

import copy
import hashlib
import json
import re
import shlex
import signal
import threading
import time
import warnings
from dataclasses import dataclass, field, replace
from typing import Any

from ..model.findings import Hit
from ..model.pointer import escape_pointer_token

SCHEMA_CODES = ("TC701", "TC702", "TC703", "TC704", "TC705", "TC706")
HANDLER_CODES = ("TC710", "TC711", "TC712", "TC713", "TC714", "TC715", "TC716", "TC717", "TC718", "TC719",
                 "TC720", "TC721")
INVALID_ARGS_CODES = ("TC711", "TC712", "TC715", "TC716", "TC717", "TC718", "TC720", "TC721")  # run 2 can find
DEFAULT_MAX_EXAMPLES = 100
ZERO_EXAMPLES = "TC706"  # fuzz tried and produced no example at all
STATIC_BLOCKERS = ("TC103", "TC105", "TC112", "TC113", "TC114")
NOT_JSON_SCHEMA_TARGETS = ("gemini",)  # OpenAPI-subset `parameters`: not JSON Schema, no validator reads it


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
    from . import FuzzOptions

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
    storage = _storage()
    storage.__enter__()
    try:
        for c in todo:
            state.progress.start(c.display_name)
            e0, c0, i0, s0 = state.examples, state.calls, state.invalid, time.monotonic()
            try:
                hits = _fuzz_contract(c, ctx, opts, state)
            except _HardStop:
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
        storage.__exit__()
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

@dataclass
class Case:
    args: Any
    size: int
    final: bool = False
    problem: Any = None  # outcome.Problem (handler findings)
    mutant: Any = None  # shape.Mutant (TC703, run 2)
    errors: list = field(default_factory=list)  # TC702/TC704: validator errors
    target: str | None = None
    adapted: Any = None


def _size(v: Any) -> int:
    try:
        return len(json.dumps(v, sort_keys=True, ensure_ascii=False))
    except (TypeError, ValueError):
        return 1 << 30


def _keep(store: dict, key: tuple, case: Case) -> None:
    old = store.get(key)
    if old is None or (case.final and not old.final) or (not old.final and not case.final and case.size < old.size):
        store[key] = case


class _Found(Exception):
    """Raised inside the hypothesis test for a handler problem; one subclass per distinct problem key."""


_FOUND: dict[tuple, type] = {}


def _found(key: tuple) -> type:
    cls = _FOUND.get(key)
    if cls is None:
        name = "Found_" + re.sub(r"\W+", "_", "_".join(str(k) for k in key))[:80]
        cls = _FOUND[key] = type(name, (_Found,), {})
    return cls


class _HardStop(BaseException):
    """The per-tool time limit passed while the generator or a shrink was still busy."""


def tool_seed(seed: int, name: str) -> int:
    return int(hashlib.sha256(f"{seed}:{name}".encode()).hexdigest()[:12], 16)


def _fuzz_contract(c, ctx, opts, state) -> list[Hit]:
    from .. import schemaval
    from ..checks.schema import analysis

    hits: list[Hit] = []
    schema = c.parameters
    pkey = c.parameters_key or "parameters"
    base = "/" + escape_pointer_token(pkey)
    if not isinstance(schema, (dict, bool)):
        return hits  # TC008/TC009 report a missing or malformed schema
    enabled = ctx.enabled
    schema_on = any(code in enabled for code in SCHEMA_CODES)
    handler_on = any(code in enabled for code in HANDLER_CODES)

    static = analysis(c, ctx)
    unsat_hits = [h for h in static.get("TC111", ()) if h.pointer == base or h.pointer.startswith(base + "/")]
    static_unsat = bool(unsat_hits)
    blockers = [code for code in STATIC_BLOCKERS
                if any(h.pointer == base or h.pointer.startswith(base + "/") for h in static.get(code, ()))]
    if not blockers and isinstance(schema, dict) and not _meta_valid(schema):
        blockers = ["TC101"]
    if blockers:
        what = "it is not valid JSON Schema" if set(blockers) & {"TC101", "TC103", "TC105"} else \
            "`toolcheck lint` reports a problem in it"
        hits.append(Hit(base, f"the schema was not fuzzed: {what} ({', '.join(blockers)})",
                        "Fix what `toolcheck lint` reports for this schema; then `toolcheck fuzz` can generate "
                        "arguments from it.", code="TC705"))
        return hits
    try:
        validator = schemaval.compile_schema(schema)
    except schemaval.SchemaCompileError as e:
        hits.append(Hit(base, f"the schema was not fuzzed: it does not compile ({e})",
                        "Fix what `toolcheck lint` reports for this schema.", code="TC705"))
        return hits

    name = c.name or c.display_name
    seed = tool_seed(opts.seed, name)
    budget = max(0.1, float(opts.budget_seconds))
    deadline = time.monotonic() + budget
    hard = budget + max(5.0, budget * 0.5) + (opts.handler_timeout if handler_on else 0.0)
    tool = _Tool(c, ctx, opts, state, schema, validator, base, seed, deadline)
    tool.unsat_hits = unsat_hits
    try:
        with _alarm(hard):
            try:
                if not tool.prepare(hits, static_unsat, schema_on):
                    return hits
                caller = tool.make_caller(hits) if handler_on else None
                tool.run_valid(caller, schema_on)
                if caller is not None and any(code in enabled for code in INVALID_ARGS_CODES):
                    tool.run_invalid(caller)
            except _HardStop:
                tool.stopped = True
    except _HardStop:  # the limit passed while leaving the block above
        tool.stopped = True
    finally:
        if tool.caller is not None and not tool.shared_caller:
            tool.caller.close()  # a worker process never outlives its tool
    if tool.stopped:
        state.stopped += 1
        state.notes.append(f"note: {name}: fuzzing stopped at the time limit ({hard:.0f} s) after "
                           f"{tool.valid_count} example(s)")
    if tool.stopped and tool.valid_count == 0:
        hits.extend(tool.explained() or [Hit(
            base, f"no example was generated: the generator did not produce one within the time limit ({hard:.0f} s)",
            "Raise `--budget-seconds`, or simplify the schema (large `anyOf`/`allOf` combinations are slow to "
            "generate from).", code=ZERO_EXAMPLES)])
    hits.extend(tool.findings())
    return hits


def _meta_valid(schema: dict) -> bool:
    try:
        import jsonschema_rs

        return bool(jsonschema_rs.meta.is_valid(schema))
    except Exception:  # noqa: BLE001 - an unknown $schema or a value the engine cannot read
        return False


class _alarm:
    """A hard time limit for one tool (POSIX, main thread): raises _HardStop in whatever runs then."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.active = False
        self.old = None

    fired = False  # set when the limit passed (an exception raised inside a gc callback can be swallowed)

    def __enter__(self):
        _alarm.fired = False
        if hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread():
            try:
                self.old = signal.signal(signal.SIGALRM, self._fire)
                signal.setitimer(signal.ITIMER_REAL, self.seconds)
                self.active = True
            except (ValueError, OSError):
                self.active = False
        return self

    def _fire(self, signum, frame):
        _alarm.fired = True
        code = getattr(frame, "f_code", None)
        name = getattr(code, "co_name", "")
        where = getattr(code, "co_filename", "")
        if name in ("gc_callback", "__del__") or where.endswith(("weakref.py", "_weakrefset.py")):
            # an exception raised in a gc or weakref callback is printed and swallowed: try again just after
            signal.setitimer(signal.ITIMER_REAL, 0.05)
            return
        raise _HardStop()

    def __exit__(self, *exc):
        if self.active:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.old if self.old is not None else signal.SIG_DFL)
        return False


class _storage:
    """hypothesis keeps a Unicode table (and would keep examples) under `.hypothesis/` in the working directory;
    a fuzz run must not leave that in the user's project: use toolcheck's cache folder instead (unless
    HYPOTHESIS_STORAGE_DIRECTORY says otherwise), for this run only."""

    def __enter__(self):
        import os

        self.mod = None
        if os.environ.get("HYPOTHESIS_STORAGE_DIRECTORY"):
            return self
        try:
            from hypothesis import configuration

            base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
            self.mod = configuration
            self.old = getattr(configuration, "__hypothesis_home_directory", None)
            configuration.set_hypothesis_home_dir(os.path.join(base, "toolcheck", "hypothesis"))
        except Exception:  # noqa: BLE001
            self.mod = None
        return self

    def __exit__(self, *exc):
        if self.mod is not None:
            self.mod.set_hypothesis_home_dir(self.old)
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


class _memo_strategies:
    """hypothesis-jsonschema builds the strategy of every property value anew on each draw of an object (with a
    fresh jsonschema validator each time): most of its time. Within one tool the same subschema always gives the
    same strategy, so build each once (keyed by its canonical JSON). Strategies are immutable and reusable."""

    NAMES = ("merged_as_strategies", "__from_schema")

    def __enter__(self):
        self.mod = None
        try:
            from hypothesis_jsonschema import _from_schema as mod
        except ImportError:
            return self
        self.mod = mod
        self.old = {n: mod.__dict__[n] for n in self.NAMES}
        cache: dict = {}

        def wrap(name, fn):
            def cached(schema, *args, **kw):
                try:
                    key = (name, json.dumps(schema, sort_keys=True, default=str),
                           *(id(v) for v in args), *sorted((k, id(v)) for k, v in kw.items()))
                except (TypeError, ValueError, RecursionError):
                    return fn(schema, *args, **kw)
                got = cache.get(key)
                if got is None:
                    if len(cache) > 4000:
                        cache.clear()
                    got = cache[key] = (fn(schema, *args, **kw), args, kw)  # args kept: their ids stay unique
                return got[0]

            return cached

        for n in self.NAMES:
            mod.__dict__[n] = wrap(n, self.old[n])
        return self

    def __exit__(self, *exc):
        if self.mod is not None:
            for n, fn in self.old.items():
                self.mod.__dict__[n] = fn
        return False


class _no_local_constants:
    """hypothesis mixes constants from the source of every "local" module loaded in the process into its
    strings and numbers (toolcheck's own modules, in an editable install). That costs seconds on first use and
    makes the cases depend on which modules happen to be loaded: same seed, same cases needs it off."""

    def __enter__(self):
        try:
            from hypothesis.internal.conjecture import providers

            self.mod = providers
            self.old = providers._get_local_constants
            empty = providers.Constants(integers=providers.SortedSet(), floats=providers.SortedSet(),
                                        bytes=providers.SortedSet(), strings=providers.SortedSet())
            providers._get_local_constants = lambda: empty
        except Exception:  # noqa: BLE001 - another hypothesis version: run as it is
            self.mod = None
        return self

    def __exit__(self, *exc):
        if self.mod is not None:
            self.mod._get_local_constants = self.old
        return False


def _is_final() -> bool:
    try:
        from hypothesis.control import _current_build_context

        bc = _current_build_context.value
        return bool(bc is not None and bc.is_final)
    except Exception:  # noqa: BLE001
        return False


CUSTOM_FORMATS: dict | None = None


def _custom_formats() -> dict:
    global CUSTOM_FORMATS
    if CUSTOM_FORMATS is None:
        from hypothesis import strategies as st

        CUSTOM_FORMATS = {
            "uuid": st.uuids().map(str),
            "duration": st.from_regex(r"\AP(?:[1-9][0-9]{0,2}D|T[1-9][0-9]{0,2}[HMS])\Z"),
        }
    return CUSTOM_FORMATS


class _Tool:
    def __init__(self, c, ctx, opts, state, schema, validator, base, seed, deadline) -> None:
        self.c = c
        self.ctx = ctx
        self.opts = opts
        self.state = state
        self.schema = schema
        self.validator = validator
        self.base = base
        self.seed = seed
        self.deadline = deadline
        self.norm = None
        self.strategy = None
        self.walker = None
        self.exports: list[tuple[str, Any, Any]] = []  # (target, exported schema, compiled)
        self.store: dict[tuple, Case] = {}
        self.valid_count = 0
        self.generated = 0
        self.stopped = False
        self.unsat_hit: Hit | None = None
        self.crashed_generator: str | None = None
        self.shared_caller = False
        self.exp = None
        self.handler_ptr = ""
        self.handler_label = ""
        self.static_unsat = False
        self.unsat_hits: list[Hit] = []  # TC111 findings inside this schema (toolcheck lint's)
        self.from_cli = False
        self.budget_hit = False
        self.caller = None  # a worker-process caller to close when the tool is done

    # -------------------------------------------------------------------------------------------- setup

    def prepare(self, hits: list[Hit], static_unsat: bool, schema_on: bool) -> bool:
        from .normalize import Unsupported, normalise
        from .shape import KINDS, Walker

        try:
            self.norm = normalise(self.schema)
        except Unsupported as e:
            hits.append(Hit(self.base, f"the schema was not fuzzed: {e}",
                            "Nothing to fix unless you want it fuzzed: samples still check it (`toolcheck "
                            "validate`).", code="TC705"))
            return False
        try:
            from hypothesis_jsonschema import from_schema

            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                # a copy: hypothesis-jsonschema rewrites the schema it is given in place, and the mutations need
                # ours as it is (node identities carry the source pointers)
                self.strategy = from_schema(copy.deepcopy(self.norm.schema), custom_formats=_custom_formats())
                empty = self.strategy.is_empty
        except _HardStop:
            raise
        except Exception as e:  # noqa: BLE001 - hypothesis-jsonschema raises many kinds on schemas it cannot take
            hits.append(Hit(self.base, f"the schema was not fuzzed: the generator (hypothesis-jsonschema) cannot "
                            f"take it ({_first_line(e)})",
                            "Nothing to fix unless you want it fuzzed: samples still check it.", code="TC705"))
            return False
        if empty:
            if static_unsat:
                hits.extend(self.explained())  # the static finding says why, instead of a TC7 one
                return False
            if self.norm.exact:
                ptr, why = _why_empty(self.norm)
                hits.append(Hit(self.base + ptr, f"no value satisfies this schema: {why}",
                                "Relax the contradicting constraints; as written, every call fails validation.",
                                code="TC701"))
            else:
                hits.append(Hit(self.base, "no example was generated: the generator found no instance of its "
                                "approximation of the schema (" + "; ".join(self.norm.approximations) + ")",
                                "Check the schema for a contradiction the approximated keywords hide; if it is "
                                "satisfiable, simplify those keywords or add a valid sample.", code=ZERO_EXAMPLES))
            return False
        self.static_unsat = static_unsat
        opts = self.ctx.options("TC703") if "TC703" in self.ctx.enabled else {}
        kinds = opts.get("mutations", KINDS)
        if not isinstance(kinds, (list, tuple)):
            kinds = KINDS
        self.walker = Walker(self.norm, self.schema, kinds=[k for k in kinds if k in KINDS])
        if schema_on and "TC704" in self.ctx.enabled:
            self._prepare_exports()
        return True

    def _prepare_exports(self) -> None:
        try:
            from ..vendors.transforms import export_result
        except ImportError:
            return
        from .. import schemaval

        original = json.dumps(self.schema, sort_keys=True, default=str)
        for t in self.ctx.targets_for(self.c):
            if t.split("@", 1)[0] in NOT_JSON_SCHEMA_TARGETS:
                continue
            try:
                r = export_result(self.c, t)
                exported = r.schema
            except Exception:  # noqa: BLE001 - an export bug must not stop the fuzz run
                continue
            if exported is None or json.dumps(exported, sort_keys=True, default=str) == original:
                continue
            try:
                compiled = schemaval.compile_schema(exported)
            except schemaval.SchemaCompileError:
                continue  # TC2 reports a payload that does not compile
            self.exports.append((t, exported, compiled))

    def make_caller(self, hits: list[Hit]):
        from .outcome import Expectations

        c = self.c
        data = c.data if isinstance(c.data, dict) else {}
        mcp = bool(self.ctx.settings.mcp_command) and getattr(c.file, "origin", None) == "mcp"
        spec = data.get("handler") if c.format == "contract" else None
        from_cli = False
        if not isinstance(spec, str) or not spec:
            spec = self.opts.handler
            from_cli = spec is not None
        if not mcp and not spec:
            return None
        self.handler_ptr = "/handler" if (not mcp and not from_cli and "handler" in data) else ""
        self.from_cli = from_cli
        errors = data.get("errors")
        codes = None
        if isinstance(errors, list):
            codes = frozenset(e["code"] for e in errors if isinstance(e, dict) and isinstance(e.get("code"), str))
        returns = c.returns
        compiled = None
        if isinstance(returns, (dict, bool)):
            from .. import schemaval

            try:
                compiled = schemaval.compile_schema(returns)
            except schemaval.SchemaCompileError:
                compiled = None
        call = data.get("handler_call") if c.format == "contract" else None
        self.exp = Expectations(compiled, c.returns_key, codes, "kwargs" if call == "kwargs" else "dict",
                                public_paths=_command_paths(self.ctx.settings.mcp_command) if mcp else ())
        if mcp:
            from .mcpcall import McpServer, McpToolCaller

            if self.state.mcp is None:
                self.state.mcp = McpServer(self.ctx.settings.mcp_command, self.opts.handler_timeout,
                                           self.ctx.settings.mcp_timeout)
            self.shared_caller = True
            self.handler_label = "the MCP server"
            return McpToolCaller(self.state.mcp, c.name or "")
        from .harness import HandlerCaller, LoadError

        self.handler_label = f"`{spec}`"
        caller = self.caller = HandlerCaller(spec, self.exp.call, self.ctx.settings.root, self.opts.handler_timeout,
                                             self.opts.handler_memory)
        try:
            caller.start()
        except LoadError as e:
            hits.append(Hit(self.handler_ptr, f"the handler `{spec}` cannot be loaded: {_first_line(e)}",
                            "Check the module path (relative to the project root, the folder of toolcheck.yaml) and "
                            "that importing it has no side effects that fail.", code="TC719"))
            return None
        return caller

    # -------------------------------------------------------------------------------------------- runs

    def _hypothesis(self, test, *strategies) -> BaseException | None:
        from hypothesis import HealthCheck, Phase, Verbosity, given, reporting, settings
        from hypothesis import seed as hseed

        wrapped = settings(
            max_examples=max(1, int(self.opts.max_examples)), database=None, deadline=None,
            suppress_health_check=list(HealthCheck), phases=[Phase.generate, Phase.shrink], derandomize=False,
            report_multiple_bugs=True, verbosity=Verbosity.quiet, print_blob=False,
        )(hseed(self.seed)(given(*strategies)(test)))
        with warnings.catch_warnings(), reporting.with_reporter(lambda *_a, **_k: None), _no_local_constants(), \
                _memo_strategies():
            warnings.simplefilter("ignore")
            try:
                wrapped()
            except (_HardStop, KeyboardInterrupt):
                raise
            except BaseException as e:  # noqa: BLE001 - failures we raised, Unsatisfiable, flaky replays ...
                return e
        return None

    def explained(self) -> list[Hit]:
        """The static TC111 findings that explain why no example exists (reported by fuzz in place of a TC7 one)."""
        from ..engine import stand_ins

        if "TC111" in stand_ins(self.ctx.settings, self.ctx.command, self.ctx.enabled):
            return [replace(h, code="TC111", subject=None) for h in self.unsat_hits]
        h = self.unsat_hits[0]
        return [Hit(self.base, f"no example was generated: no value satisfies the schema (TC111: {h.message})",
                    h.help, code=ZERO_EXAMPLES)]

    def _over_budget(self) -> bool:
        if _alarm.fired:
            raise _HardStop()
        if time.monotonic() > self.deadline:
            self.budget_hit = True
            return True
        return False

    def run_valid(self, caller, schema_on: bool) -> None:
        from hypothesis import reject

        from .outcome import judge_valid

        store = self.store
        enabled = self.ctx.enabled
        check_703 = "TC703" in enabled and schema_on
        validator = self.validator
        state = self.state

        def test(args):
            final = _is_final()
            if not final and self._over_budget():
                reject()
            self.generated += 1
            if not validator.is_valid(args):
                if self.norm.exact:
                    _keep(store, ("TC702",), Case(args, _size(args), final, errors=validator.errors(args)))
                reject()
            self.valid_count += 1
            state.examples += 1
            if schema_on:
                self._check_exports(args, final)
                if check_703:
                    for m in self.walker.mutations(args):
                        if not m.declared and validator.is_valid(m.instance):
                            _keep(store, ("TC703",) + _mutant_key(m), Case(m.instance, _size(m.instance), final,
                                                                            mutant=m))
            if caller is None:
                return
            o = caller.call(args)
            if o is None:
                return
            state.calls += 1
            p = judge_valid(o, self.exp, args)
            if p is None:
                return
            _keep(store, p.key, Case(args, _size(args), final, problem=p))
            if _shrinkable(o):
                raise _found(p.key)()

        err = self._hypothesis(test, self.strategy)
        self._after_run(err, caller)

    def run_invalid(self, caller) -> None:
        from hypothesis import reject
        from hypothesis import strategies as st

        from .outcome import judge_invalid
        from .shape import KINDS, Walker

        if getattr(caller, "exhausted", False) or getattr(caller, "hung", False):
            return
        walker = Walker(self.norm, self.schema, kinds=KINDS, key_mutations_at_root=self.exp.call != "kwargs")
        validator = self.validator
        store = self.store
        state = self.state

        def test(args, data):
            final = _is_final()
            if not final and self._over_budget():
                reject()
            if not validator.is_valid(args):
                reject()
            muts = [m for m in walker.mutations(args) if not validator.is_valid(m.instance)]
            if not muts:
                reject()
            m = data.draw(st.sampled_from(muts))
            o = caller.call(m.instance)
            if o is None:
                return
            state.calls += 1
            state.invalid += 1
            p = judge_invalid(o, self.exp, m.instance)
            if p is None:
                return
            _keep(store, p.key, Case(m.instance, _size(m.instance), final, problem=p, mutant=m))
            if _shrinkable(o):
                raise _found(p.key)()

        err = self._hypothesis(test, self.strategy, st.data())
        self._after_run(err, caller)

    def _after_run(self, err: BaseException | None, caller) -> None:
        if err is None:
            return
        from hypothesis.errors import Unsatisfiable

        if _contains(err, _Found):
            return
        if isinstance(err, Unsatisfiable) or _contains(err, Unsatisfiable):
            return  # no valid example at all: findings() says so
        if self.valid_count == 0 and self.crashed_generator is None:
            self.crashed_generator = _first_line(err)

    def _check_exports(self, args, final: bool) -> None:
        for target, _exported, compiled in self.exports:
            key = ("TC704", target)
            if key in self.store and not final:
                continue
            adapted = _adapt(args, compiled, self.walker)
            if not compiled.is_valid(adapted):
                _keep(self.store, key, Case(args, _size(args), final, errors=compiled.errors(adapted), target=target,
                                            adapted=adapted))

    # -------------------------------------------------------------------------------------------- findings

    def reproduce(self, code: str) -> str:
        """The command that fuzzes this tool alone again with the options that found ``code``."""
        from . import FuzzOptions

        o, st, default = self.opts, self.ctx.settings, FuzzOptions()
        live = getattr(self.c.file, "origin", None) == "mcp"
        parts = ["toolcheck", "fuzz", "--seed", str(o.seed)]
        if int(o.max_examples) != DEFAULT_MAX_EXAMPLES:
            parts += ["--max-examples", str(o.max_examples)]
        if float(o.budget_seconds) != default.budget_seconds:
            parts += ["--budget-seconds", f"{o.budget_seconds:g}"]
        if float(o.handler_timeout) != default.handler_timeout:
            parts += ["--handler-timeout", f"{o.handler_timeout:g}"]
        if getattr(self, "from_cli", False) and o.handler:
            parts += ["--handler", o.handler]
        if st.input_format != "auto" and not live:
            parts += ["--input-format", st.input_format]
        if st.mcp_command and live:
            parts += ["--mcp-command", st.mcp_command]
            if float(st.mcp_timeout) != 30.0:
                parts += ["--mcp-timeout", f"{st.mcp_timeout:g}"]
        if self.c.name:
            parts += ["--tool", self.c.name]
        parts += ["--select", code]
        if not live:
            parts.append(self.c.file.path)
        return " ".join(shlex.quote(p) for p in parts)

    def findings(self) -> list[Hit]:
        from .shape import show

        out: list[Hit] = []
        s = self.opts.seed
        if self.valid_count == 0 and not any(k[0] == "TC702" for k in self.store) and not self.stopped \
                and self.unsat_hits:
            out.extend(self.explained())  # an unsatisfiable schema TC111 proves: that is why nothing was generated
        elif self.valid_count == 0 and not any(k[0] == "TC702" for k in self.store) and not self.stopped:
            if self.budget_hit or time.monotonic() > self.deadline:
                out.append(Hit(self.base, f"no example was generated within the time budget "
                               f"({self.opts.budget_seconds:g} s)",
                               "Raise `--budget-seconds`, or simplify the schema (large `anyOf`/`allOf` "
                               "combinations are slow to generate from).", code=ZERO_EXAMPLES))
            elif self.crashed_generator:
                out.append(Hit(self.base, f"no example was generated: the generator failed "
                               f"({self.crashed_generator})",
                               "Simplify the construct the generator fails on, or add a valid sample so that "
                               "`toolcheck validate` still checks the tool.", code=ZERO_EXAMPLES))
            elif self.norm is not None and self.norm.exact and not self.static_unsat and self.generated == 0:
                out.append(Hit(self.base, f"no instance of this schema was found in {self.opts.max_examples} "
                               "attempts: it may admit no value",
                               "Check the constraints for a contradiction (patterns, `not`, `oneOf` branches that "
                               "overlap); if it is satisfiable, add a valid sample.", code="TC701",
                               severity="warning"))
            elif self.norm is not None and not self.norm.exact:
                out.append(Hit(self.base, "no example was generated: no generated instance passed the validator "
                               "(the generator approximates " + "; ".join(self.norm.approximations) + ")",
                               "Check the schema for a contradiction the approximated keywords hide; if it is "
                               "satisfiable, simplify those keywords or add a valid sample.", code=ZERO_EXAMPLES))
        for key, case in sorted(self.store.items(), key=lambda kv: _sort_key(kv[0])):
            code = key[0]
            if code == "TC702":
                e = case.errors[0] if case.errors else None
                ptr = self.base + (_schema_ptr(e.schema_path) if e else "")
                out.append(Hit(ptr, f"hypothesis-jsonschema generated {show(case.args, 120)} from this schema, and the "
                               f"validator rejects it: {e.message if e else 'invalid'}",
                               "Implementations read this construct differently (regex dialect, `format`, `$ref`, "
                               "number precision); simplify it so that every reader agrees.", code="TC702",
                               data={"instance": case.args, "errors": _errs(case.errors), "seed": s,
                                     "reproduce": self.reproduce("TC702")}, prefer_key=True))
            elif code == "TC704":
                e = case.errors[0] if case.errors else None
                where = f" at `{e.pointer}`" if e and e.pointer else ""
                out.append(Hit(self.base, f"the `{case.target}` export rejects arguments the contract accepts"
                               f"{where}: {e.message if e else 'invalid'} (arguments {show(case.args, 100)})",
                               "The export narrows the schema beyond its documented transforms: relax the "
                               "construct, or report the transform.", code="TC704", target=case.target,
                               data={"instance": case.args, "exported_instance": case.adapted,
                                     "errors": _errs(case.errors), "seed": s,
                                     "reproduce": self.reproduce("TC704")}))
            elif code == "TC703":
                out.append(self._over_permissive(case, s))
                self._save(code, case, out[-1])
            else:
                out.append(self._handler_hit(case, s))
                self._save(code, case, out[-1])
        return out

    def _save(self, code: str, case: Case, hit: Hit) -> None:
        """Queue the case as a sample record for --save-failures."""
        if not self.opts.save_failures or not self.c.name or code not in self.ctx.enabled:
            return
        msg = " ".join(hit.message.split())
        desc = f"toolcheck fuzz {code} (seed {self.opts.seed}): {msg}"
        desc = desc if len(desc) <= 200 else desc[:199] + "…"
        if case.mutant is None:
            record = {"description": desc, "data": case.args, "valid": True}
        else:
            record = {"description": desc, "data": case.args, "valid": False, "expect": self._expect(case)}
        self.state.cases.append((self.c, record))

    def _expect(self, case: Case) -> dict:
        """What the schema rejects the case for (as `toolcheck validate` reports it), else what it should."""
        from ..host import validate

        m = case.mutant
        errs = validate(self.validator, self.schema, case.args)
        pick = next((e for e in errs if m.keyword in e["keywords"]), errs[0] if errs else None)
        if pick is not None:
            return {"keyword": pick["keyword"], "pointer": pick["pointer"]}
        return {"keyword": m.keyword, "pointer": m.loc}

    def _over_permissive(self, case: Case, s: int) -> Hit:
        from .shape import show

        m = case.mutant
        where = f"`{m.loc}`" if m.loc else "the arguments"
        parent = m.loc.rsplit("/", 1)[0] if m.kind in ("unknown-property", "drop-required") else m.loc
        obj = f"the object at `{parent}`" if parent else "the arguments"
        accept, are = ("accepts", "is") if parent else ("accept", "are")
        if m.kind == "unknown-property":
            msg = f"{obj} {accept} an unknown property: {show(case.args, 100)}"
            helptext = ("Add `additionalProperties: false`, so that a misspelt or invented argument is refused "
                        "instead of silently ignored.")
        elif m.kind == "drop-required":
            msg = f"{obj} {are} accepted {m.note}, although `required` lists it"
            helptext = "Put `required` where it applies (the object's own schema), so that a missing value is refused."
        elif m.kind == "past-bounds":
            src = m.detail.get("source")
            msg = f"{where} accepts {m.note}"
            if src == "description":
                helptext = (f"State the bound in the schema (`{m.detail.get('keyword')}: "
                            f"{m.detail.get('bound')}`), so that validators enforce what the description promises.")
            else:
                helptext = "Move the bound to where it applies, so that validators enforce it."
        else:
            declared = m.detail.get("declared")
            if declared is None:
                msg = f"{where} declares no type and accepts {m.note}"
                helptext = "Declare its `type` (and its constraints), so that a wrong value is refused before the call."
            else:
                msg = f"{where} accepts {m.note}, although it declares {' or '.join(declared)}"
                helptext = "Make every branch that accepts it declare its `type`."
        record = {"keyword": m.keyword, "pointer": m.loc}
        return Hit(self.base + m.schema_ptr, msg, helptext, code="TC703",
                   data={"instance": case.args, "mutation": m.kind, "location": m.loc, "expect": record, "seed": s,
                         "reproduce": self.reproduce("TC703")})

    def _handler_hit(self, case: Case, s: int) -> Hit:
        from .shape import show

        p = case.problem
        ptr = self.handler_ptr
        if p.pointer_kind == "errors" and isinstance(self.c.data, dict) and "errors" in self.c.data:
            ptr = "/errors"
        elif p.pointer_kind == "returns" and self.c.returns_key:
            ptr = "/" + escape_pointer_token(self.c.returns_key) + (p.returns_ptr or "")
        data = {"arguments": case.args, "seed": s, "reproduce": self.reproduce(p.code), **p.data}
        if case.mutant is not None:
            data["mutation"] = case.mutant.kind
        args = show(case.args, 100)
        return Hit(ptr, f"{p.message} (arguments {args})", p.help, code=p.code, data=data, prefer_key=True)


def _command_paths(command: str | None) -> tuple[str, ...]:
    """The absolute paths on an MCP server's command line (`server /srv/docs`, `--repository=/srv/repo`): what
    the operator gave it to work in."""
    import shlex

    try:
        words = shlex.split(command or "")
    except ValueError:
        return ()
    out = []
    for w in words:
        v = w.split("=", 1)[1] if w.startswith("-") and "=" in w else w
        if v.startswith("/") and len(v) > 1:
            out.append(v)
    return tuple(out)


def _shrinkable(o) -> bool:
    """Shrink by replaying a failing call? Not a timeout (each attempt costs the full timeout), nor a dead MCP
    server (each attempt restarts it)."""
    return o.kind != "timeout" and not (o.mcp and o.kind == "crashed")


def _mutant_key(m) -> tuple:
    if m.kind in ("change-type", "null", "stringify-number"):
        return ("type", m.schema_ptr, m.loc if not m.schema_ptr else "")
    if m.kind == "unknown-property":
        return ("unknown-property", m.schema_ptr, m.loc.rsplit("/", 1)[0] if not m.schema_ptr else "")
    if m.kind == "drop-required":
        return ("drop-required", m.schema_ptr, m.detail.get("property"))
    return (m.kind, m.schema_ptr, m.detail.get("keyword"))


def _sort_key(key: tuple) -> tuple:
    return tuple(str(k) for k in key)


def _schema_ptr(path) -> str:
    return "".join("/" + escape_pointer_token(str(t)) for t in path or ())


def _errs(errors) -> list[dict]:
    return [{"pointer": e.pointer, "keyword": e.keyword, "message": e.message} for e in (errors or [])[:5]]


def _contains(err: BaseException, cls) -> bool:
    stack = [err]
    n = 0
    while stack and n < 200:
        e = stack.pop()
        n += 1
        if isinstance(e, cls):
            return True
        stack.extend(getattr(e, "exceptions", None) or ())
    return False


def _first_line(e: Any) -> str:
    s = str(e).strip()
    line = s.splitlines()[0] if s else type(e).__name__
    return line if len(line) <= 200 else line[:199] + "…"


def _adapt(args: Any, compiled, walker) -> Any:
    """Arguments as the model would send them under an exported schema: an optional property it made required
    (strict mode) is sent as null; an extra property the contract does not declare, which the export closed, is
    left out (a property the contract declares, e.g. through `patternProperties`, stays: refusing it is a real
    narrowing)."""
    from .shape import _delete, _insert

    x = args
    for _ in range(6):
        errs = compiled.errors(x)
        if not errs:
            return x
        changed = False
        for e in errs:
            path = _path(x, e.pointer)
            if path is None:
                continue
            if e.keyword == "required":
                for name in e.extra:
                    obj = _get_path(x, path)
                    if isinstance(obj, dict) and name not in obj:
                        x = _insert(x, path, name, None)
                        changed = True
                continue
            if e.keyword in ("additionalProperties", "unevaluatedProperties"):
                extras = [(path, name) for name in e.extra]
            elif e.keyword == "falseSchema" and e.schema_path \
                    and str(e.schema_path[-1]) in ("additionalProperties", "unevaluatedProperties"):
                obj = _get_path(x, path)  # jsonschema-rs names the object, not the property
                extras = [(path, name) for name in obj] if isinstance(obj, dict) else []
            else:
                continue
            for where, name in extras:
                obj = _get_path(x, where)
                if isinstance(obj, dict) and name in obj and not walker.declares_name(where, name):
                    x = _delete(x, where, name)
                    changed = True
        if not changed:
            return x
    return x


def _path(doc: Any, pointer: str) -> tuple | None:
    from ..model.pointer import split_pointer

    out: list = []
    cur = doc
    for t in split_pointer(pointer):
        if isinstance(cur, dict) and t in cur:
            out.append(t)
            cur = cur[t]
        elif isinstance(cur, list) and t.isdigit() and int(t) < len(cur):
            out.append(int(t))
            cur = cur[int(t)]
        else:
            return None
    return tuple(out)


def _get_path(doc: Any, path: tuple) -> Any:
    for t in path:
        doc = doc[t]
    return doc


def _why_empty(norm) -> tuple[str, str]:
    """(pointer relative to the schema, reason) of the deepest node that admits no value."""
    try:
        from hypothesis_jsonschema._canonicalise import FALSEY, canonicalish
    except ImportError:
        return "", "the generator proved that no instance exists"

    def empty(node: Any) -> bool:
        try:
            return canonicalish(node) == FALSEY
        except Exception:  # noqa: BLE001
            return False

    node = norm.schema
    for _ in range(64):
        nxt = None
        if isinstance(node, dict):
            props = node.get("properties") if isinstance(node.get("properties"), dict) else {}
            for r in node.get("required", []) if isinstance(node.get("required"), list) else []:
                sub = props.get(r) if isinstance(r, str) else None
                if sub is not None and empty(sub):
                    nxt = sub
                    break
            if nxt is None:
                for sub in node.get("allOf", []) if isinstance(node.get("allOf"), list) else []:
                    if empty(sub):
                        nxt = sub
                        break
            if nxt is None and isinstance(node.get("items"), dict) and isinstance(node.get("minItems"), int) \
                    and node["minItems"] > 0 and empty(node["items"]):
                nxt = node["items"]
        if nxt is None or nxt is False:
            break
        node = nxt
    ptr = norm.origin.get(id(node), "") if isinstance(node, dict) else ""
    return ptr, _describe(node, norm.synthetic)


def _describe(node: Any, synthetic: dict) -> str:
    if node is False:
        return "it is `false`"
    if not isinstance(node, dict):
        return "the generator proved that no instance exists"
    keys = [k for k, v in node.items() if k != "properties" and id(v) not in synthetic]
    if "allOf" in node:
        return "its `allOf` branches contradict each other"
    if "not" in node:
        return "its `not` excludes every value the rest allows"
    if "oneOf" in node:
        return "no value matches exactly one of its `oneOf` branches"
    if "required" in node and "properties" in node:
        return "a property it requires admits no value"
    shown = ", ".join(f"`{k}`" for k in keys[:6])
    return f"its keywords ({shown}) contradict each other" if shown else "the generator proved that no instance exists"
