"""Issue 15, items 16-19: secrets that still leaked. Fake credentials in documented formats, planted where the
attack planted them; none may appear in any output (every format, stderr, the cache, --output files)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ..conftest import run_cli

FORMATS = ("text", "json", "sarif", "junit", "github")
TOKEN = "sk-proj-Q7vX2mK9pL4rT8wZ3nB6yH1cF5dJ0sAeGuViW"  # an OpenAI project key's shape, random


def _every_output(root: Path, *args: str, cmd: str = "validate") -> str:
    """stdout and stderr of `cmd` in every format, cached and not, and the cache files."""
    seen = []
    for fmt in FORMATS:
        for _ in range(2):  # the first run fills the cache, the second is served from it
            p = run_cli(cmd, "--format", fmt, *args, cwd=root)
            assert p.returncode in (0, 1), p.stderr
            assert "Traceback" not in p.stderr
            seen += [p.stdout, p.stderr]
    out = root / "report.out"
    p = run_cli(cmd, "--format", "json", "--output", str(out), *args, cwd=root)
    seen.append(out.read_text(encoding="utf-8"))
    cache = root / ".toolcheck_cache"
    if cache.exists():
        seen += [f.read_bytes().decode("utf-8", "replace") for f in cache.rglob("*") if f.is_file()]
    return "\n".join(seen)


def _project(tmp_path: Path, contract: str, config: str = "paths: [contracts]\n") -> Path:
    (tmp_path / "contracts").mkdir()
    (tmp_path / "contracts" / "tool.yaml").write_text(contract, encoding="utf-8")
    (tmp_path / "toolcheck.yaml").write_text(config, encoding="utf-8")
    return tmp_path


GLUED = ("prod_AKIAQ3EGRV7XJ5HWTZPL", "AKIAQ4FHSW8YK6IXUAQM_backup", "MY_ghp_Zq8Xw2Lm9Kv4Rt7Np3Bd6Hs1Fc5Jg0YeTuAi")
# what must never leave the process, with the contract each was planted in
PLANTED = {
    "hunter2": "weak", "l3tme1n": "weak", TOKEN: "everywhere", "Gh7kLm2Qx9Vz": "context", "Tr0ub4dor3x": "context",
    "9fQ2xLr7Kp": "context", "AKIAQ3EGRV7XJ5HWTZPL": "glued", "AKIAQ4FHSW8YK6IXUAQM": "glued",
    "ghp_Zq8Xw2Lm9Kv4Rt7Np3Bd6Hs1Fc5Jg0YeTuAi": "glued",
}


def _planted(tmp_path: Path) -> Path:
    (tmp_path / "contracts").mkdir()
    for name, text in (("weak", WEAK), ("weak2", WEAK.replace("list_users", "list_admins").replace("hunter2", "l3tme1n")),
                       ("everywhere", EVERYWHERE), ("context", CONTEXT), ("glued", GLUED_CONTRACT)):
        (tmp_path / "contracts" / f"{name}.yaml").write_text(text, encoding="utf-8")
    (tmp_path / "toolcheck.yaml").write_text("paths: [contracts]\n", encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("select", [(), ("--select", "TC1"), ("--ignore", "TC5")])
def test_no_planted_secret_leaves_the_process(tmp_path, select):
    """Every format, cached and not, stderr, --output and the cache files, whatever rules are selected (context
    secrets such as a `password` default are learned whatever runs: item 18)."""
    root = _planted(tmp_path)
    everything = _every_output(root, *select)
    leaked = [s for s in PLANTED if s in everything]
    assert not leaked, (select, leaked)
    assert "sk-p********iW" in everything  # masked, not dropped


# ------------------------------------------------------------------------------------------------ item 16

WEAK = """\
name: list_users
description: "List the users of the reporting database (postgres://admin:hunter2@db.prod:5432/users). Use it for user questions."
risk: read_only
parameters:
  type: object
  properties:
    limit: {type: integer, description: How many users to return.}
"""


@pytest.mark.parametrize("password", ["hunter2", "S3cretPass", "admin", "letmein"])
def test_a_url_password_is_always_masked_and_an_error(tmp_path, password):
    root = _project(tmp_path, WEAK.replace("hunter2", password))
    p = run_cli("lint", "--format", "json", "--no-cache", cwd=root)
    assert f":{password}@" not in p.stdout
    (f,) = [f for f in json.loads(p.stdout)["findings"] if f["code"] == "TC502"]
    assert f["severity"] == "error" and "connection string with a password" in f["message"]


@pytest.mark.parametrize("placeholder", ["password", "changeme", "<password>", "${DB_PASSWORD}", "****", "$PGPASS"])
def test_a_placeholder_password_is_a_warning_of_its_own(tmp_path, placeholder):
    root = _project(tmp_path, WEAK.replace("hunter2", placeholder))
    doc = json.loads(run_cli("lint", "--format", "json", "--no-cache", cwd=root).stdout)
    conn = [f for f in doc["findings"] if f["code"] in ("TC502", "TC511")]
    assert [(f["code"], f["severity"]) for f in conn] == [("TC511", "warning")], conn
    assert placeholder in conn[0]["message"]


# ------------------------------------------------------------------------------------------------ item 17

EVERYWHERE = f"""\
name: {TOKEN}
description: Search the docs by words. Use it when the user asks how something works.
risk: read_only
targets: [openai, {TOKEN}]
parameters:
  type: object
  properties:
    q: {{type: string, description: Words.}} # toolcheck: ignore[{TOKEN}]
"""


@pytest.mark.parametrize("args", [
    ("validate", "--target", TOKEN), ("lint", "--select", TOKEN), ("rule", TOKEN), ("lint", f"contracts/{TOKEN}"),
    ("check-args", TOKEN, "{}"), ("lint", "--config", f"{TOKEN}.yaml"), ("export", "--target", TOKEN),
])
def test_cli_errors_are_masked(tmp_path, args):
    root = _project(tmp_path, EVERYWHERE.replace(f"name: {TOKEN}", "name: search_docs"))
    p = run_cli(*args, cwd=root)
    assert p.returncode == 2 and TOKEN not in p.stdout + p.stderr, (p.stdout, p.stderr)


def test_a_config_error_quoting_a_token_is_masked(tmp_path):
    root = _project(tmp_path, EVERYWHERE, config=f"paths: [contracts]\n{TOKEN}: 1\n")
    p = run_cli("lint", cwd=root)
    assert p.returncode == 2 and TOKEN not in p.stderr and "sk-p" in p.stderr, p.stderr


def test_a_crash_message_is_masked(tmp_path):
    """The one place a bug becomes a message: what it prints goes through the stderr boundary too."""
    root = _project(tmp_path, EVERYWHERE)
    code = ("import sys, toolcheck.runner as r\n"
            f"def boom(*a, **k): raise RuntimeError('failed on {TOKEN}')\n"
            "r.run = boom\n"
            "from toolcheck.cli import main\nsys.argv = ['toolcheck', 'lint', '--no-cache']\nmain()\n")
    p = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and "internal error" in p.stderr and TOKEN not in p.stderr, p.stderr


def test_fuzz_progress_and_report_are_masked(tmp_path):
    pytest.importorskip("hypothesis_jsonschema")
    root = _project(tmp_path, EVERYWHERE.replace("targets: [openai, " + TOKEN + "]\n", ""))
    p = subprocess.run([sys.executable, "-m", "toolcheck", "fuzz", "--max-examples", "3", "--format", "junit"],
                       cwd=root, capture_output=True, text=True, timeout=120, env={**os.environ, "NO_COLOR": "1"})
    assert p.returncode in (0, 1), p.stderr
    assert "fuzz [1/1]" in p.stderr and TOKEN not in p.stdout + p.stderr


# ------------------------------------------------------------------------------------------------ item 18

CONTEXT = """\
name: connect_db
description: Connect to the reporting database and run a read-only query. Use it when the user asks for numbers.
risk: read_only
parameters:
  type: object
  properties:
    api_key: {type: integer, default: "Gh7kLm2Qx9Vz", description: The key.}
    password: {type: integer, default: "Tr0ub4dor3x", description: The password.}
    settings:
      type: object
      default: {client_secret: 9fQ2xLr7Kp, page: 2}
      properties: {page: {type: string}}
"""


@pytest.mark.parametrize("select", [("--select", "TC110"), ("--select", "TC504"), ("--select", "TC1,TC503")])
def test_context_secrets_are_masked_whatever_is_selected(tmp_path, select):
    root = _project(tmp_path, CONTEXT)
    for fmt in FORMATS:
        p = run_cli("validate", "--format", fmt, "--no-cache", *select, cwd=root)
        for secret in ("Gh7kLm2Qx9Vz", "Tr0ub4dor3x", "9fQ2xLr7Kp"):
            assert secret not in p.stdout + p.stderr, (select, fmt, secret)
    doc = json.loads(run_cli("validate", "--format", "json", "--no-cache", *select, cwd=root).stdout)
    tc110 = [f for f in doc["findings"] if f["code"] == "TC110"]
    assert tc110 or select == ("--select", "TC504"), "the TC110 findings are still reported, masked"


def test_the_full_run_reports_the_api_key_default(tmp_path):
    root = _project(tmp_path, CONTEXT)
    doc = json.loads(run_cli("lint", "--format", "json", "--no-cache", "--select", "TC503", cwd=root).stdout)
    pointers = {f["pointer"] for f in doc["findings"]}
    assert "/parameters/properties/api_key/default" in pointers, pointers


# ------------------------------------------------------------------------------------------------ item 19

GLUED_CONTRACT = f"""\
name: upload_report
description: "Upload the report to S3 with the keys {GLUED[0]} and {GLUED[1]}, or {GLUED[2]}. Use it for copies."
risk: write_limited
parameters:
  type: object
  properties:
    name: {{type: string, description: The report name.}}
"""


def test_a_key_id_glued_to_a_word_is_reported_and_masked(tmp_path):
    root = _project(tmp_path, GLUED_CONTRACT)
    p = run_cli("lint", "--format", "json", "--no-cache", "--select", "TC503", cwd=root)
    (f,) = json.loads(p.stdout)["findings"]
    assert f["code"] == "TC503" and "AWS access key id" in f["message"] and "GitHub token" in f["message"]
    for secret in ("AKIAQ3EGRV7XJ5HWTZPL", "AKIAQ4FHSW8YK6IXUAQM", "Zq8Xw2Lm9Kv4Rt7Np3Bd6Hs1Fc5Jg0YeTuAi"):
        assert secret not in p.stdout


def test_diff_of_a_removed_tool_named_like_a_token_is_masked(tmp_path):
    (tmp_path / "old").mkdir()
    (tmp_path / "new").mkdir()
    (tmp_path / "old" / "tool.yaml").write_text(EVERYWHERE, encoding="utf-8")
    for fmt in FORMATS:
        p = run_cli("diff", "old", "new", "--format", fmt, cwd=tmp_path)
        assert p.returncode == 1, p.stderr
        assert "TC801" in p.stdout and TOKEN not in p.stdout + p.stderr, p.stdout[:500]


def test_import_names_the_files_it_wrote_masked(tmp_path):
    (tmp_path / "tools.json").write_text(json.dumps([{"name": TOKEN, "description": "Search.", "input_schema": {}}]))
    p = run_cli("import", "tools.json", "--out", "out", cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    assert "wrote out/sk-p" in p.stdout and TOKEN not in p.stdout + p.stderr
    assert (tmp_path / "out" / f"{TOKEN}.yaml").exists()  # the contract itself is the user's own data
