"""For the hostile tests, as root (where chmod 000 does not stop a read): files whose name is listed in
TOOLCHECK_TEST_UNREADABLE behave as unreadable, i.e. opening them fails with EACCES, as for any other user.
The network block of ../netblock applies too."""

import builtins
import errno
import io
import os

_here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(_here, "..", "netblock", "sitecustomize.py"), encoding="utf-8") as _fh:
    exec(compile(_fh.read(), "netblock/sitecustomize.py", "exec"))

_NAMES = set(filter(None, os.environ.get("TOOLCHECK_TEST_UNREADABLE", "").split(os.pathsep)))
_real_open = io.open
_real_os_open = os.open


def _denied(path) -> bool:
    try:
        return os.path.basename(os.fsdecode(path)) in _NAMES
    except TypeError:
        return False  # a file descriptor


def _open(file, *args, **kwargs):
    if _denied(file):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fsdecode(file))
    return _real_open(file, *args, **kwargs)


def _os_open(path, *args, **kwargs):
    if _denied(path):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fsdecode(path))
    return _real_os_open(path, *args, **kwargs)


if _NAMES:
    builtins.open = io.open = _open
    os.open = _os_open
