"""TC430 overlapping-tools: explanations, options, grouping, the pre-commit hook case, determinism, the corpus."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from .conftest import CORPUS, FIXTURES, ROOT, needs_corpus, run_engine

CASES = FIXTURES / "TC430"


def tool(name: str, description: str, params: dict[str, str] | None = None, extra: str = "") -> str:
    props = "".join(f"\n    {k}: {{type: {t}, description: The {k.replace('_', ' ')}.}}"
                    for k, t in (params or {}).items())
    return (f"name: {name}\ndescription: {json.dumps(description, ensure_ascii=False)}\n{extra}"
            f"parameters:\n  type: object\n  properties:{props or ' {}'}\n")


def overlaps(result):
    return [f for f in result.findings if f.code == "TC430"]


def copy_case(case: str, tmp_path):
    dst = tmp_path / "proj"
    shutil.copytree(CASES / case, dst)
    if not (dst / "toolcheck.yaml").exists():  # a case's own config (an opt-in option) stays
        (dst / "toolcheck.yaml").write_text("paths: [contracts]\n", encoding="utf-8")
    return dst


# ------------------------------------------------------------------------------------------------ explanations

def test_search_gifts_find_gifts_explains_itself(tmp_path):
    proj = copy_case("fail/search-gifts-find-gifts", tmp_path)
    [f] = overlaps(run_engine("lint", cwd=proj))
    # reported once, on the later tool (files sort: find_gifts.yaml < search_gifts.yaml), at its name
    assert f.tool == "search_gifts"
    assert f.file == "contracts/search_gifts.yaml"
    assert f.pointer == "/name" and f.line == 1
    assert f.severity == "warning"
    assert f.message.startswith("tool `search_gifts` overlaps `find_gifts` (contracts/find_gifts.yaml), score 0.")
    assert "same action (find ~ search) on the same object (gifts)" in f.message
    assert "% shared description terms (" in f.message and "budget" in f.message
    assert "identical parameters budget/interests" in f.message
    assert "find_gifts" in f.help
    assert f.related == [{"file": "contracts/find_gifts.yaml", "line": 1, "pointer": "/name", "tool": "find_gifts"}]
    assert f.data["other"] == "find_gifts" and f.data["action"] == ["search", "search"]
    assert f.data["object"] == ["gift", "gift"]
    assert 0.55 <= f.data["score"] <= 1


def test_paraphrase_with_other_words_names_the_synonyms(tmp_path):
    proj = copy_case("fail/paraphrase-different-names-and-words", tmp_path)
    [f] = overlaps(run_engine("lint", cwd=proj))
    assert f.tool == "search_gifts"
    assert "same action (find ~ search) on the same object (presents ~ gifts)" in f.message
    assert "matching parameters recipient_interests~interests/max_budget~budget" in f.message


def test_japanese_paraphrase(tmp_path):
    proj = copy_case("fail/japanese-paraphrase", tmp_path)
    [f] = overlaps(run_engine("lint", cwd=proj))
    for term in ("budget", "gift", "hobby"):  # 予算, ギフト/プレゼント/贈り物, 趣味 through the CJK lexicon
        assert term in f.message


def test_chinese_paraphrase(project):
    project.write("contracts/a.yaml", tool("search_help_articles", "在帮助中心文章中搜索与用户问题相关的段落，并返回最相关的结果。",
                                            {"query": "string"}))
    project.write("contracts/b.yaml", tool("find_help_articles", "根据用户的问题，在帮助中心文章里查找相关段落。",
                                            {"query": "string"}))
    [f] = overlaps(run_engine("lint", cwd=project.path))
    assert "帮助" in f.message or "中心" in f.message  # Han bigrams are the shared terms


@pytest.mark.parametrize("case", sorted(p.name for p in (CASES / "fail").iterdir()))
def test_fail_cases_fire_once_with_their_evidence(case, tmp_path):
    """Each paraphrase class (synonym objects, restated states, nominalised verbs, deprecated aliases, subsumption
    through an enum; English, Japanese, Chinese) is one finding whose message names the evidence."""
    proj = copy_case(f"fail/{case}", tmp_path)
    [f] = overlaps(run_engine("lint", cwd=proj))
    expect = CASES / "fail" / case / "expect.txt"
    for line in (expect.read_text(encoding="utf-8").splitlines() if expect.is_file() else []):
        assert line in f.message, (line, f.message)


@pytest.mark.parametrize("case", sorted(p.name for p in (CASES / "pass").iterdir()))
def test_pass_cases_score_low(case, tmp_path):
    proj = copy_case(f"pass/{case}", tmp_path)
    (proj / "toolcheck.yaml").write_text("paths: [contracts]\nrules: {TC430: {threshold: 0.45}}\n", encoding="utf-8")
    assert overlaps(run_engine("lint", cwd=proj)) == [], "a clear margin below the default threshold"


def test_create_order_vs_cancel_order(project):
    params = {"order_id": "string"}
    project.write("contracts/create_order.yaml", tool("create_order", "Create an order for the items in the cart.",
                                                      {"items": "array", "address_id": "string"}))
    project.write("contracts/cancel_order.yaml", tool("cancel_order", "Cancel an order that has not shipped yet.",
                                                      params))
    project.write("contracts/get_order.yaml", tool("get_order", "Get an order by its ID.", params))
    assert overlaps(run_engine("lint", cwd=project.path)) == []


def test_different_verb_classes_are_named_when_the_threshold_is_low(tmp_path):
    proj = copy_case("pass/get-order-vs-cancel-order", tmp_path)
    (proj / "toolcheck.yaml").write_text("paths: [contracts]\nrules: {overlapping-tools: {threshold: 0.000000001}}\n",
                                         encoding="utf-8")
    [f] = overlaps(run_engine("lint", cwd=proj))
    assert "opposite actions (cancel vs get)" in f.message or "different actions (cancel vs get)" in f.message
    assert "identical parameters order_id" in f.message
    assert f.data["score"] < 0.1


# ------------------------------------------------------------------------------------------------ options

def test_threshold_option(tmp_path):
    proj = copy_case("fail/search-gifts-find-gifts", tmp_path)
    (proj / "toolcheck.yaml").write_text("paths: [contracts]\nrules: {TC430: {threshold: 0.99}}\n", encoding="utf-8")
    assert overlaps(run_engine("lint", cwd=proj)) == []
    (proj / "toolcheck.yaml").write_text("paths: [contracts]\nrules: {TC430: {threshold: 0.5}}\n", encoding="utf-8")
    assert len(overlaps(run_engine("lint", cwd=proj))) == 1


@pytest.mark.parametrize("opts", [{"threshold": "high"}, {"threshold": 7}, {"threshold": True},
                                  {"group-by": "planet"}, {"group-by": ["file"]}])
def test_bad_option_values_fall_back_to_defaults(tmp_path, opts):
    """Values the config check would refuse (exit 2), handed to the engine anyway (the library, a Settings built
    by hand): the rule uses its defaults rather than crash."""
    import dataclasses

    from toolcheck.cli import build_settings
    from toolcheck.engine import run

    proj = copy_case("fail/search-gifts-find-gifts", tmp_path)
    (proj / "toolcheck.yaml").write_text("paths: [contracts]\n", encoding="utf-8")
    old = os.getcwd()
    os.chdir(proj)
    try:
        settings = build_settings("lint", paths=None, config=None, select=None, extend_select=None, ignore=None,
                                  target=None, ship=None, samples=None, exclude=None, fmt=None, output=None,
                                  fail_on=None, exit_zero=False, statistics=False, baseline=None,
                                  write_baseline=None, no_cache=True, quiet=False, force_exclude=False)
        result = run(dataclasses.replace(settings, rules={"TC430": opts}), "lint")
    finally:
        os.chdir(old)
    assert len(overlaps(result)) == 1


@pytest.mark.parametrize("opts", ["{threshold: high}", "{threshold: true}", "{group-by: [file]}", "{treshold: 0.9}"])
def test_bad_option_values_in_the_config_exit_2(tmp_path, opts):
    proj = copy_case("fail/search-gifts-find-gifts", tmp_path)
    (proj / "toolcheck.yaml").write_text(f"paths: [contracts]\nrules: {{TC430: {opts}}}\n", encoding="utf-8")
    p = subprocess.run([sys.executable, "-m", "toolcheck", "lint"], cwd=proj, capture_output=True, text=True,
                       timeout=120)
    assert p.returncode == 2 and "toolcheck.yaml:2:" in p.stderr and "`rules.TC430." in p.stderr, p.stderr


def test_group_by_file(project):
    project.write("contracts/a.yaml", "tools:\n" + _indent(tool("search_gifts", "Search gifts by budget.",
                                                                 {"budget": "number"})))
    project.write("contracts/b.yaml", "tools:\n" + _indent(tool("find_gifts", "Find gifts by budget.",
                                                                 {"budget": "number"})))
    assert len(overlaps(run_engine("lint", cwd=project.path))) == 1
    project.write("toolcheck.yaml", "paths: [contracts]\nrules: {TC430: {group-by: file}}\n")
    assert overlaps(run_engine("lint", cwd=project.path)) == []


def _jsonl(*records) -> str:
    return "".join(json.dumps(r) + "\n" for r in records)


def _rec(source, name, desc):
    return {"source": source, "name": name, "description": desc,
            "parameters": {"type": "object", "properties": {"budget": {"type": "number"}}}}


@pytest.mark.parametrize("group_by,expected", [(None, 1), ("origin", 1), ("source", 0), ("none", 3), ("file", 3)])
def test_group_by_source_metadata(project, group_by, expected):
    # two files of one repository, and another repository: by default (origin) only the first two are compared
    project.write("contracts/tools.jsonl", _jsonl(
        _rec("acme/gifts@abc:a.json", "search_gifts", "Search gifts by budget."),
        _rec("acme/gifts@abc:b.json", "find_gifts", "Find gifts by budget."),
        _rec("other/repo@def:c.json", "lookup_gifts", "Look up gifts by budget."),
    ))
    if group_by:
        project.write("toolcheck.yaml", f"paths: [contracts]\nrules: {{TC430: {{group-by: {group_by}}}}}\n")
    found = overlaps(run_engine("lint", cwd=project.path))
    assert len(found) == expected
    if found:
        assert found[0].related[0]["line"] in (1, 2)


def _indent(text: str) -> str:
    lines = text.splitlines()
    return "".join(("  - " if i == 0 else "    ") + line + "\n" for i, line in enumerate(lines))


# ------------------------------------------------------------------------------------------------ scope

def test_same_name_is_tc012_not_tc430(project):
    project.write("contracts/a.yaml", tool("search_gifts", "Search gifts by budget.", {"budget": "number"}))
    project.write("contracts/b.yaml", tool("search_gifts", "Search the gifts by budget.", {"budget": "number"}))
    result = run_engine("lint", cwd=project.path)
    assert overlaps(result) == []
    assert any(f.code == "TC012" for f in result.findings)


def test_same_name_once_namespace_is_stripped_is_in_scope(project):
    project.write("contracts/a.yaml", tool("math.factorial", "Calculate the factorial of a number.",
                                           {"number": "integer"}))
    project.write("contracts/b.yaml", tool("factorial", "Calculates the factorial of a given integer.",
                                           {"n": "integer"}))
    [f] = overlaps(run_engine("lint", cwd=project.path))
    assert f.tool == "factorial" and f.related[0]["tool"] == "math.factorial"  # b.yaml comes later
    assert "same name once namespaces are stripped (factorial; `math.` vs none)" in f.message


def test_hook_case_compares_with_context_but_reports_only_passed_files(tmp_path):
    proj = copy_case("fail/search-gifts-find-gifts", tmp_path)
    # the later tool's file is passed: reported there
    [f] = overlaps(run_engine("lint", paths=["contracts/search_gifts.yaml"], cwd=proj))
    assert f.file == "contracts/search_gifts.yaml" and f.related[0]["tool"] == "find_gifts"
    # the earlier tool's file is passed: the pair is reported on it, pointing at the context file
    [f] = overlaps(run_engine("lint", paths=["contracts/find_gifts.yaml"], cwd=proj))
    assert f.file == "contracts/find_gifts.yaml" and f.tool == "find_gifts"
    assert f.related[0]["file"] == "contracts/search_gifts.yaml"


def test_each_pair_once_and_in_order(project):
    for name in ("find_gifts", "search_gifts", "lookup_gifts"):
        project.write(f"contracts/{name}.yaml", tool(name, "Search the gift catalogue by budget and interests.",
                                                    {"budget": "number", "interests": "array"}))
    found = overlaps(run_engine("lint", cwd=project.path))
    pairs = [(f.tool, f.related[0]["tool"]) for f in found]
    assert len(pairs) == 3 and len({frozenset(p) for p in pairs}) == 3
    # each on the later tool of the pair (files: find < lookup < search)
    assert sorted(pairs) == [("lookup_gifts", "find_gifts"), ("search_gifts", "find_gifts"),
                             ("search_gifts", "lookup_gifts")]


def test_hostile_values_do_not_crash(project):
    project.write("contracts/a.yaml", "tools:\n"
                  "  - {name: search_gifts, description: 5, parameters: 'a string'}\n"
                  "  - {name: find_gifts, description: [x], parameters: {type: object, properties: [a, b]}}\n"
                  "  - {name: 12, description: Search gifts., parameters: {properties: {'': {type: 5}}}}\n"
                  "  - {name: lookup_gifts, description: '', parameters: {properties: {a: {type: [string, 5]}}}}\n"
                  "  - {name: '', description: Search gifts.}\n"
                  "  - {name: 'x.__.::', description: '。。。 ！！', parameters: {properties: {b: 7}}}\n")
    run_engine("lint", cwd=project.path)  # no exception


def test_bundled_contracts_have_no_overlap():
    assert overlaps(run_engine("lint", cwd=ROOT)) == []


# ------------------------------------------------------------------------------------------------ determinism

def test_deterministic_across_hash_seeds(tmp_path):
    proj = copy_case("fail/paraphrase-different-names-and-words", tmp_path)
    shutil.copytree(CASES / "fail/search-gifts-find-gifts/contracts", proj / "contracts", dirs_exist_ok=True)
    outs = []
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "NO_COLOR": "1"}
        env.pop("TOOLCHECK_FORMAT", None)
        p = subprocess.run([sys.executable, "-m", "toolcheck", "lint", "--select", "TC430", "--format", "json"],
                           cwd=proj, capture_output=True, text=True, env=env, timeout=120)
        assert p.returncode in (0, 1), p.stderr
        outs.append(json.loads(p.stdout)["findings"])
    assert outs[0] == outs[1] == outs[2]
    assert len(outs[0]) >= 3


# ------------------------------------------------------------------------------------------------ the corpus

@needs_corpus
def test_corpus(tmp_path):
    result = run_engine("lint", paths=[str(CORPUS / "tools.jsonl")], cwd=tmp_path, select=["TC430"])
    found = overlaps(result)
    assert 300 <= len(found) <= 4000, len(found)  # 1,158 with the first TC430, ~900 with the frame model
    assert all(f.tool != f.related[0]["tool"] for f in found)  # identical names are TC012's
    by_pair = {(f.tool, f.line, f.related[0]["line"]) for f in found}
    assert len(by_pair) == len(found)  # each pair once
    stripped = [f for f in found if "same name once namespaces are stripped" in f.message]
    assert len(stripped) >= 30  # BFCL's namespaced variants of one function (math.gcd / gcd ...)
    # those variants come from different BFCL files of one repository (group-by: origin)
    lines = {i + 1: json.loads(line)["source"] for i, line in
             enumerate((CORPUS / "tools.jsonl").read_text(encoding="utf-8").splitlines())}
    cross_file = [f for f in stripped if lines[f.line] != lines[f.related[0]["line"]]]
    assert any(lines[f.line].startswith("ShishirPatil/gorilla@") for f in cross_file)
    # a stripped namespace is one the message names, and it is there in the name
    for f in stripped:
        base = f.message.split("same name once namespaces are stripped (", 1)[1].split(";", 1)[0]
        bases = base.split(" ~ ")  # each as written when the two differ in case or separators (GetWeather ~ get_weather)
        assert all(any(t.endswith(x) for x in bases) for t in (f.tool, f.related[0]["tool"])), f.message
    origins = {lines[f.line].split("@")[0] for f in found}
    assert origins <= {"ShishirPatil/gorilla", "pypi:tooluniverse==1.5.7", "icip-cas/LiveMCPBench"}
    assert all(lines[f.line].split("@")[0] == lines[f.related[0]["line"]].split("@")[0] for f in found)
    # the score the message shows is the one data.score holds (both from one rounding: 0.605 never 0.60 vs 0.61)
    assert all(f", score {f.data['score']:.2f}: " in f.message for f in found)
