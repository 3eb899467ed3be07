"""Which pairs of a group to compare: the pairs that share a purpose key, never all pairs.

A pair can only score high when the frames agree on something a key captures, so only pairs sharing a key are
compared (blocking). Keys, each a string in one shared index:

* ``B`` the name once namespaces are stripped (``math.factorial`` ~ ``factorial``);
* ``A`` the action class with the object's head (search|gift); ``H`` the head alone, from a frame whose action is
  unknown, to every frame with that head; ``O`` the action alone, from a frame without object, to every frame
  with that action (``think`` ~ ``sequentialthinking``);
* ``P`` the action with the set of required parameters (same signature, other words);
* ``R`` a tool name a description mentions (deprecated, use X instead), to the tool of that name;
* ``E``/``C`` a word or verb class of a mode enum, to frames with that object word or action.

Each key has an *active* and a *passive* side: pairs are formed active x active and active x passive (a passive
entry only widens who an active one meets). A key shared by more than ``MAX_POSTING`` frames is no evidence and
is not expanded; at most ``MAX_CANDIDATES`` pairs are formed per group, shortest lists first. Which pairs are
compared depends on the group; a compared pair's score never does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from .frames import Frame

MAX_POSTING = 400
MAX_CANDIDATES = 300_000


def keys_of(f: Frame) -> Iterator[tuple[str, bool]]:
    """(key, active) of a frame."""
    if f.base:
        yield "B" + f.base, True
    if f.action and f.head:
        yield f"A{f.action}|{f.head}", True
    if f.head:
        yield "H" + f.head, f.action is None
    if f.action:
        yield "O" + f.action, not f.obj
        req = sorted(p.canon for p in f.params if p.required)
        if req:
            yield f"P{f.action}|" + "\x00".join(req), True
    for ref in f.cue_names:
        yield "R" + ref, True
    for n in f.norm_names:
        yield "R" + n, False
    for w in f.enum_words:
        yield "E" + w, True
    for c in f.enum_classes:
        yield "C" + c, True
    for w in f.obj:
        yield "E" + w, False
    for role in ("target", "source"):
        for w in f.quals.get(role, ()):
            yield "E" + w, False
    if f.action:
        yield "C" + f.action, False


def candidate_pairs(frames: list[Frame], eligible: Callable[[int, int], bool] | None = None) -> list[tuple[int, int]]:
    """Sorted pairs (i, j), i < j, of frames that share a key and are ``eligible``."""
    post: dict[str, tuple[list[int], list[int]]] = {}
    for i, f in enumerate(frames):
        for key, active in keys_of(f):
            entry = post.get(key)
            if entry is None:
                entry = post[key] = ([], [])
            lst = entry[0] if active else entry[1]
            if not lst or lst[-1] != i:
                lst.append(i)
    n = len(frames)
    pairs: set[int] = set()
    lists = []
    for act, pas in post.values():
        if not act or len(act) + len(pas) < 2 or len(act) + len(pas) > MAX_POSTING:
            continue
        size = len(act) * (len(act) - 1) // 2 + len(act) * len(pas)
        if size:
            lists.append((size, act, pas))
    lists.sort(key=lambda x: (x[0], x[1], x[2]))
    for size, act, pas in lists:
        if len(pairs) + size > MAX_CANDIDATES:
            break
        _expand(pairs, act, pas, n)
    out = []
    for p in sorted(pairs):
        i, j = divmod(p, n)
        if eligible is None or eligible(i, j):
            out.append((i, j))
    return out


def _expand(pairs: set[int], act: list[int], pas: Iterable[int], n: int) -> None:
    m = len(act)
    for a in range(m - 1):
        i = act[a]
        pairs.update(i * n + j if i < j else j * n + i for j in act[a + 1:])
    aset = set(act)
    for j in pas:
        if j in aset:
            continue
        pairs.update(i * n + j if i < j else j * n + i for i in act)
