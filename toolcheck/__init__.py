"""toolcheck: lint and validate LLM tool contracts."""

from __future__ import annotations

__version__ = "0.1.0"

# The distribution (what pip installs) is `toolcheck-llm`: `toolcheck` on the public index is an unrelated
# project. The import package and the command are `toolcheck`. Not published yet: install from the repository.
DISTRIBUTION = "toolcheck-llm"
REPOSITORY = "https://github.com/toolcheck/toolcheck"

__all__ = ["__version__", "check_arguments"]


def install_command(extra: str | None = None) -> str:
    """The pip command that installs this version (with ``extra``) until it is published on the index."""
    req = f"{DISTRIBUTION}[{extra}] @ " if extra else ""
    return f"pip install '{req}git+{REPOSITORY}@v{__version__}'"


def check_arguments(contract, arguments, *, target=None):
    """Validate one call's arguments against a contract; with ``target`` (e.g. ``"openai-strict"``), as the
    model sent them through that target's export. See :func:`toolcheck.host.check_arguments`."""
    from .host import check_arguments as _check

    return _check(contract, arguments, target=target)
