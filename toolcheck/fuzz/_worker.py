"""The handler worker: runs in its own process, started by :mod:`toolcheck.fuzz.harness`.

Protocol: JSON, one message per line. The parent writes ``{"handler": "pkg.mod:fn", "call": "dict"|"kwargs",
"root": DIR}``; the worker answers ``{"ready": true}`` or ``{"error": "..."}`` (the handler cannot be loaded). Then
for each ``{"args": {...}}`` it answers one of ``{"returned": value}``, ``{"raised": {"type", "message",
"traceback"}}``, ``{"unserialisable": "what"}`` or ``{"memory": {"traceback"}}`` (a MemoryError under the cap
of ``"memory"`` bytes that the init message sets; the worker then exits). The handler's own prints go to stderr: the protocol has the
original stdout and stdin to itself.

This file is run as a script (``python _worker.py``) and imports nothing from toolcheck, so that it starts fast
and a handler module named like one of toolcheck's never shadows it.
"""

import asyncio
import importlib
import inspect
import json
import os
import sys
import traceback


def _open_protocol():
    proto_in = os.fdopen(os.dup(0), "r", encoding="utf-8", newline="\n")
    proto_out = os.fdopen(os.dup(1), "w", encoding="utf-8", newline="\n")
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)  # a handler that reads stdin gets EOF, not our messages
    os.close(devnull)
    os.dup2(2, 1)  # print() and C-level writes to stdout go to stderr
    sys.stdout = sys.stderr
    return proto_in, proto_out


def _send(out, msg) -> None:
    out.write(json.dumps(msg, ensure_ascii=True, allow_nan=False) + "\n")
    out.flush()


def _load(spec: str):
    mod_name, _, attr = spec.partition(":")
    if not mod_name or not attr:
        raise ValueError(f"handler {spec!r} is not `package.module:function`")
    obj = importlib.import_module(mod_name)
    for part in attr.split("."):
        obj = getattr(obj, part)
    if not callable(obj):
        raise TypeError(f"{spec} is not callable")
    return obj


def _qualname(e: BaseException) -> str:
    t = type(e)
    mod = getattr(t, "__module__", "") or ""
    return t.__qualname__ if mod in ("builtins", "__main__") else f"{mod}.{t.__qualname__}"


async def _await(x):
    return await x


def _cap_memory(limit: int) -> None:
    """Cap this process's address space (RLIMIT_AS) at ``limit`` bytes, before the handler is imported."""
    if limit <= 0:
        return
    try:
        import resource
    except ImportError:  # not on this platform
        return
    try:
        _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ValueError, OSError):
        pass


def main() -> None:
    proto_in, proto_out = _open_protocol()
    line = proto_in.readline()
    if not line:
        return
    init = json.loads(line)
    root = init.get("root") or os.getcwd()
    sys.path[0] = root  # not this file's folder: the project root, as the spec says
    memory = int(init.get("memory") or 0)
    _cap_memory(memory)
    try:
        os.chdir(root)
        fn = _load(init["handler"])
    except MemoryError:
        _send(proto_out, {"error": f"MemoryError while importing the handler (the worker's memory cap is "
                                   f"{memory // 1048576} MiB: raise it with --handler-memory)"})
        return
    except BaseException as e:  # noqa: BLE001 - any import failure is reported, never a crash
        _send(proto_out, {"error": f"{_qualname(e)}: {e}".strip()})
        return
    kwargs = init.get("call") == "kwargs"
    _send(proto_out, {"ready": True})
    for line in proto_in:
        try:
            args = json.loads(line)["args"]
        except (ValueError, KeyError, TypeError):
            return
        try:
            result = fn(**args) if kwargs and isinstance(args, dict) else fn(args)
            if inspect.isawaitable(result):
                result = asyncio.run(_await(result))
        except MemoryError:  # over the cap (RLIMIT_AS): reported, and this worker, its heap suspect, ends
            tb = ""
            try:
                tb = traceback.format_exc()[-3000:]
            except MemoryError:
                pass
            _send(proto_out, {"memory": {"traceback": tb}})
            return
        except BaseException as e:  # noqa: BLE001 - SystemExit too: a handler must not end the host
            if isinstance(e, KeyboardInterrupt):
                raise
            tb = traceback.format_exc()
            _send(proto_out, {"raised": {"type": _qualname(e), "message": str(e)[:4000], "traceback": tb[-6000:]}})
            continue
        try:
            text = json.dumps({"returned": result}, ensure_ascii=True, allow_nan=False)
        except MemoryError:
            result = None
            _send(proto_out, {"memory": {"traceback": "MemoryError while encoding the result as JSON"}})
            return
        except (TypeError, ValueError, RecursionError) as e:
            what = type(result).__name__
            if isinstance(e, ValueError) and "Out of range float" in str(e):
                what = "a float that is NaN or infinite"
            elif isinstance(e, TypeError):
                what = str(e)
            text = json.dumps({"unserialisable": what[:300]})
        proto_out.write(text + "\n")
        proto_out.flush()


if __name__ == "__main__":
    main()
