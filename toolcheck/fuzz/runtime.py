"""The environment one fuzz pass runs hypothesis in: a hard time limit per tool, a storage folder outside the
user's project, memoised strategies, no constants mined from loaded modules, and the generator's formats.

Nothing here imports hypothesis at module level (each guard imports it when it is entered).
"""

from __future__ import annotations

import json
import signal
import threading


class HardStop(BaseException):
    """The per-tool time limit passed while the generator or a shrink was still busy."""


class alarm:
    """A hard time limit for one tool (POSIX, main thread): raises HardStop in whatever runs then."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.active = False
        self.old = None

    fired = False  # set when the limit passed (an exception raised inside a gc callback can be swallowed)

    def __enter__(self):
        alarm.fired = False
        if hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread():
            try:
                self.old = signal.signal(signal.SIGALRM, self._fire)
                signal.setitimer(signal.ITIMER_REAL, self.seconds)
                self.active = True
            except (ValueError, OSError):
                self.active = False
        return self

    def _fire(self, signum, frame):
        alarm.fired = True
        code = getattr(frame, "f_code", None)
        name = getattr(code, "co_name", "")
        where = getattr(code, "co_filename", "")
        if name in ("gc_callback", "__del__") or where.endswith(("weakref.py", "_weakrefset.py")):
            # an exception raised in a gc or weakref callback is printed and swallowed: try again just after
            signal.setitimer(signal.ITIMER_REAL, 0.05)
            return
        raise HardStop()

    def __exit__(self, *exc):
        if self.active:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.old if self.old is not None else signal.SIG_DFL)
        return False


class storage:
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


class memo_strategies:
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


class no_local_constants:
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


def is_final() -> bool:
    try:
        from hypothesis.control import _current_build_context

        bc = _current_build_context.value
        return bool(bc is not None and bc.is_final)
    except Exception:  # noqa: BLE001
        return False


CUSTOM_FORMATS: dict | None = None


def custom_formats() -> dict:
    global CUSTOM_FORMATS
    if CUSTOM_FORMATS is None:
        from hypothesis import strategies as st

        CUSTOM_FORMATS = {
            "uuid": st.uuids().map(str),
            "duration": st.from_regex(r"\AP(?:[1-9][0-9]{0,2}D|T[1-9][0-9]{0,2}[HMS])\Z"),
        }
    return CUSTOM_FORMATS
