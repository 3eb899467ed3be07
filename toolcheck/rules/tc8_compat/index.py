"""TC8's facts: the findings of the run's one comparison of the old contract set with the new one.

Every TC8 finding is made by the diff's analysis (:mod:`toolcheck.compat.analysis`: match the tools, find the
renames, compare the schemas, prove each breaking change with a witness, apply the version rule), not by a check
of its own. It runs once per run and group, when :class:`CompatIndex` is first asked (by TC801's rule file, whose
``emits`` lists every other code the analysis reports); the engine stamps each hit under its own code, so every
code can be selected, ignored or re-graded on its own. The other TC8 rule files are ``emitted``: their code,
documentation and options only (TC802's ``min-similarity`` and TC840's, which the analysis reads).

The old side arrives through ``settings.command_options["diff"]`` (a :class:`toolcheck.compat.analysis.DiffInput`,
built by :mod:`toolcheck.diffing`); without it (the old side's own run) the analysis finds nothing. The analysis is
imported when it first runs, so ``toolcheck lint`` and ``validate`` never load it.
"""

from __future__ import annotations

from typing import Any

from ...model.findings import Hit
from ..base import Index, RunView

# the codes the analysis reports besides TC801, in the order their hits are handed to the engine
EMITS = ("TC802", "TC803", "TC804", "TC805", "TC806", "TC807", "TC808", "TC809", "TC810", "TC811", "TC812",
         "TC813", "TC814", "TC815", "TC820", "TC821", "TC822", "TC823", "TC824", "TC825", "TC826", "TC827", "TC830",
         "TC840", "TC841")


class CompatIndex(Index):
    """The comparison of one run and group, run on first use; ``facts(contracts)``: its hits, code by code."""

    def __init__(self, run: RunView) -> None:
        super().__init__(run)
        self._hits: list[Hit] | None = None

    def facts(self, item: Any) -> list[Hit]:
        if self._hits is None:
            from ...compat.analysis import analyse

            found = analyse(item, self.run)
            self._hits = [h for code in ("TC801",) + EMITS for h in found.get(code, ())]
        return self._hits
