"""toolcheck: lint and validate LLM tool contracts."""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__", "check_arguments"]


def check_arguments(contract, arguments, *, target=None):
    """Validate one call's arguments against a contract; with ``target`` (e.g. ``"openai-strict"``), as the
    model sent them through that target's export. See :func:`toolcheck.runtime.check_arguments`."""
    from .runtime import check_arguments as _check

    return _check(contract, arguments, target=target)
