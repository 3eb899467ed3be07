"""The README's rule table, generated from the registry (``python -m toolcheck.docs`` rewrites it)."""

from __future__ import annotations

import re
import sys

from .rules import FAMILIES, rules_sorted

START, END = "<!-- rules:start -->", "<!-- rules:end -->"


def rules_markdown() -> str:
    lines = ["| code | name | severity | fix | what it flags |", "|---|---|---|---|---|"]
    fam = None
    for r in rules_sorted():
        if r.family != fam:
            fam = r.family
            lines.append(f"| **{fam}** | *{FAMILIES[fam]}* | | | |")
        summary = r.summary.replace("|", "\\|")
        fx = ", ".join(x for x in ({"safe": "`--fix`", "unsafe": "`--unsafe-fixes`"}.get(r.fix),
                                   "export" if r.fixable else None) if x)
        opt = " (opt-in)" if not r.default_enabled else ""
        lines.append(f"| {r.code} | `{r.name}` | {r.severity}{opt} | {fx} | {summary} |")
    return "\n".join(lines)


def update_readme(path: str = "README.md") -> bool:
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    new = re.sub(re.escape(START) + r".*?" + re.escape(END), START + "\n" + rules_markdown() + "\n" + END, text,
                 flags=re.S)
    if new != text:
        from .fsutil import write_atomic

        write_atomic(path, new)
        return True
    return False


if __name__ == "__main__":
    changed = update_readme(sys.argv[1] if len(sys.argv) > 1 else "README.md")
    print("README.md updated" if changed else "README.md already up to date")
