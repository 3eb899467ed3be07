"""The checking commands' shared options are declared once (toolcheck/options.py) and parsed into one
CheckOptions; `--jobs N` is one of them (lint, validate), stored in Settings.jobs."""

from __future__ import annotations

import inspect
import os

import pytest
import typer.main

from toolcheck import cli
from toolcheck.config import ConfigError
from toolcheck.options import SHARED, CheckOptions, build_settings

OWN = {"fuzz": {"tool", "max_examples", "seed", "budget_seconds", "handler", "handler_timeout", "handler_memory",
                "save_failures"}, "diff": {"args", "base"}}


@pytest.mark.parametrize("command", ["lint", "validate", "fuzz", "diff"])
def test_each_checking_command_takes_shared_options_and_its_own(command):
    params = set(inspect.signature(getattr(cli, command)).parameters)
    assert params - set(SHARED) == OWN.get(command, set())
    click = typer.main.get_command(cli.app).commands[command]
    flags = {o for p in click.params for o in p.opts}
    assert "--config" in flags and "--select" in flags and "--format" in flags
    assert ("--jobs" in flags) == (command in ("lint", "validate"))


def test_jobs_is_stored_in_the_settings(tmp_path):
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        assert build_settings("lint", CheckOptions(jobs=3)).jobs == 3
        assert build_settings("lint").jobs is None
        assert build_settings("lint", select=["TC4"], quiet=True).select == ("TC4",)
        with pytest.raises(ConfigError, match="unknown target `nope`"):
            build_settings("validate", CheckOptions(target=["nope"]))
    finally:
        os.chdir(old)


def test_jobs_on_the_command_line(project):
    from .conftest import run_cli

    project.write("contracts/t.yaml", "name: get_x\ndescription: Get the x.\nparameters: {type: object}\n")
    assert run_cli("lint", "--jobs", "2", "--no-cache", "-q", "--select", "TC0", cwd=project.path).returncode == 0
    p = run_cli("lint", "--jobs", "0", cwd=project.path)
    assert p.returncode == 2 and "--jobs" in p.stderr
