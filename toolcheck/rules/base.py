"""What a rule file declares, and what the engine hands it: the contract between a rule and the engine.

A rule is one module, ``toolcheck/rules/<family>/<rule_name>.py`` (``scripts/add_rule.py`` writes one):

- its **docstring** is the documentation ``toolcheck rule CODE`` prints (summary line, then ``What it does:``,
  ``Why is this bad?``, ``Example:``, ``Use instead:``, optionally ``Options:``); a test runs its Example (must
  fire) and its Use instead (must not);
- ``RULE = RuleSpec(...)`` declares its identity and policy: code, kebab-case name, default severity, scope, the
  family :class:`Index` it reads, its options (each an :class:`Option` with type, range and default), whether a
  fix exists (``fix``), the codes its findings make redundant (``supersedes``), the other codes its check
  reports through ``Hit(code=...)`` (``emits``: the rule then runs when any of them is selected);
- ``check(facts, options) -> Iterator[Hit]`` yields what is wrong, where (a JSON Pointer relative to the checked
  item), and what to do. The engine stamps code, name, severity, file, line, column and tool.

What ``check`` receives depends on ``scope``:

===============  ==================================================================================
``contract``     called once per reported contract; ``facts`` = ``index.facts(contract)``
``set``          called once per checked group; ``facts`` = ``index.facts(contracts)``; each Hit names its
                 ``subject`` (the Contract, Sample or SourceFile its pointer is relative to)
``samples``      like ``set``, with the group's samples: ``facts`` = ``index.facts(samples)``
``file``         like ``set``, with the group's source files
``emitted``      never called: the codes a process emits (loading, fuzzing, diff) registered with their docs
===============  ==================================================================================

Without an ``index``, ``facts`` is the item itself (the Contract, or the list). ``options`` is a plain dict of
this rule's options: every declared option present, the user's value from ``rules.<CODE>`` (or ``rules.<name>``)
when it is acceptable (:meth:`Option.problem`), else the default.

An **index** (``rules/<family>/index.py``) is one walk computing the facts several rules of a family share. The
engine builds each index class at most once per run (per checked group), keyed by the class itself — no string
keys in a shared dict — and rules never change its facts: where one finding must silence another, the rule
declares ``supersedes`` and the engine applies it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from ..model.findings import SEVERITIES, Hit

if TYPE_CHECKING:  # annotations only: the engine's Context implements RunView
    from ..masking import Masker
    from ..settings import Settings

__all__ = ["FIXES", "SCOPES", "SEVERITIES", "Hit", "Index", "Option", "RuleSpec", "RunView"]

SCOPES = ("emitted", "file", "contract", "set", "samples")
FIXES = ("safe", "unsafe", "none")  # `toolcheck --fix` (issue 20) applies "safe" fixes; "unsafe" ones on request
CODE_RE = re.compile(r"^TC[0-8]\d{2}$")
NAME_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")

_TYPE_NAMES = {bool: "a boolean", int: "an integer", float: "a number", str: "a string", list: "a list",
               dict: "a mapping"}
_PLURALS = {bool: "booleans", int: "integers", float: "numbers", str: "strings", list: "lists", dict: "mappings"}
_SCHEMA_TYPES = {bool: "boolean", int: "integer", float: "number", str: "string", list: "array", dict: "object"}


@dataclass(frozen=True)
class Option:
    """One option of a rule (``rules.<CODE>.<name>`` in the config): its type, range and default.

    ``type`` is ``bool``, ``int``, ``float``, ``str``, ``list`` or ``dict``, or a tuple of them (either is
    accepted). ``items`` is the type of a list's items; with ``single=True`` a lone item stands for a one-item
    list (``risks: destructive`` means ``[destructive]``). ``choices`` lists the accepted values, ``min``/``max``
    bound a number (inclusive); for a list, ``choices`` are the accepted items. ``check`` returns a problem the type cannot express (a regex that does not
    compile), or None. ``doc`` is one line for the generated docs and the config error messages.
    """

    type: type | tuple[type, ...]
    default: Any
    doc: str = ""
    items: type | None = None
    choices: tuple[Any, ...] | None = None
    min: float | None = None
    max: float | None = None
    single: bool = False
    check: Callable[[Any], str | None] | None = None

    @property
    def types(self) -> tuple[type, ...]:
        return self.type if isinstance(self.type, tuple) else (self.type,)

    def _normal(self, value: Any) -> Any:
        if self.single and list in self.types and self.items is not None and _is(value, self.items):
            return [value]
        if isinstance(value, tuple):
            return list(value)
        return value

    def problem(self, value: Any) -> str | None:
        """Why ``value`` is not acceptable for this option (a phrase: "must be an integer, not a string"), or
        None. The config check (exit 2 with file, line and key) reports it; the engine then uses the default."""
        value = self._normal(value)
        if not any(_is(value, t) for t in self.types):
            names = [_TYPE_NAMES.get(t, t.__name__) for t in self.types]
            if self.items is not None and list in self.types:
                names[self.types.index(list)] = f"a list of {_PLURALS.get(self.items, 'values')}"
            return f"must be {' or '.join(names)}, not {_described(value)}"
        if isinstance(value, (list, tuple)) and self.items is not None:
            bad = next((x for x in value if not _is(x, self.items)), _NOTHING)
            if bad is not _NOTHING:
                return f"must list {_PLURALS.get(self.items, 'values')} only, not {_described(bad)}"
        if self.choices is not None:
            for x in (value if isinstance(value, (list, tuple)) else [value]):
                if x not in self.choices:
                    return "must be one of " + ", ".join(str(c) for c in self.choices) + f", not {x!r}"
        if self.min is not None and _is(value, float) and value < self.min:
            return f"must be at least {self.min}, not {value}"
        if self.max is not None and _is(value, float) and value > self.max:
            return f"must be at most {self.max}, not {value}"
        if self.check is not None:
            return self.check(value)
        return None

    def value(self, given: Any = None, present: bool = False) -> Any:
        """What the rule sees: the user's value (normalised) when present and acceptable, else the default."""
        if present and self.problem(given) is None:
            return self._normal(given)
        return self.default

    def json_schema(self) -> dict[str, Any]:
        """The option as JSON Schema (for the config schema and the docs)."""
        types = [_SCHEMA_TYPES[t] for t in self.types if t in _SCHEMA_TYPES]
        out: dict[str, Any] = {"type": types[0] if len(types) == 1 else types}
        listed = self.items is not None and list in self.types
        if listed:
            item: dict[str, Any] = {"type": _SCHEMA_TYPES[self.items]}
            if self.choices is not None:
                item["enum"] = list(self.choices)
            out["items"] = item
            if self.single:
                out = {"anyOf": [out, dict(item)]}
        elif self.choices is not None:
            out["enum"] = list(self.choices)
        if self.min is not None:
            out["minimum"] = self.min
        if self.max is not None:
            out["maximum"] = self.max
        if self.doc:
            out["description"] = self.doc
        out["default"] = self.default
        return out


_NOTHING = object()


def _is(value: Any, t: type) -> bool:
    if t is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if t is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if t is list:
        return isinstance(value, (list, tuple))
    return isinstance(value, t)


def _described(value: Any) -> str:
    if value is None:
        return "null"
    for t in (bool, int, float, str, list, dict):
        if _is(value, t):
            return _TYPE_NAMES[t]
    return type(value).__name__


class RunView(Protocol):
    """What an index may read of the run (the engine's ``Context`` implements it)."""

    settings: Settings
    command: str
    contracts: list[Any]  # every loaded contract of the group, context files included (``c.file.reported``)
    samples: list[Any]
    enabled: set[str]
    masker: Masker

    def options(self, code: str) -> dict[str, Any]:
        """The options of rule ``code`` (declared defaults merged with the config), as ``check`` receives them."""
        ...

    def index(self, cls: type[Index]) -> Index:
        """The run's instance of an index class (built on first use): an index may build on another."""
        ...


class Index:
    """The facts a family's rules share, computed once per run.

    Subclass it in ``rules/<family>/index.py``: ``__init__(run)`` receives the :class:`RunView` (compute run-wide
    tables there: compiled option values, a replay of every sample), ``facts(item)`` returns the typed facts of
    one checked item — a Contract for ``scope="contract"``, the group's list for ``set``/``samples``/``file``.
    Compute lazily (``functools.cached_property`` on a per-contract facts class) what only some rules read, so a
    run that selects one rule pays for what that rule needs.
    """

    def __init__(self, run: RunView) -> None:
        self.run = run

    def facts(self, item: Any) -> Any:
        return item


@dataclass(frozen=True)
class RuleSpec:
    """A rule's identity and policy, declared as ``RULE = RuleSpec(...)`` in its module (see the module doc)."""

    code: str
    name: str
    severity: str = "error"
    scope: str = "contract"
    index: type[Index] | None = None
    options: Mapping[str, Option] = field(default_factory=dict)
    fix: str = "none"  # "safe" | "unsafe" | "none": whether `toolcheck --fix` can repair a finding
    fixable: bool = False  # `toolcheck export` resolves it (the target transform drops or rewrites the keyword)
    supersedes: tuple[str, ...] = ()  # codes a finding of this rule silences at its pointer and below
    emits: tuple[str, ...] = ()  # other codes its check reports (Hit.code): it runs when any of them is selected
    targets: tuple[str, ...] = ()
    url: str | None = None  # where the rule comes from (a vendor doc); per finding, Hit.url overrides it
    # False: an opt-in rule, run only when a selector names it (its code or name, or ALL); a family or prefix
    # (TC4, the default TC) does not. For heuristics below the severity policy's precision bar (README).
    default_enabled: bool = True
    # set by the registry when it loads the module
    doc: str = ""
    check: Callable[[Any, dict[str, Any]], Iterable[Hit]] | None = None
    module: str = ""

    def __post_init__(self) -> None:
        if not CODE_RE.match(self.code):
            raise ValueError(f"bad rule code {self.code!r}")
        if not NAME_RE.match(self.name):
            raise ValueError(f"{self.code}: bad rule name {self.name!r} (kebab-case)")
        if self.scope not in SCOPES:
            raise ValueError(f"{self.code}: bad scope {self.scope!r} (one of {', '.join(SCOPES)})")
        if self.severity not in SEVERITIES:
            raise ValueError(f"{self.code}: bad severity {self.severity!r}")
        if self.fix not in FIXES:
            raise ValueError(f"{self.code}: bad fix {self.fix!r} (one of {', '.join(FIXES)})")
        for field_name in ("supersedes", "emits"):
            for code in getattr(self, field_name):
                if not CODE_RE.match(code) or code == self.code:
                    raise ValueError(f"{self.code}: bad code {code!r} in {field_name}")
        for k, o in self.options.items():
            if not isinstance(o, Option):
                raise TypeError(f"{self.code}: option {k!r} must be an Option")
            if o.problem(o.default) is not None:
                raise ValueError(f"{self.code}: the default of option {k!r} {o.problem(o.default)}")

    @property
    def family(self) -> str:
        return self.code[:3]

    @property
    def summary(self) -> str:
        return self.doc.strip().splitlines()[0] if self.doc.strip() else ""

    @property
    def group(self) -> str:
        """The unit the parallel split balances: the family package of a rule file, the module of old-style
        rules (several rules each)."""
        if self.module.count(".") >= 3:
            return self.module.rsplit(".", 1)[0]
        return self.module

    def defaults(self) -> dict[str, Any]:
        return {k: o.default for k, o in self.options.items()}

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """The options ``check`` receives, from the config's ``rules.<CODE>`` mapping(s) merged in ``given``."""
        return {k: o.value(given.get(k), k in given) for k, o in self.options.items()}
