#!/usr/bin/env python3
"""Build toolcheck/data/overlap/idf.json: background document frequencies for TC430's description vectors.

    python scripts/build_overlap_idf.py [../shared/corpus/A/tools.jsonl]

A document is one tool (its name words and its description, read as toolcheck.overlap.frames reads it: CJK words
mapped through the lexicon, Han text as bigrams). Only words in at least MIN_DF tools are kept; every other word
gets the idf of a word seen once. No labels are read: this is unsupervised statistics of published tool text, so
that a pair's score does not depend on the other tools of the set it is linted with.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from toolcheck.overlap.frames import prepare_text, split_sentences, surface_words  # noqa: E402
from toolcheck.overlap.lexicon import split_identifier  # noqa: E402

MIN_DF = 3
OUT = ROOT / "toolcheck" / "data" / "overlap" / "idf.json"


def main(argv: list[str]) -> int:
    src = Path(argv[0]) if argv else ROOT.parent / "shared" / "corpus" / "A" / "tools.jsonl"
    df: dict[str, int] = {}
    n = 0
    with open(src, encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            words = set(split_identifier(str(rec.get("name") or "")))
            desc = rec.get("description")
            if isinstance(desc, str) and desc.strip():
                for s in split_sentences(prepare_text(desc)):
                    words.update(surface_words(s))
            n += 1
            for w in words:
                df[w] = df.get(w, 0) + 1
    kept = {w: c for w, c in sorted(df.items()) if c >= MIN_DF}
    doc = {"provenance": f"document frequencies of words in {n} published tool definitions (corpus A: "
                         "LiveMCPBench, ToolUniverse, BFCL; name words and descriptions); words in fewer than "
                         f"{MIN_DF} tools left out; built by scripts/build_overlap_idf.py",
           "documents": n, "df": kept}
    OUT.write_text(json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{len(kept)} words of {len(df)} from {n} tools -> {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
