"""`toolcheck diff` (TC8): witnesses proven by two engines, exact findings in a throw-away git repo, placement,
renames, the version rule, options, hostile input, and the corpus."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import CORPUS, FIXTURES, needs_corpus, run_cli

BREAKING = [f"TC8{n:02d}" for n in range(1, 13)]
UNPROVEN = ["TC813", "TC814", "TC815"]  # breaking-looking changes no witness proves: a warning code of their own


# ------------------------------------------------------------------------------------------------ helpers

def diff(cwd, old: str = "old", new: str = "new", base: str | None = None, paths=None, **opts):
    """Run `toolcheck diff` in-process (fast): returns RunResult."""
    from toolcheck.cli import build_settings
    from toolcheck.diffing import run_diff

    here = os.getcwd()
    os.chdir(cwd)
    try:
        kw = dict(paths=paths, config=None, select=None, extend_select=None, ignore=None, target=None, ship=None,
                  samples=None, exclude=None, fmt=None, output=None, fail_on=None, exit_zero=False,
                  statistics=False, baseline=None, write_baseline=None, no_cache=True, quiet=False,
                  force_exclude=False)
        kw.update(opts)
        settings = build_settings("diff", **kw)
        return run_diff(settings, [] if base else [old, new], base)
    finally:
        os.chdir(here)


def write(root: Path, rel: str, text: str) -> Path:
    p = root / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text, encoding="utf-8")
    return p


def copy_case(case: Path, tmp: Path) -> Path:
    dst = tmp / "proj"
    shutil.copytree(case, dst)
    if not (dst / "toolcheck.yaml").exists():
        (dst / "toolcheck.yaml").write_text("paths: [new]\n", encoding="utf-8")
    return dst


def contracts_in(folder: Path) -> dict:
    from toolcheck.loading import Limits, load_file

    out: dict = {}
    for p in sorted(folder.rglob("*")):
        if p.suffix in (".yaml", ".yml", ".json", ".jsonl"):
            for c in load_file(str(p), str(p), Limits()).contracts:
                out.setdefault(c.name, c)
    return out


def accepts(schema, instance, formats: bool = False) -> bool:
    """Validate with jsonschema-rs and cross-check with python-jsonschema (a second, independent engine)."""
    import jsonschema
    import jsonschema_rs

    rs = jsonschema_rs.validator_for(schema, validate_formats=formats).is_valid(instance)
    if not formats:
        cls = jsonschema.validators.validator_for(schema)
        assert cls(schema).is_valid(instance) == rs, f"the two engines disagree on {instance!r}"
    return rs


def found(result, *codes) -> list:
    return [f for f in result.findings if not codes or f.code in codes]


def summary(result) -> list[tuple]:
    return sorted((f.code, f.tool, f.pointer, f.severity) for f in result.findings)


# ------------------------------------------------------------------------------------------------ witnesses

def _breaking_cases():
    out = []
    for code in BREAKING:
        for case in sorted((FIXTURES / code / "fail").iterdir()):
            out.append(pytest.param(code, case, id=f"{code}-{case.name}"))
    return out


@pytest.mark.parametrize("code,case", _breaking_cases())
def test_breaking_fixture_has_a_witness_both_schemas_agree_on(code, case, tmp_path):
    """Every breaking fail fixture: a witness valid under OLD and rejected under NEW, re-checked here with two
    engines (a change no witness proves is TC813-TC815's, below)."""
    result = diff(copy_case(case, tmp_path))
    hits = found(result, code)
    assert hits, [(f.code, f.message) for f in result.findings]
    old, new = contracts_in(case / "old"), contracts_in(case / "new")
    for f in hits:
        assert f.severity == "error", f.message
        assert f.data["class"] == "breaking"
        w = f.data.get("witness")
        if code in ("TC801", "TC802"):
            call = w["call"]
            assert call["name"] not in new and w["accepted_by"] == "old"
            assert accepts(old[call["name"]].parameters, call["arguments"], formats=True)
        elif code == "TC812":
            assert f.data["old"] != f.data["new"]  # no argument can show it: the change is in what the call does
        elif code == "TC811":
            o, n = old[f.tool], new[f.tool]
            assert accepts(n.returns if n.returns is not None else {}, w["result"])
            assert not accepts(o.returns, w["result"])
        else:
            o, n = old[f.tool], new[f.tool]
            args = w["arguments"]
            assert isinstance(args, dict)
            assert accepts(o.parameters, args, formats=True)
            assert not accepts(n.parameters, args, formats=code == "TC809")
            assert w["error"] and w["accepted_by"] == "old" and w["rejected_by"] == "new"
            assert json.dumps(args, ensure_ascii=False)[:40] in f.message


@pytest.mark.parametrize("code,case", [pytest.param(code, case, id=f"{code}-{case.name}") for code in UNPROVEN
                                        for case in sorted((FIXTURES / code / "fail").iterdir())])
def test_unproven_fixture_says_why_there_is_no_witness(code, case, tmp_path):
    """TC813-TC815 (one code, one severity: formerly the warning cases of the breaking codes): a warning with no
    witness, the reason in the message and data, and the breaking code it would have once proven."""
    result = diff(copy_case(case, tmp_path))
    hits = found(result, code)
    assert hits, [(f.code, f.message) for f in result.findings]
    assert not [f for f in result.findings if f.code in BREAKING], "the same change is not also reported as breaking"
    for f in hits:
        assert f.severity == "warning" and f.data["witness"] is None and f.data["reason"], f
        assert f.data["class"] == "breaking" and f.data["breaking_code"] in BREAKING
        assert f"; no witness: {f.data['reason']}" in f.message
        if code == "TC813":
            assert f.data["breaking_code"] == "TC803" and "additional properties are allowed" in f.data["reason"]
        if code == "TC815":
            assert f.data["breaking_code"] in ("TC809", "TC811") and "not a format validators know" in f.data["reason"]


def test_unproven_changes_count_as_breaking_only_when_asked(tmp_path):
    """The version rule counts TC813-TC815 as it counted the warnings they were split from: a change for TC841,
    breaking for TC840 only with `unknown-as-breaking`; and `diff` exits 0 on them unless --fail-on warning."""
    proj = tmp_path / "p"
    props = "query: {type: string}\n    sort: {type: string}\n"
    write(proj, "old/t.yaml", 'name: t\nversion: "1.0.0"\ndescription: A tool.\nparameters:\n  type: object\n'
                              "  properties:\n    " + props)
    write(proj, "new/t.yaml", 'name: t\nversion: "1.0.1"\ndescription: A tool.\nparameters:\n  type: object\n'
                              "  properties:\n    query: {type: string}\n")
    write(proj, "toolcheck.yaml", "paths: [new]\n")
    assert [(f.code, f.severity) for f in diff(proj).findings] == [("TC813", "warning")]
    assert run_cli("diff", "old", "new", cwd=proj).returncode == 0
    assert run_cli("diff", "old", "new", "--fail-on", "warning", cwd=proj).returncode == 1
    write(proj, "toolcheck.yaml", "paths: [new]\nrules:\n  TC840: {unknown-as-breaking: true}\n")
    r = diff(proj)
    assert sorted(f.code for f in r.findings) == ["TC813", "TC840"]
    [v] = found(r, "TC840")
    assert v.data["changes"] == ["TC813"] and v.severity == "error"
    assert run_cli("diff", "old", "new", cwd=proj).returncode == 1


# ------------------------------------------------------------------------------------------------ exact findings

def test_maximum_lowered_message_pointer_related(tmp_path):
    result = diff(copy_case(FIXTURES / "TC807" / "fail" / "maximum-lowered", tmp_path))
    [f] = result.findings
    assert (f.code, f.tool, f.pointer, f.line) == ("TC807", "search_gifts", "/parameters/properties/max_price/maximum",
                                                  9)
    assert f.file == "new/search.yaml"
    assert f.message == ("parameter `max_price`: `maximum` lowered from 100000 to 50000; arguments that were valid "
                         'are now rejected, e.g. {"query": "x", "max_price": 50001}')
    assert f.related == [{"file": "old/search.yaml", "line": 9, "column": 44, "role": "old", "tool": "search_gifts",
                          "pointer": "/parameters/properties/max_price/maximum"}]
    assert f.data["old"] == 100000 and f.data["new"] == 50000
    assert f.data["witness"]["arguments"] == {"query": "x", "max_price": 50001}


def test_removed_tool_points_at_its_list_or_its_deleted_file(tmp_path):
    r = diff(copy_case(FIXTURES / "TC801" / "fail" / "removed-from-tools-list", tmp_path / "a"))
    [f] = found(r, "TC801")
    assert (f.tool, f.file, f.pointer, f.line) == ("get_gift_details", "new/tools.yaml", "/tools", 1)
    assert f.related[0]["pointer"] == "/tools/1" and f.related[0]["line"] == 5
    r = diff(copy_case(FIXTURES / "TC801" / "fail" / "file-deleted", tmp_path / "b"))
    [f] = found(r, "TC801")
    assert (f.tool, f.file, f.pointer, f.line, f.column) == ("send_email", "new/send_email.yaml", "", 1, 1)
    assert f.related[0]["file"] == "old/send_email.yaml"


def test_rename_is_one_finding_not_removal_plus_addition(tmp_path):
    r = diff(copy_case(FIXTURES / "TC802" / "fail" / "search-gifts-to-find-gifts", tmp_path))
    assert [f.code for f in r.findings if f.code in ("TC801", "TC802", "TC820")] == ["TC802"]
    [f] = found(r, "TC802")
    assert (f.tool, f.pointer) == ("find_gifts", "/name")
    assert f.data["old"] == "search_gifts" and f.data["witness"]["call"]["name"] == "search_gifts"
    assert found(r, "TC824")  # the renamed tool is compared too


def test_rename_threshold_is_an_option(tmp_path):
    proj = copy_case(FIXTURES / "TC802" / "fail" / "search-gifts-to-find-gifts", tmp_path)
    write(proj, "toolcheck.yaml", "paths: [new]\nrules:\n  tool-renamed:\n    min-similarity: 0.99\n")
    assert {f.code for f in diff(proj).findings} >= {"TC801", "TC820"}


def test_returns_compared_the_other_way_round(tmp_path):
    r = diff(copy_case(FIXTURES / "TC811" / "fail" / "returns-required-field-dropped", tmp_path))
    [f] = found(r, "TC811")
    assert f.pointer == "/returns/required"
    assert f.message.startswith("result field `status` is no longer required; the tool may now return results")
    assert f.data["witness"]["result"] == {"order_id": "123e4567-e89b-12d3-a456-426614174000"}
    r = diff(copy_case(FIXTURES / "TC827" / "fail" / "returns-enum-value-removed", tmp_path / "b"))
    assert [(f.code, f.message) for f in r.findings] == [("TC827", 'result field `status`: enum value "pending_payment" '
                                                                   "removed")]


def test_pydantic_optional_is_decided_and_ref_changes_are_unknown(tmp_path):
    r = diff(copy_case(FIXTURES / "TC805" / "fail" / "corpus-pydantic-optional-drops-null", tmp_path / "a"))
    [f] = found(r, "TC805")
    assert f.pointer == "/0/parameters/properties/name/type"  # JSON Lines: the record is /0
    assert f.data["witness"]["arguments"]["name"] is None
    r = diff(copy_case(FIXTURES / "TC830" / "fail" / "corpus-ref-target-changed", tmp_path / "b"))
    assert [(f.code, f.severity, f.pointer) for f in r.findings] == [("TC830", "warning", "/0/parameters/$defs")]


def test_version_rule(tmp_path):
    r = diff(copy_case(FIXTURES / "TC840" / "fail" / "breaking-with-minor-bump", tmp_path / "a"))
    [f] = found(r, "TC840")
    assert (f.pointer, f.severity) == ("/version", "error")
    assert f.message == "1 breaking change(s) (TC807 bound-tightened) but the version goes from 1.4.0 to 1.5.0"
    assert "2.0.0" in f.help and f.data["required"] == "major"
    r = diff(copy_case(FIXTURES / "TC840" / "fail" / "zero-major-patch-bump", tmp_path / "b"))
    [f] = found(r, "TC840")
    assert "0.4.0" in f.help and f.data["required"] == "minor"
    r = diff(copy_case(FIXTURES / "TC841" / "fail" / "description-with-lower-version", tmp_path / "c"))
    [f] = found(r, "TC841")
    assert f.severity == "warning" and "goes down from 1.4.0 to 1.3.9" in f.message


def test_unknown_as_breaking_option(tmp_path):
    proj = tmp_path / "p"
    params = ("parameters: {type: object, properties: {p: {anyOf: [{type: integer, minimum: %d}, "
              "{type: string, pattern: '^[0-9]+$'}]}}}\n")
    write(proj, "old/t.yaml", 'name: t\nversion: "1.0.0"\ndescription: A tool.\n' + params % 0)
    write(proj, "new/t.yaml", 'name: t\nversion: "1.0.1"\ndescription: A tool.\n' + params % 1)
    write(proj, "toolcheck.yaml", "paths: [new]\n")
    assert [f.code for f in diff(proj).findings] == ["TC830"]
    write(proj, "toolcheck.yaml", "paths: [new]\nrules:\n  TC840: {unknown-as-breaking: true}\n")
    assert sorted(f.code for f in diff(proj).findings) == ["TC830", "TC840"]


def test_semver_helpers():
    from toolcheck.compat.analysis import bump_kind, parse_version

    v = parse_version
    assert v("1.2.3") == (1, 2, 3, ()) and v("1.2") is None and v(1.2) is None and v("01.2.3") is None
    assert bump_kind(v("1.2.3"), v("2.0.0")) == "major"
    assert bump_kind(v("1.2.3"), v("1.3.0")) == "minor"
    assert bump_kind(v("1.2.3"), v("1.2.4")) == "patch"
    assert bump_kind(v("1.2.3"), v("1.2.3+build.5")) == "none"
    assert bump_kind(v("1.2.3"), v("1.2.2")) == "lower"
    assert bump_kind(v("2.0.0-rc.1"), v("2.0.0-rc.2")) == "prerelease"
    assert bump_kind(v("2.0.0-rc.2"), v("2.0.0")) == "prerelease"
    assert bump_kind(v("2.0.0-rc.10"), v("2.0.0-rc.9")) == "lower"
    assert bump_kind(v("1.0.0"), v("2.0.0-alpha")) == "major"


def test_suppression_comment_in_new_file_silences_a_change(tmp_path):
    proj = copy_case(FIXTURES / "TC807" / "fail" / "maximum-lowered", tmp_path)
    p = proj / "new" / "search.yaml"
    p.write_text(p.read_text().replace("maximum: 50000, description: Highest price in yen.}",
                                       "maximum: 50000, description: Highest price in yen.}  "
                                       "# toolcheck: ignore[TC807] agreed with all callers"), encoding="utf-8")
    assert diff(proj).findings == []


def test_old_side_unreadable_is_a_warning_and_nothing_is_guessed(tmp_path):
    proj = tmp_path / "p"
    write(proj, "old/search.yaml", 'name: search_gifts\ndescription: "Search the gift catalogue\nparameters: {}\n')
    write(proj, "new/search.yaml", "name: search_gifts\ndescription: Search gifts.\nparameters: {type: object}\n")
    write(proj, "toolcheck.yaml", "paths: [new]\n")
    r = diff(proj)
    [f] = r.findings
    assert (f.code, f.file, f.severity) == ("TC001", "old/search.yaml", "warning")
    assert f.message.startswith("old version not compared: YAML syntax error")


def test_new_side_unreadable_is_tc0_not_a_removal(tmp_path):
    r = diff(copy_case(FIXTURES / "TC801" / "pass" / "new-file-unreadable-is-tc0", tmp_path))
    assert [(f.code, f.file, f.severity) for f in r.findings] == [("TC001", "new/search_gifts.yaml", "error")]


def test_select_and_ignore(tmp_path):
    proj = copy_case(FIXTURES / "TC802" / "fail" / "search-gifts-to-find-gifts", tmp_path)
    assert [f.code for f in diff(proj, ignore=["TC824"]).findings] == ["TC802"]
    assert [f.code for f in diff(proj, select=["description-changed"]).findings] == ["TC824"]


def test_identical_sets_are_clean_and_bundled_contracts_diff_clean():
    from .conftest import ROOT

    r = diff(ROOT, "contracts", "contracts")
    assert r.findings == [] and r.summary()["tools"] == 11


def test_usage_errors(tmp_path):
    from toolcheck.config import ConfigError

    p = run_cli("diff", "nope-old", "nope-new", cwd=tmp_path)
    assert (p.returncode, p.stdout) == (2, "") and "path does not exist: nope-old" in p.stderr
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    with pytest.raises(ConfigError, match="no input files"):
        diff(tmp_path, "a", "b")
    with pytest.raises(ConfigError, match="not inside"):
        diff(tmp_path, base="HEAD")


def test_diff_never_imports_hypothesis(tmp_path):
    case = copy_case(FIXTURES / "TC807" / "fail" / "maximum-lowered", tmp_path)
    code = ("import sys; from toolcheck.rules import load_rules; load_rules(); "
            "import toolcheck.diffing, toolcheck.cli as c, os; os.chdir(sys.argv[1]); "
            "from toolcheck.diffing import run_diff; "
            "s = c.build_settings('diff', c.CheckOptions(no_cache=True)); r = run_diff(s, ['old', 'new'], None); "
            "assert r.findings; print('hypothesis' in sys.modules)")
    p = subprocess.run([sys.executable, "-c", code, str(case)], capture_output=True, text=True, timeout=60)
    assert p.stdout.strip() == "False", p.stderr


def test_pattern_witness_built_from_the_old_pattern(tmp_path):
    proj = tmp_path / "p"
    tool = "name: t\ndescription: A tool.\nparameters: {type: object, properties: {code: {type: string, pattern: '%s'}}}\n"
    write(proj, "old/t.yaml", tool % "^[A-Z]{2}-[0-9]{4}$")
    write(proj, "new/t.yaml", tool % "^[A-Z]{2}-[0-9]{5}$")
    write(proj, "toolcheck.yaml", "paths: [new]\n")
    [f] = diff(proj).findings
    assert f.code == "TC808" and f.severity == "error"
    code = f.data["witness"]["arguments"]["code"]
    assert re.fullmatch(r"[A-Z]{2}-[0-9]{4}", code), code  # e.g. AB-0190: only a generator from the pattern finds it


# ------------------------------------------------------------------------------------------------ git --base

GIT_ENV = {"GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"}

SEARCH = """name: search_gifts
version: "1.0.0"
description: Search the gift catalogue by keyword and price.
parameters:
  type: object
  additionalProperties: false
  required: [query]
  properties:
    query: {type: string, maxLength: 200, description: Words to search for.}
    max_price: {type: integer, minimum: 0, maximum: 100000, description: Highest price in yen.}
"""
TOOLS = """tools:
  - name: get_gift_details
    description: Get one gift by its id.
    parameters: {type: object, required: [gift_id], properties: {gift_id: {type: string, format: uuid}}}
  - name: get_product_stock
    description: Get the number of units in stock for one product.
    parameters: {type: object, required: [gift_id], properties: {gift_id: {type: string, format: uuid}}}
"""
EMAIL = """name: send_email
version: "1.0.0"
description: Send an email to one recipient.
parameters:
  type: object
  required: [to, body]
  properties:
    to: {type: string, format: email}
    body: {type: string, maxLength: 5000}
"""


def git(cwd, *args):
    env = dict(os.environ, HOME=str(cwd), **GIT_ENV)
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, env=env, timeout=60)


@pytest.fixture
def repo(tmp_path):
    r = tmp_path / "repo"
    r.mkdir()
    git(r, "init", "-q")
    write(r, "toolcheck.yaml", "paths: [contracts]\n")
    write(r, "contracts/search_gifts.yaml", SEARCH)
    write(r, "contracts/tools.yaml", TOOLS)
    write(r, "contracts/send_email.yaml", EMAIL)
    write(r, "README.md", "not a contract\n")
    git(r, "add", "-A")
    git(r, "commit", "-q", "-m", "contracts v1")
    return r


def base_json(repo, *args):
    env = dict(GIT_ENV, HOME=str(repo))
    p = run_cli("diff", "--base", *args, "--format", "json", cwd=repo, env=env)
    assert p.returncode in (0, 1), p.stderr
    return p.returncode, json.loads(p.stdout)


def test_base_head_reports_exactly_the_changes(repo):
    write(repo, "contracts/search_gifts.yaml", SEARCH.replace("maximum: 100000", "maximum: 50000")
          .replace('"1.0.0"', '"1.1.0"'))
    write(repo, "contracts/tools.yaml", TOOLS.split("  - name: get_product_stock")[0]
          .replace("Get one gift by its id.", "Get one gift, with its price and stock, by its id."))
    write(repo, "contracts/send_email.yaml", EMAIL.replace('"1.0.0"', '"1.1.0"')
          + "    cc: {type: string, format: email, description: Copy to this address.}\n")
    write(repo, "contracts/track_order.yaml", "name: track_order\ndescription: Where is my order?\n"
                                              "parameters: {type: object, properties: {order_id: {type: string}}}\n")
    rc, doc = base_json(repo, "HEAD")
    got = sorted((f["code"], f["tool"], f["file"], f["pointer"], f["severity"]) for f in doc["findings"])
    assert got == [
        ("TC801", "get_product_stock", "contracts/tools.yaml", "/tools", "error"),
        ("TC807", "search_gifts", "contracts/search_gifts.yaml", "/parameters/properties/max_price/maximum", "error"),
        ("TC820", "track_order", "contracts/track_order.yaml", "/name", "info"),
        ("TC821", "send_email", "contracts/send_email.yaml", "/parameters/properties/cc", "info"),
        ("TC824", "get_gift_details", "contracts/tools.yaml", "/tools/0/description", "info"),
        ("TC840", "search_gifts", "contracts/search_gifts.yaml", "/version", "error"),
    ]
    assert rc == 1
    by = {f["code"]: f for f in doc["findings"]}
    assert by["TC801"]["related"][0]["file"] == "HEAD:contracts/tools.yaml"
    assert by["TC807"]["data"]["witness"]["arguments"]["max_price"] > 50000
    assert by["TC840"]["related"][0] == {"file": "HEAD:contracts/search_gifts.yaml", "line": 2, "column": 1,
                                         "pointer": "/version", "tool": "search_gifts", "role": "old"}
    # the working tree and the index are untouched
    status = subprocess.run(["git", "status", "--porcelain"], cwd=repo, capture_output=True, text=True).stdout
    assert " M contracts/search_gifts.yaml" in status and "?? contracts/track_order.yaml" in status
    # exit codes follow --fail-on; a path subset compares only those files
    assert run_cli("diff", "--base", "HEAD", "--select", "TC82", cwd=repo).returncode == 0
    r = diff(repo, base="HEAD", paths=[Path("contracts/send_email.yaml")])
    assert [f.code for f in r.findings] == ["TC821"]


def test_base_after_commit_is_clean_and_older_refs_work(repo):
    write(repo, "contracts/send_email.yaml", EMAIL.replace("maxLength: 5000", "maxLength: 500"))
    git(repo, "commit", "-q", "-am", "shorter")
    assert diff(repo, base="HEAD").findings == []
    rc, doc = base_json(repo, "HEAD~1")
    assert rc == 1 and sorted(f["code"] for f in doc["findings"]) == ["TC807", "TC840"]


def test_base_all_contracts_deleted(repo):
    shutil.rmtree(repo / "contracts")
    rc, doc = base_json(repo, "HEAD")
    assert rc == 1
    assert sorted((f["code"], f["tool"], f["file"]) for f in doc["findings"]) == [
        ("TC801", "get_gift_details", "contracts/tools.yaml"),
        ("TC801", "get_product_stock", "contracts/tools.yaml"),
        ("TC801", "search_gifts", "contracts/search_gifts.yaml"),
        ("TC801", "send_email", "contracts/send_email.yaml"),
    ]


def test_base_errors(repo, tmp_path):
    from toolcheck.config import ConfigError

    env = dict(GIT_ENV, HOME=str(repo))
    p = run_cli("diff", "--base", "no-such-branch", cwd=repo, env=env)
    assert (p.returncode, p.stdout) == (2, "")
    assert p.stderr == f"toolcheck: error: unknown git ref `no-such-branch` (no such branch, tag or commit in " \
                       f"{os.path.realpath(repo)})\n"
    with pytest.raises(ConfigError, match="not a git ref"):
        diff(repo, base="--upload-pack=x")
    with pytest.raises(ConfigError, match="does not exist"):
        diff(repo, base="HEAD", paths=[Path("missing")])
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    with pytest.raises(ConfigError, match="outside the git repository"):
        diff(repo, base="HEAD", paths=[outside])


# ------------------------------------------------------------------------------------------------ hostile input

HOSTILE = [
    "string", 5, None, [], True, False, {},
    {"type": 5}, {"type": ["string", 5]}, {"type": []}, {"type": "dict"},
    {"properties": [1, 2]}, {"properties": {"a": 5}}, {"required": "a"}, {"required": [1]},
    {"enum": "x"}, {"enum": []}, {"const": {"a": [1, {"b": None}]}}, {"enum": [1, True, 1.0, "1"]},
    {"maximum": "9"}, {"maxLength": -1}, {"maxLength": 1.5}, {"type": "string", "maxLength": 10 ** 9},
    {"type": "string", "minLength": 10 ** 6}, {"multipleOf": 0}, {"multipleOf": 1e-300},
    {"minimum": 1e308, "maximum": -1e308}, {"minimum": 10 ** 30}, {"exclusiveMinimum": True, "minimum": 3},
    {"type": "string", "pattern": "(a+)+$", "minLength": 40}, {"type": "string", "pattern": "["}, {"pattern": 5},
    {"$ref": "#"}, {"$ref": "#/$defs/a", "$defs": {"a": {"$ref": "#/$defs/a"}}}, {"properties": {"x": {"$ref": "#"}}},
    {"$ref": "https://example.com/schema.json"},
    {"items": [{"type": "string"}]}, {"items": 5}, {"type": "array", "uniqueItems": "yes"},
    {"additionalProperties": 5}, {"additionalProperties": {"type": "string"}}, {"patternProperties": {"^x": {}}},
    {"anyOf": [{"type": "string"}, {"type": "null"}]}, {"anyOf": "x"}, {"anyOf": [5]}, {"oneOf": []},
    {"format": "date"}, {"format": 7}, {"properties": {"a/b~c": {"type": "integer", "maximum": 3}}},
    {"properties": {"π": {"type": "string"}}, "required": ["π"], "additionalProperties": False},
]


def _deep(n: int) -> dict:
    s: dict = {"type": "integer", "maximum": n}
    for _ in range(n):
        s = {"type": "object", "properties": {"a": s}, "required": ["a"]}
    return s


def test_hostile_schemas_never_crash(tmp_path):
    schemas = HOSTILE + [_deep(58), _deep(59)]  # ~120 levels of JSON: under the loader's 128
    old, new = [], []
    for i, a in enumerate(schemas):
        for j, b in enumerate(schemas):
            if i % 7 != j % 7 and abs(i - j) > 2:  # a spread of pairs, not all 2,500
                continue
            name = f"t{i}_{j}"
            old.append({"name": name, "description": "A tool.", "parameters": a, "returns": b})
            new.append({"name": name, "description": "A tool.", "parameters": b, "returns": a})
    proj = tmp_path / "p"
    write(proj, "old/tools.json", json.dumps({"tools": old}))
    write(proj, "new/tools.json", json.dumps({"tools": new}))
    write(proj, "toolcheck.yaml", "paths: [new]\n")
    r = diff(proj, select=["TC8"])
    assert r.findings and all(f.code.startswith("TC8") for f in r.findings)
    for f in r.findings:
        json.dumps(f.to_dict())  # JSON-able, witnesses included
        assert f.file == "new/tools.json" and f.line >= 1 and f.tool
    # an unchanged pair is never reported, however strange
    same = {f.tool for f in r.findings if f.tool.split("_")[0][1:] == f.tool.split("_")[1]}
    assert not same


def test_comparison_depth_is_bounded():
    from toolcheck.compat.schemadiff import MAX_DEPTH, Differ

    changes = Differ(_deep(100), _deep(101)).run()
    assert [c.direction for c in changes][-1] == "unknown"
    assert f"deeper than {MAX_DEPTH} levels" in changes[-1].what


# ------------------------------------------------------------------------------------------------ the corpus

def _mutate(rec: dict, k: int) -> str:
    p = rec.get("parameters")
    props = p.get("properties") if isinstance(p, dict) else None
    if not isinstance(props, dict) or not props:
        return "none"
    name = sorted(props)[k % len(props)]
    s = props[name]
    if not isinstance(s, dict):
        return "none"
    r = k % 6
    if r == 0:
        del props[name]
        p["additionalProperties"] = False
        return "TC803"
    if r == 1:
        p["required"] = sorted(set(p.get("required") or []) | {name}) if isinstance(p.get("required"), list) else [name]
        return "TC804"
    if r == 2:
        s["maxLength"] = 1
        s["type"] = "string"
        return "TC807"
    if r == 3:
        s["enum"] = ["zzz-not-a-value"]
        return "TC806"
    if r == 4:
        props["added_opt"] = {"type": "string"}
        return "TC821"
    s["description"] = "reworded"
    return "TC824"


@needs_corpus
def test_corpus_sample_self_diff_is_clean_and_mutations_have_witnesses(tmp_path):
    lines = (CORPUS / "tools.jsonl").read_text(encoding="utf-8").splitlines()
    recs = [json.loads(ln) for ln in lines[::9]]  # ~790 tools from all three sources
    seen: set = set()
    recs = [r for r in recs if not (r["name"] in seen or seen.add(r["name"]))]
    proj = tmp_path / "p"
    write(proj, "old/tools.jsonl", "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in recs))
    write(proj, "toolcheck.yaml", "paths: [new]\n")
    assert diff(proj, "old", "old", select=["TC8"]).findings == []
    expected = {}
    for k, r in enumerate(recs):
        if k % 4 == 0:
            expected[r["name"]] = _mutate(r, k)
    write(proj, "new/tools.jsonl", "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in recs))
    res = diff(proj, select=["TC8"])
    old = {r["name"]: r for r in (json.loads(ln) for ln in (proj / "old" / "tools.jsonl").read_text().splitlines())}
    new = {r["name"]: r for r in recs}
    verified = 0
    for f in res.findings:
        assert f.code not in ("TC801", "TC802", "TC820"), f.message  # every tool still matches
        if f.severity == "error" and f.code in BREAKING:
            args = f.data["witness"]["arguments"]
            assert accepts(old[f.tool]["parameters"], args, formats=True)
            assert not accepts(new[f.tool]["parameters"], args)
            verified += 1
        else:
            assert f.code not in BREAKING, f"{f.code} is an error with a witness: {f.message}"
            if f.code in UNPROVEN:  # no witness: said why (BFCL's `dict` types do not compile, ...)
                assert f.data["reason"] and f.data["breaking_code"] in BREAKING
    tools_with = {f.tool for f in res.findings}
    mutated = {n for n, what in expected.items() if what != "none"}
    assert mutated <= tools_with
    assert verified >= 40
