"""What leaves the process: every outgoing string is masked and encodable. One choke point per sink:

- **reports** (stdout, ``--output``, every format, and the stored copies in ``.toolcheck_cache``): reporters read
  only a run's :class:`~toolcheck.engine.RunResult`; its findings are masked by the run's
  :class:`~toolcheck.masking.Masker` once every finding exists (after suppressions, so TC014/TC015 too), and
  ``summary()``/``tool_index()`` (targets, tool names and file paths of JUnit test cases, the text footer, the
  cache index) mask what they return with it;
- **stderr** (notes, progress, CLI and config errors, crash messages): :class:`MaskedStream` replaces
  ``sys.stderr`` for the whole process (:func:`install`), so no diagnostic can bypass it; while a run is on,
  it masks with that run's masker (:func:`use`: the CLI hands the same masker to the run), so a secret the run
  learned by context is masked in a crash message too;
- **other stdout messages** (the files ``import`` and ``init`` wrote, named after tools): ``cli._say``;
- **bytes** (stdout, files, the cache): :func:`encode` writes a lone surrogate (``"get_\\ud800"`` in a JSON file
  is legal) as the escape ``\\ud800`` instead of failing.

Not masked, by design: the payload of ``toolcheck export`` and the contracts ``toolcheck import`` writes are the
user's own tool definitions in another shape (their descriptions are the data), not reports about them.
"""

from __future__ import annotations

import io
import sys


def encode(text: str) -> bytes:
    """UTF-8, with a lone surrogate written as its ``\\uXXXX`` escape (valid JSON, readable text)."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace")


CHUNK = 1 << 20  # characters encoded at a time: a large report is not copied whole into bytes


def write_encoded(out, text: str) -> None:
    """``encode(text)`` written to the binary stream ``out`` a chunk at a time (the same bytes: a lone
    surrogate is escaped wherever it falls, and slicing never splits a code point)."""
    if len(text) <= CHUNK:
        out.write(encode(text))
        return
    for i in range(0, len(text), CHUNK):
        out.write(encode(text[i:i + CHUNK]))


def write_stdout(text: str) -> None:
    sys.stdout.flush()
    write_encoded(sys.stdout.buffer, text)
    sys.stdout.buffer.flush()


class MaskedStream(io.TextIOBase):
    """A text stream that masks secrets (with :attr:`masker`, see :mod:`toolcheck.masking`) in everything written
    to it."""

    def __init__(self, inner, masker=None) -> None:
        from .masking import PATTERNS

        self.inner = inner
        self.masker = masker if masker is not None else PATTERNS

    @property
    def encoding(self):  # click checks these before writing to a stream
        return getattr(self.inner, "encoding", "utf-8")

    @property
    def errors(self):
        return "backslashreplace"

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        try:
            return self.inner.isatty()
        except (AttributeError, ValueError, OSError):
            return False

    def fileno(self) -> int:
        return self.inner.fileno()

    def write(self, s: str) -> int:
        text = self.masker.mask(s) if isinstance(s, str) else s
        try:
            self.inner.write(text)
        except UnicodeEncodeError:
            self.inner.write(encode(text).decode("utf-8"))
        return len(s)

    def flush(self) -> None:
        try:
            self.inner.flush()
        except (OSError, ValueError):
            pass


def install() -> None:
    """Mask everything this process writes to stderr from now on (with the patterns until :func:`use`)."""
    if not isinstance(sys.stderr, MaskedStream) and sys.stderr is not None:
        sys.stderr = MaskedStream(sys.stderr)


def use(masker) -> None:
    """Mask stderr with ``masker`` (a run's :class:`~toolcheck.masking.Masker`) from now on, when installed."""
    if isinstance(sys.stderr, MaskedStream):
        sys.stderr.masker = masker
