"""What a run hands back: its findings (masked, sorted, filtered), what it read, and the run's masker."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..contract import Contract, Sample, SourceFile
from ..masking import Masker
from ..model.findings import Finding, severity_rank


@dataclass
class RunResult:
    findings: list[Finding]
    files: list[SourceFile]
    contracts: list[Contract]
    samples: list[Sample]
    enabled: set[str]
    targets: list[str]
    notes: list[str] = field(default_factory=list)  # diagnostics for stderr
    # targets checked beyond those --target asked for, because a file declares `strict: true`: target -> file
    targets_declared: dict[str, str] = field(default_factory=dict)
    masker: Masker = field(default_factory=Masker)  # the run's: every string a reporter writes passes through it

    def count(self, severity: str) -> int:
        return sum(1 for f in self.findings if f.severity == severity)

    def tool_index(self) -> list[tuple[str, str]]:
        """(file, tool name) of every checked tool, masked: reporters (JUnit test cases) and the cache read it."""
        mask = self.masker.mask
        return [(mask(c.file.path), mask(c.display_name)) for c in self.contracts if c.file.reported]

    def summary(self) -> dict[str, Any]:
        """Counts and targets, masked (a `targets:` entry is the user's text): every reporter and the cache."""
        mask = self.masker.mask
        out = {
            "files": sum(1 for f in self.files if f.reported),
            "tools": sum(1 for c in self.contracts if c.file.reported),
            "errors": self.count("error"),
            "warnings": self.count("warning"),
            "infos": self.count("info"),
            "targets": [mask(t) for t in self.targets],
        }
        if self.targets_declared:
            out["targets_declared"] = dict(self.targets_declared)
        return out


def worst_exit(findings: list[Finding], fail_on: str) -> int:
    bar = severity_rank(fail_on)
    return 1 if any(severity_rank(f.severity) >= bar for f in findings) else 0
