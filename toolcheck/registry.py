"""A shim while families move to rule files: the registry is :mod:`toolcheck.rules`.

Old-style check modules (``toolcheck/checks/*.py``) still import the ``@rule``
decorator from here. WP6 of issue 16 deletes this module once the last of them has moved.
"""

from __future__ import annotations

from .rules import (
    COMMAND_FAMILIES,
    DOCS_URL,
    FAMILIES,
    LINT_FAMILIES,
    RULES,
    Rule,
    code_for_name,
    doc_code_block,
    doc_section,
    expand_selector,
    is_known_selector,
    load_rules,
    rule,
    rules_sorted,
)

__all__ = ["COMMAND_FAMILIES", "DOCS_URL", "FAMILIES", "LINT_FAMILIES", "RULES", "Rule", "code_for_name",
           "doc_code_block", "doc_section", "expand_selector", "is_known_selector", "load_rules", "rule",
           "rules_sorted"]
