"""TC8: compatibility between two versions of the contracts (`toolcheck diff`).

Codes: TC801-TC812 breaking changes (error; each with a witness), TC813-TC815 breaking-looking changes no
witness proves (warning), TC820-TC827 compatible changes (info), TC830 changes that cannot be decided
(warning), TC840-TC841 the version rule. The analysis (matching,
renames, schema comparison, witnesses) is :mod:`toolcheck.compat`; it runs once per run (started through
:class:`.index.CompatIndex` by TC801's rule file) and the engine stamps each finding under its own code, so each
can be selected, ignored or re-graded on its own. The other codes are registered here with ``scope="emitted"``.

A breaking change is an error only when its witness is verified: an argument object (for `returns`, a result)
that the old contract accepts and the new one rejects, checked by running both validators. When none can be
found, the finding has a code of its own, a warning that says why (one code, one severity): a parameter removed
while additional properties stay allowed (TC813), a `format` validators do not know (TC815), any other case —
a schema that does not compile, no value found — TC814, whose `data.breaking_code` names the breaking code.

Documentation convention (these rules compare two versions, so an example is a pair of files): the Example and
Use instead sections hold two fenced blocks each, ```` ```yaml file=old/<name>.yaml ```` and
```` ```yaml file=new/<name>.yaml ````; the docs test writes both and runs ``toolcheck diff old new``.
"""
