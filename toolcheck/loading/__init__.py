"""Files -> SourceFile + contracts/samples + loading findings (TC0). Never raises on bad input."""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from typing import Any

from ..contract import Contract, Sample, SourceFile, Suppression
from ..model.findings import Hit
from ..model.positions import PositionIndex
from .formats import FORMAT_NAMES, GEMINI_KEYS, detect, other_document, sent_as, tool_format, unwrap
from .positions import LazyJsonIndex, MultiIndex, index_json
from .yaml_loader import Limits, YamlLimitExceeded, load_yaml, size_text

__all__ = ["Limits", "Loaded", "load_file", "file_kind"]

EXTENSIONS = {".yaml": "yaml", ".yml": "yaml", ".json": "json", ".jsonl": "jsonl"}


def file_kind(path: str) -> str | None:
    return EXTENSIONS.get(os.path.splitext(path)[1].lower())


@dataclass
class Loaded:
    file: SourceFile
    contracts: list[Contract] = field(default_factory=list)
    samples: list[Sample] = field(default_factory=list)
    hits: list[Hit] = field(default_factory=list)  # pointers are absolute (into the file's document)
    input_format: str = "auto"
    other: str | None = None  # what the file is instead, when its shape says it is not a tool definition


def load_file(path: str, display: str, limits: Limits, role: str = "contracts", input_format: str = "auto",
              text: str | None = None, kind: str | None = None, data: bytes | None = None) -> Loaded:
    """Load one file. ``data``: its content, given in memory (stdin, an editor's unsaved buffer) in place of
    what is on disk at ``path`` (which need not exist); its format is told by the name, else by the content.
    ``text``: decoded text instead of the file's content (a fix being proven before it is written), read as
    ``kind`` (yaml, json, jsonl) when the path does not say."""
    named_kind = kind or file_kind(path)
    kind = named_kind or "yaml"
    sf = SourceFile(path=display, abspath=path, kind=kind, role=role)
    out = Loaded(sf)
    out.input_format = input_format
    if text is not None:
        if len(text) > limits.max_file_size:
            out.hits.append(Hit("", f"file is over the {size_text(limits.max_file_size)} limit; not read",
                                "Split it, or raise `limits.max-file-size` in the config.", code="TC010"))
            return out
        return _parse(sf, text.removeprefix("\ufeff"), named_kind, limits, out)
    if data is not None:
        if len(data) > limits.max_file_size:
            out.hits.append(Hit("", f"file is over the {size_text(limits.max_file_size)} limit; not read",
                                "Split it, or raise `limits.max-file-size` in the config.", code="TC010"))
            return out
        return _load_text(sf, named_kind, data, limits, out)
    try:
        size = os.path.getsize(path)
        if size > limits.max_file_size:
            out.hits.append(
                Hit(
                    "",
                    f"file is {size_text(size)}, over the {size_text(limits.max_file_size)} limit; not read",
                    "Split it, or raise `limits.max-file-size` in the config.",
                    code="TC010",
                )
            )
            return out
        with open(path, "rb") as fh:
            raw = fh.read(limits.max_file_size + 1)  # bounded: a FIFO or device has no size to check first
        if len(raw) > limits.max_file_size:
            out.hits.append(Hit("", f"file is over the {size_text(limits.max_file_size)} limit; not read",
                                "Split it, or raise `limits.max-file-size` in the config.", code="TC010"))
            return out
    except OSError as e:
        out.hits.append(Hit("", f"cannot read file: {e.strerror or e}", "Check the path and its permissions.",
                            code="TC011"))
        return out
    return _load_text(sf, named_kind, raw, limits, out)


def _load_text(sf: SourceFile, named_kind: str | None, raw: bytes, limits: Limits, out: Loaded) -> Loaded:
    text = _decode(raw, out)
    if text is None:
        return out
    return _parse(sf, text, named_kind, limits, out)


def _parse(sf: SourceFile, text: str, named_kind: str | None, limits: Limits, out: Loaded) -> Loaded:
    kind = sf.kind
    sf.text = text
    if named_kind is None and text.lstrip()[:1] in ("{", "["):  # a stream without a name: JSON is read as JSON
        kind = sf.kind = "json"
    if not text.strip():
        out.hits.append(Hit("", "file is empty", "Write a contract in it, or delete it.", code="TC005"))
        return out
    if kind == "yaml":
        _load_yaml(sf, text, limits, out)
    elif kind == "json":
        _load_json(sf, text, limits, out)
    else:
        _load_jsonl(sf, text, limits, out)
    if out.other is not None:  # recognisably another tool's file: none of the contract findings apply
        out.hits, out.contracts, out.samples = [], [], []
    return out


def _decode(raw: bytes, out: Loaded) -> str | None:
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        before = raw[: e.start]
        line = before.count(b"\n") + 1
        col = len(before[before.rfind(b"\n") + 1 :].decode("utf-8", "replace")) + 1
        h = Hit("", f"file is not valid UTF-8: byte 0x{raw[e.start]:02x} at line {line}, column {col}",
                "Save the file as UTF-8.", code="TC004")
        h.position = (line, col)
        out.hits.append(h)
        return None


# ----------------------------------------------------------------------------------------------- YAML

def _load_yaml(sf: SourceFile, text: str, limits: Limits, out: Loaded) -> None:
    import yaml

    want_spans = "toolcheck:" in text
    try:
        res = load_yaml(text, limits, want_spans=want_spans)
    except YamlLimitExceeded as e:
        h = Hit("", e.message, e.help, code=e.code)
        h.position = (e.line, e.column)
        out.hits.append(h)
        return
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        msg = " ".join(str(x) for x in (e.context, e.problem) if x)
        if "nesting depth" in msg:  # libyaml's own bound (1,000 levels), reached before ours in flow style
            h = Hit("", f"nesting deeper than the YAML parser allows ({msg})",
                    "Flatten the document.", code="TC010")
        else:
            h = Hit("", f"YAML syntax error: {msg}", _yaml_help(msg), code="TC001")
        if mark is not None:
            h.position = (mark.line + 1, mark.column + 1)
        out.hits.append(h)
        return
    except (yaml.YAMLError, RecursionError, ValueError, OverflowError) as e:
        out.hits.append(Hit("", f"YAML error: {str(e).splitlines()[0] if str(e) else type(e).__name__}",
                            "Fix the YAML syntax.", code="TC001"))
        return
    idx = PositionIndex()
    idx.values, idx.keys = res.values, res.keys
    sf.positions = idx
    out.hits.extend(res.hits)
    if want_spans:
        sf.suppressions = parse_suppressions(text, res.scalar_spans)
    docs = res.documents
    if not docs:
        out.hits.append(Hit("", "file holds no YAML document (only comments or blank lines)",
                            "Write a contract in it, or delete it.", code="TC005"))
        return
    if len(docs) > 1:
        out.hits.append(Hit("", f"file holds {len(docs)} YAML documents; only the first is read",
                            "Put one contract per file, or list several under `tools:`.", code="TC006"))
    sf.documents = [docs[0]]
    if res.traps:
        from ..fixing.contract_fixes import trap_fix

        for h in res.hits:
            items = res.traps.get(id(h))
            if items:
                h.fix = trap_fix(docs[0], items, sf.role)
    _extract(sf, docs[0], out)


def _yaml_help(msg: str) -> str:
    if "\\t" in msg or "'\\t'" in msg or "tab" in msg.lower():
        return "YAML does not allow tabs for indentation: indent with spaces."
    if "unacceptable character" in msg or "special characters" in msg:
        return "The file holds control or binary bytes; a contract is UTF-8 text."
    return "Fix the YAML syntax at the position shown."


# ----------------------------------------------------------------------------------------------- JSON

class _Dup(Exception):
    pass


def _constant(name):
    raise ValueError(f"{name} is not valid JSON")


def _pairs_hook(flags: dict):
    def hook(pairs: list) -> dict:
        d = dict(pairs)
        if len(d) != len(pairs):
            flags["dup"] = True
        return d

    return hook


def _json_loads(s: str, flags: dict) -> Any:
    """json.loads (C speed) that rejects NaN/Infinity and notices duplicate keys.

    The C scanner hands each object's pairs to a hook that builds the dict: fewer entries than pairs means a key
    repeated. Only a file with duplicates pays for the slow path that locates them.
    """
    return json.JSONDecoder(object_pairs_hook=_pairs_hook(flags), parse_constant=_constant).decode(s)


def _json_error(e: Exception, line_offset: int = 0) -> Hit:
    if isinstance(e, json.JSONDecodeError):
        h = Hit("", f"JSON syntax error: {e.msg} at line {e.lineno + line_offset}, column {e.colno}",
                "Fix the JSON syntax at the position shown.", code="TC001")
        h.position = (e.lineno + line_offset, e.colno)
        return h
    if isinstance(e, RecursionError):
        return Hit("", "JSON nesting is too deep to read", "Flatten the document.", code="TC010")
    msg = str(e).splitlines()[0] if str(e) else type(e).__name__
    if "int" in msg and "digits" in msg:
        msg = "an integer literal is too long (over 4,300 digits)"
    h = Hit("", f"JSON error: {msg}", "Use plain JSON: no NaN/Infinity, numbers of sensible size.", code="TC001")
    if line_offset:
        h.position = (line_offset + 1, 1)
    return h


def _depth_ok(value: Any, max_depth: int, text: str | None = None) -> bool:
    if text is not None and text.count("{") + text.count("[") <= max_depth:
        return True  # fewer brackets than the bound: no need to walk
    stack = [(value, 1)]
    while stack:
        v, d = stack.pop()
        if d > max_depth:
            return False
        if isinstance(v, dict):
            stack.extend((x, d + 1) for x in v.values() if isinstance(x, (dict, list)))
        elif isinstance(v, list):
            stack.extend((x, d + 1) for x in v if isinstance(x, (dict, list)))
    return True


def _duplicate_hits(text: str, idx: PositionIndex, line_offset: int = 0, prefix: str = "") -> list[Hit]:
    dups: list = []
    scratch = PositionIndex()
    index_json(text, scratch, line_offset=line_offset, prefix=prefix, duplicates=dups)
    return [
        Hit(ptr, f"duplicate key `{ptr.rsplit('/', 1)[-1]}` (first at line {first}); JSON parsers keep only the last one",
            "Remove or rename one of the two keys.", code="TC002")
        for ptr, _line, _col, first in dups
    ]


def _load_json(sf: SourceFile, text: str, limits: Limits, out: Loaded) -> None:
    flags: dict = {}
    try:
        doc = _json_loads(text, flags)
    except (ValueError, RecursionError, OverflowError) as e:
        out.hits.append(_json_error(e))
        return
    if not _depth_ok(doc, limits.max_depth, text):
        out.hits.append(Hit("", f"nesting deeper than {limits.max_depth} levels",
                            "Flatten the document, or raise `limits.max-depth` in the config.", code="TC010"))
        return
    sf.positions = LazyJsonIndex(text, unique_keys=not flags.get("dup"))
    if flags.get("dup"):
        out.hits.extend(_duplicate_hits(text, sf.positions))
    sf.documents = [doc]
    _extract(sf, doc, out)


def _load_jsonl(sf: SourceFile, text: str, limits: Limits, out: Loaded) -> None:
    idx = MultiIndex()
    sf.positions = idx
    records: list[Any] = []
    for lineno, line in enumerate(text.split("\n")):
        if not line.strip():
            records.append(None)
            continue
        flags: dict = {}
        try:
            rec = _json_loads(line, flags)
        except (ValueError, RecursionError, OverflowError) as e:
            h = _json_error(e, lineno)
            h.pointer = f"/{lineno}"
            out.hits.append(h)
            records.append(None)
            continue
        if not _depth_ok(rec, limits.max_depth, line):
            out.hits.append(Hit(f"/{lineno}", f"nesting deeper than {limits.max_depth} levels",
                                "Flatten the record.", code="TC010"))
            records.append(None)
            continue
        idx.lines[str(lineno)] = LazyJsonIndex(line, line_offset=lineno, prefix=f"/{lineno}",
                                               unique_keys=not flags.get("dup"))
        if flags.get("dup"):
            out.hits.extend(_duplicate_hits(line, idx, lineno, f"/{lineno}"))
        records.append(rec)
    while records and records[-1] is None:
        records.pop()
    sf.documents = [records]
    if sf.role == "samples":
        _extract_calls(sf, records, out)
        return
    sf.format = "function-jsonl"
    sf.sent_as = "catalogue"  # one definition a line: a host loads from it (see formats.sent_as)
    for i, rec in enumerate(records):
        if rec is None:
            continue
        if not isinstance(rec, dict):
            out.hits.append(Hit(f"/{i}", f"line holds {_kind(rec)}, not a tool definition",
                                "Each line of a JSON Lines file is one tool object.", code="TC006"))
            continue
        forced = out.input_format if out.input_format not in (None, "auto") else None
        fmt = forced or tool_format(rec)
        if fmt not in (None, "contract", "functions"):
            if fmt == "gemini" and any(k in rec for k in GEMINI_KEYS):
                before = len(out.contracts)
                if _gemini_declarations(sf, f"/{i}", rec, out) and len(out.contracts) == before:
                    out.hits.append(Hit(f"/{i}", "this Gemini tool holds no function declarations",
                                        "List the functions under `functionDeclarations`, or remove the line.",
                                        code="TC006"))
            else:
                _add_vendor_tool(sf, fmt, f"/{i}", rec, out, forced is not None)
            continue
        meta = {}
        data = rec
        if "source" in rec:
            data = dict(rec)
            _take_source(data, f"/{i}", meta, out)
        if rec.get("strict") is True:
            meta["strict"] = True
        out.contracts.append(Contract(data, sf, f"/{i}", index=len(out.contracts), metadata=meta,
                                      format="function-jsonl"))


# ----------------------------------------------------------------------------------------------- model

def _kind(v: Any) -> str:
    if isinstance(v, dict):
        return "a mapping"
    if isinstance(v, list):
        return "a list"
    if isinstance(v, str):
        return "a string"
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "a boolean"
    return "a number"


def _extract(sf: SourceFile, doc: Any, out: Loaded) -> None:
    """The contracts, vendor tools or samples of one parsed document (or, for a document that is some other kind
    of file, ``out.other``)."""
    if sf.role == "samples":
        _extract_samples(sf, doc, out)
        return
    fmt, items = detect(doc)
    forced = out.input_format if out.input_format not in (None, "auto") else None
    if fmt == "contract" and not forced and sf.role == "contracts":
        out.other = other_document(doc)
        if out.other is not None:
            return
    fmt = forced or _read_as(sf, doc, fmt)
    if fmt != "contract":
        _extract_vendor_tools(sf, fmt, items, doc, out, forced is not None)
    else:
        _extract_contracts(sf, doc, out)


def _read_as(sf: SourceFile, doc: Any, fmt: str) -> str:
    """The format a detected document is read in: some vendor shapes are also toolcheck contracts."""
    if sf.kind == "yaml" and isinstance(doc, dict) and "name" in doc and fmt in ("anthropic", "mcp", "gemini"):
        return "contract"  # in YAML, one tool mapping is a contract (input_schema/inputSchema are its aliases)
    if fmt == "functions" and not (sf.kind == "json" and isinstance(doc, list)):
        # {name, description, parameters} is also a minimal toolcheck contract: only a JSON array of such objects
        # (BFCL function docs, SDK dumps) is read as vendor input
        return "contract"
    return fmt


def _extract_vendor_tools(sf: SourceFile, fmt: str, items: Any, doc: Any, out: Loaded, forced: bool) -> None:
    """The tools of a document in a vendor format; a TC006 when it holds none (and no Gemini wrapper was
    reported empty already)."""
    sf.format = fmt
    sf.sent_as = sent_as(doc)
    for ptr, item in items:
        _add_vendor_tool(sf, fmt, ptr, item, out, forced)
    wrappers = [("", doc)] if isinstance(doc, dict) else \
        [(f"/{i}", t) for i, t in enumerate(doc)] if isinstance(doc, list) else []
    shaped = all([_gemini_declarations(sf, p, t, out, add=False) for p, t in wrappers
                  if isinstance(t, dict) and any(k in t for k in GEMINI_KEYS)])
    if not out.contracts and shaped:
        out.hits.append(Hit("", f"file is in the {FORMAT_NAMES.get(fmt, fmt)} format but holds no tool "
                                "definitions", "Add the tools, or remove the file from the checked paths.",
                            code="TC006"))


def _extract_contracts(sf: SourceFile, doc: Any, out: Loaded) -> None:
    """The contracts of a toolcheck contract file: one mapping, `tools:` with a list, or a list of them."""
    if isinstance(doc, dict) and "tools" in doc and "name" not in doc:
        _extract_tools_key(sf, doc, out)
    elif isinstance(doc, dict):
        _add_contract(sf, doc, "", out)
    elif isinstance(doc, list) and doc and all(isinstance(x, dict) and "name" in x for x in doc):
        for i, item in enumerate(doc):
            _add_contract(sf, item, f"/{i}", out)
    else:
        out.hits.append(Hit("", f"file holds {_kind(doc)}, not a contract",
                            "A contract file holds one contract mapping (name, description, parameters, ...) "
                            "or `tools:` with a list of them.", code="TC006"))


def _extract_tools_key(sf: SourceFile, doc: dict, out: Loaded) -> None:
    """A multi-tool file: the contracts listed under `tools`, and a TC007 for each other key but `x-*`."""
    tools = doc["tools"]
    if not isinstance(tools, list):
        out.hits.append(Hit("/tools", f"`tools` holds {_kind(tools)}, not a list of contracts",
                            "Make `tools` a list of contracts.", code="TC006"))
        return
    for k in doc:
        if k != "tools" and not str(k).startswith("x-"):
            out.hits.append(Hit(f"/{k}", f"unknown key `{k}` beside `tools`",
                                "A multi-tool file holds only `tools` (and `x-*` extension keys).", code="TC007"))
    for i, item in enumerate(tools):
        _add_contract(sf, item, f"/tools/{i}", out)


def _add_contract(sf: SourceFile, item: Any, ptr: str, out: Loaded) -> None:
    if not isinstance(item, dict):
        out.hits.append(Hit(ptr, f"a contract must be a mapping, found {_kind(item)}",
                            "Write the contract as a mapping with name, description and parameters.", code="TC006"))
        return
    c = Contract(item, sf, ptr, index=len(out.contracts))
    out.contracts.append(c)
    inline = item.get("samples")
    if isinstance(inline, list):
        for j, rec in enumerate(inline):
            s = _sample_record(sf, rec, c.ptr("samples", j), c.name or "", out)
            if s is not None:
                s.contract = c
                c.samples.append(s)




def _gemini_declarations(sf: SourceFile, ptr: str, wrapper: dict, out: Loaded, add: bool = True) -> bool:
    """The function declarations of a Gemini `Tool` object (with ``add``, as contracts); False, with a finding,
    when a declarations key holds something other than a list (a string must not be read per character)."""
    ok = True
    for k in GEMINI_KEYS:
        if k not in wrapper:
            continue
        decls = wrapper[k]
        if isinstance(decls, list):
            if add:
                for j, d in enumerate(decls):
                    _add_vendor_tool(sf, "gemini", f"{ptr}/{k}/{j}", d, out)
        elif decls is not None:
            ok = False
            out.hits.append(Hit(f"{ptr}/{k}", f"`{k}` holds {_kind(decls)}, not a list of function declarations",
                                f"Make `{k}` a list: `[{{name, description, parameters}}, ...]`.", code="TC006"))
    return ok


def _take_source(data: dict, ptr: str, meta: dict, out: Loaded) -> None:
    """Move a record's `source` (where a corpus tool came from) into the metadata; only a string is one."""
    src = data.pop("source")
    if isinstance(src, str):
        meta["source"] = src
    elif src is not None:
        out.hits.append(Hit(f"{ptr}/source", f"`source` holds {_kind(src)}, not a string",
                            "Write `source` as a string (the repository or file the tool comes from), or drop it.",
                            code="TC009"))


def _add_vendor_tool(sf: SourceFile, fmt: str, ptr: str, item: Any, out: Loaded, forced: bool = False) -> None:
    if not isinstance(item, dict):
        out.hits.append(Hit(ptr, f"a tool definition must be a mapping, found {_kind(item)}",
                            "Each entry of the tools list is one tool object.", code="TC006"))
        return
    f, p, obj = unwrap(fmt, ptr, item)
    if forced:
        f = fmt if not (fmt == "openai" and p == ptr) else fmt
    if not isinstance(obj, dict):
        out.hits.append(Hit(p, f"a tool definition must be a mapping, found {_kind(obj)}",
                            "Write the tool as a mapping with name, description and parameters.", code="TC006"))
        return
    meta: dict[str, Any] = {}
    data = obj
    if "source" in obj and f in ("functions", "function-jsonl"):
        data = dict(obj)
        _take_source(data, p, meta, out)
    if obj.get("strict") is True:
        meta["strict"] = True
    c = Contract(data, sf, p, index=len(out.contracts), metadata=meta, format=f)
    out.contracts.append(c)
    examples = obj.get("input_examples")
    if f == "anthropic" and isinstance(examples, list):
        for j, ex in enumerate(examples):
            ep = c.ptr("input_examples", j)
            s = Sample(tool=c.name or "", data=ex, valid=True, file=sf, pointer=ep, data_pointer=ep, kind="sample",
                       description="Anthropic input_examples entry")
            s.contract = c
            c.samples.append(s)


# ----------------------------------------------------------------------------------------------- samples

_SAMPLE_KEYS = {"description", "data", "valid", "expect"}


def _sample_record(sf: SourceFile, rec: Any, ptr: str, tool: str, out: Loaded) -> Sample | None:
    def bad(msg: str, help: str, at: str = ptr) -> None:
        out.hits.append(Hit(at, msg, help, code="TC013"))

    if not isinstance(rec, dict):
        bad(f"a sample record must be a mapping, found {_kind(rec)}",
            "Write `{description, data, valid: true|false, expect: {keyword, pointer}}`.")
        return None
    ok = True
    for k in rec:
        if k not in _SAMPLE_KEYS and not str(k).startswith("x-"):
            from ..suggest import did_you_mean

            bad(f"unknown key `{k}` in a sample record{did_you_mean(str(k), _SAMPLE_KEYS)}",
                "A sample record has description, data, valid and expect.", f"{ptr}/{k}")
    if "data" not in rec:
        bad("sample record has no `data` (the argument object)", "Add `data:` with the arguments.")
        ok = False
    if not isinstance(rec.get("valid"), bool):
        bad("sample record needs `valid: true` or `valid: false`",
            "Say whether the schema must accept (`true`) or reject (`false`) `data`.",
            f"{ptr}/valid" if "valid" in rec else ptr)
        ok = False
    expect = rec.get("expect")
    if expect is not None:
        if not isinstance(expect, dict) or not set(expect) <= {"keyword", "pointer"}:
            bad("`expect` must be a mapping with `keyword` and/or `pointer`",
                "E.g. `expect: {keyword: required, pointer: /ticket_id}`.", f"{ptr}/expect")
            expect = None
        elif rec.get("valid") is True:
            bad("`expect` only makes sense on an invalid sample (`valid: false`)",
                "Remove `expect`, or set `valid: false`.", f"{ptr}/expect")
    if not ok:
        return None
    desc = rec.get("description")
    return Sample(tool=tool, data=rec["data"], valid=rec["valid"], file=sf, pointer=ptr, data_pointer=f"{ptr}/data",
                  expect=expect, description=desc if isinstance(desc, str) else None)


def _extract_samples(sf: SourceFile, doc: Any, out: Loaded) -> None:
    tool = re.sub(r"\.(ya?ml|json)$", "", os.path.basename(sf.abspath))
    records, base = doc, ""
    if isinstance(doc, dict) and isinstance(doc.get("samples"), list):
        records, base = doc["samples"], "/samples"
        if isinstance(doc.get("tool"), str):
            tool = doc["tool"]
    if not isinstance(records, list):
        out.hits.append(Hit("", f"sample file holds {_kind(doc)}, not a list of sample records",
                            "A sample file `samples/<tool>.yaml` is a list of "
                            "`{description, data, valid, expect}` records.", code="TC013"))
        return
    for i, rec in enumerate(records):
        s = _sample_record(sf, rec, f"{base}/{i}", tool, out)
        if s is not None:
            out.samples.append(s)


def _extract_calls(sf: SourceFile, records: list, out: Loaded) -> None:
    for i, rec in enumerate(records):
        if rec is None:
            continue
        ptr = f"/{i}"
        if not isinstance(rec, dict) or not isinstance(rec.get("name"), str):
            out.hits.append(Hit(ptr, "a recorded call needs a `name` and `arguments` (or `input`)",
                                'Write one call per line: {"name": "...", "arguments": {...}}.', code="TC013"))
            continue
        valid = rec.get("valid", True)
        if not isinstance(valid, bool):
            out.hits.append(Hit(f"{ptr}/valid", "`valid` must be true or false", "Use a JSON boolean.",
                                code="TC013"))
            continue
        s = Sample(tool=rec["name"], data=None, valid=valid, file=sf, pointer=ptr, data_pointer=ptr, kind="call",
                   source=rec.get("source") if isinstance(rec.get("source"), str) else None)
        if "arguments" in rec:
            args = rec["arguments"]
            s.data_pointer = f"{ptr}/arguments"
            if isinstance(args, str):
                s.arguments_text = args
                try:
                    s.data = _json_loads(args, {})
                except (ValueError, RecursionError) as e:
                    col = getattr(e, "colno", None)
                    s.parse_error = f"JSON syntax error at column {col}" if col else "not JSON"
            else:
                s.data = args
        elif "input" in rec:
            s.data = rec["input"]
            s.data_pointer = f"{ptr}/input"
        else:
            out.hits.append(Hit(ptr, "a recorded call needs `arguments` (or `input`)",
                                'Write one call per line: {"name": "...", "arguments": {...}}.', code="TC013"))
            continue
        out.samples.append(s)


# ----------------------------------------------------------------------------------------------- suppression

_SUPPRESS = re.compile(r"#\s*toolcheck:\s*(file-ignore|ignore)\s*\[([^\]]*)\]?[ \t]*([^\n]*)")


def parse_suppressions(text: str, spans: list[tuple[int, int]]) -> list[Suppression]:
    """``# toolcheck: ignore[CODES] reason`` comments; a ``#`` inside a scalar (a string) is text."""
    from bisect import bisect_right

    starts = [s for s, _ in spans]
    lines = text.split("\n")
    line_starts = [0]
    for ln in lines[:-1]:
        line_starts.append(line_starts[-1] + len(ln) + 1)
    result: list[Suppression] = []
    for m in _SUPPRESS.finditer(text):
        off = m.start()
        i = bisect_right(starts, off) - 1
        if i >= 0 and spans[i][0] <= off < spans[i][1]:
            continue  # inside a string
        line = bisect_right(line_starts, off)
        col = off - line_starts[line - 1]
        before = lines[line - 1][:col]
        if before and not before[-1].isspace():
            continue  # a '#' glued to text is not a YAML comment
        codes = tuple(c.strip() for c in m.group(2).split(",") if c.strip())
        own_line = not before.strip()
        target = line
        if own_line:
            target = line + 1
            while target <= len(lines) and (not lines[target - 1].strip() or lines[target - 1].lstrip().startswith("#")):
                target += 1
        result.append(Suppression(line=line, target_line=target, codes=codes, reason=m.group(3).strip(),
                                  file_level=m.group(1) == "file-ignore", column=col + 1))
    return result
