"""Compatibility between two versions of a contract set (`toolcheck diff`, TC8).

* :mod:`.schemadiff` compares two JSON Schemas keyword by keyword and says, per change, whether the new schema
  rejects something the old one accepted (*narrow*), accepts more (*wide*), only reworded (*neutral*), or whether
  the change cannot be decided structurally (*unknown*: `$ref` graphs, `anyOf` with constrained branches, ...).
* :mod:`.witness` builds, for each narrowing change, a concrete instance accepted by the old schema and rejected
  by the new one, and proves it by running both validators (strings under a `pattern` are built from the pattern's
  syntax tree by :mod:`.regex_samples`; no generator library is imported).
* :mod:`.analysis` matches tools (by name, or by (source, name) for corpus-like input), finds renames, turns the
  changes into findings and applies the version rule.

The rules themselves (documentation, codes) live in :mod:`toolcheck.rules.tc8_compat`; loading both sides and
reading a git ref is :mod:`toolcheck.diffing`. Only the standard library is imported at module level.
"""
