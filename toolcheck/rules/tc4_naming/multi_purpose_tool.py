"""The description lists several unrelated actions: one tool doing several jobs.

What it does:
Reads each sentence of the description for actions joined by commas, "and", "or", "also" or "then" ("Search
products, place orders and email receipts") and sorts them by kind: looking things up, changing records,
communicating, buying and paying, computing, scheduling, operating systems. It reports a sentence whose
actions span `min-kinds` (default 3) kinds. Related actions ("get or update", "create, update or delete")
are one kind and never reported. In English a verb counts only when it starts a clause, has an object that is
not a noun like "history" or "address", and has the same form as the first verb (so "search orders and
emails" is one action); in Japanese, サ変 verbs (検索し、注文して、送信します) are read. Other languages are not
read.

Why is this bad?
A do-everything tool makes the model choose between the tool and its own plan, hides risky actions (paying,
e-mailing) inside a harmless-looking one, and cannot carry a precise risk level, schema or confirmation policy.

Example:
```yaml
name: gift_assistant
description: >-
  Search the gift catalogue, place an order for the chosen gift and email the receipt to the user.
parameters:
  type: object
  properties:
    query: {type: string, description: Words describing the gift.}
```

Use instead:
```yaml
name: search_gifts
description: >-
  Search the gift catalogue by keyword and return matching gifts. Use it when the user describes a gift idea;
  ordering and receipts are separate tools.
parameters:
  type: object
  properties:
    query: {type: string, description: Words describing the gift.}
```

Options:
`rules.TC406.min-kinds` (default 3): how many kinds of action in one sentence are reported.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ..base import Hit, Option, RuleSpec
from .index import TOKEN, NamingFacts, NamingIndex, punct

RULE = RuleSpec(
    "TC406", "multi-purpose-tool", severity="warning", scope="contract", index=NamingIndex,
    options={"min-kinds": Option(int, 3, "how many kinds of action in one sentence are reported", min=2)},
)

# Verb -> kind of action. Verbs of one kind are related ("get or update", "create, update or delete" are one
# job on one resource); actions of several kinds in one sentence describe several tools.
_VERB_KINDS: dict[str, tuple[str, ...]] = {
    "look things up": ("search", "find", "lookup", "query", "get", "fetch", "retrieve", "list", "read", "browse",
                       "view", "show", "display", "check", "locate", "look"),
    "change records": ("create", "add", "insert", "register", "update", "edit", "modify", "rename", "delete",
                       "remove", "erase", "purge", "archive", "save", "store", "upload", "append", "cancel"),
    "communicate": ("send", "email", "e-mail", "mail", "notify", "message", "text", "publish", "tweet", "reply",
                    "forward", "invite", "alert", "announce", "post", "sms"),
    "buy and pay": ("order", "buy", "purchase", "pay", "charge", "book", "reserve", "checkout", "refund",
                    "subscribe", "sell", "bid", "invoice"),
    "compute": ("calculate", "compute", "convert", "estimate", "analyze", "analyse", "evaluate", "predict",
                "summarize", "summarise", "translate", "classify", "forecast", "simulate", "solve"),
    "schedule": ("schedule", "remind"),
    "operate systems": ("run", "execute", "launch", "deploy", "install", "restart", "reboot", "shutdown"),
}
# "place an order", "make a payment": a light verb whose object says what it does
_LIGHT_VERBS = frozenset({"place", "make", "submit", "complete", "process", "finalize"})
_LIGHT_OBJECTS = {"order": "buy and pay", "orders": "buy and pay", "purchase": "buy and pay",
                  "payment": "buy and pay", "payments": "buy and pay", "booking": "buy and pay",
                  "reservation": "buy and pay", "call": "communicate", "calls": "communicate"}
# nouns that follow a verb-looking word in a noun phrase ("order history", "email address", "show date")
_NOUN_HEADS = frozenset({"address", "addresses", "history", "status", "details", "detail", "id", "ids", "number",
                         "numbers", "list", "lists", "type", "types", "date", "dates", "time", "times", "count",
                         "counts", "info", "information", "data", "record", "records", "name", "names", "price",
                         "prices", "value", "values", "options", "settings", "level", "levels", "rate", "rates",
                         "results", "result", "template", "templates", "body", "subject", "form", "line", "lines",
                         "total", "totals", "summary", "code", "codes", "request", "requests", "volume", "book",
                         "books", "of", "and", "or"})


def _forms(v: str) -> tuple[str, str]:
    if v.endswith(("s", "sh", "ch", "x", "z", "o")):
        return v, v + "es"
    if v.endswith("y") and len(v) > 2 and v[-2] not in "aeiou":
        return v, v[:-1] + "ies"
    return v, v + "s"


_VERB_BASE: dict[str, str] = {}
_VERB_THIRD: dict[str, str] = {}
for _kind, _verbs in _VERB_KINDS.items():
    for _v in _verbs:
        _b, _t = _forms(_v)
        _VERB_BASE[_b] = _kind
        _VERB_THIRD[_t] = _kind
for _v in _LIGHT_VERBS:
    _VERB_BASE.setdefault(_v, "")
    _VERB_THIRD.setdefault(_forms(_v)[1], "")
del _kind, _verbs, _v, _b, _t
_VERB_OF = {pw: w for w in list(_VERB_BASE) + list(_VERB_THIRD) for pw in punct([w])}
_ALL_VERB_FORMS = frozenset(_VERB_OF)

_SENTENCE = re.compile(r"[.!?]\s+(?=[A-Z])|\n\s*\n")
_CLAUSE = re.compile(r"\s*(?:,|;|:|\band\b|\bor\b|&|\bthen\b|\bas well as\b|\bplus\b)\s*", re.I)
_LEAD = re.compile(
    r"(?:(?:this|the) (?:tool|function|endpoint|api|service)\s+(?:can\s+|will\s+|is used to\s+|lets you\s+|"
    r"allows you to\s+|helps you\s+)?|(?:a )?(?:tool|function|endpoint) (?:to|that|for)\s+|use (?:this|it) to\s+|"
    r"(?:allows?|lets?|helps?|enables?) (?:you |the user |users |the agent )?(?:to )?|used to\s+)", re.I)
_MAX_ACTION_TEXT = 600  # a tool's jobs are stated up front; long reference text after that is not read
_ADVERBS = frozenset({"also", "then", "optionally", "additionally", "finally", "automatically", "can",
                      "immediately", "afterwards", "even", "will"})
# Japanese サ変 verbs: a noun followed by する/し/して/します/した is an action ("検索し、注文して、送信します")
_JA_ACTION = re.compile(
    "(検索|照会|取得|参照|作成|登録|追加|更新|編集|変更|削除|保存|送信|通知|返信|転送|投稿|連絡|注文|購入|予約|決済|"
    "支払|課金|返金|計算|翻訳|変換|分析|予測|要約|実行|起動)(?:し|する|して|します|した|でき)")
_JA_SENTENCE = re.compile("[。！？\n]")
_JA_KINDS = {
    "検索": "look things up", "照会": "look things up", "取得": "look things up", "参照": "look things up",
    "作成": "change records", "登録": "change records", "追加": "change records", "更新": "change records",
    "編集": "change records", "変更": "change records", "削除": "change records", "保存": "change records",
    "送信": "communicate", "通知": "communicate", "返信": "communicate", "転送": "communicate",
    "投稿": "communicate", "連絡": "communicate", "注文": "buy and pay", "購入": "buy and pay",
    "予約": "buy and pay", "決済": "buy and pay", "支払": "buy and pay", "課金": "buy and pay",
    "返金": "buy and pay", "計算": "compute", "翻訳": "compute", "変換": "compute", "分析": "compute",
    "予測": "compute", "要約": "compute", "実行": "operate systems", "起動": "operate systems",
}


def _actions(sentence: str) -> list[tuple[str, str]]:
    """(verb, kind) of each clause of an English sentence that starts with an action verb and has an object."""
    sentence = sentence.strip()
    lead = _LEAD.match(sentence)
    if lead:
        sentence = sentence[lead.end():]
    out: list[tuple[str, str]] = []
    form: str | None = None
    for i, clause in enumerate(_CLAUSE.split(sentence)):
        words = TOKEN.findall(clause.lower())
        while words and words[0] in _ADVERBS:
            words = words[1:]
        if len(words) < 2 or words[1] in _NOUN_HEADS:
            continue
        w = words[0]
        if w in _VERB_BASE:
            f, kind = "base", _VERB_BASE[w]
        elif w in _VERB_THIRD:
            f, kind = "third", _VERB_THIRD[w]
        else:
            continue
        if not kind:  # a light verb: its object says what it does
            obj = words[2] if words[1] in ("a", "an", "the", "one", "new") and len(words) > 2 else words[1]
            kind = _LIGHT_OBJECTS.get(obj, "")
            if not kind:
                continue
        if i == 0:
            form = f
        elif form is None or f != form:
            continue  # a noun in a list ("search orders and emails"), not a coordinated verb
        out.append((w, kind))
    return out


def check(facts: NamingFacts, options: dict[str, Any]) -> Iterator[Hit]:
    desc = facts.desc
    if not desc:
        return
    need = options["min-kinds"]
    sentences: list[list[tuple[str, str]]] = []
    verbs = _ALL_VERB_FORMS.intersection(facts.words)
    if len(verbs) >= need:
        kinds = {_VERB_BASE[w] if w in _VERB_BASE else _VERB_THIRD[w] for w in map(_VERB_OF.__getitem__, verbs)}
        if len(kinds) >= need:  # a light verb ("place", kind "") counts as a possible kind
            sentences.extend(_actions(s) for s in _SENTENCE.split(desc[:_MAX_ACTION_TEXT]))
    if not desc.isascii() and "し" in desc:
        for s in _JA_SENTENCE.split(desc):
            sentences.append([(m.group(0), _JA_KINDS[m.group(1)]) for m in _JA_ACTION.finditer(s)])
    for acts in sentences:
        kinds_seen: dict[str, str] = {}
        for verb, kind in acts:
            kinds_seen.setdefault(kind, verb)
        if len(kinds_seen) >= need:
            listed = ", ".join(f"{v} ({k})" for k, v in kinds_seen.items())
            yield Hit("/description", f"description combines {len(kinds_seen)} unrelated kinds of action: {listed}",
                      "Split the tool into one tool per job, each with its own name, description, schema and "
                      "risk; let the model chain them.", prefer_key=False, data={"actions": list(kinds_seen.values())})
            return
