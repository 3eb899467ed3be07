"""The runner: what makes a run fast without changing what it finds. It wraps the pure engine
(:mod:`toolcheck.engine`, which never imports it) with

- the run cache (:mod:`.cache`): a second, unchanged `lint`/`validate` answers from `.toolcheck_cache/`;
- the process split (:mod:`.parallel`): a large run's rule groups shared out over ``--jobs`` processes;
- the garbage collector switched off while the engine builds a run's many objects;
- the fast exit (:func:`exit_now`): the console script ends without tearing down a large run's heap.

:func:`run` takes the engine's arguments and returns its :class:`~toolcheck.engine.RunResult` (a
:class:`CachedResult` when the cache answered or stored it): the same findings, in the same order, as
:func:`toolcheck.engine.run`.
"""

from __future__ import annotations

import dataclasses
import os
import sys
from contextlib import contextmanager
from typing import Any

from ..engine import RunResult, apply_baseline, check, gather, worst_exit
from ..masking import Masker
from ..model.findings import severity_rank
from ..settings import Settings

SPLIT_COMMANDS = ("lint", "validate")  # fuzz runs its own worker processes and time limits; diff is small


@dataclasses.dataclass
class CachedResult(RunResult):
    """A result the cache answered (``cached``: the entry's summary, tool index and codes) or stored
    (``cache_key`` only). ``rendered``: the stored output of an earlier identical run, verified (its findings
    are then not read)."""

    cached: dict[str, Any] | None = None
    rendered: bytes | None = None
    cache_key: str | None = None

    def tool_index(self) -> list[tuple[str, str]]:
        if self.cached is None:
            return super().tool_index()
        mask = self.masker.mask
        return [(mask(t[0]), mask(t[1])) for t in self.cached["tools"]]

    def summary(self) -> dict[str, Any]:
        if self.cached is None:
            return super().summary()
        s = dict(self.cached["summary"])
        if self.rendered is None:  # findings were read back (and maybe filtered by a baseline): count them
            s.update(errors=self.count("error"), warnings=self.count("warning"), infos=self.count("info"))
        s["targets"] = [self.masker.mask(str(t)) for t in s.get("targets") or ()]
        return s


def run(settings: Settings, command: str, cwd: str | None = None, output_variant: str | None = None,
        masker: Masker | None = None, jobs: int | None = None) -> RunResult:
    """:func:`toolcheck.engine.run`, answered from the cache when it can be, split over ``jobs`` processes
    (default :func:`.parallel.default_jobs`). ``output_variant`` (see :func:`.cache.output_variant`) lets a
    cache hit hand back the text an earlier identical run wrote, in ``CachedResult.rendered``."""
    from . import parallel

    masker = masker if masker is not None else Masker()
    jobs = parallel.default_jobs() if jobs is None else max(1, jobs)
    inputs = gather(settings, command, cwd)
    key = _cache_key(settings, inputs)
    if key is not None:
        hit = _hit(settings, key, output_variant, inputs.notes, masker)
        if hit is not None:
            return hit
    executor = Split(jobs, prerender=key is not None or settings.format == "json") \
        if command in SPLIT_COMMANDS else None
    unfiltered = dataclasses.replace(settings, baseline=None) if key is not None else settings
    with collector_off(command != "fuzz"):
        result = check(unfiltered, inputs, masker=masker, executor=executor)
    if key is None:
        return result
    from . import cache

    # a large run's findings file (fingerprints and all) is written by a detached process while this one
    # renders: the report and the entry it is served from are written here, before exit
    n = sum(1 for c in result.contracts if c.file.reported)
    cache.store(settings.root, key, result, detach=parallel.may_fork(n, jobs))
    out = CachedResult(**{f.name: getattr(result, f.name) for f in dataclasses.fields(RunResult)}, cache_key=key)
    if settings.baseline:
        out.findings = apply_baseline(out.findings, settings.baseline)
    return out


def _cache_key(settings: Settings, inputs) -> str | None:
    """The cache entry of this run, or None when it is not cached (saying why on stderr when that is news)."""
    if (settings.no_cache or inputs.live or inputs.command not in ("lint", "validate") or not inputs.files
            or os.environ.get("TOOLCHECK_NO_CACHE") or inputs.old_baseline or settings.buffers
            or inputs.from_stdin):  # stdin is read once, by the run
        return None
    from . import cache

    why = cache.unusable(settings.root)
    why = f"{cache.CACHE_DIR} {why}" if why else cache.key_problem()
    if why:
        inputs.notes.append(f"note: running without the cache: {why}")
        return None
    return cache.run_key(inputs.command, settings, inputs.files + inputs.context)


def _hit(settings: Settings, key: str, output_variant: str | None, notes: list[str],
         masker: Masker) -> CachedResult | None:
    from . import cache

    hit = cache.load(settings.root, key)
    if hit is None:
        return None
    enabled, targets = set(hit["enabled"]), list(hit["summary"].get("targets", []))
    if output_variant and not settings.baseline:
        stored = cache.load_output(settings.root, key, output_variant)
        if stored is not None:  # the same run, written the same way: no findings to read or render
            return CachedResult([], [], [], [], enabled, targets, notes, masker=masker, cached=hit, rendered=stored,
                                cache_key=key)
    findings = cache.findings_of(settings.root, key)
    if findings is None:
        return None
    if settings.baseline:
        findings = apply_baseline(findings, settings.baseline)
    return CachedResult(findings, [], [], [], enabled, targets, notes, masker=masker, cached=hit, cache_key=key)


class Split:
    """The engine's executor for a large run: the rule groups shared out over ``jobs`` processes
    (:mod:`.parallel`). With ``prerender`` (JSON output, or a cached run) each process also encodes its
    findings' JSON, which the report and the cache then write as it is."""

    def __init__(self, jobs: int, prerender: bool = False) -> None:
        self.jobs = jobs
        self.prerender = prerender

    def __call__(self, work, rules, contracts, files, masker):
        from . import parallel

        shares = parallel.plan(rules, contracts, self.jobs)
        if shares is None:
            return work(rules)

        def encode(fs) -> None:
            for f in fs:
                f.extra.pop("json", None)
                if self.prerender:
                    f.to_json()

        def work_encoded(rs):
            by_rule = work(rs)
            encode([f for fs in by_rule.values() for f in fs])
            return by_rule

        def remask(fs) -> None:
            masker.mask_findings(fs)
            encode(fs)

        return parallel.run_split(work_encoded, shares, files, remask=remask, masker=masker)


@contextmanager
def collector_off(off: bool = True):
    """The cyclic garbage collector off for the block: a run builds many objects and frees few until it ends,
    and the collector would rescan the growing heap again and again (a third of the run's time on a large
    corpus). Reference counting still frees as usual."""
    import gc

    was = gc.isenabled()
    if off:
        gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def result_exit(result: RunResult, fail_on: str) -> int:
    """:func:`toolcheck.engine.worst_exit`, also for a cache hit whose findings were not read (its summary
    counts them)."""
    if getattr(result, "rendered", None) is None:
        return worst_exit(result.findings, fail_on)
    s = result.summary()
    bar = severity_rank(fail_on)
    counts = {"error": s.get("errors", 0), "warning": s.get("warnings", 0), "info": s.get("infos", 0)}
    return 1 if any(n and severity_rank(sev) >= bar for sev, n in counts.items()) else 0


def exit_now(code: int) -> None:
    """Exit without tearing down the heap: freeing a large run's objects one by one takes longer than the run's
    report. Only after lint/validate, which have written and closed every file and started no process, and
    never under a profiler or tracer (coverage, cProfile), whose exit handlers write their data, nor with
    `-X` options (`-X importtime` writes through C stdio buffers that only a normal exit flushes)."""
    if sys.getprofile() is not None or sys.gettrace() is not None or getattr(sys, "_xoptions", None):
        sys.exit(code)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        code = code or 1
    os._exit(code)
