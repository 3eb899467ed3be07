"""What a run's checks may read besides the item they check (:class:`Context`), the targets of a contract, and
which codes a run reports (the selection: `select`, `extend-select`, `ignore`, opt-in rules, stand-ins)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..config import ConfigError
from ..contract import Contract, Sample
from ..masking import Masker
from ..rules import COMMAND_FAMILIES, RULES, expand_selector, is_known_selector, load_rules
from ..rules.base import Index
from ..settings import Settings
from ..vendors.targets import targets_for


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
        got = self.resolved[code] = r.resolve_options(given)
        return got

    def index(self, cls: type[Index]) -> Index:
        """The run's instance of a family index, built on first use (at most once per run and group)."""
        got = self.indexes.get(cls)
        if got is None:
            got = self.indexes[cls] = cls(self)
        return got

    def drop_indexes(self, group: str) -> None:
        """Forget the indexes of rule group ``group`` (a family package) once its last rule of the run has run:
        on a large run they are a large part of the heap (overlap's frames, the vendor analyses), and nothing
        after the group reads them (another group asking again gets a new one, with the same facts)."""
        for cls in [c for c in self.indexes if c.__module__ == group or c.__module__.startswith(group + ".")]:
            del self.indexes[cls]

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
            from ..config import unknown_selector_message

            raise ConfigError(unknown_selector_message(sel))
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
