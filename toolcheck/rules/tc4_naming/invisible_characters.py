"""A name, description or schema string contains invisible or direction-changing characters.

What it does:
Reports, in every string and key of the contract, zero-width spaces, word joiners, byte-order marks inside
text, bidirectional overrides and isolates (U+202A-U+202E, U+2066-U+2069), Unicode tag characters
(U+E0000-U+E007F, which can spell a hidden ASCII message: the message decodes it), variation selectors
U+E0100-U+E01EF and invisible fillers. Left-to-right/right-to-left marks in Hebrew or Arabic text, and
zero-width joiners inside emoji sequences or Persian and Indic words, are legitimate and not reported.

Why is this bad?
The model reads these characters but a reviewer does not see them: they can carry hidden instructions (ASCII
smuggling), make two names that look identical differ, or reorder how text is displayed (Trojan Source).

Example:
```yaml
name: search_docs
description: "Search the product\\u200b documentation by keyword. Use it when the user asks how something works."
parameters: {type: object, properties: {}}
```

Use instead:
```yaml
name: search_docs
description: Search the product documentation by keyword. Use it when the user asks how something works.
parameters: {type: object, properties: {}}
```
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from ...model.pointer import join_pointer
from ..base import Hit, RuleSpec
from .index import ANY_INVISIBLE, MAX_DEPTH, NamingFacts, NamingIndex, short

RULE = RuleSpec("TC412", "invisible-characters", severity="warning", scope="contract", index=NamingIndex)

_RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe]")
_JOINERS = frozenset("\u200c\u200d")
_MARKS = frozenset("\u200e\u200f")


def _hidden(text: str) -> list[str]:
    """The invisible characters of ``text`` that are not legitimate where they stand."""
    found = []
    rtl = None
    for m in ANY_INVISIBLE.finditer(text):
        ch = m.group(0)
        if ch in _MARKS:
            if rtl is None:
                rtl = _RTL.search(text) is not None
            if rtl:
                continue  # direction marks belong in Hebrew and Arabic text
        elif ch in _JOINERS:
            i = m.start()
            prev = text[i - 1] if i else " "
            nxt = text[i + 1] if i + 1 < len(text) else " "
            if not (prev.isascii() and nxt.isascii()):
                continue  # emoji sequences, Persian and Indic words join with these
        found.append(ch)
    return found

def _strings(data: Any) -> Iterator[tuple[str, str, bool]]:
    """(pointer, string, is_key) of every string in ``data``, bounded."""
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    seen: set[int] = set()
    while stack:
        node, ptr, depth = stack.pop()
        if depth > MAX_DEPTH or id(node) in seen:
            continue
        seen.add(id(node))
        pairs = node.items() if isinstance(node, dict) else enumerate(node)
        for k, v in pairs:
            p = join_pointer(ptr, k)
            if isinstance(k, str):
                yield p, k, True
            if isinstance(v, str):
                yield p, v, False
            elif isinstance(v, (dict, list)):
                stack.append((v, p, depth + 1))


def _tag_text(text: str) -> str:
    return "".join(chr(ord(c) - 0xE0000) for c in text if 0xE0020 <= ord(c) <= 0xE007E)


def check(facts: NamingFacts, options: dict[str, Any]) -> Iterator[Hit]:
    contract = facts.contract
    if not facts.index.file_may_hide(contract.file):
        return
    try:
        blob = json.dumps(contract.data, ensure_ascii=False, default=str)
    except (TypeError, ValueError, RecursionError):
        blob = "\u200b"  # cannot serialise: walk it
    if not ANY_INVISIBLE.search(blob):
        return
    for ptr, text, is_key in _strings(contract.data):
        if text.isascii():
            continue
        found = _hidden(text)
        if not found:
            continue
        codes = list(dict.fromkeys(f"U+{ord(c):04X}" for c in found))
        shown = ", ".join(codes[:4]) + (", …" if len(codes) > 4 else "")
        msg = (f"{'key' if is_key else 'text'} contains {len(found)} invisible character{'s' if len(found) > 1 else ''}"
               f" ({shown})")
        hidden = _tag_text(text)
        if hidden:
            msg += f" spelling hidden text `{short(hidden, 80)}`"
        yield Hit(ptr, msg, "Remove them; retype the text if it was pasted from elsewhere.", prefer_key=is_key,
                  data={"codepoints": codes})
