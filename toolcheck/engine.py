"""paths -> discover -> load -> checks -> findings -> suppress/filter -> result. No printing, no exiting."""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from typing import Any

from .config import ConfigError
from .contract import Contract, Sample, SourceFile
from .discovery import InputFile, discover
from .loading import file_kind, load_file
from .masking import Masker
from .model.findings import Finding, Hit, severity_rank
from .model.pointer import resolve_pointer, split_pointer
from .rules import COMMAND_FAMILIES, FAMILIES, RULES, RuleSpec, expand_selector, is_known_selector, load_rules
from .rules.base import Index
from .settings import Settings
from .vendors.targets import expand_targets, targets_for


@dataclass
class RunResult:
    findings: list[Finding]
    files: list[SourceFile]
    contracts: list[Contract]
    samples: list[Sample]
    enabled: set[str]
    targets: list[str]
    notes: list[str] = field(default_factory=list)  # diagnostics for stderr
    cached: dict[str, Any] | None = None  # set when the result came from .toolcheck_cache
    rendered: bytes | None = None  # a cache hit's stored output, verified (its findings are then not read)
    cache_key: str | None = None  # the .toolcheck_cache entry this result is (or was stored as)
    # targets checked beyond those --target asked for, because a file declares `strict: true`: target -> file
    targets_declared: dict[str, str] = field(default_factory=dict)
    masker: Masker = field(default_factory=Masker)  # the run's: every string a reporter writes passes through it

    def count(self, severity: str) -> int:
        return sum(1 for f in self.findings if f.severity == severity)

    def tool_index(self) -> list[tuple[str, str]]:
        """(file, tool name) of every checked tool, masked: reporters (JUnit test cases) and the cache read it."""
        mask = self.masker.mask
        if self.cached is not None:
            return [(mask(t[0]), mask(t[1])) for t in self.cached["tools"]]
        return [(mask(c.file.path), mask(c.display_name)) for c in self.contracts if c.file.reported]

    def summary(self) -> dict[str, Any]:
        """Counts and targets, masked (a `targets:` entry is the user's text): every reporter and the cache."""
        mask = self.masker.mask
        if self.cached is not None:
            s = dict(self.cached["summary"])
            if self.rendered is None:  # findings were read back (and maybe filtered by a baseline): count them
                s.update(errors=self.count("error"), warnings=self.count("warning"), infos=self.count("info"))
            s["targets"] = [mask(str(t)) for t in s.get("targets") or ()]
            return s
        out = {
            "files": sum(1 for f in self.files if f.reported),
            "tools": sum(1 for c in self.contracts if c.file.reported),
            "errors": self.count("error"),
            "warnings": self.count("warning"),
            "infos": self.count("info"),
            "targets": [mask(t) for t in self.targets],
        }
        if self.targets_declared:
            out["targets_declared"] = dict(self.targets_declared)
        return out


@dataclass
class Context:
    """What a check may read besides the item it checks (the :class:`toolcheck.rules.base.RunView` of a run)."""

    settings: Settings
    command: str
    contracts: list[Contract]
    samples: list[Sample]
    enabled: set[str]
    targets: list[str]
    cache: dict[str, Any] = field(default_factory=dict)  # old-style rules' memo; rule files use an Index
    masker: Masker = field(default_factory=Masker)
    indexes: dict[type, Index] = field(default_factory=dict)  # index class -> the run's instance
    resolved: dict[str, dict[str, Any]] = field(default_factory=dict)  # code -> options of a rule file

    def options(self, code: str) -> dict[str, Any]:
        """Rule ``code``'s options: the declared defaults with the config's `rules.<code>`/`rules.<name>` values.
        A rule file's options are checked against their declarations (an unacceptable value gives the default);
        an old-style rule reads the raw values."""
        got = self.resolved.get(code)
        if got is not None:
            return got
        r = RULES[code]
        given: dict[str, Any] = {}
        for key in (code, r.name):
            given.update(self.settings.rules.get(key, {}) or {})
        if r.legacy is not None:
            return {**r.defaults(), **given}
        got = self.resolved[code] = r.resolve_options(given)
        return got

    def index(self, cls: type[Index]) -> Index:
        """The run's instance of a family index, built on first use (at most once per run and group)."""
        got = self.indexes.get(cls)
        if got is None:
            got = self.indexes[cls] = cls(self)
        return got

    def is_enabled(self, code: str) -> bool:
        return code in self.enabled

    def targets_for(self, contract: Contract) -> list[str]:
        """The targets ``contract`` is checked against (:func:`toolcheck.vendors.targets.targets_for`)."""
        return targets_for(self.settings, contract)


def enabled_codes(settings: Settings, command: str) -> set[str]:
    rules = load_rules()
    families = COMMAND_FAMILIES[command]
    for sel in settings.select + settings.extend_select + settings.ignore:
        if not is_known_selector(sel):
            raise ConfigError(f"unknown rule selector `{sel}` (use a code like TC401, a family like TC4, or a rule name)")
    base = set()
    for sel in (settings.select or ("TC",)) + settings.extend_select:
        base.update(_selected_by(sel, rules))
    for sel in settings.ignore:
        base.difference_update(expand_selector(sel))
    return {c for c in base if rules[c].family in families}


def _selected_by(selector: str, rules) -> list[str]:
    """The codes a selector turns on: an opt-in rule (``default_enabled=False``) only when the selector names it
    (its code or rule name) or is ALL; a family or prefix (TC4, and the default TC) leaves it off."""
    codes = expand_selector(selector)
    sel = selector.strip().upper()
    if sel == "ALL" or len(codes) == 1 and (sel == codes[0] or not sel.startswith("TC")):
        return codes
    return [c for c in codes if rules[c].default_enabled]


# codes a command may report in place of one of its own, though their family does not run under it:
# `toolcheck fuzz` reports the TC111 finding that explains why a tool got no example, instead of TC701/TC706
STAND_INS: dict[str, dict[str, str]] = {"fuzz": {"TC111": "TC701"}}


def stand_ins(settings: Settings, command: str, enabled: set[str]) -> set[str]:
    """The codes of :data:`STAND_INS` this run may stamp: their stand-in is enabled, and they are not ignored."""
    out = set()
    for code, instead_of in STAND_INS.get(command, {}).items():
        if instead_of in enabled and not any(code in expand_selector(sel) for sel in settings.ignore):
            out.add(code)
    return out


def run(settings: Settings, command: str, cwd: str | None = None, output_variant: str | None = None,
        masker: Masker | None = None, texts: dict[str, str] | None = None) -> RunResult:
    """Check the configured inputs. ``output_variant`` (see :func:`cache.output_variant`) lets a cache hit hand
    back the text an earlier identical run wrote, in ``RunResult.rendered``. ``masker``: the run's (the CLI's,
    which also masks stderr); a new one by default. ``texts`` (absolute path -> text) are checked in place of
    those files' content (the fixes of `--fix`/`--diff` before they are written; never with the cache)."""
    cwd = cwd or os.getcwd()
    masker = masker if masker is not None else Masker()
    load_rules()
    enabled = enabled_codes(settings, command)
    notes: list[str] = []
    for sel in settings.select + settings.extend_select:
        fams = {RULES[c].family for c in expand_selector(sel)}
        outside = sorted(f for f in fams if f not in COMMAND_FAMILIES[command])
        if outside and not (fams - set(outside)):
            notes.append(f"note: `{sel}` ({', '.join(FAMILIES[f] for f in outside)}) does not run under "
                         f"`toolcheck {command}`")
    want_samples = command in ("validate", "fuzz")
    live = []  # mcp_live.LiveInput: the `tools/list` of the --mcp-command server, as a file
    if settings.mcp_command is not None:
        from .mcp_live import tools_file

        live.append(tools_file(settings.mcp_command, settings.mcp_timeout, settings.mcp_save, cwd))
        notes.extend(live[-1].notes)
    skipped: list[tuple[str, str | None]] = []
    if live and not settings.paths:
        inputs, context_inputs = [], []
    else:
        specials: list[str] = []
        try:
            inputs, context_inputs = discover(
                settings.paths, settings.config_paths, settings.root, cwd, settings.exclude, settings.samples,
                want_samples, settings.force_exclude, config_file=settings.config_path, skipped=skipped,
                specials_out=specials, buffers=settings.buffers,
            )
        except BaseException:
            for li in live:
                if li.temporary:
                    os.unlink(li.path)
            raise
        saved = {li.path for li in live}  # an --mcp-save file among the paths is read once, as the server's
        inputs = [i for i in inputs if i.abspath not in saved]
        context_inputs = [i for i in context_inputs if i.abspath not in saved]
        if specials:
            shown = ", ".join(specials[:5]) + (f" and {len(specials) - 5} more" if len(specials) > 5 else "")
            notes.append(f"note: skipped {len(specials)} file(s) that are not regular files (a device, FIFO or "
                         f"socket is never read from a folder): {shown}")
    if settings.force_exclude and settings.paths and not settings.quiet:
        note = _skipped_note(settings, cwd, skipped)
        if note:
            notes.append(note)
    inputs = [InputFile(li.path, li.display, "contracts") for li in live] + inputs
    baseline_v1 = False
    if settings.baseline:
        note = baseline_note(settings.baseline)
        if note:
            notes.append(note)
            baseline_v1 = True  # its fingerprints need the documents, which a cache hit does not read
    from .discovery import is_stdin

    use_cache = bool(not settings.no_cache and not live and command in ("lint", "validate") and inputs
                     and not os.environ.get("TOOLCHECK_NO_CACHE") and not baseline_v1 and not texts
                     and not settings.buffers
                     and not any(is_stdin(i.abspath) for i in inputs))  # stdin is read once, by the run
    key = None
    if use_cache:
        from . import cache

        why = cache.unusable(settings.root)
        why = f"{cache.CACHE_DIR} {why}" if why else cache.key_problem()
        if why:
            notes.append(f"note: running without the cache: {why}")
        key = None if why else cache.run_key(command, settings, inputs + context_inputs)
        use_cache = key is not None
    if use_cache:
        hit = cache.load(settings.root, key)
        if hit is not None:
            enabled_hit, targets_hit = set(hit["enabled"]), list(hit["summary"].get("targets", []))
            if output_variant and not settings.baseline:
                stored = cache.load_output(settings.root, key, output_variant)
                if stored is not None:  # the same run, written the same way: no findings to read or render
                    return RunResult([], [], [], [], enabled_hit, targets_hit, notes, cached=hit, rendered=stored,
                                     cache_key=key, masker=masker)
            findings = cache.findings_of(settings.root, key)
            if findings is not None:
                if settings.baseline:
                    findings = apply_baseline(findings, settings.baseline)
                return RunResult(findings, [], [], [], enabled_hit, targets_hit, notes, cached=hit, cache_key=key,
                                 masker=masker)
    if not inputs and settings.force_exclude and settings.paths:
        # a hook passed only files outside the contract and sample paths: nothing to do, like ruff
        return RunResult([], [], [], [], enabled, [], notes, masker=masker)
    if not inputs:
        raise ConfigError("no input files (nothing to check under " +
                          (", ".join(settings.paths or settings.config_paths or ("contracts",))) + ")")
    import gc

    # A run builds many objects and frees few until it ends: the cyclic collector would rescan the growing heap
    # again and again (a third of the run's time on a large corpus). Reference counting still frees as usual.
    gc_was_enabled = gc.isenabled()
    if command != "fuzz":  # fuzz is long and hypothesis makes cyclic garbage (its workers inherit the setting)
        gc.disable()
    try:
        return _run_loaded(settings, command, inputs, context_inputs, live, enabled, notes,
                           key if use_cache else None, masker, texts)
    finally:
        if gc_was_enabled:
            gc.enable()


def show_files(settings: Settings, command: str, cwd: str | None = None) -> tuple[list[tuple[str, str, str]], int]:
    """``--show-files``: (rows of (path, status, why), how many files of other types were passed over) for
    every file the run would check or skip, without checking anything. ``status`` is `check` (reported),
    `context` (read for cross-file rules, not reported) or `skip`."""
    from .discovery import OUTSIDE

    cwd = cwd or os.getcwd()
    skipped: list[tuple[str, str | None]] = []
    inputs, context = discover(settings.paths, settings.config_paths, settings.root, cwd, settings.exclude,
                               settings.samples, command in ("validate", "fuzz"), settings.force_exclude,
                               config_file=settings.config_path, skipped=skipped, buffers=settings.buffers)
    rows: list[tuple[str, str, str]] = []
    own = "; outside the configured set: checked on its own"
    for i in inputs + context:
        lf = _load(i, settings)
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
    from .discovery import OUTSIDE, display_path

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


def _run_loaded(settings: Settings, command: str, inputs: list[InputFile], context_inputs: list[InputFile],
                live: list, enabled: set[str], notes: list[str], cache_key: str | None, masker: Masker,
                texts: dict[str, str] | None = None) -> RunResult:
    try:
        loaded = [lf for lf in (_load(i, settings, texts) for i in inputs + context_inputs) if lf is not None]
    finally:
        for li in live:
            if li.temporary:
                try:
                    os.unlink(li.path)
                except OSError:
                    pass
    for lf, li in zip(loaded, live, strict=False):  # the live inputs come first
        lf.file.origin = "mcp"
        lf.file.located = not li.temporary  # a temporary listing: `mcp:<server>`, no line numbers into it
    files = [lf.file for lf in loaded]
    contracts = [c for lf in loaded for c in lf.contracts]
    samples = [s for lf in loaded for s in lf.samples]
    groups = _groups(loaded)
    for _gf, gc, gs in groups:
        _attach_samples(gc, gs)
    targets: list[str] = []
    declared: dict[str, str] = {}
    ctx = Context(settings, command, contracts, samples, enabled, targets, masker=masker)
    if command == "validate" and any(RULES[c].family == "TC2" for c in enabled):
        asked = expand_targets(settings.targets) if settings.targets else None
        for c in contracts:
            if not c.file.reported:
                continue
            for t in ctx.targets_for(c):
                if t not in targets:
                    targets.append(t)
                if asked is not None and t not in asked and t not in declared:
                    declared[t] = c.file.path  # only `strict: true` adds to what --target asked for

    # secrets only context reveals (a `password` default) are masked whatever rules run: TC503/TC504 learn
    # them from the contracts they scan (every reported one) before the findings are masked; the rest here
    from .rules.tc5_leaks.index import learn_context_secrets

    tc5_learns = bool(enabled & {"TC503", "TC504"})
    learn_context_secrets([c for c in contracts if not (tc5_learns and c.file.reported)], masker,
                          settings.allow_patterns)
    stamper = _Stamper(settings, enabled | stand_ins(settings, command, enabled))
    findings: list[Finding] = []
    for lf in loaded:
        for h in lf.hits:
            f = stamper.stamp(h, RULES[h.code], lf.file, _contract_at(lf.contracts, h.pointer))
            if f:
                findings.append(f)
    findings = [f for f in findings if f.extra["file"].reported]
    unmasked = list(findings)  # the rules' findings are masked where they are made (see _run_rules)
    prerender = cache_key is not None or settings.format == "json"
    if len(groups) == 1:
        findings.extend(_run_rules(_runnable(enabled), ctx, files, contracts, samples, stamper, prerender))
    else:  # a file named from outside the configured set is checked on its own (each group with its own context)
        for gf, gc, gs in groups:
            gctx = Context(settings, command, gc, gs, enabled, targets, masker=masker)
            findings.extend(_run_rules(_runnable(enabled), gctx, gf, gc, gs, stamper, prerender))
    findings, made = _suppress(findings, files, settings, enabled, stamper)
    masker.mask_findings(unmasked + made)  # the loaders' findings and TC014/TC015 (a suppression quotes codes)
    findings = apply_supersedes(findings)
    findings.sort(key=Finding.sort_key)
    result = RunResult(findings, files, contracts, samples, enabled, targets, notes, targets_declared=declared,
                       masker=masker)
    if cache_key is not None:
        from . import cache, parallel

        # a large run's findings file (fingerprints and all) is written by a detached process while this one
        # renders: the report and the entry it is served from are written here, before exit
        cache.store(settings.root, cache_key, result, detach=parallel.background_ok(len(contracts)))
        result.cache_key = cache_key
    if settings.baseline:
        result.findings = apply_baseline(findings, settings.baseline)
    return result


def _run_rules(rules: list[RuleSpec], ctx: Context, files, contracts, samples, stamper: _Stamper,
               prerender: bool = False) -> list[Finding]:
    """Every rule's findings, reported files only, secrets masked, in rule order; with ``prerender`` (JSON
    output or the cache) each finding's JSON is encoded by the process that found it.

    On a large run (see :mod:`toolcheck.parallel`) the rule modules are shared between this process and a forked
    one; the result is the same as running them here one after another.
    """
    from . import parallel

    def finish(fs: list[Finding]) -> None:
        ctx.masker.mask_findings(fs)  # after the rules ran: TC5 teaches the masker secrets it found by context
        for f in fs:
            f.extra.pop("json", None)
            if prerender:
                f.to_json()

    def work(rs: list[RuleSpec]) -> dict[str, list[Finding]]:
        by_rule = {r.code: [f for f in _run_rule(r, ctx, files, contracts, samples, stamper)
                            if f.extra["file"].reported] for r in rs}
        finish([f for fs in by_rule.values() for f in fs])
        return by_rule

    # fuzz runs its own worker processes and time limits: it never shares a run with a forked copy of itself
    split = parallel.plan(rules, contracts) if ctx.command in ("lint", "validate") else None
    if split is None:
        by_rule = work(rules)
    else:
        by_rule = parallel.run_split(work, split[0], split[1], files, remask=finish, masker=ctx.masker)
    return [f for r in rules for f in by_rule[r.code]]


def _groups(loaded: list) -> list[tuple[list[SourceFile], list[Contract], list[Sample]]]:
    """(files, contracts, samples) per group, the configured set first; one entry when all are in one group."""
    by: dict[str, tuple[list, list, list]] = {}
    for lf in loaded:
        g = by.setdefault(lf.file.group, ([], [], []))
        g[0].append(lf.file)
        g[1].extend(lf.contracts)
        g[2].extend(lf.samples)
    return sorted(by.values(), key=lambda g: g[0][0].group != "") if by else [([], [], [])]


def _load(i: InputFile, settings: Settings, texts: dict[str, str] | None = None):
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
    from .loading import Loaded

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


def _attach_samples(contracts: list[Contract], samples: list[Sample]) -> None:
    by_name: dict[str, list[Contract]] = {}
    for c in contracts:
        if c.name:
            by_name.setdefault(c.name, []).append(c)
    for s in samples:
        if s.contract is not None:
            continue
        cands = by_name.get(s.tool, [])
        if len(cands) > 1 and s.source:
            same = [c for c in cands if c.metadata.get("source") == s.source]
            cands = same or cands
        if cands:
            s.contract = cands[0]
            cands[0].samples.append(s)


def _contract_at(contracts: list[Contract], pointer: str) -> Contract | None:
    best = None
    for c in contracts:
        if pointer == c.pointer or pointer.startswith(c.pointer + "/") or c.pointer == "":
            if best is None or len(c.pointer) > len(best.pointer):
                best = c
    return best


def _runnable(enabled: set[str]) -> list[RuleSpec]:
    """The rules that run, in catalogue order: those enabled, and those that report an enabled code for another
    rule (``RuleSpec.emits``: TC009's check finds the unknown and missing keys of TC007 and TC008)."""
    order: dict[str, int] = {}
    for r in RULES.values():
        order.setdefault(r.module, len(order))
    rules = [r for r in RULES.values() if r.scope != "emitted" and (r.code in enabled or enabled.intersection(r.emits))]
    return sorted(rules, key=lambda r: (order.get(r.module, 0), r.code))


def _caller(r: RuleSpec, ctx: Context):
    """``item -> hits`` of a rule: an old-style ``fn(item, ctx)``, or a rule file's ``check(facts, options)``
    with the facts of its index (the item itself without one) and its resolved options."""
    if r.legacy is not None:
        fn = r.legacy
        return lambda item: fn(item, ctx) or ()
    options = ctx.options(r.code)
    check = r.check
    if r.index is None:
        return lambda item: check(item, options) or ()
    index = ctx.index(r.index)
    return lambda item: check(index.facts(item), options) or ()


def _run_rule(r: RuleSpec, ctx: Context, files, contracts, samples, stamper: _Stamper) -> list[Finding]:
    out: list[Finding] = []
    call = _caller(r, ctx)
    if r.scope == "contract":
        for c in contracts:
            if not c.file.reported:
                continue
            for h in call(c):
                f = stamper.stamp(h, r, c.file, c, base=c.pointer)
                if f:
                    out.append(f)
    elif r.scope in ("set", "samples", "file"):
        items = {"set": contracts, "samples": samples, "file": files}[r.scope]
        for h in call(items):
            subj = h.subject
            if isinstance(subj, Contract):
                f = stamper.stamp(h, r, subj.file, subj, base=subj.pointer)
            elif isinstance(subj, Sample):
                f = stamper.stamp(h, r, subj.file, subj.contract, base=subj.pointer, tool=subj.tool)
            elif isinstance(subj, SourceFile):
                f = stamper.stamp(h, r, subj, None)
            else:
                continue
            if f:
                out.append(f)
    return out


class _Stamper:
    def __init__(self, settings: Settings, enabled: set[str]) -> None:
        self.settings = settings
        self.enabled = enabled

    def stamp(self, h: Hit, default: RuleSpec, file: SourceFile, contract: Contract | None, base: str = "",
              tool: str | None = None) -> Finding | None:
        code = h.code or default.code
        if code not in self.enabled:
            return None
        r = RULES[code]
        pointer = base + h.pointer
        line, col = h.position or file.locate(pointer, h.prefer_key)
        severity = self.settings.severity_for(code, r.name) or h.severity or r.severity
        f = Finding(
            code=code,
            name=r.name,
            severity=severity,
            message=h.message,
            help=h.help,
            file=file.path,
            line=line,
            column=col,
            tool=tool if tool is not None else (contract.name if contract is not None else None),
            pointer=pointer,
            target=h.target,
            url=h.url or r.url,
            fixable=h.fixable,
            related=h.related or None,
            data=h.data,
            fix=_fix_of(h, r, base),
        )
        f.extra["file"] = file
        if contract is not None and contract.file is file:
            # what the baseline fingerprints instead of the position of the tool in its file
            f.extra["anchor"] = contract.pointer
            src = contract.metadata.get("source")
            if src is not None:
                f.extra["source"] = src
        return f


def _fix_of(h: Hit, r: RuleSpec, base: str):
    """The hit's fix, rebased onto the file's document; never safer than its rule declares (`fix` of @rule)."""
    if h.fix is None or r.fix == "none":
        return None
    fix = h.fix.rebased(base)
    return fix.as_unsafe() if r.fix == "unsafe" else fix


# ------------------------------------------------------------------------------------------------ suppression

def _matches(code: str, name: str, selectors) -> bool:
    for s in selectors:
        s2 = s.strip()
        if s2 == name or (s2.upper().startswith("TC") and code.startswith(s2.upper())) or s2.upper() == "ALL":
            return True
    return False


def _suppress(findings: list[Finding], files: list[SourceFile], settings: Settings, enabled: set[str],
              stamper: _Stamper) -> tuple[list[Finding], list[Finding]]:
    """(the findings not suppressed, with the TC014/TC015 findings about suppressions; those new findings)."""
    import fnmatch

    kept: list[Finding] = []
    made: list[Finding] = []
    pfi = settings.per_file_ignores
    for f in findings:
        sf: SourceFile = f.extra["file"]
        if pfi and any(_glob(sf.path, pat) and _matches(f.code, f.name, codes) for pat, codes in pfi):
            continue
        if sf.suppressions and _suppressed(f, sf):
            continue
        kept.append(f)
    # unused and unknown suppressions
    for sf in files:
        if not sf.reported:
            continue
        for s in sf.suppressions:
            unknown = [c for c in s.codes if not is_known_selector(c)]
            for c in unknown:
                h = Hit("", f"suppression names `{c}`, which is not a rule code, family or rule name",
                        "Fix the code (see `toolcheck rules`) or remove it.", code="TC015", position=(s.line, s.column))
                x = stamper.stamp(h, RULES["TC015"], sf, None)
                if x:
                    made.append(x)
            if s.used:
                continue
            ran = [c for c in s.codes if c not in unknown and any(e in enabled for e in expand_selector(c))]
            if ran or (not s.codes and not unknown):
                what = ", ".join(ran) if ran else "everything"
                h = Hit("", f"suppression `{what}` silences nothing", "Remove the comment (or the stale codes).",
                        code="TC014", position=(s.line, s.column))
                x = stamper.stamp(h, RULES["TC014"], sf, None)
                if x:
                    made.append(x)
    _ = fnmatch
    return kept + made, made


def apply_supersedes(findings: list[Finding]) -> list[Finding]:
    """Drop the findings another finding makes redundant, as rules declare it (``RuleSpec.supersedes``).

    A finding of a rule that supersedes code X silences every finding of X in the same file at its pointer or
    below it; when it points at an array item (``/enum/1``), at the array (``/enum``) and below: what an unquoted
    YAML 1.1 value (TC003) makes other rules report about the same value — the enum that accepts nothing, the
    default of the wrong type — is one mistake, reported once. Applied after suppressions: a suppressed finding
    silences nothing."""
    silencing = {c: RULES[c].supersedes for c in {f.code for f in findings} if c in RULES and RULES[c].supersedes}
    if not silencing:
        return findings
    anchors: dict[tuple[str, str], list[str]] = {}
    for f in findings:
        for code in silencing.get(f.code, ()):
            parent, _, last = f.pointer.rpartition("/")
            anchors.setdefault((f.file, code), []).append(parent if last.isdigit() else f.pointer)

    def silenced(f: Finding) -> bool:
        return any(f.pointer == a or f.pointer.startswith(a + "/") for a in anchors.get((f.file, f.code), ()))

    return [f for f in findings if not silenced(f)]


def _glob(path: str, pattern: str) -> bool:
    import fnmatch

    return fnmatch.fnmatch(path, pattern) or fnmatch.fnmatch(os.path.basename(path), pattern)


def _suppressed(f: Finding, sf: SourceFile) -> bool:
    key_lines = None
    hit = False
    for s in sf.suppressions:
        if s.codes and not _matches(f.code, f.name, s.codes):
            continue
        if s.file_level:
            s.used = True
            hit = True
            continue
        if s.target_line == f.line:
            s.used = True
            hit = True
            continue
        if key_lines is None:
            key_lines = set()
            toks = split_pointer(f.pointer)
            p = ""
            for t in toks:
                p += "/" + t.replace("~", "~0").replace("/", "~1")
                kl = sf.positions.key_line(p)
                if kl:
                    key_lines.add(kl)
        if s.target_line in key_lines:
            s.used = True
            hit = True
    return hit


# ------------------------------------------------------------------------------------------------ baseline
#
# A baseline entry is matched by (code, file, tool, hash). The hash covers the code, the tool's name and source,
# the pointer *relative to the tool* (so a tool inserted before it in a JSON array, which shifts `/1/function/...`
# to `/2/function/...`, changes nothing) and the flagged value (a scalar, or a list of scalars such as an enum);
# not the message, which may hold scores or counts that move when unrelated tools change (overlap), and not line
# numbers. Version 1 baselines (fingerprints with the absolute pointer) are still read, with a note.

BASELINE_VERSION = 2
_FP_ENCODER = json.JSONEncoder(sort_keys=True, default=str, ensure_ascii=False)  # what json.dumps(...) used


def _fingerprint(f: Finding) -> str:
    if f.extra.get("fingerprint"):
        return f.extra["fingerprint"]
    sf: SourceFile = f.extra.get("file")
    node: Any = None
    if sf is not None and sf.documents:
        node = _resolve(sf.documents[0], f.pointer, scalar_lists=True)
    anchor = f.extra.get("anchor")
    pointer = f.pointer
    if anchor is not None and (pointer == anchor or pointer.startswith(anchor + "/")):
        pointer = pointer[len(anchor):]
    blob = _FP_ENCODER.encode([f.code, f.tool, f.extra.get("source"), anchor is not None, pointer, node])
    return hashlib.sha256(blob.encode("utf-8", "backslashreplace")).hexdigest()[:20]


def _fingerprint_v1(f: Finding) -> str:
    """The fingerprint of version 1 baselines: the absolute pointer, scalars only."""
    sf: SourceFile = f.extra.get("file")
    node: Any = None
    if sf is not None and sf.documents:
        node = _resolve(sf.documents[0], f.pointer)
    blob = _FP_ENCODER.encode([f.code, f.tool, f.pointer, node])
    return hashlib.sha256(blob.encode("utf-8", "backslashreplace")).hexdigest()[:20]


def _resolve(doc: Any, pointer: str, scalar_lists: bool = False) -> Any:
    cur = resolve_pointer(doc, pointer)
    if scalar_lists and isinstance(cur, list) and len(cur) <= 256 \
            and all(not isinstance(x, (dict, list)) for x in cur):
        return cur  # an enum, a `required` or `type` list: the flagged content itself
    if isinstance(cur, (dict, list)):
        return None  # a container's hash would change with any edit below it
    return cur


def baseline_entries(findings: list[Finding]) -> list[dict[str, Any]]:
    return [
        {"code": f.code, "file": f.file, "tool": f.tool, "pointer": f.pointer, "hash": _fingerprint(f)}
        for f in findings
    ]


MAX_BASELINE = 256 * 1024 * 1024  # bytes: a baseline of a very large corpus, not a `/dev/zero`


def read_baseline(path: str) -> tuple[int, list[dict[str, Any]]]:
    """(version, entries) of a baseline file; ConfigError when it cannot be read."""
    try:
        with open(path, "rb") as fh:  # read once, bounded: `--baseline` may name a FIFO or a device
            raw = fh.read(MAX_BASELINE + 1)
        if len(raw) > MAX_BASELINE:
            raise ValueError(f"it is over {MAX_BASELINE // 1048576} MiB")
        data = json.loads(raw)
        version = data.get("version", 1)
        entries = data["findings"]
        if version not in (1, BASELINE_VERSION) or not isinstance(entries, list):
            raise ValueError(f"unknown baseline version {version!r} (this toolcheck reads 1 and {BASELINE_VERSION})")
        for e in entries:
            (e["code"], e["file"], e["pointer"], e["hash"])  # noqa: B018 - every entry has its keys
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
        raise ConfigError(f"cannot read baseline {path}: {e}") from None
    return version, entries


def baseline_note(path: str) -> str | None:
    """A note for an old-format baseline (still applied)."""
    version, _ = read_baseline(path)
    if version == 1:
        return (f"note: {path} is a version 1 baseline (it fingerprints findings by their position in the file); "
                "it still applies, but rewrite it with --write-baseline so that inserting a tool keeps it valid")
    return None


def apply_baseline(findings: list[Finding], path: str) -> list[Finding]:
    version, entries = read_baseline(path)
    old = version == 1
    budget: dict[tuple, int] = {}
    for e in entries:
        k = (e["code"], e["file"], e.get("tool"), e["pointer"] if old else None, e["hash"])
        budget[k] = budget.get(k, 0) + 1
    out = []
    for f in findings:
        k = (f.code, f.file, f.tool, f.pointer if old else None, _fingerprint_v1(f) if old else _fingerprint(f))
        if budget.get(k, 0) > 0:
            budget[k] -= 1
            continue
        out.append(f)
    return out


def worst_exit(findings: list[Finding], fail_on: str) -> int:
    bar = severity_rank(fail_on)
    return 1 if any(severity_rank(f.severity) >= bar for f in findings) else 0


def result_exit(result: RunResult, fail_on: str) -> int:
    """worst_exit, also for a cache hit whose findings were not read (its summary counts them)."""
    if result.rendered is None:
        return worst_exit(result.findings, fail_on)
    s = result.summary()
    bar = severity_rank(fail_on)
    counts = {"error": s.get("errors", 0), "warning": s.get("warnings", 0), "info": s.get("infos", 0)}
    return 1 if any(n and severity_rank(sev) >= bar for sev, n in counts.items()) else 0
