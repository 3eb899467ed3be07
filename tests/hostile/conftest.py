from __future__ import annotations

import os
from pathlib import Path

import pytest

from ..conftest import run_cli

NETBLOCK = str(Path(__file__).parent / "netblock")


def run_blocked(*args, **kw):
    """The real CLI with outbound network blocked (sitecustomize) — see netblock/sitecustomize.py."""
    env = dict(kw.pop("env", None) or {})
    env["PYTHONPATH"] = NETBLOCK + os.pathsep + os.environ.get("PYTHONPATH", "")
    return run_cli(*args, env=env, **kw)


def assert_clean_failure(p, codes=(1, 2)):
    assert p.returncode in codes, (p.returncode, p.stdout[-2000:], p.stderr[-2000:])
    assert "Traceback" not in p.stderr and "Traceback" not in p.stdout
    assert "NETWORK-BLOCKED" not in p.stderr
    if p.returncode == 2:  # one line per problem (a config's problems are reported together)
        lines = [ln for ln in p.stderr.splitlines() if ln.strip()]
        assert lines and all(ln.startswith("toolcheck: error: ") for ln in lines), p.stderr


@pytest.fixture
def hostile(tmp_path):
    (tmp_path / "contracts").mkdir()
    (tmp_path / "toolcheck.yaml").write_text("paths: [contracts]\n")
    return tmp_path
