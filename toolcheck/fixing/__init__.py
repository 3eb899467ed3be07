"""`toolcheck lint --fix`: fixes that edit the contract file in place, keeping it as its author wrote it.

- :mod:`.model` — :class:`Fix` (a title, ``safe``/``unsafe``, edits) and :class:`Edit` (replace, quote, rename,
  delete, add, set), addressed by JSON pointer. Rules attach them to their hits (``Hit(..., fix=...)``).
- :mod:`.contract_fixes`, :mod:`.schema_fixes` — the fixes themselves, as functions of a node and its pointer.
- :mod:`.document` — edits applied to parsed data: what the file must read as afterwards.
- :mod:`.textedit` — edits turned into splices of the YAML or JSON text (only the changed nodes change).
- :mod:`.apply` — a file's fixes applied and proven (re-parsed, compared, comments kept) before they are kept.
- :mod:`.run` — the CLI's loop: check, fix, check again; write atomically, or print a unified diff.

Nothing here is imported by a plain `toolcheck lint`: only a finding that has a fix imports :mod:`.model` (and the
rule module that made it), and only `--fix`/`--diff` import the rest.
"""

from .model import SAFE, UNSAFE, Edit, Fix

__all__ = ["SAFE", "UNSAFE", "Edit", "Fix"]
