"""TC6: safety policy — risk, verbs, MCP annotations, idempotency keys, confirmation, declared errors and results.

Production teams that let a model act give every tool a declared `risk` (`read_only`, `write_limited`,
`destructive`); tools that change the world carry an idempotency key (so that a retried call does not charge the
card twice) and, when destructive, ask a human first; the errors a tool may return are declared with a stable code
and whether a retry can help. These rules check that policy. Each is configurable through `rules.<code>` options
because teams differ (which risks need a key, which verbs mean "deletes", which error-code style is used, ...).

Contracts in vendor or corpus formats (`function-jsonl`: JSON Lines of function objects such as the shared
corpus) have no `risk` field at all; there a missing risk is only reported, as `info`, for tools whose name or
description says they delete things (see TC601), and MCP `annotations` stand for the risk where the format has
them (TC601, TC602). Every other rule here needs a declared `risk` or `errors` (keys only the contract format
has) and so applies to vendor input only when it carries one.

Values come from hostile files: every rule guards its types and leaves wrong *types* to TC009 (the contract
format), reporting what TC009 cannot see (missing keys inside `errors` entries, contradictions, policy).
"""

from __future__ import annotations

import re
from fnmatch import fnmatchcase
from typing import Any

from ..model.findings import Hit
from ..model.pointer import join_pointer
from ..registry import rule

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
_MAX_REF_HOPS = 16


# ------------------------------------------------------------------------------------------------ helpers


def _strlist(value: Any, default: list[str]) -> list[str]:
    """An option that should be a list of strings (a single string is accepted as a one-item list)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, (list, tuple)):
        return [v for v in value if isinstance(v, str)]
    return list(default)


def _risk(contract) -> str | None:
    r = contract.data.get("risk") if isinstance(contract.data, dict) else None
    return r if isinstance(r, str) and r in RISKS else None


def _effective_risk(contract) -> tuple[str, str] | None:
    """(risk, pointer of where it is said): the declared `risk`, else one a vendor format implies (MCP annotations)."""
    r = _risk(contract)
    if r is not None:
        return r, "/risk"
    if "risk" in contract.data or contract.format == "contract":
        return None  # a wrong value is TC009's
    try:
        derived = contract.risk
    except Exception:  # a model accessor must not break a check
        return None
    if isinstance(derived, str) and derived in RISKS:
        return derived, "/annotations"
    return None


def _esc(*tokens: str | int) -> str:
    return join_pointer("", *tokens)


def name_tokens(name: str) -> list[str]:
    """Lower-case words of a tool name after stripping namespaces: `files.deleteFile` -> [delete, file]."""
    segs = [s for s in _NAMESPACE.split(name) if s.strip("_-. ")]
    seg = segs[-1] if segs else name
    return [t.lower() for t in _TOKEN.findall(seg)]


def snake_name(name: str) -> str:
    return "_".join(name_tokens(name))


class _Verbs:
    """The verb tables of TC602 (also used by TC601's inference), compiled once per run."""

    def __init__(self, opts: dict[str, Any]) -> None:
        self.cls: dict[str, str] = {}
        self._memo: dict[str, tuple[str, str] | None] = {}
        for v in _strlist(opts.get("read-verbs"), READ_VERBS):
            self.cls[v.lower()] = "read"
        for v in _strlist(opts.get("write-verbs"), WRITE_VERBS):
            self.cls[v.lower()] = "write"
        for v in _strlist(opts.get("destructive-verbs"), DESTRUCTIVE_VERBS):
            self.cls[v.lower()] = "destructive"
        self.check_description = opts.get("check-description", True) is not False
        # a cheap pre-filter: a name or description without any destructive verb as a substring cannot imply one
        self.destructive = tuple(v for v, c in self.cls.items() if c == "destructive")
        try:
            self.scan = max(1, int(opts.get("scan-words", 3)))
        except (TypeError, ValueError):
            self.scan = 3

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


def _verbs(ctx) -> _Verbs:
    v = ctx.cache.get("safety.verbs")
    if v is None:
        v = ctx.cache["safety.verbs"] = _Verbs(ctx.options("TC602"))
    return v


def _deref(root: Any, node: Any, rel: str) -> tuple[Any, str]:
    """Follow local `$ref`s (`#/...`) inside ``root`` (bounded); returns the node and its pointer relative to root."""
    for _ in range(_MAX_REF_HOPS):
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
        node, rel = target, _esc(*tokens)
    return node, rel


def _types(schema: Any) -> set[str] | None:
    t = schema.get("type") if isinstance(schema, dict) else None
    if isinstance(t, str):
        return {t}
    if isinstance(t, list) and all(isinstance(x, str) for x in t):
        return set(t)
    return None


def _required(schema: Any) -> list[str]:
    r = schema.get("required") if isinstance(schema, dict) else None
    return [x for x in r if isinstance(x, str)] if isinstance(r, list) else []


def _props(schema: Any) -> dict[str, Any] | None:
    p = schema.get("properties") if isinstance(schema, dict) else None
    return p if isinstance(p, dict) else None


# ------------------------------------------------------------------------------------------------ risk


def _suggest_risk(contract, ctx) -> str | None:
    ann = contract.data.get("annotations")
    if isinstance(ann, dict):
        if ann.get("readOnlyHint") is True:
            return "read_only"
        if ann.get("destructiveHint") is True:
            return "destructive"
    got = _verbs(ctx).implied(contract)
    if got:
        return {"read": "read_only", "write": "write_limited", "destructive": "destructive"}[got[1]]
    return None


@rule("TC601", "missing-risk", severity="error", scope="contract", options={"vendor-input": "destructive"})
def missing_risk(contract, ctx):
    """A tool declares no `risk`.

    What it does:
    Reports a contract without a `risk` key (`read_only`, `write_limited` or `destructive`); the help suggests a
    value from the tool's verb or MCP annotations. A `risk` of the wrong type or an unknown value is TC009's.

    Inputs in a vendor or corpus format (e.g. `function-jsonl`, JSON Lines of function objects such as the shared
    corpus) cannot hold a `risk`. MCP tools say it through `annotations` (`readOnlyHint`, `destructiveHint`), which
    count as a declared risk. For the others the rule only reports, as `info`, tools whose name or description starts
    with a destructive verb (`delete_*`, `drop_*`, `purgeCache`, ... — the verb tables of TC602), so that a dump
    of thousands of functions stays quiet and the few that delete things stand out.

    Why is this bad?
    The risk is what a host uses to decide whether a call may run unattended, must be confirmed, or must never be
    retried blindly. A tool without one is either treated as harmless, which is dangerous, or blocked.

    Example:
    ```yaml
    name: delete_file
    description: Permanently delete one file from the user's drive.
    parameters:
      type: object
      required: [path]
      properties:
        path: {type: string, description: Path of the file.}
    ```

    Use instead:
    ```yaml
    name: delete_file
    description: Permanently delete one file from the user's drive.
    risk: destructive
    requires_confirmation: true
    idempotency_key: request_id
    parameters:
      type: object
      required: [path, request_id]
      properties:
        path: {type: string, description: Path of the file.}
        request_id: {type: string, description: Unique key reused on every retry of this deletion.}
    errors:
      - code: FILE_NOT_FOUND
        retryable: false
        description: No file exists at this path.
    ```

    Options:
    `rules.TC601.vendor-input` (default `destructive`): for vendor/corpus formats, `destructive` reports (as info)
    tools whose verb says they delete, `write` also those whose verb says they write (`create_*`, `send_*`, ...),
    `all` every tool, `off` none.
    """
    if not isinstance(contract.data, dict) or "risk" in contract.data:
        return
    if contract.format != "contract":
        if _effective_risk(contract) is not None:
            return  # e.g. MCP annotations say it
        mode = ctx.cache.get("safety.vendor-input")
        if mode is None:
            mode = ctx.cache["safety.vendor-input"] = ctx.options("TC601").get("vendor-input", "destructive")
        if mode == "off":
            return
        verbs = _verbs(ctx)
        if mode not in ("write", "all"):
            text = ((contract.name or "") + " " + (contract.description or "")[:60]).lower()
            if not any(v in text for v in verbs.destructive):
                return
        got = verbs.implied(contract)
        wanted = ("destructive",) if mode not in ("write", "all") else ("write", "destructive")
        if mode != "all" and not (got and got[1] in wanted):
            return
        if got and got[1] in ("write", "destructive"):
            value = "destructive" if got[1] == "destructive" else "write_limited"
            msg = (f"tool `{contract.display_name}` declares no `risk`, but its {got[2]} verb `{got[0]}` says it "
                   f"{'deletes' if got[1] == 'destructive' else 'changes'} data")
        else:
            value = _suggest_risk(contract, ctx)
            msg = f"tool `{contract.display_name}` declares no `risk`"
        if contract.format == "mcp":
            hint = "true" if value == "destructive" else "false"
            hlp = (f"Add `annotations: {{readOnlyHint: {'true' if value == 'read_only' else 'false'}, "
                   f"destructiveHint: {hint}}}` so that clients know what it does, or convert the tool to a contract "
                   f"(`toolcheck import`) with `risk: {value or 'write_limited'}`.")
        else:
            hlp = _risk_help(value) + (" This input format cannot carry it: convert the tool to a contract "
                                       "(`toolcheck import`) to declare it.")
        yield Hit("", msg, hlp, severity="info")
        return
    value = _suggest_risk(contract, ctx)
    yield Hit("", f"tool `{contract.display_name}` declares no `risk`", _risk_help(value))


def _risk_help(value: str | None) -> str:
    if value:
        return f"Add `risk: {value}` (one of read_only, write_limited, destructive) to say how much it changes."
    return ("Add `risk: read_only`, `risk: write_limited` or `risk: destructive` to say how much the tool changes "
            "the world.")


@rule("TC602", "risk-contradicts-verb", severity="warning", scope="contract", options={
    "destructive-verbs": DESTRUCTIVE_VERBS, "write-verbs": WRITE_VERBS, "read-verbs": READ_VERBS,
    "check-description": True, "scan-words": 3})
def risk_contradicts_verb(contract, ctx):
    """The tool's verb says it deletes or writes, but its `risk` says otherwise.

    What it does:
    Reads the verb of the tool name — the first known verb among its first words, after stripping namespaces
    (`files.delete_file`, `github__create_issue`) in snake, camel or kebab case (`deleteFile`, `delete-file`) —
    or, when the name has none, the leading verb of the description (`Deletes ...`, `Permanently removes ...`).
    A destructive verb (`delete`, `drop`, `purge`, `destroy`, `remove`, `wipe`, `truncate`, `erase`) on a tool
    not declared `destructive`, or a write verb (`create`, `send`, `charge`, `refund`, `update`, `set`, `add`,
    `post`, `cancel`, `transfer`, `pay`, ...) on a tool declared `read_only`, is reported at `/risk`. Read verbs
    (`get`, `list`, `search`, ...) stop the scan, so `get_refund_status` is not read as `refund`.
    In MCP input, which has no `risk`, the risk its `annotations` imply is compared instead (reported at
    `/annotations`).

    Why is this bad?
    Hosts run `read_only` tools unattended and retry them freely, and confirm only `destructive` ones. A
    `delete_account` declared `write_limited` deletes without asking; a `send_email` declared `read_only` is
    retried and sends twice.

    Example:
    ```yaml
    name: delete_file
    description: Permanently delete one file from the user's drive.
    risk: write_limited
    idempotency_key: request_id
    parameters:
      type: object
      required: [path, request_id]
      properties:
        path: {type: string, description: Path of the file.}
        request_id: {type: string, description: Unique key reused on every retry of this deletion.}
    ```

    Use instead:
    ```yaml
    name: delete_file
    description: Permanently delete one file from the user's drive.
    risk: destructive
    requires_confirmation: true
    idempotency_key: request_id
    parameters:
      type: object
      required: [path, request_id]
      properties:
        path: {type: string, description: Path of the file.}
        request_id: {type: string, description: Unique key reused on every retry of this deletion.}
    errors:
      - code: FILE_NOT_FOUND
        retryable: false
        description: No file exists at this path.
    ```

    Options:
    `rules.TC602.destructive-verbs`, `write-verbs`, `read-verbs` (lists of lower-case words; each replaces the
    default list); `check-description` (default true): also read the description's leading verb when the name
    has none; `scan-words` (default 3): how many leading words of the name are searched for a verb. The same
    tables drive TC601's inference for vendor formats.
    """
    eff = _effective_risk(contract)
    if eff is None:
        return
    risk, where_risk = eff
    got = _verbs(ctx).implied(contract)
    if not got:
        return
    verb, cls, where = got
    said = f"the name `{contract.name}` uses" if where == "name" else "the description starts with"
    if where_risk == "/risk":
        claim, fix_d, fix_w = (f"`risk` is `{risk}`", "Declare `risk: destructive` (with `requires_confirmation: "
                               "true`)", "Declare `risk: write_limited` (or `destructive`)")
    else:
        claim = f"its MCP annotations make it `{risk}`"
        fix_d = "Set `annotations: {readOnlyHint: false, destructiveHint: true}`"
        fix_w = "Set `readOnlyHint: false` in `annotations` (and `destructiveHint: false` if it only adds or changes)"
    if cls == "destructive" and risk != "destructive":
        yield Hit(where_risk, f"{said} the destructive verb `{verb}`, but {claim}",
                  f"{fix_d}, or rename the tool if it does not delete anything.")
    elif cls == "write" and risk == "read_only":
        yield Hit(where_risk, f"{said} the write verb `{verb}`, but {claim}",
                  f"{fix_w}, or rename the tool if it only reads.")


_HINT_RISK = {
    # (hint, value) -> the risks it contradicts and the risk it implies
    ("readOnlyHint", True): (("write_limited", "destructive"), "read_only"),
    ("readOnlyHint", False): (("read_only",), None),
    ("destructiveHint", True): (("read_only", "write_limited"), "destructive"),
    ("destructiveHint", False): (("destructive",), None),
}


@rule("TC603", "annotations-contradict-risk", severity="error", scope="contract")
def annotations_contradict_risk(contract, ctx):
    """MCP `annotations` contradict the contract's `risk`.

    What it does:
    Compares the MCP tool annotations with `risk`: `readOnlyHint: true` with a risk other than `read_only`,
    `readOnlyHint: false` with `read_only`, `destructiveHint: true` with `read_only` or `write_limited`, and
    `destructiveHint: false` with `destructive`. Each contradicting hint is reported at its own pointer. Hints
    left out are not compared (MCP's defaults are cautious).

    Why is this bad?
    MCP clients decide from the annotations whether to ask the user; toolcheck and your host decide from `risk`.
    When they disagree, one of them runs a destructive call unconfirmed.

    Example:
    ```yaml
    name: archive_project
    description: Move a project and its files to the archive, where they are deleted after 30 days.
    risk: write_limited
    idempotency_key: request_id
    annotations:
      readOnlyHint: true
    parameters:
      type: object
      required: [project_id, request_id]
      properties:
        project_id: {type: string, description: The project to archive.}
        request_id: {type: string, description: Unique key reused on every retry.}
    ```

    Use instead:
    ```yaml
    name: archive_project
    description: Move a project and its files to the archive, where they are deleted after 30 days.
    risk: write_limited
    idempotency_key: request_id
    annotations:
      readOnlyHint: false
      destructiveHint: false
    parameters:
      type: object
      required: [project_id, request_id]
      properties:
        project_id: {type: string, description: The project to archive.}
        request_id: {type: string, description: Unique key reused on every retry.}
    errors:
      - code: PROJECT_NOT_FOUND
        retryable: false
        description: No project has this id.
    ```
    """
    risk = _risk(contract)
    ann = contract.data.get("annotations")
    if risk is None or not isinstance(ann, dict):
        return
    for hint in ("readOnlyHint", "destructiveHint"):
        value = ann.get(hint)
        if type(value) is not bool:
            continue
        bad, implied = _HINT_RISK[(hint, value)]
        if risk in bad:
            want = implied or "write_limited"
            yield Hit(f"/annotations/{hint}",
                      f"annotation `{hint}: {str(value).lower()}` contradicts `risk: {risk}`",
                      f"Make them agree: either `risk: {want}` or `{hint}: {str(not value).lower()}` "
                      "(whichever is true of the tool).")


# ------------------------------------------------------------------------------------------------ idempotency


def _idem_param(contract):
    """(declared name, parameters, the property schema or None, its pointer) — None when not declared as text."""
    name = contract.data.get("idempotency_key")
    if not isinstance(name, str) or not name:
        return None
    params = contract.parameters
    key = contract.parameters_key or "parameters"
    props = _props(params)
    if props is None or name not in props:
        return name, params, None, None
    schema, rel = _deref(params, props[name], _esc("properties", name))
    return name, params, schema, (_esc(key, "properties", name), _esc(key) + rel)


def _declared_idempotent(contract) -> bool:
    """The tool says it is idempotent: MCP `annotations: {idempotentHint: true}` (a retry has no further effect)."""
    ann = contract.data.get("annotations")
    return isinstance(ann, dict) and ann.get("idempotentHint") is True


def _idem_snippet(name: str) -> str:
    return f"`idempotency_key: {name}` and a parameter `{name}: {{type: string, description: Unique key reused on " \
           f"every retry}}` listed in `required`"


@rule("TC604", "missing-idempotency-key", severity="error", scope="contract",
      options={"risks": WRITE_RISKS, "names": []})
def missing_idempotency_key(contract, ctx):
    """A write or destructive tool declares no `idempotency_key`.

    What it does:
    Reports a tool whose `risk` is `write_limited` or `destructive` (configurable) without an `idempotency_key`
    naming the parameter that carries the idempotency key. When the option `names` lists the accepted parameter
    names, an `idempotency_key` naming any other parameter is reported too. Whether the named parameter exists,
    is a string and is required are TC605, TC606 and TC607.

    A tool that is idempotent by nature needs no key: MCP annotations `idempotentHint: true` (kept in the
    contract's `annotations`, as `toolcheck import` writes them from an MCP server) say that repeating a call with
    the same arguments has no additional effect, so a retry is safe and the rule does not report the tool.

    Why is this bad?
    Models and hosts retry on timeouts. Without a key the server cannot tell a retry from a new request, and
    the order is placed, the card charged or the e-mail sent twice.

    Example:
    ```yaml
    name: send_email
    description: Send an e-mail to one recipient on the user's behalf.
    risk: write_limited
    parameters:
      type: object
      required: [to, body]
      properties:
        to: {type: string, format: email, description: Recipient address.}
        body: {type: string, description: Text of the message.}
    ```

    Use instead:
    ```yaml
    name: send_email
    description: Send an e-mail to one recipient on the user's behalf.
    risk: write_limited
    idempotency_key: request_id
    parameters:
      type: object
      required: [to, body, request_id]
      properties:
        to: {type: string, format: email, description: Recipient address.}
        body: {type: string, description: Text of the message.}
        request_id: {type: string, description: Unique key reused on every retry, so the e-mail is sent once.}
    errors:
      - code: INVALID_RECIPIENT
        retryable: false
        description: The address is not deliverable.
    ```

    Options:
    `rules.TC604.risks` (default `[write_limited, destructive]`): the risks that need a key (`[]` turns the
    rule off). `rules.TC604.names` (default `[]`, any name): the accepted names of the key parameter, e.g.
    `[idempotency_key, request_id]`.
    """
    risk = _risk(contract)
    if risk is None:
        return
    opts = ctx.options("TC604")
    names = _strlist(opts.get("names"), [])
    declared = contract.data.get("idempotency_key")
    if "idempotency_key" in contract.data:
        if names and isinstance(declared, str) and declared and declared not in names:
            yield Hit("/idempotency_key",
                      f"`idempotency_key` names `{declared}`, which is not an accepted key name "
                      f"({', '.join(names)})",
                      f"Name the key parameter `{names[0]}` and declare `idempotency_key: {names[0]}`.")
        return
    if risk not in _strlist(opts.get("risks"), WRITE_RISKS):
        return
    if _declared_idempotent(contract):
        return
    props = _props(contract.parameters) or {}
    candidates = names or list(IDEMPOTENCY_NAMES)
    existing = next((n for n in candidates if n in props), None)
    if existing:
        hlp = f"Declare the key parameter it already has: `idempotency_key: {existing}`."
    else:
        hlp = "Add " + _idem_snippet(candidates[0]) + "."
    yield Hit("", f"`{risk}` tool `{contract.display_name}` declares no `idempotency_key`", hlp)


@rule("TC605", "unknown-idempotency-parameter", severity="error", scope="contract")
def unknown_idempotency_parameter(contract, ctx):
    """`idempotency_key` names a parameter that does not exist.

    What it does:
    Reports an `idempotency_key` whose value is not a property of `parameters.properties` (a typo, a renamed
    parameter, or a tool whose `parameters` has no `properties`), suggesting the closest name.

    Why is this bad?
    The host looks for the key in the arguments under that name, finds nothing, and retries run without
    deduplication — exactly what the declaration promised not to happen.

    Example:
    ```yaml
    name: create_order
    description: Place an order for the items in the user's cart.
    risk: write_limited
    idempotency_key: request_id
    parameters:
      type: object
      required: [cart_id, requestId]
      properties:
        cart_id: {type: string, description: The cart to order.}
        requestId: {type: string, description: Unique key reused on every retry.}
    ```

    Use instead:
    ```yaml
    name: create_order
    description: Place an order for the items in the user's cart.
    risk: write_limited
    idempotency_key: request_id
    parameters:
      type: object
      required: [cart_id, request_id]
      properties:
        cart_id: {type: string, description: The cart to order.}
        request_id: {type: string, description: Unique key reused on every retry.}
    errors:
      - code: CART_EMPTY
        retryable: false
        description: The cart has no items.
    ```
    """
    got = _idem_param(contract)
    if got is None or got[2] is not None:
        return
    name, params, _, _ = got
    props = _props(params)
    if props is None:
        yield Hit("/idempotency_key", f"`idempotency_key` names `{name}`, but `parameters` has no `properties`",
                  f"Add the key parameter: `parameters: {{type: object, required: [{name}], properties: {{{name}: "
                  "{type: string, description: Unique key reused on every retry}}}`.")
        return
    from ..suggest import did_you_mean

    yield Hit("/idempotency_key",
              f"`idempotency_key` names `{name}`, which is not a parameter{did_you_mean(name, list(props))}",
              f"Point `idempotency_key` at the parameter that carries the key, or add "
              f"`{name}: {{type: string, description: Unique key reused on every retry}}` to `properties` and "
              "`required`.")


@rule("TC606", "idempotency-key-not-string", severity="error", scope="contract")
def idempotency_key_not_string(contract, ctx):
    """The idempotency key parameter is not a plain string.

    What it does:
    Reports the parameter named by `idempotency_key` when its schema (after local `$ref`s) is not `type: string`
    — a number, an object, a type union such as `[string, "null"]`, or no type at all.

    Why is this bad?
    Idempotency keys are opaque strings (UUIDs, hashes) in every payment and messaging API; a number invites the
    model to count (1, 2, 3) and collide, a nullable key lets it send none.

    Example:
    ```yaml
    name: charge_card
    description: Charge the user's saved card for an amount in cents.
    risk: write_limited
    idempotency_key: request_id
    parameters:
      type: object
      required: [amount_cents, request_id]
      properties:
        amount_cents: {type: integer, minimum: 1, description: Amount in cents.}
        request_id: {type: integer, description: Unique key reused on every retry.}
    ```

    Use instead:
    ```yaml
    name: charge_card
    description: Charge the user's saved card for an amount in cents.
    risk: write_limited
    idempotency_key: request_id
    parameters:
      type: object
      required: [amount_cents, request_id]
      properties:
        amount_cents: {type: integer, minimum: 1, description: Amount in cents.}
        request_id: {type: string, format: uuid, description: Unique key reused on every retry.}
    errors:
      - code: CARD_DECLINED
        retryable: false
        description: The bank refused the charge.
    ```
    """
    got = _idem_param(contract)
    if got is None or got[2] is None:
        return
    name, _, schema, (ptr, sptr) = got
    types = _types(schema)
    if types == {"string"}:
        return
    if isinstance(schema, dict) and "type" in schema:
        shown = schema.get("type")
        yield Hit(sptr + "/type", f"idempotency key parameter `{name}` has type `{_show(shown)}`, not `string`",
                  f"Make it `{name}: {{type: string, description: Unique key reused on every retry}}`.")
    else:
        yield Hit(sptr, f"idempotency key parameter `{name}` does not declare `type: string`",
                  f"Add `type: string` to `{name}` (e.g. `{{type: string, format: uuid}}`).")


def _show(v: Any) -> str:
    if isinstance(v, list):
        return "[" + ", ".join(str(x) for x in v) + "]"
    return str(v)


@rule("TC607", "idempotency-key-not-required", severity="error", scope="contract")
def idempotency_key_not_required(contract, ctx):
    """The idempotency key parameter is optional.

    What it does:
    Reports the parameter named by `idempotency_key` when it is not listed in the `required` of `parameters`.

    Why is this bad?
    Models leave optional parameters out. A key the model may omit protects only the calls where it happened
    to send one.

    Example:
    ```yaml
    name: refund_order
    description: Refund a delivered order to the original payment method.
    risk: write_limited
    idempotency_key: request_id
    parameters:
      type: object
      required: [order_id]
      properties:
        order_id: {type: string, description: The order to refund.}
        request_id: {type: string, description: Unique key reused on every retry.}
    ```

    Use instead:
    ```yaml
    name: refund_order
    description: Refund a delivered order to the original payment method.
    risk: write_limited
    idempotency_key: request_id
    parameters:
      type: object
      required: [order_id, request_id]
      properties:
        order_id: {type: string, description: The order to refund.}
        request_id: {type: string, description: Unique key reused on every retry.}
    errors:
      - code: ORDER_NOT_REFUNDABLE
        retryable: false
        description: The order is not delivered or was already refunded.
    ```
    """
    got = _idem_param(contract)
    if got is None or got[2] is None:
        return
    name, params, _, (ptr, _) = got
    if name in _required(params):
        return
    key = contract.parameters_key or "parameters"
    where = _esc(key, "required") if isinstance(params.get("required"), list) else ptr
    yield Hit(where, f"idempotency key parameter `{name}` is not required",
              f"Add `{name}` to `{key}.required`, e.g. `required: [{', '.join(_required(params) + [name])}]`.")


# ------------------------------------------------------------------------------------------------ confirmation


@rule("TC608", "missing-confirmation", severity="error", scope="contract",
      options={"risks": ["destructive"], "names": []})
def missing_confirmation(contract, ctx):
    """A destructive tool does not declare `requires_confirmation: true`.

    What it does:
    Reports a `destructive` tool (configurable) whose `requires_confirmation` is missing (at the contract) or
    `false` (at the key). With the option `names`, tools of any other risk except `read_only` whose name matches
    one of the glob patterns (e.g. `charge_*`, `transfer_*`) need it too; names are matched in snake case after
    stripping namespaces (`payments.chargeCard` matches `charge_*`).

    Why is this bad?
    A model misreads a request now and then. A human confirmation is the last chance to stop it deleting the
    wrong account; without the flag the host runs the call at once.

    Example:
    ```yaml
    name: delete_account
    description: Close the user's account and erase all of their data.
    risk: destructive
    idempotency_key: request_id
    parameters:
      type: object
      required: [request_id]
      properties:
        request_id: {type: string, description: Unique key reused on every retry.}
    ```

    Use instead:
    ```yaml
    name: delete_account
    description: Close the user's account and erase all of their data.
    risk: destructive
    requires_confirmation: true
    idempotency_key: request_id
    parameters:
      type: object
      required: [request_id]
      properties:
        request_id: {type: string, description: Unique key reused on every retry.}
    errors:
      - code: ACCOUNT_HAS_OPEN_ORDERS
        retryable: false
        description: Orders in progress must be delivered or cancelled first.
    ```

    Options:
    `rules.TC608.risks` (default `[destructive]`): the risks that always need a confirmation.
    `rules.TC608.names` (default `[]`): glob patterns of tool names that need it whatever their risk (except
    `read_only`), e.g. `["charge_*", "transfer_*", "send_*"]`.
    """
    risk = _risk(contract)
    if risk is None:
        return
    opts = ctx.options("TC608")
    why = None
    if risk in _strlist(opts.get("risks"), ["destructive"]):
        why = f"`{risk}` tool"
    elif risk != "read_only" and contract.name:
        pats = _strlist(opts.get("names"), [])
        if pats:
            snake = snake_name(contract.name)
            lower = contract.name.lower()
            pat = next((p for p in pats if fnmatchcase(snake, p.lower()) or fnmatchcase(lower, p.lower())), None)
            if pat:
                why = f"tool `{contract.display_name}` (matching `{pat}`)"
    if why is None:
        return
    if why.startswith("`"):
        why = f"{why} `{contract.display_name}`"
    rc = contract.data.get("requires_confirmation")
    if "requires_confirmation" not in contract.data:
        yield Hit("", f"{why} does not declare `requires_confirmation`",
                  "Add `requires_confirmation: true` so the host asks a human before each call.")
    elif rc is False:
        yield Hit("/requires_confirmation", f"{why} has `requires_confirmation: false`",
                  "Set `requires_confirmation: true` so the host asks a human before each call.")


# ------------------------------------------------------------------------------------------------ errors


def _error_entries(contract):
    """(index, entry) of each mapping in a list-valued `errors`; hostile shapes are TC009's."""
    errs = contract.data.get("errors")
    if not isinstance(errs, list):
        return ()
    return [(i, e) for i, e in enumerate(errs) if isinstance(e, dict)]


def _code_re(ctx) -> re.Pattern | None:
    cached = ctx.cache.get("safety.code_re", False)
    if cached is False:
        pat = ctx.options("TC609").get("pattern", ERROR_CODE_PATTERN)
        try:
            cached = re.compile(pat) if isinstance(pat, str) else re.compile(ERROR_CODE_PATTERN)
        except re.error:
            cached = re.compile(ERROR_CODE_PATTERN)
        ctx.cache["safety.code_re"] = cached
    return cached


def _upper_snake(code: str) -> str:
    s = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", code.strip())
    s = re.sub(r"[^A-Za-z0-9]+", "_", s).strip("_").upper()
    if s and s[0].isdigit():
        s = "E_" + s
    return s or "ERROR_CODE"


@rule("TC609", "invalid-error-code", severity="error", scope="contract", options={"pattern": ERROR_CODE_PATTERN})
def invalid_error_code(contract, ctx):
    """A declared error has no `code`, or a code that is not UPPER_SNAKE_CASE.

    What it does:
    Checks each entry of `errors`: it must have a `code` (reported at the entry when missing) that matches
    `^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$` (reported at `/errors/N/code`, with the UPPER_SNAKE spelling suggested).
    A `code` that is not a string is TC009's.

    Why is this bad?
    Hosts and models branch on the code (`retry on RATE_LIMITED`, `ask for another card on CARD_DECLINED`). An
    error without one cannot be told apart; a mix of `notFound`, `not-found` and `NOT_FOUND` across tools breaks
    every switch written against them.

    Example:
    ```yaml
    name: get_order
    description: Get the status and items of one of the user's orders.
    risk: read_only
    parameters:
      type: object
      required: [order_id]
      properties:
        order_id: {type: string, description: The order's id.}
    errors:
      - code: orderNotFound
        retryable: false
        description: No order of this user has this id.
    ```

    Use instead:
    ```yaml
    name: get_order
    description: Get the status and items of one of the user's orders.
    risk: read_only
    parameters:
      type: object
      required: [order_id]
      properties:
        order_id: {type: string, description: The order's id.}
    errors:
      - code: ORDER_NOT_FOUND
        retryable: false
        description: No order of this user has this id.
    ```

    Options:
    `rules.TC609.pattern` (default `^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$`): the regular expression codes must match, for
    teams with another convention (e.g. `^[a-z]+(\\.[a-z_]+)+$` for dotted codes).
    """
    entries = _error_entries(contract)
    if not entries:
        return
    code_re = _code_re(ctx)
    upper_only = code_re.pattern == ERROR_CODE_PATTERN
    for i, e in entries:
        if "code" not in e:
            yield Hit(f"/errors/{i}", f"error #{i} has no `code`",
                      "Add a stable UPPER_SNAKE code, e.g. `code: NOT_FOUND`.")
            continue
        code = e["code"]
        if isinstance(code, str) and not code.strip():
            yield Hit(f"/errors/{i}/code", f"error #{i} has an empty `code`",
                      "Give it a stable UPPER_SNAKE code, e.g. `code: NOT_FOUND`.", prefer_key=False)
        elif isinstance(code, str) and not code_re.match(code):
            if upper_only:
                yield Hit(f"/errors/{i}/code", f"error code `{code}` is not UPPER_SNAKE_CASE",
                          f"Write it as `code: {_upper_snake(code)}`.", prefer_key=False)
            else:
                yield Hit(f"/errors/{i}/code", f"error code `{code}` does not match `{code_re.pattern}`",
                          "Rename the code to follow the configured pattern (`rules.TC609.pattern`).",
                          prefer_key=False)


@rule("TC610", "error-missing-retryable", severity="error", scope="contract")
def error_missing_retryable(contract, ctx):
    """A declared error does not say whether it is `retryable`.

    What it does:
    Reports each entry of `errors` without a `retryable` key (a `retryable` that is not a boolean is TC009's).

    Why is this bad?
    On an error the model either retries, changes the arguments, or tells the user. `retryable` is what tells
    it which: without it, models retry a declined card until the bank blocks it, or give up on a timeout.

    Example:
    ```yaml
    name: get_order
    description: Get the status and items of one of the user's orders.
    risk: read_only
    parameters:
      type: object
      required: [order_id]
      properties:
        order_id: {type: string, description: The order's id.}
    errors:
      - code: ORDER_SERVICE_UNAVAILABLE
        description: The order service did not answer in time.
    ```

    Use instead:
    ```yaml
    name: get_order
    description: Get the status and items of one of the user's orders.
    risk: read_only
    parameters:
      type: object
      required: [order_id]
      properties:
        order_id: {type: string, description: The order's id.}
    errors:
      - code: ORDER_SERVICE_UNAVAILABLE
        retryable: true
        description: The order service did not answer in time.
    ```
    """
    for i, e in _error_entries(contract):
        if "retryable" not in e:
            code = e.get("code")
            label = f"error `{code}`" if isinstance(code, str) and code else f"error #{i}"
            yield Hit(f"/errors/{i}", f"{label} does not say whether it is `retryable`",
                      "Add `retryable: true` if the same call may succeed later (timeouts, rate limits), "
                      "`retryable: false` if the arguments or the world must change first.")


@rule("TC611", "error-missing-description", severity="warning", scope="contract")
def error_missing_description(contract, ctx):
    """A declared error has no `description`, or an empty one.

    What it does:
    Reports each entry of `errors` without a `description` (at the entry) or whose description is empty or
    blank (at the description). A non-string description is TC009's.

    Why is this bad?
    The description is what tells the model (and the next developer) when the error happens and what to do
    about it; a bare code like `CONFLICT` leaves both guessing.

    Example:
    ```yaml
    name: get_order
    description: Get the status and items of one of the user's orders.
    risk: read_only
    parameters:
      type: object
      required: [order_id]
      properties:
        order_id: {type: string, description: The order's id.}
    errors:
      - code: ORDER_NOT_FOUND
        retryable: false
    ```

    Use instead:
    ```yaml
    name: get_order
    description: Get the status and items of one of the user's orders.
    risk: read_only
    parameters:
      type: object
      required: [order_id]
      properties:
        order_id: {type: string, description: The order's id.}
    errors:
      - code: ORDER_NOT_FOUND
        retryable: false
        description: No order of this user has this id; ask the user to check the number.
    ```
    """
    for i, e in _error_entries(contract):
        code = e.get("code")
        label = f"error `{code}`" if isinstance(code, str) and code else f"error #{i}"
        if "description" not in e:
            yield Hit(f"/errors/{i}", f"{label} has no `description`",
                      "Add `description:` saying when the error happens and what the caller should do.")
        elif isinstance(e["description"], str) and not e["description"].strip():
            yield Hit(f"/errors/{i}/description", f"{label} has an empty `description`",
                      "Say when the error happens and what the caller should do, e.g. `description: No order "
                      "has this id; ask the user to check it.`", prefer_key=False)


@rule("TC612", "duplicate-error-code", severity="error", scope="contract")
def duplicate_error_code(contract, ctx):
    """Two declared errors of one tool have the same code.

    What it does:
    Reports each repeated `code` in `errors` at the repetition, naming the entry that declared it first.

    Why is this bad?
    A code must identify one situation. Two entries with one code and different `retryable` or descriptions
    leave the host and the model to pick one at random.

    Example:
    ```yaml
    name: get_order
    description: Get the status and items of one of the user's orders.
    risk: read_only
    parameters:
      type: object
      required: [order_id]
      properties:
        order_id: {type: string, description: The order's id.}
    errors:
      - code: ORDER_NOT_FOUND
        retryable: false
        description: No order has this id.
      - code: ORDER_NOT_FOUND
        retryable: false
        description: The order belongs to another user.
    ```

    Use instead:
    ```yaml
    name: get_order
    description: Get the status and items of one of the user's orders.
    risk: read_only
    parameters:
      type: object
      required: [order_id]
      properties:
        order_id: {type: string, description: The order's id.}
    errors:
      - code: ORDER_NOT_FOUND
        retryable: false
        description: No order has this id.
      - code: ORDER_FORBIDDEN
        retryable: false
        description: The order belongs to another user.
    ```
    """
    first: dict[str, int] = {}
    for i, e in _error_entries(contract):
        code = e.get("code")
        if not isinstance(code, str) or not code.strip():
            continue
        key = code.strip()
        if key in first:
            j = first[key]
            line = contract.file.locate(contract.ptr("errors", j, "code"))[0]
            h = Hit(f"/errors/{i}/code", f"error code `{key}` is already declared by error #{j}",
                    "Give each situation its own code, or merge the two entries into one.", prefer_key=False)
            h.related = [{"file": contract.file.path, "line": line, "pointer": contract.ptr("errors", j, "code"),
                          "tool": contract.name}]
            yield h
        else:
            first[key] = i


# ------------------------------------------------------------------------------------------------ result union


def _ok_value(branch: Any, root: Any, ok_key: str) -> bool | None:
    props = _props(branch)
    if props is None or ok_key not in props:
        return None
    okp, _ = _deref(root, props[ok_key], "")
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
    node, rel = _deref(root, root, "")
    if not isinstance(node, dict):
        return None
    for kw in ("anyOf", "oneOf"):
        branches = node.get(kw)
        if not isinstance(branches, list):
            continue
        ok, err = [], []
        for i, b in enumerate(branches):
            bnode, brel = _deref(root, b, rel + _esc(kw, i))
            v = _ok_value(bnode, root, ok_key)
            if v is True:
                ok.append((bnode, brel))
            elif v is False:
                err.append((bnode, brel))
        if err:
            return {"ok": ok, "err": err, "root": root, "key": contract.returns_key or "returns"}
    return None


def _result_opts(ctx) -> tuple[str, str, dict[str, str | None]]:
    cached = ctx.cache.get("safety.result_opts")
    if cached is None:
        o = ctx.options("TC613")
        ok_key = o.get("ok-key") if isinstance(o.get("ok-key"), str) else "ok"
        err_key = o.get("error-key") if isinstance(o.get("error-key"), str) else "error"
        f = o.get("fields", RESULT_FIELDS)
        if isinstance(f, dict):
            fields = {k: (v if isinstance(v, str) else None) for k, v in f.items() if isinstance(k, str)}
        else:
            fields = {k: RESULT_FIELDS.get(k) for k in _strlist(f, list(RESULT_FIELDS))}
        cached = ctx.cache["safety.result_opts"] = (ok_key, err_key, fields)
    return cached


def _union(contract, ctx):
    cache = ctx.cache.setdefault("safety.unions", {})
    k = id(contract)
    if k not in cache:
        cache[k] = (contract, result_union(contract, _result_opts(ctx)[0]))
    return cache[k][1]


_RESULT_SNIPPET = ("`error: {type: object, required: [code, message, retryable], properties: {code: {type: string}, "
                   "message: {type: string}, retryable: {type: boolean}}}`")


@rule("TC613", "incomplete-error-result", severity="error", scope="contract",
      options={"ok-key": "ok", "error-key": "error", "fields": RESULT_FIELDS})
def incomplete_error_result(contract, ctx):
    """The error branch of a success/error `returns` union lacks `code`, `message` or `retryable`.

    What it does:
    Recognises a `returns` schema that models the result as a union — `anyOf`/`oneOf` (possibly behind a local
    `$ref`) with an `ok: true` branch (`const: true` or `enum: [true]`) and an `ok: false` branch — and checks
    the error branch: it must have a required `error` object whose properties include `code` (string),
    `message` (string) and `retryable` (boolean), all required. Each gap is reported at the node concerned.

    Why is this bad?
    The error branch is what the model reads when the call fails. Without a code it cannot branch, without a
    message it cannot explain, and without `retryable` it guesses whether to try again — the same reasons
    declared `errors` need these fields.

    Example:
    ```yaml
    name: get_order
    description: Get the status and items of one of the user's orders.
    risk: read_only
    parameters:
      type: object
      required: [order_id]
      properties:
        order_id: {type: string, description: The order's id.}
    returns:
      oneOf:
        - type: object
          required: [ok, order]
          properties:
            ok: {const: true}
            order: {type: object}
        - type: object
          required: [ok, error]
          properties:
            ok: {const: false}
            error:
              type: object
              required: [message]
              properties:
                message: {type: string}
    ```

    Use instead:
    ```yaml
    name: get_order
    description: Get the status and items of one of the user's orders.
    risk: read_only
    parameters:
      type: object
      required: [order_id]
      properties:
        order_id: {type: string, description: The order's id.}
    returns:
      oneOf:
        - type: object
          required: [ok, order]
          properties:
            ok: {const: true}
            order: {type: object}
        - type: object
          required: [ok, error]
          properties:
            ok: {const: false}
            error:
              type: object
              required: [code, message, retryable]
              properties:
                code: {type: string, enum: [ORDER_NOT_FOUND]}
                message: {type: string}
                retryable: {type: boolean}
    errors:
      - code: ORDER_NOT_FOUND
        retryable: false
        description: No order of this user has this id.
    ```

    Options:
    `rules.TC613.ok-key` (default `ok`) and `error-key` (default `error`): the property names of the union;
    `fields` (default `{code: string, message: string, retryable: boolean}`): the fields the error object must
    declare and require, with their expected types (a list of names checks presence only).
    """
    if not isinstance(contract.returns, dict):
        return
    u = _union(contract, ctx)
    if u is None:
        return
    _, err_key, fields = _result_opts(ctx)
    root, key = u["root"], u["key"]
    top = _esc(key)
    for branch, brel in u["err"]:
        bptr = top + brel
        props = _props(branch)
        if props is None or err_key not in props:
            where = bptr + "/properties" if props is not None else bptr
            yield Hit(where, f"the `ok: false` branch of `{key}` has no `{err_key}` property",
                      f"Add {_RESULT_SNIPPET.replace('`error:', '`' + err_key + ':')} to its `properties` and "
                      f"`{err_key}` to its `required`.")
            continue
        if err_key not in _required(branch):
            where = bptr + "/required" if isinstance(branch.get("required"), list) else bptr
            yield Hit(where, f"the `ok: false` branch of `{key}` does not require `{err_key}`",
                      f"Add `{err_key}` to the branch's `required`, e.g. `required: [ok, {err_key}]`.")
        err, erel = _deref(root, props[err_key], brel + _esc("properties", err_key))
        if not isinstance(err, dict):
            continue
        eptr = top + erel
        eprops = _props(err)
        ereq = _required(err)
        for fname, ftype in fields.items():
            if eprops is None or fname not in eprops:
                where = eptr + "/properties" if eprops is not None else eptr
                t = f"{{type: {ftype}}}" if ftype else "{...}"
                yield Hit(where, f"`{err_key}` of the `ok: false` branch of `{key}` does not declare `{fname}`",
                          f"Add `{fname}: {t}` to its `properties` and `{fname}` to its `required`.")
                continue
            fschema, frel = _deref(root, eprops[fname], erel + _esc("properties", fname))
            types = _types(fschema)
            if ftype and types is not None and types != {ftype}:
                yield Hit(top + frel + "/type", f"`{err_key}.{fname}` of `{key}` has type "
                          f"`{_show(fschema.get('type'))}`, not `{ftype}`", f"Make it `{fname}: {{type: {ftype}}}`.",
                          prefer_key=False)
            if fname not in ereq:
                where = eptr + "/required" if isinstance(err.get("required"), list) else eptr
                yield Hit(where, f"`{err_key}.{fname}` of `{key}` is not required",
                          f"Add `{fname}` to the error object's `required`, e.g. "
                          f"`required: [{', '.join(dict.fromkeys(ereq + list(fields)))}]`.")


@rule("TC614", "undeclared-result-error-code", severity="warning", scope="contract")
def undeclared_result_error_code(contract, ctx):
    """The error branch of `returns` enumerates a code that `errors` does not declare.

    What it does:
    In a success/error `returns` union (see TC613), reads the codes the error object allows (`code: {enum: [...]}`
    or `code: {const: ...}`) and reports each one that is not the `code` of an entry of `errors` — or all of them
    when the tool has no `errors`. Declared errors missing from the enum are not reported (the enum may list
    only the codes the result schema is sure of).

    Why is this bad?
    `errors` is where each code gets its `retryable` flag and its description. A code that only the result schema
    knows is returned to the model with no guidance on what to do about it.

    Example:
    ```yaml
    name: get_order
    description: Get the status and items of one of the user's orders.
    risk: read_only
    parameters:
      type: object
      required: [order_id]
      properties:
        order_id: {type: string, description: The order's id.}
    returns:
      oneOf:
        - type: object
          required: [ok]
          properties:
            ok: {const: true}
        - type: object
          required: [ok, error]
          properties:
            ok: {const: false}
            error:
              type: object
              required: [code, message, retryable]
              properties:
                code: {type: string, enum: [ORDER_NOT_FOUND, ORDER_FORBIDDEN]}
                message: {type: string}
                retryable: {type: boolean}
    errors:
      - code: ORDER_NOT_FOUND
        retryable: false
        description: No order has this id.
    ```

    Use instead:
    ```yaml
    name: get_order
    description: Get the status and items of one of the user's orders.
    risk: read_only
    parameters:
      type: object
      required: [order_id]
      properties:
        order_id: {type: string, description: The order's id.}
    returns:
      oneOf:
        - type: object
          required: [ok]
          properties:
            ok: {const: true}
        - type: object
          required: [ok, error]
          properties:
            ok: {const: false}
            error:
              type: object
              required: [code, message, retryable]
              properties:
                code: {type: string, enum: [ORDER_NOT_FOUND, ORDER_FORBIDDEN]}
                message: {type: string}
                retryable: {type: boolean}
    errors:
      - code: ORDER_NOT_FOUND
        retryable: false
        description: No order has this id.
      - code: ORDER_FORBIDDEN
        retryable: false
        description: The order belongs to another user.
    ```
    """
    if not isinstance(contract.returns, dict):
        return
    u = _union(contract, ctx)
    if u is None:
        return
    errs = contract.data.get("errors")
    if "errors" in contract.data and not isinstance(errs, list):
        return  # TC009 reports the shape
    declared = {e["code"].strip() for _, e in _error_entries(contract) if isinstance(e.get("code"), str)}
    _, err_key, _ = _result_opts(ctx)
    root, key = u["root"], u["key"]
    seen: set[str] = set()
    for branch, brel in u["err"]:
        props = _props(branch)
        if props is None or err_key not in props:
            continue
        err, erel = _deref(root, props[err_key], brel + _esc("properties", err_key))
        eprops = _props(err)
        if eprops is None or "code" not in eprops:
            continue
        code_schema, crel = _deref(root, eprops["code"], erel + _esc("properties", "code"))
        if not isinstance(code_schema, dict):
            continue
        values: list[tuple[str, str]] = []
        if isinstance(code_schema.get("enum"), list):
            values = [(v, crel + _esc("enum", j)) for j, v in enumerate(code_schema["enum"]) if isinstance(v, str)]
        elif isinstance(code_schema.get("const"), str):
            values = [(code_schema["const"], crel + "/const")]
        for v, rel in values:
            if v in declared or v in seen:
                continue
            seen.add(v)
            msg = (f"error code `{v}` of `{key}` is not declared in `errors`" if "errors" in contract.data
                   else f"error code `{v}` of `{key}` is not declared: the tool has no `errors`")
            yield Hit(_esc(key) + rel, msg,
                      f"Declare it: `errors: [{{code: {v}, retryable: false, description: When it happens and what "
                      "to do.}]` (or remove it from the enum).", prefer_key=False)


def _write_risks_without_errors(ctx) -> list[str]:
    return _strlist(ctx.options("TC615").get("risks"), WRITE_RISKS)


@rule("TC615", "write-tool-without-errors", severity="info", scope="contract", options={"risks": WRITE_RISKS})
def write_tool_without_errors(contract, ctx):
    """A write or destructive tool declares no `errors`.

    What it does:
    Reports, as `info`, a tool whose `risk` is `write_limited` or `destructive` (configurable) and that has no
    `errors` key. An explicit `errors: []` is taken as a deliberate "this tool reports no errors of its own".

    Why is this bad?
    Tools that change the world fail in ways the model must handle differently — declined, conflict, already
    done, try later. Declaring them (with `retryable`) is what keeps a model from retrying a charge that was
    declined or from telling the user an order failed when it was placed.

    Example:
    ```yaml
    name: cancel_order
    description: Cancel one of the user's orders that has not shipped yet.
    risk: write_limited
    idempotency_key: request_id
    parameters:
      type: object
      required: [order_id, request_id]
      properties:
        order_id: {type: string, description: The order to cancel.}
        request_id: {type: string, description: Unique key reused on every retry.}
    ```

    Use instead:
    ```yaml
    name: cancel_order
    description: Cancel one of the user's orders that has not shipped yet.
    risk: write_limited
    idempotency_key: request_id
    parameters:
      type: object
      required: [order_id, request_id]
      properties:
        order_id: {type: string, description: The order to cancel.}
        request_id: {type: string, description: Unique key reused on every retry.}
    errors:
      - code: ORDER_ALREADY_SHIPPED
        retryable: false
        description: The parcel has left the warehouse; offer a return instead.
    ```

    Options:
    `rules.TC615.risks` (default `[write_limited, destructive]`): the risks that should declare their errors.
    """
    risk = _risk(contract)
    if risk is None or "errors" in contract.data or risk not in _write_risks_without_errors(ctx):
        return
    yield Hit("", f"`{risk}` tool `{contract.display_name}` declares no `errors`",
              "List the errors it may return, e.g. `errors: [{code: CONFLICT, retryable: false, description: "
              "The item changed since it was read.}]`.")
