"""Example tool handlers for `toolcheck fuzz`.

- :mod:`toolcheck.examples.giftgenius`: careful reference handlers for the bundled GiftGenius contracts: every
  call is checked against its contract first (`toolcheck.check_arguments`), expected failures are structured
  errors with a declared code, and results match `returns`.
- :mod:`toolcheck.examples.pitfalls`: small handlers that each make one mistake the TC7 rules find, used by the
  rules' documentation (`toolcheck rule TC710`) next to the careful version of the same handler.
"""
