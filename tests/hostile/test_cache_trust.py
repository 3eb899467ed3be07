"""Issue 15, items 12 and 13: a cache is only a result if this user's toolcheck wrote it.

Entries are authenticated with a per-user key kept outside the project; a committed, copied or edited cache is
a miss, in every format. A `.toolcheck_cache` that is a symbolic link or someone else's is not used (the run is
uncached, with one note on stderr, and the exit code is unaffected); nothing is ever written through a link."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from ..conftest import run_cli

FORMATS = ("text", "json", "sarif", "junit", "github")
BAD = """\
name: search_docs
description: TODO
parameters:
  type: object
  properties:
    query: {type: string, description: Words to look for.}
    when: {type: string, format: date-time}
"""


def _project(root: Path) -> Path:
    (root / "contracts").mkdir(parents=True)
    (root / "contracts" / "search_docs.yaml").write_text(BAD, encoding="utf-8")
    (root / "toolcheck.yaml").write_text("paths: [contracts]\n", encoding="utf-8")
    return root


def _entries(root: Path) -> list[Path]:
    return sorted(p for p in (root / ".toolcheck_cache").rglob("*") if p.is_file() and p.name != ".gitignore")


def _machine(tmp_path: Path, name: str, **extra) -> dict:
    """The environment of another user or machine: its own config folder, hence its own cache key."""
    home = tmp_path / f"config-{name}"
    home.mkdir(exist_ok=True)
    return {"XDG_CONFIG_HOME": str(home), **extra}


def _forge(root: Path) -> None:
    """Rewrite every entry to a clean result, the way the attack did: zero findings, 'All checks passed!'."""
    for p in _entries(root):
        raw = p.read_bytes()
        head, _, body = raw.partition(b"\n")
        if p.name.endswith(".findings.json"):
            body = json.dumps({"key": p.name.split(".")[0], "findings": []}).encode()
        elif p.name.endswith(".json"):
            doc = json.loads(body)
            doc["summary"].update(errors=0, warnings=0, infos=0)
            body = json.dumps(doc).encode()
        else:
            body = b"All checks passed! 1 file, 1 tools.\n"
        parts = head.split()
        parts[3] = str(len(body)).encode()  # a consistent length: only the MAC can tell
        p.write_bytes(b" ".join(parts) + b"\n" + body)


def test_a_forged_cache_never_makes_bad_contracts_pass(tmp_path):
    root = _project(tmp_path / "proj")
    env = _machine(tmp_path, "me")
    fresh = {fmt: run_cli("validate", "--format", fmt, "--no-cache", cwd=root, env=env) for fmt in FORMATS}
    for fmt in FORMATS:
        first = run_cli("validate", "--format", fmt, cwd=root, env=env)  # fills the cache
        assert first.returncode == 1
    run_cli("lint", cwd=root, env=env)
    _forge(root)
    for cmd in ("lint", "validate"):
        for fmt in FORMATS:
            p = run_cli(cmd, "--format", fmt, cwd=root, env=env)
            assert p.returncode == 1, (cmd, fmt, p.stdout[:300])
            assert "All checks passed" not in p.stdout
            if cmd == "validate":
                assert p.stdout == fresh[fmt].stdout


def test_a_cache_copied_with_the_project_is_not_trusted(tmp_path):
    """Committed with the repository, restored by someone else: another user's key, a miss."""
    root = _project(tmp_path / "proj")
    assert run_cli("validate", cwd=root, env=_machine(tmp_path, "author")).returncode == 1
    _forge(root)  # the author (or anyone with write access to the repository) commits a clean-looking cache
    clone = tmp_path / "clone"
    shutil.copytree(root, clone, symlinks=True)
    for fmt in FORMATS:
        p = run_cli("validate", "--format", fmt, cwd=clone, env=_machine(tmp_path, "ci"))
        assert p.returncode == 1 and "All checks passed" not in p.stdout, (fmt, p.stdout[:300])


def test_an_old_format_entry_without_a_mac_is_a_miss(tmp_path):
    root = _project(tmp_path / "proj")
    env = _machine(tmp_path, "me")
    assert run_cli("lint", cwd=root, env=env).returncode == 1
    for p in _entries(root):  # the pre-authentication layout: `toolcheck-cache KEY LEN` and the body
        if ".out-" in p.name:
            body = b"All checks passed! 1 file, 1 tools.\n"
            key = p.name.split(".")[0]
            p.write_bytes(f"toolcheck-cache {key} {len(body)}\n".encode() + body)
    p = run_cli("lint", cwd=root, env=env)
    assert p.returncode == 1 and "All checks passed" not in p.stdout


def test_the_key_is_private_and_concurrent_first_runs_agree_on_it(tmp_path):
    home = tmp_path / "fresh-config"
    code = "from toolcheck.runner import cache; import sys; sys.stdout.write((cache.secret() or b'').hex())"
    procs = [subprocess.Popen([sys.executable, "-c", code], env={**os.environ, "XDG_CONFIG_HOME": str(home)},
                              stdout=subprocess.PIPE) for _ in range(8)]
    keys = {p.communicate(timeout=60)[0] for p in procs}
    assert len(keys) == 1 and keys != {b""}
    key_file = home / "toolcheck" / "cache-key"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert stat.S_IMODE((home / "toolcheck").stat().st_mode) == 0o700
    assert not [p for p in (home / "toolcheck").iterdir() if p.name != "cache-key"]  # no temp files left


def test_a_key_others_can_read_is_not_used(tmp_path):
    root = _project(tmp_path / "proj")
    env = _machine(tmp_path, "me")
    key_file = Path(env["XDG_CONFIG_HOME"]) / "toolcheck" / "cache-key"
    key_file.parent.mkdir(parents=True)
    key_file.write_text("a" * 64)
    key_file.chmod(0o644)
    p = run_cli("lint", cwd=root, env=env)
    assert p.returncode == 1
    assert [ln for ln in p.stderr.splitlines() if ln.strip()] == [
        f"note: running without the cache: {key_file} is not a key only this user can read (a private file of "
        "at least 32 characters, mode 0600); fix or delete it"]
    assert not (root / ".toolcheck_cache").exists()


def test_ci_restores_the_key_with_the_cache(tmp_path):
    """TOOLCHECK_CACHE_KEY (a CI secret): a job that restores .toolcheck_cache and sets the same key hits."""
    root = _project(tmp_path / "proj")
    job1 = _machine(tmp_path, "job1", TOOLCHECK_CACHE_KEY="ci-secret-from-the-vault-0123456789")
    first = run_cli("validate", cwd=root, env=job1)
    assert first.returncode == 1
    job2_dir = tmp_path / "job2"
    shutil.copytree(root, job2_dir, symlinks=True)
    before = {p.name: p.stat().st_mtime_ns for p in _entries(job2_dir)}
    job2 = _machine(tmp_path, "job2", TOOLCHECK_CACHE_KEY="ci-secret-from-the-vault-0123456789")
    second = run_cli("validate", cwd=job2_dir, env=job2)
    assert (second.returncode, second.stdout) == (first.returncode, first.stdout)
    assert {p.name: p.stat().st_mtime_ns for p in _entries(job2_dir)} == before  # served, not rewritten
    other = run_cli("validate", cwd=job2_dir, env=_machine(tmp_path, "job3", TOOLCHECK_CACHE_KEY="another"))
    assert other.stdout == first.stdout
    assert len(_entries(job2_dir)) > len(before)  # a different key: a miss, stored beside the first entry


# ------------------------------------------------------------------------------------------------ item 13

def test_a_symlinked_cache_folder_is_not_used(tmp_path):
    root = _project(tmp_path / "proj")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    os.symlink(elsewhere, root / ".toolcheck_cache")
    fresh = run_cli("lint", "--no-cache", cwd=root)
    p = run_cli("lint", cwd=root)
    assert (p.returncode, p.stdout) == (fresh.returncode, fresh.stdout)
    assert [ln for ln in p.stderr.splitlines() if ln.strip()] == [
        "note: running without the cache: .toolcheck_cache is a symbolic link"]
    assert list(elsewhere.iterdir()) == []


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root can make another user's folder")
def test_another_users_cache_folder_is_not_used(tmp_path):
    root = _project(tmp_path / "proj")
    cache = root / ".toolcheck_cache"
    cache.mkdir()
    os.chown(cache, 4242, 4242)
    p = run_cli("lint", cwd=root)
    assert p.returncode == 1
    assert [ln for ln in p.stderr.splitlines() if ln.strip()] == [
        "note: running without the cache: .toolcheck_cache belongs to another user"]
    assert list(cache.iterdir()) == []


def test_links_planted_inside_the_cache_are_never_followed(tmp_path):
    """A committed cache folder is the user's own (git made it), but what is inside is not: links to outside
    files are replaced, never written through; links to folders make the run skip the cache."""
    root = _project(tmp_path / "proj")
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n")
    outside = tmp_path / "outside"
    outside.mkdir()
    cache = root / ".toolcheck_cache"
    cache.mkdir()
    os.symlink(victim, cache / ".gitignore")
    from toolcheck import __version__

    os.symlink(outside, cache / __version__)
    assert run_cli("lint", cwd=root).returncode == 1
    assert victim.read_text() == "keep me\n"
    assert list(outside.iterdir()) == []
    os.unlink(cache / __version__)
    assert run_cli("lint", cwd=root).returncode == 1
    assert victim.read_text() == "keep me\n"
    for d in (cache / __version__).iterdir():  # now written: plant a link where the next entry would go
        for f in d.iterdir():
            f.unlink()
            os.symlink(victim, f)
    assert run_cli("lint", cwd=root).returncode == 1
    assert victim.read_text() == "keep me\n"
