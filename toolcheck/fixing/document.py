"""Edits applied to parsed data: what the document must be after a fix (the proof a text edit is checked against).

``apply_edits(doc, edits)`` returns a new document (the input is not changed) or raises :class:`EditError` when
an edit does not fit the document (a pointer that names nothing, a rename onto an existing key). ``same(a, b)``
is equality as a JSON reader sees it, stricter than Python's ``==``: ``True`` is not ``1``, ``1`` is not ``1.0``,
and mapping keys are compared in order (a fix keeps the author's key order, so a reordering is a change).
"""

from __future__ import annotations

import copy
from typing import Any

from ..model.pointer import split_pointer
from .model import Edit


class EditError(ValueError):
    """An edit that cannot be applied to the document as it is."""


def _parent(doc: Any, pointer: str) -> tuple[Any, str]:
    toks = split_pointer(pointer)
    if not toks:
        raise EditError("an edit needs a pointer below the document root")
    cur = doc
    for t in toks[:-1]:
        cur = _step(cur, t, pointer)
    return cur, toks[-1]


def _step(cur: Any, t: str, pointer: str) -> Any:
    if isinstance(cur, dict):
        if t not in cur:
            raise EditError(f"{pointer}: no `{t}`")
        return cur[t]
    if isinstance(cur, list) and t.isdigit() and int(t) < len(cur):
        return cur[int(t)]
    raise EditError(f"{pointer}: `{t}` names nothing")


def resolve(doc: Any, pointer: str) -> Any:
    cur = doc
    for t in split_pointer(pointer):
        cur = _step(cur, t, pointer)
    return cur


def _insert(mapping: dict, key: str, value: Any, after: str | None) -> dict:
    """A mapping with ``key`` inserted after ``after`` (when it is a key), else at the end; order kept."""
    if after is None or after not in mapping:
        mapping[key] = value
        return mapping
    items = list(mapping.items())
    mapping.clear()
    for k, v in items:
        mapping[k] = v
        if k == after:
            mapping[key] = value
    return mapping


def apply_edit(doc: Any, e: Edit) -> Any:
    """Apply one edit in place (``doc`` is changed); returns the document (a root replacement returns the value)."""
    if e.op == "add":
        try:
            lst = resolve(doc, e.pointer)
        except EditError:
            parent, key = _parent(doc, e.pointer)
            if not isinstance(parent, dict) or key in parent:
                raise
            _insert(parent, key, [copy.deepcopy(e.value)], e.after)
            return doc
        if not isinstance(lst, list):
            raise EditError(f"{e.pointer}: not a list")
        if not any(same(x, e.value) for x in lst):
            lst.append(copy.deepcopy(e.value))
        return doc
    parent, key = _parent(doc, e.pointer)
    if e.op == "set":
        if not isinstance(parent, dict):
            raise EditError(f"{e.pointer}: its parent is not a mapping")
        if key in parent:
            parent[key] = copy.deepcopy(e.value)
        else:
            _insert(parent, key, copy.deepcopy(e.value), e.after)
        return doc
    if isinstance(parent, dict):
        if key not in parent:
            raise EditError(f"{e.pointer}: no `{key}`")
        if e.op in ("replace", "quote"):
            parent[key] = copy.deepcopy(e.value)
        elif e.op == "delete":
            del parent[key]
        elif e.op == "rename":
            if e.value in parent and e.value != key:
                raise EditError(f"{e.pointer}: `{e.value}` exists already")
            items = list(parent.items())
            parent.clear()
            for k, v in items:
                parent[e.value if k == key else k] = v
        return doc
    if isinstance(parent, list) and key.isdigit() and int(key) < len(parent):
        i = int(key)
        if e.op in ("replace", "quote"):
            parent[i] = copy.deepcopy(e.value)
        elif e.op == "delete":
            del parent[i]
        else:
            raise EditError(f"{e.pointer}: `{e.op}` needs a mapping entry")
        return doc
    raise EditError(f"{e.pointer}: names nothing")


def apply_edits(doc: Any, edits) -> Any:
    out = copy.deepcopy(doc)
    for e in edits:
        out = apply_edit(out, e)
    return out


def same(a: Any, b: Any) -> bool:
    """JSON equality with types and key order: what a host reading the file would get."""
    stack = [(a, b)]
    while stack:
        x, y = stack.pop()
        if type(x) is not type(y):
            return False
        if isinstance(x, dict):
            if list(x) != list(y):
                return False
            stack.extend((x[k], y[k]) for k in x)
        elif isinstance(x, list):
            if len(x) != len(y):
                return False
            stack.extend(zip(x, y, strict=True))
        elif isinstance(x, float):
            if not (x == y or (x != x and y != y)):
                return False
        elif x != y:
            return False
    return True
