"""Issue 15, items 8 and 9: special files and text bombs. Found by walking a folder, only regular files are read
(a link to /dev/zero or /dev/urandom, a FIFO: skipped, with one note); named on the command line, a non-regular
file is read once, with the size limit enforced while reading, and never cached. Aliases may repeat at most
`limits.max-file-size` of text."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from ..conftest import ROOT
from .conftest import assert_clean_failure, run_blocked

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and /dev/zero")

GOOD = (ROOT / "contracts" / "search_docs.yaml").read_text(encoding="utf-8")


def _specials(root):
    (root / "contracts" / "search_docs.yaml").write_text(GOOD, encoding="utf-8")
    os.symlink("/dev/zero", root / "contracts" / "zero.yaml")
    os.symlink("/dev/urandom", root / "contracts" / "random.json")
    os.mkfifo(root / "contracts" / "fifo.yaml")
    (root / "samples").mkdir()
    os.mkfifo(root / "samples" / "search_docs.yaml")
    os.symlink("/dev/zero", root / "samples" / "calls.jsonl")
    (root / "toolcheck.yaml").write_text("paths: [contracts]\nsamples: samples\n")


@pytest.mark.parametrize("args", [("lint",), ("validate",), ("validate", "--no-cache"), ("lint", "--format", "json")])
def test_a_folders_devices_and_fifos_are_skipped_with_one_note(hostile, args):
    _specials(hostile)
    t = time.monotonic()
    p = run_blocked(*args, cwd=hostile, timeout=60)
    assert time.monotonic() - t < 30
    assert p.returncode in (0, 1), p.stderr
    notes = [ln for ln in p.stderr.splitlines() if "not regular files" in ln]
    assert len(notes) == 1, p.stderr
    for name in ("contracts/zero.yaml", "contracts/random.json", "contracts/fifo.yaml"):
        assert name in notes[0]
    if "validate" in args:
        assert "samples/search_docs.yaml" in notes[0] and "samples/calls.jsonl" in notes[0]
    if "json" in args:
        assert {f["file"] for f in json.loads(p.stdout)["findings"]} <= {"contracts/search_docs.yaml"}


def test_dev_zero_named_explicitly_is_read_bounded(hostile):
    _specials(hostile)
    p = run_blocked("lint", "--format", "json", "contracts/zero.yaml", cwd=hostile, timeout=60)
    assert_clean_failure(p, codes=(1,))
    (f,) = [f for f in json.loads(p.stdout)["findings"] if f["file"] == "contracts/zero.yaml"]
    assert f["code"] == "TC010" and "MiB limit" in f["message"]
    assert not (hostile / ".toolcheck_cache").exists() or not list((hostile / ".toolcheck_cache").rglob("*.out-*"))


def test_stdin_and_a_fifo_named_explicitly_are_read_once_and_never_cached(hostile):
    contract = ('{"name": "get_weather", "description": "Get the weather of a city. Use it when the user asks '
                'about the weather.", "parameters": {"type": "object", "properties": {}}}')
    for _ in range(2):
        p = subprocess.run([sys.executable, "-m", "toolcheck", "lint", "--format", "json", "/dev/stdin"],
                           input=contract.replace("get_weather", "get time"), cwd=hostile, capture_output=True,
                           text=True, timeout=60)
        assert p.returncode == 1 and "get time" in p.stdout, p.stderr
    assert not (hostile / ".toolcheck_cache").exists()
    fifo = hostile / "contracts" / "pipe.json"
    os.mkfifo(fifo)
    proc = subprocess.Popen([sys.executable, "-m", "toolcheck", "lint", "--format", "json", str(fifo)], cwd=hostile,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    with open(fifo, "w") as fh:  # the reader opened it: write one contract, then EOF
        fh.write(contract)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode in (0, 1), err
    assert json.loads(out)["summary"]["tools"] == 1
    assert not (hostile / ".toolcheck_cache").exists()


def test_baseline_from_dev_zero_is_bounded(hostile):
    (hostile / "contracts" / "search_docs.yaml").write_text(GOOD, encoding="utf-8")
    p = run_blocked("lint", "--baseline", "/dev/zero", cwd=hostile, timeout=60)
    assert_clean_failure(p, codes=(2,))
    assert "baseline" in p.stderr and "MiB" in p.stderr


def test_alias_text_bomb_is_a_finding_fast(hostile):
    """A 1 MB string anchored once and aliased by 2,000 descriptions: 1.1 MB of file, 2 GB of text (93 s, 4.2 GB
    before the bound)."""
    text = ('x-text: &d "' + "word " * 200_000 + '"\ntools:\n'
            + "".join(f"  - {{name: tool_{i}, description: *d, parameters: {{type: object}}}}\n" for i in range(2000)))
    (hostile / "contracts" / "bomb.yaml").write_text(text, encoding="utf-8")
    t = time.monotonic()
    p = run_blocked("lint", "--format", "json", "--no-cache", cwd=hostile, timeout=60)
    assert time.monotonic() - t < 20
    (f,) = json.loads(p.stdout)["findings"] if p.returncode == 1 else [None]
    assert f and f["code"] == "TC010" and "MiB of text" in f["message"], p.stdout[:1000]


def test_aliases_under_the_text_bound_still_load(hostile):
    text = ('x-text: &d "' + "Search the catalogue by words. " * 30 + '"\ntools:\n'
            + "".join(f"  - {{name: tool_{i}, description: *d, parameters: {{type: object}}}}\n" for i in range(50)))
    (hostile / "contracts" / "ok.yaml").write_text(text, encoding="utf-8")
    p = run_blocked("lint", "--format", "json", "--no-cache", "--select", "TC0", cwd=hostile, timeout=60)
    assert p.returncode == 0 and json.loads(p.stdout)["summary"]["tools"] == 50, p.stdout[:500]
