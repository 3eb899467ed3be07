"""Settings: one frozen value built from the config file and the command line."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .loading.yaml_loader import Limits


@dataclass(frozen=True)
class Settings:
    root: str  # the folder config paths are relative to (the config file's, else the working directory)
    config_path: str | None = None
    paths: tuple[str, ...] = ()  # from the command line; empty means the configured ones
    config_paths: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    samples: str | None = None
    targets: tuple[str, ...] = ()  # from --target; empty means contract > config > default
    config_targets: tuple[str, ...] = ()
    ship: str = "as-is"
    select: tuple[str, ...] = ()
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    severity: tuple[tuple[str, str], ...] = ()
    fail_on: str = "error"
    format: str = "text"
    output: str | None = None
    exit_zero: bool = False
    statistics: bool = False
    baseline: str | None = None
    write_baseline: str | None = None
    no_cache: bool = False
    quiet: bool = False
    force_exclude: bool = False
    input_format: str = "auto"
    mcp_command: str | None = None
    mcp_timeout: float = 30.0
    mcp_save: str | None = None  # write the server's tools/list here and locate findings in it
    rules: dict[str, dict[str, Any]] = field(default_factory=dict, hash=False)
    allow_domains: tuple[str, ...] = ()
    allow_patterns: tuple[str, ...] = ()
    limits: Limits = field(default_factory=Limits, hash=False)
    fix: bool = False  # --fix: apply the fixes in place, then report what remains
    unsafe_fixes: bool = False  # --unsafe-fixes: unsafe fixes too (applied with --fix/--diff, marked in reports)
    diff: bool = False  # --diff: print the fixes as a unified diff, write nothing
    jobs: int | None = None  # --jobs N: processes to check with (None: the machine's cores, capped)
    # options of one command that only its rules read, e.g. {"fuzz": FuzzOptions(...)} or {"diff": {...}}
    command_options: dict[str, Any] = field(default_factory=dict, hash=False)
    # documents given in memory (stdin with --stdin-filename, an editor's unsaved buffer): absolute path -> bytes,
    # read in place of that file (which need not exist); a run with one never uses the cache
    buffers: dict[str, bytes] = field(default_factory=dict, hash=False)

    def severity_for(self, code: str, name: str) -> str | None:
        for key, sev in self.severity:
            if key == code or key == name:
                return sev
        return None
