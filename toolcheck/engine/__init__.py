"""paths -> discover -> load -> checks -> findings -> suppress/filter -> result. No printing, no exiting, and no
cache, process or garbage-collector knowledge: the runner (:mod:`toolcheck.runner`) wraps the engine with those.

The modules, in the order of the data flow:

- :mod:`.inputs` — :func:`gather`: the selection, the discovered files, a live MCP server's listing, the notes;
  ``--show-files``; reading one input file.
- :mod:`.context` — :class:`Context`, what a check reads of its run; the targets of a contract; which codes run.
- :mod:`.stamp` — which rules run, and Hit -> Finding (code, severity, file, line, column, tool).
- :mod:`.pipeline` — :func:`check` (inputs -> RunResult), :func:`run` (gather + check), :func:`check_loaded` (the
  rules on files loaded elsewhere: `toolcheck diff`).
- :mod:`.suppress` — suppression comments, `per-file-ignores`, rules' ``supersedes``.
- :mod:`.baseline` — `--baseline`/`--write-baseline` and the findings' fingerprints.
- :mod:`.result` — :class:`RunResult`, :func:`worst_exit`.
"""

from __future__ import annotations

from .baseline import (
    BASELINE_VERSION,
    MAX_BASELINE,
    apply_baseline,
    baseline_entries,
    baseline_note,
    fingerprint,
    fingerprint_v1,
    read_baseline,
)
from .context import (
    STAND_INS,
    Context,
    enabled_codes,
    stand_ins,
)
from .inputs import Inputs, gather, load_input, not_a_contract, show_files
from .pipeline import Executor, check, check_loaded, run, serial
from .result import RunResult, worst_exit
from .stamp import Stamper, runnable
from .suppress import apply_supersedes

__all__ = [
    "BASELINE_VERSION", "MAX_BASELINE", "STAND_INS", "Context", "Executor",
    "Inputs", "RunResult", "Stamper", "apply_baseline", "apply_supersedes", "baseline_entries", "baseline_note",
    "check", "check_loaded", "enabled_codes", "fingerprint", "fingerprint_v1", "gather",
    "load_input", "not_a_contract", "read_baseline", "run", "runnable", "serial", "show_files", "stand_ins",
    "worst_exit",
]
