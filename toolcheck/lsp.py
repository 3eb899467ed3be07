"""`toolcheck server`: a language server (LSP over stdio) built on pygls 2.x (the `lsp` extra).

What an editor gets, per open YAML/JSON/JSON Lines document:

- **diagnostics** on open, on change (debounced: ``debounce`` seconds after the last keystroke, 0.3 by default)
  and on save: the findings ``toolcheck lint`` (or, with ``command: validate``, ``toolcheck validate``) reports
  for the buffer's text, each with its range, code, severity, message (and the help line), and a link to the
  rule's reference (``codeDescription``, as SARIF's ``helpUri``);
- **hover** on a finding's range, or on a rule code (``TC103`` in a suppression comment): the rule's
  documentation, as ``toolcheck rule CODE`` prints it;
- **code action** "ignore this finding here" (YAML): appends ``# toolcheck: ignore[CODE] <reason>`` to the
  finding's line, only where the result parses to the same document and the comment silences that finding;
  and, where the finding has a fix (``--fix``'s), "Fix CODE: TITLE": that one fix applied to the buffer's text and
  proven as ``--fix`` proves it (:func:`fix_edit`), the preferred quick fix when safe, "(unsafe fix)" otherwise.

The config is found upward from the document's folder (as for ``--stdin-filename``). A document inside the
configured set (``paths``/``samples``) is checked with the set: cross-file rules (duplicate names, overlap,
samples) compare it with the other files, the buffer's text replacing its copy on disk — and the text of every
other open document replacing its copy too. A document outside the set is checked on its own when it holds
recognisable tool definitions (a vendor format, or mappings with a parameter schema), else it gets no
diagnostics: an editor opens many YAML files that are not contracts, and no "not a contract file" (TC017)
finding is ever published. A document `exclude`, a .gitignore or its name (another tool's file) passes over
gets none either, as ruff's server leaves excluded files alone. Saving a document re-checks the other open documents (their cross-file findings may
change). Never writes the run cache.

Initialization options (all optional): ``{"command": "lint" | "validate", "debounce": 0.3}``.
"""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.workspace import TextDocument

from . import __version__
from .config import ConfigError
from .model.findings import Finding

SUFFIXES = (".yaml", ".yml", ".json", ".jsonl")
_SEVERITY = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning,
             "info": types.DiagnosticSeverity.Information}
# the rest of a token from a finding's column: a quoted string, or a plain scalar or key up to `:`, `,`, `]`, `}`
_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\n]|\'\')*\'|[^\s:,\]}#][^:,\]}#\n]*?(?=\s*(?:[:,\]}#]|$))')
_CODE = re.compile(r"\bTC\d{3}\b")
REASON = "<reason>"


class ToolcheckServer(LanguageServer):
    def __init__(self, build_settings: Callable[..., Any]) -> None:
        super().__init__("toolcheck", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Full)
        self.build_settings = build_settings  # the CLI's (toolcheck.cli.build_settings): one config -> Settings
        self.command = "lint"
        self.debounce = 0.3
        self.published: dict[str, list[tuple[types.Diagnostic, Finding]]] = {}
        self._timers: dict[str, asyncio.TimerHandle] = {}

    # ------------------------------------------------------------------------------------------ checking

    def buffers(self) -> dict[str, bytes]:
        """The text of every open contract-like document, by absolute path."""
        out = {}
        for doc in list(self.workspace.text_documents.values()):
            path = _path(doc)
            if path is not None:
                out[path] = doc.source.encode("utf-8")
        return out

    def findings(self, path: str) -> list[Finding]:
        """What the CLI reports for the document at ``path``, with every open buffer standing in for its file."""
        from .config import find_config
        from .engine import run

        cfg = find_config(os.path.dirname(path))
        settings = self.build_settings(
            self.command, paths=[Path(path)], config=Path(cfg) if cfg else None, select=None, extend_select=None,
            ignore=None, target=None, ship=None, samples=None, exclude=None, fmt=None, output=None, fail_on=None,
            exit_zero=False, statistics=False, baseline=None, write_baseline=None, no_cache=True, quiet=True,
            force_exclude=False)
        root = settings.root if cfg else self._root_for(path)
        settings = replace(settings, root=root, buffers=self.buffers())
        if _skipped(settings, root):
            return []
        result = run(settings, self.command, cwd=root)
        mine = [sf for sf in result.files if sf.abspath == path]
        if mine and mine[0].group != "":  # outside the configured set: only recognisable tool definitions
            contracts = [c for c in result.contracts if c.file is mine[0]]
            if not any(c.is_vendor or c.parameters_key for c in contracts):
                return []
        return [f for f in result.findings if f.code != "TC017" and f.extra.get("file") is not None
                and f.extra["file"].abspath == path]

    def _root_for(self, path: str) -> str:
        """Without a config: the workspace folder holding ``path`` (where `contracts/` is looked for)."""
        best = None
        for folder in list(self.workspace.folders.values()):
            p = _fs_path(folder.uri)
            if p and (path == p or path.startswith(p.rstrip(os.sep) + os.sep)) and (best is None or len(p) > len(best)):
                best = p
        if best is None and self.workspace.root_path:
            best = self.workspace.root_path
        return best or os.path.dirname(path)

    def check(self, uri: str) -> None:
        self._timers.pop(uri, None)
        doc = self.workspace.text_documents.get(uri)
        if doc is None:
            return
        path = _path(doc)
        if path is None:
            return
        try:
            found = self.findings(path)
        except ConfigError as e:
            diag = types.Diagnostic(range=types.Range(types.Position(0, 0), types.Position(0, 0)),
                                    message=f"toolcheck: {e}", severity=types.DiagnosticSeverity.Error,
                                    source="toolcheck")
            self.publish(doc, [(diag, None)])
            return
        except Exception as e:  # noqa: BLE001 - a bug must not take the editor's server down
            self.window_log_message(types.LogMessageParams(type=types.MessageType.Error,
                                                           message=f"toolcheck: internal error: {type(e).__name__}: {e}"))
            return
        self.publish(doc, [(diagnostic(doc, f), f) for f in found])

    def publish(self, doc: TextDocument, pairs: list[tuple[types.Diagnostic, Any]]) -> None:
        self.published[doc.uri] = [(d, f) for d, f in pairs if f is not None]
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=doc.uri, version=doc.version, diagnostics=[d for d, _ in pairs]))

    def schedule(self, uri: str) -> None:
        """Check ``uri`` once the edits pause for ``debounce`` seconds."""
        old = self._timers.pop(uri, None)
        if old is not None:
            old.cancel()
        if self.debounce <= 0:
            self.check(uri)
            return
        self._timers[uri] = asyncio.get_running_loop().call_later(self.debounce, self.check, uri)

    def recheck_others(self, uri: str) -> None:
        for other in list(self.workspace.text_documents):
            if other != uri and other in self.published:
                self.check(other)


def _skipped(settings: Any, root: str) -> bool:
    """The document is passed over as a walk would pass it over (`exclude`, a .gitignore, another tool's file
    by name), as ruff's server leaves excluded files alone; outside the configured set it is not skipped here
    (see :meth:`ToolcheckServer.findings`)."""
    from .discovery import OUTSIDE, discover

    skipped: list[tuple[str, str | None]] = []
    inputs, _ = discover(settings.paths, settings.config_paths, settings.root, root, settings.exclude,
                         settings.samples, False, True, config_file=settings.config_path, skipped=skipped,
                         buffers=settings.buffers)
    return not inputs and any(why != OUTSIDE for _, why in skipped)


def _fs_path(uri: str) -> str | None:
    from pygls.uris import to_fs_path

    if not uri.startswith("file:"):
        return None
    p = to_fs_path(uri)
    return os.path.abspath(p) if p else None


def _path(doc: TextDocument) -> str | None:
    p = _fs_path(doc.uri)
    return p if p and p.lower().endswith(SUFFIXES) else None


def _position(doc: TextDocument, line: int | None, column: int | None) -> types.Position:
    """A finding's 1-based (line, column in code points) as an LSP position in the client's units."""
    if line is None:
        return types.Position(0, 0)
    lines = doc.lines
    pos = types.Position(line=max(line - 1, 0), character=max((column or 1) - 1, 0))
    return doc.position_codec.position_to_client_units(lines, pos)


def diagnostic(doc: TextDocument, f: Finding) -> types.Diagnostic:
    from .rules import DOCS_URL

    start = _position(doc, f.line, f.column)
    end = start
    if f.line is not None and 0 < f.line <= len(doc.lines):
        text = doc.lines[f.line - 1].rstrip("\r\n")
        col = max((f.column or 1) - 1, 0)
        m = _TOKEN.match(text, col)
        stop = m.end() if m and m.end() > col else len(text)
        end = doc.position_codec.position_to_client_units(doc.lines, types.Position(f.line - 1, stop))
    message = f.message + (f"\n{f.help}" if f.help else "")
    return types.Diagnostic(
        range=types.Range(start=start, end=end), message=message, severity=_SEVERITY.get(f.severity),
        code=f.code, code_description=types.CodeDescription(href=f.url or DOCS_URL), source="toolcheck",
        data={"name": f.name, "pointer": f.pointer, "tool": f.tool, "line": f.line})


def rule_markdown(code: str) -> str | None:
    """``toolcheck rule CODE`` as Markdown, or None for an unknown code."""
    from .rules import FAMILIES, RULES, load_rules

    load_rules()
    r = RULES.get(code)
    if r is None:
        return None
    head = (f"**{r.code} {r.name}** ({r.family}: {FAMILIES[r.family]}; default severity {r.severity}"
            f"{'; fixable' if r.fixable else ''}{'' if r.default_enabled else '; opt-in'})")
    tail = f"\n\nSource: {r.url}" if r.url else ""
    return f"{head}\n\n{r.doc.strip()}{tail}"


def _contains(rng: types.Range, pos: types.Position) -> bool:
    after_start = (pos.line, pos.character) >= (rng.start.line, rng.start.character)
    before_end = (pos.line, pos.character) <= (rng.end.line, rng.end.character)
    return after_start and before_end


def hover_text(ls: ToolcheckServer, uri: str, pos: types.Position) -> str | None:
    codes: list[str] = []
    for d, _f in ls.published.get(uri, ()):
        if _contains(d.range, pos) and isinstance(d.code, str) and d.code not in codes:
            codes.append(d.code)
    if not codes:
        doc = ls.workspace.text_documents.get(uri)
        if doc is not None and pos.line < len(doc.lines):
            line = doc.lines[pos.line]
            for m in _CODE.finditer(line):
                if m.start() <= pos.character <= m.end():
                    codes.append(m.group(0))
    docs = [md for md in (rule_markdown(c) for c in codes) if md]
    return "\n\n---\n\n".join(docs) if docs else None


def ignore_edit(doc: TextDocument, f: Finding) -> types.TextEdit | None:
    """The edit appending ``# toolcheck: ignore[CODE] <reason>`` to the finding's line (YAML), or None where it
    would not be a comment that silences exactly this place: the edited text must parse to the same document,
    and the comment must land on the finding's line."""
    from .loading import parse_suppressions
    from .loading.yaml_loader import Limits, load_yaml

    path = _path(doc)
    if path is None or not path.lower().endswith((".yaml", ".yml")) or f.line is None:
        return None
    lines = doc.source.split("\n")
    if not 0 < f.line <= len(lines):
        return None
    text = lines[f.line - 1].rstrip("\r")
    comment = f"# toolcheck: ignore[{f.code}] {REASON}"
    new_line = (text.rstrip() + "  " + comment) if text.strip() else None
    if new_line is None or "#" in text:  # an existing comment: leave the line to the user
        return None
    edited = lines[: f.line - 1] + [new_line] + lines[f.line:]
    new_source = "\n".join(edited)
    try:
        before = load_yaml(doc.source, Limits())
        after = load_yaml(new_source, Limits(), want_spans=True)
    except Exception:  # noqa: BLE001 - a document the loader cannot read gets no edit
        return None
    if before.documents != after.documents:
        return None
    sups = parse_suppressions(new_source, after.scalar_spans)
    if not any(s.line == f.line and s.target_line == f.line and f.code in s.codes for s in sups):
        return None
    end = doc.position_codec.position_to_client_units(doc.lines, types.Position(f.line - 1, len(text)))
    return types.TextEdit(range=types.Range(start=end, end=end), new_text=new_line[len(text):])


def fix_edit(doc: TextDocument, f: Finding) -> tuple[types.TextEdit, bool] | None:
    """(the edit making the finding's own fix on the editor's text, whether the fix is safe), or None where it has
    none or it cannot be made. The fix is applied and proven by :func:`toolcheck.fixing.apply.fix_text`, as
    `--fix` makes it (the edited text must read back as the fix intends and keep every comment); the edit
    replaces the lines that change. A finding of an older text than the buffer's gets none (it is re-checked)."""
    from .fixing.apply import fix_text
    from .fixing.model import Fix

    fx = getattr(f, "fix", None)
    sf = f.extra.get("file")
    path = _path(doc)
    if not isinstance(fx, Fix) or sf is None or path is None or sf.origin == "mcp" or not sf.located:
        return None
    old = doc.source
    if sf.text != old:
        return None
    out = fix_text(old, sf.kind, [fx], path=path, role=sf.role)
    if not out.applied or out.text == old:
        return None
    a, b = old.splitlines(True), out.text.splitlines(True)
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    j = 0
    while j < min(len(a), len(b)) - i and a[-1 - j] == b[-1 - j]:
        j += 1
    start = types.Position(i, 0)
    if j or (a and a[-1] != a[-1].rstrip("\r\n")):  # ends before a kept line, or at a line break ending the text
        end = types.Position(len(a) - j, 0)
    else:  # through the last line, which has no line break
        end = doc.position_codec.position_to_client_units(a, types.Position(len(a) - 1, len(a[-1]))) if a \
            else types.Position(0, 0)
    return types.TextEdit(range=types.Range(start=start, end=end), new_text="".join(b[i:len(b) - j])), fx.applies(False)


def create_server(build_settings: Callable[..., Any]) -> ToolcheckServer:
    server = ToolcheckServer(build_settings)

    @server.feature(types.INITIALIZE)
    def initialize(ls: ToolcheckServer, params: types.InitializeParams) -> None:
        opts = params.initialization_options if isinstance(params.initialization_options, dict) else {}
        command = opts.get("command", "lint")
        if command in ("lint", "validate"):
            ls.command = command
        debounce = opts.get("debounce")
        if isinstance(debounce, (int, float)) and not isinstance(debounce, bool) and 0 <= debounce <= 10:
            ls.debounce = float(debounce)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: ToolcheckServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.check(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: ToolcheckServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: ToolcheckServer, params: types.DidSaveTextDocumentParams) -> None:
        ls.check(params.text_document.uri)
        ls.recheck_others(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: ToolcheckServer, params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        timer = ls._timers.pop(uri, None)
        if timer is not None:
            timer.cancel()
        ls.published.pop(uri, None)
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: ToolcheckServer, params: types.HoverParams) -> types.Hover | None:
        text = hover_text(ls, params.text_document.uri, params.position)
        if text is None:
            return None
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text))

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
    def code_action(ls: ToolcheckServer, params: types.CodeActionParams) -> list[types.CodeAction] | None:
        uri = params.text_document.uri
        doc = ls.workspace.text_documents.get(uri)
        if doc is None:
            return None
        out = []
        for d, f in ls.published.get(uri, ()):
            if not (_contains(d.range, params.range.start) or _contains(params.range, d.range.start)):
                continue
            made = fix_edit(doc, f)
            if made is not None:  # the fix toolcheck knows: the preferred quick fix when it is safe
                edit, safe = made
                out.append(types.CodeAction(
                    title=f"Fix {f.code}{'' if safe else ' (unsafe fix)'}: {f.fix.title}",
                    kind=types.CodeActionKind.QuickFix, diagnostics=[d], is_preferred=safe or None,
                    edit=types.WorkspaceEdit(changes={uri: [edit]})))
            edit = ignore_edit(doc, f)
            if edit is None:
                continue
            out.append(types.CodeAction(
                title=f"Ignore {f.code} ({f.name}) on this line", kind=types.CodeActionKind.QuickFix,
                diagnostics=[d], edit=types.WorkspaceEdit(changes={uri: [edit]})))
        return out or None

    return server


def serve(build_settings: Callable[..., Any]) -> None:
    """Run the server on stdin/stdout until the client says exit. ``build_settings``: the CLI's (passed in, so
    that this module does not import the CLI that imports it)."""
    create_server(build_settings).start_io()
