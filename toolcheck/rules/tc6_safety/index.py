"""TC6's facts: what a contract says about its risk, its verb, its idempotency key, its errors and its result.

:class:`SafetyIndex` is built once per run: the verb tables of TC602's options (TC601's help and TC616-TC618 read the
same tables), and the result-union names of TC613's options (TC614 reads the same union). ``facts(contract)`` gives
one :class:`SafetyFacts` per contract, whose facts are computed on first use and shared by every rule that reads
them (the verb of the name, the idempotency parameter, the `errors` entries, the success/error union of
`returns`).

Values come from hostile files: every fact guards its types, and wrong *types* of the contract format's own keys
are TC009's (a `risk` that is not one of the three is no risk here).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ...model.pointer import join_pointer
from ..base import Index, RunView

RISKS = ("read_only", "write_limited", "destructive")
WRITE_RISKS = ["write_limited", "destructive"]

DESTRUCTIVE_VERBS = ["delete", "drop", "purge", "destroy", "remove", "wipe", "truncate", "erase"]
WRITE_VERBS = ["create", "send", "charge", "refund", "update", "set", "add", "post", "cancel", "transfer", "pay",
               "insert", "upsert", "write", "put", "patch", "upload", "publish", "submit", "book", "reserve",
               "invite", "assign", "rename", "move", "schedule", "place"]
# Verbs that make a name read-only; they stop the scan, so that `get_refund_status` is not read as `refund`.
READ_VERBS = ["get", "list", "search", "find", "fetch", "read", "query", "lookup", "look", "retrieve", "describe",
              "show", "view", "check", "count", "calculate", "calc", "compute", "estimate", "validate", "verify",
              "inspect", "browse", "preview", "summarize", "summarise", "explain", "compare", "analyze", "analyse",
              "predict", "recommend", "suggest", "convert", "parse", "detect", "translate", "resolve", "download",
              "is", "has", "can", "load", "render", "format", "extract", "evaluate", "test", "match", "sort"]

ERROR_CODE_PATTERN = r"^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$"
RESULT_FIELDS = {"code": "string", "message": "string", "retryable": "boolean"}
IDEMPOTENCY_NAMES = ("idempotency_key", "idempotencyKey", "request_id", "requestId", "client_request_id",
                     "client_token", "dedupe_key")

_NAMESPACE = re.compile(r"\.|/|:|__")
_TOKEN = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")
_FIRST_WORDS = re.compile(r"[^\w]*([A-Za-z]+)(?:[^A-Za-z]+([A-Za-z]+))?")
# "Drop files onto the page", "truncate the text into 80 columns": a destructive verb that places or reshapes
# something, said in the description's first sentence, is no deletion
_PLACEMENT = re.compile(r"\b(?:onto|into)\b", re.I)
_SENTENCE = re.compile(r"[.!?](?:\s|$)|\n")
MAX_REF_HOPS = 16


# ------------------------------------------------------------------------------------------------ schema helpers

def ptr(*tokens: str | int) -> str:
    """The JSON Pointer of ``tokens`` (escaped), relative to the contract."""
    return join_pointer("", *tokens)


def deref(root: Any, node: Any, rel: str) -> tuple[Any, str]:
    """Follow local `$ref`s (`#/...`) inside ``root`` (bounded); returns the node and its pointer relative to root."""
    for _ in range(MAX_REF_HOPS):
        if not isinstance(node, dict):
            break
        ref = node.get("$ref")
        if not isinstance(ref, str) or not (ref == "#" or ref.startswith("#/")):
            break
        target: Any = root
        tokens = [t.replace("~1", "/").replace("~0", "~") for t in ref[2:].split("/")] if ref != "#" else []
        for t in tokens:
            if isinstance(target, dict) and t in target:
                target = target[t]
            elif isinstance(target, list) and t.isdigit() and int(t) < len(target):
                target = target[int(t)]
            else:
                return node, rel
        node, rel = target, ptr(*tokens)
    return node, rel


def schema_types(schema: Any) -> set[str] | None:
    """The names of a schema's `type` (a string or a list of strings), else None."""
    t = schema.get("type") if isinstance(schema, dict) else None
    if isinstance(t, str):
        return {t}
    if isinstance(t, list) and all(isinstance(x, str) for x in t):
        return set(t)
    return None


def required_names(schema: Any) -> list[str]:
    r = schema.get("required") if isinstance(schema, dict) else None
    return [x for x in r if isinstance(x, str)] if isinstance(r, list) else []


def properties(schema: Any) -> dict[str, Any] | None:
    p = schema.get("properties") if isinstance(schema, dict) else None
    return p if isinstance(p, dict) else None


def show(v: Any) -> str:
    """A `type` value as a message shows it: `[string, null]`, `integer`."""
    if isinstance(v, list):
        return "[" + ", ".join(str(x) for x in v) + "]"
    return str(v)


# ------------------------------------------------------------------------------------------------ names and verbs

def name_tokens(name: str) -> list[str]:
    """Lower-case words of a tool name after stripping namespaces: `files.deleteFile` -> [delete, file]."""
    segs = [s for s in _NAMESPACE.split(name) if s.strip("_-. ")]
    seg = segs[-1] if segs else name
    return [t.lower() for t in _TOKEN.findall(seg)]


def snake_name(name: str) -> str:
    return "_".join(name_tokens(name))


class Verbs:
    """The verb tables of TC602's options (also TC601's help and TC616-TC618's deletions), compiled once per run."""

    def __init__(self, opts: dict[str, Any]) -> None:
        self.cls: dict[str, str] = {}
        self._memo: dict[str, tuple[str, str] | None] = {}
        for v in opts["read-verbs"]:
            self.cls[v.lower()] = "read"
        for v in opts["write-verbs"]:
            self.cls[v.lower()] = "write"
        for v in opts["destructive-verbs"]:
            self.cls[v.lower()] = "destructive"
        self.check_description = opts["check-description"]
        # a cheap pre-filter: a name or description without any destructive verb as a substring cannot imply one
        self.destructive = tuple(v for v, c in self.cls.items() if c == "destructive")
        self.scan = opts["scan-words"]

    def of_name(self, name: str | None) -> tuple[str, str] | None:
        """(verb, class) of the first known verb among the first words of the name."""
        if not name:
            return None
        memo = self._memo
        if name in memo:
            return memo[name]
        got = None
        for tok in name_tokens(name)[: self.scan]:
            c = self.cls.get(tok)
            if c:
                got = (tok, c)
                break
        if len(memo) < 100_000:
            memo[name] = got
        return got

    def of_description(self, desc: str | None) -> tuple[str, str] | None:
        """(verb, class) of the description's leading verb: `Deletes ...`, `Permanently delete ...`."""
        if not desc:
            return None
        m = _FIRST_WORDS.match(desc)
        if not m:
            return None
        word = m.group(1).lower()
        if word.endswith("ly") and m.group(2):
            word = m.group(2).lower()
        for cand in (word, word[:-1] if word.endswith("s") else None, word[:-2] if word.endswith("es") else None,
                     word[:-3] + "y" if word.endswith("ies") else None):
            if cand and cand in self.cls:
                return cand, self.cls[cand]
        return None

    def implied(self, contract) -> tuple[str, str, str] | None:
        """(verb, class, where) implied by the name, else (when enabled) by the description."""
        got = self.of_name(contract.name)
        if got:
            return got[0], got[1], "name"
        if self.check_description:
            got = self.of_description(contract.description)
            if got:
                return got[0], got[1], "description"
        return None


# ------------------------------------------------------------------------------------------------ result union

@dataclass(frozen=True)
class ResultOptions:
    """TC613's names of the success/error union (TC614 reads the same union)."""

    ok_key: str
    error_key: str
    fields: dict[str, str | None]  # field -> expected type (None: presence only)

    @classmethod
    def of(cls, o: dict[str, Any]) -> ResultOptions:
        f = o["fields"]
        if isinstance(f, dict):
            fields = {k: (v if isinstance(v, str) else None) for k, v in f.items() if isinstance(k, str)}
        else:
            fields = {k: RESULT_FIELDS.get(k) for k in f if isinstance(k, str)}
        return cls(o["ok-key"], o["error-key"], fields)


def _ok_value(branch: Any, root: Any, ok_key: str) -> bool | None:
    props = properties(branch)
    if props is None or ok_key not in props:
        return None
    okp, _ = deref(root, props[ok_key], "")
    if not isinstance(okp, dict):
        return None
    c = okp.get("const")
    if type(c) is bool:
        return c
    en = okp.get("enum")
    if isinstance(en, list) and len(en) == 1 and type(en[0]) is bool:
        return en[0]
    return None


def result_union(contract, ok_key: str = "ok") -> dict[str, Any] | None:
    """The success/error union of `returns`, or None when it has no error branch.

    A `returns` (or a local `$ref` of it) whose `anyOf`/`oneOf` has branches with `ok: true` (`const: true` or
    `enum: [true]`) and `ok: false`. Returns {"ok": [(branch, rel)], "err": [(branch, rel)], "root", "key"},
    where ``rel`` is the branch's pointer relative to the `returns` schema.
    """
    root = contract.returns
    if not isinstance(root, dict):
        return None
    node, rel = deref(root, root, "")
    if not isinstance(node, dict):
        return None
    for kw in ("anyOf", "oneOf"):
        branches = node.get(kw)
        if not isinstance(branches, list):
            continue
        ok, err = [], []
        for i, b in enumerate(branches):
            bnode, brel = deref(root, b, rel + ptr(kw, i))
            v = _ok_value(bnode, root, ok_key)
            if v is True:
                ok.append((bnode, brel))
            elif v is False:
                err.append((bnode, brel))
        if err:
            return {"ok": ok, "err": err, "root": root, "key": contract.returns_key or "returns"}
    return None


# ------------------------------------------------------------------------------------------------ the facts

@dataclass(frozen=True)
class IdempotencyParam:
    """The parameter `idempotency_key` names: ``schema`` None when `parameters.properties` lacks it."""

    name: str
    params: Any  # the parameter schema
    schema: Any = None  # the property's schema, after local `$ref`s
    pointer: str = ""  # of the property, relative to the contract
    schema_pointer: str = ""  # of the schema the property resolves to


class SafetyFacts:
    """What the TC6 rules read of one contract; each fact is computed on first use."""

    def __init__(self, contract, index: SafetyIndex) -> None:
        self.contract = contract
        self.index = index
        self.data: dict[str, Any] = contract.data if isinstance(contract.data, dict) else {}

    @cached_property
    def risk(self) -> str | None:
        """The declared `risk`, when it is one of the three."""
        r = self.data.get("risk")
        return r if isinstance(r, str) and r in RISKS else None

    @cached_property
    def effective_risk(self) -> tuple[str, str] | None:
        """(risk, pointer of where it is said): the declared `risk`, else one a vendor format implies (MCP
        annotations)."""
        if self.risk is not None:
            return self.risk, "/risk"
        if "risk" in self.data or self.contract.format == "contract":
            return None  # a wrong value is TC009's
        try:
            derived = self.contract.risk
        except Exception:  # noqa: BLE001 - a model accessor must not break a check
            return None
        if isinstance(derived, str) and derived in RISKS:
            return derived, "/annotations"
        return None

    @cached_property
    def implied(self) -> tuple[str, str, str] | None:
        """(verb, class, where) the name (or the description's leading verb) implies."""
        return self.index.verbs.implied(self.contract)

    @cached_property
    def deletion(self) -> tuple[str, str] | None:
        """(verb, where) when the implied verb says the tool deletes data: a destructive verb (TC602's tables)
        whose description does not use it for placing or reshaping something (`Drop files onto ...`)."""
        got = self.implied
        if not got or got[1] != "destructive":
            return None
        desc = self.contract.description if isinstance(self.contract.description, str) else ""
        if _PLACEMENT.search(_SENTENCE.split(desc, 1)[0]):
            return None
        return got[0], got[2]

    @cached_property
    def suggested_risk(self) -> str | None:
        """The risk the annotations or the verb suggest, for a help text."""
        ann = self.data.get("annotations")
        if isinstance(ann, dict):
            if ann.get("readOnlyHint") is True:
                return "read_only"
            if ann.get("destructiveHint") is True:
                return "destructive"
        if self.implied:
            return {"read": "read_only", "write": "write_limited", "destructive": "destructive"}[self.implied[1]]
        return None

    @cached_property
    def idempotency(self) -> IdempotencyParam | None:
        """The parameter `idempotency_key` names; None when it is not declared as text."""
        name = self.data.get("idempotency_key")
        if not isinstance(name, str) or not name:
            return None
        c = self.contract
        params = c.parameters
        key = c.parameters_key or "parameters"
        props = properties(params)
        if props is None or name not in props:
            return IdempotencyParam(name, params)
        schema, rel = deref(params, props[name], ptr("properties", name))
        return IdempotencyParam(name, params, schema, ptr(key, "properties", name), ptr(key) + rel)

    @property
    def declared_idempotent(self) -> bool:
        """The tool says it is idempotent: MCP `annotations: {idempotentHint: true}` (a retry has no effect)."""
        ann = self.data.get("annotations")
        return isinstance(ann, dict) and ann.get("idempotentHint") is True

    @cached_property
    def error_entries(self) -> list[tuple[int, dict[str, Any]]]:
        """(index, entry) of each mapping in a list-valued `errors`; hostile shapes are TC009's."""
        errs = self.data.get("errors")
        if not isinstance(errs, list):
            return []
        return [(i, e) for i, e in enumerate(errs) if isinstance(e, dict)]

    @cached_property
    def union(self) -> dict[str, Any] | None:
        """The success/error union of `returns` (see :func:`result_union`) with TC613's `ok-key`."""
        return result_union(self.contract, self.index.result_options.ok_key)


class SafetyIndex(Index):
    """Run-wide tables of TC6 and one :class:`SafetyFacts` per contract."""

    def __init__(self, run: RunView) -> None:
        super().__init__(run)
        self._facts: dict[int, SafetyFacts] = {}

    @cached_property
    def verbs(self) -> Verbs:
        return Verbs(self.run.options("TC602"))

    @cached_property
    def result_options(self) -> ResultOptions:
        return ResultOptions.of(self.run.options("TC613"))

    def facts(self, contract) -> SafetyFacts:
        got = self._facts.get(id(contract))
        if got is None or got.contract is not contract:
            got = self._facts[id(contract)] = SafetyFacts(contract, self)
        return got
