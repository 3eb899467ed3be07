"""TC5: leaked internals and secrets in every string the model reads.

The strings: the tool's ``title``, ``description``, ``annotations.title`` and error descriptions, and,
recursively through ``parameters`` and ``returns`` (``properties``, ``items``, ``anyOf``, ``$defs``, ...), every
schema ``title``, ``description``, ``$comment``, ``default``, ``examples``, ``example``, ``enum``, ``const`` and
``pattern`` (escapes removed); property names and the keys of literal mappings are checked for secrets only
(and a finding about one points at its parent, so that the pointer does not spell the secret out).

How: the first TC5 rule that runs scans every reported contract at once (:class:`.index.LeaksIndex`, so each
rule only picks its own matches). All strings are joined and searched with ``bytes.find`` and
literal-led patterns for cheap hints (``://``, ``@``, ``/etc/``, ``SELECT``, ``$``, ``Exception``, a run of 15
letters and digits holding a digit, ...); only the few strings with a hint go through the detectors of the
enabled rules. One finding per string and rule; several matches in one string are listed in its message.

Detection is pattern data (modelled on the gitleaks rules and the detect-secrets plugins, see
``toolcheck.secrets``) plus context from the schema: a description of a parameter that *is* a host, a path or a
SQL query documents the format rather than the deployment, so bare example addresses, paths and SQL are not
reported there. Secrets are reported masked; each one is also handed to the run's masker
(:meth:`toolcheck.masking.Masker.remember`) so that it is hidden in any later message that quotes it.

Config: ``allow.domains`` (hosts, domain suffixes, IPs or CIDR ranges that are known and fine: never reported)
and ``allow.patterns`` (regular expressions; a match whose flagged text they match is not reported; an invalid
expression is matched as plain text).
"""
