"""The rule registry: every rule code, its documentation and its check; the lists the CLI and the docs read.

Rules live in one file each, ``toolcheck/rules/<family>/<rule_name>.py``, declaring ``RULE = RuleSpec(...)``
and ``check(facts, options)`` (see :mod:`toolcheck.rules.base`). The generated catalogue
(:mod:`toolcheck.rules._catalogue`, written by ``scripts/gen_catalogue.py``) lists them, so loading the registry
never scans the package.

Codes a process produces (the loader's TC0, the fuzzer's TC7, the differ's TC8) are registered with
``scope="emitted"``: they are never called, their docs are what ``toolcheck rule CODE`` prints.
"""

from __future__ import annotations

import importlib
import inspect
import re
from dataclasses import replace
from typing import Any

from . import _catalogue
from .base import Option, RuleSpec  # noqa: F401  (Option: re-exported for rule options in tests and tools)

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

DOCS_URL = "https://github.com/toolcheck/toolcheck/blob/main/README.md#rules"
DOC_HEADINGS = ("What it does", "Why is this bad?", "Example", "Use instead", "Options", "Source")

Rule = RuleSpec  # the registry's record of a rule, old-style or a rule file

RULES: dict[str, RuleSpec] = {}
_NAMES: dict[str, str] = {}


def register(spec: RuleSpec) -> RuleSpec:
    """Add ``spec`` (complete: doc, check, module) to the registry."""
    old = RULES.get(spec.code)
    if old is not None and old.module != spec.module:
        raise ValueError(f"rule code {spec.code} registered twice ({old.module} and {spec.module})")
    if spec.name in _NAMES and _NAMES[spec.name] != spec.code:
        raise ValueError(f"rule name {spec.name} registered twice")
    RULES[spec.code] = spec
    _NAMES[spec.name] = spec.code
    return spec


def register_module(module: Any) -> RuleSpec:
    """Register a rule file: its ``RULE``, its docstring as the docs, its ``check`` (none for ``emitted``)."""
    spec = module.RULE
    check = getattr(module, "check", None)
    if spec.scope != "emitted" and not callable(check):
        raise ValueError(f"{module.__name__}: a {spec.scope} rule needs a check(facts, options) function")
    return register(replace(spec, doc=inspect.cleandoc(module.__doc__ or ""), check=check, module=module.__name__))


_loaded = False


def load_rules() -> dict[str, RuleSpec]:
    """Import every rule module of the catalogue (once); the registry, code -> spec."""
    global _loaded
    if not _loaded:
        for mod in _catalogue.RULE_MODULES.values():
            register_module(importlib.import_module(mod))
        _loaded = True
    return RULES


def rules_sorted() -> list[RuleSpec]:
    return [load_rules()[c] for c in sorted(load_rules())]


def code_for_name(name: str) -> str | None:
    load_rules()
    return _NAMES.get(name)


def rule_dict(r: RuleSpec) -> dict[str, Any]:
    """One rule as `toolcheck rules --format json` lists it."""
    return {
        "code": r.code,
        "name": r.name,
        "family": r.family,
        "family_name": FAMILIES[r.family],
        "severity": r.severity,
        "summary": r.summary,
        "targets": list(r.targets),
        "fixable": r.fixable,
        "fix": r.fix,
        "default": r.default_enabled,
        "url": r.url or DOCS_URL,
        "options": r.defaults(),
    }


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
    alternatives = "|".join(re.escape(h) for h in DOC_HEADINGS)
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
