"""The benchmark harness's own parts (benchmarks/benchlib.py, benchmarks/run.py), without installing anything:
the venv cache key and reuse, the conversion of the bundled contracts to toollint's input (checked by the real
toollint), the launcher's timing and peak RSS, the importtime summary and the table. The end-to-end run (real
venvs, pip) is .ci/run's `benchmarks/run.py --quick`; `TOOLCHECK_BENCH_INSTALL_TEST=1` runs it here too."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CONTRACTS = sorted((ROOT / "contracts").glob("*.yaml"))


def _load(name: str, path: Path):
    # a unique module name: benchmarks/precision/run.py is imported as `run` by another test
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


sys.path.insert(0, str(ROOT / "benchmarks"))
bl = _load("toolcheck_benchlib", ROOT / "benchmarks" / "benchlib.py")
brun = _load("toolcheck_bench_run", ROOT / "benchmarks" / "run.py")


# ---------------------------------------------------------------- the venv cache key

def _mini_checkout(tmp: Path) -> Path:
    src = tmp / "src"
    (src / "toolcheck" / "data").mkdir(parents=True)
    (src / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    (src / "README.md").write_text("readme\n")
    (src / "toolcheck" / "__init__.py").write_text("X = 1\n")
    (src / "toolcheck" / "data" / "a.json").write_text("{}\n")
    return src


def _key(src: Path) -> str:
    return bl.venv_key("toolcheck", (), "python 3.11", src)


def test_the_key_changes_with_the_content_of_any_package_file(tmp_path):
    src = _mini_checkout(tmp_path)
    k0 = _key(src)
    assert _key(src) == k0  # deterministic
    (src / "toolcheck" / "__init__.py").write_text("X = 2\n")
    k1 = _key(src)
    assert k1 != k0
    (src / "toolcheck" / "data" / "a.json").write_text('{"a": 1}\n')  # package data counts too
    k2 = _key(src)
    assert k2 != k1
    (src / "toolcheck" / "new.py").write_text("")  # a new, empty module
    k3 = _key(src)
    assert k3 != k2
    (src / "pyproject.toml").write_text("[project]\nname = 'x'\ndependencies = ['rich']\n")
    k4 = _key(src)
    assert k4 != k3
    (src / "toolcheck" / "new.py").rename(src / "toolcheck" / "renamed.py")  # same bytes, another module
    assert _key(src) != k4


def test_the_key_ignores_bytecode_and_the_readme_but_not_the_interpreter_or_requirements(tmp_path):
    src = _mini_checkout(tmp_path)
    k0 = _key(src)
    (src / "toolcheck" / "__pycache__").mkdir()
    (src / "toolcheck" / "__pycache__" / "__init__.cpython-311.pyc").write_bytes(b"\0" * 16)
    (src / "toolcheck" / "stale.pyc").write_bytes(b"\0")
    (src / "README.md").write_text("another readme\n")
    (src / "toolcheck_llm.egg-info").mkdir()  # what an editable install leaves beside the package
    (src / "toolcheck_llm.egg-info" / "PKG-INFO").write_text("x")
    assert _key(src) == k0
    assert bl.venv_key("toolcheck", (), "python 3.12", src) != k0
    assert bl.venv_key("toolcheck", ("rich",), "python 3.11", src) != k0
    assert bl.venv_key("toollint", ("toollint==0.1.2",), "python 3.11") != \
        bl.venv_key("toollint", ("toollint==0.1.1",), "python 3.11")


def test_the_package_files_of_this_checkout_are_what_pip_installs():
    files = {p.as_posix() for p in bl.package_files(ROOT)}
    assert {"pyproject.toml", "toolcheck/cli.py", "toolcheck/__init__.py", "toolcheck/data/config.schema.json"} <= files
    assert not any("__pycache__" in f or f.endswith(".pyc") or f.startswith(("tests/", "benchmarks/"))
                   for f in files)


def test_a_cached_venv_is_reused_and_a_changed_checkout_builds_a_new_one(tmp_path, monkeypatch):
    """ensure_venv with pip replaced by a recorder: the cache logic, the clean copy pip is given, pruning."""
    src = _mini_checkout(tmp_path)
    (src / "toolcheck" / "__pycache__").mkdir()
    (src / "toolcheck" / "__pycache__" / "junk.pyc").write_bytes(b"\0")
    cache = tmp_path / "cache"
    installs = []

    def fake_run(args, **kw):
        if args[1:3] == ["-m", "venv"]:
            (Path(args[3]) / "bin").mkdir(parents=True)
            (Path(args[3]) / "bin" / "python").write_text("")
        elif "pip" in args:
            copy = Path(args[-1])
            installs.append(sorted(p.relative_to(copy).as_posix() for p in copy.rglob("*") if p.is_file()))
        return subprocess.CompletedProcess(args, 0, "", "")

    monkeypatch.setattr(bl.subprocess, "run", fake_run)
    monkeypatch.setattr(bl, "_versions", lambda python, dists: {d: "0" for d in dists})
    a = bl.ensure_venv("toolcheck", (), dists=("x",), cache_root=cache, source=src, log=lambda m: None)
    assert a.built and len(installs) == 1
    # pip gets the package files and the README, never bytecode
    assert installs[0] == ["README.md", "pyproject.toml", "toolcheck/__init__.py", "toolcheck/data/a.json"]
    again = bl.ensure_venv("toolcheck", (), dists=("x",), cache_root=cache, source=src, log=lambda m: None)
    assert not again.built and again.path == a.path and len(installs) == 1
    (src / "toolcheck" / "__init__.py").write_text("X = 3\n")
    b = bl.ensure_venv("toolcheck", (), dists=("x",), cache_root=cache, source=src, log=lambda m: None)
    assert b.built and b.path != a.path and len(installs) == 2
    assert a.path.exists()  # the previous one is kept (switching branches back reuses it)...
    for i in range(4, 8):
        (src / "toolcheck" / "__init__.py").write_text(f"X = {i}\n")
        bl.ensure_venv("toolcheck", (), dists=("x",), cache_root=cache, source=src, log=lambda m: None)
    assert len(list(cache.glob("toolcheck-*"))) == 3  # ...but only the two most recent ones
    # a venv whose build was interrupted (no marker) is built again, not trusted
    c = bl.ensure_venv("toolcheck", (), dists=("x",), cache_root=cache, source=src, log=lambda m: None)
    assert not c.built
    (c.path / bl.MARKER).unlink()
    assert bl.ensure_venv("toolcheck", (), dists=("x",), cache_root=cache, source=src, log=lambda m: None).built


def test_the_default_cache_is_outside_the_checkout(monkeypatch, tmp_path):
    monkeypatch.delenv("TOOLCHECK_BENCH_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert bl.default_cache_root() == tmp_path / "toolcheck-bench"
    monkeypatch.setenv("TOOLCHECK_BENCH_CACHE", str(tmp_path / "b"))
    assert bl.default_cache_root() == tmp_path / "b"


# ---------------------------------------------------------------- toollint's input

@pytest.mark.parametrize(("schema", "expected"), [
    ({"type": "string"}, "str"),
    ({"type": "integer"}, "int"),
    ({"type": "number"}, "float"),
    ({"type": "boolean"}, "bool"),
    ({"type": ["string", "null"]}, "Optional[str]"),
    ({"type": "string", "enum": ["a", "b"]}, "Literal['a', 'b']"),
    ({"const": 3}, "Literal[3]"),
    ({"type": "array", "items": {"type": "string"}}, "list[str]"),
    ({"type": "array"}, "list"),
    ({"type": "object", "additionalProperties": {"type": "integer"}}, "dict[str, int]"),
    ({"type": "object", "properties": {"a": {}}}, "dict"),
    ({"anyOf": [{"type": "string"}, {"type": "integer"}]}, "Union[str, int]"),
    ({"anyOf": [{"type": "string"}, {"type": "null"}]}, "Optional[str]"),
    ({"$ref": "#/$defs/x"}, "Any"),
    (True, "Any"),
])
def test_python_type_of_a_schema(schema, expected):
    assert bl.python_type(schema) == expected


def test_a_contract_converts_to_a_toollint_tool_with_every_parameter_and_description():
    doc = bl.load_contract(ROOT / "contracts" / "create_order.yaml")
    tool = bl.to_toollint(doc, "contracts/create_order.yaml")
    assert tool["name"] == "create_order" and tool["description"] == doc["description"]
    props = doc["parameters"]["properties"]
    assert [p["name"] for p in tool["parameters"]] == list(props)  # the contract's order
    for p in tool["parameters"]:
        assert p["required"] == (p["name"] in doc["parameters"]["required"])
        assert p["description"] == props[p["name"]].get("description")
    items = next(p for p in tool["parameters"] if p["name"] == "items")
    assert items["type"] == "list[dict]"
    # a list of objects: its items' properties are the children toollint checks
    assert [c["name"] for c in items["parameters"]] == list(props["items"]["items"]["properties"])


def _toollint_exe() -> str | None:
    exe = Path(sys.executable).with_name("toollint")
    return str(exe) if exe.exists() else shutil.which("toollint")


def test_the_bundled_contracts_converted_are_valid_toollint_input(tmp_path):
    """The real toollint (the test extra installs the version the benchmark pins) reads the converted file:
    every tool, every parameter, and nothing it reports is about the input itself."""
    tl_file, schemas = bl.write_peer_inputs(CONTRACTS, tmp_path, "all")
    assert len(schemas) == len(CONTRACTS) == 11
    assert all(json.loads(s.read_text())["type"] == "object" for s in schemas)
    toollint = pytest.importorskip("toollint")
    from toollint._contract import tools_from_json

    tools = tools_from_json(tl_file)
    assert [t.name for t in tools] == [c.stem for c in CONTRACTS]
    n_params = sum(len(bl.load_contract(c)["parameters"].get("properties", {})) for c in CONTRACTS)
    assert sum(len(t.parameters) for t in tools) == n_params
    exe = _toollint_exe()
    assert exe, "toollint is importable but has no console script"
    p = subprocess.run([exe, "check", str(tl_file), "--format", "json"], capture_output=True, text=True,
                       cwd=tmp_path, timeout=60)
    assert p.returncode in (0, 1), p.stderr
    report = json.loads(p.stdout)
    assert report["tools"] == 11
    # the bundled contracts describe every parameter, at every depth: toollint must agree once converted
    assert not [w for w in report["warnings"] if w["check"] == "missing_param_description"], report["warnings"]
    assert not [e for e in report["errors"] if e["check"] in ("missing_description", "duplicate_names")]
    assert toollint.__name__ == "toollint"


def test_the_peer_pins_name_the_toollint_the_tests_install():
    import tomllib

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert brun.PEERS["toollint"] in extras["test"]


# ---------------------------------------------------------------- running and timing

def test_the_launcher_times_a_process_and_reads_its_own_peak_rss(tmp_path):
    py = sys.executable
    small = bl.run_once([py, "-c", "pass"], tmp_path, bl.clean_env())
    big = bl.run_once([py, "-c", "b = bytearray(80 * 2**20); b[::4096] = b'x' * len(b[::4096])"], tmp_path,
                      bl.clean_env())
    floor = bl.launcher().floor_kib
    assert 0 < floor < small.peak_rss_kib  # the floor is below the smallest Python program measured
    assert big.peak_rss_kib - small.peak_rss_kib > 70 * 1024  # the 80 MiB the child touched, not the parent's
    assert small.code == 0 and 0 < small.seconds < 10
    burn = bl.run_once([py, "-c", "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.3: pass"],
                       tmp_path, bl.clean_env())
    assert 0.3 <= burn.cpu_seconds < burn.seconds + 0.05  # user + system time of the child
    r = bl.run_once([py, "-c", "import sys; sys.stderr.write('oops'); sys.exit(1)"], tmp_path, bl.clean_env())
    assert (r.code, r.stderr) == (1, "oops")
    with pytest.raises(RuntimeError, match="exit 3"):
        bl.run_once([py, "-c", "raise SystemExit(3)"], tmp_path, bl.clean_env())
    cwd = bl.run_once([py, "-c", "import os, sys; sys.stderr.write(os.getcwd())"], tmp_path, bl.clean_env())
    assert Path(cwd.stderr).resolve() == tmp_path.resolve()


def test_the_measured_environment_drops_what_would_change_the_measurement(monkeypatch):
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    monkeypatch.setenv("TOOLCHECK_JOBS", "1")
    monkeypatch.setenv("TOOLCHECK_FORMAT", "json")
    e = bl.clean_env({"X": "1"})
    assert "PYTHONPATH" not in e and "TOOLCHECK_JOBS" not in e and "TOOLCHECK_FORMAT" not in e
    assert e["NO_COLOR"] == "1" and e["X"] == "1"


def test_alternating_rounds_start_with_each_command_in_turn(tmp_path):
    orders = bl.rotations(["a", "b", "c"], 4)
    assert orders == [["a", "b", "c"], ["b", "c", "a"], ["c", "a", "b"], ["a", "b", "c"]]
    log = tmp_path / "log"
    cmds = {k: [sys.executable, "-c", f"open({str(log)!r}, 'a').write({k!r})"] for k in "ab"}
    s = bl.alternate(cmds, 3, tmp_path, bl.clean_env(), warmup=1)
    assert log.read_text() == "ab" + "ab" + "ba" + "ab"  # the uncounted warm-up round, then the rotations
    assert [len(x.times) for x in s.values()] == [3, 3]


# ---------------------------------------------------------------- importtime and the table

IMPORTTIME = """\
import time: self [us] | cumulative | imported package
import time:       100 |        100 |   _io
import time:       300 |        300 |       click.core
import time:       200 |        500 |     click
import time:      1000 |       1500 |   typer
import time:       500 |       2000 | toolcheck.cli
import time:       100 |        100 | hypothesis.strategies
"""


def test_importtime_is_parsed_into_packages_modules_and_denylisted_imports():
    entries = bl.parse_importtime(IMPORTTIME)
    assert entries[0] == (100, 100, 1, "_io") and entries[4] == (500, 2000, 0, "toolcheck.cli")
    assert bl.parents(entries) == ["toolcheck.cli", "click", "typer", "toolcheck.cli", None, None]
    s = bl.importtime_summary([IMPORTTIME, IMPORTTIME], denylist=("hypothesis", "ruamel"))
    assert s["total_ms"] == 2.2 and s["modules"] == 6
    pk = {name: (own, incl) for name, own, incl in s["packages"]}
    assert pk["toolcheck.cli"] == (0.5, 2.0) and pk["typer"] == (1.0, 1.5) and pk["click"] == (0.5, 0.5)
    assert s["slowest_modules"][0] == ("typer", 1.0)
    assert s["denylisted_imported"] == ["hypothesis.strategies"]
    md = "\n".join(bl.format_importtime(s, "toolcheck lint x.yaml"))
    assert "denylisted modules imported: hypothesis.strategies" in md and "| typer | 1.5 | 1.0 |" in md


def test_the_table_gives_medians_extremes_rss_and_ratios_to_references_of_the_same_run():
    tc = bl.Sample("toolcheck", ["toolcheck", "lint"], [0.30, 0.20, 0.25], 40 * 1024, {0}, [0.2, 0.18, 0.19])
    tl = bl.Sample("toollint", ["toollint"], [0.10, 0.12, 0.11], 20 * 1024, {0}, [0.05, 0.1, 0.095])
    row = bl.Row("pre-commit: lint, one contract", "toolcheck lint --no-cache", tc, 1, {"toollint": tl})
    assert row.ratios == {"toollint": pytest.approx(0.25 / 0.11)}
    assert row.cpu_ratios == {"toollint": pytest.approx(0.19 / 0.095)}
    line = bl.format_row(row)
    assert line == ("| pre-commit: lint, one contract | toolcheck lint --no-cache | 1 | 250 ms | 200 ms / 300 ms | 3 | "
                    "190 ms | 40 MiB | **2.27×** toollint (CPU 2.00×) |")
    big = bl.Row("corpus", "toolcheck", bl.Sample("v", ["v"], [5.333, 4.9], 2048 * 1024, {1}), 7078)
    assert bl.format_row(big) == "| corpus | toolcheck | 7,078 | 5.12 s | 4.90 s / 5.33 s | 2 |  | 2048 MiB | — |"
    table = bl.format_table([row, big]).splitlines()
    assert table[0].startswith("| case | program | tools | median |") and len(table) == 4
    j = row.as_json()
    assert j["median_s"] == 0.25 and j["ratio"] == {"toollint": 2.273} and j["exit_codes"] == [0]
    assert j["cpu_median_s"] == 0.19 and j["cpu_ratio"] == {"toollint": 2.0}
    json.dumps(j)  # serialisable as --json writes it


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("TOOLCHECK_BENCH_INSTALL_TEST"),
                    reason="installs venvs with pip (set TOOLCHECK_BENCH_INSTALL_TEST=1; .ci/run runs it anyway)")
def test_the_quick_benchmark_end_to_end_on_a_real_install(tmp_path):
    out = tmp_path / "b.json"
    p = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "run.py"), "--quick", "--json", str(out),
                        "--markdown", str(tmp_path / "b.md")], capture_output=True, text=True, timeout=900)
    assert p.returncode == 0, p.stderr[-2000:]
    res = json.loads(out.read_text())
    assert "site-packages" in res["install"]["toolcheck"]["imported_from"]
    programs = {r["program"] for r in res["rows"]}
    assert {"toolcheck lint --no-cache", "python -c pass"} <= programs
    assert (tmp_path / "b.md").read_text().count("| pre-commit: lint,") >= 2


# ---------------------------------------------------------------- the start-up profile and --against

def test_the_startup_profile_charges_every_phase_of_a_lint(tmp_path):
    """benchmarks/startup_profile.py in this interpreter (a checkout, so slower; the phases are what is checked):
    each phase is measured, the phases add up to the probe's own total, and the rule checks and the rule files'
    import are among them."""
    out = tmp_path / "p.json"
    p = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "startup_profile.py"), "--python", sys.executable,
                        "--runs", "1", "--json", str(out)], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    med = json.loads(out.read_text())["median_seconds"]
    sp = _load("toolcheck_startup_profile", ROOT / "benchmarks" / "startup_profile.py")
    inside = [k for k in sp.PHASES if k not in ("interpreter start", "exit")]
    assert set(inside) - {"imports: rich", "imports: pathspec"} <= set(med)
    assert med["rules"] > 0 and med["rule files"] > 0 and med["imports: typer"] > 0
    assert abs(sum(med.get(k, 0.0) for k in inside) - med["total (this process)"]) < 0.25 * med["total (this process)"]
    assert "| rule files |" in p.stdout


def test_against_installs_the_package_files_of_another_commit(tmp_path):
    """`--against REF` builds REF's package from `git archive`, not from the working tree."""
    import argparse

    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    args = argparse.Namespace(quick=True, repeats=1, against="HEAD")
    b = brun.Bench(args)
    try:
        src = b.ref_source()
        assert (src / "pyproject.toml").is_file() and (src / "toolcheck" / "cli.py").is_file()
        head = subprocess.run(["git", "-C", str(ROOT), "show", "HEAD:toolcheck/cli.py"], capture_output=True,
                              text=True, check=True).stdout
        assert (src / "toolcheck" / "cli.py").read_text() == head
        args.against = "no-such-ref-xyz"
        b2 = brun.Bench(args)
        with pytest.raises(SystemExit, match="no-such-ref-xyz"):
            b2.ref_source()
        shutil.rmtree(b2.work, ignore_errors=True)
    finally:
        shutil.rmtree(b.work, ignore_errors=True)


def test_jobs_scaling_measures_each_group_and_its_findings_trip(tmp_path):
    """benchmarks/jobs_scaling.py on the bundled contracts: the groups' CPU, their findings' trip from a child,
    and the plan's estimate for 1..8 processes, balanced on this run and on the shipped tables."""
    shutil.copytree(ROOT / "contracts", tmp_path / "contracts")
    p = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "jobs_scaling.py"), str(tmp_path),
                        "--target", "all"], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    assert "11 tools; CPU outside the rules" in p.stdout
    assert "groups (CPU s):" in p.stdout and "their findings' trip from a child (CPU s):" in p.stdout
    assert p.stdout.count("| shipped |") == 8 and p.stdout.count("| measured |") == 8
