"""`.toolcheck_cache/`: a second, unchanged run answers from disk.

The key covers everything a run's findings depend on: toolcheck's version, the command, every input file's path,
role and content hash, and the settings that change findings (selection, severities, rule options, targets,
limits, ...); output options (format, --fail-on, --output) are not in it. A whole run is cached, not single
files, because duplicate names, overlap and sample replay compare files with each other.

An entry is three kinds of file under ``<version>/<key[:2]>/``: ``<key>.findings.json`` (the findings, as
reported: secrets already masked), ``<key>.json`` (summary, tool index, enabled rules; written after the
findings, except on a large run, whose findings a detached process writes while the report is rendered: a hit
that finds no findings file is a miss) and ``<key>.out-<variant>`` (the exact text written for one
format/--statistics/--quiet/colour combination, headed by the key and its length, so a truncated file is a
miss). A hit with a stored output copies it to stdout without reading or rendering any finding; a hit without
one reads the findings and renders them; the exit code comes from the summary's counts and --fail-on.
Every file is written atomically under a unique name, so concurrent runs are safe and the folder is safe to
delete; anything unreadable, foreign or damaged is a miss.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from typing import Any

from . import __version__
from .findings import Finding

CACHE_DIR = ".toolcheck_cache"
_SETTINGS_FIELDS = ("select", "extend_select", "ignore", "per_file_ignores", "severity", "rules", "allow_domains",
                    "allow_patterns", "targets", "config_targets", "ship", "input_format", "samples", "force_exclude",
                    "exclude")


def _package_stamp(root: str | None = None) -> str:
    """The content of toolcheck's own files (~1 MB, a few ms): an edited rule (a development checkout) never
    reads stale entries, and a reinstall of the same version (a CI job restoring a kept cache) still hits."""
    root = root or os.path.dirname(os.path.abspath(__file__))
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


def run_key(command: str, settings, inputs) -> str:
    h = hashlib.sha256()
    h.update(f"{__version__}\0{_package_stamp()}\0{command}\0".encode())
    cfg = {name: getattr(settings, name) for name in _SETTINGS_FIELDS}
    cfg["limits"] = dataclasses.asdict(settings.limits)
    h.update(json.dumps(cfg, sort_keys=True, default=str).encode())
    for i in inputs:
        h.update(f"\0{i.display}\0{i.role}\0{i.reported}\0{i.explicit}\0{i.other}\0{i.group}\0".encode())
        try:
            st = os.stat(i.abspath)
            if st.st_size > settings.limits.max_file_size:
                h.update(f"size:{st.st_size}".encode())
                continue
            with open(i.abspath, "rb") as fh:
                h.update(hashlib.sha256(fh.read()).digest())
        except OSError as e:
            h.update(f"error:{e.errno}".encode())
    return h.hexdigest()


def _path(root: str, key: str, part: str = "json") -> str:
    return os.path.join(root, CACHE_DIR, __version__, key[:2], f"{key}.{part}")


def output_variant(fmt: str, statistics: bool, quiet: bool, color: bool) -> str:
    """What, besides the findings, decides the text a run writes."""
    return hashlib.sha256(f"{fmt}\0{statistics}\0{quiet}\0{color}".encode()).hexdigest()[:16]


def _read_json(path: str) -> Any:
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def load(root: str, key: str) -> dict[str, Any] | None:
    """The entry's summary, tool index and enabled codes (small); the findings are read by :func:`findings_of`."""
    try:
        data = _read_json(_path(root, key))
        if not isinstance(data, dict) or data.get("key") != key:
            return None
        return data
    except (OSError, ValueError):
        return None  # a missing, half-written by a crash elsewhere, or foreign file is a miss


def load_output(root: str, key: str, variant: str) -> str | None:
    """The path of the stored output of this run and variant, or None (missing, foreign or not whole)."""
    path = _path(root, key, f"out-{variant}")
    try:
        with open(path, "rb") as fh:
            head = fh.readline(200).split()
            size = os.fstat(fh.fileno()).st_size
            if len(head) != 3 or head[:2] != [b"toolcheck-cache", key.encode()] or not head[2].isdigit():
                return None
            if size != fh.tell() + int(head[2]):
                return None
        return path
    except OSError:
        return None


def copy_output(path: str, dest) -> None:
    """Copy a stored output (after its header line) to the binary file ``dest``, in chunks."""
    import shutil

    with open(path, "rb") as fh:
        fh.readline()
        shutil.copyfileobj(fh, dest, 1 << 20)


def findings_of(root: str, key: str) -> list[Finding] | None:
    try:
        data = _read_json(_path(root, key, "findings.json"))
        if not isinstance(data, dict) or data.get("key") != key:
            return None
        return _findings_from(data["findings"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _write(root: str, path: str, text: str) -> None:
    _write_bytes(root, path, text.encode("utf-8"))


def _write_bytes(root: str, path: str, data: bytes) -> None:
    from .fsutil import write_atomic, write_atomic_from

    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        gi = os.path.join(root, CACHE_DIR, ".gitignore")
        if not os.path.exists(gi):
            write_atomic(gi, "# created by toolcheck; safe to delete\n*\n")
        write_atomic_from(path, lambda fh: fh.write(data))
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
        "tools": [[c.file.path, c.display_name] for c in result.contracts if c.file.reported],
        "enabled": sorted(result.enabled),
    }
    _write(root, _path(root, key), json.dumps(data, ensure_ascii=False, separators=(",", ":")))


def _store_findings(root: str, key: str, result) -> None:
    """Each finding as a row ``[finding, fingerprint, SARIF column]``, the finding being its JSON-report line."""
    from .engine import _fingerprint
    from .report.sarif import utf16_column

    parts = [f'{{"key":"{key}","findings":[']
    add = parts.extend
    sep = "["
    for f in result.findings:
        sf = f.extra.get("file")
        col16 = utf16_column(sf, f.line, f.column) if sf is not None else f.column
        add((sep, f.to_json(), ',"', _fingerprint(f), '",', str(int(col16)), "]"))  # a fingerprint is hex
        sep = ",["
    parts.append("]}")
    _write(root, _path(root, key, "findings.json"), "".join(parts))


def store_output(root: str, key: str, variant: str, text: str) -> None:
    """The text a run wrote, so the next unchanged run with the same output options writes it without rendering."""
    if os.path.exists(_path(root, key)):
        body = text.encode("utf-8")
        path = _path(root, key, f"out-{variant}")
        _write_bytes(root, path, f"toolcheck-cache {key} {len(body)}\n".encode() + body)


def _findings_from(rows: list) -> list[Finding]:
    out = []
    fields = ("code", "name", "severity", "message", "help", "file", "line", "column", "tool", "pointer", "target",
              "url", "fixable", "related", "data")
    for d, fp, col16 in rows:
        f = Finding(**{k: d.get(k) for k in fields})
        f.extra.update(fingerprint=fp, utf16_column=col16)
        out.append(f)
    return out
