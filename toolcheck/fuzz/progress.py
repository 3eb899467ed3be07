"""Progress of a fuzz run on stderr: a rich progress bar on a terminal, one plain line per tool otherwise (CI)."""

from __future__ import annotations

import os
import sys


class Progress:
    def __init__(self, total: int, mode: bool | None, quiet: bool) -> None:
        self.total = total
        self.done = 0
        self.bar = None
        self.task = None
        self.plain = False
        if quiet or mode is False or total == 0:
            return
        tty = sys.stderr.isatty() and os.environ.get("TERM") != "dumb"
        if tty and mode is not False:
            try:
                from rich.console import Console
                from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn
                from rich.progress import Progress as Bar

                console = Console(stderr=True, no_color=bool(os.environ.get("NO_COLOR")))
                self.bar = Bar(TextColumn("fuzz"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                               TextColumn("{task.description}"), console=console, transient=True)
                self.bar.start()
                self.task = self.bar.add_task("", total=total)
                return
            except Exception:  # noqa: BLE001 - a progress bar is never worth a failed run
                self.bar = None
        self.plain = True

    def start(self, name: str) -> None:
        if self.bar is not None:
            self.bar.update(self.task, description=name)

    def end(self, name: str, examples: int, calls: int, seconds: float) -> None:
        self.done += 1
        if self.bar is not None:
            self.bar.update(self.task, advance=1)
        elif self.plain:
            extra = f", {calls} handler calls" if calls else ""
            sys.stderr.write(f"fuzz [{self.done}/{self.total}] {name}: {examples} examples{extra} in "
                             f"{seconds:.2f} s\n")
            sys.stderr.flush()

    def close(self) -> None:
        if self.bar is not None:
            try:
                self.bar.stop()
            except Exception:  # noqa: BLE001
                pass
            self.bar = None
