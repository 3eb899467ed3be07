"""For the hostile tests: a read-only file system without mounting one (the tests may run as root, in a
container). Every write under the folder named by TOOLCHECK_TEST_READONLY fails with EROFS, as on a read-only
mount: creating, opening for writing, renaming, linking, making folders. The network block of ../netblock
applies too."""

import builtins
import errno
import io
import os

_here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(_here, "..", "netblock", "sitecustomize.py"), encoding="utf-8") as _fh:
    exec(compile(_fh.read(), "netblock/sitecustomize.py", "exec"))

_ROOT = os.environ.get("TOOLCHECK_TEST_READONLY", "")
_WRITE = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


def _inside(path) -> bool:
    try:
        p = os.path.abspath(os.fsdecode(path))
    except TypeError:
        return False  # a file descriptor
    return p == _ROOT or p.startswith(_ROOT.rstrip(os.sep) + os.sep)


def _erofs(path):
    raise OSError(errno.EROFS, os.strerror(errno.EROFS), os.fsdecode(path))


def _guard1(real):
    def f(path, *args, **kwargs):
        if _inside(path):
            _erofs(path)
        return real(path, *args, **kwargs)
    return f


def _guard2(real):
    def f(src, dst, *args, **kwargs):
        if _inside(src) or _inside(dst):
            _erofs(dst)
        return real(src, dst, *args, **kwargs)
    return f


if _ROOT:
    _real_os_open = os.open
    _real_open = io.open

    def _os_open(path, flags, *args, **kwargs):
        if flags & _WRITE and _inside(path):
            _erofs(path)
        return _real_os_open(path, flags, *args, **kwargs)

    def _open(file, mode="r", *args, **kwargs):
        if any(c in mode for c in "wax+") and _inside(file):
            _erofs(file)
        return _real_open(file, mode, *args, **kwargs)

    os.open = _os_open
    builtins.open = io.open = _open
    os.mkdir = _guard1(os.mkdir)
    os.unlink = _guard1(os.unlink)
    os.replace = _guard2(os.replace)
    os.rename = _guard2(os.rename)
    os.link = _guard2(os.link)
