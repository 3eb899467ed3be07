"""Writing files so that a crash leaves either the old file or the new one, never half of one.

A regular file (or a new one) is written to a temporary file beside it, ``.toolcheck-XXXXXXXX.tmp``, and renamed
into place. The result ends with the mode a plain ``open()`` would give: an existing file keeps its mode, a new
one gets ``0666 & ~umask`` (never the temporary file's 0600). A symbolic link is written through, to the file
it names, as ``open()`` would. A target that is not a regular file (``/dev/stdout``, a FIFO, a terminal) cannot
be replaced atomically and is written directly; ``-`` and ``/dev/stdout`` mean stdout (``/dev/stderr``,
``/dev/fd/N`` their descriptor), written at its offset as a shell redirection would, never truncated. A temporary file of our own naming that a
killed run left behind (older than :data:`STALE_AGE`, owned by this user) is removed the next time toolcheck
writes into its folder. A write that fails raises :class:`WriteError`, which the CLI reports on one line
(``toolcheck: error: cannot write PATH: Read-only file system``) with exit 2.
"""

from __future__ import annotations

import os
import re
import stat
import sys
import tempfile
import time

from .boundary import write_encoded

STALE_AGE = 3600.0  # seconds: a temporary file older than this is a leftover of a killed run
_TMP_NAME = re.compile(r"\.toolcheck-[a-z0-9_]{8}\.tmp")  # what tempfile.mkstemp makes of our prefix/suffix
_cleaned: set[str] = set()
_umask: int | None = None


class WriteError(OSError):
    """A file toolcheck was asked to write cannot be written; ``str()`` says which and why."""

    def __init__(self, path: str, why: str) -> None:
        super().__init__(f"cannot write {path}: {why}")
        self.path = path

    def __str__(self) -> str:
        return self.args[0]


def _why(e: OSError) -> str:
    return e.strerror or str(e)


def umask() -> int:
    """The process umask, read without changing it where the system allows (no window for other threads)."""
    global _umask
    if _umask is None:
        try:
            with open("/proc/self/status", encoding="ascii", errors="replace") as fh:
                for line in fh:
                    if line.startswith("Umask:"):
                        _umask = int(line.split()[1], 8)
                        break
        except (OSError, ValueError, IndexError):
            pass
        if _umask is None:
            _umask = os.umask(0o022)
            os.umask(_umask)
    return _umask


def clean_stale(folder: str, now: float | None = None) -> None:
    """Remove this user's ``.toolcheck-*.tmp`` files older than :data:`STALE_AGE` in ``folder`` (once per folder
    and process: a run writing thousands of files scans each folder once)."""
    if folder in _cleaned:
        return
    _cleaned.add(folder)
    now = time.time() if now is None else now
    uid = os.geteuid() if hasattr(os, "geteuid") else None
    try:
        with os.scandir(folder) as it:
            for entry in it:
                if not entry.name.startswith(".toolcheck-") or not _TMP_NAME.fullmatch(entry.name):
                    continue
                try:
                    st = entry.stat(follow_symlinks=False)
                    if not stat.S_ISREG(st.st_mode) or (uid is not None and st.st_uid != uid):
                        continue
                    if now - st.st_mtime > STALE_AGE:
                        os.unlink(entry.path)
                except OSError:
                    continue
    except OSError:
        pass


_FD_PATH = re.compile(r"/(?:dev|proc/self)/fd/(\d+)")


def _fd_alias(path: str) -> int | None:
    """The descriptor a path names, as a shell reads it: ``-`` and ``/dev/stdout`` are 1, ``/dev/stderr`` 2,
    ``/dev/fd/N`` N. Writing goes to the open descriptor, at its offset, without truncating what it is (a log
    file the shell redirected stdout to keeps what was written before)."""
    if path in ("-", "/dev/stdout"):
        return 1
    if path == "/dev/stderr":
        return 2
    m = _FD_PATH.fullmatch(path)
    return int(m.group(1)) if m else None


def _write_fd(path: str, fd: int, fill) -> None:
    try:
        if fd == 1:
            sys.stdout.flush()
            fill(sys.stdout.buffer)
            sys.stdout.buffer.flush()
            return
        sys.stderr.flush()
        with os.fdopen(os.dup(fd), "wb") as fh:
            fill(fh)
    except BrokenPipeError:
        raise
    except OSError as e:
        raise WriteError(path, _why(e)) from None


def write_atomic(path: str, text: str, *, overwrite: bool = True, follow_symlinks: bool = True) -> None:
    write_atomic_from(path, lambda fh: write_encoded(fh, text), overwrite=overwrite,
                      follow_symlinks=follow_symlinks)


def write_atomic_from(path: str, fill, *, overwrite: bool = True, follow_symlinks: bool = True) -> None:
    """Write ``path`` atomically: ``fill`` gets a binary file object in the same folder, renamed into place.
    With ``overwrite=False`` an existing ``path`` raises ``FileExistsError`` and is left alone. With
    ``follow_symlinks=False`` (toolcheck's own files, such as the cache) whatever is at ``path`` is replaced by a
    new regular file: a link there is never written through, a FIFO never opened."""
    fd = _fd_alias(path) if follow_symlinks else None
    if fd is not None:
        _write_fd(path, fd, fill)
        return
    try:
        st = os.stat(path) if follow_symlinks else None
    except FileNotFoundError:
        st = None
    except OSError as e:
        raise WriteError(path, _why(e)) from None
    if st is not None and not stat.S_ISREG(st.st_mode):
        if stat.S_ISDIR(st.st_mode):
            raise WriteError(path, "it is a directory")
        if not overwrite:
            raise FileExistsError(path)
        try:  # a device, FIFO or terminal: nothing to rename over; write to it as a shell redirection would
            with open(path, "wb") as fh:
                fill(fh)
        except OSError as e:
            raise WriteError(path, _why(e)) from None
        return
    target = os.path.realpath(path) if follow_symlinks and os.path.islink(path) else path
    folder = os.path.dirname(os.path.abspath(target)) or "."
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as e:
        raise WriteError(path, _why(e)) from None
    clean_stale(folder)
    mode = stat.S_IMODE(st.st_mode) if st is not None else 0o666 & ~umask()
    try:
        fd, tmp = tempfile.mkstemp(prefix=".toolcheck-", suffix=".tmp", dir=folder)
    except OSError as e:
        raise WriteError(path, _why(e)) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            if hasattr(os, "fchmod"):
                os.fchmod(fh.fileno(), mode)
            fill(fh)
            fh.flush()
            os.fsync(fh.fileno())
        if overwrite:
            os.replace(tmp, target)
        else:
            os.link(tmp, target)  # fails if the target exists: never overwrite
            os.unlink(tmp)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(e, OSError) and not isinstance(e, (FileExistsError, WriteError)):
            raise WriteError(path, _why(e)) from None
        raise
