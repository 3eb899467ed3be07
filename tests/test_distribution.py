"""The distribution name and every install line: never someone else's package, always this version."""

from __future__ import annotations

import re
import sys
from importlib import metadata

import toolcheck
from toolcheck.starter import PRE_COMMIT

from .conftest import ROOT

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

README = (ROOT / "README.md").read_text(encoding="utf-8")
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _code_lines(text: str) -> list[str]:
    return [ln for block in re.findall(r"```[^\n]*\n(.*?)```", text, re.S) for ln in block.splitlines()]


def test_the_distribution_is_not_the_unrelated_toolcheck_on_the_index():
    # `toolcheck` on the public index is a "Data And Analytics Audit Tool" (boto3, moto, docker)
    assert PYPROJECT["project"]["name"] == toolcheck.DISTRIBUTION == "toolcheck-llm"
    assert PYPROJECT["project"]["scripts"] == {"toolcheck": "toolcheck.cli:entry"}
    for dep in PYPROJECT["project"]["optional-dependencies"]["dev"]:
        assert not re.match(r"toolcheck\b(?!-llm)", dep), dep  # the self-reference uses the new name


def test_versions_agree():
    assert PYPROJECT["project"]["version"] == toolcheck.__version__
    assert metadata.version(toolcheck.DISTRIBUTION) == toolcheck.__version__


def test_no_snippet_installs_toolcheck_from_the_index():
    offenders = [ln for ln in _code_lines(README)
                 if "pip install" in ln and re.search(r"""install\s+(-\S+\s+)*['"]?toolcheck(\[[^\]]*\])?['"]?(\s|$)""", ln)]
    assert not offenders, offenders
    assert "pip install 'toolcheck[" not in README
    git_installs = [ln for ln in _code_lines(README) if "pip install" in ln and "git+" in ln]
    assert git_installs, "the README shows how to install from the repository"
    for ln in git_installs:
        assert f"{toolcheck.REPOSITORY}@v{toolcheck.__version__}" in ln, ln
    assert "not published" in README


def test_pre_commit_rev_equals_the_package_version():
    revs = re.findall(r"^\s*rev:\s*(\S+)", README, re.M) + re.findall(r"^\s*rev:\s*(\S+)", PRE_COMMIT, re.M)
    assert len(revs) >= 2
    assert set(revs) == {f"v{toolcheck.__version__}"}


def test_action_refs_equal_the_package_version():
    """`uses: toolcheck/toolcheck@vX` runs the action (and so the toolcheck) of tag vX, like pre-commit's `rev`."""
    slug = toolcheck.REPOSITORY.removeprefix("https://github.com/")
    action = (ROOT / "action.yml").read_text(encoding="utf-8")
    refs = re.findall(rf"uses:\s*{re.escape(slug)}@([^\s`]+)", README + action)
    assert len(refs) >= 4  # the two workflows, the CI section's prose, action.yml
    assert set(refs) == {f"v{toolcheck.__version__}"}


def test_missing_extra_hints_install_this_version_from_the_repository():
    from toolcheck.fuzz import INSTALL_HINT

    assert INSTALL_HINT == toolcheck.install_command("fuzz")
    assert INSTALL_HINT == (f"pip install 'toolcheck-llm[fuzz] @ git+{toolcheck.REPOSITORY}"
                            f"@v{toolcheck.__version__}'")
