"""What `toolcheck fuzz` was asked to do: :class:`FuzzOptions`, handed to the driver through
``settings.command_options["fuzz"]``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

DEFAULT_MAX_EXAMPLES = 100


@dataclass
class FuzzOptions:
    """What `toolcheck fuzz` was asked to do (the command line's options)."""

    max_examples: int = DEFAULT_MAX_EXAMPLES  # generated cases per tool and run (valid arguments; invalid ones again)
    seed: int = 0  # same seed, same cases, same findings
    budget_seconds: float = 20.0  # time budget per tool
    handler: str | None = None  # `package.module:function` for contracts that name none
    handler_timeout: float = 5.0  # seconds per handler call
    handler_memory: int = 4096  # MiB of address space per handler worker (RLIMIT_AS); 0: no cap
    save_failures: bool = False  # append failing cases to samples/<tool>.yaml
    tools: tuple[str, ...] = ()  # `--tool`: fuzz only the tools of these names (all when empty)
    progress: bool | None = None  # None: a progress bar on a TTY, plain lines otherwise; False: silent
    state: Any = field(default=None, repr=False, compare=False)  # the run's FuzzState (set by run_fuzz)
