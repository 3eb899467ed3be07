"""The overlap benchmark's machinery (benchmarks/overlap): the labelled pairs load and resolve to real tools, the
labels and the split are valid, the metrics are right on small known cases, TC430 scores each pair on its own,
and `run.py --quick` runs end to end through the real entry point. No threshold is asserted on TC430's F1."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from .conftest import ROOT, needs_corpus

BENCH = ROOT / "benchmarks" / "overlap"
sys.path.insert(0, str(BENCH))

import overlap_common as common  # noqa: E402


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


bench_run = _load("overlap_bench_run", BENCH / "run.py")

STRATA = {"hard-deprecated", "hard-enum", "hard-list-vs-get", "hard-opposite", "hard-sibling", "hard-paraphrase",
          "hard-cross-language", "same-name", "tfidf-high", "tfidf-mid", "tfidf-low", "random"}


@pytest.fixture(scope="module")
def own() -> list[dict]:
    return common.load_pairs(common.OWN)


@pytest.fixture(scope="module")
def resolver() -> common.Resolver:
    return common.Resolver(common.load_corpus())


def test_own_pairs_are_well_formed(own):
    assert len(own) >= 250
    ids = [p["id"] for p in own]
    assert len(set(ids)) == len(ids), "a pair is drawn twice"
    for p in own:
        assert p["id"] == common.pair_id(p)
        assert p["a"] != p["b"]
        assert p["label"] in common.LABELS, p["id"]
        assert isinstance(p["why"], str) and p["why"].strip(), p["id"]
        assert p["stratum"] in STRATA, p["stratum"]
        assert p["split"] == common.split_of(p["id"]) and p["split"] in common.SPLITS
        for k in "ab":
            t = p[k]
            assert ("line" in t and "source" in t) or ("file" in t), t
            assert t["name"]
    c = Counter(p["label"] for p in own)
    assert c["overlap"] >= 50 and c["distinct"] >= 50
    share = Counter(p["split"] for p in own)["tune"] / len(own)
    assert 0.3 < share < 0.5


def test_labels_file_is_the_source_of_the_labels(own):
    labels = {x["id"]: x for x in common.load_pairs(common.HERE / "labels.jsonl")}
    assert set(labels) == {p["id"] for p in own}
    for p in own:
        assert (p["label"], p["why"]) == (labels[p["id"]]["label"], labels[p["id"]]["why"])


def test_server_pairs_resolve_and_their_files_are_in_the_manifest(own, resolver):
    manifest = json.loads((common.SERVERS / "manifest.json").read_text(encoding="utf-8"))
    files = {e["file"] for e in manifest["servers"].values()}
    server_refs = [p[k] for p in own for k in "ab" if "file" in p[k]]
    assert server_refs, "no pair from a captured server"
    for t in server_refs:
        assert t["file"] in files
        tool = resolver.tool(t)
        assert tool["name"] == t["name"] and isinstance(tool["parameters"], dict)


@needs_corpus
def test_corpus_pairs_resolve_and_are_not_in_the_dev_set(own, resolver):
    dev = {common.pair_id(r) for r in common.load_pairs(common.DEV)} if common.DEV.is_file() else set()
    for p in own:
        assert p["id"] not in dev, p["id"]
        for k in "ab":
            tool = resolver.tool(p[k])  # raises when the line holds another tool
            assert tool["name"] == p[k]["name"]


def test_metrics_on_known_cases():
    assert common.prf([True, True, False, False], [True, False, True, False]) == (0.5, 0.5, 0.5)
    assert common.prf([True, False], [False, False]) == (0.0, 0.0, 0.0)
    # positives 0.9 and 0.4, negatives 0.1 and 0.4: 3 wins and one tie out of 4 comparisons
    assert common.roc_auc([True, False, True, False], [0.9, 0.1, 0.4, 0.4]) == pytest.approx(0.875)
    assert common.roc_auc([True, True], [0.1, 0.2]) is None
    t, f1 = common.best_f1([True, True, False, False], [0.9, 0.6, 0.5, 0.1])
    assert f1 == 1.0 and t == pytest.approx(0.55)


def test_same_named_tools_get_a_host_style_prefix(resolver):
    rec = {"a": {"file": "mcp-filesystem.json", "name": "read_file", "server": "mcp-filesystem"},
           "b": {"file": "mcp-filesystem.json", "name": "read_file", "server": "mcp-filesystem"}}
    a, b = bench_run.pair_records(rec, resolver)
    assert a["name"] != b["name"] and a["name"].endswith("__read_file") and b["name"].endswith("__read_file")


def test_a_pair_scores_the_same_alone_and_in_the_batch(own, resolver):
    """TC430 sees each pair as its own two-tool set: scoring pairs together must not change a score."""
    usable = [p for p in own if resolver.available(p["a"]) and resolver.available(p["b"])][:80]
    batch = bench_run.score_pairs([bench_run.pair_records(p, resolver) for p in usable])
    picked = [i for i, (s, _) in enumerate(batch) if s > 0][:4] + [i for i, (s, _) in enumerate(batch) if s == 0][:1]
    assert len(picked) == 5
    alone = [bench_run.score_pairs([bench_run.pair_records(usable[i], resolver)])[0][0] for i in picked]
    assert alone == [batch[i][0] for i in picked]


def test_in_process_scores_are_the_cli_scores(own, resolver):
    """run.py --in-process (for iterating) gives the CLI's scores: the pair's own names as the mentions it reads, and
    0 for a pair TC430's blocking does not propose (it once compared every pair: dev precision 0.92 vs 0.96)."""
    usable = [p for p in own if resolver.available(p["a"]) and resolver.available(p["b"])][:150]
    records = [bench_run.pair_records(p, resolver) for p in usable]
    cli = [round(s, 3) for s, _ in bench_run.score_pairs(records)]
    mine = [round(s, 3) for s, _ in bench_run.score_pairs_in_process(records)]
    assert cli == mine
    assert any(cli) and not all(cli)


def test_quick_run_end_to_end(tmp_path):
    out = tmp_path / "results.json"
    t0 = time.perf_counter()
    p = subprocess.run([sys.executable, str(BENCH / "run.py"), "--quick", "--json", str(out)], capture_output=True,
                       text=True, timeout=120)
    took = time.perf_counter() - t0
    assert p.returncode == 0, p.stderr
    assert took < 30, f"--quick took {took:.1f} s"
    assert "| dataset | n | overlaps | P | R | F1 | AUC" in p.stdout
    res = json.loads(out.read_text(encoding="utf-8"))
    names = [r["dataset"] for r in res["results"]]
    assert "own-tune" in names and "own-holdout" in names
    # each fresh round is scored only once every pair of it is labelled
    for name, path in bench_run.ROUNDS:
        complete = path.is_file() and all(r.get("label") for r in common.load_pairs(path))
        assert (name in names) == complete, name


def test_no_holdout_leaves_out_every_held_out_set(tmp_path):
    # developing with --no-holdout must never score the held-out pairs (own-holdout nor the fresh round)
    out = tmp_path / "results.json"
    p = subprocess.run([sys.executable, str(BENCH / "run.py"), "--quick", "--no-holdout", "--in-process", "--json",
                        str(out)], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    names = {r["dataset"] for r in json.loads(out.read_text(encoding="utf-8"))["results"]}
    assert "own-tune" in names and not names & set(bench_run.HELD_OUT)




@pytest.mark.parametrize("script", ["draw.py", "draw_fresh.py", "draw_fresh2.py", "draw_fresh3.py", "draw_fresh4.py",
                                    "draw_fresh5.py", "draw_fresh6.py", "draw_fresh7.py",
                                    "draw_fresh8.py", "draw_fresh9.py", "draw_fresh10.py",
                                    "draw_fresh11.py"])
def test_drawn_pairs_are_what_the_stated_procedure_draws(script):
    # every labelled round is reproducible: its pairs file is exactly what its seeded procedure draws from corpus A
    if common.load_corpus(common.CORPUS) is None:
        pytest.skip("needs ../shared/corpus/A")
    p = subprocess.run([sys.executable, str(BENCH / script), "--check"], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]


def test_second_labellings_cover_their_rounds_and_agreement_refuses_a_held_out_one():
    # relabel_<round>.jsonl: the same pairs as the round, in order, each labelled again (agreement.py reads them)
    for rnd in ("fresh5", "fresh6"):
        first = common.load_pairs(BENCH / f"pairs_{rnd}.jsonl")
        second = common.load_pairs(BENCH / f"relabel_{rnd}.jsonl")
        assert [r["id"] for r in second] == [r["id"] for r in first]
        assert all(r["label"] in common.LABELS and r["why"].strip() for r in second)
    agreement = _load("overlap_agreement", BENCH / "agreement.py")
    assert agreement.kappa([True, False, False, True], [True, False, False, True]) == 1.0
    assert abs(agreement.kappa([True, True, False, False], [True, False, True, False])) < 1e-12  # chance level
    p = subprocess.run([sys.executable, str(BENCH / "agreement.py"), bench_run.HELD_OUT[-1]], capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 2 and "held out" in p.stderr
