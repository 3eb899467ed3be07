"""`toolcheck lint -` / `validate -` and `--stdin-filename` (issue 19 item 2), through the real entry point."""

from __future__ import annotations

import json
import subprocess
import sys

from .conftest import ROOT, run_cli

BAD = """name: send_email
description: sends
parameters:
  type: object
  properties:
    to: {type: strin}
"""


def _findings(p: subprocess.CompletedProcess) -> list[dict]:
    assert p.returncode in (0, 1), p.stderr
    return json.loads(p.stdout)["findings"]


def _project(project) -> None:
    project.write("contracts/send_email.yaml", BAD)
    project.write("contracts/other.yaml", "name: list_files\ndescription: Lists the files of a folder, newest "
                  "first.\nrisk: read_only\nparameters:\n  type: object\n  properties: {}\n")


def test_stdin_with_filename_gives_the_same_findings_as_the_file(project):
    _project(project)
    as_file = _findings(run_cli("lint", "contracts/send_email.yaml", "--format", "json", cwd=project.path))
    as_stdin = _findings(run_cli("lint", "-", "--stdin-filename", "contracts/send_email.yaml", "--format", "json",
                                 cwd=project.path, input=BAD))
    assert as_file and as_stdin == as_file
    assert {f["code"] for f in as_stdin} >= {"TC103", "TC601"}
    assert all(f["file"] == "contracts/send_email.yaml" for f in as_stdin)
    # validate too (vendor targets, samples): the same findings as for the file
    v_file = _findings(run_cli("validate", "contracts/send_email.yaml", "--format", "json", cwd=project.path))
    v_stdin = _findings(run_cli("validate", "-", "--stdin-filename", "contracts/send_email.yaml", "--format", "json",
                                cwd=project.path, input=BAD))
    assert v_file == v_stdin


def test_stdin_document_replaces_its_file_in_the_configured_set(project):
    """No duplicate-name finding (TC012) against its own copy on disk; one against another file of the set."""
    _project(project)
    same = _findings(run_cli("lint", "-", "--stdin-filename", "contracts/send_email.yaml", "--format", "json",
                             cwd=project.path, input=BAD))
    assert "TC012" not in {f["code"] for f in same}
    # what the editor has in the buffer counts, not what is on disk: the on-disk file's TC103 is not reported
    fixed = BAD.replace("strin", "string")
    got = _findings(run_cli("lint", "-", "--stdin-filename", "contracts/send_email.yaml", "--format", "json",
                            cwd=project.path, input=fixed))
    assert "TC103" not in {f["code"] for f in got}
    dup = BAD.replace("send_email", "list_files")
    got = _findings(run_cli("lint", "-", "--stdin-filename", "contracts/send_email.yaml", "--format", "json",
                            cwd=project.path, input=dup))
    assert "TC012" in {f["code"] for f in got}
    # a name that does not exist yet (a new, unsaved file) is in the set too
    got = _findings(run_cli("lint", "--stdin-filename", "contracts/new.yaml", "--format", "json",
                            cwd=project.path, input=BAD))
    assert [f["file"] for f in got if f["code"] == "TC012"] == ["contracts/new.yaml"]


def test_stdin_filename_decides_config_per_file_ignores_and_format(project):
    _project(project)
    project.write("sub/toolcheck.yaml", "paths: [.]\nper-file-ignores:\n  'x.json': [TC601]\n")
    doc = json.dumps({"name": "send_email", "description": "sends",
                      "parameters": {"type": "object", "properties": {"to": {"type": "strin"}}}})
    # config found upward from the stdin file's place (sub/toolcheck.yaml), not from the working directory
    got = _findings(run_cli("lint", "-", "--stdin-filename", "sub/x.json", "--format", "json", cwd=project.path,
                            input=doc))
    codes = {f["code"] for f in got}
    assert "TC103" in codes and "TC601" not in codes
    assert {f["file"] for f in got} == {"sub/x.json"}
    # JSON by its name: a line number from the JSON document
    assert [f["line"] for f in got if f["code"] == "TC103"] == [1]


def test_stdin_without_a_name_is_shown_as_dash_and_never_cached(project):
    _project(project)
    for _ in range(2):  # a second identical run must read stdin again, not a cached result
        p = run_cli("lint", "-", "--format", "json", cwd=project.path, input=BAD)
        got = _findings(p)
        assert {f["file"] for f in got} == {"-"} and "TC103" in {f["code"] for f in got}
    assert not (project.path / ".toolcheck_cache").exists()
    p = run_cli("lint", "-", cwd=project.path, input="")
    assert p.returncode == 1 and "TC005" in p.stdout  # empty stdin: an empty document


def test_dev_stdin_pipe_and_redirect(project, tmp_path):
    """`cat x | toolcheck lint /dev/stdin` and `toolcheck lint /dev/stdin < x`, cache on (the default)."""
    _project(project)
    src = tmp_path / "in.yaml"
    src.write_text(BAD, encoding="utf-8")
    for _ in range(2):
        piped = subprocess.run(f"cat {src} | {sys.executable} -m toolcheck lint /dev/stdin --format json",
                               shell=True, cwd=project.path, capture_output=True, text=True)
        assert "TC103" in {f["code"] for f in _findings(piped)}, piped.stderr
        with open(src, "rb") as fh:
            redirected = subprocess.run([sys.executable, "-m", "toolcheck", "lint", "/dev/stdin", "--format", "json"],
                                        stdin=fh, cwd=project.path, capture_output=True, text=True)
        codes = {f["code"] for f in _findings(redirected)}
        assert "TC103" in codes and "TC017" not in codes, redirected.stdout


def test_stdin_usage_errors_exit_2(project):
    _project(project)
    p = run_cli("lint", "-", "contracts", cwd=project.path, input=BAD)
    assert p.returncode == 2 and "cannot be combined" in p.stderr
    p = run_cli("lint", "contracts", "--stdin-filename", "x.yaml", cwd=project.path, input=BAD)
    assert p.returncode == 2 and "--stdin-filename" in p.stderr
    p = run_cli("lint", "-", "--stdin-filename", "contracts", cwd=project.path, input=BAD)
    assert p.returncode == 2 and "folder" in p.stderr
    assert "Traceback" not in p.stderr


def test_stdin_force_exclude_skips_a_name_outside_the_set(project):
    """As ruff: with --force-exclude a stdin document named outside `paths` is not checked (pre-commit hooks)."""
    _project(project)
    p = run_cli("lint", "-", "--stdin-filename", "elsewhere/x.yaml", "--force-exclude", cwd=project.path, input=BAD)
    assert p.returncode == 0, p.stdout + p.stderr


def test_help_mentions_stdin():
    p = run_cli("lint", "--help", cwd=ROOT)
    assert "--stdin-filename" in p.stdout


FIXABLE = (b"# the mail tool\nname: send_email\ndescription: Sends one email to one address and returns the id of "
           b"the sent message.\nrisk: write_limited\nparameters:\n  type: object\n  properties:\n    to:\n"
           b"      type: strng  # who gets it\n      description: The address to send the email to.\n")


def _cli_bytes(*args: str, cwd, data: bytes) -> subprocess.CompletedProcess:
    import os

    env = dict(os.environ, NO_COLOR="1")
    env.pop("TOOLCHECK_FORMAT", None)
    return subprocess.run([sys.executable, "-m", "toolcheck", *args], cwd=cwd, input=data, capture_output=True,
                          env=env, timeout=120)


def test_fix_with_stdin_prints_the_fixed_document_and_writes_no_file(project):
    """`--fix -` (issue 20 item 4, as `ruff check --fix -`): the fixed document on stdout byte for byte, comments
    kept; the report on stderr; the file --stdin-filename names is not touched; the exit code is what remains."""
    on_disk = project.write("contracts/send_email.yaml", FIXABLE.decode())
    p = _cli_bytes("lint", "--fix", "-", "--stdin-filename", "contracts/send_email.yaml", cwd=project.path,
                   data=FIXABLE)
    assert p.stdout == FIXABLE.replace(b"type: strng  #", b"type: string  #"), p.stderr
    assert p.returncode == 0, p.stderr  # nothing remains
    assert b"Fixed 1 finding in 1 file." in p.stderr and b"TC103" not in p.stderr
    assert on_disk.read_bytes() == FIXABLE
    # what remains decides the exit code, and is reported on stderr (stdout stays the document)
    worse = FIXABLE.replace(b"risk: write_limited\n", b"")
    p = _cli_bytes("lint", "--fix", "-", "--stdin-filename", "contracts/send_email.yaml", cwd=project.path,
                   data=worse)
    assert p.returncode == 1 and b"TC601" in p.stderr
    assert p.stdout == worse.replace(b"type: strng  #", b"type: string  #")
    assert on_disk.read_bytes() == FIXABLE
    # nothing to fix: the document as read, byte for byte (CRLF kept); without a name, no `-` file is written
    clean = FIXABLE.replace(b"strng", b"string").replace(b"\n", b"\r\n")
    p = _cli_bytes("lint", "--fix", "-", cwd=project.path, data=clean)
    assert p.returncode == 0 and p.stdout == clean, p.stderr
    assert not (project.path / "-").exists()


def test_diff_with_stdin_prints_the_diff_and_writes_nothing(project):
    on_disk = project.write("contracts/send_email.yaml", FIXABLE.decode())
    p = _cli_bytes("lint", "--diff", "-", "--stdin-filename", "contracts/send_email.yaml", cwd=project.path,
                   data=FIXABLE)
    assert p.returncode == 1, p.stderr
    out = p.stdout.decode()
    assert out.startswith("--- a/contracts/send_email.yaml\n+++ b/contracts/send_email.yaml\n")
    assert "-      type: strng  # who gets it\n+      type: string  # who gets it\n" in out
    assert b"Would fix 1 finding in 1 file." in p.stderr
    assert on_disk.read_bytes() == FIXABLE
