"""The engine: inputs -> load -> rules -> findings -> suppress/supersede -> sort -> baseline -> RunResult.

Pure: nothing is cached, no process is started, the garbage collector is left alone, nothing is printed. The
runner (:mod:`toolcheck.runner`) wraps it with the run cache and the process split, and hands :func:`check` an
*executor*: a function ``(work, rules, contracts, files, masker) -> {code: [Finding]}`` that may run
``work`` on shares of ``rules`` wherever it likes, as long as it returns every rule's findings as ``work`` made
them, the run's ``masker`` having learned every secret each share's work learned, and each share's findings
masked again (``masker.mask_findings``) when that share's work did not see all of them. The findings are then taken in rule order, so the result does not depend on the executor.
"""

from __future__ import annotations

from collections.abc import Callable

from ..config import ConfigError
from ..contract import Contract, Sample, SourceFile
from ..masking import Masker
from ..model.findings import Finding
from ..rules import RULES, RuleSpec, load_rules
from ..settings import Settings
from ..vendors.targets import expand_targets
from .baseline import apply_baseline
from .context import Context, enabled_codes, stand_ins
from .inputs import Inputs, gather, load_input
from .result import RunResult
from .stamp import Stamper, run_rule, runnable
from .suppress import apply_supersedes, suppress

Work = Callable[[list[RuleSpec]], dict[str, list[Finding]]]
Executor = Callable[[Work, list[RuleSpec], list[Contract], list[SourceFile], Masker], dict[str, list[Finding]]]


def serial(work: Work, rules: list[RuleSpec], contracts, files, masker) -> dict[str, list[Finding]]:
    """The default executor: every rule here, one after another."""
    return work(rules)


def run(settings: Settings, command: str, cwd: str | None = None, masker: Masker | None = None,
        texts: dict[str, str] | None = None) -> RunResult:
    """Check the configured inputs of ``command`` (:func:`gather`, then :func:`check`). ``masker``: the run's
    (the CLI's, which also masks stderr); a new one by default. ``texts`` (absolute path -> text) are checked
    in place of those files' content (the fixes of `--fix`/`--diff` before they are written)."""
    return check(settings, gather(settings, command, cwd), masker=masker, texts=texts)


def check(settings: Settings, inputs: Inputs, masker: Masker | None = None, texts: dict[str, str] | None = None,
          executor: Executor | None = None) -> RunResult:
    """Load and check ``inputs`` (see the module doc for ``executor``)."""
    masker = masker if masker is not None else Masker()
    if not inputs.files and settings.force_exclude and settings.paths:
        # a hook passed only files outside the contract and sample paths: nothing to do, like ruff
        return RunResult([], [], [], [], inputs.enabled, [], inputs.notes, masker=masker)
    if not inputs.files:
        raise ConfigError("no input files (nothing to check under " +
                          (", ".join(settings.paths or settings.config_paths or ("contracts",))) + ")")
    command, enabled = inputs.command, inputs.enabled
    loaded = _load_all(settings, inputs, texts)
    files = [lf.file for lf in loaded]
    contracts = [c for lf in loaded for c in lf.contracts]
    samples = [s for lf in loaded for s in lf.samples]
    groups = _groups(loaded)
    for _gf, gc, gs in groups:
        _attach_samples(gc, gs)
    ctx = Context(settings, command, contracts, samples, enabled, [], masker=masker)
    targets, declared = _targets(ctx)
    ctx.targets = targets

    # secrets only context reveals (a `password` default) are masked whatever rules run: TC503/TC504 learn
    # them from the contracts they scan (every reported one) before the findings are masked; the rest here
    from ..rules.tc5_leaks.index import learn_context_secrets

    tc5_learns = bool(enabled & {"TC503", "TC504"})
    learn_context_secrets([c for c in contracts if not (tc5_learns and c.file.reported)], masker,
                          settings.allow_patterns)
    stamper = Stamper(settings, enabled | stand_ins(settings, command, enabled))
    findings = _loader_findings(loaded, stamper)
    unmasked = list(findings)  # the rules' findings are masked where they are made (see run_rules)
    if len(groups) == 1:
        findings.extend(run_rules(runnable(enabled), ctx, files, contracts, samples, stamper, executor))
    else:  # a file named from outside the configured set is checked on its own (each group with its own context)
        for gf, gc, gs in groups:
            gctx = Context(settings, command, gc, gs, enabled, targets, masker=masker)
            findings.extend(run_rules(runnable(enabled), gctx, gf, gc, gs, stamper, executor))
    findings, made = suppress(findings, files, settings, enabled, stamper)
    masker.mask_findings(unmasked + made)  # the loaders' findings and TC014/TC015 (a suppression quotes codes)
    findings = apply_supersedes(findings)
    findings.sort(key=Finding.sort_key)
    if settings.baseline:
        findings = apply_baseline(findings, settings.baseline)
    return RunResult(findings, files, contracts, samples, enabled, targets, inputs.notes, targets_declared=declared,
                     masker=masker)


def check_loaded(settings: Settings, command: str, files: list[SourceFile], contracts: list[Contract],
                 samples: list[Sample], masker: Masker, enabled: set[str] | None = None) -> list[Finding]:
    """The findings of the rules ``command`` runs (its selected codes, or ``enabled``) on files and contracts
    loaded elsewhere, stamped and masked as a run's, in rule order; no suppression, baseline or sorting.
    `toolcheck diff` runs the TC8 rules this way when the new side has no file left."""
    load_rules()
    if enabled is None:
        enabled = enabled_codes(settings, command)
    ctx = Context(settings, command, contracts, samples, enabled, [], masker=masker)
    stamper = Stamper(settings, enabled | stand_ins(settings, command, enabled))
    return run_rules(runnable(enabled), ctx, files, contracts, samples, stamper)


def run_rules(rules: list[RuleSpec], ctx: Context, files, contracts, samples, stamper: Stamper,
              executor: Executor | None = None) -> list[Finding]:
    """Every rule's findings, reported files only, secrets masked, in rule order, however ``executor`` shares
    the rules out."""

    def work(rs: list[RuleSpec]) -> dict[str, list[Finding]]:
        last = {r.group: i for i, r in enumerate(rs)}
        by_rule = {}
        for i, r in enumerate(rs):
            by_rule[r.code] = [f for f in run_rule(r, ctx, files, contracts, samples, stamper)
                               if f.extra["file"].reported]
            if last[r.group] == i:
                ctx.drop_indexes(r.group)
        # after the rules ran: TC5 teaches the masker secrets it found by context
        ctx.masker.mask_findings([f for fs in by_rule.values() for f in fs])
        return by_rule

    by_rule = (executor or serial)(work, rules, contracts, files, ctx.masker)
    return [f for r in rules for f in by_rule[r.code]]


def _load_all(settings: Settings, inputs: Inputs, texts: dict[str, str] | None) -> list:
    try:
        loaded = [lf for lf in (load_input(i, settings, texts) for i in inputs.files + inputs.context)
                  if lf is not None]
    finally:
        inputs.discard_live()
    for lf, li in zip(loaded, inputs.live, strict=False):  # the live inputs come first
        lf.file.origin = "mcp"
        lf.file.located = not li.temporary  # a temporary listing: `mcp:<server>`, no line numbers into it
    return loaded


def _targets(ctx: Context) -> tuple[list[str], dict[str, str]]:
    """The targets `validate` checks (TC2 selected), in order; those only `strict: true` added: target -> file."""
    targets: list[str] = []
    declared: dict[str, str] = {}
    settings = ctx.settings
    if ctx.command == "validate" and any(RULES[c].family == "TC2" for c in ctx.enabled):
        asked = expand_targets(settings.targets) if settings.targets else None
        for c in ctx.contracts:
            if not c.file.reported:
                continue
            for t in ctx.targets_for(c):
                if t not in targets:
                    targets.append(t)
                if asked is not None and t not in asked and t not in declared:
                    declared[t] = c.file.path  # only `strict: true` adds to what --target asked for
    return targets, declared


def _loader_findings(loaded: list, stamper: Stamper) -> list[Finding]:
    findings: list[Finding] = []
    for lf in loaded:
        for h in lf.hits:
            f = stamper.stamp(h, RULES[h.code], lf.file, _contract_at(lf.contracts, h.pointer))
            if f:
                findings.append(f)
    return [f for f in findings if f.extra["file"].reported]


def _groups(loaded: list) -> list[tuple[list[SourceFile], list[Contract], list[Sample]]]:
    """(files, contracts, samples) per group, the configured set first; one entry when all are in one group."""
    by: dict[str, tuple[list, list, list]] = {}
    for lf in loaded:
        g = by.setdefault(lf.file.group, ([], [], []))
        g[0].append(lf.file)
        g[1].extend(lf.contracts)
        g[2].extend(lf.samples)
    return sorted(by.values(), key=lambda g: g[0][0].group != "") if by else [([], [], [])]
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

