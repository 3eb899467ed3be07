"""The rule registry: every rule is a function whose docstring is its documentation.

``@rule(...)`` registers a check. Rules whose findings are produced by the loader or by another check are
registered the same way with ``scope="emitted"``: their function is never called, but their docstring is what
``toolcheck rule CODE`` prints and what the tests run (each documented Example must fire its rule).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

FAMILIES: dict[str, str] = {
    "TC0": "loading and contract format",
    "TC1": "JSON Schema validity",
    "TC2": "vendor targets",
    "TC3": "samples",
    "TC4": "descriptions and naming",
    "TC5": "leaked internals and secrets",
    "TC6": "safety policy",
    "TC7": "fuzzing",
    "TC8": "compatibility between versions",
}

LINT_FAMILIES = ("TC0", "TC1", "TC4", "TC5", "TC6")
COMMAND_FAMILIES: dict[str, tuple[str, ...]] = {
    "lint": LINT_FAMILIES,
    "validate": LINT_FAMILIES + ("TC2", "TC3"),
    "fuzz": ("TC0", "TC7"),
    "diff": ("TC0", "TC8"),
}

# Modules that define rules, in the order their checks run. Explicit, so the catalogue is complete without
# scanning the package, and cheap: a module imports its heavy dependencies inside the functions that use them.
CHECK_MODULES: tuple[str, ...] = (
    "toolcheck.checks.loading",
    "toolcheck.checks.schema",
    "toolcheck.checks.targets",
    "toolcheck.checks.samples",
    "toolcheck.checks.naming",
    "toolcheck.checks.overlap",
    "toolcheck.checks.leaks",
    "toolcheck.checks.safety",
    "toolcheck.checks.compat",
    "toolcheck.fuzz.rules",
)

SCOPES = ("emitted", "file", "contract", "set", "samples")
CODE_RE = re.compile(r"^TC[0-8]\d{2}$")
NAME_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
DOCS_URL = "https://github.com/toolcheck/toolcheck/blob/main/README.md#rules"


@dataclass(frozen=True)
class Rule:
    code: str
    name: str
    severity: str
    scope: str
    fn: Callable[..., Any]
    doc: str
    targets: tuple[str, ...] = ()
    url: str | None = None
    fixable: bool = False
    options: dict[str, Any] = field(default_factory=dict)
    fix: str = "none"  # safe | unsafe | none: what `--fix` can do for its findings (`fixable`: `export` resolves it)

    @property
    def family(self) -> str:
        return self.code[:3]

    @property
    def summary(self) -> str:
        return self.doc.strip().splitlines()[0] if self.doc.strip() else ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "name": self.name,
            "family": self.family,
            "family_name": FAMILIES[self.family],
            "severity": self.severity,
            "summary": self.summary,
            "targets": list(self.targets),
            "fixable": self.fixable,
            "fix": self.fix,
            "url": self.url or f"{DOCS_URL}",
            "options": self.options,
        }


RULES: dict[str, Rule] = {}
_NAMES: dict[str, str] = {}


def rule(
    code: str,
    name: str,
    *,
    severity: str = "error",
    scope: str = "contract",
    targets: tuple[str, ...] = (),
    url: str | None = None,
    fixable: bool = False,
    options: dict[str, Any] | None = None,
    fix: str = "none",
):
    """Register ``fn`` as rule ``code``; its docstring is the rule's documentation. ``fix``: whether its findings
    carry a fix `--fix` applies (``safe``), one only `--unsafe-fixes` applies (``unsafe``), or none."""
    if not CODE_RE.match(code):
        raise ValueError(f"bad rule code {code!r}")
    if not NAME_RE.match(name):
        raise ValueError(f"bad rule name {name!r}")
    if scope not in SCOPES:
        raise ValueError(f"bad scope {scope!r}")
    if fix not in ("safe", "unsafe", "none"):
        raise ValueError(f"bad fix {fix!r} (safe, unsafe or none)")

    def deco(fn):
        if code in RULES and RULES[code].fn is not fn:
            raise ValueError(f"rule code {code} registered twice")
        if name in _NAMES and _NAMES[name] != code:
            raise ValueError(f"rule name {name} registered twice")
        RULES[code] = Rule(
            code=code,
            name=name,
            severity=severity,
            scope=scope,
            fn=fn,
            doc=_dedent(fn.__doc__ or ""),
            targets=targets,
            url=url,
            fixable=fixable,
            options=dict(options or {}),
            fix=fix,
        )
        _NAMES[name] = code
        return fn

    return deco


def _dedent(doc: str) -> str:
    import inspect

    return inspect.cleandoc(doc)


_loaded = False


def load_rules() -> dict[str, Rule]:
    global _loaded
    if not _loaded:
        for mod in CHECK_MODULES:
            importlib.import_module(mod)
        _loaded = True
    return RULES


def rules_sorted() -> list[Rule]:
    return [load_rules()[c] for c in sorted(load_rules())]


def code_for_name(name: str) -> str | None:
    load_rules()
    return _NAMES.get(name)


def expand_selector(selector: str) -> list[str]:
    """Codes a selector names: a code (TC401), a family or prefix (TC4, TC40, TC), or a rule name."""
    rules = load_rules()
    sel = selector.strip()
    if not sel:
        return []
    upper = sel.upper()
    if upper == "ALL":
        return sorted(rules)
    if upper.startswith("TC"):
        return sorted(c for c in rules if c.startswith(upper))
    code = _NAMES.get(sel)
    return [code] if code else []


def is_known_selector(selector: str) -> bool:
    sel = selector.strip().upper()
    if sel == "ALL":
        return True
    if sel.startswith("TC"):
        return bool(re.match(r"^TC(\d{0,3})$", sel)) and (len(sel) <= 3 or bool(expand_selector(sel)))
    return bool(expand_selector(selector))


def doc_section(doc: str, heading: str) -> str | None:
    """The text under ``heading:`` in a rule doc, up to the next known heading."""
    headings = ("What it does", "Why is this bad?", "Example", "Use instead", "Options", "Source")
    alternatives = "|".join(re.escape(h) for h in headings)
    pat = re.compile(rf"^({alternatives}):?\s*$", re.M)
    parts = pat.split(doc)
    for i in range(1, len(parts) - 1, 2):
        if parts[i].rstrip(":") == heading.rstrip(":"):
            return parts[i + 1].strip("\n")
    return None


def doc_code_block(doc: str, heading: str) -> tuple[str, str] | None:
    """(language, code) of the first fenced block under ``heading``."""
    sec = doc_section(doc, heading)
    if sec is None:
        return None
    m = re.search(r"```(\w*)\n(.*?)```", sec, re.S)
    if not m:
        return None
    return m.group(1) or "yaml", m.group(2)
