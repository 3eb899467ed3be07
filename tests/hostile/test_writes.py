"""Issue 15, items 14 and 15: what toolcheck writes. Non-regular targets (/dev/stdout, a FIFO) are written directly
and `-` is stdout; every file ends with the mode a plain open() would give (0666 & ~umask for a new file, the old
mode for an existing one); a symlink is written through; temporary files a killed run left are cleaned up."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
import time

import pytest

from ..conftest import ROOT, run_cli

GOOD_DESC = "Get the current weather for a city by its name. Use it when the user asks about the weather."


@pytest.fixture
def proj(tmp_path):
    (tmp_path / "contracts").mkdir()
    (tmp_path / "contracts" / "search_docs.yaml").write_text(
        (ROOT / "contracts" / "search_docs.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "toolcheck.yaml").write_text("paths: [contracts]\n")
    (tmp_path / "tools.json").write_text(json.dumps([{"name": "get_weather", "description": GOOD_DESC,
                                                      "input_schema": {"type": "object"}}]))
    return tmp_path


def _run(args, cwd, umask=None, stdout=subprocess.PIPE):
    def pre():
        if umask is not None:
            os.umask(umask)

    return subprocess.run([sys.executable, "-m", "toolcheck", *args], cwd=cwd, stdout=stdout,
                          stderr=subprocess.PIPE, preexec_fn=pre, timeout=120,
                          env={**os.environ, "NO_COLOR": "1"})


# ------------------------------------------------------------------------------------------------ item 14

@pytest.fixture(autouse=True)
def _dev_stdout_survives():
    """The bug these tests are about replaced the machine's /dev/stdout link with a regular file: if a regression
    does it again, put the link back (and fail), rather than leave every later process without a stdout path."""
    before = os.readlink("/dev/stdout") if os.path.islink("/dev/stdout") else None
    yield
    if before is not None and not os.path.islink("/dev/stdout"):
        tmp = "/dev/.stdout-restored-by-toolcheck-tests"
        os.symlink(before, tmp)
        os.replace(tmp, "/dev/stdout")
        pytest.fail("/dev/stdout was replaced by a regular file (restored)")


@pytest.mark.parametrize("args", [
    ("lint", "--format", "json", "--output", "/dev/stdout"),
    ("lint", "--format", "json", "--output", "-"),
    ("export", "--target", "openai", "--out", "/dev/stdout"),
    ("export", "--target", "openai", "--out", "-"),
])
def test_dev_stdout_and_dash_print_the_report(proj, args):
    p = _run(args, proj)
    assert p.returncode == 0, p.stderr
    json.loads(p.stdout)


def test_dev_stdout_redirected_to_a_file_appends_and_keeps_the_link(proj, tmp_path):
    """`toolcheck lint -o /dev/stdout >> log` as a shell would: the report lands in the log after what was there,
    the log is not replaced (the shell keeps writing to it) and /dev/stdout stays a link."""
    log = tmp_path / "log.txt"
    log.write_text("before\n")
    with open(log, "a") as fh:
        p = _run(("lint", "--format", "json", "-o", "/dev/stdout"), proj, stdout=fh)
        fh.write("after\n")
    assert p.returncode == 0, p.stderr
    text = log.read_text()
    assert text.startswith("before\n{") and text.endswith("}\nafter\n"), text[:200]
    assert os.path.islink("/dev/stdout")


def test_a_fifo_target_is_written_directly(proj):
    fifo = proj / "report.fifo"
    os.mkfifo(fifo)
    got = {}

    def read():
        with open(fifo) as fh:
            got["text"] = fh.read()

    t = threading.Thread(target=read)
    t.start()
    p = _run(("lint", "--format", "json", "--output", str(fifo)), proj)
    t.join(30)
    assert p.returncode == 0, p.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)  # still a FIFO, not replaced by a file
    json.loads(got["text"])


# ------------------------------------------------------------------------------------------------ item 15

WRITERS = [
    (("lint", "--output", "out/report.txt"), "out/report.txt"),
    (("lint", "--write-baseline", "out/baseline.json"), "out/baseline.json"),
    (("export", "--target", "openai", "--out", "out/tools.json"), "out/tools.json"),
    (("import", "tools.json", "--out", "out/imported"), "out/imported/get_weather.yaml"),
    (("init", "out/starter"), "out/starter/toolcheck.yaml"),
]


@pytest.mark.parametrize("umask", [0o022, 0o027, 0o002, 0o077])
@pytest.mark.parametrize("args,written", WRITERS, ids=[w[0][0] + ":" + w[1] for w in WRITERS])
def test_new_files_get_the_mode_open_would_give(proj, args, written, umask):
    p = _run(args, proj, umask=umask)
    assert p.returncode in (0, 1), p.stderr
    mode = stat.S_IMODE(os.stat(proj / written).st_mode)
    assert mode == 0o666 & ~umask, (oct(mode), oct(umask))


def test_an_existing_file_keeps_its_mode_and_a_symlink_is_written_through(proj):
    report = proj / "report.json"
    report.write_text("{}")
    os.chmod(report, 0o640)
    p = _run(("lint", "--format", "json", "--output", "report.json"), proj, umask=0o077)
    assert p.returncode == 0 and stat.S_IMODE(os.stat(report).st_mode) == 0o640
    os.symlink("report.json", proj / "link.json")
    p = _run(("lint", "--format", "json", "--output", "link.json"), proj)
    assert p.returncode == 0, p.stderr
    assert os.path.islink(proj / "link.json") and "findings" in report.read_text()


def test_stale_temporary_files_of_ours_are_cleaned_up(proj):
    out = proj / "out"
    out.mkdir()
    old = time.time() - 2 * 3600
    stale = out / ".toolcheck-abcd1234.tmp"
    fresh = out / ".toolcheck-efgh5678.tmp"  # a concurrent run's, still being written
    foreign = out / ".toolcheck-notours.tmp.bak"  # not our naming
    for f in (stale, fresh, foreign):
        f.write_text("partial")
    os.utime(stale, (old, old))
    os.utime(foreign, (old, old))
    p = _run(("lint", "--output", "out/report.txt"), proj)
    assert p.returncode == 0, p.stderr
    assert not stale.exists() and fresh.exists() and foreign.exists()


def test_a_killed_cache_write_leaves_nothing_a_later_run_keeps(proj):
    """The cache's own folders get the same cleanup (a kill -9 mid-write leaves a temp file there)."""
    assert run_cli("lint", cwd=proj).returncode == 0
    entries = [p for p in (proj / ".toolcheck_cache").rglob("*") if p.is_file() and p.name != ".gitignore"]
    old = time.time() - 2 * 3600
    for f in entries:  # as if the first run had been killed while writing its entry
        f.unlink()
        t = f.parent / ".toolcheck-zzzz9999.tmp"
        t.write_text("half")
        os.utime(t, (old, old))
    assert run_cli("lint", cwd=proj).returncode == 0
    assert not list((proj / ".toolcheck_cache").rglob(".toolcheck-zzzz9999.tmp"))
