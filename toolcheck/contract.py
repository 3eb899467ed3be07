"""The in-memory model every check reads: source files, contracts and samples."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .model.pointer import join_pointer
from .model.positions import PositionIndex

PARAMETER_KEYS = ("parameters", "input_schema", "inputSchema", "parametersJsonSchema")
RETURNS_KEYS = ("returns", "outputSchema")


@dataclass
class Suppression:
    line: int  # where the comment is
    target_line: int  # the line whose node it silences
    codes: tuple[str, ...]
    reason: str
    file_level: bool
    column: int = 1
    used: bool = False


@dataclass
class SourceFile:
    path: str  # as shown in findings: relative to the working directory when below it, POSIX separators
    abspath: str
    kind: str  # yaml | json | jsonl
    text: str | None = None
    documents: list[Any] = field(default_factory=list)
    positions: PositionIndex = field(default_factory=PositionIndex)
    suppressions: list[Suppression] = field(default_factory=list)
    role: str = "contracts"  # contracts | samples
    reported: bool = True  # False: loaded only as context for cross-file rules
    format: str = "contract"  # contract | function-jsonl (vendor formats arrive with the interop work)
    # how a vendor-format file's tools are sent: "request" (a request body's `tools`, a `tools/list` result, a
    # Gemini `Tool`: sent whole) or "catalogue" (a bare list or JSON Lines of definitions a host may load in part);
    # a contract file is "request" (a project's contracts form one request). Set by the loader.
    sent_as: str = "request"
    origin: str | None = None  # "mcp": the `tools/list` of the live server of `--mcp-command`
    located: bool = True  # False: a document only in memory (a live server's listing): no line or column to show
    group: str = ""  # cross-file rules compare files of one group: "" the configured set (see discovery)

    def locate(self, pointer: str, prefer_key: bool = True) -> tuple[int, int] | tuple[None, None]:
        """(line, column) of the node at ``pointer``; (None, None) in a document the user cannot open."""
        if not self.located:
            return None, None
        return self.positions.locate(pointer, prefer_key)

    def line_text(self, line: int) -> str:
        if self.text is None:
            return ""
        lines = self.__dict__.get("_lines")
        if lines is None:
            lines = self.__dict__["_lines"] = self.text.splitlines()
        return lines[line - 1] if 0 < line <= len(lines) else ""


@dataclass
class Sample:
    tool: str
    data: Any
    valid: bool
    file: SourceFile
    pointer: str  # of the record in its file
    data_pointer: str  # of the argument object (where instance pointers are rooted)
    kind: str = "sample"  # sample | call
    expect: dict[str, Any] | None = None
    description: str | None = None
    source: str | None = None
    arguments_text: str | None = None  # OpenAI recorded calls: the JSON string as sent
    parse_error: str | None = None  # set when arguments_text is not JSON
    contract: Contract | None = None


@dataclass
class Contract:
    """One tool definition as loaded from its file (:func:`toolcheck.load_contracts`).

    ``data`` is the tool mapping as written (for a vendor format, the tool object itself: an OpenAI tool's
    ``function``, an MCP tool, ...); ``format`` says which (``contract``, ``openai``, ``openai-responses``,
    ``anthropic``, ``gemini``, ``mcp``, ``functions``, ``function-jsonl``). ``file`` is the
    :class:`SourceFile` it came from (``file.path`` as shown in findings, ``file.text`` its text), ``pointer``
    the JSON Pointer of the mapping in that file's document, ``index`` its place in the file, ``samples`` the
    samples and recorded calls attached to it by a ``validate`` run. Read ``name``, ``description``,
    ``parameters`` (under whichever key the format uses), ``returns`` and ``risk`` through the properties.

    >>> import os, tempfile, toolcheck
    >>> path = os.path.join(tempfile.mkdtemp(), "search_docs.yaml")
    >>> with open(path, "w") as fh:
    ...     _ = fh.write("name: search_docs\\nrisk: read_only\\nparameters:\\n  type: object\\n"
    ...                  "  properties:\\n    query: {type: string}\\n")
    >>> c = toolcheck.load_contracts(path)[0]
    >>> c.name, c.risk, c.format, c.pointer, sorted(c.parameters["properties"])
    ('search_docs', 'read_only', 'contract', '', ['query'])
    """

    data: dict[str, Any]
    file: SourceFile
    pointer: str  # of the contract mapping in its file's document
    index: int = 0
    metadata: dict[str, Any] = field(default_factory=dict)
    samples: list[Sample] = field(default_factory=list)
    format: str = "contract"

    @property
    def name(self) -> str | None:
        n = self.data.get("name")
        return n if isinstance(n, str) else None

    @property
    def display_name(self) -> str:
        return self.name or f"<tool #{self.index}>"

    @property
    def description(self) -> str | None:
        d = self.data.get("description")
        return d if isinstance(d, str) else None

    @property
    def parameters_key(self) -> str | None:
        for k in PARAMETER_KEYS:
            if k in self.data:
                return k
        return None

    @property
    def parameters(self) -> Any:
        k = self.parameters_key
        return self.data.get(k) if k else None

    @property
    def returns_key(self) -> str | None:
        for k in RETURNS_KEYS:
            if k in self.data:
                return k
        return None

    @property
    def returns(self) -> Any:
        k = self.returns_key
        return self.data.get(k) if k else None

    @property
    def risk(self) -> str | None:
        r = self.data.get("risk")
        if isinstance(r, str):
            return r
        if self.format == "mcp":  # MCP tools declare it through annotations
            return mcp_risk(self.data.get("annotations"))
        return None

    @property
    def is_vendor(self) -> bool:
        """True for tools read from a vendor format (OpenAI, Anthropic, Gemini, MCP, function objects)."""
        return self.format != "contract"

    @property
    def strict(self) -> bool:
        """The file itself asks for the vendor's strict mode (`strict: true`)."""
        return bool(self.metadata.get("strict"))

    def ptr(self, *tokens: str | int) -> str:
        """Absolute pointer (into the file's document) of a path below this contract."""
        return join_pointer(self.pointer, *tokens)

    @property
    def key(self) -> tuple[str | None, str | None]:
        return (self.metadata.get("source"), self.name)


def mcp_risk(annotations: Any) -> str | None:
    """MCP annotations → toolcheck risk (MCP defaults: destructiveHint true unless readOnlyHint)."""
    if not isinstance(annotations, dict) or not annotations:
        return None
    if annotations.get("readOnlyHint") is True:
        return "read_only"
    if annotations.get("destructiveHint") is False:
        return "write_limited"
    if "destructiveHint" in annotations or "readOnlyHint" in annotations:
        return "destructive"
    return None
