"""`toolcheck import`: tools where they already live -> one YAML contract per tool (and samples)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from .contract import Contract
from .fsutil import write_atomic
from .loading import Limits, Loaded, load_file


class _Dumper(yaml.SafeDumper):
    """Block style for long or multi-line text; key order as written; YAML 1.1 look-alikes stay quoted."""

    def increase_indent(self, flow=False, indentless=False):  # lists indented under their key
        return super().increase_indent(flow, False)


def _str(dumper: yaml.SafeDumper, data: str):
    if "\n" in data.strip("\n"):
        return dumper.represent_scalar("tag:yaml.org,2002:str", data, style="|")
    if len(data) > 88 and not data.startswith((" ", "\t")) and not data.endswith((" ", "\t")):
        return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=">")
    return dumper.represent_scalar("tag:yaml.org,2002:str", data)


_Dumper.add_representer(str, _str)


def dump_yaml(data: Any) -> str:
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100, default_flow_style=False)


@dataclass
class ImportResult:
    written: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    tools: int = 0
    no_risk: list[str] = field(default_factory=list)  # MCP tools whose annotations give no `risk`


def contract_from(c: Contract) -> dict[str, Any]:
    """The toolcheck contract for one tool read from any format; nothing in the schemas is rewritten."""
    d = c.data
    out: dict[str, Any] = {"name": d.get("name")}
    title = d.get("title")
    if title is None and isinstance(d.get("annotations"), dict):
        title = d["annotations"].get("title")
    if isinstance(title, str):
        out["title"] = title
    if "description" in d:
        out["description"] = d["description"]
    risk = c.risk
    if risk:
        out["risk"] = risk
    params = c.parameters
    out["parameters"] = params if params is not None else {"type": "object", "properties": {}}
    if c.returns is not None:
        out["returns"] = c.returns
    elif isinstance(d.get("responseJsonSchema"), dict):
        out["returns"] = d["responseJsonSchema"]
    if c.format == "contract":
        for k, v in d.items():
            if k not in out and k != "samples":
                out[k] = v
    if isinstance(d.get("annotations"), dict) and c.format == "mcp":
        out["annotations"] = {k: v for k, v in d["annotations"].items() if k != "title"}
    if c.strict:
        from .vendors.targets import strict_target

        out["targets"] = [strict_target(c.format)]
    return out


MAX_STEM = 100  # characters of a derived file name (file systems allow 255 bytes; room for `_2.yaml`)


def _safe_name(name: str) -> str:
    """A file name for a tool: its name with anything but letters, digits, `_`, `.` and `-` replaced; a long
    name is cut and ends with a hash of the whole, so two long names that share a start stay apart."""
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("._") or "tool"
    if len(stem) > MAX_STEM:
        import hashlib

        digest = hashlib.sha256(name.encode("utf-8", "backslashreplace")).hexdigest()[:12]
        stem = stem[: MAX_STEM - 13].rstrip("._-") + "_" + digest
    return stem


def import_files(files: list[str], out_dir: str, samples_dir: str, force: bool = False,
                 input_format: str = "auto", limits: Limits | None = None,
                 names: dict[str, str] | None = None) -> ImportResult:
    """``names``: how to call a file in messages (`mcp:<server>` for a live server's listing, which has no
    lines a user could open: its problems name the tool instead)."""
    res = ImportResult()
    used: set[str] = set()
    for path in files:
        why = _not_importable(path)
        if why:
            res.problems.append(f"{path}: {why}")
            continue
        shown = (names or {}).get(path)
        lf = load_file(path, shown or path, limits or Limits(), input_format=input_format)
        if lf.other:
            res.problems.append(f"{path}: {lf.other}, not tool definitions")
            continue
        res.problems.extend(_load_problems(lf, path, shown))
        for c in lf.contracts:
            if not c.name:
                line, _ = lf.file.locate(c.pointer)
                res.problems.append(f"{shown} {c.pointer}: a tool without a name was not imported" if shown else
                                    f"{path}:{line}: a tool without a name was not imported")
                continue
            _import_tool(c, out_dir, samples_dir, force, used, res)
    return res


def _not_importable(path: str) -> str | None:
    """Why ``path`` cannot be read as tool definitions at all (missing, or not a file type toolcheck reads)."""
    if not os.path.isfile(path):
        return "no such file"
    from .discovery import unsupported_type

    return unsupported_type(path) or None


def _load_problems(lf: Loaded, path: str, shown: str | None) -> list[str]:
    """The loading findings that stop a file's tools from being read (syntax, format, limits, unreadable)."""
    out = []
    for h in lf.hits:
        line, col = h.position or lf.file.locate(h.pointer)
        if h.code in ("TC001", "TC004", "TC005", "TC006", "TC010", "TC011"):
            out.append(f"{shown} {h.pointer or '/'}: {h.message}" if shown else f"{path}:{line}:{col}: {h.message}")
    return out


def _import_tool(c: Contract, out_dir: str, samples_dir: str, force: bool, used: set[str], res: ImportResult) -> None:
    """Write one named tool as a contract file, and its examples as a samples file, under a name not yet
    ``used`` (compared case-insensitively)."""
    res.tools += 1
    if c.format == "mcp" and not c.risk:
        res.no_risk.append(c.name)
    base = _safe_name(c.name)
    stem, n = base, 2
    while stem.casefold() in used:  # `Get` and `get` are one file on macOS and Windows
        stem, n = f"{base}_{n}", n + 1
    used.add(stem.casefold())
    _write(os.path.join(out_dir, stem + ".yaml"), dump_yaml(contract_from(c)), force, res)
    records = [{"description": s.description or "imported example", "data": s.data, "valid": s.valid}
               for s in c.samples if s.kind == "sample"]
    if c.format == "contract" and isinstance(c.data.get("samples"), list):
        records = []  # inline samples stay inline
    if records:
        doc: Any = records if stem == c.name else {"tool": c.name, "samples": records}
        _write(os.path.join(samples_dir, stem + ".yaml"), dump_yaml(doc), force, res)


def _write(path: str, text: str, force: bool, res: ImportResult) -> None:
    if os.path.lexists(path) and not force:
        res.skipped.append(path)
        return
    try:
        write_atomic(path, text, overwrite=force)
    except FileExistsError:
        res.skipped.append(path)
        return
    res.written.append(path)


# ------------------------------------------------------------------------------------------------ export

def tools_payload(target: str, tools: list[dict[str, Any]], api: str = "chat") -> Any:
    """The value a request (or protocol message) carries for a list of exported tools.

    openai: the `tools` array (Chat Completions; `api="responses"` gives the Responses shape); anthropic: the
    `tools` array; gemini / gemini-json-schema: the `tools` array with one `{"functionDeclarations": [...]}`;
    mcp: a `tools/list` result `{"tools": [...]}`; bedrock: a `toolConfig` `{"tools": [{"toolSpec": ...}]}`.
    """
    base = target.split("@", 1)[0]
    if base.startswith("openai") and api == "responses":
        out = []
        for t in tools:
            fn = dict(t.get("function", t))
            out.append({"type": "function", **fn})
        return out
    if base in ("gemini", "gemini-json-schema"):
        return [{"functionDeclarations": tools}]
    if base in ("mcp", "bedrock"):
        return {"tools": tools}
    return tools
