"""Which labelled pairs repeat an earlier set's pair by content (issue 18).

    python benchmarks/overlap/repeats.py            # per set: how many of its pairs repeat an earlier set's
    python benchmarks/overlap/repeats.py --ids SET  # the ids of SET's repeating pairs, one per line

The draw scripts leave out every earlier pair by its corpus lines (``A:n|A:m``), but corpus A holds some tools more
than once (the same ToolUniverse tool in two data files, one BFCL class in several entries), so a later round can
hold a pair whose two tools have the same names and descriptions as an earlier round's pair. Such a pair is not
unseen once the earlier round has been tuned on. This script finds them: two pairs are one by content when their two
tools have the same (name, description) each, in either order. Sets are taken in the order they were drawn (dev,
own, candidates, then run.ROUNDS); no labels are read and no toolcheck code is used.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run  # noqa: E402
from overlap_common import CORPUS, Resolver, load_corpus, load_pairs, pair_id  # noqa: E402


def _tool_key(t: dict) -> tuple[str, str]:
    return (str(t.get("name")), (t.get("description") or "").strip())


def content_key(r: dict, res: Resolver) -> tuple:
    """The pair as its two tools' (name, description), in either order."""
    return tuple(sorted((_tool_key(res.tool(r["a"])), _tool_key(res.tool(r["b"])))))


def earlier_sets(res: Resolver, before: str | None = None) -> list[tuple[str, Path, list[dict]]]:
    """(set, file, its usable pairs) in drawing order: dev, own, candidates, then run.ROUNDS, up to ``before``
    (left out, with every set after it)."""
    out = []
    for name, path in [("dev", run.DEV), ("own", run.OWN), ("candidates", run.CAND), *run.ROUNDS]:
        if name == before:
            break
        if path.is_file():
            out.append((name, path, [r for r in load_pairs(path) if res.available(r["a"]) and res.available(r["b"])]))
    return out


def repeats(res: Resolver) -> list[tuple[str, int, list[str], dict[str, int]]]:
    """(set, pairs, ids that repeat an earlier set's pair, {earlier set: how many}) in drawing order."""
    seen: dict[tuple, str] = {}
    out = []
    for name, _, recs in earlier_sets(res):
        ids, src = [], {}
        keys = [content_key(r, res) for r in recs]
        for r, k in zip(recs, keys, strict=True):
            if k in seen:
                ids.append(r.get("id") or pair_id(r))
                src[seen[k]] = src.get(seen[k], 0) + 1
        for k in keys:
            seen.setdefault(k, name)
        out.append((name, len(recs), ids, src))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ids", metavar="SET", help="print the ids of SET's repeating pairs")
    args = ap.parse_args(argv)
    corpus = load_corpus(CORPUS)
    if corpus is None:
        print("repeats.py needs ../shared/corpus/A/tools.jsonl", file=sys.stderr)
        return 2
    rows = repeats(Resolver(corpus))
    if args.ids:
        for name, _, ids, _ in rows:
            if name == args.ids:
                print("\n".join(ids))
        return 0
    for name, n, ids, src in rows:
        where = ", ".join(f"{k} {v}" for k, v in src.items())
        print(f"{name}: {n} pairs, {len(ids)} repeat an earlier set's pair by content" + (f" ({where})" if ids else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
