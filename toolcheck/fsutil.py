"""Writing files so that a crash leaves either the old file or the new one, never half of one."""

from __future__ import annotations

import os
import tempfile


def write_atomic(path: str, text: str, *, overwrite: bool = True) -> None:
    write_atomic_from(path, lambda fh: fh.write(text.encode("utf-8")), overwrite=overwrite)


def write_atomic_from(path: str, fill, *, overwrite: bool = True) -> None:
    """Write ``path`` atomically: ``fill`` gets a binary file object in the same folder, renamed into place."""
    folder = os.path.dirname(os.path.abspath(path)) or "."
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".toolcheck-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fill(fh)
            fh.flush()
            os.fsync(fh.fileno())
        if overwrite:
            os.replace(tmp, path)
        else:
            os.link(tmp, path)  # fails if path exists: never overwrite
            os.unlink(tmp)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
