"""Baselines: the findings recorded with `--write-baseline`, and the filter `--baseline` applies.

A baseline entry is matched by (code, file, tool, hash). The hash covers the code, the tool's name and source,
the pointer *relative to the tool* (so a tool inserted before it in a JSON array, which shifts `/1/function/...`
to `/2/function/...`, changes nothing) and the flagged value (a scalar, or a list of scalars such as an enum);
not the message, which may hold scores or counts that move when unrelated tools change (overlap), and not line
numbers. Version 1 baselines (fingerprints with the absolute pointer) are still read, with a note.

The fingerprints are public: the run cache stores each finding's with it (a cache hit has no documents to
fingerprint).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ..config import ConfigError
from ..contract import SourceFile
from ..model.findings import Finding
from ..model.pointer import resolve_pointer

BASELINE_VERSION = 2
_FP_ENCODER = json.JSONEncoder(sort_keys=True, default=str, ensure_ascii=False)  # what json.dumps(...) used


def fingerprint(f: Finding) -> str:
    """The finding's fingerprint in a version 2 baseline (a finding read from the cache carries its own)."""
    if f.extra.get("fingerprint"):
        return f.extra["fingerprint"]
    sf: SourceFile = f.extra.get("file")
    node: Any = None
    if sf is not None and sf.documents:
        node = _resolve(sf.documents[0], f.pointer, scalar_lists=True)
    anchor = f.extra.get("anchor")
    pointer = f.pointer
    if anchor is not None and (pointer == anchor or pointer.startswith(anchor + "/")):
        pointer = pointer[len(anchor):]
    blob = _FP_ENCODER.encode([f.code, f.tool, f.extra.get("source"), anchor is not None, pointer, node])
    return hashlib.sha256(blob.encode("utf-8", "backslashreplace")).hexdigest()[:20]


def fingerprint_v1(f: Finding) -> str:
    """The fingerprint of version 1 baselines: the absolute pointer, scalars only."""
    sf: SourceFile = f.extra.get("file")
    node: Any = None
    if sf is not None and sf.documents:
        node = _resolve(sf.documents[0], f.pointer)
    blob = _FP_ENCODER.encode([f.code, f.tool, f.pointer, node])
    return hashlib.sha256(blob.encode("utf-8", "backslashreplace")).hexdigest()[:20]


def _resolve(doc: Any, pointer: str, scalar_lists: bool = False) -> Any:
    cur = resolve_pointer(doc, pointer)
    if scalar_lists and isinstance(cur, list) and len(cur) <= 256 \
            and all(not isinstance(x, (dict, list)) for x in cur):
        return cur  # an enum, a `required` or `type` list: the flagged content itself
    if isinstance(cur, (dict, list)):
        return None  # a container's hash would change with any edit below it
    return cur


def baseline_entries(findings: list[Finding]) -> list[dict[str, Any]]:
    return [
        {"code": f.code, "file": f.file, "tool": f.tool, "pointer": f.pointer, "hash": fingerprint(f)}
        for f in findings
    ]


MAX_BASELINE = 256 * 1024 * 1024  # bytes: a baseline of a very large corpus, not a `/dev/zero`


def read_baseline(path: str) -> tuple[int, list[dict[str, Any]]]:
    """(version, entries) of a baseline file; ConfigError when it cannot be read."""
    try:
        with open(path, "rb") as fh:  # read once, bounded: `--baseline` may name a FIFO or a device
            raw = fh.read(MAX_BASELINE + 1)
        if len(raw) > MAX_BASELINE:
            raise ValueError(f"it is over {MAX_BASELINE // 1048576} MiB")
        data = json.loads(raw)
        version = data.get("version", 1)
        entries = data["findings"]
        if version not in (1, BASELINE_VERSION) or not isinstance(entries, list):
            raise ValueError(f"unknown baseline version {version!r} (this toolcheck reads 1 and {BASELINE_VERSION})")
        for e in entries:
            (e["code"], e["file"], e["pointer"], e["hash"])  # noqa: B018 - every entry has its keys
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
        raise ConfigError(f"cannot read baseline {path}: {e}") from None
    return version, entries


def baseline_note(path: str) -> str | None:
    """A note for an old-format baseline (still applied)."""
    version, _ = read_baseline(path)
    if version == 1:
        return (f"note: {path} is a version 1 baseline (it fingerprints findings by their position in the file); "
                "it still applies, but rewrite it with --write-baseline so that inserting a tool keeps it valid")
    return None


def apply_baseline(findings: list[Finding], path: str) -> list[Finding]:
    version, entries = read_baseline(path)
    old = version == 1
    budget: dict[tuple, int] = {}
    for e in entries:
        k = (e["code"], e["file"], e.get("tool"), e["pointer"] if old else None, e["hash"])
        budget[k] = budget.get(k, 0) + 1
    out = []
    for f in findings:
        k = (f.code, f.file, f.tool, f.pointer if old else None, fingerprint_v1(f) if old else fingerprint(f))
        if budget.get(k, 0) > 0:
            budget[k] -= 1
            continue
        out.append(f)
    return out
