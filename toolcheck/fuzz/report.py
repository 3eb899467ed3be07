"""The hits of one tool's fuzz run: messages, help, data (the case, the seed, the command that reproduces it),
and the cases `--save-failures` writes.
"""

from __future__ import annotations

import shlex
import time

from ..model.findings import Hit
from ..model.pointer import escape_pointer_token
from .options import DEFAULT_MAX_EXAMPLES, FuzzOptions
from .tool import ZERO_EXAMPLES, Case


def tool_hits(tool) -> list[Hit]:
    """The hits of one tool's run: why no example came out (if none did), then one per kept case."""
    out: list[Hit] = []
    s = tool.opts.seed
    if tool.valid_count == 0 and not any(k[0] == "TC702" for k in tool.store) and not tool.stopped:
        if tool.unsat_hits:
            out.extend(tool.explained())  # an unsatisfiable schema TC111 proves: that is why nothing was generated
        else:
            out.extend(_no_example(tool))
    for key, case in sorted(tool.store.items(), key=lambda kv: _sort_key(kv[0])):
        code = key[0]
        if code == "TC702":
            out.append(_disagreement(tool, case, s))
        elif code == "TC704":
            out.append(_export_rejects(tool, case, s))
        elif code == "TC703":
            out.append(_over_permissive(tool, case, s))
            _save(tool, code, case, out[-1])
        else:
            out.append(_handler_hit(tool, case, s))
            _save(tool, code, case, out[-1])
    return out


def _no_example(tool) -> list[Hit]:
    """Why a run that was not stopped generated no valid example (TC706, or TC701 as a warning)."""
    if tool.budget_hit or time.monotonic() > tool.deadline:
        return [Hit(tool.base, f"no example was generated within the time budget ({tool.opts.budget_seconds:g} s)",
                    "Raise `--budget-seconds`, or simplify the schema (large `anyOf`/`allOf` combinations are slow "
                    "to generate from).", code=ZERO_EXAMPLES)]
    if tool.crashed_generator:
        return [Hit(tool.base, f"no example was generated: the generator failed ({tool.crashed_generator})",
                    "Simplify the construct the generator fails on, or add a valid sample so that `toolcheck "
                    "validate` still checks the tool.", code=ZERO_EXAMPLES)]
    if tool.norm is not None and tool.norm.exact and not tool.static_unsat and tool.generated == 0:
        return [Hit(tool.base, f"no instance of this schema was found in {tool.opts.max_examples} attempts: it may "
                    "admit no value",
                    "Check the constraints for a contradiction (patterns, `not`, `oneOf` branches that overlap); if "
                    "it is satisfiable, add a valid sample.", code="TC701", severity="warning")]
    if tool.norm is not None and not tool.norm.exact:
        return [Hit(tool.base, "no example was generated: no generated instance passed the validator (the generator "
                    "approximates " + "; ".join(tool.norm.approximations) + ")",
                    "Check the schema for a contradiction the approximated keywords hide; if it is satisfiable, "
                    "simplify those keywords or add a valid sample.", code=ZERO_EXAMPLES)]
    return []


def _disagreement(tool, case: Case, s: int) -> Hit:
    from .shape import show

    e = case.errors[0] if case.errors else None
    ptr = tool.base + (_schema_ptr(e.schema_path) if e else "")
    return Hit(ptr, f"hypothesis-jsonschema generated {show(case.args, 120)} from this schema, and the validator "
               f"rejects it: {e.message if e else 'invalid'}",
               "Implementations read this construct differently (regex dialect, `format`, `$ref`, number "
               "precision); simplify it so that every reader agrees.", code="TC702",
               data={"instance": case.args, "errors": _errs(case.errors), "seed": s,
                     "reproduce": reproduce(tool, "TC702")}, prefer_key=True)


def _export_rejects(tool, case: Case, s: int) -> Hit:
    from .shape import show

    e = case.errors[0] if case.errors else None
    where = f" at `{e.pointer}`" if e and e.pointer else ""
    return Hit(tool.base, f"the `{case.target}` export rejects arguments the contract accepts{where}: "
               f"{e.message if e else 'invalid'} (arguments {show(case.args, 100)})",
               "The export narrows the schema beyond its documented transforms: relax the construct, or report "
               "the transform.", code="TC704", target=case.target,
               data={"instance": case.args, "exported_instance": case.adapted, "errors": _errs(case.errors),
                     "seed": s, "reproduce": reproduce(tool, "TC704")})


def reproduce(tool, code: str) -> str:
    """The command that fuzzes this tool alone again with the options that found ``code``."""
    o, st, default = tool.opts, tool.ctx.settings, FuzzOptions()
    live = getattr(tool.c.file, "origin", None) == "mcp"
    parts = ["toolcheck", "fuzz", "--seed", str(o.seed)]
    if int(o.max_examples) != DEFAULT_MAX_EXAMPLES:
        parts += ["--max-examples", str(o.max_examples)]
    if float(o.budget_seconds) != default.budget_seconds:
        parts += ["--budget-seconds", f"{o.budget_seconds:g}"]
    if float(o.handler_timeout) != default.handler_timeout:
        parts += ["--handler-timeout", f"{o.handler_timeout:g}"]
    if getattr(tool, "from_cli", False) and o.handler:
        parts += ["--handler", o.handler]
    if st.input_format != "auto" and not live:
        parts += ["--input-format", st.input_format]
    if st.mcp_command and live:
        parts += ["--mcp-command", st.mcp_command]
        if float(st.mcp_timeout) != 30.0:
            parts += ["--mcp-timeout", f"{st.mcp_timeout:g}"]
    if tool.c.name:
        parts += ["--tool", tool.c.name]
    parts += ["--select", code]
    if not live:
        parts.append(tool.c.file.path)
    return " ".join(shlex.quote(p) for p in parts)


def _save(tool, code: str, case: Case, hit: Hit) -> None:
    """Queue the case as a sample record for --save-failures."""
    if not tool.opts.save_failures or not tool.c.name or code not in tool.ctx.enabled:
        return
    msg = " ".join(hit.message.split())
    desc = f"toolcheck fuzz {code} (seed {tool.opts.seed}): {msg}"
    desc = desc if len(desc) <= 200 else desc[:199] + "…"
    if case.mutant is None:
        record = {"description": desc, "data": case.args, "valid": True}
    else:
        record = {"description": desc, "data": case.args, "valid": False, "expect": _expect(tool, case)}
    tool.state.cases.append((tool.c, record))


def _expect(tool, case: Case) -> dict:
    """What the schema rejects the case for (as `toolcheck validate` reports it), else what it should."""
    from ..host import validate

    m = case.mutant
    errs = validate(tool.validator, tool.schema, case.args)
    pick = next((e for e in errs if m.keyword in e["keywords"]), errs[0] if errs else None)
    if pick is not None:
        return {"keyword": pick["keyword"], "pointer": pick["pointer"]}
    return {"keyword": m.keyword, "pointer": m.loc}


def _over_permissive(tool, case: Case, s: int) -> Hit:
    from .shape import show

    m = case.mutant
    where = f"`{m.loc}`" if m.loc else "the arguments"
    parent = m.loc.rsplit("/", 1)[0] if m.kind in ("unknown-property", "drop-required") else m.loc
    obj = f"the object at `{parent}`" if parent else "the arguments"
    accept, are = ("accepts", "is") if parent else ("accept", "are")
    extra: dict = {}
    if m.kind == "unknown-property":
        name = m.detail.get("property")
        msg = (f"{obj} {accept} the unknown argument `{name}`, and {tool.handler_label or 'the handler'} "
               f"{case.evidence or 'answered without an error'}: {show(case.args, 100)}")
        optional = m.detail.get("optional") or []
        if optional:
            shown = ", ".join(f"`{p}`" for p in optional[:3]) + (", ..." if len(optional) > 3 else "")
            what = f"a misspelt optional argument ({shown}) is"
        else:
            what = "an invented argument is"
        helptext = (f"Add `additionalProperties: false` (and refuse unknown arguments in the implementation), so "
                    f"that {what} refused instead of silently ignored.")
        extra = {"answer": _clip_answer(case.answer)}
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
    return Hit(tool.base + m.schema_ptr, msg, helptext, code="TC703",
               data={"instance": case.args, "mutation": m.kind, "location": m.loc, "expect": record, "seed": s,
                     "reproduce": reproduce(tool, "TC703"), **extra})


def _clip_answer(v) -> object:
    from .shape import show

    if isinstance(v, str):
        return v if len(v) <= 300 else v[:299] + "…"
    text = show(v, 300)
    return v if len(text) < 300 else text


def _handler_hit(tool, case: Case, s: int) -> Hit:
    from .shape import show

    p = case.problem
    ptr = tool.handler_ptr
    if p.pointer_kind == "errors" and isinstance(tool.c.data, dict) and "errors" in tool.c.data:
        ptr = "/errors"
    elif p.pointer_kind == "returns" and tool.c.returns_key:
        ptr = "/" + escape_pointer_token(tool.c.returns_key) + (p.returns_ptr or "")
    data = {"arguments": case.args, "seed": s, "reproduce": reproduce(tool, p.code), **p.data}
    if case.mutant is not None:
        data["mutation"] = case.mutant.kind
    args = show(case.args, 100)
    return Hit(ptr, f"{p.message} (arguments {args})", p.help, code=p.code, data=data, prefer_key=True)


def _sort_key(key: tuple) -> tuple:
    return tuple(str(k) for k in key)


def _schema_ptr(path) -> str:
    return "".join("/" + escape_pointer_token(str(t)) for t in path or ())


def _errs(errors) -> list[dict]:
    return [{"pointer": e.pointer, "keyword": e.keyword, "message": e.message} for e in (errors or [])[:5]]
