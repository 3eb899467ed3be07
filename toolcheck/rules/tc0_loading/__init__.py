"""TC0: loading and the contract format.

Most of these findings come from the loader (syntax, encodings, duplicate keys, YAML 1.1 traps, limits:
:mod:`toolcheck.loading`) or from the engine (suppressions, files that are not contracts); their rule files declare
``scope="emitted"``, so that each code has its documentation and its fixtures like every other rule, and no check.
Two are checks of their own: TC009 validates each contract against the contract format's JSON Schema (and reports
the unknown and missing keys of TC007, TC018 and TC008 on the way), TC012 compares the names of the checked set. They
share no facts, so the family has no index.
"""
