"""The safety of `--fix`: what it never touches, how it writes, and the edits' exactness on awkward text."""

from __future__ import annotations

import json
import os
import stat
import sys

from toolcheck.fixing.apply import fix_text
from toolcheck.fixing.document import apply_edits, same
from toolcheck.fixing.model import Edit, Fix
from toolcheck.fixing.render import yaml_float, yaml_scalar

from .conftest import run_cli

TRAP = """name: set_mode
description: Set the mode. Use it when the user asks to change the mode.
risk: write_limited
parameters:
  type: object
  additionalProperties: false
  properties:
    mode: {type: string, enum: [on, off], description: The mode.}
"""
FIXED = TRAP.replace("[on, off]", '["on", "off"]')


def _project(tmp_path, files: dict[str, str | bytes]):
    proj = tmp_path / "proj"
    (proj / "contracts").mkdir(parents=True)
    (proj / "toolcheck.yaml").write_text("paths: [contracts]\n", encoding="utf-8")
    for name, body in files.items():
        p = proj / "contracts" / name
        p.write_bytes(body if isinstance(body, bytes) else body.encode("utf-8"))
    return proj


def fx(*edits, how="safe") -> Fix:
    return Fix("test", how, tuple(edits))


# ------------------------------------------------------------------------------------------------ the CLI

def test_fix_exit_code_reflects_what_remains(tmp_path):
    proj = _project(tmp_path, {"a.yaml": TRAP})
    p = run_cli("lint", "--select", "TC003", "--fix", cwd=proj)
    assert p.returncode == 0, p.stdout + p.stderr  # every TC003 finding fixed: nothing remains
    assert "Fixed 1 finding in 1 file." in p.stderr and "All checks passed" in p.stdout
    (proj / "contracts" / "a.yaml").write_text(TRAP.replace("risk: write_limited\n", ""), encoding="utf-8")
    p = run_cli("lint", "--fix", cwd=proj)
    assert p.returncode == 1 and "TC601" in p.stdout and "TC003" not in p.stdout  # the missing risk remains


def test_text_report_marks_and_counts(tmp_path):
    body = TRAP.replace("additionalProperties: false\n  ", "").replace("description: Set", "targets: [openai-strict]\n"
                                                                                        "description: Set")
    proj = _project(tmp_path, {"a.yaml": body})
    p = run_cli("validate", "--select", "TC003,TC206", cwd=proj)
    lines = p.stdout.splitlines()
    assert any("TC003 error [*]" in ln for ln in lines)
    assert any("TC206 error " in ln and "[*]" not in ln for ln in lines)  # unsafe: not applied by --fix
    assert "1 fixable with `--fix`; 1 more with `--unsafe-fixes`; 1 fixable with `toolcheck export`" in p.stdout
    p = run_cli("validate", "--select", "TC003,TC206", "--unsafe-fixes", cwd=proj)
    assert any("TC206 error [*]" in ln for ln in p.stdout.splitlines())
    assert "2 fixable with `--fix --unsafe-fixes`" in p.stdout
    p = run_cli("validate", "--select", "TC003,TC206", "--statistics", cwd=proj)
    assert any("TC003" in ln and "[*]" in ln for ln in p.stdout.splitlines())


def test_json_report_carries_the_fix(tmp_path):
    proj = _project(tmp_path, {"a.yaml": TRAP})
    p = run_cli("lint", "--select", "TC003", "--format", "json", cwd=proj)
    (f,) = json.loads(p.stdout)["findings"]
    assert f["fix"] == {"applicability": "safe", "title": "Quote `on`, `off`",
                        "edits": [{"op": "quote", "pointer": "/parameters/properties/mode/enum/0", "value": "on"},
                                  {"op": "quote", "pointer": "/parameters/properties/mode/enum/1", "value": "off"}]}
    assert "fixable" not in f  # `fixable` stays "export resolves it"
    again = run_cli("lint", "--select", "TC003", "--format", "json", cwd=proj)  # from the cache: same
    assert json.loads(again.stdout)["findings"][0]["fix"] == f["fix"]
    text = run_cli("lint", "--select", "TC003", cwd=proj).stdout  # a cache hit that re-renders keeps the mark
    assert "[*]" in text


def test_secrets_in_a_fix_are_masked_in_reports_and_written_as_they_are(tmp_path):
    token = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    body = (f"name: get_weather\ndescription: Get the weather. Use it when the user asks about the weather.\n"
            f"risk: read_only\ntargets: [openai-strict]\nparameters:\n  type: object\n  additionalProperties: false\n"
            f"  properties:\n    {token}: {{type: string, description: A value.}}\n")
    proj = _project(tmp_path, {"a.yaml": body})
    p = run_cli("validate", "--select", "TC207", "--unsafe-fixes", "--format", "json", cwd=proj)
    assert token not in p.stdout and '"fix"' in p.stdout
    run_cli("validate", "--select", "TC207", "--unsafe-fixes", "--fix", cwd=proj)
    assert f"required: [{token}]" in (proj / "contracts" / "a.yaml").read_text(encoding="utf-8")


def test_fix_keeps_mode_bom_crlf_and_writes_through_a_link(tmp_path):
    proj = _project(tmp_path, {})
    real = tmp_path / "elsewhere.yaml"
    real.write_bytes(b"\xef\xbb\xbf" + TRAP.replace("\n", "\r\n").encode())
    os.chmod(real, 0o640)
    link = proj / "contracts" / "a.yaml"
    link.symlink_to(real)
    p = run_cli("lint", "--select", "TC003", "--fix", cwd=proj)
    assert "Fixed 1 finding" in p.stderr, p.stderr
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_bytes() == b"\xef\xbb\xbf" + FIXED.replace("\n", "\r\n").encode()
    assert stat.S_IMODE(real.stat().st_mode) == 0o640
    assert not [n for n in os.listdir(tmp_path) if n.startswith(".toolcheck-")]


def test_never_touches_a_file_with_a_syntax_error_or_a_duplicate_key(tmp_path):
    broken = TRAP + "  oops: [unclosed\n"
    dup = TRAP + "name: again\n"
    proj = _project(tmp_path, {"a.yaml": TRAP, "broken.yaml": broken, "dup.yaml": dup})
    p = run_cli("lint", "--fix", cwd=proj)
    assert (proj / "contracts" / "a.yaml").read_text() == FIXED
    assert (proj / "contracts" / "broken.yaml").read_text() == broken and "TC001" in p.stdout
    assert (proj / "contracts" / "dup.yaml").read_text() == dup and "TC002" in p.stdout
    assert "dup.yaml: fix not applied" in p.stderr and "duplicate key" in p.stderr


def test_diff_writes_nothing_and_names_every_file(tmp_path):
    proj = _project(tmp_path, {"a.yaml": TRAP, "b.yaml": TRAP.replace("set_mode", "set_level")})
    before = {n: (proj / "contracts" / n).read_bytes() for n in ("a.yaml", "b.yaml")}
    p = run_cli("lint", "--diff", "-o", str(tmp_path / "fix.patch"), cwd=proj)
    assert p.returncode == 1 and p.stdout == ""
    assert "Would fix 2 findings in 2 files." in p.stderr
    patch = (tmp_path / "fix.patch").read_text()
    assert "--- a/contracts/a.yaml\n+++ b/contracts/a.yaml\n" in patch and "+++ b/contracts/b.yaml\n" in patch
    assert {n: (proj / "contracts" / n).read_bytes() for n in before} == before


def test_no_final_newline_and_patch(tmp_path):
    import subprocess

    body = TRAP.rstrip("\n")
    proj = _project(tmp_path, {"a.yaml": body})
    d = run_cli("lint", "--select", "TC003", "--diff", cwd=proj)
    assert "\\ No newline at end of file" in d.stdout
    assert subprocess.run(["patch", "-p1", "--quiet"], input=d.stdout, cwd=proj, text=True).returncode == 0
    assert (proj / "contracts" / "a.yaml").read_text() == FIXED.rstrip("\n")


def test_jsonl_line_is_fixed_in_place(tmp_path):
    rec = {"name": "get_weather", "description": "Get the weather. Use it when the user asks about the weather.",
           "strict": True, "parameters": {"type": "object", "properties": {"city": {"type": "string"}},
                                          "required": ["city"]}}
    other = dict(rec, name="get_time")
    body = json.dumps(other) + "\n" + json.dumps(rec) + "\n"
    proj = _project(tmp_path, {"tools.jsonl": body})
    run_cli("validate", "--select", "TC206", "--unsafe-fixes", "--fix", cwd=proj)
    lines = (proj / "contracts" / "tools.jsonl").read_text().splitlines()
    assert [json.loads(x)["parameters"]["additionalProperties"] for x in lines] == [False, False]
    assert lines[1] == json.dumps(rec).replace('"type": "object", ', '"type": "object", "additionalProperties": false, ')


# ------------------------------------------------------------------------------------------------ the applier

def test_a_fix_that_would_not_read_back_is_refused(monkeypatch):
    """The proof is the safety net under the splicing: a splice that writes something else is never kept."""
    from toolcheck.fixing import textedit

    def wrong(self, n, value, quote=False):
        return (n.start, n.end, "yes")  # a bug that writes an unquoted YAML 1.1 boolean

    monkeypatch.setattr(textedit.TextDoc, "_replace", wrong)
    out = fix_text(TRAP, "yaml", [fx(Edit("quote", "/parameters/properties/mode/enum/0", "on")),
                                  fx(Edit("quote", "/parameters/properties/mode/enum/1", "off"))])
    assert out.text == TRAP and not out.applied and len(out.failed) == 2
    assert all("read back" in why for _, why in out.failed)


def test_shared_anchor_is_not_edited():
    body = TRAP.replace("enum: [on, off]", "enum: &states [on, off]") + "    other: {type: string, enum: *states}\n"
    out = fix_text(body, "yaml", [fx(Edit("quote", "/parameters/properties/mode/enum/0", "on"))])
    assert out.text == body and "alias" in out.failed[0][1]


def test_deleting_keeps_comments_or_refuses():
    body = "a: 1\nb:\n  c: 1  # about c\n  d: 2\ne: 3\n"
    out = fix_text(body, "yaml", [fx(Edit("delete", "/b/c"))])
    assert out.text == "a: 1\nb:\n  # about c\n  d: 2\ne: 3\n"
    inner = "a: 1\nb:\n  # inside\n  c: 1\ne: 3\n"
    out = fix_text(inner, "yaml", [fx(Edit("delete", "/b"))])
    assert out.text == inner and "comment" in out.failed[0][1]
    sup = "a: 1\n# toolcheck: ignore[TC401]\nb: 2\nc: 3\n"
    out = fix_text(sup, "yaml", [fx(Edit("delete", "/b"))])
    assert out.text == sup and "suppression" in out.failed[0][1]


def test_edits_in_flow_block_and_json():
    y = "m: {a: 1, b: 2}\nl:\n  - x\n  - y  # last\nk: [1]\n"
    out = fix_text(y, "yaml", [fx(Edit("delete", "/m/a")), fx(Edit("add", "/l", "z")), fx(Edit("add", "/k", 2)),
                               fx(Edit("set", "/m/c", [1, "null"], after="b")), fx(Edit("rename", "/k", "K"))])
    assert out.text == 'm: {b: 2, c: [1, "null"]}\nl:\n  - x\n  - y  # last\n  - z\nK: [1, 2]\n', out.failed
    j = '{\n  "a": {"x": 1},\n  "b": []\n}\n'
    out = fix_text(j, "json", [fx(Edit("set", "/a/y", True)), fx(Edit("add", "/b", "v")), fx(Edit("delete", "/a/x"))])
    assert not out.applied or out.deferred  # /a/x and /a/y overlap: one of them waits for the next pass
    out = fix_text(j, "json", [fx(Edit("set", "/a/y", True)), fx(Edit("add", "/b", "v"))])
    assert out.text == '{\n  "a": {"x": 1, "y": true},\n  "b": ["v"]\n}\n'
    out = fix_text(j, "json", [fx(Edit("set", "/c", None, after="a"))])
    assert out.text == '{\n  "a": {"x": 1},\n  "c": null,\n  "b": []\n}\n'


def test_additions_to_one_list_from_several_fixes_merge():
    y = "type: object\nproperties: {a: {}, b: {}}\n"
    out = fix_text(y, "yaml", [fx(Edit("add", "/required", "a", after="type")),
                               fx(Edit("add", "/required", "b", after="type")),
                               fx(Edit("add", "/required", "a", after="type"))])
    assert out.text == "type: object\nrequired: [a, b]\nproperties: {a: {}, b: {}}\n"
    assert len(out.applied) == 2 and not out.deferred  # the third is the first again


def test_rendered_scalars_read_back_as_strings():
    from toolcheck.loading.yaml_loader import Limits, load_yaml

    for s in ["yes", "y", "N", "null", "~", "1.10", "0o17", "0x1F", "1e-5", "12:30", "#x", "a: b", "", " a",
              "on", "2024-01-01", "-", "a\nb", "\u2028", "\x7f", "'q'", '"dq"', "é"]:
        text = yaml_scalar(s)
        doc = load_yaml(f"k: {text}\n", Limits()).documents[0]
        assert doc == {"k": s} and type(doc["k"]) is str, (s, text)
    for x in [1e-5, 1e16, 0.5, 100.0, -2.5e-300]:
        text = yaml_float(x)
        assert load_yaml(f"k: {text}\n", Limits()).documents[0]["k"] == x, text


def test_same_is_json_equality():
    assert not same({"a": 1}, {"a": True}) and not same({"a": 1}, {"a": 1.0})
    assert not same({"a": 1, "b": 2}, {"b": 2, "a": 1}) and same([{"a": [None]}], [{"a": [None]}])
    assert apply_edits({"a": [1]}, [Edit("add", "/a", 1), Edit("set", "/b", 2, after="a")]) == {"a": [1], "b": 2}


def test_multi_document_yaml_traps_of_later_documents_get_no_fix(tmp_path):
    proj = _project(tmp_path, {"a.yaml": TRAP + "---\nenum: [on]\n"})
    p = run_cli("lint", "--select", "TC003", "--format", "json", cwd=proj)
    fixes = [f.get("fix") for f in json.loads(p.stdout)["findings"] if f["code"] == "TC003"]
    assert fixes[0] is not None and all(x is None for x in fixes[1:])


def test_lint_without_fix_imports_no_fix_machinery(tmp_path):
    """The pre-commit path pays nothing for --fix: no ruamel (issue 21's denylist), none of the text machinery."""
    import subprocess

    proj = _project(tmp_path, {"a.yaml": TRAP})  # a finding with a fix: only its model is imported
    code = ("import sys\nfrom toolcheck import cli\nsys.argv = ['toolcheck', 'lint', '--no-cache']\n"
            "try:\n    cli.main()\nexcept SystemExit:\n    pass\n"
            "bad = sorted(m for m in sys.modules if m.split('.')[0] == 'ruamel' or m in ('toolcheck.fixing.apply', "
            "'toolcheck.fixing.textedit', 'toolcheck.fixing.run', 'toolcheck.fixing.document'))\n"
            "sys.stderr.write('BAD=' + ','.join(bad) + '\\n')\n")
    p = subprocess.run([sys.executable, "-c", code], cwd=proj, capture_output=True, text=True)
    assert "BAD=\n" in p.stderr, p.stderr
    assert "TC003" in p.stdout


def test_fix_on_a_live_mcp_listing_is_not_attempted():
    from toolcheck.fixing.run import fixable

    class _SF:
        reported, origin, located, text, abspath, path = True, "mcp", False, "{}", "/x", "mcp:x"

    class _F:
        fix = fx(Edit("set", "/a", 1))
        extra = {"file": _SF()}

    assert fixable([_F()], unsafe=True) == {}


def test_a_file_with_very_many_fixes_is_fixed_fast():
    # 20,000 fixes of one file: the overlap check of each against those taken is a bisect, not a scan (the scan
    # was quadratic: ~20 s here). Judged by how the CPU time grows from 2,000 to 20,000 fixes, not by a wall-clock
    # limit, so a loaded machine cannot fail it: near-linear is ~10-15x, a scan ~100x.
    import time

    def run(n: int) -> float:
        body = "l:\n" + "".join("  - on\n" for _ in range(n))
        fixes = [fx(Edit("quote", f"/l/{i}", "on")) for i in range(n)]
        t = time.process_time()
        out = fix_text(body, "yaml", fixes)
        took = time.process_time() - t
        assert len(out.applied) == n and not out.deferred and not out.failed
        assert out.text == "l:\n" + '  - "on"\n' * n
        return took

    small = min(run(2000) for _ in range(3))
    big = run(20000)
    assert big < 40 * max(small, 0.005), f"2,000 fixes {small:.2f} s CPU, 20,000 fixes {big:.2f} s: not near-linear"


def test_overlap_index_agrees_with_a_scan():
    import random

    from toolcheck.fixing.apply import _overlaps, _Taken

    rnd = random.Random(20)
    for _ in range(200):
        taken, spans = _Taken(), []
        for k in range(rnd.randint(1, 40)):
            a = rnd.randint(0, 60)
            s = (a, a + rnd.choice((0, 0, 1, 2, 5)), "")
            if any(_overlaps(s, t) for t in spans):
                continue  # taken spans never overlap one another (the cases _compile keeps)
            assert taken.hits(s, set()) is False
            taken.add(s, k)
            spans.append(s)
        for _ in range(30):
            a = rnd.randint(0, 65)
            q = (a, a + rnd.choice((0, 1, 3, 8)), "")
            assert taken.hits(q, set()) == any(_overlaps(q, t) for t in spans)
