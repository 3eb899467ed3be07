"""A free string parameter lists its allowed values in prose instead of an `enum`.

What it does:
Reads the description of every `string` parameter without `enum`, `const`, `pattern` or `format` for a
closed list of values: "one of: tokyo, osaka", "Allowed values: a, b, c", "either 'asc' or 'desc'",
"`celsius` or `fahrenheit`", "local branches ('local'), remote ones ('remote') or all ('all')", "可选值：a、b",
"「昇順」または「降順」", "次のいずれか: ...". It does not report
examples ("e.g.", "such as", "例えば"), formats and prefixes ("must start with 'http://' or 'https://'"),
sources ("via `get_x` or `get_y`"), open lists ("etc.", "など"), strings that take several values ("comma-
separated"), loose matches ("case-insensitive", "partial match"), or lists that name other parameters or
tools ("provide either this or `gene_id`"). The finding's `data.enum` holds the parsed values.

Why is this bad?
The model may send "Celsius", "C" or "metric"; nothing rejects them before the handler. An `enum` is shown to
the model as a closed list, enforced by strict modes and checked by every validator.

Example:
```yaml
name: estimate_delivery_cost
description: >-
  Estimate the delivery cost of a parcel before the user orders. Use it when the user asks about shipping.
parameters:
  type: object
  properties:
    speed: {type: string, description: "Delivery speed, one of: standard, express, next_day."}
```

Use instead:
```yaml
name: estimate_delivery_cost
description: >-
  Estimate the delivery cost of a parcel before the user orders. Use it when the user asks about shipping.
parameters:
  type: object
  properties:
    speed: {type: string, enum: [standard, express, next_day], description: Delivery speed.}
```
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import NamingFacts, NamingIndex, both, label, prop_pointer

RULE = RuleSpec("TC409", "enum-in-description", severity="warning", scope="contract", index=NamingIndex)

_QUOTES = "\"'`‘’“”「」『』"
_QUOTED = (r"(?:\"[^\"\n]{1,40}\"|'[^'\n]{1,40}'|`[^`\n]{1,40}`|‘[^’\n]{1,40}’|“[^”\n]{1,40}”|「[^」\n]{1,40}」|"
           r"『[^』\n]{1,40}』)")
_QUOTED_RX = re.compile(_QUOTED)
# "'asc' or 'desc'", "`celsius` or `fahrenheit`", "\"a\", \"b\" or \"c\"", "「昇順」または「降順」"
_NOTE = r"(?:\s*[(（][^)）\n]{0,20}[)）])?"  # "'conda' (default), 'pypi' or 'standard_python'"
_QUOTED_ALTS = re.compile(
    _QUOTED + _NOTE + r"(?:\s*(?:,|/|\||、|，)\s*" + _QUOTED + _NOTE + r")*\s*(?:,?\s*\bor\b|または|或者?|或是|か|\||/)\s*"
    + _QUOTED)
# "either asc or desc"
_EITHER = both(r"\beither\s+([\w\-.'\"`]{1,30})\s+or\s+([\w\-.'\"`]{1,30})(?=[\s.,;:)]|$)")
# "one of: a, b, c" / "Allowed values: a, b" / "可选值：a、b" / "次のいずれか: a, b"
_CUE = both(
    r"\b(?:one of(?: the following)?(?: values| options)?|"
    r"(?:allowed|possible|valid|accepted|acceptable|supported|available|permitted|other)\s+"
    r"(?:values?|options?|choices?|modes?|types?)(?:\s+(?:are|is|include))?|"
    r"(?:options|choices|values)\s+(?:are|include)|choose from|select from|options|choices)\s*[:：]?\s*"
    r"|(?:可选值|可选项|可选|取值范围|取值|可以是|可为|只能是|必须是|选项|のいずれか|のどれか|いずれか|選択肢|"
    r"指定可能な値)(?:为|為|是|有|は|：|:|\s)*")
_LIST_TAIL = re.compile(r"(?:[^.;\n。；]|\.(?=\S))*")
_PARENS = re.compile(r"\s*[(（][^)）]*[)）]")
# text just before a list that makes it examples, a format or a source rather than the allowed values
_NOT_VALUES = both(
    r"e\.g\b|\bfor example|\bsuch as|\bfor instance|\blike\b|\bexamples?\b|\bi\.e\b|\bincluding|\bsee\b|"
    r"\bstart(?:s|ing)? with|\bbegin(?:s|ning)? with|\bend(?:s|ing)? with|\bprefix|\bsuffix|\bformat|"
    r"\bin the form|\bpattern|\bvia\b|\bfrom\b|\busing\b|\bcalling\b|\breturned by|\bobtained|"
    r"例如|比如|例えば|形式|格式|通过|由|から|で取得")
# descriptions of strings that take several values, or loose matches: an enum would be wrong
_NOT_ENUM = ("comma", "separated", "multiple", "partial", "insensitive", "and/or", "regex", "逗号", "カンマ", "区切り",
             "分隔")
_OPEN_LIST = re.compile(r"\betc\b|\.\.\.|…|\band (?:so on|more)\b|\bothers?\b|等|など", re.I)
_VALUE = re.compile(r"[\w\-.+/@#*]+(?: [\w\-.+]+){0,2}")
_ITEM_SPLIT = re.compile(r"\s*(?:,|/|\||、|，|\bor\b|\band\b|または|或者?|或是|及び|和)\s*")
# in a comma-separated list a slash belongs to a value ("Books/Review"); only "a/b" or "a|b" alone splits there
_COMMA_SPLIT = re.compile(r"\s*(?:,|、|，|\bor\b|\band\b|または|或者?|或是|及び|和)\s*")
_DEFAULT_IN_TEXT = both(r"\bdefault(?:s)?(?:\s+(?:is|value is|to))?\s*[:=]?\s*['\"`]([\w\-.:/]+)['\"`]")
_EXAMPLE_QUOTED = both(r"(?:e\.g\.|for example|examples?|such as)[:,]?\s*(" + _QUOTED + ")")
# cheap first looks (on the lowercased description) before the real parse
_ENUM_WORDS = ("one of", "either", "options", "choices", "choose from", "select from", "values are", "values include")
_ENUM_KINDS = ("value", "option", "choice", "mode", "type")
_ENUM_ADJS = ("allowed ", "possible ", "valid ", "accepted ", "acceptable ", "supported ", "available ",
              "permitted ", "other ")
_ENUM_CJK = re.compile("可选|取值|可以是|可为|只能是|必须是|いずれか|選択肢|どれか|指定可能|选项")
# a closing quote, then "or" / "|" / "/" (or a CJK "or"), then an opening quote: "'asc' or 'desc'", "」または「"
_QUOTED_OR = re.compile(
    r"[\"'`’”」』](?:\s*[(（][^)）\n]{0,20}[)）])?\s*,?\s*(?:or|OR|Or|\||/|または|或者?|或是|か)\s*[\"'`‘“「『]")


def _enum_gate(desc: str, low: str) -> bool:
    for w in _ENUM_WORDS:
        if w in low:
            return True
    for w in _ENUM_KINDS:
        if w in low:
            for a in _ENUM_ADJS:
                if a in low:
                    return True
            break
    if not low.isascii() and _ENUM_CJK.search(low):
        return True
    return _QUOTED_OR.search(desc) is not None or _PAREN_QUOTED.search(desc) is not None


_CUE_WORDS = ("one of", "option", "choice", "choose from", "select from", "value", "mode", "type")


def _has_cue_word(low: str) -> bool:
    if not low.isascii():
        return True
    for w in _CUE_WORDS:
        if w in low:
            return True
    return False


def _clean_value(v: str) -> str:
    return v.strip().strip(_QUOTES).strip("()[]{}").strip().rstrip(".:;,").strip(_QUOTES).strip()


def _ok_value(v: str) -> bool:
    return bool(v) and len(v) <= 40 and _VALUE.fullmatch(v) is not None and not v.endswith(("://", ":"))


def _parse_values(text: str) -> list[str] | None:
    if _OPEN_LIST.search(text):
        return None
    vals = []
    text = _PARENS.sub("", text)
    split = _COMMA_SPLIT if ("," in text or "、" in text or "，" in text) else _ITEM_SPLIT
    for part in split.split(text):
        v = _clean_value(part)
        if not v:
            continue
        if not _ok_value(v):
            return None
        vals.append(v)
    uniq = list(dict.fromkeys(vals))
    return uniq if len(uniq) >= 2 else None


_CLAUSE_END = re.compile(r"(?<!e\.g)(?<!i\.e)(?<!etc)[.;]\s|。|；")


def _before(desc: str, start: int) -> str:
    """The text of the same sentence before ``start`` (at most 40 characters)."""
    window = desc[max(0, start - 40): start]
    ends = [m.end() for m in _CLAUSE_END.finditer(window)]
    return window[ends[-1]:] if ends else window


def enum_values(desc: str) -> list[str] | None:
    """The closed list of values a parameter description spells out, or None."""
    low = desc.lower()
    for w in _NOT_ENUM:
        if w in low:
            return None
    # match on the lowercased text (fast); positions are the original's when lowercasing kept the length
    k, text = (0, low) if len(low) == len(desc) else (1, desc)
    vals = _cue_values(desc, low, text, k)
    if vals is None and "either" in low:
        vals = _either_values(desc, text, k)
    if vals is None and _QUOTED_OR.search(desc):
        vals = _quoted_values(desc, text, k)
    if vals is None and "(" in desc:
        vals = _paren_values(desc, text, k)
    if vals is None or _example_outside(vals, text, k):
        return None
    if "other option" in low:
        d = _DEFAULT_IN_TEXT[k].search(text)
        if d:
            v = desc[d.start(1): d.end(1)]
            if v not in vals:
                vals.insert(0, v)
    return vals


def _cue_values(desc: str, low: str, text: str, k: int) -> list[str] | None:
    """The list after a cue ("one of: a, b, c", "Allowed values: a, b"), or None."""
    m = _CUE[k].search(text) if _has_cue_word(low) else None
    if m and not _NOT_VALUES[k].search(_before(text, m.start())):
        tail = _LIST_TAIL.match(desc, m.end())
        if tail:
            return _parse_values(tail.group(0))
    return None


def _either_values(desc: str, text: str, k: int) -> list[str] | None:
    """The two values of "either asc or desc", or None."""
    m = _EITHER[k].search(text)
    if m and not _NOT_VALUES[k].search(_before(text, m.start())):
        a, b = _clean_value(desc[m.start(1): m.end(1)]), _clean_value(desc[m.start(2): m.end(2)])
        if a != b and _ok_value(a) and _ok_value(b):
            return [a, b]
    return None


def _quoted_values(desc: str, text: str, k: int) -> list[str] | None:
    """The quoted alternatives of "'asc' or 'desc'" (not an open list: "..., etc."), or None."""
    m = _QUOTED_ALTS.search(desc)
    if m and not _NOT_VALUES[k].search(_before(text, m.start())):
        if not _OPEN_LIST.match(desc[m.end(): m.end() + 12].strip(" ,")):
            items = list(dict.fromkeys(_clean_value(i) for i in _QUOTED_RX.findall(m.group(0))))
            if len(items) >= 2 and all(_ok_value(v) for v in items):
                return items
    return None


def _example_outside(vals: list[str], text: str, k: int) -> bool:
    """Does the description quote an example that is not one of ``vals`` (then the list is not the whole story)?"""
    known = {v.lower() for v in vals}
    for ex in _EXAMPLE_QUOTED[k].finditer(text):
        if _clean_value(ex.group(1)).lower() not in known:
            return True
    return False


# "local branches ('local'), remote branches ('remote') or all branches ('all')": each value in parentheses
_PAREN_QUOTED = re.compile(r"[(（]\s*(" + _QUOTED + r")\s*[)）]")
_OR = re.compile(r"\bor\b|または|或", re.I)


def _paren_values(desc: str, text: str, k: int) -> list[str] | None:
    """The values of a sentence that names each choice in parentheses, the last after an "or"."""
    found = list(_PAREN_QUOTED.finditer(desc))
    if len(found) < 2:
        return None
    run = found[:1]
    for m in found[1:]:
        gap = desc[run[-1].end(): m.start()]
        if len(gap) > 60 or _CLAUSE_END.search(gap + " "):
            break
        run.append(m)
    if len(run) < 2 or not _OR.search(desc[run[-2].end(): run[-1].start()]):
        return None
    if _NOT_VALUES[k].search(_before(text, run[0].start())):
        return None
    items = list(dict.fromkeys(_clean_value(m.group(1)) for m in run))
    return items if len(items) >= 2 and all(_ok_value(v) for v in items) else None


_CLOSED_KEYS = frozenset({"enum", "const", "pattern", "format", "anyOf", "oneOf", "$ref"})


def _free_string(schema: dict) -> bool:
    t = schema.get("type")
    if t != "string":
        if t.__class__ is str:
            if t.lower() != "string":
                return False
        elif not (t.__class__ is list and {x.lower() for x in t if isinstance(x, str)} in ({"string"},
                                                                                       {"string", "null"})):
            return False
    return _CLOSED_KEYS.isdisjoint(schema)


def check(facts: NamingFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for parent, name, s, ppath, siblings in facts.props:
        desc = s.get("description")
        if desc.__class__ is not str or len(desc) < 6:
            continue
        t = s.get("type")
        if t == "string" or (t.__class__ is str and t.lower() == "string"):
            if not _CLOSED_KEYS.isdisjoint(s):
                continue
        elif t.__class__ is not list or not _free_string(s):
            continue
        low = desc.lower()
        if not _enum_gate(desc, low):
            continue
        vals = enum_values(desc)
        if not vals:
            continue
        if any(v in siblings for v in vals):
            continue  # "provide either this or gene_id": other parameters, not values
        if any(v in facts.index.tool_names for v in vals):
            continue
        default = s.get("default")
        if isinstance(default, str) and default and default not in vals:
            vals.insert(0, default)
        yield Hit(prop_pointer(parent, name), f"parameter `{label(ppath + (name,))}` is a free string, but its "
                  "description lists the values "
                  f"{', '.join(f'`{v}`' for v in vals)}",
                  f"Declare them: `enum: {json.dumps(vals, ensure_ascii=False)}`, so that the model can only send "
                  "one of them.", data={"enum": vals})

