"""Loaded by every Python process the hostile tests start (PYTHONPATH): outbound connections fail loudly.

Local socket pairs and loopback stay allowed (asyncio needs them); anything else raises and leaves a marker on
stderr, so a test can assert that nothing tried to reach the network.
"""

import socket
import sys

_real_connect = socket.socket.connect
_real_connect_ex = socket.socket.connect_ex
_real_getaddrinfo = socket.getaddrinfo


def _local(address) -> bool:
    if isinstance(address, (str, bytes)):
        return True  # AF_UNIX
    host = address[0] if isinstance(address, tuple) and address else ""
    return host in ("127.0.0.1", "::1", "localhost", "") or str(host).startswith("127.")


def _blocked(what, address):
    sys.stderr.write(f"NETWORK-BLOCKED {what} {address!r}\n")
    raise OSError(f"network access blocked in tests: {address!r}")


def connect(self, address):
    if not _local(address):
        _blocked("connect", address)
    return _real_connect(self, address)


def connect_ex(self, address):
    if not _local(address):
        _blocked("connect_ex", address)
    return _real_connect_ex(self, address)


def getaddrinfo(host, *args, **kwargs):
    if host not in (None, "localhost", "127.0.0.1", "::1") and not str(host).startswith("127."):
        _blocked("getaddrinfo", host)
    return _real_getaddrinfo(host, *args, **kwargs)


socket.socket.connect = connect
socket.socket.connect_ex = connect_ex
socket.getaddrinfo = getaddrinfo
