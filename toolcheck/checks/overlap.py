"""TC43x: tools whose purpose overlaps.

One rule, TC430 ``overlapping-tools``, documented in its docstring (what the evidence is, how it is weighted,
the options). Implementation notes:

* Offline and deterministic: tables in this module (verb classes and families, noun synonyms, antonyms, stop
  words, a small CJK lexicon) and statistics of the compared tools themselves. No randomness; sets are only
  used for membership, every output order comes from sorted keys or from the order of first appearance.
* Weights: ``1 + ln((n + 1 + B) / (df + 1))`` per term, ``n`` tools in the group, ``B = _BACKGROUND`` a prior
  so that a set of two tools does not make every shared word look common. Descriptions compare by cosine over
  these weights, names and parameters by weighted Jaccard; verbs and parameters are further scaled by their
  rarity (same verb ``get`` in a group of getters says little).
* Boilerplate: per group, a sentence that ``_BOILERPLATE_MIN_TOOLS`` tools repeat, once each tool's own name
  words are removed from it, is dropped from descriptions that have other sentences.
* Scale: candidates, never all pairs. A pair is scored when it shares an index key: one of the rarest terms of
  both descriptions (prefix filtering under one global order: the rarest terms holding 40% of a description's
  squared weight, so every pair whose descriptions have a cosine above 0.775 shares one), the same name terms,
  the rarest name term, or the same parameter set. Keys shared by more than ``_MAX_POSTING`` tools are not
  expanded, and at most ``_MAX_CANDIDATES`` pairs are scored per group (shortest posting lists first). The
  7,078 tools of the shared corpus give ~67,000 candidates out of 25 million pairs, and lose under 1% of the
  pairs an exhaustive comparison reports.
* Scoring stops early when even identical descriptions could not lift a pair over the threshold.
"""

from __future__ import annotations

import math
import re
import unicodedata
from functools import cache, lru_cache
from itertools import islice
from typing import Any

from ..model.findings import Hit
from ..registry import rule

# ------------------------------------------------------------------------------------------------ vocabulary

# class -> (family, verbs). Nominal forms (conversion, finder) name the verb of noun-first names
# (currency_conversion, restaurant_finder).
_VERB_TABLE: dict[str, tuple[str, tuple[str, ...]]] = {
    "search": ("read", ("search", "find", "lookup", "look", "query", "locate", "discover", "seek", "explore",
                        "finder", "searcher", "locator")),
    "get": ("read", ("get", "fetch", "retrieve", "read", "load", "obtain", "show", "view", "display", "describe",
                     "access", "pull", "download", "grab", "retrieval", "fetcher", "getter", "reader", "loader")),
    "list": ("read", ("list", "enumerate", "browse", "listing")),
    "check": ("read", ("check", "verify", "validate", "test", "is", "has", "can", "ensure", "validation",
                       "verification", "validator", "checker")),
    "compute": ("compute", ("calculate", "calc", "compute", "estimate", "evaluate", "determine", "measure",
                            "count", "solve", "quantify", "calculation", "calculator", "computation", "estimation",
                            "estimator", "evaluation", "evaluator", "solver", "counter")),
    "recommend": ("recommend", ("suggest", "recommend", "propose", "advise", "recommendation", "suggestion",
                                "recommender", "proposal")),
    "create": ("create", ("create", "add", "new", "insert", "make", "register", "generate", "build", "upload",
                          "produce", "append", "compose", "creation", "creator", "generator", "generation",
                          "builder", "registration", "insertion")),
    "save": ("create", ("save", "store", "persist", "write", "put", "writer")),
    "delete": ("delete", ("delete", "remove", "drop", "destroy", "purge", "erase", "clear", "unregister", "del",
                          "rm", "trash", "unlink", "wipe", "deletion", "removal", "eraser")),
    "update": ("update", ("update", "edit", "modify", "set", "change", "patch", "alter", "rename", "replace",
                          "upsert", "adjust", "configure", "toggle", "modification", "updater", "editor")),
    "send": ("send", ("send", "submit", "post", "notify", "email", "mail", "message", "publish", "dispatch", "broadcast",
                      "tweet", "share", "forward", "reply", "sms", "text", "notification", "sender", "mailer")),
    "cancel": ("cancel", ("cancel", "abort", "revoke", "void", "withdraw", "undo", "rollback", "cancellation")),
    "run": ("run", ("run", "execute", "exec", "invoke", "trigger", "launch", "start", "perform", "execution",
                    "runner", "executor")),
    "resume": ("resume", ("resume", "continue", "unpause")),
    "stop": ("stop", ("stop", "halt", "pause", "kill", "terminate", "end", "shutdown", "suspend")),
    "buy": ("buy", ("buy", "purchase", "checkout", "pay", "charge", "payment")),
    "refund": ("refund", ("refund", "reimburse")),
    "reserve": ("reserve", ("reserve", "book", "reservation", "booking")),
    "translate": ("translate", ("translate", "translation", "translator")),
    "convert": ("convert", ("convert", "transform", "cast", "conversion", "converter", "transformation")),
    "encode": ("encode", ("encode", "encrypt", "encoder", "encryption")),
    "decode": ("decode", ("decode", "decrypt", "decoder", "decryption")),
    "summarize": ("summarize", ("summarize", "summarise", "condense", "summary", "summarization", "summarizer")),
    "analyze": ("analyze", ("analyze", "analyse", "inspect", "assess", "examine", "review", "audit", "scan",
                            "diagnose", "analysis", "analyzer", "analyser", "inspection", "assessment")),
    "predict": ("predict", ("predict", "forecast", "classify", "infer", "detect", "prediction", "predictor",
                            "classification", "classifier", "detection", "detector", "inference")),
    "plot": ("plot", ("plot", "draw", "visualize", "visualise", "render", "chart", "graph", "visualization",
                      "plotter", "renderer")),
    "sort": ("sort", ("sort", "rank", "reorder", "sorter", "ranking")),
    "filter": ("filter", ("filter",)),
    "compare": ("compare", ("compare", "diff", "comparison", "comparator")),
    "login": ("login", ("login", "signin", "authenticate", "logon", "auth", "authentication")),
    "logout": ("logout", ("logout", "signout", "logoff")),
    "subscribe": ("subscribe", ("subscribe", "follow", "watch", "subscription")),
    "unsubscribe": ("unsubscribe", ("unsubscribe", "unfollow", "unwatch")),
    "copy": ("copy", ("copy", "duplicate", "clone")),
    "move": ("move", ("move", "transfer", "relocate")),
    "approve": ("approve", ("approve", "accept", "confirm", "approval", "confirmation")),
    "reject": ("reject", ("reject", "decline", "deny", "rejection")),
    "enable": ("enable", ("enable", "activate")),
    "disable": ("disable", ("disable", "deactivate")),
    "lock": ("lock", ("lock",)),
    "unlock": ("unlock", ("unlock",)),
    "open": ("open", ("open",)),
    "close": ("close", ("close",)),
    "connect": ("connect", ("connect", "attach", "link", "bind", "connection")),
    "disconnect": ("disconnect", ("disconnect", "detach", "unbind")),
    "restore": ("restore", ("restore", "recover", "undelete", "revert", "recovery")),
    "archive": ("archive", ("archive",)),
    "import": ("import", ("import", "ingest")),
    "export": ("export", ("export", "exporter")),
    "install": ("install", ("install", "installation", "installer")),
    "uninstall": ("uninstall", ("uninstall",)),
    "invite": ("invite", ("invite", "invitation")),
    "assign": ("assign", ("assign", "allocate", "assignment")),
    "schedule": ("schedule", ("schedule", "scheduler")),
    "track": ("track", ("track", "monitor", "tracker", "tracking", "monitoring")),
    "merge": ("merge", ("merge", "combine", "join")),
    "split": ("split", ("split",)),
    "play": ("play", ("play", "player")),
    "parse": ("parse", ("parse", "extract", "parser", "extraction", "extractor")),
    "format": ("format", ("format", "formatter", "prettify", "beautify")),
    "click": ("click", ("click", "tap")),
    "hover": ("hover", ("hover",)),
    "scroll": ("scroll", ("scroll",)),
    "navigate": ("navigate", ("navigate", "goto", "visit")),
    "fill": ("fill", ("fill", "type")),
    "select": ("select", ("select", "choose", "pick")),
    "wait": ("wait", ("wait",)),
    "capture": ("capture", ("capture", "screenshot", "snapshot")),
    "resize": ("resize", ("resize", "crop", "scale")),
}
# Words that are verbs only in a name's verb slot: inside descriptions they are mostly nouns or adjectives
# ("a list of", "the query", "set of", "in the end"), so there they stay plain words.
_AMBIGUOUS = frozenset({
    "look", "query", "show", "view", "display", "access", "list", "listing", "check", "test", "is", "has", "can",
    "count", "counter", "new", "set", "change", "patch", "post", "email", "mail", "message", "share", "text",
    "sms", "end", "start", "run", "charge", "book", "booking", "cast", "draw", "chart", "graph", "rank", "filter",
    "watch", "link", "clear", "play", "player", "open", "close", "lock", "track", "split", "join", "review",
    "scan", "audit", "forward", "reply", "void", "put", "pay", "store", "load", "pull", "diff", "follow", "auth",
    "import", "export", "archive", "schedule", "merge", "format", "type", "pick", "scale", "snapshot", "capture",
    "fill", "select", "payment", "connection", "summary", "editor", "reader", "writer", "builder", "monitoring",
    "tracking", "ranking", "subscription", "transformation", "detection", "classification", "analysis",
    "assessment", "evaluation", "prediction", "inference", "creation", "generation", "registration",
    "installation", "assignment", "comparison", "extraction", "visualization", "notification", "confirmation",
    "approval", "recovery", "execution", "translation", "conversion", "reservation", "suggestion",
    "recommendation", "calculation", "estimation", "computation", "validation", "verification", "retrieval",
})
_AMBIGUOUS_STEMS = frozenset(_AMBIGUOUS)  # completed below, once _stem exists
# a few classes that are not synonyms but often name the same operation (get_bmi / calculate_bmi)
_RELATED_CLASSES = frozenset({frozenset({"get", "compute"})})

# noun synonyms: word -> canonical word
_NOUN_SYNONYMS: dict[str, str] = {}
for _canon, _words in {
    "gift": ("gift", "present"),
    "image": ("image", "picture", "photo", "img", "pic"),
    "document": ("document", "doc"),
    "email": ("email", "mail"),
    "message": ("message", "msg"),
    "catalog": ("catalog", "catalogue"),
    "color": ("color", "colour"),
    "directory": ("directory", "folder", "dir"),
    "info": ("info", "information", "detail", "details"),
    "setting": ("setting", "settings", "config", "configuration", "preference", "preferences"),
    "repository": ("repository", "repo"),
    "appointment": ("appointment", "meeting"),
    "identifier": ("identifier", "id", "uuid"),
    "number": ("number", "num"),
    "quantity": ("quantity", "qty"),
    "organization": ("organization", "organisation", "org"),
    "behavior": ("behavior", "behaviour"),
    "statistic": ("statistic", "stat", "stats", "statistics"),
    "parameter": ("parameter", "param", "params"),
    "argument": ("argument", "arg", "args"),
    "address": ("address", "addr"),
}.items():
    for _w in _words:
        _NOUN_SYNONYMS[_w] = _canon

# name terms of opposite meaning: tools whose names differ by one of these do opposite things
_ANTONYM_PAIRS = (
    ("parent", "child"), ("ancestor", "descendant"), ("min", "max"), ("minimum", "maximum"), ("first", "last"),
    ("next", "previous"), ("input", "output"), ("upstream", "downstream"), ("incoming", "outgoing"),
    ("inbound", "outbound"), ("follower", "following"), ("sender", "recipient"), ("credit", "debit"),
    ("deposit", "withdrawal"), ("income", "expense"), ("ascending", "descending"), ("horizontal", "vertical"),
    ("top", "bottom"), ("oldest", "newest"), ("earliest", "latest"), ("buy", "sell"), ("bid", "ask"),
    ("long", "short"), ("upload", "download"), ("encode", "decode"), ("push", "pull"), ("lock", "unlock"),
    ("private", "public"), ("in", "out"), ("on", "off"), ("solar", "lunar"),
)

_STOP = frozenset("""
a about above after again against all also am an and any are aren as at be is has have can been before being
below between both but by could did do does doing down during each either etc few for from further had having
he her here hers herself him himself his how i if in into it its itself just least less me more most my myself
no nor not now of off on once only onto or other our ours ourselves out over own per same she should so some
such than that the their theirs them themselves then there these they this those through thus to too under
until up upon us very via was we were what when whenever where whether which while who whom whose why will with
within without would yet you your yours yourself eg ie vs may might must shall one two three
tool tools function functions api endpoint method methods use used uses using call calls called calling return
returns returned returning given specified specific provide provides provided providing based allow allows
available optional required default defaults value values parameter parameters input inputs output outputs
result results type string integer boolean object array true false null none please note example examples
like well able want wants need needs way ways various
""".split())
# tokens dropped from names (filler), never treated as nouns
_NAME_FILLER = frozenset({"by", "for", "of", "the", "a", "an", "to", "from", "with", "in", "on", "and", "or",
                          "all", "up", "api", "tool", "tools", "fn", "func", "function", "mcp", "my", "into", "at"})
_NAME_PREFIXES = frozenset({"mcp", "tool", "tools", "api", "fn", "func", "function", "do", "action", "cmd"})
_NO_STEM = frozenset({
    "news", "series", "species", "analysis", "status", "bus", "gas", "this", "its", "is", "has", "was", "does",
    "us", "yes", "always", "perhaps", "across", "address", "access", "process", "business", "class", "less",
    "unless", "canvas", "alias", "atlas", "axis", "basis", "chassis", "diagnosis", "thesis", "virus", "campus",
    "census", "corpus", "focus", "bonus", "plus", "minus", "radius", "nexus", "lens", "gps", "sms", "aws", "dns",
    "https", "http", "ios", "macos", "windows", "kubernetes", "postgres", "jenkins", "pandas", "redis", "iris",
    "chess", "dress", "glass", "grass", "boss", "loss", "moss", "pass", "mass", "kiss", "express", "wellness",
    "fitness", "happiness", "thing", "string", "something", "nothing", "anything", "everything", "during",
    "morning", "evening", "ceiling", "king", "ring", "wing", "spring", "bed", "need", "seed", "speed", "feed",
    "embed", "red", "shed",
})

# common Chinese and Japanese words -> the English word they mean (then handled like English); longest first
_CJK_LEXICON: dict[str, str] = {
    # search / get / list
    "検索": "search", "探す": "search", "探し": "search", "探せ": "search", "調べ": "search", "照会": "search",
    "搜索": "search", "查找": "search", "检索": "search", "查询": "search", "查詢": "search", "搜尋": "search",
    "取得": "retrieve", "获取": "retrieve", "獲取": "retrieve", "読み込": "retrieve", "一覧": "enumerate",
    "列出": "enumerate",
    # create / delete / update / send
    "作成": "create", "追加": "add", "登録": "register", "创建": "create", "新建": "create", "添加": "add",
    "生成": "generate", "削除": "delete", "消去": "erase", "删除": "delete", "刪除": "delete", "移除": "remove",
    "更新": "update", "変更": "modify", "編集": "edit", "修改": "modify", "编辑": "edit", "編輯": "edit",
    "送信": "send", "送る": "send", "送り": "send", "发送": "send", "發送": "send",
    # compute / recommend / cancel / translate
    "計算": "calculate", "算出": "calculate", "見積": "estimate", "计算": "calculate", "估算": "estimate",
    "提案": "suggest", "推薦": "recommend", "推奨": "recommend", "おすすめ": "recommend", "オススメ": "recommend",
    "お勧め": "recommend", "お薦め": "recommend", "推荐": "recommend", "建议": "suggest",
    "キャンセル": "cancel", "取消": "cancel", "取り消": "cancel", "翻訳": "translate", "翻译": "translate",
    # nouns
    "ギフト": "gift", "プレゼント": "gift", "贈り物": "gift", "贈答品": "gift", "礼物": "gift", "礼品": "gift",
    "禮物": "gift", "画像": "image", "写真": "image", "图片": "image", "圖片": "image", "照片": "image",
    "電子メール": "email", "メール": "email", "电子邮件": "email", "邮件": "email", "ファイル": "file",
    "文件": "file", "天気": "weather", "天气": "weather", "注文": "order", "订单": "order", "訂單": "order",
    "詳細": "detail", "详情": "detail", "詳情": "detail", "予算": "budget", "预算": "budget", "価格": "price",
    "价格": "price", "値段": "price", "趣味": "hobby", "爱好": "hobby", "興味": "interest", "兴趣": "interest",
}
# Chinese function characters that end a word (bigrams across them are noise)
_HAN_BREAK_RE = re.compile("[的了与與或及并並把被之其于於和等]+")

_HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_KATA = "\u30a1-\u30fa\u30fc\u31f0-\u31ff"
_HIRA = "\u3041-\u309f"


@cache
def _unicode_res() -> tuple[re.Pattern, re.Pattern]:
    """(CJK lexicon, token) patterns: compiled on the first description that is not ASCII."""
    lexicon = re.compile("|".join(re.escape(w) for w in sorted(_CJK_LEXICON, key=lambda w: (-len(w), w))))
    token = re.compile(
        rf"(?P<han>[{_HAN}]+)|(?P<kata>[{_KATA}]+)|(?P<hira>[{_HIRA}]+)|(?P<word>[^\W\d_{_HAN}{_KATA}{_HIRA}]+)"
    )
    return lexicon, token


_ASCII_WORD_RE = re.compile(r"[a-z]+")
_SENTENCE_RE = re.compile(r"[.!?:]\s+|[。！？]\s*|\n+")
_NAME_SPLIT_RE = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+|[^\W\d_A-Za-z]+")
_NAMESPACE_RE = re.compile(r"\.|/|::?|__")

_W_DESC, _W_NAME, _W_PARAMS, _W_VERB = 0.40, 0.25, 0.20, 0.15
_CONFLICT_FACTOR = 0.5  # verbs of different families
_NO_SHARED_NAME_FACTOR = 0.8  # both names have terms, none shared (a namespace aside)
_HEAD_MATCH = 0.75  # parameters whose names share only their last word (max_budget ~ budget)
_BACKGROUND = 10  # IDF prior: a small set is weak evidence of which words are common
_BOILERPLATE_MIN_TOOLS = 3  # a sentence found verbatim in this many tools of a group is boilerplate
_DESC_PREFIX_MASS = 0.4  # prefix filtering: index the rarest terms holding this share of the squared weight
_MAX_POSTING = 400  # index keys shared by more tools than this are no evidence and are not expanded
_MAX_CANDIDATES = 400_000  # pairs scored per group at most (shortest posting lists first)
_MAX_PROPERTIES = 256
_MAX_DESC_CHARS = 20_000


@lru_cache(maxsize=1 << 16)
def _stem(w: str) -> str:
    if len(w) <= 3 or w in _NO_STEM or not w.isascii():
        return w
    if w.endswith("ies") and len(w) > 4:
        w = w[:-3] + "y"
    elif w.endswith(("sses", "xes", "ches", "shes", "zzes")):
        w = w[:-2]
    elif w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    for suf in ("ing", "ed"):
        if w.endswith(suf) and len(w) - len(suf) >= 3 and any(ch in "aeiouy" for ch in w[:-len(suf)]):
            w = w[:-len(suf)]
            if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "lsz":
                w = w[:-1]
            break
    if len(w) > 4 and w.endswith("e"):
        w = w[:-1]
    return w


_VERB_CLASS: dict[str, str] = {}
_FAMILY: dict[str, str] = {}
for _cls, (_fam, _verbs) in _VERB_TABLE.items():
    _FAMILY[_cls] = _fam
    for _v in _verbs:
        _VERB_CLASS.setdefault(_v, _cls)
for _cls, (_fam, _verbs) in _VERB_TABLE.items():
    for _v in _verbs:
        _VERB_CLASS.setdefault(_stem(_v), _cls)
_DESC_VERB: dict[str, str] = {}
for _cls, (_fam, _verbs) in _VERB_TABLE.items():
    for _v in _verbs:
        if _v not in _AMBIGUOUS:
            _DESC_VERB.setdefault(_v, _cls)
            _DESC_VERB.setdefault(_stem(_v), _cls)
_AMBIGUOUS_STEMS = frozenset(_AMBIGUOUS | {_stem(x) for x in _AMBIGUOUS})
_STEM_SYNONYMS = {**{_stem(k): v for k, v in _NOUN_SYNONYMS.items()}, **_NOUN_SYNONYMS}
_ANTONYMS: dict[str, frozenset[str]] = {}
for _a, _b in _ANTONYM_PAIRS:
    for _x, _y in ((_a, _b), (_b, _a)):
        _ANTONYMS[_stem(_x)] = _ANTONYMS.get(_stem(_x), frozenset()) | {_stem(_y)}
del _canon, _words, _w, _cls, _fam, _verbs, _v, _a, _b, _x, _y


@lru_cache(maxsize=1 << 14)
def _verb_of(word: str) -> str | None:
    return _VERB_CLASS.get(word) or _VERB_CLASS.get(_stem(word))


@lru_cache(maxsize=1 << 16)
def _canon_word(tok: str) -> str:
    syn = _NOUN_SYNONYMS.get(tok)
    if syn:
        return syn
    s = _stem(tok)
    return _STEM_SYNONYMS.get(s, s)


# ------------------------------------------------------------------------------------------------ features

class _Tool:
    __slots__ = ("c", "name", "reported", "rank", "verb", "verb_word", "name_verb", "nouns", "base", "sents",
                 "surface", "params", "pkey", "dset", "dnorm", "nvec", "nset", "nsum", "pvec", "pset", "psum",
                 "hvec", "hset", "hsum", "vrare", "wmax", "ntoks", "obj", "bare", "anti")

    def __init__(self, c) -> None:
        self.c = c
        self.name: str = c.name
        self.reported = bool(getattr(c.file, "reported", True))
        self.rank = 0
        self.surface: dict[str, str] = {}
        self.verb: str | None = None
        self.verb_word: str | None = None


def _split_name(name: str) -> tuple[list[str], list[str], str]:
    """(namespace tokens, base tokens, base as written) of a tool name; tokens lower-cased."""
    parts = [p for p in _NAMESPACE_RE.split(name) if p]
    base = parts[-1] if parts else name
    ns: list[str] = []
    for p in parts[:-1]:
        ns.extend(x.lower() for x in _NAME_SPLIT_RE.findall(p))
    toks = [x.lower() for x in _NAME_SPLIT_RE.findall(base)]
    while len(toks) > 1 and toks[0] in _NAME_PREFIXES:
        ns.append(toks.pop(0))
    return ns, toks, base


def _find_verb(toks: list[str]) -> int | None:
    """Index of the verb among a name's tokens, or None.

    First a verb that cannot be a noun: at the start, after a service prefix (FDA_get_drug_label,
    OpenTargets_get_target), or at the end of a noun-first name (currency_conversion, books_search); then the
    same places again for words that may be nouns too (list_files, todo_list)."""
    if not toks:
        return None
    last = len(toks) - 1
    places = [0, *range(1, min(last, 4))] + ([last] if last > 0 else [])
    for strict in (True, False):
        for i in places:
            tok = toks[i]
            if _verb_of(tok) and not (strict and _ambiguous(tok)):
                return i
    return None


@lru_cache(maxsize=1 << 14)
def _ambiguous(tok: str) -> bool:
    return tok in _AMBIGUOUS or _stem(tok) in _AMBIGUOUS_STEMS


# name words that make the next terms a role: the lookup key (x_by_id, x_from_url) or the target (c_to_f)
_ROLE_WORDS = {"by": "by:", "from": "by:", "to": "to:"}
_BASE_KEY = "\x00base"  # in a tool's surface map: its name as written, namespaces stripped


def _name_features(t: _Tool) -> None:
    (t.ntoks, t.base, t.name_verb, nouns, t.obj, t.bare, t.anti, surface) = _analyse_name(t.name)
    t.nouns = dict(nouns)
    t.surface.update(surface)


@lru_cache(maxsize=1 << 14)
def _analyse_name(name: str):
    ns, toks, base_raw = _split_name(name)
    ntoks = tuple(ns + toks)
    base = "_".join(_canon_word(x) for x in toks if x not in _NAME_FILLER)
    surface = {_BASE_KEY: base_raw}
    verb_at = _find_verb(toks)
    name_verb = None
    if verb_at is not None:
        name_verb = (_verb_of(toks[verb_at]), toks[verb_at])
        if 0 < verb_at < len(toks) - 1:
            ns.extend(toks[:verb_at])
            toks = toks[verb_at + 1:]
        else:
            toks = toks[:verb_at] + toks[verb_at + 1:]
    nouns: dict[str, float] = {}
    role = ""
    for tok in toks:
        r = _ROLE_WORDS.get(tok)
        if r is not None:
            if nouns:  # "convert_to_pdf": a leading "to" names no role
                role = r
            continue
        if tok in _NAME_FILLER or tok.isdigit() or (len(tok) < 2 and tok.isascii()):
            continue
        k = role + _canon_word(tok)
        nouns[k] = 1.0
        surface.setdefault("n:" + k, tok)
    obj = frozenset(k for k in nouns if not k.startswith("by:"))  # what the tool acts on, not its key
    bare = frozenset(_canon_word(x) for x in toks)
    anti = frozenset(y for x in bare for y in _ANTONYMS.get(x, ()))
    for tok in ns:
        if tok in _NAME_FILLER or tok.isdigit() or len(tok) < 2:
            continue
        k = _canon_word(tok)
        if k not in nouns:
            nouns[k] = 0.5  # a namespace is weak evidence: math.factorial ~ factorial
            surface.setdefault("n:" + k, tok)
    return ntoks, base, name_verb, tuple(nouns.items()), obj, bare, anti, tuple(surface.items())


def _word_term(low: str) -> tuple[str | None, str | None]:
    """(term, verb class) of a lower-case word of a description; term None for a stop word."""
    if low in _STOP or len(low) < 2:
        return None, None
    s = _stem(low)
    cls = _DESC_VERB.get(low) or _DESC_VERB.get(s)
    if cls is not None:
        return "@" + cls, cls
    return _NOUN_SYNONYMS.get(low) or _STEM_SYNONYMS.get(s, s), None


def _sentence_terms(text: str, surface: dict[str, str], memo: dict[str, tuple[str | None, str | None]]
                    ) -> tuple[frozenset[str], tuple[str, str] | None]:
    """Terms of one sentence, and the (class, word) of its first content word when that is a verb."""
    terms: set[str] = set()
    lead: tuple[str, str] | None = None
    if text.isascii():  # fast path: words only, each distinct word once, in order of first appearance
        first = True
        for low in dict.fromkeys(_ASCII_WORD_RE.findall(text.lower())):
            hit = memo.get(low)
            if hit is None:
                hit = memo[low] = _word_term(low)
            k = hit[0]
            if k is None:
                continue
            if first:
                first = False
                if hit[1] is not None:
                    lead = (hit[1], low)
            if k not in terms:
                terms.add(k)
                if k not in surface:
                    surface[k] = low
        return frozenset(terms), lead
    for m in _unicode_res()[1].finditer(text):
        kind = m.lastgroup
        tok = m.group(0)
        if kind == "word":
            low = tok.lower()
            hit = memo.get(low)
            if hit is None:
                hit = memo[low] = _word_term(low)
            k = hit[0]
            if k is None:
                continue
            if not terms and hit[1] is not None:
                lead = (hit[1], low)
            terms.add(k)
            if k not in surface:
                surface[k] = low
        elif kind == "han":
            for run in _HAN_BREAK_RE.split(tok):
                grams = [run] if len(run) == 1 else [run[i:i + 2] for i in range(len(run) - 1)]
                for g in grams:
                    if g:
                        terms.add(g)
                        surface.setdefault(g, g)
        elif kind == "kata":
            if len(tok) >= 2:
                terms.add(tok)
                surface.setdefault(tok, tok)
        # hiragana runs are particles and inflections: dropped
    return frozenset(terms), lead


def _desc_features(t: _Tool) -> None:
    """Split the description into sentences; its terms are read once the group's boilerplate is known."""
    text = t.c.description or ""
    if len(text) > _MAX_DESC_CHARS:
        text = text[:_MAX_DESC_CHARS]
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
        text = _unicode_res()[0].sub(lambda m: " " + _CJK_LEXICON[m.group(0)] + " ", text)
    t.sents = [x for x in (p.strip() for p in _SENTENCE_RE.split(text)) if x] if text.strip() else []


_TYPE_ALIASES = {"dict": "object", "map": "object", "float": "number", "double": "number", "int": "integer",
                 "long": "integer", "str": "string", "text": "string", "bool": "boolean", "list": "array",
                 "tuple": "array", "set": "array"}


def _norm_type(t: Any) -> str | None:
    if isinstance(t, str):
        low = t.lower()
        return _TYPE_ALIASES.get(low, low)
    if isinstance(t, list):
        ts = sorted({_norm_type(x) or "" for x in t if isinstance(x, str)} - {"null", ""})
        return "|".join(ts) or None
    return None


def _param_features(t: _Tool, memo: dict[str, str]) -> None:
    params: dict[str, tuple[str, str | None]] = {}
    schema = t.c.parameters
    props = schema.get("properties") if isinstance(schema, dict) else None
    if isinstance(props, dict):
        for k, v in islice(props.items(), _MAX_PROPERTIES):
            if not isinstance(k, str) or not k:
                continue
            key = memo.get(k)
            if key is None:
                key = memo[k] = "_".join(_canon_word(x.lower()) for x in _NAME_SPLIT_RE.findall(k)) or k.lower()
            if key not in params:
                params[key] = (k, _norm_type(v.get("type")) if isinstance(v, dict) else None)
    t.params = params
    t.pkey = "\x00".join(sorted(params)) if params else None
    t.hvec = {k.rsplit("_", 1)[-1]: 1.0 for k in params}  # heads: recipient_interests ~ interests


def _compatible(a: str | None, b: str | None) -> bool:
    if a is None or b is None or a == b or "any" in (a, b):
        return True
    return {a, b} <= {"number", "integer"} or bool(set(a.split("|")) & set(b.split("|")))


# ------------------------------------------------------------------------------------------------ grouping

GROUP_MODES = ("auto", "origin", "source", "file", "none")


def _origin(source: str) -> str:
    """The repository or package of a `source` such as ``owner/repo@commit:path`` or ``pypi:pkg==1@sha:path``."""
    return source.split("@", 1)[0] if "@" in source else source


def _source(c) -> str | None:
    meta = c.metadata if isinstance(c.metadata, dict) else {}
    src = meta.get("source")
    return src if isinstance(src, str) and src else None


def _group_key(c, mode: str) -> str | None:
    if mode == "none":
        return None
    if mode == "file":
        return c.file.path
    src = _source(c)
    if src is None:
        return None
    return src if mode == "source" else _origin(src)


# ------------------------------------------------------------------------------------------------ per group

def _prepare_group(tools: list[_Tool], memo: dict[str, tuple[str | None, str | None]]) -> dict[str, float]:
    """Drop boilerplate sentences, read description terms, settle verbs, weight every term by its rarity.

    Returns the squared weight of each description term (the dot product of two descriptions is the sum of
    these over their shared terms)."""
    n = len(tools)
    # a sentence is boilerplate when three tools say it, once each tool's own name words are left out
    # ("List protein design jobs visible to ..." ~ "List structure binding jobs visible to ...")
    keys: list[list[str]] = []
    sent_df: dict[str, int] = {}
    for t in tools:
        ks: list[str] = []
        if len(t.sents) > 1:
            own = sorted({x for x in t.ntoks if len(x) > 2}, key=len, reverse=True)
            for x in t.sents:
                k = x.lower()
                for o in own:
                    k = k.replace(o, "")
                ks.append(k)
            for k in set(ks):
                sent_df[k] = sent_df.get(k, 0) + 1
        keys.append(ks)
    ddf: dict[str, int] = {}
    ndf: dict[str, int] = {}
    pdf: dict[str, int] = {}
    hdf: dict[str, int] = {}
    for t, ks in zip(tools, keys, strict=True):
        sents = t.sents
        if ks:
            kept = [x for x, k in zip(sents, ks, strict=True) if sent_df[k] < _BOILERPLATE_MIN_TOOLS]
            sents = kept or sents
        t.dset, lead = _sentence_terms("\n".join(sents), t.surface, memo) if sents else (frozenset(), None)
        t.verb, t.verb_word = t.name_verb or lead or (None, None)
        for x in t.dset:
            ddf[x] = ddf.get(x, 0) + 1
        for x in t.nouns:
            ndf[x] = ndf.get(x, 0) + 1
        for x in t.params:
            pdf[x] = pdf.get(x, 0) + 1
        for x in t.hvec:
            hdf[x] = hdf.get(x, 0) + 1
    weights = [1.0 + math.log((n + 1 + _BACKGROUND) / (df + 1)) for df in range(n + 1)]
    w2 = {x: weights[df] ** 2 for x, df in ddf.items()}
    # verbs and parameters are evidence in proportion to how rare they are: "same verb (get)" or "identical
    # parameters drug_name/limit" say little in a group where most tools share them
    wmax = weights[min(2, n)]
    vdf: dict[str, int] = {}
    for t in tools:
        if t.verb:
            vdf[t.verb] = vdf.get(t.verb, 0) + 1
    for t in tools:
        t.wmax = wmax
        t.vrare = weights[vdf[t.verb]] / wmax if t.verb else 0.0
        t.dnorm = math.sqrt(sum(w2[x] for x in t.dset))
        t.nvec = {x: f * weights[ndf[x]] for x, f in t.nouns.items()}
        t.nset = frozenset(t.nvec)
        t.nsum = sum(t.nvec.values())
        t.pvec = {x: weights[pdf[x]] for x in t.params}
        t.pset = frozenset(t.pvec)
        t.psum = sum(t.pvec.values())
        t.hvec = {x: weights[hdf[x]] for x in t.hvec}
        t.hset = frozenset(t.hvec)
        t.hsum = sum(t.hvec.values())
    return w2


def _candidates(tools: list[_Tool], w2: dict[str, float]) -> list[tuple[int, int]]:
    post: dict[str, list[int]] = {}

    def add(key: str, i: int) -> None:
        lst = post.get(key)
        if lst is None:
            post[key] = [i]
        elif lst[-1] != i:
            lst.append(i)

    for i, t in enumerate(tools):
        if t.dset:
            goal = _DESC_PREFIX_MASS * t.dnorm * t.dnorm
            acc = 0.0
            for term in sorted(sorted(t.dset), key=w2.__getitem__, reverse=True):  # rarest first, stable
                add("d" + term, i)
                acc += w2[term]
                if acc >= goal:
                    break
        if t.nvec:
            add("N" + "\x00".join(sorted(t.nvec)), i)
            add("n" + min(t.nvec.items(), key=lambda kv: (-kv[1], kv[0]))[0], i)
        if t.pkey:
            add("P" + t.pkey, i)
    n = len(tools)
    pairs: set[int] = set()
    lists = sorted((lst for lst in post.values() if 2 <= len(lst) <= _MAX_POSTING), key=lambda x: (len(x), x))
    for lst in lists:
        m = len(lst)
        if len(pairs) + m * (m - 1) // 2 > _MAX_CANDIDATES:
            break
        for a in range(m - 1):
            base = lst[a] * n
            pairs.update([base + j for j in lst[a + 1:]])
    out = []
    for p in sorted(pairs):
        i, j = divmod(p, n)
        a, b = tools[i], tools[j]
        if (a.reported or b.reported) and a.name != b.name:
            out.append((i, j))
    return out


# ------------------------------------------------------------------------------------------------ scoring

def _relation(va: str | None, vb: str | None) -> str | None:
    """same | related | conflict | None (a verb is unknown)."""
    if va is None or vb is None:
        return None
    if va == vb:
        return "same"
    if _FAMILY[va] == _FAMILY[vb] or frozenset((va, vb)) in _RELATED_CLASSES:
        return "related"
    return "conflict"


def _opposite(a: _Tool, b: _Tool) -> tuple[str, str] | None:
    """A term of a's name whose opposite is in b's name (and not the other way round too)."""
    for x in sorted(a.bare):
        for y in sorted(_ANTONYMS.get(x, ())):
            if y in b.bare and y not in a.bare and x not in b.bare:
                return x, y
    return None


def _score(a: _Tool, b: _Tool, w2: dict[str, float], threshold: float
           ) -> tuple[float, str | None, float | None, float | None, float | None] | None:
    """(score, verb relation, description, name, parameters similarity), or None below the threshold."""
    num = 0.0
    den = 0.0
    rel = _relation(a.verb, b.verb)
    if rel == "same":
        num, den = _W_VERB * a.vrare, _W_VERB
    elif rel == "related":
        num, den = _W_VERB * 0.25 * (a.vrare + b.vrare), _W_VERB
    elif rel == "conflict":
        den = _W_VERB
    nsim = psim = dsim = None
    if a.nsum or b.nsum:
        shared = a.nset & b.nset
        if shared:
            inter = sum(min(a.nvec[k], b.nvec[k]) for k in shared)
            nsim = inter / (a.nsum + b.nsum - inter)
        else:
            nsim = 0.0
        num += _W_NAME * nsim
        den += _W_NAME
    if a.psum or b.psum:
        shared = a.pset & b.pset
        if shared:
            inter = common = 0.0
            for k in shared:
                wk = a.pvec[k]
                common += wk
                inter += wk if _compatible(a.params[k][1], b.params[k][1]) else 0.5 * wk
            psim = inter / (a.psum + b.psum - common) * (common / (len(shared) * a.wmax))
        else:
            psim = 0.0
        if len(a.hset & b.hset) > len(shared):  # more names match by their last word: a weaker match
            hshared = a.hset & b.hset
            common = sum(a.hvec[k] for k in hshared)
            hsim = _HEAD_MATCH * common / (a.hsum + b.hsum - common) * (common / (len(hshared) * a.wmax))
            psim = max(psim, hsim)
        num += _W_PARAMS * psim
        den += _W_PARAMS
    factor = 1.0
    if rel == "conflict":
        factor *= _CONFLICT_FACTOR
    if (nsim == 0.0 and a.nsum and b.nsum) or (a.obj and b.obj and a.obj.isdisjoint(b.obj)):
        factor *= _NO_SHARED_NAME_FACTOR
    if a.anti and not a.anti.isdisjoint(b.bare) and _opposite(a, b):
        factor *= _CONFLICT_FACTOR
    if a.dnorm and b.dnorm:
        den += _W_DESC
        if (num + _W_DESC) / den * factor < threshold:
            return None
        shared = a.dset & b.dset
        if shared:
            dot = 0.0
            for k in shared:
                dot += w2[k]
            dsim = dot / (a.dnorm * b.dnorm)
        else:
            dsim = 0.0
        num += _W_DESC * dsim
    if not den or not (dsim or nsim or psim):
        return None
    score = num / den * factor
    if score < threshold:
        return None
    return score, rel, dsim, nsim, psim


# ------------------------------------------------------------------------------------------------ explanation

def _explain(subj: _Tool, other: _Tool, w2: dict[str, float], rel, dsim, nsim, psim) -> list[str]:
    out: list[str] = []
    if rel == "same":
        if other.verb_word == subj.verb_word:
            out.append(f"same verb ({subj.verb_word})")
        else:
            out.append(f"same verb class ({other.verb_word} ~ {subj.verb_word})")
    elif rel == "related":
        out.append(f"related verbs ({other.verb_word} ~ {subj.verb_word})")
    elif rel == "conflict":
        out.append(f"different verb classes ({other.verb_word} vs {subj.verb_word})")
    if nsim is not None:
        shared = sorted(subj.nset & other.nset, key=lambda k: (-subj.nvec[k], k))
        if shared and subj.obj and other.obj and subj.obj.isdisjoint(other.obj):
            words = [_pair_word(subj, other, "n:" + k, k.replace(":", " ")) for k in shared[:4]]
            out.append("names share only a namespace or key (" + ", ".join(words) + ")")
        elif shared and subj.base and subj.base == other.base:
            out.append(f"same name once namespaces are stripped ({subj.surface[_BASE_KEY]})")
        elif shared:
            words = [_pair_word(subj, other, "n:" + k, k.replace(":", " ")) for k in shared[:4]]
            out.append("shared name terms " + ", ".join(words))
        elif subj.nsum and other.nsum:
            out.append("names share no term")
    opp = _opposite(subj, other)
    if opp:
        out.append(f"opposite name terms ({opp[1]} vs {opp[0]})")
    if dsim:
        common = subj.dset & other.dset
        han = {k for k in common if len(k) == 2 and _HAN_PAIR_RE.fullmatch(k)}
        items = [(w2[k], k, _pair_word(subj, other, k, k.lstrip("@"))) for k in common - han]
        if han:  # Chinese/Japanese: show the shared phrases the bigrams come from, not the bigrams
            for phrase in _han_phrases(subj, han):
                grams = {phrase[i:i + 2] for i in range(len(phrase) - 1)}
                items.append((sum(w2[g] for g in grams), phrase, phrase))
        items.sort(key=lambda x: (-x[0], x[1]))
        words = [x[2] for x in items[:5]]
        more = f", +{len(items) - 5} more" if len(items) > 5 else ""
        out.append(f"{round(dsim * 100)}% shared description terms ({', '.join(words)}{more})")
    elif dsim is not None:
        out.append("descriptions share no term")
    if psim is not None:
        shared = subj.pset & other.pset
        names = "/".join(sorted(subj.params[k][0] for k in shared))
        heads = subj.hset & other.hset
        if shared and subj.pset == other.pset:
            out.append(f"identical parameters {names}")
        elif len(heads) > len(shared):
            pairs = []
            for h in sorted(heads):
                mine = sorted(v[0] for k, v in subj.params.items() if k.rsplit("_", 1)[-1] == h)
                theirs = sorted(v[0] for k, v in other.params.items() if k.rsplit("_", 1)[-1] == h)
                pairs.append(mine[0] if mine[0] in theirs else f"{theirs[0]}~{mine[0]}")
            out.append(f"similar parameters {'/'.join(pairs)}")
        elif shared:
            out.append(f"shared parameters {names} ({len(shared)} of {len(subj.pset | other.pset)})")
        else:
            out.append("no shared parameters")
        clash = sorted(subj.params[k][0] for k in shared if not _compatible(subj.params[k][1], other.params[k][1]))
        if clash:
            out.append("types differ for " + "/".join(clash))
    return out


_HAN_PAIR_RE = re.compile(f"[{_HAN}]{{2}}")
_HAN_RUN_RE = re.compile(f"[{_HAN}]{{2,}}")


def _han_phrases(t: _Tool, grams: set[str]) -> list[str]:
    """The longest runs of a tool's description made of shared Han bigrams (each phrase once, in order)."""
    text = unicodedata.normalize("NFKC", t.c.description or "")[:_MAX_DESC_CHARS]
    out: dict[str, None] = {}
    for m in _HAN_RUN_RE.finditer(text):
        run = m.group(0)
        start = None
        for i in range(len(run)):
            ok = i + 1 < len(run) and run[i:i + 2] in grams
            if ok and start is None:
                start = i
            elif not ok and start is not None:
                out[run[start:i + 1]] = None
                start = None
    return list(out)


def _pair_word(subj: _Tool, other: _Tool, skey: str, canon: str) -> str:
    a = subj.surface.get(skey) or canon
    b = other.surface.get(skey) or a
    if a != b and _stem(a) != _stem(b):
        return f"{b}~{a}"
    return a


# ------------------------------------------------------------------------------------------------ the rule

_DEFAULT_THRESHOLD = 0.55


def _options(ctx) -> tuple[float, str]:
    try:
        opts = ctx.options("TC430")
    except Exception:  # noqa: BLE001 - a hostile config must not crash the run
        opts = {}
    th = opts.get("threshold", _DEFAULT_THRESHOLD) if isinstance(opts, dict) else _DEFAULT_THRESHOLD
    if isinstance(th, bool) or not isinstance(th, (int, float)) or not (0 < th <= 1):
        th = _DEFAULT_THRESHOLD
    mode = opts.get("group-by", "auto") if isinstance(opts, dict) else "auto"
    if mode not in GROUP_MODES:
        mode = "auto"
    return float(th), mode


@rule("TC430", "overlapping-tools", severity="warning", scope="set",
      options={"threshold": _DEFAULT_THRESHOLD, "group-by": "auto"})
def overlapping_tools(contracts, ctx):
    """Two tools in the checked set do the same thing under different names.

    What it does:
    Compares the tools loaded together (all files given, or a group of them, see `group-by`) and reports each
    pair whose purpose overlaps once, on the later tool of the pair (by file, then position), with `related`
    pointing at the other. It never compares all pairs: an index of rare description words, name terms and
    parameter sets proposes candidates, so thousands of tools take about a second. The score (0 to 1) weighs
    four kinds of evidence, and the message lists what was found, e.g. "same verb class (find ~ search); shared
    name terms gifts; 78% shared description terms (budget, catalogue, ...); identical parameters
    budget/interests":

    - **verbs** (weight 0.15): the verb of each name, in a class of synonyms (search ~ find ~ lookup ~ query;
      get ~ fetch ~ retrieve; list; create ~ add ~ insert ~ new; delete ~ remove ~ drop ~ purge; update ~ edit ~
      modify ~ set; send ~ post ~ notify ~ email; calculate ~ compute ~ estimate; suggest ~ recommend; ...),
      also in noun-first names (`currency_conversion`, `restaurant_finder`); a name without a verb borrows the
      first word of its description. Verbs of *different* classes (`get_order` vs `cancel_order`,
      `create_order` vs `cancel_order`, `get_gift_details` vs `suggest_gifts`) mean different purposes: the
      score is halved. Search, get, list and check are related (half credit); so are get and calculate.
    - **name terms** (0.25): what is left once namespaces and prefixes (`math.`, `server__`, `mcp_`, a service
      prefix before the verb such as `FDA_`) and the verb are stripped, singular/plural folded and a few synonyms
      mapped (gift ~ present, picture ~ image). Namespace terms count half; terms after `by`/`from` are the
      lookup key and match only key terms. Names that share no term (a namespace or key aside) cost a fifth of
      the score; names that differ by opposites (parent/child, min/max) half.
    - **description terms** (0.40): words without stop words, stemmed, with synonyms and verb classes mapped,
      weighted by how rare they are among the compared tools (a smoothed IDF); Chinese and Japanese text as
      bigrams of Han characters and whole katakana words, with common words mapped to English ones (検索/探す →
      search, プレゼント/ギフト → gift), so both scripts and English compare with each other. A sentence that
      three tools repeat (a suite's boilerplate, once each tool's own name words are left out) is ignored.
    - **parameters** (0.20): shared top-level property names (`max_budget` matches `budget` at three quarters),
      half credit when their types disagree.

    Verbs and parameters shared by most of the compared tools (`get_*`, `limit`/`offset`) count less. Pairs with
    the same name are TC012's (duplicate-tool-name); names equal only once a namespace is stripped
    (`math.factorial` vs `factorial`, usually variants from different sources) are compared like any other pair
    and say "same name once namespaces are stripped".

    Why is this bad?
    A model picks a tool by reading names and descriptions. When two tools mean the same thing, which one it
    calls is a coin toss, each is called with the other's arguments, and a fix made to one is missed in the
    other.

    Example:
    ```yaml
    tools:
      - name: search_gifts
        description: Search the gift catalogue for items that match a budget and the recipient's interests.
        parameters:
          type: object
          properties:
            budget: {type: number, description: Most the user wants to spend.}
            interests: {type: array, items: {type: string}, description: What the recipient likes.}
      - name: find_gifts
        description: Find gifts in the catalogue that fit the recipient's interests and budget.
        parameters:
          type: object
          properties:
            budget: {type: number, description: Most the user wants to spend.}
            interests: {type: array, items: {type: string}, description: What the recipient likes.}
    ```

    Use instead:
    ```yaml
    tools:
      - name: search_gifts
        description: >-
          Search the gift catalogue for items whose name matches the user's keywords. Not for recommendations.
        parameters:
          type: object
          properties:
            keywords: {type: string, description: Words to match against product names.}
      - name: suggest_gifts
        description: Recommend presents for one person from their interests and the user's budget.
        parameters:
          type: object
          properties:
            budget: {type: number, description: Most the user wants to spend.}
            interests: {type: array, items: {type: string}, description: What the recipient likes.}
    ```

    Options:
    `rules.TC430.threshold` (default 0.55): the score from which a pair is reported. Lower it (0.45) to see
    looser overlaps, raise it (0.7) to keep only near-duplicates. The Example above scores 0.90, the Use instead
    0.17; `get_order` vs `cancel_order` with the same `order_id` parameter about 0.3.

    `rules.TC430.group-by` (default `auto`): which tools are compared with each other. `none`: all tools loaded
    together. `file`: tools of the same file. `source`: tools with the same `source` metadata (JSON Lines records
    such as `{"source": ..., "name": ..., ...}`). `origin`: tools whose `source` names the same repository or
    package (the part before `@`: `owner/repo@commit:path` → `owner/repo`), i.e. published together. `auto`:
    `origin` when any tool carries a `source`, else `none`. Under `source` and `origin`, tools without a
    `source` form one group.

    When a pre-commit hook passes only some files, the rest of the configured contracts are loaded as context:
    they are compared too, and a pair is reported on the tool of a passed file.
    """
    threshold, mode = _options(ctx)
    tools: list[_Tool] = []
    memo: dict[str, tuple[str | None, str | None]] = {}
    pmemo: dict[str, str] = {}
    for c in contracts:
        if not isinstance(getattr(c, "data", None), dict) or not c.name:
            continue
        t = _Tool(c)
        _desc_features(t)
        _name_features(t)
        _param_features(t, pmemo)
        tools.append(t)
    if not any(t.reported for t in tools):
        return
    if mode == "auto":
        mode = "origin" if any(_source(t.c) is not None for t in tools) else "none"
    # a tool's place: its file, then its position in the file; a pair is reported on its later tool
    for k, t in enumerate(sorted(tools, key=lambda t: (t.c.file.path, t.c.index))):
        t.rank = k
    groups: dict[str | None, list[_Tool]] = {}
    for t in tools:
        groups.setdefault(_group_key(t.c, mode), []).append(t)
    hits: list[tuple[int, int, Hit]] = []
    for key in sorted(groups, key=lambda k: (k is not None, k or "")):
        group = groups[key]
        if len(group) < 2 or not any(t.reported for t in group):
            continue
        group.sort(key=lambda t: t.rank)
        w2 = _prepare_group(group, memo)
        for i, j in _candidates(group, w2):
            a, b = group[i], group[j]
            res = _score(a, b, w2, threshold)
            if res is None:
                continue
            subj, other = (b, a) if b.reported else (a, b)
            hits.append((subj.rank, other.rank, _hit(subj, other, w2, *res)))
    hits.sort(key=lambda x: (x[0], x[1]))
    for _, _, h in hits:
        yield h


def _hit(subj: _Tool, other: _Tool, w2: dict[str, float], score: float, rel, dsim, nsim, psim) -> Hit:
    oc = other.c
    where = "" if oc.file.path == subj.c.file.path else f" ({oc.file.path})"
    reasons = _explain(subj, other, w2, rel, dsim, nsim, psim)
    msg = f"tool `{subj.name}` overlaps `{other.name}`{where}, score {score:.2f}: " + "; ".join(reasons)
    help_ = (f"Merge the two tools, or make each name and description say what sets it apart from `{other.name}` "
             "(its input, its scope, when to call it) so that a model can tell them apart.")
    ptr = oc.ptr("name")
    try:  # JSON Lines: the record's line is the name's, and is known without indexing the record
        line = oc.file.locate(oc.pointer if oc.file.kind == "jsonl" else ptr)[0]
    except Exception:  # noqa: BLE001 - a position is a courtesy
        line = 1
    h = Hit("/name", msg, help_)
    h.subject = subj.c
    h.related = [{"file": oc.file.path, "line": line, "pointer": ptr, "tool": other.name}]
    h.data = {
        "score": round(score, 3),
        "other": other.name,
        "verbs": rel,
        "description": None if dsim is None else round(dsim, 3),
        "name": None if nsim is None else round(nsim, 3),
        "parameters": None if psim is None else round(psim, 3),
    }
    return h
