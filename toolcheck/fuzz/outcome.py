"""What a handler call came back with, and what is wrong with it.

An :class:`Outcome` is one call's result as the harness or the MCP client saw it: a returned value, a raised
exception, a dead worker, a timeout, a value that is not JSON. :func:`judge_valid` and :func:`judge_invalid`
turn it into at most one :class:`Problem` (a TC7 code, a key that tells distinct bugs apart, a message).

A structured error is ``{"ok": false, "error": {"code": str, "message": str, "retryable": bool}}`` (an MCP
``isError: true`` result counts as one, with its text as the message and no code). A success is any other value;
``{"ok": true, "result": X}`` is unwrapped when ``returns`` describes ``X`` rather than the envelope.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Outcome:
    kind: str  # returned | raised | crashed | timeout | memory | unserialisable | protocol-error
    value: Any = None  # returned: the value
    exc_type: str | None = None  # raised: qualified exception class name
    message: str = ""  # raised: str(exception); crashed: exit status; protocol-error: the JSON-RPC error
    traceback: str = ""  # raised: the last lines of the traceback
    mcp: bool = False  # from an MCP server: errors have no code
    mcp_error: bool = False  # MCP result with isError: true
    mcp_structured: Any = None  # MCP structuredContent (validated against `returns`)
    returns_error: str | None = None  # the MCP client already found the result breaking the output schema
    asked: str = ""  # timeout: how the limit was extended for what the arguments ask ("5 s plus the 10 s ...")


@dataclass
class Problem:
    code: str
    key: tuple  # distinct bugs have distinct keys (one finding per key)
    message: str
    help: str
    pointer_kind: str = "handler"  # handler | errors | returns
    returns_ptr: str = ""  # for TC713: the failing keyword's location below `returns`
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class Expectations:
    """What one tool's results are judged against."""

    returns: Any = None  # a schemaval.Compiled of `returns`, or None
    returns_key: str | None = None
    error_codes: frozenset[str] | None = None  # None: the contract declares no `errors`
    call: str = "dict"
    # paths the server was given to work in (the absolute paths of its command line: an allowed root, a
    # repository); naming one, or the model's own path resolved under one, reveals nothing
    public_paths: tuple[str, ...] = ()


# ------------------------------------------------------------------------------------------------ judging

def is_error_result(v: Any) -> bool:
    return isinstance(v, dict) and v.get("ok") is False


def error_fields(v: dict) -> tuple[dict | None, list[str]]:
    """(the error object, what is wrong with its shape)."""
    err = v.get("error")
    if not isinstance(err, dict):
        return None, ["`error` is not an object with `code`, `message` and `retryable`"]
    bad: list[str] = []
    if not isinstance(err.get("code"), str) or not err.get("code"):
        bad.append("`code` is missing or not a string")
    if not isinstance(err.get("message"), str):
        bad.append("`message` is missing or not a string")
    if not isinstance(err.get("retryable"), bool):
        bad.append("`retryable` is missing or not a boolean")
    return err, bad


def judge_valid(o: Outcome, exp: Expectations, args: Any) -> Problem | None:
    """A call with arguments the schema accepts: it must not raise, die or hang; its result must validate
    against `returns`; an error must be well-formed, use a declared code and leak nothing."""
    gen = _general(o, "valid")
    if gen is not None:
        return gen
    if o.kind == "protocol-error":
        return Problem("TC710", ("TC710", "protocol-error"),
                       f"the server answered tools/call with a JSON-RPC error for arguments the schema accepts: "
                       f"{_clip(o.message)}",
                       "Return a tool result (isError: true with a useful message, when it fails) instead of a "
                       "protocol error.", data={"error": _clip(o.message, 500)})
    v = o.value
    if o.mcp_error or is_error_result(v):
        return _judge_error(o, exp, args, valid=True)
    leak = _leak_in_result(v if not o.mcp else o.value, args)
    if leak is not None:
        return leak
    if o.returns_error is not None:
        return Problem("TC713", ("TC713",), f"the result breaks `returns`: {_clip(o.returns_error)}",
                       "Make the implementation return what `returns` declares, or correct `returns`.",
                       pointer_kind="returns", data={"result": _clip_value(o.mcp_structured)})
    if exp.returns is not None:
        candidates = [o.mcp_structured] if o.mcp else [v]
        if not o.mcp and isinstance(v, dict) and v.get("ok") is True and "result" in v:
            candidates.append(v["result"])
        if o.mcp and o.mcp_structured is None:
            return Problem("TC713", ("TC713",), "the result has no `structuredContent`, although the tool "
                           "declares an output schema", "Return structured content that matches the output "
                           "schema.", pointer_kind="returns", data={"result": _clip_value(v)})
        if not any(exp.returns.is_valid(c) for c in candidates):
            errs = exp.returns.errors(candidates[-1])
            first = errs[0] if errs else None
            where = f" at `{first.pointer}`" if first and first.pointer else ""
            msg = first.message if first else "it does not validate"
            sp = "/" + "/".join(str(t) for t in first.schema_path) if first and first.schema_path else ""
            return Problem("TC713", ("TC713",), f"the result breaks `returns`{where}: {_clip(msg)}",
                           "Make the implementation return what `returns` declares, or correct `returns`.",
                           pointer_kind="returns", returns_ptr=sp, data={"result": _clip_value(candidates[-1])})
    return None


def judge_invalid(o: Outcome, exp: Expectations, args: Any) -> Problem | None:
    """A call with arguments the schema rejects: it must come back as a structured error that leaks nothing."""
    gen = _general(o, "invalid")
    if gen is not None:
        return gen
    if o.kind == "protocol-error":
        leak = find_leak(o.message, args, exp.public_paths)
        if leak:
            return _leak_problem(leak, o.message, "the JSON-RPC error message")
        return None  # a JSON-RPC "invalid params" error is a structured refusal
    v = o.value
    if o.mcp_error or is_error_result(v):
        return _judge_error(o, exp, args, valid=False)
    return Problem("TC717", ("TC717",), "the handler accepted arguments the schema rejects and returned a result "
                   "instead of a structured error",
                   "Validate the arguments against the contract before acting (e.g. with "
                   "`toolcheck.check_arguments`) and return {ok: false, error: {code, message, retryable}}.",
                   data={"result": _clip_value(v)})


def _general(o: Outcome, which: str) -> Problem | None:
    args_word = "arguments the schema accepts" if which == "valid" else "arguments the schema rejects"
    if o.kind == "raised":
        if which == "valid":
            return Problem("TC710", ("TC710", o.exc_type), f"the handler raised {o.exc_type} on {args_word}: "
                           f"{_clip(o.message)}",
                           "Handle every value the schema allows, or narrow the schema to what the code takes; "
                           "expected failures are structured errors with a declared code.",
                           data={"exception": o.exc_type, "message": _clip(o.message, 300),
                                 "traceback": o.traceback[-1500:]})
        return Problem("TC716", ("TC716", o.exc_type), f"the handler raised {o.exc_type} on {args_word} "
                       "instead of returning a structured error",
                       "Validate the arguments first and return {ok: false, error: {code, message, retryable}} "
                       "that tells the model what to change.",
                       data={"exception": o.exc_type, "message": _clip(o.message, 300),
                             "traceback": o.traceback[-1500:]})
    if o.kind == "crashed" and o.mcp:
        return Problem("TC711", ("TC711",), f"the MCP server died during tools/call on {args_word} ({o.message})",
                       "Find what ends the server process (os._exit, sys.exit, a native crash) and answer with an "
                       "isError result instead.", data={"status": o.message, "stderr": o.traceback[-1500:]})
    asked = f" ({o.asked})" if o.asked else ""
    if o.kind == "timeout" and o.mcp:
        return Problem("TC712", ("TC712",), f"tools/call did not answer within {o.message}{asked} on {args_word}",
                       "Bound the work (timeouts on I/O, limits on sizes and loops) and answer with an isError "
                       "result when it cannot finish.", data={"timeout": o.message, **_asked(o)})
    if o.kind == "crashed":
        return Problem("TC711", ("TC711",), f"the handler's process died on {args_word} ({o.message})",
                       "Find what ends the process (os._exit, sys.exit, a native crash, running out of memory) "
                       "and return a structured error instead.", data={"status": o.message,
                                                                       "stderr": o.traceback[-1500:]})
    if o.kind == "timeout":
        return Problem("TC712", ("TC712",), f"the handler did not answer within {o.message}{asked} on {args_word}",
                       "Bound the work (timeouts on I/O, limits on sizes and loops) and return a retryable "
                       "structured error when it cannot finish.", data={"timeout": o.message, **_asked(o)})
    if o.kind == "memory":
        return Problem("TC720", ("TC720",), f"the handler ran out of memory on {args_word}: it needed more than "
                       f"the worker's cap of {o.message} (`--handler-memory`)",
                       "Bound what one call allocates (sizes and counts taken from the arguments, whole files or "
                       "responses read at once); if the tool really needs more, raise `--handler-memory`.",
                       data={"limit": o.message, "traceback": o.traceback[-1500:]})
    if o.kind == "unserialisable":
        return Problem("TC713", ("TC713", "json"), f"the handler returned something that is not JSON: {o.message}",
                       "Return plain JSON values (dict, list, str, int, float, bool, None).",
                       pointer_kind="returns", data={"type": o.message})
    return None


def _asked(o: Outcome) -> dict:
    return {"asked": o.asked} if o.asked else {}


def _judge_error(o: Outcome, exp: Expectations, args: Any, valid: bool) -> Problem | None:
    if o.mcp:
        message = o.message
        code = None
    else:
        err, bad = error_fields(o.value)
        if bad:
            return Problem("TC715", ("TC715",), "the error result is not a structured error: " + "; ".join(bad),
                           "Return {ok: false, error: {code: \"UPPER_SNAKE\", message: \"...\", retryable: "
                           "true|false}}.", data={"result": _clip_value(o.value)})
        message = err.get("message", "") if err else ""
        code = err.get("code") if err else None
    leak = find_leak(message, args, exp.public_paths)
    if leak:
        return _leak_problem(leak, message, "the error message")
    if valid and code is not None:
        if exp.error_codes is None:
            return Problem("TC714", ("TC714", code), f"the handler returned error code `{code}`, but the contract "
                           "declares no `errors`",
                           f"Declare `{code}` under `errors` (with `retryable` and a description), or return a "
                           "declared code.", pointer_kind="errors", data={"code": code})
        if code not in exp.error_codes:
            known = ", ".join(sorted(exp.error_codes)) or "none"
            return Problem("TC714", ("TC714", code), f"the handler returned error code `{code}`, which `errors` "
                           f"does not declare (declared: {known})",
                           f"Declare `{code}` under `errors`, or return one of the declared codes.",
                           pointer_kind="errors", data={"code": code})
    return None


def _leak_problem(leak: tuple[str, str], message: str, where: str) -> Problem:
    kind, text = leak
    code = "TC721" if kind == "a file path" else "TC718"  # a path is judged; a trace or Python text is proof
    return Problem(code, (code, kind), f"{where} reveals {kind}: {_clip(text, 80)}",
                   "Return a short message that says what to change (\"budget must be at least 1\"); log the "
                   "details on the server instead.", data={"message": _clip(message, 500)})


def _leak_in_result(v: Any, args: Any) -> Problem | None:
    """A success result that carries a stack trace (e.g. `except: return traceback.format_exc()`)."""
    for s in _strings(v, 200):
        if _TRACE.search(s) or _PY_FRAME.search(s):
            return Problem("TC718", ("TC718", "result-trace"), "the result carries a stack trace instead of a "
                           f"structured error: {_clip(s, 80)}",
                           "Return {ok: false, error: {code, message, retryable}} when the call fails, with a "
                           "message that says what to change; log the trace on the server.",
                           data={"result": _clip_value(v)})
    return None


# ------------------------------------------------------------------------------------------------ leaks

_TRACE = re.compile(r"Traceback \(most recent call last\)|^\s+at [\w$.<>]+\(.*\)$|^\s+at .+ \(.+:\d+:\d+\)$", re.M)
_PY_FRAME = re.compile(r"File \"[^\"]+\", line \d+")
_PATH = re.compile(r"(?<![\w.~:/-])(?:/(?:[\w.@+-]+/)+[\w.@+-]+|[A-Za-z]:\\(?:[^\\\s'\"<>|*?:]+\\)+[^\\\s'\"<>|*?:]*"
                   r"|[\w-]+\.py\b(?::\d+)?)")
_EXC = re.compile(r"\b(?:[a-z_][a-z0-9_]*\.)*([A-Z][A-Za-z0-9]*(?:Error|Exception|Exit|Interrupt|Warning))\b")
_PY_TEXT = re.compile(
    r"'NoneType' object|has no attribute '|unsupported operand type|index out of range|invalid literal for int\(\)|"
    r"object is not (?:subscriptable|callable|iterable)|takes \d+ positional arguments? but|"
    r"got an unexpected keyword argument|missing \d+ required (?:positional|keyword)|division by zero|"
    r"is not JSON serializable|codec can't (?:de|en)code|maximum recursion depth exceeded|"
    r"can only concatenate str|must be str, not \w+|object of type '\w+' has no len\(\)")


def find_leak(message: Any, args: Any = None, public: tuple[str, ...] = ()) -> tuple[str, str] | None:
    """(what leaks, the text) when an error message shows implementation details; text that the arguments
    themselves carry (echoed back to the model) does not count, nor does a path the server was given to work
    in (``public``) or the model's own path resolved under one (what the model sent, not what the server
    revealed)."""
    if not isinstance(message, str) or not message:
        return None
    text = message[:20_000]
    sent = _strings(args, 500)
    echoed = [s for s in sent if len(s) >= 3]

    def own(m: re.Match) -> bool:
        frag = m.group(0)
        return not any(frag in s for s in echoed)

    for rx, what in ((_TRACE, "a stack trace"), (_PY_FRAME, "a stack trace")):
        m = rx.search(text)
        if m and own(m):
            return what, m.group(0).strip()
    for m in _EXC.finditer(text):
        if own(m):
            return "an exception class name", m.group(1)
    for m in _PY_TEXT.finditer(text):
        if own(m):
            return "an implementation error message", m.group(0)
    for m in _PATH.finditer(text):
        frag = m.group(0)
        if frag.startswith("/") and frag.count("/") < 2:
            continue
        if own(m) and not (public and _resolved_input(text, m, public, sent)):
            return "a file path", frag
    return None


def _resolved_input(text: str, m: re.Match, public: tuple[str, ...], sent: list[str]) -> bool:
    """Whether the path matched at ``m`` is one of the server's given paths, or an argument the model sent
    resolved against one (`0` under the allowed root `/srv/docs` is `/srv/docs/0`; the text may go on past
    what looks like a path, as the model's `0:` does), or the given path with a suffix of the server's own
    (`/srv/docs.3f9a.tmp`, a temporary file written beside the root and renamed: it shows the root, which the
    model was told, and nothing of where the server itself lives)."""
    import posixpath

    frag = m.group(0)
    if not frag.startswith("/"):
        return False
    path = posixpath.normpath(frag.rstrip("."))
    for root in public:
        base = posixpath.normpath(root)
        if _suffixed(path, base):
            return True
        for full in [base] + [posixpath.normpath(posixpath.join(base, s)) for s in sent if len(s) < 4096]:
            if full == path or (len(full) > len(frag) and text.startswith(full, m.start())):
                return True
    return False


_TEMP_SUFFIX = re.compile(r"(?:[.~_-][\w.~-]{0,40})?(?:\.tmp|\.temp|\.partial|\.swp|~)", re.I)


def _suffixed(path: str, base: str) -> bool:
    """``path`` is ``base`` with a temporary file's suffix (`.3f9a.tmp`, `~`), in the same folder."""
    return len(path) > len(base) and path.startswith(base) and "/" not in path[len(base):] \
        and bool(_TEMP_SUFFIX.fullmatch(path[len(base):]))


def _strings(v: Any, limit: int) -> list[str]:
    out: list[str] = []
    stack = [v]
    while stack and len(out) < limit:
        x = stack.pop()
        if isinstance(x, str):
            out.append(x)
        elif isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    return out


def _clip(s: Any, n: int = 160) -> str:
    s = str(s).strip()
    first = s.splitlines()[0] if s else ""
    if len(first) < len(s) and n > 100:
        first = " ".join(s.split())
    return first if len(first) <= n else first[:n - 1] + "…"


def _clip_value(v: Any, n: int = 2000) -> Any:
    import json

    try:
        s = json.dumps(v, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(v)[:n]
    return v if len(s) <= n else s[:n] + "…"
