"""A report is written to stdout or `-o FILE` a chunk at a time (boundary.write_encoded): the same bytes as
encoding it whole, lone surrogates escaped wherever they fall, so a large report is never copied whole."""

from __future__ import annotations

import io

import pytest

from toolcheck import boundary
from toolcheck.fsutil import write_atomic


@pytest.mark.parametrize("text", [
    "",
    "short ✓ text",
    "a" * (boundary.CHUNK - 1) + "\ud800" + "b" * 10,  # a lone surrogate just before a chunk boundary
    "é" * boundary.CHUNK + "\udfff" + "x" + "✓" * 3,  # just after one, multi-byte characters around it
    "\ud83d" * (2 * boundary.CHUNK + 5),
])
def test_chunked_writing_gives_the_bytes_of_encoding_whole(text, tmp_path):
    out = io.BytesIO()
    boundary.write_encoded(out, text)
    assert out.getvalue() == boundary.encode(text)
    write_atomic(str(tmp_path / "r.txt"), text)
    assert (tmp_path / "r.txt").read_bytes() == boundary.encode(text)
