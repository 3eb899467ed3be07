"""Findings: the only currency between checks and reporters.

A check yields :class:`Hit` values (pointer, message, help and optional extras); the engine stamps the rule's
code, name and severity and resolves the pointer to file, line and column, producing a :class:`Finding`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

SEVERITIES = ("error", "warning", "info")
# a finding's JSON line: compact separators keep the C encoder, non-ASCII stays readable, anything odd is str()ed
JSON_ENCODER = json.JSONEncoder(ensure_ascii=False, default=str, separators=(", ", ": "))


def _c_encoder():
    """JSON_ENCODER's own C encoder, made once: ``JSONEncoder.encode`` builds a new one at every call, which is a
    quarter of encoding a finding. Same arguments, so the same text (None without the C accelerator)."""
    from json import encoder

    if encoder.c_make_encoder is None:
        return None
    e = JSON_ENCODER
    return encoder.c_make_encoder({}, e.default, encoder.encode_basestring, e.indent, e.key_separator,
                                  e.item_separator, e.sort_keys, e.skipkeys, e.allow_nan)


_C_ENCODE = _c_encoder()


def encode_json(value: Any) -> str:
    """``JSON_ENCODER.encode(value)`` (one encoder per process; a finding's JSON line, the JSON report)."""
    global _C_ENCODE
    if _C_ENCODE is not None:
        try:
            return "".join(_C_ENCODE(value, 0))
        except Exception:  # noqa: BLE001 - its circular-reference markers may be left filled: a new one, and
            _C_ENCODE = _c_encoder()  # the error (or the text) exactly as JSON_ENCODER gives it
    return JSON_ENCODER.encode(value)


_RANK = {"info": 0, "warning": 1, "error": 2}


def severity_rank(severity: str) -> int:
    return _RANK[severity]


@dataclass
class Hit:
    """What a check reports: where (a pointer relative to the contract or file) and what."""

    pointer: str
    message: str
    help: str
    code: str | None = None  # set by loaders or multi-rule checks; defaults to the check's own rule
    severity: str | None = None  # overrides the rule default (e.g. an uncertain vendor rule)
    target: str | None = None
    url: str | None = None
    fixable: bool | None = None
    related: list[dict[str, Any]] | None = None
    data: Any = None
    position: tuple[int, int] | None = None  # explicit (line, column) when the pointer cannot say it
    subject: Any = None  # the Contract/Sample/SourceFile the pointer is relative to (default: the checked item)
    prefer_key: bool = True  # position of the key rather than the value, when the pointer names a mapping entry
    fix: Any = None  # a toolcheck.fixing.Fix: its edits' pointers relative like `pointer` (`--fix` applies it)


@dataclass
class Finding:
    """One finding, as every report shows it (what :func:`toolcheck.lint` and :func:`toolcheck.validate` return).

    ``code`` (``TC103``) and ``name`` (``invalid-type-name``) of the rule; ``severity`` (``error``, ``warning``
    or ``info``, after the config's ``severity`` overrides); ``message`` (what is wrong) and ``help`` (what to
    do); ``file``, ``line`` and ``column`` (1-based; ``None`` for a document the user cannot open, a live MCP
    server's listing); ``tool`` (the tool's name, ``None`` for a finding about the file); ``pointer`` (JSON
    Pointer into the file's document); ``target`` (the vendor target of a TC2 finding); ``url`` (the rule's
    reference); ``fixable``, ``related`` (other places involved, e.g. the duplicate) and ``data`` (rule-specific
    evidence). Secrets are masked in every string. ``to_dict()`` is the JSON report's object; ``where`` is
    ``file:line:col``.
    """

    code: str
    name: str
    severity: str
    message: str
    help: str
    file: str
    line: int | None  # None (and column None) in a document the user cannot open: a live MCP server's listing
    column: int | None
    tool: str | None
    pointer: str
    target: str | None = None
    url: str | None = None
    fixable: bool | None = None
    related: list[dict[str, Any]] | None = None
    data: Any = None
    fix: Any = None  # a toolcheck.fixing.Fix, its pointers into the file's document (serialised masked)
    # not serialised: used by suppression and the SARIF column conversion
    extra: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "code": self.code,
            "name": self.name,
            "severity": self.severity,
            "message": self.message,
            "help": self.help,
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "tool": self.tool,
            "pointer": self.pointer,
            "target": self.target,
            "url": self.url,
        }
        if self.fixable is not None:
            d["fixable"] = self.fixable
        if self.related:
            d["related"] = self.related
        if self.data is not None:
            d["data"] = self.data
        if self.fix is not None:
            d["fix"] = self.fix.to_dict()
        return d

    def to_json(self) -> str:
        """``to_dict`` as one line of JSON (the JSON report's and the cache's unit), encoded once per finding:
        a large run encodes its findings in the processes that found them."""
        js = self.extra.get("json")
        if js is None:
            js = self.extra["json"] = encode_json(self.to_dict())
        return js

    def sort_key(self):
        return (self.file, self.line or 0, self.column or 0, self.code, self.pointer, self.message)

    @property
    def where(self) -> str:
        """``file:line:col``, or the file alone when the finding has no line (`mcp:<server>`)."""
        return f"{self.file}:{self.line}:{self.column}" if self.line is not None else self.file
