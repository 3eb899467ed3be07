"""toolcheck: lint and validate LLM tool contracts.

The library API (every name of ``__all__``; typed, see ``py.typed``)::

    import toolcheck

    contracts = toolcheck.load_contracts(["contracts"])          # list[Contract]
    findings = toolcheck.lint(contracts)                         # list[Finding], what `toolcheck lint` reports
    findings = toolcheck.validate(["contracts"], targets=["openai-strict"])
    result = toolcheck.check_arguments(contracts[0], {"query": "teapot"})   # {"ok": True} or {"ok": False, ...}

``import toolcheck`` stays cheap: these names are loaded on first use (PEP 562 ``__getattr__``), so the command
line's start-up does not pay for them.
"""

from __future__ import annotations

# not `from typing import TYPE_CHECKING`: `import toolcheck` imports nothing (mypy and pyright read this name)
TYPE_CHECKING = False

__version__ = "0.1.0"

# The distribution (what pip installs) is `toolcheck-llm`: `toolcheck` on the public index is an unrelated
# project. The import package and the command are `toolcheck`. Not published yet: install from the repository.
DISTRIBUTION = "toolcheck-llm"
REPOSITORY = "https://github.com/toolcheck/toolcheck"

__all__ = [
    "__version__",
    "ArgumentCheck",
    "ArgumentError",
    "ConfigError",
    "Contract",
    "Finding",
    "LoadError",
    "ValidationError",
    "check_arguments",
    "lint",
    "load_contracts",
    "validate",
]

if TYPE_CHECKING:
    from typing import Any

    from .api import ArgumentCheck, ArgumentError, LoadError, ValidationError, lint, load_contracts, validate
    from .config import ConfigError
    from .contract import Contract
    from .host import check_arguments
    from .model.findings import Finding

# name -> module that defines it (imported on first use)
_LAZY = {
    "ArgumentCheck": "toolcheck.api",
    "ArgumentError": "toolcheck.api",
    "LoadError": "toolcheck.api",
    "ValidationError": "toolcheck.api",
    "lint": "toolcheck.api",
    "load_contracts": "toolcheck.api",
    "validate": "toolcheck.api",
    "ConfigError": "toolcheck.config",
    "Contract": "toolcheck.contract",
    "Finding": "toolcheck.model.findings",
    "check_arguments": "toolcheck.host",  # the function itself: no wrapper on the host's hot path
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'toolcheck' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later lookups are plain attribute reads
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


def install_command(extra: str | None = None) -> str:
    """The pip command that installs this version (with ``extra``) until it is published on the index."""
    req = f"{DISTRIBUTION}[{extra}] @ " if extra else ""
    return f"pip install '{req}git+{REPOSITORY}@v{__version__}'"
