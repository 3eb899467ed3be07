"""`toolcheck lint -` / `validate -`: one document read from standard input, as ruff reads one.

``--stdin-filename PATH`` names the document: its config is found upward from PATH's folder, `per-file-ignores`,
`exclude` (with ``--force-exclude``), the format (by extension, else by content) and the messages use PATH, and
when PATH is inside the configured set the document replaces that file there (cross-file rules compare it with
the other files, not with its own copy on disk). PATH need not exist. Without a name the document is shown as
`-`, its format told by its content, and it is checked on its own. stdin never uses the run cache.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from .config import ConfigError

STDIN = "-"


def wants_stdin(paths: Sequence[object] | None, stdin_filename: str | None) -> bool:
    """``-`` among the paths, or ``--stdin-filename`` with no paths (as ruff: the name implies stdin)."""
    return any(str(p) == STDIN for p in paths or ()) or (stdin_filename is not None and not paths)


def stdin_path(paths: Sequence[object] | None, stdin_filename: str | None, cwd: str) -> str:
    """The absolute path the stdin document stands for; ConfigError for a usage mistake."""
    others = [str(p) for p in paths or () if str(p) != STDIN]
    if others:
        raise ConfigError("`-` (stdin) cannot be combined with other paths: give one document on stdin, or files")
    if stdin_filename is None:
        return os.path.join(cwd, STDIN)
    if not stdin_filename.strip():
        raise ConfigError("--stdin-filename is empty: give the path the document on stdin stands for")
    path = os.path.abspath(os.path.join(cwd, stdin_filename))
    if os.path.isdir(path):
        raise ConfigError(f"--stdin-filename names a folder: {stdin_filename}")
    return path


def read_stdin(limit: int) -> bytes:
    """At most ``limit + 1`` bytes of stdin (the loader reports a document over the limit, TC010)."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        raise ConfigError("`-`: there is no standard input to read")
    try:
        data: bytes = stream.read(limit + 1)
        return data
    except OSError as e:
        raise ConfigError(f"cannot read stdin: {e.strerror or e}") from None
