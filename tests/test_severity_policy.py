"""One code, one default severity (issue 17): with no `severity:` in the config, every finding has the severity
its code declares, so `severity:` and `--select` in a config each mean one thing.

The fixtures check it case by case (tests/test_fixtures.py); this checks the bundled contracts under every
target and a sample of corpus A (skipped without ../shared). Codes that still pick a severity per finding are
listed in tests/fixture_harness.py (MIXED_SEVERITY), a list that may only shrink.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import run_engine
from .fixture_harness import MIXED_SEVERITY, off_default

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "A"
SAMPLE_EVERY = 7  # every 7th record of corpus A: ~1,000 tools, every vendor format it holds


@pytest.mark.parametrize("command,target", [("lint", None), ("validate", ["all"])])
def test_bundled_contracts_findings_have_their_codes_default_severity(command, target):
    if not (ROOT / "contracts").is_dir():
        pytest.skip("no bundled contracts")
    r = run_engine(command, cwd=ROOT, target=target)
    assert not off_default(r.findings)


def test_corpus_sample_findings_have_their_codes_default_severity(tmp_path):
    tools = CORPUS / "tools.jsonl"
    if not tools.is_file():
        pytest.skip("no ../shared/corpus/A")
    lines = tools.read_text(encoding="utf-8").splitlines(keepends=True)
    (tmp_path / "contracts").mkdir()
    (tmp_path / "contracts" / "tools.jsonl").write_text("".join(lines[::SAMPLE_EVERY]), encoding="utf-8")
    (tmp_path / "toolcheck.yaml").write_text("paths: [contracts]\n", encoding="utf-8")
    r = run_engine("validate", cwd=tmp_path, target=["all"])
    assert r.findings, "the sample should raise findings"
    off = off_default(r.findings)
    assert not off, f"{len(off)} findings off their code's default, e.g. " + "; ".join(off[:5])


def test_mixed_severity_list_names_rules_that_exist():
    from toolcheck.rules import load_rules

    rules = load_rules()
    assert set(MIXED_SEVERITY) <= set(rules)


def test_vendor_narrower_codes_are_rules_of_that_severity():
    """toolcheck.vendors.rules.NARROWER (kind, severity) -> the rule reporting it: every entry names a registered
    rule declared at that severity, and the kind's own rule keeps the other severity."""
    from toolcheck.rules import code_for_name, load_rules
    from toolcheck.vendors.rules import EXPORT_NOTES, NARROWER

    rules = load_rules()
    for (kind, severity), name in {**NARROWER, **{("", s): n for s, n in EXPORT_NOTES.items()}}.items():
        assert rules[code_for_name(name)].severity == severity, name
        if kind:
            assert rules[code_for_name(kind)].severity != severity, kind
