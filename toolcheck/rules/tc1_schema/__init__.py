"""TC1: JSON Schema validity of a contract's `parameters` and `returns` (any alias), one rule per file.

The family's facts are computed by :mod:`.index` (one walk per schema); the helpers behind them are private
modules: the dialect and keyword tables (``_tables``), value checks (``_values``), contradictions
(``_constraints``), metaschema messages (``_meta``) and ECMA-262 patterns (``_regex``).

Decisions where the issue is silent (also in each rule's documentation):

* Annotations and common vendor annotations are accepted silently: ``title``, ``description``, ``$comment``,
  ``deprecated``, ``readOnly``, ``writeOnly``, ``examples``, ``x-*``, ``example``, ``discriminator``,
  ``propertyOrdering``, ``externalDocs``, ``xml``, ``enumNames``, ``enumDescriptions``, ``markdownDescription``.
  ``nullable`` is reported as ``info`` (JSON Schema validators ignore it; ``type: [T, "null"]`` is the portable
  spelling that ``toolcheck export`` turns into ``nullable`` for the targets that want it).
* ``definitions`` and ``$defs`` are accepted (and walked) in every dialect: a ``$ref`` JSON pointer reaches both.
* ``required: true``/``false`` on a property is an error of its own (TC105), not a warning: every metaschema
  rejects it, so no validator compiles the schema.
* In vendor-format input (e.g. the corpus JSON Lines) an unknown keyword with no likely intended keyword is
  ``info`` (the spec's leniency for vendor input); typos and ``optional`` stay warnings.
"""
