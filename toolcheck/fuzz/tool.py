"""One tool's fuzz run: build the generator, run valid and invalid arguments, keep the smallest failing cases.

:class:`ToolFuzz` holds what one tool's run found (``store``: one :class:`Case` per distinct problem); the hits
are made from it by :func:`toolcheck.fuzz.report.tool_hits`. Handler failures are raised inside the hypothesis
test, one exception class per problem (:func:`found_class`), so hypothesis shrinks each to a minimal case.
"""

from __future__ import annotations

import copy
import json
import re
import time
import warnings
from dataclasses import dataclass, field, replace
from typing import Any

from ..model.findings import Hit
from .runtime import HardStop, alarm, custom_formats, is_final, memo_strategies, no_local_constants

ZERO_EXAMPLES = "TC706"  # fuzz tried and produced no example at all
NOT_JSON_SCHEMA_TARGETS = ("gemini",)  # OpenAPI-subset `parameters`: not JSON Schema, no validator reads it


@dataclass
class Case:
    args: Any
    size: int
    final: bool = False
    problem: Any = None  # outcome.Problem (handler findings)
    mutant: Any = None  # shape.Mutant (TC703, run 2)
    errors: list = field(default_factory=list)  # TC702/TC704: validator errors
    answer: Any = None  # TC703 unknown-property: what the handler or server answered to the mutated call
    evidence: str = ""  # TC703 unknown-property: how that answer shows the argument was ignored
    target: str | None = None
    adapted: Any = None


def size_of(v: Any) -> int:
    try:
        return len(json.dumps(v, sort_keys=True, ensure_ascii=False))
    except (TypeError, ValueError):
        return 1 << 30


def keep(store: dict, key: tuple, case: Case) -> None:
    old = store.get(key)
    if old is None or (case.final and not old.final) or (not old.final and not case.final and case.size < old.size):
        store[key] = case


class Found(Exception):
    """Raised inside the hypothesis test for a handler problem; one subclass per distinct problem key."""


_FOUND: dict[tuple, type] = {}


def found_class(key: tuple) -> type:
    cls = _FOUND.get(key)
    if cls is None:
        name = "Found_" + re.sub(r"\W+", "_", "_".join(str(k) for k in key))[:80]
        cls = _FOUND[key] = type(name, (Found,), {})
    return cls


class ToolFuzz:
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
        from .durations import duration_params

        self.durations = duration_params(schema)  # parameters that ask the tool to take a while (`timeout_ms`)
        self.tried_unknown: set[tuple] = set()  # TC703 unknown-property keys sent to the handler (answered)
        self.unsent: list[tuple[Any, str]] = []  # (arguments, what they ask for) longer than the budget left

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
                self.strategy = from_schema(copy.deepcopy(self.norm.schema), custom_formats=custom_formats())
                empty = self.strategy.is_empty
        except HardStop:
            raise
        except Exception as e:  # noqa: BLE001 - hypothesis-jsonschema raises many kinds on schemas it cannot take
            hits.append(Hit(self.base, f"the schema was not fuzzed: the generator (hypothesis-jsonschema) cannot "
                            f"take it ({first_line(e)})",
                            "Nothing to fix unless you want it fuzzed: samples still check it.", code="TC705"))
            return False
        if empty:
            if static_unsat:
                hits.extend(self.explained())  # the static finding says why, instead of a TC7 one
                return False
            if self.norm.exact:
                ptr, why = why_empty(self.norm)
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
                                public_paths=command_paths(self.ctx.settings.mcp_command) if mcp else ())
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
            hits.append(Hit(self.handler_ptr, f"the handler `{spec}` cannot be loaded: {first_line(e)}",
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
        with warnings.catch_warnings(), reporting.with_reporter(lambda *_a, **_k: None), no_local_constants(), \
                memo_strategies():
            warnings.simplefilter("ignore")
            try:
                wrapped()
            except (HardStop, KeyboardInterrupt):
                raise
            except BaseException as e:  # noqa: BLE001 - failures we raised, Unsatisfiable, flaky replays ...
                return e
        return None

    def explained(self) -> list[Hit]:
        """The static TC111 findings that explain why no example exists (reported by fuzz in place of a TC7 one)."""
        from ..engine import stand_ins

        if not self.unsat_hits:
            return []  # nothing static explains it (the driver then says the time limit did)
        if "TC111" in stand_ins(self.ctx.settings, self.ctx.command, self.ctx.enabled):
            return [replace(h, code="TC111", subject=None) for h in self.unsat_hits]
        h = self.unsat_hits[0]
        return [Hit(self.base, f"no example was generated: no value satisfies the schema (TC111: {h.message})",
                    h.help, code=ZERO_EXAMPLES)]

    def _over_budget(self) -> bool:
        if alarm.fired:
            raise HardStop()
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
            final = is_final()
            if not final and self._over_budget():
                reject()
            self.generated += 1
            if not validator.is_valid(args):
                if self.norm.exact:
                    keep(store, ("TC702",), Case(args, size_of(args), final, errors=validator.errors(args)))
                reject()
            self.valid_count += 1
            state.examples += 1
            unknown = []  # unknown-property mutants the schema accepts: reported only if the handler accepts them too
            if schema_on:
                self._check_exports(args, final)
                if check_703:
                    for m in self.walker.mutations(args):
                        if m.declared or not validator.is_valid(m.instance):
                            continue
                        if m.kind == "unknown-property":
                            if caller is not None and m.detail.get("properties"):
                                unknown.append(m)
                            continue
                        keep(store, ("TC703",) + mutant_key(m), Case(m.instance, size_of(m.instance), final,
                                                                        mutant=m))
            if caller is None:
                return
            o = self.call(caller, args)
            if o is None:
                return
            state.calls += 1
            p = judge_valid(o, self.exp, args)
            if p is None:
                if unknown and o.kind == "returned" and not o.returns_error:
                    self._send_unknown(caller, unknown, final, o)
                return
            keep(store, p.key, Case(args, size_of(args), final, problem=p))
            if shrinkable(o):
                raise found_class(p.key)()

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
            final = is_final()
            if not final and self._over_budget():
                reject()
            if not validator.is_valid(args):
                reject()
            muts = [m for m in walker.mutations(args) if not validator.is_valid(m.instance)]
            if not muts:
                reject()
            m = data.draw(st.sampled_from(muts))
            o = self.call(caller, m.instance)
            if o is None:
                return
            state.calls += 1
            state.invalid += 1
            p = judge_invalid(o, self.exp, m.instance)
            if p is None:
                return
            keep(store, p.key, Case(m.instance, size_of(m.instance), final, problem=p, mutant=m))
            if shrinkable(o):
                raise found_class(p.key)()

        err = self._hypothesis(test, self.strategy, st.data())
        self._after_run(err, caller)

    def _send_unknown(self, caller, mutants, final: bool, before) -> None:
        """TC703's dynamic evidence: the call just answered (``before``); send it again with one unknown argument
        added (per object, until one answer decides). The handler ignored it when it answers without an error, or
        with the very error it gave without it, which does not name it: a finding, with that answer. It refused
        it (an error after a success, or an error naming it): the implementation checks what the schema leaves
        open, and nothing is reported. Another error is no evidence either way: a later call tries again."""
        from .outcome import judge_valid

        for m in mutants:
            key = ("TC703",) + mutant_key(m)
            if key in self.tried_unknown:
                continue
            o = self.call(caller, m.instance)
            if o is None:
                return
            self.state.calls += 1
            if o.kind != "returned" or o.returns_error or judge_valid(o, self.exp, m.instance) is not None:
                continue
            now, then = error_text(o), error_text(before)
            name = str(m.detail.get("property"))
            if now is None:
                evidence = "answered without an error"
            elif then is not None and name not in now and " ".join(now.split()) == " ".join(then.split()):
                evidence = "answered with the error it gives without it, which does not name it"
            else:
                if then is None or name in now:
                    self.tried_unknown.add(key)  # refused
                continue
            self.tried_unknown.add(key)
            keep(self.store, key, Case(m.instance, size_of(m.instance), final, mutant=m, answer=o.value,
                                       evidence=evidence))

    def call(self, caller, args):
        """One call, with a time limit of `--handler-timeout` plus what the call's own arguments ask the tool to
        take (a duration parameter: the value sent, or its documented default). A call that asks for more than
        the tool's time budget still leaves is not sent (``unsent``; the driver's note says so) and None is
        returned, as for a call not attempted: stopping it early would prove no hang, and waiting for it would
        break the budget."""
        from .durations import asked, seconds_text

        want, how = asked(self.durations, args)
        if want <= 0:
            return caller.call(args)
        if want > self.deadline - time.monotonic():
            self.unsent.append((args, f"{seconds_text(want)}: {how}"))
            return None
        base = float(self.opts.handler_timeout)
        o = caller.call(args, timeout=base + want)
        if o is not None and o.kind == "timeout":
            o.asked = f"{base:g} s plus the {seconds_text(want)} it asks for: {how}"
        return o

    def _after_run(self, err: BaseException | None, caller) -> None:
        if err is None:
            return
        from hypothesis.errors import Unsatisfiable

        if contains(err, Found):
            return
        if isinstance(err, Unsatisfiable) or contains(err, Unsatisfiable):
            return  # no valid example at all: findings() says so
        if self.valid_count == 0 and self.crashed_generator is None:
            self.crashed_generator = first_line(err)

    def _check_exports(self, args, final: bool) -> None:
        for target, _exported, compiled in self.exports:
            key = ("TC704", target)
            if key in self.store and not final:
                continue
            adapted = adapt(args, compiled, self.walker)
            if not compiled.is_valid(adapted):
                keep(self.store, key, Case(args, size_of(args), final, errors=compiled.errors(adapted), target=target,
                                            adapted=adapted))


def error_text(o) -> str | None:
    """The message of a returned error result (`isError`, or {ok: false}); None for a success."""
    from .outcome import is_error_result

    if o.mcp_error:
        return o.message or ""
    if is_error_result(o.value):
        err = o.value.get("error")
        msg = err.get("message") if isinstance(err, dict) else None
        return msg if isinstance(msg, str) else str(err)
    return None


def command_paths(command: str | None) -> tuple[str, ...]:
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


def shrinkable(o) -> bool:
    """Shrink by replaying a failing call? Not a timeout (each attempt costs the full timeout), nor a dead MCP
    server (each attempt restarts it)."""
    return o.kind != "timeout" and not (o.mcp and o.kind == "crashed")


def mutant_key(m) -> tuple:
    if m.kind in ("change-type", "null", "stringify-number"):
        return ("type", m.schema_ptr, m.loc if not m.schema_ptr else "")
    if m.kind == "unknown-property":
        return ("unknown-property", m.schema_ptr, m.loc.rsplit("/", 1)[0] if not m.schema_ptr else "")
    if m.kind == "drop-required":
        return ("drop-required", m.schema_ptr, m.detail.get("property"))
    return (m.kind, m.schema_ptr, m.detail.get("keyword"))


def contains(err: BaseException, cls) -> bool:
    stack = [err]
    n = 0
    while stack and n < 200:
        e = stack.pop()
        n += 1
        if isinstance(e, cls):
            return True
        stack.extend(getattr(e, "exceptions", None) or ())
    return False


def first_line(e: Any) -> str:
    s = str(e).strip()
    line = s.splitlines()[0] if s else type(e).__name__
    return line if len(line) <= 200 else line[:199] + "…"


def adapt(args: Any, compiled, walker) -> Any:
    """Arguments as the model would send them under an exported schema: an optional property it made required
    (strict mode) is sent as null; an extra property the contract does not declare, which the export closed, is
    left out (a property the contract declares, e.g. through `patternProperties`, stays: refusing it is a real
    narrowing)."""
    from .shape import delete_key, insert_key

    x = args
    for _ in range(6):
        errs = compiled.errors(x)
        if not errs:
            return x
        changed = False
        for e in errs:
            path = path_of(x, e.pointer)
            if path is None:
                continue
            if e.keyword == "required":
                for name in e.extra:
                    obj = get_path(x, path)
                    if isinstance(obj, dict) and name not in obj:
                        x = insert_key(x, path, name, None)
                        changed = True
                continue
            if e.keyword in ("additionalProperties", "unevaluatedProperties"):
                extras = [(path, name) for name in e.extra]
            elif e.keyword == "falseSchema" and e.schema_path \
                    and str(e.schema_path[-1]) in ("additionalProperties", "unevaluatedProperties"):
                obj = get_path(x, path)  # jsonschema-rs names the object, not the property
                extras = [(path, name) for name in obj] if isinstance(obj, dict) else []
            else:
                continue
            for where, name in extras:
                obj = get_path(x, where)
                if isinstance(obj, dict) and name in obj and not walker.declares_name(where, name):
                    x = delete_key(x, where, name)
                    changed = True
        if not changed:
            return x
    return x


def path_of(doc: Any, pointer: str) -> tuple | None:
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


def get_path(doc: Any, path: tuple) -> Any:
    for t in path:
        doc = doc[t]
    return doc


def why_empty(norm) -> tuple[str, str]:
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
    return ptr, describe_empty(node, norm.synthetic)


def describe_empty(node: Any, synthetic: dict) -> str:
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
