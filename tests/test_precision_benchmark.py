"""The precision benchmark's machinery (benchmarks/precision/): sets, keys, matching, the Wilson bound, sampling,
the judged data, and the quick mode end to end against this checkout's toolcheck. No precision thresholds here:
the rules are tuned later against the judged data."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks" / "precision"
sys.path.insert(0, str(BENCH))

import run as prun  # noqa: E402
import sets as psets  # noqa: E402


def _toolcheck() -> str:
    exe = Path(sys.executable).with_name("toolcheck")
    found = str(exe) if exe.exists() else shutil.which("toolcheck")
    if not found:
        pytest.skip("no toolcheck executable beside this Python or on PATH")
    return found


# ---------------------------------------------------------------- statistics

@pytest.mark.parametrize(("k", "n", "expected"), [
    (10, 10, 0.7225),   # n / (n + z^2)
    (5, 10, 0.2366),
    (0, 10, 0.0),
    (5, 6, 0.4365),     # the "errors: 5 of 6"
    (31, 100, 0.2278),  # the "warnings: 31 of 100"
])
def test_wilson_lower_bound_on_known_values(k, n, expected):
    assert prun.wilson_lower(k, n) == pytest.approx(expected, abs=5e-4)


def test_wilson_lower_bound_without_data_is_none():
    assert prun.wilson_lower(0, 0) is None


# ---------------------------------------------------------------- the data in the repository

def test_captured_servers_match_their_manifest():
    m = psets.manifest()
    assert len(m["servers"]) >= 8
    for slug, e in m["servers"].items():
        text = (psets.SERVERS_DIR / e["file"]).read_text(encoding="utf-8")
        import hashlib
        assert hashlib.sha256(text.encode()).hexdigest() == e["sha256"], slug
        assert len(json.loads(text)["tools"]) == e["tools"], slug
        assert e["licence"] in {"MIT", "Apache-2.0", "Apache-2.0 AND MIT", "BSD-3-Clause", "ISC"}, slug
        assert e["version"] and e["package"] and e["command"] and e["captured"], slug
    for slug, e in m["not_kept"].items():
        assert not (psets.SERVERS_DIR / f"{slug}.json").exists() and e["why"], slug


def test_every_judged_record_has_a_verdict_a_reason_and_a_key():
    judged = prun.load_judged()
    assert judged, "benchmarks/precision/judged.jsonl is empty"
    assert prun.validate_judged(judged) == []
    for r in judged:
        assert r["verdict"] in {"true", "debatable", "false"}
        assert r["reason"].strip()
        fields = r["key"].split("#")[0].split("|")
        assert fields[:2] == [r["set"], r["view"]] and fields[4] == r["code"]


def test_chunks_to_judge_are_self_contained():
    for path in sorted((BENCH / "to_judge").glob("*.jsonl")):
        for line in path.open(encoding="utf-8"):
            r = json.loads(line)
            assert r["finding"]["code"] == r["code"] and r["finding"]["message"]
            assert r["tool_definition"] is not None, (path.name, r["key"])
            assert r["rule_doc"].startswith(r["code"]), (path.name, r["key"])
            assert r["set_info"]["how_linted"] and r["toolcheck_commit"]


def test_corpus_sets_skip_cleanly_without_shared(tmp_path):
    sets, note = psets.quick_sets(tmp_path)
    assert note and "corpus sets skipped" in note
    assert {s.kind for s in sets} <= {"server", "bundle"}
    sets, note = psets.all_sets(tmp_path)
    assert note and {s.kind for s in sets} <= {"server", "bundle"}


def test_only_fuzz_keeps_the_fuzzed_servers_with_their_fuzz_view_alone(tmp_path):
    sets, _ = psets.all_sets(tmp_path)
    chosen = prun.select_sets(sets, None, only_fuzz=True)
    assert sorted(s.id for s in chosen) == ["server/mcp-filesystem", "server/mcp-git"]
    assert all(s.views == ("fuzz",) for s in chosen)
    assert [s.id for s in prun.select_sets(sets, ["server/mcp-git"], only_fuzz=True)] == ["server/mcp-git"]
    full = {s.id: s.views for s in sets}
    assert "fuzz" in full["server/mcp-git"] and "as-is" in full["server/mcp-git"]  # the inputs are not changed


def test_only_fuzz_refuses_no_fuzz_and_quick():
    for other in ("--no-fuzz", "--quick"):
        with pytest.raises(SystemExit) as e:
            prun.main(["--only-fuzz", other])
        assert e.value.code == 2


# ---------------------------------------------------------------- keys and matching

def _set():
    return psets.ToolSet(id="server/x", kind="server", source="test", files={"tools_list.json": "{}"})


def _finding(code="TC407", pointer="/tools/3/inputSchema/properties/a", message="m", line=10, data=None, **kw):
    return {"code": code, "severity": "warning", "message": message, "file": "tools_list.json", "line": line,
            "column": 1, "tool": "t", "pointer": pointer, "target": None, "data": data, **kw}


def test_key_survives_message_rewording_and_line_moves():
    a, b = _finding(), _finding(message="reworded", line=99, pointer="/tools/7/inputSchema/properties/a")
    prun.attach_keys(_set(), "as-is", [a])
    prun.attach_keys(_set(), "as-is", [b])
    assert prun.key_string(a["_key"]) == prun.key_string(b["_key"])
    assert a["_key"]["pointer"] == "/inputSchema/properties/a"


def test_findings_sharing_a_pointer_are_told_apart_by_the_flagged_value():
    fs = [_finding(code="TC507", data={"matches": ["A_KEY"]}), _finding(code="TC507", data={"matches": ["B_KEY"]})]
    prun.attach_keys(_set(), "as-is", fs)
    keys = {prun.key_string(f["_key"]) for f in fs}
    assert len(keys) == 2 and all("#" in k for k in keys)


def test_matching_reports_new_and_disappeared_findings():
    kept, changed = _finding(pointer="/tools/0/inputSchema/properties/a"), _finding(pointer="/tools/0/x")
    prun.attach_keys(_set(), "as-is", [kept, changed])
    judged = [{"key": prun.key_string(kept["_key"]), "verdict": "true"},
              {"key": "server/x|as-is|tools_list.json|t|TC407||/gone|", "verdict": "true"}]
    matched, new, gone = prun.match([kept, changed], judged)
    assert matched[id(kept)]["verdict"] == "true"
    assert new == [changed]
    assert [g["key"] for g in gone] == [judged[1]["key"]]


def test_a_judged_key_without_hash_still_matches_when_a_second_finding_appears():
    one = _finding(code="TC507", data={"matches": ["A_KEY"]})
    prun.attach_keys(_set(), "as-is", [one])
    judged = [{"key": prun.key_string(one["_key"]), "vh": one["_vh"], "verdict": "false"}]
    both = [_finding(code="TC507", data={"matches": ["A_KEY"]}), _finding(code="TC507", data={"matches": ["B"]})]
    prun.attach_keys(_set(), "as-is", both)
    matched, new, gone = prun.match(both, judged)
    assert not gone and len(matched) == 1 and len(new) == 1
    assert next(iter(matched.values()))["verdict"] == "false"
    assert [f["data"]["matches"] for f in both if id(f) in matched] == [["A_KEY"]]  # by the flagged value


def test_stratified_sample_takes_all_of_rare_rules_and_ten_of_frequent_ones():
    fs = []
    for code, n in (("TC001", 3), ("TC002", 40), ("TC003", 400)):
        for i in range(n):
            f = _finding(code=code, pointer=f"/tools/0/p{i}")
            fs.append(f)
    prun.attach_keys(_set(), "as-is", fs)
    s1 = prun.sample_findings(fs, 60, seed=1)
    s2 = prun.sample_findings(fs, 60, seed=1)
    assert [prun.key_string(f["_key"]) for f in s1] == [prun.key_string(f["_key"]) for f in s2]
    counts = {c: sum(f["code"] == c for f in s1) for c in ("TC001", "TC002", "TC003")}
    assert counts["TC001"] == 3 and counts["TC002"] >= 10 and counts["TC003"] > counts["TC002"]
    assert sum(counts.values()) == 60


# ---------------------------------------------------------------- quick mode, end to end

def test_quick_mode_runs_the_installed_toolcheck_and_accounts_for_every_finding(tmp_path):
    out = tmp_path / "result.json"
    md = tmp_path / "table.md"
    p = subprocess.run([sys.executable, str(BENCH / "run.py"), "--quick", "--toolcheck", _toolcheck(),
                        "--json", str(out), "--markdown", str(md)], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]
    res = json.loads(out.read_text())
    meta, rows, table = res["meta"], res["rows"], res["table"]
    assert not res["errors"]
    servers = psets.manifest()["servers"]
    ran = {(r["set"], r["view"]) for r in rows}
    assert {(f"server/{s}", "as-is") for s in servers} <= ran
    assert {(f"server/{s}", "contracts") for s in psets.QUICK_CONTRACTS} <= ran
    for r in rows:  # toolcheck saw every tool of every set
        assert r["reported_tools"] == r["tools"], r
    assert sum(r["findings"] for r in rows) == meta["findings"] == sum(t["findings"] for t in table)
    assert len(res["new"]) + meta["matched"] == meta["findings"]
    assert meta["matched"] + len(res["gone"]) == meta["judged"]
    for t in table:
        assert t["judged"] == t["true"] + t["debatable"] + t["false"]
        if t["true"] + t["false"]:
            assert t["precision"] == round(t["true"] / (t["true"] + t["false"]), 3)
            assert t["precision_lb"] == round(prun.wilson_lower(t["true"], t["true"] + t["false"]), 3)
        if t["judged"]:
            assert t["precision_strict_lb"] == round(prun.wilson_lower(t["true"], t["judged"]), 3)
    assert "| code | name | severity |" in md.read_text()
    assert meta["seconds"] < 120  # the quick form is meant for CI (about 10 s here)


def test_round_table_reads_one_round_and_applies_the_gate(tmp_path):
    """round_table.py: the figures of one round only (a later round of another judge never mixes in), precision
    = true / (true + false), strict = true / n, and the gate per severity and default."""
    import round_table

    recs = [{"round": "fresh", "code": "TC900", "verdict": v, "key": f"k{i}", "set": "s", "view": "as-is",
             "reason": "r"} for i, v in enumerate(["true"] * 19 + ["debatable"])]
    recs += [{"round": "fresh", "code": "TC901", "verdict": v, "key": f"w{i}", "set": "s", "view": "as-is",
              "reason": "r"} for i, v in enumerate(["true"] * 4 + ["false"])]
    recs += [{"round": "before", "code": "TC900", "verdict": "false", "key": "old", "set": "s", "view": "as-is",
              "reason": "r"}]
    judged = tmp_path / "judged.jsonl"
    judged.write_text("".join(json.dumps(r) + "\n" for r in recs), encoding="utf-8")
    policy = {"TC900": {"name": "x", "severity": "error", "default": True},
              "TC901": {"name": "y", "severity": "warning", "default": True}}
    rows = {r["code"]: r for r in round_table.table(prun.load_judged(judged), "fresh", policy)}
    assert rows["TC900"]["n"] == 20 and rows["TC900"]["precision"] == 1.0 and rows["TC900"]["strict"] == 0.95
    assert round_table.gate(rows["TC900"]) == "meets"
    assert rows["TC901"]["precision"] == 0.8 and round_table.gate(rows["TC901"]) == "meets"
    assert round_table.gate({**rows["TC901"], "default": False}) == "opt-in"
    assert "| TC900 | `x` | error | on | 20 | 19 | 1 | 0 |" in round_table.markdown(list(rows.values()))


def test_rounds_filter_keeps_only_the_blind_rounds_and_the_gate_follows_the_policy():
    """`run.py --round fresh --round fresh4`: only those rounds' verdicts are matched; the markdown's gate column is
    the severity policy (error: strict >= 95%; warning: precision >= 80%)."""
    recs = [{"round": r, "key": k} for r, k in (("before", "a"), ("fresh", "b"), ("fresh4", "c"), ("after", "d"))]
    assert [r["key"] for r in prun.only_rounds(recs, ["fresh", "fresh4"])] == ["b", "c"]
    with pytest.raises(ValueError, match="fresh9"):
        prun.only_rounds(recs, ["fresh", "fresh9"])
    row = {"judged": 20, "severity": "error", "precision": 1.0, "precision_strict": 0.95}
    assert prun.gate(row) == "meets" and prun.gate({**row, "precision_strict": 0.94}) == "below"
    assert prun.gate({**row, "severity": "warning", "precision": 0.8, "precision_strict": 0.5}) == "meets"
    assert prun.gate({**row, "judged": 0}) == "—"


def test_relabel_follows_split_codes_and_the_judged_set_carries_none_of_the_old_ones():
    """relabel_codes.py: a verdict follows its finding to the code that reports it now (TC110's null default is
    TC124's, told by the message; TC2's warning cases by severity), and judged.jsonl has been relabelled."""
    import relabel_codes

    def rec(code, severity, message):
        return {"code": code, "severity": severity, "message": message,
                "key": f"s|as-is|f.json|t|{code}||/p|"}

    null = rec("TC110", "warning", "`default` null is not of type `string`")
    assert relabel_codes.new_code(null) == "TC124"
    assert relabel_codes.relabel(null, "TC124")["key"] == "s|as-is|f.json|t|TC124||/p|"
    assert relabel_codes.new_code(rec("TC110", "warning", '`default` "XL" is not one of the `enum` values')) is None
    assert relabel_codes.new_code(rec("TC110", "warning", "`examples` value null is not of type `string`")) is None
    assert relabel_codes.new_code(rec("TC201", "warning", "x")) == "TC218"
    assert relabel_codes.main(["--check"]) == 0
