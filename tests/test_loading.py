"""Loading: positions (line:col of nested pointers, nearest-ancestor fallback) and every loading finding."""

from __future__ import annotations

import os

import pytest

from toolcheck.loading import Limits, load_file
from toolcheck.loading.positions import LazyJsonIndex

from .conftest import run_engine

YAML = """\
name: search_gifts
description: Search the gift catalogue by keyword.
parameters:
  type: object
  properties:
    budget:
      type: number
      minimum: 1
    "日本語": {type: string, description: "説明"}
  required: [budget]
"""


def _load(tmp_path, name, text, **kw):
    p = tmp_path / name
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(text, encoding="utf-8")
    return load_file(str(p), name, Limits(**kw))


def test_yaml_positions_nested_pointer(tmp_path):
    lf = _load(tmp_path, "a.yaml", YAML)
    f = lf.file
    assert f.locate("/parameters/properties/budget/minimum") == (8, 7)  # the key
    assert f.locate("/parameters/properties/budget/minimum", prefer_key=False) == (8, 16)  # the value
    assert f.locate("/parameters/required/0") == (10, 14)
    # columns count characters, not bytes
    assert f.locate("/parameters/properties/日本語/description") == (9, 27)


def test_nearest_ancestor_fallback(tmp_path):
    f = _load(tmp_path, "a.yaml", YAML).file
    # no node of its own: a missing key lands on the mapping that should hold it
    assert f.locate("/parameters/properties/budget/maximum") == f.locate("/parameters/properties/budget")
    assert f.locate("/parameters/additionalProperties") == (3, 1)
    assert f.locate("/nothing/here") == (1, 1)


def test_json_positions_are_lazy_and_exact(tmp_path):
    text = '{\n  "name": "x",\n  "parameters": {"type": "object",\n    "properties": {"a~b/c": {"type": "string"}}}\n}\n'
    lf = _load(tmp_path, "a.json", text)
    assert isinstance(lf.file.positions, LazyJsonIndex)
    assert lf.file.locate("/parameters/properties/a~0b~1c/type") == (4, 30)
    assert lf.file.locate("/parameters/properties/a~0b~1c/type", prefer_key=False) == (4, 38)
    assert lf.file.locate("/parameters/missing") == (3, 3)


def test_jsonl_positions_use_the_record_line(tmp_path):
    text = '{"name": "a", "description": "A", "parameters": {}}\n\n{"name": "b", "description": "B", "parameters": {"type": "dict"}}\n'
    lf = _load(tmp_path, "t.jsonl", text)
    assert [c.pointer for c in lf.contracts] == ["/0", "/2"]
    assert lf.file.locate("/2/parameters/type") == (3, 50)
    assert lf.contracts[1].name == "b"


def test_jsonl_source_is_metadata(tmp_path):
    text = '{"source": "org/repo@abc:f.json", "name": "a", "description": "A tool.", "parameters": {"type": "object"}}\n'
    lf = _load(tmp_path, "t.jsonl", text)
    c = lf.contracts[0]
    assert "source" not in c.data and c.metadata["source"] == "org/repo@abc:f.json"


def codes(lf):
    return [h.code for h in lf.hits]


@pytest.mark.parametrize(
    "name,text,code,line",
    [
        ("a.yaml", 'name: x\ndescription: "open\nparameters: {}\n', "TC001", 4),
        ("a.yaml", "name: x\nparameters:\n\ttype: object\n", "TC001", 3),
        ("a.json", '{"name": "x",,}', "TC001", 1),
        ("a.json", '{"a": Infinity}', "TC001", None),
        ("a.json", '{"a": ' + "1" * 5000 + "}", "TC001", None),
        ("a.yaml", "name: x\nname: y\n", "TC002", 2),
        ("a.json", '{"name": "x",\n "name": "y"}', "TC002", 2),
        ("a.yaml", "enum: [on, off]\n", "TC003", 1),
        ("a.yaml", b"name: caf\xe9\n", "TC004", 1),
        ("a.yaml", "# nothing\n", "TC005", None),
        ("a.yaml", "", "TC005", None),
        ("a.yaml", "42\n", "TC006", None),
        ("a.yaml", "name: x\ndescription: !!python/object:os.system {}\n", "TC016", 2),
    ],
)
def test_loading_findings(tmp_path, name, text, code, line):
    lf = _load(tmp_path, name, text)
    assert code in codes(lf), [(h.code, h.message) for h in lf.hits]
    h = next(h for h in lf.hits if h.code == code)
    if line is not None:
        got = h.position[0] if h.position else lf.file.locate(h.pointer, h.prefer_key)[0]
        assert got == line, h.message


def test_duplicate_key_message_names_first_line(tmp_path):
    lf = _load(tmp_path, "a.yaml", "a: 1\nb: 2\na: 3\n")
    h = next(h for h in lf.hits if h.code == "TC002")
    assert "first at line 1" in h.message and h.pointer == "/a"


def test_yaml_traps_keep_pyyaml_values_but_timestamps_stay_strings(tmp_path):
    lf = _load(tmp_path, "a.yaml", "version: 1.10\nd: 2024-01-01\nt: 12:30:00\ne: [yes, no]\nn: 010\n")
    doc = lf.file.documents[0]
    assert doc == {"version": 1.1, "d": "2024-01-01", "t": 45000, "e": [True, False], "n": 8}
    # the two items of one list are one mistake: one finding on the list (see test_cli for the consequences)
    assert sorted(h.pointer for h in lf.hits if h.code == "TC003") == ["/e", "/n", "/t", "/version"]
    merged = next(h for h in lf.hits if h.pointer == "/e")
    assert merged.position == (4, 5) and "`yes`, `no`" in merged.message and "Quote them" in merged.help


def test_alias_bomb_is_bounded(tmp_path):
    bomb = "a: &a [x,x,x,x,x,x,x,x,x,x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 10) + "]\n" for i in range(8)
    )
    lf = _load(tmp_path, "bomb.yaml", bomb)
    assert codes(lf) == ["TC010"]
    assert "alias" in lf.hits[0].message


def test_limits_are_configurable(tmp_path):
    lf = _load(tmp_path, "a.yaml", "a: [[[[1]]]]\n", max_depth=3)
    assert codes(lf) == ["TC010"]
    lf = _load(tmp_path, "b.yaml", "a: " + "x" * 200 + "\n", max_file_size=100)
    assert codes(lf) == ["TC010"] and "limit" in lf.hits[0].message


def test_merge_keys_and_aliases(tmp_path):
    lf = _load(tmp_path, "a.yaml", "base: &b {type: string, minLength: 1}\nx:\n  <<: *b\n  minLength: 2\n")
    assert lf.file.documents[0]["x"] == {"type": "string", "minLength": 2}
    assert not lf.hits


def test_broken_symlink_is_unreadable(tmp_path):
    os.symlink(tmp_path / "nope.yaml", tmp_path / "link.yaml")
    lf = load_file(str(tmp_path / "link.yaml"), "link.yaml", Limits())
    assert codes(lf) == ["TC011"]


def test_samples_and_calls_load(tmp_path):
    (tmp_path / "contracts").mkdir()
    (tmp_path / "contracts" / "t.yaml").write_text(
        "name: search_docs\ndescription: Search docs.\nparameters: {type: object}\n"
        "samples:\n  - {data: {q: 1}, valid: true}\n", encoding="utf-8")
    (tmp_path / "samples" / "calls").mkdir(parents=True)
    (tmp_path / "samples" / "search_docs.yaml").write_text("- {data: {q: x}, valid: false, expect: {keyword: type}}\n")
    (tmp_path / "samples" / "calls" / "r.jsonl").write_text(
        '{"name": "search_docs", "arguments": "{\\"q\\": 1}"}\n{"name": "search_docs", "input": {"q": 2}}\n'
        '{"name": "search_docs", "arguments": "{bad"}\n')
    (tmp_path / "toolcheck.yaml").write_text("paths: [contracts]\n")
    res = run_engine("validate", cwd=tmp_path)
    c = res.contracts[0]
    kinds = sorted((s.kind, s.valid) for s in c.samples)
    assert kinds == [("call", True), ("call", True), ("call", True), ("sample", False), ("sample", True)]
    bad = [s for s in c.samples if s.parse_error]
    assert len(bad) == 1 and "column" in bad[0].parse_error


def test_tools_wrapper_and_list(tmp_path):
    lf = _load(tmp_path, "a.yaml", "tools:\n  - name: a\n    description: A.\n    parameters: {}\n  - name: b\n"
                                   "    description: B.\n    parameters: {}\nx-owner: me\n")
    assert [c.pointer for c in lf.contracts] == ["/tools/0", "/tools/1"]
    assert not lf.hits


def test_a_tie_between_formats_in_one_file_does_not_depend_on_the_hash_seed():
    """A list whose items are as many MCP tools as contracts: the first item's format decides, in every process
    (it was `max(set(...))`, whose tie went by PYTHONHASHSEED: one run said mcp, the next contract)."""
    import subprocess
    import sys

    code = ("from toolcheck.loading.formats import detect; "
            "print(detect([{'name': 'a', 'description': 'x', 'parameters': {'type': 'object'}},"
            " {'name': 'b', 'description': 'y', 'inputSchema': {'type': 'object'}}])[0])")
    seen = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**__import__("os").environ, "PYTHONHASHSEED": str(seed)}).stdout.strip()
            for seed in range(6)}
    assert len(seen) == 1, seen


def test_a_wrong_value_in_a_vendor_file_is_explained_in_its_format_not_the_contract_schema(tmp_path):
    """TC009's help points at the contract schema only in a contract: an MCP listing cannot carry contract keys,
    so its help names the MCP tool format instead."""
    (tmp_path / "tools_list.json").write_text(
        '{"tools": [{"name": "a", "description": null, "inputSchema": {"type": "object"}}]}\n')
    (tmp_path / "b.yaml").write_text("name: b\ndescription: 7\nparameters: {type: object}\n")
    result = run_engine("validate", ["tools_list.json", "b.yaml"], cwd=tmp_path, select=["TC009"])
    by_file = {os.path.basename(f.file): f for f in result.findings if f.code == "TC009"}
    vendor, contract = by_file["tools_list.json"], by_file["b.yaml"]
    assert "contract.schema.json" not in vendor.help and "MCP" in vendor.help, vendor.help
    assert "contract.schema.json" in contract.help, contract.help
