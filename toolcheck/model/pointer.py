"""JSON Pointers (RFC 6901): the address of every finding, relative to a file, a contract or a schema."""

from __future__ import annotations

from typing import Any


def escape_pointer_token(token: str | int) -> str:
    return str(token).replace("~", "~0").replace("/", "~1")


def join_pointer(base: str, *tokens: str | int) -> str:
    return base + "".join("/" + escape_pointer_token(t) for t in tokens)


def split_pointer(pointer: str) -> list[str]:
    if not pointer:
        return []
    return [t.replace("~1", "/").replace("~0", "~") for t in pointer[1:].split("/")]


def resolve_pointer(doc: Any, pointer: str, default: Any = None) -> Any:
    """The value at ``pointer`` in ``doc``, or ``default`` when the path does not exist."""
    cur = doc
    for t in split_pointer(pointer):
        if isinstance(cur, dict) and t in cur:
            cur = cur[t]
        elif isinstance(cur, list) and t.isdigit() and int(t) < len(cur):
            cur = cur[int(t)]
        else:
            return default
    return cur


def parent_pointer(pointer: str) -> str:
    """``/a/b/c`` -> ``/a/b``; the root's parent is the root."""
    return pointer.rpartition("/")[0] if pointer else ""
