"""The real `pre-commit try-repo` against this checkout: one good and one bad contract (installs from the package
index into pre-commit's own environment, so it is marked slow; CI runs it)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from .conftest import ROOT

GOOD = """\
name: search_docs
version: "1.0.0"
description: >-
  Search the product documentation by keyword and return the best-matching pages with a short excerpt.
  Use it when the user asks how a feature works or where a setting is.
risk: read_only
parameters:
  type: object
  additionalProperties: false
  required: [query]
  properties:
    query:
      type: string
      minLength: 2
      maxLength: 200
      description: Words to search for, e.g. "refund policy".
"""

BAD = """\
name: set_reminder
description: Set a reminder.
parameters:
  type: object
  properties:
    answer: {type: string, enum: [yes, no]}
"""


def _git(*args, cwd):
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True,
                   env={**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
                        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"})


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("git") is None, reason="git is needed")
def test_pre_commit_try_repo(tmp_path):
    pytest.importorskip("pre_commit")
    repo = tmp_path / "repo"
    (repo / "contracts").mkdir(parents=True)
    (repo / "contracts" / "good.yaml").write_text(GOOD)
    (repo / "contracts" / "bad.yaml").write_text(BAD)
    (repo / ".github").mkdir()
    (repo / ".github" / "ci.yaml").write_text("on: push\njobs: {}\n")  # not a contract: must be skipped
    (repo / "toolcheck.yaml").write_text("paths: [contracts]\n")
    _git("init", "-q", cwd=repo)
    _git("add", "-A", cwd=repo)
    _git("commit", "-qm", "contracts", cwd=repo)
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache"), "NO_COLOR": "1"}

    def try_repo(*files):
        return subprocess.run(
            [sys.executable, "-m", "pre_commit", "try-repo", str(ROOT), "toolcheck-lint", "--files", *files],
            cwd=repo, capture_output=True, text=True, env=env, timeout=900,
        )

    ok = try_repo("contracts/good.yaml", ".github/ci.yaml", "toolcheck.yaml")
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "Passed" in ok.stdout
    bad = try_repo("contracts/bad.yaml")
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert "Failed" in bad.stdout and "TC003" in bad.stdout
