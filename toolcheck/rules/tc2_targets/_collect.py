"""How TC2 turns problems into findings: one finding per problem and target, its message naming the target.

:class:`Collector` gathers the problems of one contract; :func:`fill_who` puts the targets into a message
template (``{who} rejects ...``). Both read only the vendor tables (:mod:`toolcheck.vendors.rules`), imported on
first use (`toolcheck lint` registers the TC2 rules but never runs them).
"""

from __future__ import annotations

from ...model.findings import Hit
from ...model.pointer import join_pointer

_CODES: dict[tuple[str, str], str] = {}


def code_of(kind: str, severity: str) -> str:
    """The code of a kind of problem found at a severity: the vendor analysis files problems under the name of
    the rule that reports them (``keyword-not-supported-by-target`` is TC204's), and a warning case of a kind is
    the narrower code :data:`toolcheck.vendors.rules.NARROWER` names (one code, one default severity)."""
    code = _CODES.get((kind, severity))
    if code is None:
        from ...vendors.rules import kind_for
        from .. import code_for_name

        code = _CODES[(kind, severity)] = code_for_name(kind_for(kind, severity))
    return code


_BY_FAMILY: dict[tuple, dict[str, list[str]]] = {}


def by_family(specs: list[str]) -> dict[str, list[str]]:
    """The targets grouped by vendor family (`openai` and `openai-strict` are OpenAI's)."""
    key = tuple(specs)
    fams = _BY_FAMILY.get(key)
    if fams is None:
        from ...vendors.targets import FAMILY, parse_target

        fams = {}
        for sp in specs:
            fams.setdefault(FAMILY[parse_target(sp)[0]], []).append(sp)
        _BY_FAMILY[key] = fams
    return fams


_WHO: dict[tuple, tuple[str, bool]] = {}
_PLURAL = {"needs": "need", "rejects": "reject", "does": "do", "requires": "require", "allows": "allow",
           "limits": "limit", "takes": "take", "accepts": "accept", "unrolls": "unroll", "resolves": "resolve",
           "advises": "advise"}


def who(specs: list[str] | tuple[str, ...]) -> tuple[str, bool]:
    """("OpenAI strict mode (`openai-strict`)", plural?) for the targets that share a finding."""
    key = tuple(specs)
    hit = _WHO.get(key)
    if hit is None:
        from ...vendors.rules import FAMILY_LABELS, target_label
        from ...vendors.targets import FAMILY, parse_target

        fams: dict[str, list[str]] = {}
        for sp in specs:
            fams.setdefault(FAMILY.get(parse_target(sp)[0], sp), []).append(sp)
        parts = []
        for fam, members in fams.items():
            label = target_label(members[0]) if len(members) == 1 else FAMILY_LABELS.get(fam, fam)
            parts.append(f"{label} ({', '.join(f'`{m}`' for m in members)})")
        text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
        hit = _WHO[key] = (text, len(parts) > 1)
    return hit


def fill_who(message: str, specs) -> str:
    """Put the targets into a message template (``{who} rejects ...``), with the verb agreeing."""
    text, plural = who(specs)
    if plural and "{who} " in message:
        head, _, rest = message.partition("{who} ")
        verb, sp, tail = rest.partition(" ")
        rest = _PLURAL.get(verb, verb) + sp + tail
        message = head + "{who} " + rest
    return message.replace("{who}", text)


_RANK = {"info": 0, "warning": 1, "error": 2}


class Collector:
    """One finding per problem and target: its severity, its source (`url`) and its `target` are that target's,
    as each target is a rule of its own. The same problem found twice for one target (two checks of one rule)
    is one finding, at the higher severity, and its code is that severity's (:func:`code_of`): a problem one
    target rejects and another only may reject is the error code for the first and the warning code for the
    second, so `severity:` and `--select` of either code mean one thing.
    """

    def __init__(self) -> None:
        self.groups: dict[tuple, list] = {}
        self.ptrs: dict[tuple, str] = {}

    def pointer(self, tokens: tuple) -> str:
        p = self.ptrs.get(tokens)
        if p is None:
            try:
                p = "/" + "/".join(tokens)
                if "~" in p or p.count("/") != len(tokens):
                    p = join_pointer("", *tokens)
            except TypeError:  # an int token (an array index)
                p = join_pointer("", *tokens)
            self.ptrs[tokens] = p
        return p

    def add(self, spec: str, kind: str, pointer: str, severity: str, rule_id: str | None, message: str,
            help: str, fix: str | None, fixable: bool | None, source_fix=None) -> None:
        key = (kind, pointer, message, fix, spec)
        g = self.groups.get(key)
        if g is None:
            self.groups[key] = [[spec], severity, rule_id, spec, help, fixable, source_fix]
        else:
            if spec not in g[0]:
                g[0].append(spec)
            if _RANK[severity] > _RANK[g[1]]:
                g[1], g[2], g[3] = severity, rule_id, spec

    def has_fixable(self) -> bool:
        """Whether any problem collected is one the export resolves."""
        return any(g[5] for g in self.groups.values())

    def merge(self, other: Collector) -> None:
        """Add another collector's problems as export-mode findings (no `fixable`)."""
        for (kind, pointer, message, fix, _), (specs, severity, rule_id, _lead, help_, _, _) in other.groups.items():
            for spec in specs:
                self.add(spec, kind, pointer, severity, rule_id, message, help_, fix, None)

    def hits(self) -> list[Hit]:
        out = []
        for (kind, pointer, message, fix, _), g in self.groups.items():
            specs, severity, rule_id, lead, help_, fixable, source_fix = g
            if fix and fixable:
                help_ = _fix_help(help_, lead, fix)
            out.append(Hit(pointer, fill_who(message, specs), help_, code=code_of(kind, severity), severity=severity,
                           target=lead, url=source_url(rule_id, lead), fixable=fixable, fix=source_fix))
        return out


_HELP: dict[tuple, str] = {}
_URLS: dict[tuple, str | None] = {}


def _fix_help(help_: str, lead: str, fix: str) -> str:
    key = (help_, lead, fix)
    h = _HELP.get(key)
    if h is None:
        from ...vendors.transforms import TRANSFORM_TEXT

        h = _HELP[key] = f"{help_} Or ship it with `toolcheck export --target {lead}`, which " \
                         f"{TRANSFORM_TEXT.get(fix, fix)}."
    return h


def source_url(rule_id: str | None, lead: str) -> str | None:
    """The documentation of vendor rule ``rule_id`` (for target ``lead``: an MCP version picks its spec)."""
    key = (rule_id, lead)
    if key not in _URLS:
        from ...vendors.sources import url_for
        from ...vendors.targets import parse_target

        _URLS[key] = url_for(rule_id, parse_target(lead)[1]) if rule_id else None
    return _URLS[key]
