"""Why `--fix` splices the text instead of using ruamel.yaml's round trip: what a round trip with no edit changes.

For every YAML file tracked in this repository, load and dump it with ruamel.yaml's round-trip mode
(`preserve_quotes`) and count the files whose text changes, under three settings:

- ruamel's defaults (a user's first try): line width 80, indentation 2;
- the indentation ruamel guesses per file (`load_yaml_guess_indent`), no line wrapping;
- the best of 16 indentation settings per file (mapping 2/4/guessed, sequence and offset combinations), no line
  wrapping: what is left is not indentation but re-rendering (e.g. `[{type: number}]` -> `[type: number]`).

    python benchmarks/ruamel_roundtrip.py [--show N]

ruamel.yaml is not a toolcheck dependency; it comes with check-jsonschema (the `test` extra's reference).
"""

from __future__ import annotations

import argparse
import difflib
import io
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _dump(text: str, width: int, indent: tuple[int, int, int] | None) -> str:
    from ruamel.yaml import YAML

    y = YAML()
    y.preserve_quotes = True
    y.width = width
    if indent is not None:
        y.indent(mapping=indent[0], sequence=indent[1], offset=indent[2])
    out = io.StringIO()
    docs = list(y.load_all(text))
    if len(docs) > 1:
        y.dump_all(docs, out)
    else:
        y.dump(docs[0] if docs else None, out)
    return out.getvalue()


def main() -> None:
    from ruamel.yaml.util import load_yaml_guess_indent

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--show", type=int, default=0, help="print the first lines changed of N files (best setting)")
    args = ap.parse_args()
    files = subprocess.run(["git", "ls-files", "*.yaml", "*.yml"], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.split()
    counts = {"defaults": 0, "guessed": 0, "best": 0}
    bundled = {"defaults": 0, "guessed": 0, "best": 0}
    loadable = 0
    shown = 0
    for name in files:
        try:
            text = (ROOT / name).read_text(encoding="utf-8")
            _, ind, bsi = load_yaml_guess_indent(text)
            default = _dump(text, 80, None)
            guessed = _dump(text, 4096, (ind, ind, bsi))
        except Exception:  # noqa: BLE001 - ruamel refuses some hostile fixtures (encodings, bombs, tags)
            continue
        loadable += 1
        tries = []
        for m in (2, 4, ind, bsi):
            for s, o in ((ind, bsi), (2, 0), (4, 2), (m, 0)):
                try:
                    tries.append(_dump(text, 4096, (m, s, o)))
                except Exception:  # noqa: BLE001
                    pass
        results = {"defaults": default != text, "guessed": guessed != text, "best": all(t != text for t in tries)}
        for k, changed in results.items():
            counts[k] += changed
            bundled[k] += changed and name.startswith("contracts/")
        if results["best"] and shown < args.show:
            shown += 1
            best = min(tries, key=lambda t: sum(1 for ln in difflib.ndiff(text.splitlines(), t.splitlines())
                                                if ln[:1] in "+-"))
            print(f"== {name}")
            diff = difflib.unified_diff(text.splitlines(), best.splitlines(), lineterm="", n=0)
            print("\n".join([ln for ln in diff if ln[:1] in "+-" and not ln.startswith(("---", "+++"))][:4]))
    n_bundled = sum(1 for f in files if f.startswith("contracts/"))
    print(f"{len(files)} YAML files, {loadable} loadable by ruamel.yaml; changed by a round trip with no edit:")
    for k, label in (("defaults", "ruamel's defaults"), ("guessed", "indentation guessed per file, no wrapping"),
                     ("best", "best of 16 indentation settings per file, no wrapping")):
        print(f"  {label}: {counts[k]} files ({bundled[k]} of the {n_bundled} bundled contracts)")


if __name__ == "__main__":
    main()
