"""Which pairs of a group to compare: the pairs that share a purpose key, never all pairs.

A pair can only score high when the frames agree on something a key captures, so only pairs sharing a key are
compared (blocking). Keys, each a string in one shared index:

* ``B`` the name once namespaces are stripped (``math.factorial`` ~ ``factorial``);
* ``A`` the action class with the object's head (search|gift); ``H`` the head alone, from a frame whose action is
  unknown (or from every frame, below a threshold of WIDE_BELOW), to every frame with that head; ``O`` the action alone, from a frame without object, to every frame
  with that action (``think`` ~ ``sequentialthinking``);
* ``L`` the object's head, from a frame whose action is a lookup (get, search), to every other such frame: a
  fetch and a search of one object (``get_encode_ccres`` ~ ``search_ccres_by_region``);
* ``P`` the action with the set of required parameters (same signature, other words), or with the whole set when
  none is required;
* ``R`` a tool name a description mentions (deprecated, use X instead), to the tool of that name;
* ``E``/``C`` a word or verb class of a mode enum, to frames with that object word or action;
* ``T`` the head of a series tool's object once its time-window words are set aside (``price`` from
  ``get_price_history`` and from ``get_stock_price_date_range``, timespan.py);
* ``K`` an identifier system a lookup key takes (a UniProt accession, a gene symbol: keys.key_systems) with the
  action class and a word of the object (active) or of the name and first sentence's head (passive), from a frame
  of a named service: two services keyed by one kind of input that may say one object (interchange.py);
* ``G`` a group of services that serve the same data (sources.json), from a frame of a member that says the
  group's data: a probe meets the other services of a mirror, a relay's hub its members (sources.py);
* ``M`` a required list of plain values, by its parameter's canonical words and its verb's family, to frames that
  require one value of that name with a verb of that family (``ensembl_ids`` ~ ``ensembl_id``, lookup ~ get): a
  bulk form and its single form (bulk.py);
* ``S`` a service prefix's first words with the next one (``OpenFDA`` + device from ``OpenFDADevice_``), to
  frames of that service whose name has that word in its object (``OpenFDA_search_device_510k``).

Each entry of a key is *active* (meets active and passive entries), *passive* (only widens who active and probe
entries meet) or a *probe* (meets passive entries only: a description that names a tool meets that tool, not
every other description naming the same thing). A key shared by more than ``MAX_POSTING`` frames is no evidence and
is not expanded; at most ``MAX_CANDIDATES`` pairs are formed per group, shortest lists first. Which pairs are
compared depends on the group; a compared pair's score never does.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator
from itertools import repeat

from .frames import Frame
from .interchange import block_words
from .lexicon import lexicon
from .sources import block_keys
from .timespan import series_core

MAX_POSTING = 400
MAX_SIGNATURE = 80  # a signature shared by more tools (search|query) is no evidence
MAX_CANDIDATES = 300_000


ACTIVE, PASSIVE, PROBE = 0, 1, 2
_LOOKUPS = frozenset({"get", "search"})  # action classes whose tools often answer one question (key L)
_NOT_KEYS = frozenset({"page", "auth", "format"})  # required, but no value a bulk list holds (key M)


def keys_of(f: Frame, wide: bool = False) -> Iterator[tuple[str, int]]:
    """(key, side) of a frame. Side ACTIVE meets ACTIVE and PASSIVE entries of the key; PROBE meets only
    PASSIVE ones (a description naming a tool meets that tool, not every other description naming it)."""
    if f.base and f.obj:  # a bare verb (x.get) says nothing the action keys do not
        yield "B" + f.base, ACTIVE
    if f.action and f.head:
        yield f"A{f.action}|{f.head}", ACTIVE
        if f.action in _LOOKUPS:  # get_encode_ccres ~ search_ccres_by_region: a fetch and a search of one object
            yield "L" + f.head, ACTIVE
    if f.head:  # wide (a low threshold): every pair with one head, whatever the actions
        yield "H" + f.head, ACTIVE if f.action is None or wide else PASSIVE
    if f.action:  # a tool without an object, or with a generic one (read_content), meets every same action
        generic = len(f.obj) == 1 and f.head in lexicon().generic
        yield "O" + f.action, ACTIVE if not f.obj or generic else PASSIVE
        req = sorted(p.canon for p in f.params if p.required)
        if req:
            yield f"P{f.action}|" + "\x00".join(req), ACTIVE
        elif f.params:  # nothing required: the whole parameter set is the signature (uid, cui ~ uid, cui)
            yield f"P{f.action}|~" + "\x00".join(sorted(p.canon for p in f.params)), ACTIVE
    yield from _mention_keys(f)
    yield from _service_keys(f)
    yield from _system_keys(f)
    for key, probe in block_keys(f):  # two services of one group that serve the same data (sources.py)
        yield "G" + key, PROBE if probe else PASSIVE
    core = series_core(f)
    if core:  # get_price_history ~ get_stock_price_date_range: one thing's values over a time window
        yield "T" + core[-1].split("_")[-1], ACTIVE
    yield from _bulk_keys(f)


def _bulk_keys(f: Frame) -> Iterator[tuple[str, int]]:
    """M: a required list of plain values (an array, a comma-separated string) by its canonical words, to the
    frames that require one value of that name (ensembl_ids ~ ensembl_id, paths ~ path): a bulk form and its single
    form (bulk.py), with verbs of one family (a lookup and a get: read). A bare id (ids ~ id) is left out: every
    keyed tool takes one."""
    family = lexicon().family.get(f.action) if f.action else None
    if family is None:
        return  # (a bulk form needs the same or related actions)
    for p in f.params:
        if not p.required or p.kind in _NOT_KEYS or p.items or p.kind == "id" and len(p.words) < 2:
            continue
        yield f"M{family}|{p.canon}", PROBE if p.type == "array" or p.listed else PASSIVE


def _mention_keys(f: Frame) -> Iterator[tuple[str, int]]:
    """A tool name a description mentions (R), an enum value or switch that may cover another tool's job (E, C)."""
    for ref in f.cue_names:
        yield "R" + ref, PROBE
    for n in f.norm_names:
        yield "R" + n, PASSIVE
    for w in f.enum_words:
        yield "E" + w, PROBE
    for head in f.flags:  # a switch that adds a part to the answer (phenotypes=1, include_reviews)
        yield "E" + head, PROBE
    for c in f.enum_classes:
        yield "C" + c, PROBE
    for w in f.obj:
        yield "E" + w, PASSIVE
    for role in ("target", "source"):
        for w in f.quals.get(role, ()):
            yield "E" + w, PASSIVE
    if f.action:
        yield "C" + f.action, PASSIVE


def _service_keys(f: Frame) -> Iterator[tuple[str, int]]:
    """A service prefix that holds the object another tool of the service names (relations.service_object)."""
    if not f.ns:
        return
    svc = "\x00".join(f.ns)
    for n in range(1, len(f.ns)):
        yield "S" + "\x00".join(f.ns[:n]) + "|" + f.ns[n], PROBE
    if f.obj_src == "name":
        for w in f.obj:
            yield "S" + svc + "|" + w, PASSIVE


def _system_keys(f: Frame) -> Iterator[tuple[str, int]]:
    """K: an identifier system of a named service's keys with a word of its object (active) or of its name and
    first sentence's head (passive), and the action class (get and search are one: a lookup): interchange.py."""
    if not f.ns or not f.action or not f.params:
        return
    systems, rest, said = block_words(f)
    if not systems:
        return
    act = "lookup" if f.action in _LOOKUPS else f.action
    for s in sorted(systems):
        for w in rest:
            yield f"K{act}|{s}|{w}", ACTIVE
        for w in said - rest:
            yield f"K{act}|{s}|{w}", PASSIVE


WIDE_BELOW = 0.2  # thresholds below this compare every pair of one object head too


def candidate_pairs(frames: list[Frame], eligible: Callable[[int, int], bool] | None = None,
                    wide: bool = False) -> list[tuple[int, int]]:
    """Sorted pairs (i, j), i < j, of frames that share a key and are ``eligible``."""
    post: dict[str, tuple[list[int], list[int], list[int]]] = {}
    for i, f in enumerate(frames):
        for key, side in keys_of(f, wide):
            entry = post.get(key)
            if entry is None:
                entry = post[key] = ([], [], [])
            lst = entry[side]
            if not lst or lst[-1] != i:
                lst.append(i)
    n = len(frames)
    pairs: set[int] = set()
    lists = []
    for key, (act, pas, probe) in post.items():
        if not act and not probe or not pas and len(act) < 2:
            continue
        size = len(act) * (len(act) - 1) // 2 + (len(act) + len(probe)) * len(pas)
        cap = MAX_SIGNATURE if key[0] == "P" else MAX_POSTING
        if size and len(act) + len(pas) + len(probe) <= cap:
            lists.append((size, act, pas, probe))
    lists.sort()  # (size, act, pas, probe): the tuples' own order, no key function per entry
    for size, act, pas, probe in lists:
        if len(pairs) + size > MAX_CANDIDATES:
            break
        _expand(pairs, act, pas, n)
        _expand(pairs, [], pas, n, probe)
    ordered = map(divmod, sorted(pairs), repeat(n))  # (i, j), i < j: _expand forms no (i, i)
    if eligible is None:
        return list(ordered)
    return [(i, j) for i, j in ordered if eligible(i, j)]


def _expand(pairs: set[int], act: list[int], pas: Iterable[int], n: int, probe: list[int] | None = None) -> None:
    """Pairs within ``act``, and of ``act`` (or ``probe``) with ``pas`` (each list ascending, no repeats: a frame's
    keys are posted in frame order). A pair (i, j), i < j, is the number i * n + j."""
    m = len(act)
    for a in range(m - 1):
        pairs.update(map((act[a] * n).__add__, act[a + 1:]))  # act ascending: act[a] < every later one
    src = probe if probe is not None else act
    if not src:
        return
    src_n = [i * n for i in src]
    for j in pas:
        k = bisect_left(src, j)  # src[:k] < j <= src[k:]
        pairs.update(map(j.__add__, src_n[:k]))
        if k < len(src) and src[k] == j:
            k += 1
        pairs.update(map((j * n).__add__, src[k:]))
