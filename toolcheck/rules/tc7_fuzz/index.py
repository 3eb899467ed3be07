"""TC7's facts: the findings of the run's one fuzz pass over the group's reported contracts.

Every TC7 finding is made by the fuzzing process (:mod:`toolcheck.fuzz.driver`: generated arguments against the
schema, the exported schemas, the handler or the MCP server), not by a check of its own. The pass runs once per
run and group, when :class:`FuzzIndex` is first asked (by TC701's rule file, whose ``emits`` lists every other
TC7 code); the engine stamps each hit under its own code, so ``--select``/``--ignore`` of any TC7
code leaves the others intact and the tools are fuzzed once. The other TC7 rule files are ``emitted``: their
code and documentation only.

hypothesis is imported by the driver, when the pass starts: ``toolcheck lint`` loads this module and stays fast.
"""

from __future__ import annotations

from typing import Any

from ...model.findings import Hit
from ..base import Index, RunView

# the codes the fuzz pass reports besides TC701 (TC701's RULE.emits: the pass runs when any of them is selected)
EMITS = ("TC702", "TC703", "TC704", "TC705", "TC706", "TC710", "TC711", "TC712", "TC713", "TC714", "TC715", "TC716",
         "TC717", "TC718", "TC719", "TC720", "TC721")
# the order their hits are handed to the engine: TC701's, then TC111's, the static finding that stands in for TC701
# under `toolcheck fuzz` (engine.STAND_INS; not in EMITS, which would run the pass under lint and validate, where
# TC111 is a rule of its own), then the others
ORDER = ("TC701", "TC111") + EMITS


class FuzzIndex(Index):
    """The fuzz pass of one run and group, run on first use; ``facts(contracts)``: its hits, code by code."""

    def __init__(self, run: RunView) -> None:
        super().__init__(run)
        self._hits: list[Hit] | None = None

    def facts(self, item: Any) -> list[Hit]:
        if self._hits is None:
            from ...fuzz.driver import results

            found = results(item, self.run)
            self._hits = [h for code in ORDER for h in found.get(code, ())]
        return self._hits
