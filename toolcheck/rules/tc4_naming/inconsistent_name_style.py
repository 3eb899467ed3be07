"""A tool name uses a different case style from most tools in its set.

What it does:
Classifies every tool name (after its last `.`, so `math.sum` counts as `sum`) as snake_case, camelCase,
PascalCase, kebab-case, SCREAMING_SNAKE_CASE, Prefix_snake_case (`Ensembl_get_gene`) or mixed; acronyms are
allowed inside snake_case (`get_DNA_sequence`), and one-word lowercase names fit every style and are not
counted. Within a set of tools where one style holds at least `majority` (60%) of the classified names, and at
least three names (two names are not yet a convention), it reports each tool in another style, naming the
majority style and suggesting the new name. A set is by default the contracts of one directory, except that a
file of several imported tools (an MCP `tools/list`, a vendor's tool array) is a set of its own: it is one
server's or vendor's export, and a host loading several servers side by side is not one naming convention. Tools of
different `source`s in a JSON Lines file are different sets. Two or
more tools that share a leading word no majority tool starts with (another server's `lol-champion-*` tools
merged into the set) are taken as a family of their own and not reported, and a set larger than `max-tools`
(default 128, the most tools OpenAI accepts in one request) is a catalogue rather than one tool set and is
skipped.

Why is this bad?
Models copy the pattern they see: with `search_gifts` and `getGiftDetails` side by side they misspell one of
them in calls. A consistent set is also easier to scan in logs and reviews.

Example:
```yaml
tools:
  - name: search_gifts
    description: Search the gift catalogue by keyword. Use it when the user describes a gift idea.
    parameters: {type: object, properties: {}}
  - name: get_gift_details
    description: Get the full record of one gift. Use it when the user asks about a gift found earlier.
    parameters: {type: object, properties: {}}
  - name: list_orders
    description: List the user's orders, newest first. Use it when the user asks about past purchases.
    parameters: {type: object, properties: {}}
  - name: suggestGifts
    description: Suggest gifts for a recipient. Use it when the user asks for ideas for someone.
    parameters: {type: object, properties: {}}
```

Use instead:
```yaml
tools:
  - name: search_gifts
    description: Search the gift catalogue by keyword. Use it when the user describes a gift idea.
    parameters: {type: object, properties: {}}
  - name: get_gift_details
    description: Get the full record of one gift. Use it when the user asks about a gift found earlier.
    parameters: {type: object, properties: {}}
  - name: list_orders
    description: List the user's orders, newest first. Use it when the user asks about past purchases.
    parameters: {type: object, properties: {}}
  - name: suggest_gifts
    description: Suggest gifts for a recipient. Use it when the user asks for ideas for someone.
    parameters: {type: object, properties: {}}
```

Options:
`rules.TC405.group-by` (default `directory`): what forms a set: `directory` (the contracts of one folder; each
file of several imported tools on its own), `file`, or `all` (every contract checked together). `rules.TC405.majority` (default 0.6): the share of
classified names the main style must hold. `rules.TC405.min-tools` / `max-tools` (default 3 / 128): the
smallest and largest sets checked.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from typing import Any

from ..base import Hit, Option, RuleSpec
from .index import name_words

RULE = RuleSpec(
    "TC405", "inconsistent-name-style", severity="warning", scope="set",
    options={
        "group-by": Option(str, "directory", "what forms a set of tools", choices=("directory", "file", "all")),
        "majority": Option(float, 0.6, "the share of classified names the main style must hold", min=0.5, max=1),
        "min-tools": Option(int, 3, "the smallest set checked"),
        "max-tools": Option(int, 128, "the largest set checked (larger ones are catalogues)"),
    },
)

# a word of a snake/kebab name: lowercase, or an acronym (`get_DNA_sequence`, `encode_cCREs`, `get_13F`)
_SEG = r"(?:[a-z0-9]+|[a-z0-9]*[A-Z][A-Z0-9]*s?)"
_STYLES = (
    ("snake_case", re.compile(rf"[a-z][a-z0-9]*(?:_{_SEG})+")),
    ("kebab-case", re.compile(rf"[a-z][a-z0-9]*(?:-{_SEG})+")),
    ("camelCase", re.compile(r"[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+")),
    ("PascalCase", re.compile(r"[A-Z][A-Z0-9]*[a-z][A-Za-z0-9]*")),
    ("SCREAMING_SNAKE_CASE", re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")),
    ("Prefix_snake_case", re.compile(rf"[A-Z][A-Za-z0-9]*(?:_[A-Z0-9]+)*(?:_[a-z][a-z0-9]*)(?:_{_SEG})*")),
)
_NEUTRAL = re.compile(r"[a-z][a-z0-9]*|[A-Z][A-Z0-9]*")


def name_style(name: str) -> str | None:
    """The case style of a tool name (the part after its last `.`); None when one word fits every style."""
    base = name.rsplit(".", 1)[-1]
    if not base or _NEUTRAL.fullmatch(base):
        return None
    for style, rx in _STYLES:
        if rx.fullmatch(base):
            return style
    return "mixed-style"


def _restyle(name: str, style: str, prefixes: dict[str, str]) -> str | None:
    base = name.rsplit(".", 1)[-1]
    namespace = name[: len(name) - len(base)]
    words = name_words(base)
    if not words:
        return None
    if style == "snake_case":
        out = "_".join(words)
    elif style == "kebab-case":
        out = "-".join(words)
    elif style == "camelCase":
        out = words[0] + "".join(w.capitalize() for w in words[1:])
    elif style == "PascalCase":
        out = "".join(w.capitalize() for w in words)
    elif style == "SCREAMING_SNAKE_CASE":
        out = "_".join(w.upper() for w in words)
    elif style == "Prefix_snake_case" and words[0] in prefixes:
        out = "_".join([prefixes[words[0]], *words[1:]])
    else:
        return None
    return namespace + out


def _group_key(contract, group_by: str, per_file: dict[str, int]) -> tuple:
    src = contract.metadata.get("source")
    if group_by == "all":
        return (src,)
    path = contract.file.path
    if group_by == "file" or (contract.format != "contract" and per_file[path] >= 2):
        return (src, path)  # a file of several imported tools: one server's or vendor's export
    return (src, os.path.dirname(path))


def _head(name: str) -> str:
    words = name_words(name.rsplit(".", 1)[-1])
    return words[0] if words else ""


def check(contracts, options: dict[str, Any]) -> Iterator[Hit]:
    named = [c for c in contracts if c.name]
    per_file: dict[str, int] = {}
    for c in named:
        per_file[c.file.path] = per_file.get(c.file.path, 0) + 1
    groups: dict[tuple, list] = {}
    for c in named:
        groups.setdefault(_group_key(c, options["group-by"], per_file), []).append(c)
    for members in groups.values():
        if len(members) <= options["max-tools"]:
            yield from _check_set(members, options)


def _check_set(members: list, options: dict[str, Any]) -> Iterator[Hit]:
    styled = [(c, s) for c in members if (s := name_style(c.name)) is not None]
    if len(styled) < max(options["min-tools"], 2):
        return
    counts: dict[str, int] = {}
    for _, s in styled:
        counts[s] = counts.get(s, 0) + 1
    main, n_main = max(counts.items(), key=lambda kv: (kv[1], kv[0] != "mixed-style"))
    if main == "mixed-style" or n_main < 3 or n_main == len(styled) or n_main / len(styled) < options["majority"]:
        return
    main_heads = {_head(c.name) for c, s in styled if s == main}
    prefixes = {}
    if main == "Prefix_snake_case":
        for c, s in styled:
            if s == main:
                p = c.name.rsplit(".", 1)[-1].split("_", 1)[0]
                prefixes.setdefault(p.lower(), p)
    odd = [(c, s, _head(c.name)) for c, s in styled if s != main]
    family: dict[tuple[str, str], int] = {}
    for _, s, h in odd:
        family[(s, h)] = family.get((s, h), 0) + 1
    for c, s, h in odd:
        if family[(s, h)] >= 2 and h not in main_heads:
            continue  # a family of its own (another server's tools merged into this set)
        better = _restyle(c.name, main, prefixes)
        help_ = (f"Rename it to `{better}` ({main}) so that the set reads consistently."
                 if better and better != c.name else f"Rename it in {main}, like the other tools of its set.")
        yield Hit("/name", f"tool name `{c.name}` is {s}, but {n_main} of the {len(styled)} tools in its set "
                  f"use {main}", help_, subject=c, prefer_key=False,
                  data={"style": s, "majority_style": main, "suggestion": better})
