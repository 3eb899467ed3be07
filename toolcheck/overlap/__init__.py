"""TC430's model of what a tool does: purpose frames, the lexicon they are read with, and pair decisions.

    from toolcheck.overlap import parse, compare, explain, find_overlaps

* ``parse(name, description, parameters)`` -> Frame (frames.py): action, object, qualifiers, parameters, cues;
* ``compare(a, b, threshold)`` -> score in [0, 1] or None below the threshold (decide.py), from the two frames only;
* ``explain(a, b)`` -> the evidence in words;
* ``find_overlaps(frames, threshold, eligible)`` -> [(i, j, score)] for the pairs of one group that share a purpose
  key (candidates.py) and reach the threshold.

The package knows nothing of contracts, files or findings: toolcheck/rules/tc4_naming/overlapping_tools.py (TC430)
builds frames from contracts, groups them and turns pairs into findings.
"""

from __future__ import annotations

import gc
from collections.abc import Callable

from .candidates import WIDE_BELOW, candidate_pairs
from .decide import BACKEND_MODES, FEATURES, compare, features, model
from .explain import explain
from .frames import Frame, mention_keys, parse

__all__ = ["BACKEND_MODES", "FEATURES", "Frame", "compare", "default_threshold", "explain", "features", "find_overlaps",
           "mention_keys", "parse"]


def default_threshold() -> float:
    """The threshold the shipped model was fitted for (data/overlap/model.json)."""
    return model().threshold


def find_overlaps(frames: list[Frame], threshold: float, eligible: Callable[[int, int], bool] | None = None,
                  backends: str = "named") -> list[tuple[int, int, float]]:
    """(i, j, score) for every candidate pair i < j of ``frames`` scoring at least ``threshold`` (``backends``:
    decide.model()'s, TC430's option of that name).

    The cyclic garbage collector is off meanwhile (as `toolcheck lint` keeps it for the whole run): the pairs
    build many small acyclic objects, and with a large group's frames alive each collection would rescan them
    all (a quarter of the time on corpus A). Reference counting still frees what the pairs drop."""
    was = gc.isenabled()
    gc.disable()
    try:
        out = []
        for i, j in candidate_pairs(frames, eligible, wide=threshold < WIDE_BELOW):
            s = compare(frames[i], frames[j], threshold, backends)
            if s is not None:
                out.append((i, j, s))
        return out
    finally:
        if was:
            gc.enable()
