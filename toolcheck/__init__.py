"""toolcheck: lint and validate LLM tool contracts."""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__", "check_arguments"]


def check_arguments(contract, arguments):
    """Validate one call's arguments against a contract; see :mod:`toolcheck.runtime`."""
    from .runtime import check_arguments as _check

    return _check(contract, arguments)
