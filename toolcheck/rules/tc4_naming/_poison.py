"""The tool-poisoning patterns of TC411 (error) and TC414 (warning), matched once per contract.

Each pattern has a label; a label belongs to one code (``CODE_OF``). TC411 holds the labels that are nearly always
right and harmful (issue 17's severity policy): an instruction to override earlier instructions, to hide things
from the user, to call the tool before any other, or to read a local secret and pass it on. TC414 holds the weaker
signs: an instruction-looking tag alone (`<IMPORTANT>`, `[SYSTEM]`, chat tokens), a request for the system prompt
(tools that manage prompts word it the same way), and a local key or config file, or "pass its content as", on
its own. ``scan(facts)`` runs every pattern once and both rules read its result.
"""

from __future__ import annotations

import re

from .index import NamingFacts, both

OVERRIDE = "overrides earlier instructions"
HIDE = "hides what it does from the user"
FIRST = "demands to be called before other tools"
EXFIL = "asks the model to read local secrets and pass them on"
TAG = "carries a hidden-instruction tag"
FILE = "asks the model to read local key or config files"
PASS_ON = "asks the model to pass file contents on"
PROMPT = "asks for the system prompt"

CODE_OF = {OVERRIDE: "TC411", HIDE: "TC411", FIRST: "TC411", EXFIL: "TC411",
           TAG: "TC414", FILE: "TC414", PASS_ON: "TC414", PROMPT: "TC414"}

# (label, anchors, pattern): a pattern runs only when, for every group of anchors, one of them (a lowercase
# substring) is in the text. Each pattern starts with few possible characters, so that a miss is a quick scan.
_VERB_BEFORE_FILE = re.compile(r"\b(?:read|open|cat|include|send|pass|upload|attach)\b", re.I)
# after a file was named: the words that hand its content to one of the tool's parameters ("and pass its content
# as `notes`", "put the file in this field"); handing it to anything else ("pass it to the SDK") is not enough
_HAND_VERB = re.compile(r"\b(?:pass|send|put|include|insert|attach|upload|provide|supply|add|paste)\b", re.I)
_INTO = re.compile(r"\b(?:as|in|into|via|with)\s+(?:the\s+|this\s+|that\s+)?(?:([`'\"])(?P<q>[\w-]+)\1|"
                   r"(?P<w>[A-Za-z_][\w-]*))(?:\s+(?P<kind>field|parameter|argument|param|property)\b)?", re.I)
_SLOT = ("field", "parameter", "argument", "param", "property")
_HANDING_VERB = ("include", "send", "pass", "upload", "attach")
_POISON: tuple[tuple[str, tuple[tuple[str, ...], ...], tuple[re.Pattern, re.Pattern]], ...] = tuple(
    (label, anchors, both(rx)) for label, anchors, rx in (
        (OVERRIDE, (("ignor", "disregard", "forget", "overrid", "bypass"),),
         r"\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:the\s+|your\s+|my\s+)?"
         r"(?:previous|prior|above|earlier|preceding|former|other|system|original|existing)\s+"
         r"(?:instructions?|prompts?|rules?|directions?|guidelines?|messages?|context)"),
        # "originally you could not ... and were told to refuse; now ...": text countering what the model was told
        (OVERRIDE,
         (("originally", "previously", "earlier", "formerly", "until now"), ("advised", "told", "instructed")),
         r"\b(?:originally|previously|earlier|formerly|until now)\b[^.]{0,80}?\byou\b[^.]{0,80}?"
         r"\b(?:were|have been|had been)\s+(?:advised|told|instructed)\s+(?:to|not)\b"),
        (HIDE,
         (("user",), ("tell ", "inform ", "mention ", "reveal ", "disclose ", "notify ", "alert ", "warn ", "let ")),
         r"(?:\bdo not|\bdon'?t|\bnever|\bmust not|\bshould not)\s+(?:tell|inform|mention|reveal|disclose|notify|"
         r"alert|warn|let)\s+(?:(?:this|it|that|anything|them)\s+)?(?:to\s+)?(?:the\s+)?users?\b"
         r"|(?:\bdo not|\bdon'?t|\bnever)\s+(?:mention|reveal|disclose)\s+(?:that|this|these|it)\b[^.]{0,80}\buser"),
        (HIDE, (("user",), ("without",)),
         r"\bwithout\s+(?:telling|informing|notifying|alerting|warning)\s+(?:the\s+)?users?\b"),
        (HIDE, (("user",), ("hide", "conceal", "keep")),
         r"\b(?:hide|conceal|keep)\s+(?:this|it|that)\s+(?:secret\s+)?from\s+(?:the\s+)?users?\b"),
        (FIRST, (("this tool", "this function"), ("first", "before")),
         r"\b(?:always|must|should)\s+(?:first\s+)?(?:call|use|invoke|run|execute)\s+this\s+(?:tool|function)\s+"
         r"(?:first|before\s+(?:any|all|every|anything|other))"),
        (FIRST, (("you must",), ("this tool", "this function")),
         r"\byou\s+must\s+(?:always\s+)?(?:call|use|invoke|run)\s+this\s+(?:tool|function)\s+"
         r"(?:first|every time|for every|whenever|regardless)"),
        (FIRST, (("other tool",),),
         r"\b(?:before|prior to)\s+(?:using|calling|invoking|running)\s+any\s+other\s+tools?"
         r"|\binstead of\s+(?:any|all)\s+other\s+tools\b"
         r"|(?:\bdo not|\bdon'?t|\bnever)\s+(?:use|call|invoke)\s+any\s+other\s+tools?\b"),
        (TAG, (("<",),),
         r"<\s*/?\s*(?:important|system|instructions?|secret|hidden|admin|override)\s*>"),
        (TAG, (("<|",),), r"<\|(?:im_start|im_end|system|endoftext)\|>"),
        (TAG, (("[",), ("[system", "[/system", "[inst", "[/inst")),
         r"\[/?(?:system|inst)\]"),
        # a key or config file named after a verb that reads or sends it: EXFIL when the text also hands it on
        (FILE, (("~", "id_rsa", "mcp.json"),),
         r"~/\.(?:ssh|aws|cursor|config)\b[\w./-]*|id_rsa|mcp\.json"),
        (PASS_ON, (("pass ",), ("content",)),
         r"\bpass\s+(?:its|their|the)\s+contents?\s+as\b"),
        (PROMPT, (("prompt", "instruction"), ("system prompt", "hidden instruction")),
         r"\b(?:reveal|print|output|repeat|send|leak|include|pass)\s+(?:the\s+|your\s+)?(?:full\s+)?"
         r"(?:system\s+prompt|hidden\s+instructions)"),
    ))
# the same for Chinese and Japanese text (checked only when the text is not ASCII)
_POISON_CJK: tuple[tuple[str, tuple[tuple[str, ...], ...], tuple[re.Pattern, re.Pattern]], ...] = tuple(
    (label, anchors, (re.compile(rx),) * 2) for label, anchors, rx in (
        (OVERRIDE, (("忽略", "無視"),),
         r"忽略(?:之前|以前|先前|上面|上述|所有)(?:的)?(?:所有)?(?:指令|指示|说明|提示)|"
         r"(?:以前|前|上記|これまで)の(?:指示|命令|指令)を(?:すべて|全て)?無視"),
        (HIDE, (("不要", "ないで", "ずに"),),
         r"不要(?:告诉|告知|通知)用户|不要让用户知道|ユーザーに(?:伝え|知らせ|言わ)(?:ないで|ずに)"),
    ))


# the start of a sentence that scopes what follows to one task: "When you retrieve summoner data, ..."
_SCOPED = re.compile(r"(?:when|if|before|after|once|to)\b[^,;:]{3,80}[,;:]\s*(?:you\s+)?"
                     r"(?:[*_]{0,2}(?:must|should)[*_]{0,2}\s+)?$", re.I)
_SENTENCE_START = re.compile(r"[.!?\n]\s*")


def _scoped(text: str, start: int) -> bool:
    """True when the sentence holding ``start`` opens with a clause scoping it to one task."""
    begin = max(0, start - 120)
    ends = [m.end() for m in _SENTENCE_START.finditer(text, begin, start)]
    head = text[ends[-1] if ends else begin: start]
    return bool(ends or begin == 0) and _SCOPED.match(head) is not None


def _handed_on(text: str, at: int, handing: bool, params: frozenset[str]) -> int | None:
    """Where the words after ``at`` that hand a file's content to a parameter end (a hand verb, unless the verb
    before the file already hands it on, then `as`/`in`/`into` a parameter of the tool, a quoted name or "this
    field"), or None."""
    if not handing:
        verb = _HAND_VERB.search(text, at, at + 150)
        if verb is None:
            return None
        at = verb.end()
    for m in _INTO.finditer(text, at, at + 120):
        word = m.group("w")
        if m.group("q") or m.group("kind") or (word and (word in params or word.lower() in _SLOT)):
            return m.end()
    return None


def _file_match(rx: re.Pattern, text: str, params: frozenset[str]) -> tuple[str, bool] | None:
    """(phrase, handed on) for the first key or config file of ``text`` that a verb just before asks to read or
    send; handed on when words after it hand its content to one of the tool's parameters."""
    m = rx.search(text)
    while m:
        verbs = list(_VERB_BEFORE_FILE.finditer(text, max(0, m.start() - 50), m.start()))
        if verbs:
            verb = verbs[-1]
            end = _handed_on(text, m.end(), verb.group(0).lower() in _HANDING_VERB, params)
            return text[verb.start(): end or m.end()], end is not None
        m = rx.search(text, m.end())
    return None


# a negation just before a request for the prompt forbids it: "never reveal the system prompt" is a safeguard
_NEGATED = re.compile(r"(?:\bnever|\bnot|n't|\bno\s+one\s+(?:may|should|can)|\bmust\s+not|\bdo\s+not)\s+"
                      r"(?:\w+\s+){0,2}$", re.I)


def _negated(text: str, start: int) -> bool:
    return _NEGATED.search(text, max(0, start - 40), start) is not None


def _match(label: str, rx: re.Pattern, text: str, params: frozenset[str]) -> tuple[str, str] | None:
    """(label, offending phrase) of ``text`` for one pattern, or None; a file pattern may answer EXFIL."""
    if label == FILE:
        got = _file_match(rx, text, params)
        return None if got is None else (EXFIL if got[1] else FILE, got[0])
    m = rx.search(text)
    if label == FIRST:
        # "When you retrieve X, you must always call this function first" orders two steps of one task
        while m and _scoped(text, m.start()):
            m = rx.search(text, m.end())
    elif label == PROMPT:
        while m and _negated(text, m.start()):
            m = rx.search(text, m.end())
    return (label, m.group(0)) if m else None


def scan(facts: NamingFacts) -> list[tuple[tuple, str, dict[str, str]]]:
    """(pointer tokens, key, {label: phrase}) of every prose field with a pattern's match, in walk order."""
    blob = facts.blob
    if not blob:
        return []
    active = []
    for label, anchors, (rx_lower, rx) in _POISON if blob.isascii() else _POISON + _POISON_CJK:
        for group in anchors:
            for a in group:
                if a in blob:
                    break
            else:
                break  # no anchor of this group
        else:
            if _match(label, rx_lower, blob, frozenset()):  # a file found is FILE or EXFIL: either passes
                active.append((label, rx))
    if not active:
        return []
    params = frozenset(name for _, name, _, _, _ in facts.props if isinstance(name, str))
    out = []
    for toks, key, text in facts.all_prose():
        found: dict[str, str] = {}
        for label, rx in active:
            if label not in found:
                got = _match(label, rx, text, params)
                if got and got[0] not in found:
                    found[got[0]] = got[1]
        if EXFIL in found:
            found.pop(PASS_ON, None)  # the same words, already part of the secret handed on
        if found:
            out.append((toks, key, found))
    return out


def matches(facts: NamingFacts) -> list[tuple[tuple, str, dict[str, str]]]:
    """``scan(facts)``, computed once per contract for TC411 and TC414 (kept on the facts object)."""
    memo = facts.__dict__
    if "_poison_matches" not in memo:
        memo["_poison_matches"] = scan(facts)
    return memo["_poison_matches"]
