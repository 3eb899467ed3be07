"""The fixture harness: tests/rules/<CODE>/{pass,fail}/<case>, each fail case naming the findings it expects.

A **case** is a file (checked alone, as `contracts/<name>`) or a folder (a whole project: contracts/, samples/,
and optionally toolcheck.yaml; a TC8 case holds `old/` and `new/`). Cases run through `toolcheck validate` (a
superset of `lint`), TC7 cases through `toolcheck fuzz` (fixed seed; a folder case with ``mcp-command.txt``
fuzzes that MCP server, e.g. ``{python} {project}/server.py {project}/root``) and TC8 cases through
`toolcheck diff old new`.

A **fail** case runs with only its rule selected and says which findings it expects, each by code and line or
pointer:

- inline, in a YAML file: a comment ``# expect: TC103`` on the line the finding is reported at, or
  ``# expect: TC103 @/parameters/properties/x/type`` to name its pointer too; several findings on one line are
  listed with commas (``# expect: TC609, TC609``);
- or in an expectations file beside the case: ``<case stem>.expect.json`` next to a file case (JSON, JSON Lines,
  or YAML whose lines cannot carry a comment), ``expect.json`` inside a folder case. It holds a JSON list of
  findings, each ``{"code": ..., "file": ..., "line": ..., "pointer": ...}``: ``code`` is required, ``file``
  (relative to the project; default: the case file) and ``line``/``pointer`` are compared when present.

A rule whose finding depends on another rule running says so: ``# also-select: TC012`` in a YAML case, or
``{"also-select": ["TC807"], "findings": [...]}`` as the expectations file. Those rules are selected too (an
unused-suppression case needs the rule its comment names; a missing version bump needs a breaking change), and
their findings count like the rule's own.

The run's findings must be exactly the expected ones: a report names each expected finding that is missing and
each finding that was not expected. A **pass** case runs with every rule (what a user sees) and must not raise
its rule's code. ``scripts/expect_fixtures.py`` writes the expectations of a case from its findings today (for
review: a fixture names what it is meant to find, not whatever the code happens to report).
"""

from __future__ import annotations

import json
import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES_DIR = ROOT / "tests" / "rules"
CONFIG = "paths: [contracts]\nsamples: samples\n"
YAML_SUFFIXES = (".yaml", ".yml")
EXPECT_FILE = "expect.json"
EXPECT_SUFFIX = ".expect.json"
MCP_COMMAND = "mcp-command.txt"
MARKER = re.compile(r"#\s*expect:\s*(?P<items>TC\d{3}.*?)\s*$")
ALSO = re.compile(r"#\s*also-select:\s*(?P<codes>TC\d[\d, TC]*)\s*$")
ITEM = re.compile(r"(TC\d{3})(?:\s+@(\S+))?")


@dataclass(frozen=True)
class Case:
    code: str
    kind: str  # pass | fail
    path: Path

    @property
    def id(self) -> str:
        return f"{self.code}-{self.kind}-{self.path.name}"

    @property
    def expect_path(self) -> Path:
        if self.path.is_dir():
            return self.path / EXPECT_FILE
        return self.path.with_name(self.path.name.rsplit(".", 1)[0] + EXPECT_SUFFIX)


@dataclass(frozen=True)
class Expected:
    code: str
    file: str | None = None
    line: int | None = None
    pointer: str | None = None

    def matches(self, f) -> bool:
        return (f.code == self.code and (self.file is None or f.file == self.file)
                and (self.line is None or f.line == self.line) and (self.pointer is None or f.pointer == self.pointer))

    def __str__(self) -> str:
        where = ":".join(str(x) for x in (self.file, self.line) if x is not None)
        return f"{self.code}" + (f" at {where}" if where else "") + (f" @{self.pointer}" if self.pointer else "")


def is_expectation_file(p: Path) -> bool:
    return p.name == EXPECT_FILE or p.name.endswith(EXPECT_SUFFIX)


def cases(root: Path = RULES_DIR) -> list[Case]:
    out: list[Case] = []
    if not root.is_dir():
        return out
    for rule_dir in sorted(root.iterdir()):
        if not rule_dir.is_dir() or not re.fullmatch(r"TC\d{3}", rule_dir.name):
            continue
        for kind in ("pass", "fail"):
            d = rule_dir / kind
            if d.is_dir():
                out.extend(Case(rule_dir.name, kind, p) for p in sorted(d.iterdir()) if not is_expectation_file(p))
    return out


def case_file(case: Case) -> str:
    """The project path of a file case (`contracts/<name>`)."""
    return f"contracts/{case.path.name}"


def prepare(case: Case, tmp: Path) -> Path:
    """The case as a project folder under ``tmp`` (expectation files left out)."""
    proj = tmp / "proj"
    if case.path.is_dir():
        shutil.copytree(case.path, proj, symlinks=True, ignore=shutil.ignore_patterns(EXPECT_FILE))
        if not (proj / "toolcheck.yaml").exists():
            (proj / "toolcheck.yaml").write_text("paths: [new]\n" if case.code.startswith("TC8") else CONFIG,
                                                 encoding="utf-8")
        return proj
    (proj / "contracts").mkdir(parents=True)
    (proj / "toolcheck.yaml").write_text(CONFIG, encoding="utf-8")
    shutil.copyfile(case.path, proj / "contracts" / case.path.name)
    return proj


def _settings(command: str, **opts):
    from toolcheck.cli import build_settings

    kw = dict(paths=None, config=None, select=None, extend_select=None, ignore=None, target=None, ship=None,
              samples=None, exclude=None, fmt=None, output=None, fail_on=None, exit_zero=False, statistics=False,
              baseline=None, write_baseline=None, no_cache=True, quiet=command == "fuzz", force_exclude=False)
    kw.update(opts)
    return build_settings(command, **kw)


def run_case(case: Case, proj: Path, only: bool, also: tuple[str, ...] = ()):
    """The RunResult of the case's project: with only its rule (and ``also``) selected, or every rule (an
    opt-in rule's pass case adds it with extend-select, as a user who turned it on would)."""
    from toolcheck.rules import RULES, load_rules

    select = [case.code, *also] if only else None
    load_rules()
    extend = None if only or RULES[case.code].default_enabled else [case.code]
    old = os.getcwd()
    os.chdir(proj)
    try:
        if case.code.startswith("TC8"):
            from toolcheck.diffing import run_diff

            return run_diff(_settings("diff", select=select), ["old", "new"], None)
        if case.code.startswith("TC7"):
            from toolcheck.fuzz import FuzzOptions, run_fuzz

            return run_fuzz(_settings("fuzz", select=select, **_mcp(proj)),
                            FuzzOptions(max_examples=25, seed=0, budget_seconds=20.0, handler=None,
                                        handler_timeout=2.0, save_failures=False))
        from toolcheck.engine import run

        return run(_settings("validate", select=select, extend_select=extend), "validate")
    finally:
        os.chdir(old)


def _mcp(proj: Path) -> dict:
    """A TC7 folder case with ``mcp-command.txt`` fuzzes that live MCP server (``{python}`` and ``{project}`` in
    the command are the test's interpreter and the case's project folder)."""
    f = proj / MCP_COMMAND
    if not f.is_file():
        return {}
    import shlex
    import sys

    import pytest

    pytest.importorskip("mcp")
    command = f.read_text(encoding="utf-8").strip()
    return {"mcp_command": command.format(python=shlex.quote(sys.executable), project=shlex.quote(str(proj)))}


def expectations(case: Case) -> list[Expected] | None:
    """The findings a fail case names (None when it names none: no markers and no expectations file)."""
    got = read_expectations(case)
    return got[0] if got is not None else None


def also_selected(case: Case) -> tuple[str, ...]:
    """The rules a fail case needs beside its own (``also-select``)."""
    got = read_expectations(case)
    return got[1] if got is not None else ()


def read_expectations(case: Case) -> tuple[list[Expected], tuple[str, ...]] | None:
    ep = case.expect_path
    if ep.is_file():
        data = json.loads(ep.read_text(encoding="utf-8"))
        also: tuple[str, ...] = ()
        if isinstance(data, dict):
            also = tuple(data.get("also-select", ()))
            data = data.get("findings")
        if not isinstance(data, list):
            raise ValueError(f"{ep}: an expectations file is a JSON list of findings, or "
                             '{"also-select": [...], "findings": [...]}')
        default = None if case.path.is_dir() else case_file(case)
        return [Expected(e["code"], e.get("file", default), e.get("line"), e.get("pointer")) for e in data], also
    if case.path.is_file() and case.path.suffix in YAML_SUFFIXES:
        text = case.path.read_text(encoding="utf-8", errors="surrogateescape")
        found = markers(text, case_file(case))
        also = tuple(c for m in ALSO.finditer(text) for c in re.findall(r"TC\d{3}", m.group("codes")))
        return (found, also) if found else None
    return None


def markers(text: str, file: str) -> list[Expected]:
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        m = MARKER.search(line)
        if m:
            for code, pointer in ITEM.findall(m.group("items")):
                out.append(Expected(code, file, n, pointer or None))
    return out


def compare(expected: list[Expected], findings: list) -> tuple[list[Expected], list]:
    """(expected findings that are missing, findings that were not expected)."""
    left = list(findings)
    missing = []
    for e in expected:
        hit = next((f for f in left if e.matches(f)), None)
        if hit is None:
            missing.append(e)
        else:
            left.remove(hit)
    return missing, left


def describe(f) -> str:
    return f"{f.code} at {f.file}:{f.line} @{f.pointer}: {f.message}"


# One code, one default severity (issue 17): with no `severity:` in the config, every finding has its code's
# declared severity. These codes still pick a finding's severity themselves; the list may only shrink (split the
# narrower case into a code of its own, as TC218-TC225 were split from TC201-TC214, and delete its entry).
MIXED_SEVERITY = {
}


def off_default(findings) -> list[str]:
    """The findings whose severity is not their code's declared default (codes in MIXED_SEVERITY aside)."""
    from toolcheck.rules import RULES

    return [f"{describe(f)}: {f.severity}, but {f.code} is declared {RULES[f.code].severity}" for f in findings
            if f.code not in MIXED_SEVERITY and f.severity != RULES[f.code].severity]


def configures_severity(proj: Path) -> bool:
    """Whether the project's config sets severities (then a finding's severity is the user's, not the default)."""
    cfg = proj / "toolcheck.yaml"
    return cfg.is_file() and "severity" in cfg.read_text(encoding="utf-8")

