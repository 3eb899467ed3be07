"""Hit -> Finding: which rules run, how a rule is called on the items of its scope, and the stamping of each hit
with its code, name, severity, file, line, column and tool (a rule never places its own findings)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..contract import Contract, Sample, SourceFile
from ..model.findings import Finding, Hit
from ..rules import RULES, RuleSpec
from ..settings import Settings

if TYPE_CHECKING:
    from .context import Context


def runnable(enabled: set[str]) -> list[RuleSpec]:
    """The rules that run, in catalogue order: those enabled, and those that report an enabled code for another
    rule (``RuleSpec.emits``: TC009's check finds the unknown and missing keys of TC007 and TC008)."""
    order: dict[str, int] = {}
    for r in RULES.values():
        order.setdefault(r.module, len(order))
    rules = [r for r in RULES.values() if r.scope != "emitted" and (r.code in enabled or enabled.intersection(r.emits))]
    return sorted(rules, key=lambda r: (order.get(r.module, 0), r.code))


def caller(r: RuleSpec, ctx: Context):
    """``item -> hits`` of a rule: its ``check(facts, options)`` with the facts of its index (the item itself
    without one) and its resolved options."""
    options = ctx.options(r.code)
    check = r.check
    if r.index is None:
        return lambda item: check(item, options) or ()
    index = ctx.index(r.index)
    return lambda item: check(index.facts(item), options) or ()


def run_rule(r: RuleSpec, ctx: Context, files, contracts, samples, stamper: Stamper) -> list[Finding]:
    out: list[Finding] = []
    call = caller(r, ctx)
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


class Stamper:
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
            fix=fix_of(h, r, base),
        )
        f.extra["file"] = file
        if contract is not None and contract.file is file:
            # what the baseline fingerprints instead of the position of the tool in its file
            f.extra["anchor"] = contract.pointer
            src = contract.metadata.get("source")
            if src is not None:
                f.extra["source"] = src
        return f


def fix_of(h: Hit, r: RuleSpec, base: str):
    """The hit's fix, rebased onto the file's document; never safer than its rule declares (`fix` of @rule)."""
    if h.fix is None or r.fix == "none":
        return None
    fix = h.fix.rebased(base)
    return fix.as_unsafe() if r.fix == "unsafe" else fix
