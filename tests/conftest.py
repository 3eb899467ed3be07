from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

# toolcheck's cache key lives in the user's config folder (~/.config/toolcheck/cache-key): the tests and every
# CLI they start use a throw-away one, never the real one
if not os.environ.get("TOOLCHECK_TESTS_KEEP_CONFIG"):
    import atexit
    import shutil
    import tempfile

    _CONFIG_HOME = tempfile.mkdtemp(prefix="toolcheck-tests-config-")
    os.environ["XDG_CONFIG_HOME"] = _CONFIG_HOME
    os.environ.pop("TOOLCHECK_CACHE_KEY", None)
    atexit.register(shutil.rmtree, _CONFIG_HOME, True)

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "rules"  # tests/rules/<CODE>/{pass,fail}/ (see fixture_harness.py)
SHARED = ROOT.parent / "shared"
CORPUS = SHARED / "corpus" / "A"


def run_cli(*args: str, cwd: str | os.PathLike | None = None, input: str | None = None, env: dict | None = None,
            timeout: float = 120) -> subprocess.CompletedProcess:
    """Run the real entry point (`python -m toolcheck`) in a subprocess."""
    e = dict(os.environ)
    e.pop("TOOLCHECK_FORMAT", None)
    e["NO_COLOR"] = "1"
    if env:
        e.update(env)
    return subprocess.run([sys.executable, "-m", "toolcheck", *args], cwd=cwd, input=input, capture_output=True,
                          text=True, env=e, timeout=timeout)


def run_json(*args: str, cwd=None, **kw) -> tuple[int, dict]:
    """Run a command with `--format json`; its output is checked against the shipped schema it promises
    (``toolcheck/data/report.schema.json``, or ``rules.schema.json`` for `toolcheck rules`)."""
    p = run_cli(*args, "--format", "json", cwd=cwd, **kw)
    assert p.returncode in (0, 1), f"exit {p.returncode}: {p.stderr}"
    doc = json.loads(p.stdout)
    if "--show-files" not in args:  # a file listing, not a report
        errors = report_schema_errors(doc, "rules" if args and args[0] == "rules" else "report")
        assert not errors, f"the JSON output does not match its schema: {errors[:5]}"
    return p.returncode, doc


_SCHEMAS: dict = {}


def schema_of(kind: str) -> dict:
    """The shipped JSON Schema of a machine format: ``report`` or ``rules``."""
    if kind not in _SCHEMAS:
        path = ROOT / "toolcheck" / "data" / f"{kind}.schema.json"
        _SCHEMAS[kind] = json.loads(path.read_text(encoding="utf-8"))
    return _SCHEMAS[kind]


def report_schema_errors(doc, kind: str = "report") -> list[str]:
    """Where ``doc`` breaks the shipped schema of ``kind``, validated by python-jsonschema ([] if nowhere)."""
    import jsonschema

    v = jsonschema.Draft202012Validator(schema_of(kind), format_checker=jsonschema.FormatChecker())
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in v.iter_errors(doc)]


def run_engine(command: str, paths: list[str] | None = None, cwd: str | os.PathLike | None = None, **opts):
    """Run the engine in-process (fast): returns RunResult."""
    from toolcheck.cli import build_settings
    from toolcheck.engine import run

    old = os.getcwd()
    if cwd is not None:
        os.chdir(cwd)
    try:
        kw = dict(paths=[Path(p) for p in paths] if paths else None, config=None, select=None, extend_select=None,
                  ignore=None, target=None, ship=None, samples=None, exclude=None, fmt=None, output=None,
                  fail_on=None, exit_zero=False, statistics=False, baseline=None, write_baseline=None,
                  no_cache=True, quiet=False, force_exclude=False)
        kw.update(opts)
        settings = build_settings(command, **kw)
        return run(settings, command)
    finally:
        os.chdir(old)


@pytest.fixture
def project(tmp_path):
    """A throw-away project folder with a config; write files into it with ``project.write(rel, text)``."""

    class P:
        path = tmp_path

        def write(self, rel: str, text: str) -> Path:
            p = tmp_path / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text, encoding="utf-8")
            return p

    (tmp_path / "toolcheck.yaml").write_text("paths: [contracts]\nsamples: samples\n", encoding="utf-8")
    return P()


needs_corpus = pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus is not beside this checkout")
