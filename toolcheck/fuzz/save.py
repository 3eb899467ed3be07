"""`--save-failures`: each failing case becomes a sample record that `toolcheck validate` replays from then on.

Records are appended to the tool's sample file (the one the run loaded, else ``samples/<tool>.yaml``) as text,
so existing records, comments and formatting stay exactly as they were; the file is replaced atomically. A
YAML file whose top level is not a block list, or a JSON file that is not a list, is left alone: the records go
to ``samples/<tool>.fuzz.yaml`` instead, as ``{tool: <name>, samples: [...]}``. A record whose data the file
already holds (same data, same `valid`) is not written twice.

- a handler failure on valid arguments: ``{description, data, valid: true}`` (the schema must keep accepting
  them; the handler must learn to handle them);
- a handler failure on invalid arguments, or a mutation an over-permissive schema accepts (TC703):
  ``{description, data, valid: false, expect: {keyword, pointer}}`` (the schema must reject them, for that
  reason).
"""

from __future__ import annotations

import json
import os
from typing import Any

from ..fsutil import write_atomic

HEADER = "# Cases found by `toolcheck fuzz --save-failures`; `toolcheck validate` replays them.\n"


def _key(data: Any, valid: Any) -> str:
    return json.dumps([data, valid], sort_keys=True, ensure_ascii=False, default=str)


def _dump(records: list[dict]) -> str:
    import yaml

    return yaml.safe_dump(records, sort_keys=False, allow_unicode=True, default_flow_style=None, width=110)


def save_failures(cases: list[tuple[Any, dict]], settings, result) -> list[str]:
    """Write the cases; returns one note per file written (for stderr)."""
    if not cases:
        return []
    root = settings.root
    folder = settings.samples or "samples"
    folder = folder if os.path.isabs(folder) else os.path.join(root, folder)
    by_tool: dict[str, list[dict]] = {}
    for contract, record in cases:
        name = getattr(contract, "name", None)
        if name:
            by_tool.setdefault(name, []).append(record)
    own_files: dict[str, str] = {}
    present: dict[str, set[str]] = {}
    for s in getattr(result, "samples", ()) or ():
        if s.kind != "sample":
            continue
        present.setdefault(s.tool, set()).add(_key(s.data, s.valid))
        path = s.file.abspath
        stem = os.path.splitext(os.path.basename(path))[0]
        if stem == s.tool and path.endswith((".yaml", ".yml", ".json")):
            own_files.setdefault(s.tool, path)
    notes: list[str] = []
    for tool, records in sorted(by_tool.items()):
        seen = present.setdefault(tool, set())
        fresh = []
        for r in records:
            k = _key(r["data"], r["valid"])
            if k not in seen:
                seen.add(k)
                fresh.append(r)
        if not fresh:
            continue
        path = own_files.get(tool) or os.path.join(folder, f"{_safe(tool)}.yaml")
        written = _append(path, fresh) or _append_aside(os.path.join(folder, f"{_safe(tool)}.fuzz.yaml"), tool, fresh)
        if written:
            notes.append(f"saved {len(fresh)} failing case(s) of {tool} to {os.path.relpath(written)}")
        else:
            notes.append(f"note: could not save the failing cases of {tool} (samples folder not writable?)")
    return notes


def _safe(name: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "._-" else "_" for ch in name) or "tool"


def _append(path: str, records: list[dict]) -> str | None:
    try:
        if not os.path.exists(path):
            text = HEADER + (_dump(records) if not path.endswith(".json") else json.dumps(records, indent=2))
            write_atomic(path, text, overwrite=False)
            return path
        with open(path, encoding="utf-8") as fh:
            old = fh.read()
    except OSError:
        return None
    new = _append_json(old, records) if path.endswith(".json") else _append_yaml(old, records)
    if new is None:
        return None
    try:
        write_atomic(path, new)
    except OSError:
        return None
    return path


def _append_yaml(old: str, records: list[dict]) -> str | None:
    import yaml

    try:
        before = yaml.safe_load(old) if old.strip() else []
    except yaml.YAMLError:
        return None
    if before is None:
        before = []
    if not isinstance(before, list):
        return None
    lines = [ln for ln in old.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if lines and (not lines[0].startswith("-") or any(ln.strip() in ("---", "...") for ln in lines)):
        return None  # a flow list, or several documents: appending text would not extend the list
    sep = "" if not old or old.endswith("\n") else "\n"
    new = old + sep + _dump(records)
    try:
        after = yaml.safe_load(new)
    except yaml.YAMLError:
        return None
    if not isinstance(after, list) or len(after) != len(before) + len(records):
        return None
    return new


def _append_json(old: str, records: list[dict]) -> str | None:
    try:
        before = json.loads(old)
    except ValueError:
        return None
    if not isinstance(before, list):
        return None
    body = old.rstrip()
    if not body.endswith("]"):
        return None
    head = body[:-1].rstrip()
    items = ",\n".join("  " + json.dumps(r, ensure_ascii=False) for r in records)
    new = head + (",\n" if before else "\n") + items + "\n]\n"
    try:
        after = json.loads(new)
    except ValueError:
        return None
    return new if isinstance(after, list) and len(after) == len(before) + len(records) else None


def _append_aside(path: str, tool: str, records: list[dict]) -> str | None:
    import yaml

    try:
        if os.path.exists(path):
            with open(path, encoding="utf-8") as fh:
                doc = yaml.safe_load(fh)
            if not (isinstance(doc, dict) and isinstance(doc.get("samples"), list)):
                return None
            doc["samples"].extend(records)
            write_atomic(path, HEADER + yaml.safe_dump(doc, sort_keys=False, allow_unicode=True,
                                                       default_flow_style=None, width=110))
            return path
        write_atomic(path, HEADER + yaml.safe_dump({"tool": tool, "samples": records}, sort_keys=False,
                                                   allow_unicode=True, default_flow_style=None, width=110),
                     overwrite=False)
        return path
    except (OSError, ValueError):
        return None
    except Exception:  # noqa: BLE001 - a YAML error in a file we wrote before
        return None
