"""`--fix`, `--unsafe-fixes` and `--diff` of `lint` and `validate`: check, fix, check again, until nothing changes.

Each pass checks the files (the fixed ones as their new text, not yet written), applies every fix that fits
(:func:`toolcheck.fixing.apply.fix_text`) and goes again while something changed, at most :data:`MAX_PASSES`
times: a fix left out because it overlapped another is made anew from the next pass's findings. The last pass
is the report: what remains after the fixes. Nothing is written before the last pass; ``--fix`` then writes each
changed file atomically, with its own mode, through a symbolic link to its target, and only when the file still
holds what was read; ``--diff`` prints a unified diff (`a/` and `b/` prefixes: `patch -p1` applies it) instead.

stdin (issue 19): :func:`fix_texts` takes the documents to fix as ``texts`` (path -> text) and returns their
fixed text without writing anything. `toolcheck lint --fix -` prints the fixed document to stdout (the report
goes to stderr) and writes no file, even one ``--stdin-filename`` names; ``--diff`` with stdin prints the diff.
"""

from __future__ import annotations

import dataclasses
import difflib
from dataclasses import dataclass, field
from typing import Any

from .apply import fix_text
from .model import Fix

MAX_PASSES = 10


@dataclass
class FixRun:
    result: Any  # the engine's RunResult of the last pass: the findings that remain
    changed: dict[str, tuple[str, str, str]] = field(default_factory=dict)  # abspath -> (shown path, old, new)
    applied: int = 0  # fixes applied
    failed: list[tuple[str, Fix, str]] = field(default_factory=list)  # (file, fix, why) of the last pass


def fixable(findings, unsafe: bool) -> dict[str, tuple[Any, list[Fix]]]:
    """abspath -> (source file, the fixes `--fix` applies there, in finding order)."""
    out: dict[str, tuple[Any, list[Fix]]] = {}
    for f in findings:
        fx = f.fix
        if not isinstance(fx, Fix) or not fx.applies(unsafe):
            continue
        sf = f.extra.get("file")
        if sf is None or not sf.reported or sf.origin == "mcp" or not sf.located or sf.text is None:
            continue
        out.setdefault(sf.abspath, (sf, []))[1].append(fx)
    return out


def fix_texts(settings, command: str, texts: dict[str, str] | None = None, masker=None) -> FixRun:
    """Fix until nothing changes; nothing is written (see the module doc). ``masker``: the run's (the CLI's),
    shared by every pass."""
    from ..engine import run

    s = dataclasses.replace(settings, no_cache=True)
    texts = dict(texts or {})
    originals: dict[str, tuple[str, str]] = {}
    applied = 0
    failed: list[tuple[str, Fix, str]] = []
    for _ in range(MAX_PASSES):
        result = run(s, command, texts=texts, masker=masker)
        todo = fixable(result.findings, settings.unsafe_fixes)
        if not todo:
            break
        progress = False
        failed = []
        for path, (sf, fixes) in todo.items():
            current = texts.get(path, sf.text)
            out = fix_text(current, sf.kind, fixes, path=path, role=sf.role, input_format=settings.input_format,
                           limits=settings.limits)
            failed.extend((sf.path, f, why) for f, why in out.failed)
            if out.applied and out.text != current:
                originals.setdefault(path, (sf.path, current))
                texts[path] = out.text
                applied += len(out.applied)
                progress = True
        if not progress:
            break
    else:
        result = run(s, command, texts=texts, masker=masker)
    changed = {p: (shown, old, texts[p]) for p, (shown, old) in originals.items() if texts[p] != old}
    return FixRun(result, changed, applied, failed)


def unified_diff(changed: dict[str, tuple[str, str, str]]) -> str:
    """One unified diff of every changed file, `a/PATH` -> `b/PATH` (``patch -p1`` from the working directory)."""
    parts: list[str] = []
    for _, (shown, old, new) in sorted(changed.items(), key=lambda kv: kv[1][0]):
        for line in difflib.unified_diff(old.splitlines(True), new.splitlines(True), f"a/{shown}", f"b/{shown}"):
            parts.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return "".join(parts)


def write_fixed(changed: dict[str, tuple[str, str, str]]) -> list[str]:
    """Write each changed file atomically (mode kept, a link written through to its target) when it still holds
    what was fixed; notes for the files left alone."""
    from ..boundary import encode
    from ..fsutil import write_atomic_from

    notes = []
    for path, (shown, old, new) in sorted(changed.items(), key=lambda kv: kv[1][0]):
        try:
            with open(path, "rb") as fh:
                raw = fh.read()
        except OSError as e:
            notes.append(f"note: {shown} not fixed: cannot read it again ({e.strerror or e})")
            continue
        bom = b"\xef\xbb\xbf" if raw.startswith(b"\xef\xbb\xbf") else b""
        if raw[len(bom):] != encode(old):
            notes.append(f"note: {shown} not fixed: it changed while toolcheck was fixing it")
            continue
        data = bom + encode(new)
        write_atomic_from(path, lambda fh, data=data: fh.write(data))
    return notes


def write_buffers(buffers: dict[str, bytes], changed: dict[str, tuple[str, str, str]]) -> None:
    """`--fix` of a stdin document: its fixed text (its bytes as read, BOM kept, when nothing changed) to stdout,
    never to the file ``--stdin-filename`` names; unmasked: it is the document, not a report."""
    import sys

    sys.stdout.flush()
    for path, raw in buffers.items():
        if path in changed:
            from ..boundary import encode

            bom = b"\xef\xbb\xbf" if raw.startswith(b"\xef\xbb\xbf") else b""
            raw = bom + encode(changed[path][2])
        sys.stdout.buffer.write(raw)
    sys.stdout.buffer.flush()


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _hidden(findings) -> int:
    return sum(1 for f in findings if isinstance(f.fix, Fix) and not f.fix.applies(False))


def fix_command(settings, command: str, masker=None) -> tuple[Any, int | None]:
    """`--fix` / `--diff` for the CLI: (the result to report, None), or (None, exit code) when the diff is printed."""
    from ..masking import Masker

    masker = masker if masker is not None else Masker()
    fr = fix_texts(settings, command, masker=masker)
    mask = masker.mask
    result = fr.result
    n_files = len(fr.changed)
    notes = list(result.notes)
    for where, fx, why in fr.failed[:20]:
        notes.append(f"note: {mask(where)}: fix not applied ({mask(fx.title)}): {mask(why)}")
    if len(fr.failed) > 20:
        notes.append(f"note: {len(fr.failed) - 20} more fixes not applied")
    hidden = 0 if settings.unsafe_fixes else _hidden(result.findings)
    more = f"; {_count(hidden, 'more fix')} with --unsafe-fixes" if hidden else ""
    if settings.diff:
        import sys

        text = unified_diff(fr.changed)
        if settings.output:
            from ..fsutil import write_atomic

            write_atomic(settings.output, text)
        else:
            from ..boundary import write_stdout

            write_stdout(text)
        for note in notes:
            sys.stderr.write(note + "\n")
        sys.stderr.write(f"Would fix {_count(fr.applied, 'finding')} in {_count(n_files, 'file')}{more}.\n"
                         if fr.changed else f"Nothing to fix{more}.\n")
        return None, 1 if fr.changed else 0
    if settings.buffers:  # stdin: the fixed document goes to stdout, nothing is written on disk (as ruff)
        write_buffers(settings.buffers, fr.changed)
    else:
        notes.extend(write_fixed(fr.changed))
    if fr.changed or fr.applied:
        notes.append(f"Fixed {_count(fr.applied, 'finding')} in {_count(n_files, 'file')}{more}.")
    elif hidden:
        notes.append(f"Nothing fixed{more}.")
    result.notes = notes
    return result, None
