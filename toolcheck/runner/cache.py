"""`.toolcheck_cache/`: a second, unchanged run answers from disk.

The key covers everything a run's findings depend on: toolcheck's version, the command, every input file's path,
role and content hash, and the settings that change findings (selection, severities, rule options, targets,
limits, ...); output options (format, --fail-on, --output) are not in it. A whole run is cached, not single
files, because duplicate names, overlap and sample replay compare files with each other.

An entry is three kinds of file under ``<version>/<key[:2]>/``: ``<key>.findings.json`` (the findings, as
reported: secrets already masked), ``<key>.json`` (summary, tool index, enabled rules; written after the
findings, except on a large run, whose findings a detached process writes while the report is rendered: a hit
that finds no findings file is a miss) and ``<key>.out-<variant>`` (the exact text written for one
format/--statistics/--quiet/colour combination). A hit with a stored output writes it to stdout without reading
or rendering any finding; a hit without one reads the findings and renders them; the exit code comes from the
summary's counts and --fail-on. Every file is written atomically under a unique name, so concurrent runs are
safe and the folder is safe to delete; anything unreadable, foreign or damaged is a miss.

**Trust.** A cache is only a result if this user's toolcheck wrote it. The key and every file are authenticated
with a per-user secret kept outside the project (:func:`secret`): ``$TOOLCHECK_CACHE_KEY`` when set, else the
file ``$XDG_CONFIG_HOME/toolcheck/cache-key`` (``~/.config/toolcheck/cache-key``), created on first use with
mode 0600, atomically (concurrent first runs agree on one key). Each file starts with a header line
``toolcheck-cache <key> <part> <length> <HMAC-SHA256 of key, part and body>``; a file whose header, length or
MAC does not verify is a miss, so a cache committed to a repository, copied from another machine or edited by
hand is never taken for a result. The folder itself is used only when it is a real directory owned by this user
(not a symbolic link, not someone else's: then the run is uncached, with one note on stderr); files in it are
opened without following symbolic links and replaced, never written through.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from typing import Any

from .. import __version__
from ..model.findings import Finding

CACHE_DIR = ".toolcheck_cache"
_SETTINGS_FIELDS = ("select", "extend_select", "ignore", "per_file_ignores", "severity", "rules", "allow_domains",
                    "allow_patterns", "targets", "config_targets", "ship", "input_format", "samples", "force_exclude",
                    "exclude")


def _package_stamp(root: str | None = None) -> str:
    """The content of toolcheck's own files (~1 MB, a few ms): an edited rule (a development checkout) never
    reads stale entries, and a reinstall of the same version (a CI job restoring a kept cache) still hits."""
    root = root or os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # toolcheck/
    h = hashlib.sha256()
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for name in sorted(filenames):
            if name.endswith((".py", ".json")):
                path = os.path.join(dirpath, name)
                try:
                    with open(path, "rb") as fh:
                        data = fh.read()
                except OSError:
                    continue
                h.update(f"{os.path.relpath(path, root)}\0{len(data)}\0".encode())
                h.update(data)
    return h.hexdigest()


# ------------------------------------------------------------------------------------------------ the secret

KEY_ENV = "TOOLCHECK_CACHE_KEY"
_SECRET: list = []  # memo: [bytes | None]


def key_path() -> str:
    """Where the per-user cache key lives: ``$XDG_CONFIG_HOME/toolcheck/cache-key`` (``~/.config/...``;
    ``%APPDATA%\\toolcheck\\cache-key`` on Windows)."""
    base = os.environ.get("XDG_CONFIG_HOME", "")
    if not os.path.isabs(base):
        base = os.environ.get("APPDATA", "") if os.name == "nt" else ""
        if not os.path.isabs(base):
            base = os.path.join(os.path.expanduser("~"), ".config")
    return os.path.join(base, "toolcheck", "cache-key")


def _read_key(path: str) -> bytes | None:
    """The key in ``path`` if it is a regular file of this user that nobody else may read or write."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        import stat

        if not stat.S_ISREG(st.st_mode) or st.st_size > 4096:
            return None
        if hasattr(os, "geteuid") and (st.st_uid != os.geteuid() or st.st_mode & 0o077):
            return None
        data = os.read(fd, 4096).strip()
    finally:
        os.close(fd)
    return data if len(data) >= 32 else None


def _create_key(path: str) -> bytes | None:
    """Write a new random key, mode 0600 from the start, and link it into place; a concurrent first run that
    linked first wins and both use its key."""
    import secrets as _random

    folder = os.path.dirname(path)
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        tmp = os.path.join(folder, f".cache-key-{os.getpid()}-{_random.token_hex(4)}")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    except OSError:
        return None
    try:
        try:
            os.write(fd, _random.token_hex(32).encode("ascii") + b"\n")
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            os.link(tmp, path)  # exclusive: fails if another run put its key there first
        except FileExistsError:
            pass
        except OSError:
            return None  # no hard links here: no cache rather than a key two runs may disagree on
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass
    return _read_key(path)


def secret() -> bytes | None:
    """This user's cache key (see the module docs), or None when there is none to be had (a read-only home,
    a key file that is not this user's alone: see :func:`key_problem`): then nothing is cached."""
    if not _SECRET:
        env = os.environ.get(KEY_ENV, "")
        problem = None
        if env:
            key: bytes | None = hashlib.sha256(b"toolcheck-cache-key\0" + env.encode("utf-8", "backslashreplace")).digest()
        else:
            path = key_path()
            key = _read_key(path)
            if key is None and not os.path.lexists(path):
                key = _create_key(path)
            elif key is None:
                # a concurrent first run may have linked its key into place between the read and the look:
                # read once more before calling the file untrustworthy
                key = _read_key(path)
            if key is None and problem is None and os.path.lexists(path):
                problem = (f"{path} is not a key only this user can read (a private file of at least 32 "
                           "characters, mode 0600); fix or delete it")
        _SECRET[:] = [key, problem]
    return _SECRET[0]


def key_problem() -> str | None:
    """Why an existing key file was not trusted (said once on stderr: the run is then uncached)."""
    secret()
    return _SECRET[1]


def _mac(key: str, part: str, body: bytes) -> str:
    import hmac

    secret_ = secret()
    assert secret_ is not None
    m = hmac.new(secret_, f"{key}\0{part}\0".encode("ascii"), hashlib.sha256)
    m.update(body)
    return m.hexdigest()


# ------------------------------------------------------------------------------------------------ the folder

def unusable(root: str) -> str | None:
    """Why ``root/.toolcheck_cache`` must not be used (a symbolic link, not a folder, another user's), or None."""
    path = os.path.join(root, CACHE_DIR)
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as e:
        return f"cannot be read ({e.strerror or e})"
    import stat

    if stat.S_ISLNK(st.st_mode):
        return "is a symbolic link"
    if not stat.S_ISDIR(st.st_mode):
        return "is not a folder"
    if hasattr(os, "geteuid") and st.st_uid != os.geteuid():
        return "belongs to another user"
    return None


def _own_dir(path: str) -> bool:
    """``path`` is a real folder of this user (a folder inside the cache may not be a link to elsewhere)."""
    import stat

    try:
        st = os.lstat(path)
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and (not hasattr(os, "geteuid") or st.st_uid == os.geteuid())


def _dirs_ok(root: str, key: str, create: bool) -> bool:
    top = os.path.join(root, CACHE_DIR)
    for d in (top, os.path.join(top, __version__), os.path.join(top, __version__, key[:2])):
        if create and not os.path.lexists(d):
            try:
                os.mkdir(d)
            except FileExistsError:
                pass
            except OSError:
                return False
        if not _own_dir(d):
            return False
    return True


# ------------------------------------------------------------------------------------------------ entries

def run_key(command: str, settings, inputs) -> str | None:
    """The entry's key (an HMAC of what the run depends on), or None when the run must not be cached: no cache
    key, or an input that is not a regular file (a FIFO or device named on the command line is read once)."""
    import hmac
    import stat

    secret_ = secret()
    if secret_ is None:
        return None
    h = hmac.new(secret_, digestmod=hashlib.sha256)
    h.update(f"{__version__}\0{_package_stamp()}\0{command}\0".encode())
    cfg = {name: getattr(settings, name) for name in _SETTINGS_FIELDS}
    cfg["limits"] = dataclasses.asdict(settings.limits)
    h.update(json.dumps(cfg, sort_keys=True, default=str).encode("utf-8", "backslashreplace"))
    for i in inputs:
        h.update(f"\0{i.display}\0{i.role}\0{i.reported}\0{i.explicit}\0{i.other}\0{i.group}\0".encode(
            "utf-8", "backslashreplace"))
        try:
            st = os.stat(i.abspath)
            if not stat.S_ISREG(st.st_mode):
                return None
            if st.st_size > settings.limits.max_file_size:
                h.update(f"size:{st.st_size}".encode())
                continue
            with open(i.abspath, "rb") as fh:
                h.update(hashlib.sha256(fh.read(settings.limits.max_file_size + 1)).digest())
        except OSError as e:
            h.update(f"error:{e.errno}".encode())
    return h.hexdigest()


def _path(root: str, key: str, part: str = "json") -> str:
    return os.path.join(root, CACHE_DIR, __version__, key[:2], f"{key}.{part}")


def output_variant(fmt: str, statistics: bool, quiet: bool, color: bool) -> str:
    """What, besides the findings, decides the text a run writes."""
    return hashlib.sha256(f"{fmt}\0{statistics}\0{quiet}\0{color}".encode()).hexdigest()[:16]


def _read(root: str, key: str, part: str) -> bytes | None:
    """The verified body of one cache file, or None: missing, a link, not a regular file, not whole, or not
    written with this user's key."""
    import hmac
    import stat

    if secret() is None or not _dirs_ok(root, key, create=False):
        return None
    try:
        fd = os.open(_path(root, key, part), os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        with os.fdopen(fd, "rb") as fh:
            st = os.fstat(fh.fileno())
            if not stat.S_ISREG(st.st_mode):
                return None
            head = fh.readline(300).split()
            if len(head) != 5 or head[:3] != [b"toolcheck-cache", key.encode(), part.encode()] \
                    or not head[3].isdigit() or st.st_size != fh.tell() + int(head[3]):
                return None
            body = fh.read(int(head[3]))
    except OSError:
        return None
    if len(body) != int(head[3]) or not hmac.compare_digest(head[4], _mac(key, part, body).encode()):
        return None
    return body


def _read_json(root: str, key: str, part: str) -> Any:
    body = _read(root, key, part)
    if body is None:
        return None
    try:
        data = json.loads(body)
    except ValueError:
        return None
    return data if isinstance(data, dict) and data.get("key") == key else None


def load(root: str, key: str) -> dict[str, Any] | None:
    """The entry's summary, tool index and enabled codes (small); the findings are read by :func:`findings_of`."""
    data = _read_json(root, key, "json")
    if data is None or not isinstance(data.get("summary"), dict) or not isinstance(data.get("tools"), list) \
            or not isinstance(data.get("enabled"), list):
        return None
    return data


def load_output(root: str, key: str, variant: str) -> bytes | None:
    """The stored output of this run and variant (verified), or None."""
    return _read(root, key, f"out-{variant}")


def copy_output(data: bytes, dest) -> None:
    """Write a stored output to the binary file ``dest``."""
    dest.write(data)


def findings_of(root: str, key: str) -> list[Finding] | None:
    data = _read_json(root, key, "findings.json")
    if data is None:
        return None
    try:
        return _findings_from(data["findings"])
    except (KeyError, TypeError, ValueError):
        return None


def _write(root: str, key: str, part: str, text: str) -> None:
    from ..boundary import encode

    _write_bytes(root, key, part, encode(text))


def _write_bytes(root: str, key: str, part: str, body: bytes) -> None:
    from ..fsutil import write_atomic, write_atomic_from

    if secret() is None or unusable(root):
        return
    try:
        if not _dirs_ok(root, key, create=True):
            return
        gi = os.path.join(root, CACHE_DIR, ".gitignore")
        if not os.path.lexists(gi):
            write_atomic(gi, "# created by toolcheck; safe to delete\n*\n", follow_symlinks=False)
        head = f"toolcheck-cache {key} {part} {len(body)} {_mac(key, part, body)}\n".encode("ascii")
        write_atomic_from(_path(root, key, part), lambda fh: (fh.write(head), fh.write(body)), follow_symlinks=False)
    except OSError:
        pass  # a read-only checkout still works, just without a cache


def store(root: str, key: str, result, detach: bool = False) -> None:
    """The findings and the entry that points at them. Written in that order here; with ``detach`` (a large run)
    the findings, with their baseline fingerprints, are left to a detached process and the entry is written at
    once: until the findings land, a hit that needs them is a miss (see :func:`findings_of`), while a hit on a
    stored report (written by this process before it exits) needs only the entry."""
    from .parallel import detached

    if not (detach and detached(lambda: _store_findings(root, key, result))):
        _store_findings(root, key, result)
    data = {
        "key": key,
        "summary": result.summary(),
        "tools": [list(t) for t in result.tool_index()],
        "enabled": sorted(result.enabled),
    }
    _write(root, key, "json", json.dumps(data, ensure_ascii=False, separators=(",", ":")))


def _store_findings(root: str, key: str, result) -> None:
    """Each finding as a row ``[finding, fingerprint, SARIF column]``, the finding being its JSON-report line."""
    from ..engine.baseline import fingerprint
    from ..report.sarif import utf16_column

    parts = [f'{{"key":"{key}","findings":[']
    add = parts.extend
    sep = "["
    for f in result.findings:
        sf = f.extra.get("file")
        col16 = utf16_column(sf, f.line, f.column) if sf is not None else f.column
        add((sep, f.to_json(), ',"', fingerprint(f), '",', str(int(col16)), "]"))  # a fingerprint is hex
        sep = ",["
    parts.append("]}")
    _write(root, key, "findings.json", "".join(parts))


def store_output(root: str, key: str, variant: str, text: str) -> None:
    """The text a run wrote, so the next unchanged run with the same output options writes it without rendering."""
    if os.path.exists(_path(root, key)):
        from ..boundary import encode

        _write_bytes(root, key, f"out-{variant}", encode(text))


def _findings_from(rows: list) -> list[Finding]:
    out = []
    fields = ("code", "name", "severity", "message", "help", "file", "line", "column", "tool", "pointer", "target",
              "url", "fixable", "related", "data")
    for d, fp, col16 in rows:
        f = Finding(**{k: d.get(k) for k in fields})
        if "fix" in d:  # what the report shows (masked): marks and counts; `--fix` never runs on the cache
            from ..fixing.model import Fix

            f.fix = Fix.from_dict(d["fix"])
        f.extra.update(fingerprint=fp, utf16_column=col16)
        out.append(f)
    return out
