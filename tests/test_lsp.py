"""`toolcheck server` (issue 19 item 1): a real LSP session over stdio with pygls's client, against the real
entry point (`python -m toolcheck server`): initialize, open a bad contract, receive the diagnostics, hover,
edit (debounced), code action, save, shut down."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest

from .conftest import ROOT, run_cli

pytest.importorskip("pygls", reason="the `lsp` extra is not installed")

from lsprotocol import types  # noqa: E402
from pygls.lsp.client import LanguageClient  # noqa: E402

pytestmark = pytest.mark.slow

BAD = """name: send_email
description: Sends an email to one recipient and returns the message id.
parameters:
  type: object
  properties:
    to: {type: strin, description: The recipient's address.}
"""
OTHER = """name: list_files
description: Lists the files of a folder, newest first. Use it before reading a file.
risk: read_only
parameters:
  type: object
  properties: {}
"""


def _uri(path: Path) -> str:
    return path.resolve().as_uri()


class Session:
    def __init__(self, client: LanguageClient) -> None:
        self.client = client
        self.queue: asyncio.Queue[types.PublishDiagnosticsParams] = asyncio.Queue()

        @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def _published(params: types.PublishDiagnosticsParams) -> None:
            self.queue.put_nowait(params)

    async def next(self, uri: str, timeout: float = 60) -> types.PublishDiagnosticsParams:
        """The next diagnostics published for ``uri`` (others are skipped)."""
        while True:
            p = await asyncio.wait_for(self.queue.get(), timeout)
            if p.uri == uri:
                return p

    def open(self, path: Path, text: str, version: int = 1) -> str:
        uri = _uri(path)
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="yaml", version=version, text=text)))
        return uri

    def change(self, uri: str, text: str, version: int) -> None:
        self.client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))


def _codes(p: types.PublishDiagnosticsParams) -> set[str]:
    return {str(d.code) for d in p.diagnostics}


async def _session(project: Path) -> None:
    client = LanguageClient("toolcheck-test", "1")
    s = Session(client)
    env = dict(os.environ, NO_COLOR="1")
    await client.start_io(sys.executable, "-m", "toolcheck", "server", cwd=str(project), env=env)
    try:
        result = await asyncio.wait_for(client.initialize_async(types.InitializeParams(
            capabilities=types.ClientCapabilities(), root_uri=_uri(project),
            workspace_folders=[types.WorkspaceFolder(uri=_uri(project), name="p")],
            initialization_options={"debounce": 0.5})), 60)
        caps = result.capabilities
        assert caps.hover_provider and caps.code_action_provider
        assert result.server_info is not None and result.server_info.name == "toolcheck"
        client.initialized(types.InitializedParams())

        # open a bad contract: its diagnostics, with range, code, severity, message, docs link
        path = project / "contracts" / "send_email.yaml"
        uri = s.open(path, BAD)
        p = await s.next(uri)
        assert p.version == 1
        by_code = {str(d.code): d for d in p.diagnostics}
        assert {"TC103", "TC601"} <= set(by_code), _codes(p)
        assert "TC012" not in by_code  # the buffer replaces its own copy on disk: no duplicate of itself
        d = by_code["TC103"]
        assert d.severity == types.DiagnosticSeverity.Error and d.source == "toolcheck"
        line = BAD.splitlines()[5]
        assert (d.range.start.line, d.range.start.character) == (5, line.index("strin"))
        assert (d.range.end.line, d.range.end.character) == (5, line.index("strin") + len("strin"))
        assert "`strin` is not a JSON Schema type" in d.message and "type: string" in d.message
        assert d.code_description is not None and d.code_description.href.startswith("https://")
        # the same findings as the CLI reports for the file
        cli = run_cli("lint", "contracts/send_email.yaml", "--format", "json", cwd=project)
        import json

        assert sorted(str(c) for c in (x.code for x in p.diagnostics)) == sorted(
            f["code"] for f in json.loads(cli.stdout)["findings"])

        # hover on the finding: the rule's documentation
        h = await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=5, character=line.index("strin") + 2))), 30)
        assert h is not None and "TC103 invalid-type-name" in h.contents.value
        assert "Why is this bad?" in h.contents.value
        nothing = await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=3, character=4))), 30)
        assert nothing is None

        # edits, debounced: three quick changes, one check, of the last version
        fixed = BAD.replace("strin", "string")
        s.change(uri, BAD.replace("strin", "stri"), 2)
        s.change(uri, BAD.replace("strin", "str"), 3)
        s.change(uri, fixed, 4)
        p = await s.next(uri)
        assert p.version == 4 and "TC103" not in _codes(p) and "TC601" in _codes(p)

        # cross-file: the unsaved buffer now names the tool of contracts/other.yaml
        s.change(uri, fixed.replace("send_email", "list_files"), 5)
        p = await s.next(uri)
        assert p.version == 5 and "TC012" in _codes(p)
        s.change(uri, fixed, 6)
        p = await s.next(uri)
        assert "TC012" not in _codes(p)

        # code action: ignore this finding here; applying it silences TC601
        d601 = next(d for d in p.diagnostics if d.code == "TC601")
        actions = await asyncio.wait_for(client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=d601.range,
            context=types.CodeActionContext(diagnostics=[d601]))), 30)
        assert actions, "no code action"
        action = next(a for a in actions if "TC601" in a.title)
        (edit,) = action.edit.changes[uri]
        lines = fixed.split("\n")
        lines[edit.range.start.line] = lines[edit.range.start.line][:edit.range.start.character] + edit.new_text
        ignored = "\n".join(lines)
        assert "# toolcheck: ignore[TC601] <reason>" in ignored.splitlines()[0]
        s.change(uri, ignored, 7)
        p = await s.next(uri)
        assert "TC601" not in _codes(p) and "TC014" not in _codes(p)

        # save: checked at once
        client.text_document_did_save(types.DidSaveTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=uri)))
        p = await s.next(uri)
        assert "TC601" not in _codes(p)

        # not a contract (a CI workflow, a compose file): no diagnostics at all, never TC017
        wf = s.open(project / ".github" / "workflows" / "ci.yml", "on: push\njobs: {}\n")
        assert list((await s.next(wf)).diagnostics) == []
        compose = s.open(project / "docker-compose.yml", "services:\n  web: {image: nginx}\n")
        assert list((await s.next(compose)).diagnostics) == []
        # excluded by the config: left alone, as a walk would leave it
        draft = s.open(project / "contracts" / "draft_x.yaml", BAD)
        assert list((await s.next(draft)).diagnostics) == []
        # outside the set but recognisably tool definitions (an OpenAI tools file): checked on its own
        tools = s.open(project / "export" / "tools.json", '[{"type": "function", "function": {"name": "f", '
                       '"parameters": {"type": "object", "properties": {"a": {"type": "strin"}}}}}]')
        assert "TC103" in _codes(await s.next(tools))

        # a folder with its own config, found upward from the file: its selection applies
        sub = s.open(project / "sub" / "tools" / "x.yaml", BAD)
        p = await s.next(sub)
        assert "TC103" in _codes(p) and not any(c.startswith("TC6") for c in _codes(p))

        # code action: the fix toolcheck knows (`--fix`'s), made on the unsaved buffer; applied, TC103 is gone
        fix_me = project / "contracts" / "fix_me.yaml"
        fix_text = ("# a tool to fix\nname: fix_me\ndescription: Sends a note to one address and returns its id.\n"
                    "parameters:\n  type: object\n  properties:\n    to:\n      type: strng  # the address\n")
        furi = s.open(fix_me, fix_text)
        p = await s.next(furi)
        d103 = next(d for d in p.diagnostics if d.code == "TC103")
        actions = await asyncio.wait_for(client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=furi), range=d103.range,
            context=types.CodeActionContext(diagnostics=[d103]))), 30)
        fix = next(a for a in actions or () if a.title.startswith("Fix TC103: "))
        assert fix.is_preferred and fix.kind == types.CodeActionKind.QuickFix and "string" in fix.title
        assert list(fix.diagnostics or ()) == [d103]
        from pygls.workspace import TextDocument

        buf = TextDocument(furi, fix_text)
        for e in fix.edit.changes[furi]:
            buf.apply_change(types.TextDocumentContentChangePartial(range=e.range, text=e.new_text))
        assert buf.source == fix_text.replace("type: strng  #", "type: string  #")
        assert not fix_me.exists()  # the buffer is fixed, not a file
        s.change(furi, buf.source, 2)
        p = await s.next(furi)
        assert "TC103" not in _codes(p)

        # close: diagnostics cleared
        client.text_document_did_close(types.DidCloseTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=sub)))
        assert list((await s.next(sub)).diagnostics) == []

        await asyncio.wait_for(client.shutdown_async(None), 30)
        client.exit(None)
        server = client._server
        assert server is not None
        rc = await asyncio.wait_for(server.wait(), 30)
        assert rc == 0
    finally:
        server = client._server
        if server is not None and server.returncode is None:  # a failed assertion: end this server, then stop
            server.kill()
        await asyncio.wait_for(client.stop(), 30)


def test_lsp_session(tmp_path):
    project = tmp_path / "p"
    (project / "contracts").mkdir(parents=True)
    (project / "toolcheck.yaml").write_text("paths: [contracts]\nexclude: ['draft_*.yaml']\n", encoding="utf-8")
    (project / "contracts" / "send_email.yaml").write_text(BAD, encoding="utf-8")
    (project / "contracts" / "other.yaml").write_text(OTHER, encoding="utf-8")
    (project / "sub").mkdir()
    (project / "sub" / "toolcheck.yaml").write_text("paths: [tools]\nignore: [TC6]\n", encoding="utf-8")
    asyncio.run(_session(project))


def test_server_help_and_missing_extra():
    p = run_cli("server", "--help", cwd=ROOT)
    assert p.returncode == 0 and "language server" in p.stdout.lower()
    # without pygls: exit 2 with the install hint (the extra is hidden from this process)
    code = ("import sys; sys.modules['pygls'] = None; sys.argv = ['toolcheck', 'server']\n"
            "from toolcheck.cli import entry; entry()")
    import subprocess

    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert p.returncode == 2 and "needs the `lsp` extra" in p.stderr and "[lsp]" in p.stderr, p.stderr


def test_cli_import_does_not_load_pygls():
    """The pre-commit path's start-up: `import toolcheck.cli` imports neither pygls nor the server module."""
    import json
    import subprocess

    p = subprocess.run([sys.executable, "-c", "import sys, json, toolcheck.cli; print(json.dumps(sorted(sys.modules)))"],
                       capture_output=True, text=True, cwd=ROOT, check=True)
    mods = set(json.loads(p.stdout))
    assert not {m for m in mods if m.split(".")[0] in ("pygls", "lsprotocol", "cattrs")}
    assert "toolcheck.lsp" not in mods


def test_fix_edit_unsafe_label_last_line_and_stale_text(tmp_path):
    """fix_edit (the code action's edit): an unsafe fix is reported as unsafe; a change on a last line without a
    line break ends at that line's end; a finding of an older text than the buffer's gets no edit."""
    from types import SimpleNamespace

    from pygls.workspace import TextDocument

    from toolcheck.fixing.model import Edit, Fix
    from toolcheck.lsp import fix_edit

    text = "name: t  # keep me\nparameters:\n  type: object\n  properties:\n    a: {type: strng}"
    doc = TextDocument((tmp_path / "t.yaml").as_uri(), text)
    sf = SimpleNamespace(text=text, kind="yaml", role="contracts", origin=None, located=True)
    fx = Fix("Use `string`", "unsafe", (Edit("set", "/parameters/properties/a/type", "string"),))
    f = SimpleNamespace(code="TC103", fix=fx, extra={"file": sf})
    edit, safe = fix_edit(doc, f)
    assert not safe
    assert (edit.range.start.line, edit.range.start.character) == (4, 0)
    assert (edit.range.end.line, edit.range.end.character) == (4, len("    a: {type: strng}"))
    doc.apply_change(types.TextDocumentContentChangePartial(range=edit.range, text=edit.new_text))
    assert doc.source == text.replace("strng", "string")
    # the buffer moved on since the check: no edit from the old finding
    assert fix_edit(TextDocument(doc.uri, text + "\n"), f) is None
