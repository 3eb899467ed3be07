"""TC2: vendor targets — will what we send each vendor be accepted, and does it still mean the contract?

Every contract is checked against its targets (:func:`toolcheck.vendors.targets.targets_for`: ``--target`` > the
contract's ``targets`` > config ``targets`` > the vendor format's own target > the default ``openai, anthropic,
gemini-json-schema, mcp``; a file that says `strict: true` adds its vendor's strict target). The vendor rules
themselves are data in :mod:`toolcheck.vendors.rules` (each with its source in :mod:`toolcheck.vendors.sources`);
these rules turn them into findings, one per problem and target:

- ``ship: as-is`` (default): the schema as written is examined; a finding that `toolcheck export` would resolve
  is ``fixable`` and its help names the transform.
- ``ship: export``: the exported payload (:func:`toolcheck.vendors.export_tool`) is examined instead; what the
  transforms resolve disappears, what they cannot express stays (with its severity), and a constraint the export
  must drop is a warning naming it. Pointers always point into the contract.

One rule per module. The schema rules (TC203-TC212, TC216) read one pass per contract and target, computed
once by :mod:`.index`; the tool name (TC201) and description (TC202) rules check on their own; the tool-set
rules (TC213-TC215, TC217, TC226) count over the index's tool sets.
"""
