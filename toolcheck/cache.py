"""`.toolcheck_cache/`: a second, unchanged run answers from disk.

The key covers everything a run's findings depend on: toolcheck's version, the command, every input file's path,
role and content hash, and the settings that change findings (selection, severities, rule options, targets,
limits, ...); output options (format, --fail-on, --output) are not in it. A whole run is cached, not single
files, because duplicate names, overlap and sample replay compare files with each other. Entries are written
atomically under a unique name, so concurrent runs are safe and the folder is safe to delete. Findings are
stored as reported: secrets are already masked.
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


def _package_stamp() -> str:
    """Size and mtime of toolcheck's own files: an edited rule (a development checkout) never reads stale entries."""
    root = os.path.dirname(os.path.abspath(__file__))
    parts = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for name in sorted(filenames):
            if name.endswith((".py", ".json")):
                try:
                    st = os.stat(os.path.join(dirpath, name))
                except OSError:
                    continue
                parts.append(f"{os.path.relpath(os.path.join(dirpath, name), root)}:{st.st_size}:{st.st_mtime_ns}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def run_key(command: str, settings, inputs) -> str:
    h = hashlib.sha256()
    h.update(f"{__version__}\0{_package_stamp()}\0{command}\0".encode())
    cfg = {name: getattr(settings, name) for name in _SETTINGS_FIELDS}
    cfg["limits"] = dataclasses.asdict(settings.limits)
    h.update(json.dumps(cfg, sort_keys=True, default=str).encode())
    for i in inputs:
        h.update(f"\0{i.display}\0{i.role}\0{i.reported}\0".encode())
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


def _path(root: str, key: str) -> str:
    return os.path.join(root, CACHE_DIR, __version__, key[:2], key + ".json")


def load(root: str, key: str) -> dict[str, Any] | None:
    try:
        with open(_path(root, key), encoding="utf-8") as fh:
            data = json.load(fh)
        if data.get("key") != key:
            return None
        return data
    except (OSError, ValueError):
        return None  # a missing, half-written by a crash elsewhere, or foreign file is a miss


def store(root: str, key: str, result) -> None:
    from .engine import _fingerprint
    from .report.sarif import utf16_column

    findings = []
    for f in result.findings:
        d = f.to_dict()
        d["_fp"] = _fingerprint(f)
        sf = f.extra.get("file")
        d["_utf16"] = utf16_column(sf, f.line, f.column) if sf is not None else f.column
        findings.append(d)
    data = {
        "key": key,
        "findings": findings,
        "summary": result.summary(),
        "tools": [[c.file.path, c.display_name] for c in result.contracts if c.file.reported],
        "enabled": sorted(result.enabled),
    }
    path = _path(root, key)
    try:
        from .fsutil import write_atomic

        os.makedirs(os.path.dirname(path), exist_ok=True)
        gi = os.path.join(root, CACHE_DIR, ".gitignore")
        if not os.path.exists(gi):
            write_atomic(gi, "# created by toolcheck; safe to delete\n*\n")
        write_atomic(path, json.dumps(data, ensure_ascii=False, separators=(",", ":")))
    except OSError:
        pass  # a read-only checkout still works, just without a cache


def findings_from(data: dict[str, Any]) -> list[Finding]:
    out = []
    for d in data["findings"]:
        extra = {"fingerprint": d.pop("_fp", None), "utf16_column": d.pop("_utf16", None)}
        f = Finding(**{k: d.get(k) for k in ("code", "name", "severity", "message", "help", "file", "line", "column",
                                             "tool", "pointer", "target", "url", "fixable", "related", "data")})
        f.extra.update(extra)
        out.append(f)
    return out
