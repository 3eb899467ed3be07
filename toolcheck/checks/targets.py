"""TC2: vendor targets — will what we send each vendor be accepted, and does it still mean the contract?

Every contract is checked against its targets (``ctx.targets_for``: ``--target`` > the contract's ``targets`` >
config ``targets`` > the default ``openai, anthropic, gemini-json-schema, mcp``). The vendor rules themselves are
data in :mod:`toolcheck.vendors.rules` (each with its source in :mod:`toolcheck.vendors.sources`); this module
turns them into findings:

- ``ship: as-is`` (default): the schema as written is examined; a finding that `toolcheck export` would resolve
  is ``fixable`` and its help names the transform.
- ``ship: export``: the exported payload (:func:`toolcheck.vendors.export_tool`) is examined instead; what the
  transforms resolve disappears, what they cannot express stays (with its severity), and a constraint the export
  must drop is a warning naming it. Pointers always point into the contract.

All codes share one computation per contract (memoised in ``ctx.cache``); each rule yields its own code's hits.
"""

from __future__ import annotations

import re
from typing import Any

from ..model.findings import Hit
from ..model.pointer import join_pointer
from ..registry import rule


class _LazyModule:
    """A module imported on first attribute access (`toolcheck lint` never runs TC2, so never pays for it)."""

    def __init__(self, name: str) -> None:
        self.__dict__["_name"] = name

    def __getattr__(self, attr: str):
        import importlib

        mod = importlib.import_module(self.__dict__["_name"])
        self.__dict__.update(vars(mod))
        return getattr(mod, attr)


_R = _LazyModule("toolcheck.vendors.rules")
_S = _LazyModule("toolcheck.vendors.sources")


class _Lazy:
    """The vendor analysis modules, imported on first use (`toolcheck lint` never runs TC2)."""

    def __getattr__(self, name: str):
        from ..vendors import analysis, mcp, schemas, transforms

        for mod in (analysis, schemas, transforms, mcp):
            for k in ("analyse", "walk", "Refs", "export_result", "TRANSFORM_TEXT", "is_union_type", "resolve",
                      "as_tool", "tool_validator", "obviously_valid", "ref_target"):
                if hasattr(mod, k):
                    setattr(self, k, getattr(mod, k))
        return self.__dict__[name]


_v = _Lazy()

CODES = {
    "tool-name-invalid-for-target": "TC201",
    "description-too-long-for-target": "TC202",
    "root-not-object": "TC203",
    "keyword-not-supported-by-target": "TC204",
    "value-not-supported-by-target": "TC205",
    "strict-mode-open-object": "TC206",
    "strict-mode-optional-property": "TC207",
    "reference-not-supported-by-target": "TC208",
    "property-name-invalid-for-target": "TC209",
    "schema-too-deep-for-target": "TC210",
    "schema-too-large-for-target": "TC211",
    "enum-too-large": "TC212",
    "too-many-tools-for-target": "TC213",
    "strict-schema-budget-exceeded": "TC214",
    "tool-name-collision-for-target": "TC215",
    "mcp-tool-schema-violation": "TC216",
}

_NOTE_HELP = {
    "keyword-not-supported-by-target": "Nothing to change if the host validates arguments "
                                       "(`toolcheck.check_arguments`); state the rule in the description if the "
                                       "model should know it.",
    "value-not-supported-by-target": "Nothing to change if the host validates arguments; state the rule in the "
                                     "description if the model should know it.",
    "strict-mode-open-object": "Declare under `properties` every key the model may send, or accept the narrowing.",
    "root-not-object": "Make the schema an object at the root to keep it.",
    "reference-not-supported-by-target": "Move the keywords into the referenced schema.",
    "mcp-tool-schema-violation": "Fix the schema in the contract.",
}


# ------------------------------------------------------------------------------------------------ targets

_SPECS: dict[tuple, list[str]] = {}


def targets_of(contract, ctx) -> list[str]:
    """The targets a contract is checked against.

    ``ctx.targets_for`` decides (``--target`` > the contract's ``targets`` > config > default); a vendor-format
    tool (or JSON Lines record) that declares ``strict: true`` is also checked against its vendor's strict target.
    """
    memo = ctx.cache.get("tc2-targets")
    if memo is None:
        memo = ctx.cache["tc2-targets"] = {}
    hit = memo.get(id(contract))
    if hit is not None and hit[0] is contract:
        return hit[1]
    strict = None
    if contract.format != "contract" and (contract.data.get("strict") is True or contract.metadata.get("strict")):
        strict = "anthropic-strict" if contract.format == "anthropic" else "openai-strict"
    key = (tuple(ctx.targets_for(contract)), strict)
    ts = _SPECS.get(key)
    if ts is None:
        ts = [t for t in key[0] if _R.parse_target(t)[0] in _R.FAMILY]
        if strict and strict not in ts:
            ts.append(strict)
        _SPECS[key] = ts
    memo[id(contract)] = (contract, ts)
    return ts


_BY_FAMILY: dict[tuple, dict[str, list[str]]] = {}


def _by_family(specs: list[str]) -> dict[str, list[str]]:
    key = tuple(specs)
    fams = _BY_FAMILY.get(key)
    if fams is None:
        fams = {}
        for sp in specs:
            fams.setdefault(_R.FAMILY[_R.parse_target(sp)[0]], []).append(sp)
        _BY_FAMILY[key] = fams
    return fams


def _exported(contract, ctx) -> bool:
    """Whether the exported payload is examined: `ship: export`, and the file is a contract (a vendor-format
    file is what the user actually sends, so it is always checked as it is)."""
    return ctx.settings.ship == "export" and contract.format in ("contract", "function-jsonl")


def params_of(contract) -> tuple[str, Any]:
    """(key, schema) of a contract's parameters (Gemini's `parametersJsonSchema` included)."""
    key = contract.parameters_key
    if key is None and "parametersJsonSchema" in contract.data:
        return "parametersJsonSchema", contract.data["parametersJsonSchema"]
    return key or "parameters", contract.parameters


_WHO: dict[tuple, tuple[str, bool]] = {}
_PLURAL = {"needs": "need", "rejects": "reject", "does": "do", "requires": "require", "allows": "allow",
           "limits": "limit", "takes": "take", "accepts": "accept", "unrolls": "unroll", "resolves": "resolve",
           "advises": "advise"}


def _who(specs: list[str] | tuple[str, ...]) -> tuple[str, bool]:
    """("OpenAI strict mode (`openai-strict`)", plural?) for the targets that share a finding."""
    key = tuple(specs)
    hit = _WHO.get(key)
    if hit is None:
        fams: dict[str, list[str]] = {}
        for sp in specs:
            fams.setdefault(_R.FAMILY.get(_R.parse_target(sp)[0], sp), []).append(sp)
        parts = []
        for fam, members in fams.items():
            label = _R.target_label(members[0]) if len(members) == 1 else _R.FAMILY_LABELS.get(fam, fam)
            parts.append(f"{label} ({', '.join(f'`{m}`' for m in members)})")
        text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
        hit = _WHO[key] = (text, len(parts) > 1)
    return hit


def fill_who(message: str, specs) -> str:
    """Put the targets into a message template (``{who} rejects ...``), with the verb agreeing."""
    who, plural = _who(specs)
    if plural and "{who} " in message:
        head, _, rest = message.partition("{who} ")
        verb, sp, tail = rest.partition(" ")
        rest = _PLURAL.get(verb, verb) + sp + tail
        message = head + "{who} " + rest
    return message.replace("{who}", who)


# ------------------------------------------------------------------------------------------------ per contract

def _contract_hits(contract, ctx) -> dict[str, list[Hit]]:
    cache = ctx.cache.get("tc2")
    if cache is None:
        cache = ctx.cache["tc2"] = {}
    entry = cache.get(id(contract))
    if entry is not None and entry[0] is contract:
        return entry[1]
    by_code: dict[str, list[Hit]] = {}
    try:
        hits = _compute(contract, ctx)
    except RecursionError:  # a pathological schema: the walks are bounded, but stay safe
        hits = []
    for h in hits:
        by_code.setdefault(h.code, []).append(h)
    cache[id(contract)] = (contract, by_code)
    return by_code


_RANK = {"info": 0, "warning": 1, "error": 2}


class _Collector:
    """One finding per problem and target: its severity, its source (`url`) and its `target` are that target's,
    as each target is a rule of its own. The same problem found twice for one target (two checks of one rule)
    is one finding, at the higher severity.
    """

    def __init__(self) -> None:
        self.groups: dict[tuple, list] = {}
        self.ptrs: dict[tuple, str] = {}

    def pointer(self, tokens: tuple) -> str:
        p = self.ptrs.get(tokens)
        if p is None:
            try:
                p = "/" + "/".join(tokens)
                if "~" in p or p.count("/") != len(tokens):
                    p = join_pointer("", *tokens)
            except TypeError:  # an int token (an array index)
                p = join_pointer("", *tokens)
            self.ptrs[tokens] = p
        return p

    def add(self, spec: str, kind: str, pointer: str, severity: str, rule_id: str | None, message: str,
            help: str, fix: str | None, fixable: bool | None, source_fix=None) -> None:
        key = (kind, pointer, message, fix, spec)
        g = self.groups.get(key)
        if g is None:
            self.groups[key] = [[spec], severity, rule_id, spec, help, fixable, source_fix]
        else:
            if spec not in g[0]:
                g[0].append(spec)
            if _RANK[severity] > _RANK[g[1]]:
                g[1], g[2], g[3] = severity, rule_id, spec

    def merge(self, other: _Collector) -> None:
        """Add another collector's problems as export-mode findings (no `fixable`)."""
        for (kind, pointer, message, fix, _), (specs, severity, rule_id, _lead, help_, _, _) in other.groups.items():
            for spec in specs:
                self.add(spec, kind, pointer, severity, rule_id, message, help_, fix, None)

    def hits(self) -> list[Hit]:
        out = []
        for (kind, pointer, message, fix, _), g in self.groups.items():
            specs, severity, rule_id, lead, help_, fixable, source_fix = g
            if fix and fixable:
                help_ = _fix_help(help_, lead, fix)
            out.append(Hit(pointer, fill_who(message, specs), help_, code=CODES[kind], severity=severity,
                           target=lead, url=_url(rule_id, lead), fixable=fixable, fix=source_fix))
        return out


_HELP: dict[tuple, str] = {}
_URLS: dict[tuple, str | None] = {}


def _fix_help(help_: str, lead: str, fix: str) -> str:
    key = (help_, lead, fix)
    h = _HELP.get(key)
    if h is None:
        h = _HELP[key] = f"{help_} Or ship it with `toolcheck export --target {lead}`, which " \
                         f"{_v.TRANSFORM_TEXT.get(fix, fix)}."
    return h


def _url(rule_id: str | None, lead: str) -> str | None:
    key = (rule_id, lead)
    if key not in _URLS:
        _URLS[key] = _S.url_for(rule_id, _R.parse_target(lead)[1]) if rule_id else None
    return _URLS[key]


def _compute(contract, ctx) -> list[Hit]:
    specs = targets_of(contract, ctx)
    if not specs:
        return []
    export = _exported(contract, ctx)
    col = _Collector()
    _names(contract, specs, col, export)
    _descriptions(contract, specs, col, export)
    unenforced = ctx.cache.get("tc2-unenforced")
    if unenforced is None:
        unenforced = ctx.cache["tc2-unenforced"] = bool(ctx.options("TC204").get("unenforced-keywords"))
    key, schema = params_of(contract)
    info = _schema_info(schema, ctx) if isinstance(schema, dict) else None
    for spec in specs:
        if not export:
            _as_is_target(contract, spec, ctx, col, unenforced, key, schema, info)
            continue
        # The export changes a schema only where the as-is check finds something it resolves (`fix`): when it
        # finds nothing fixable, the exported payload has exactly the as-is findings, so skip building it.
        tmp = _Collector()
        _as_is_target(contract, spec, ctx, tmp, unenforced, key, schema, info)
        if any(g[5] for g in tmp.groups.values()):
            _export_target(contract, spec, ctx, col, unenforced, info[1] if info else None)
        else:
            col.merge(tmp)
    return col.hits()


def _schema_info(schema: Any, ctx):
    """(nodes, refs) of a contract's schema, computed once per run."""
    cache = ctx.cache.get("tc2-schema")
    if cache is None:
        cache = ctx.cache["tc2-schema"] = {}
    entry = cache.get(id(schema))
    if entry is not None and entry[0] is schema:
        return entry[1], entry[2]
    nodes = _v.walk(schema)
    refs = None
    if any("$ref" in n.schema for n in nodes):
        refs = _v.Refs(schema, nodes)
    cache[id(schema)] = (schema, nodes, refs)
    return nodes, refs


def _as_is_target(contract, spec: str, ctx, col: _Collector, unenforced: bool, key: str, schema: Any,
                  info) -> None:
    base, version = _R.parse_target(spec)
    if info is not None and base not in ("openai", "bedrock"):  # (no schema rules for these two)
        nodes, refs = info
        for iss in _v.analyse(schema, base, version, nodes, refs, unenforced):
            tokens = (key,) + iss.path + ((iss.key,) if iss.key is not None else ())
            col.add(spec, iss.kind, col.pointer(tokens), iss.severity, iss.rule, iss.message, iss.help,
                    iss.fix, iss.fix is not None, _source_fix(iss, key, schema))
    if base == "mcp":
        _mcp_output_as_is(contract, spec, version, col)
        _mcp_tool(contract, spec, version, ctx, col, None)


def _source_fix(iss, key: str, schema: Any):
    """The export's strict transform (`close`, `nullable`) as an unsafe fix of the source (`--unsafe-fixes`)."""
    if iss.fix not in ("close", "nullable") or iss.kind not in ("strict-mode-open-object",
                                                                "strict-mode-optional-property"):
        return None
    from ..fixing.schema_fixes import strict_close_fix, strict_require_fix

    ptr = join_pointer("", key, *iss.path)
    if iss.fix == "close":
        return strict_close_fix(ptr)
    return strict_require_fix(ptr, _v.resolve(schema, iss.path))


def _export_target(contract, spec: str, ctx, col: _Collector, unenforced: bool, refs) -> None:
    base, version = _R.parse_target(spec)
    res = _v.export_result(contract, spec, refs)
    schema = res.schema
    if isinstance(schema, dict) and params_of(contract)[1] is not None:
        nodes = _v.walk(schema)
        refs = _v.Refs(schema, nodes) if any("$ref" in n.schema for n in nodes) else None
        for iss in _v.analyse(schema, base, version, nodes, refs, unenforced):
            pointer = _origin_pointer(res, contract, res.schema_path + iss.path, iss.key)
            col.add(spec, iss.kind, pointer, iss.severity, iss.rule, iss.message, iss.help, None, None)
    for note in res.notes:
        if note.severity == "info":
            continue
        col.add(spec, note.rule, note.pointer, note.severity, note.source, note.template or note.message,
                _NOTE_HELP.get(note.rule, "See the message."), None, None)
    if base == "mcp":
        _mcp_tool(contract, spec, version, ctx, col, res)


def _origin_pointer(res, contract, tokens: tuple, key: str | None) -> str:
    """The contract pointer of a payload location (the nearest exported node with a known origin)."""
    resolve = _v.resolve
    cur: Any = res.payload
    best: tuple | None = None
    rest: tuple = tokens
    for i, t in enumerate(tokens):
        if isinstance(cur, dict):
            cur = cur.get(t)
        elif isinstance(cur, list) and isinstance(t, int) and 0 <= t < len(cur):
            cur = cur[t]
        else:
            break
        o = res.origins.get(id(cur)) if isinstance(cur, dict) else None
        if o is not None:
            best, rest = o, tokens[i + 1:]
    if best is None:
        best, rest = (params_of(contract)[0],), ()
    out = best + tuple(rest)
    if key is not None:
        node = resolve(contract.data, out)
        if isinstance(node, dict) and key in node:
            out += (key,)
    return join_pointer("", *out)


# ------------------------------------------------------------------------------------------------ names

def _suggest(name: str, family: str, max_len: int | None) -> str:
    allowed = {"openai": r"[^A-Za-z0-9_-]", "anthropic": r"[^A-Za-z0-9_-]", "gemini": r"[^A-Za-z0-9_.-]",
               "mcp": r"[^A-Za-z0-9_.-]", "bedrock": r"[^A-Za-z0-9_]"}[family]
    s = re.sub(allowed, "_", name).strip("_") or "tool"
    if family in ("gemini", "bedrock") and not re.match(r"[A-Za-z_]" if family == "gemini" else "[A-Za-z]", s):
        s = "t_" + s
    return s[: max_len or 64]


_RX: dict[str, re.Pattern] = {}


def _rx(pattern: str) -> re.Pattern:
    rx = _RX.get(pattern)
    if rx is None:
        rx = _RX[pattern] = re.compile(pattern)
    return rx


_SAFE_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,63}")  # passes every target's name rule


def _names(contract, specs: list[str], col: _Collector, export: bool) -> None:
    name = contract.name
    if name is None or _SAFE_NAME.fullmatch(name):
        return
    fams = _by_family(specs)
    for family, rules in _R.NAME_RULES.items():
        fam_specs = fams.get(family)
        if not fam_specs:
            continue
        for sev in ("error", "warning"):
            problems: list[str] = []
            rule_ids: list[str] = []
            where = ""
            applies_to: list[str] = []
            max_len = None
            for r in rules:
                if r.severity != sev:
                    continue
                applies = [s for s in fam_specs if not r.min_version or (_R.parse_target(s)[1] or "") >= r.min_version]
                if not applies:
                    continue
                bad = False
                if r.pattern and not _rx(r.pattern).fullmatch(name):
                    problems.append(f"it may use only {r.allowed}")
                    bad = True
                if r.max_len and len(name) > r.max_len:
                    problems.append(f"it may be at most {r.max_len} characters long (it has {len(name)})")
                    bad = True
                if bad:
                    rule_ids.append(r.rule)
                    where = where or r.where
                    applies_to += [a for a in applies if a not in applies_to]
                    max_len = min(max_len or r.max_len or 64, r.max_len or 64)
            if not problems:
                continue
            verb = "rejects" if sev == "error" else ("advises against" if family == "mcp" else "may reject")
            msg = f"{{who}} {verb} the tool name `{name}`" + (f" {where}" if where else "") + ": " \
                + "; ".join(dict.fromkeys(problems))
            help_ = (f"Rename the tool, e.g. `{_suggest(name, family, max_len)}` (a new name changes what the "
                     "host receives in tool calls).")
            for spec in applies_to:
                col.add(spec, "tool-name-invalid-for-target", "/name", sev, rule_ids[0], msg, help_, None,
                        None if export else False)
            break  # errors found: the warnings of the same family add nothing


def _descriptions(contract, specs: list[str], col: _Collector, export: bool) -> None:
    desc = contract.description
    if desc is None:
        return
    for family, lim in _R.DESCRIPTION_LIMITS.items():
        fam_specs = _by_family(specs).get(family)
        if fam_specs and len(desc) > lim.value:
            for spec in fam_specs:
                col.add(spec, "description-too-long-for-target", "/description", lim.severity, lim.rule,
                        f"{{who}} may reject a description over {lim.value:,} characters; this one has "
                        f"{len(desc):,}",
                        "Shorten the description (move examples and details into parameter descriptions).",
                        None, None if export else False)


# ------------------------------------------------------------------------------------------------ MCP

def _mcp_output_as_is(contract, spec: str, version: str, col: _Collector) -> None:
    out = contract.returns
    if version >= "2026-07-28" or not isinstance(out, dict):
        return
    t = out.get("type")
    key = contract.returns_key or "returns"
    if t == "object":
        return
    if t is None and isinstance(out.get("properties"), dict):
        col.add(spec, "root-not-object", f"/{key}", "error", "MCP-TOOL-006",
                "{who} requires `type: object` at the root of `outputSchema`; `type` is missing",
                "Add `type: object` to `returns`.", "type-object", True)
        return
    col.add(spec, "root-not-object", f"/{key}" + ("/type" if "type" in out else ""), "error", "MCP-TOOL-006",
            f"{{who}} requires an object at the root of `outputSchema`, not {('`' + str(t) + '`') if t else 'this'}",
            "Wrap the result in an object property (e.g. `{type: object, properties: {items: ...}}`), or target "
            "`mcp@2026-07-28`, which takes any schema.", "drop-output", True)


def _mcp_tool(contract, spec: str, version: str, ctx, col: _Collector, res) -> None:
    if res is None:
        tool, keys = _v.as_tool(contract)
    else:
        tool, keys = res.payload, {}
    try:
        if _v.obviously_valid(tool, version, ctx.is_enabled("TC203")):
            return
        validator = _v.tool_validator(version)
        if validator.is_valid(tool):
            return
        errors = validator.errors(tool)
    except Exception:  # the validator must never take the run down
        return
    skip_top = ctx.is_enabled("TC009")
    for e in errors:
        toks = e.pointer.split("/")[1:] if e.pointer else []
        head = toks[0] if toks else ""
        if not toks and e.keyword == "required" and ctx.is_enabled("TC008"):
            continue  # a missing name or parameters is TC008's
        if head in ("name", "title", "description", "annotations") and skip_top and res is None:
            continue  # the contract format (TC009) checks these already
        if head in ("inputSchema", "outputSchema") and (len(toks) == 1 or toks[1:] == ["type"]) \
                and ctx.is_enabled("TC203"):
            continue  # the root type is root-not-object's (or TC1's, for a type name that does not exist)
        if res is None:
            ptr = join_pointer("", *([keys.get(head, head)] + toks[1:])) if toks else ""
        else:
            ptr = _origin_pointer(res, contract, tuple(_int(t) for t in toks), None) if head in (
                "inputSchema", "outputSchema") else ("/" + head if head else "")
        fix = None
        if res is None and head == "inputSchema" and len(toks) == 3 and toks[1] == "properties" \
                and isinstance(_v.resolve(tool, tuple(_int(t) for t in toks)), bool):
            fix = "boolean-schema"  # the export sends `true` as `{}` (MCP before 2026-07-28)
        col.add(spec, "mcp-tool-schema-violation", ptr, "error", "MCP-TOOL-001" if not toks else (
            "MCP-TOOL-005" if head in ("inputSchema", "outputSchema") else "MCP-TOOL-001"),
                f"{{who}} `Tool` schema: {_label(e.pointer)} {e.message}",
                "Make the contract a valid MCP tool for this spec version (see the bundled schema "
                f"`toolcheck/data/mcp/tool-{version}.schema.json`).", fix,
                None if res is not None else fix is not None)


def _int(t: str):
    return int(t) if t.isdigit() else t.replace("~1", "/").replace("~0", "~")


def _label(pointer: str) -> str:
    return ("`" + pointer.lstrip("/").replace("/", ".") + "`") if pointer else "the tool"


# ------------------------------------------------------------------------------------------------ tool sets

def _tool_sets(contracts) -> list[list]:
    """Contracts sent together: a project's contracts form one set; JSON Lines records group by file and source."""
    groups: dict[tuple, list] = {}
    for c in contracts:
        key = (c.file.path, c.metadata.get("source")) if c.format != "contract" else ("",)
        groups.setdefault(key, []).append(c)
    return list(groups.values())


def _set_hits(contracts, ctx, code: str):
    cache = ctx.cache.setdefault("tc2-set", {})
    if "hits" not in cache:
        out = []
        targets = {id(c): frozenset(targets_of(c, ctx)) for c in contracts}
        advice = "TC217" in ctx.enabled  # (the soft advice is its own, opt-in code)
        for group in _tool_sets(contracts):
            out.extend(_tool_limits(group, targets, advice))
            out.extend(_strict_budgets(group, targets, ctx))
            out.extend(_collisions(group, targets))
        if ctx.settings.ship == "export":
            for h in out:
                h.fixable = None  # (the export cannot change how many tools a request carries)
        cache["hits"] = out
    return [h for h in cache["hits"] if h.code == code]


def _tool_limits(group, targets, advice: bool = True) -> list[Hit]:
    out = []
    for lim in _R.TOOL_LIMITS:
        if len(group) <= lim.max or (lim.soft and not advice):
            continue
        members = [c for c in group if not targets[id(c)].isdisjoint(lim.targets)]
        if len(members) <= lim.max:
            continue
        if lim.soft and len(members) > 128 and lim.targets == ("openai", "openai-strict"):
            continue  # over the hard limit too: that error says it
        c = members[lim.max]
        specs = [t for t in lim.targets if any(t in targets[id(m)] for m in members)]
        if lim.soft:
            msg = (f"{{who}} advises fewer than {lim.max} {lim.what} at any one time (a soft suggestion, not a "
                   f"limit); this tool set sends {len(members)} (this is number {lim.max + 1})")
        else:
            msg = (f"{{who}} accepts at most {lim.max} {lim.what} per request; this tool set sends "
                   f"{len(members)} (this is number {lim.max + 1})")
        h = Hit("/name" if c.name is not None else "", fill_who(msg, specs),
                "Send fewer tools per request (group them by task, or load them on demand), or split the set.",
                code="TC217" if lim.soft else "TC213", severity=lim.severity, target=specs[0],
                url=_S.url_for(lim.rule), fixable=False)
        first = members[0]
        h.related = [{"file": first.file.path, "line": first.file.locate(first.pointer)[0], "pointer": first.pointer,
                      "tool": first.name}]
        h.subject = c
        out.append(h)
    return out


def _strict_budgets(group, targets, ctx) -> list[Hit]:
    is_union_type = _v.is_union_type

    members = [c for c in group if "anthropic-strict" in targets[id(c)] and isinstance(params_of(c)[1], dict)]
    if not members:
        return []
    out = []
    counts = {what: [0, 0, None, None] for what in _R.STRICT_BUDGETS}  # top, deep, crossed_top, crossed_deep
    for c in members:
        for n in _schema_info(params_of(c)[1], ctx)[0]:
            if n.via != "properties":
                continue
            for what, hit in (("optional", not n.required), ("union", is_union_type(n.schema))):
                if not hit:
                    continue
                k = counts[what]
                lim = _R.STRICT_BUDGETS[what]
                k[1] += 1
                if len(n.path) == 2:
                    k[0] += 1
                    if k[0] == lim.value + 1 and k[2] is None:
                        k[2] = (c, n)
                if k[1] == lim.value + 1 and k[3] is None:
                    k[3] = (c, n)
    for what, lim in _R.STRICT_BUDGETS.items():
        top, deep, crossed_top, crossed_deep = counts[what]
        label = "optional parameters" if what == "optional" else "parameters with `anyOf` or a type array"
        if crossed_top is not None:
            c, n = crossed_top
            sev, count, scope = lim.severity, top, "top-level properties"
        elif crossed_deep is not None:
            c, n = crossed_deep
            sev, count, scope = "warning", deep, "nested properties included"
        else:
            continue
        h = Hit(join_pointer("", params_of(c)[0], *n.path),
                f"{_who(['anthropic-strict'])[0]} allows at most {lim.value} {label} over all strict tools of a "
                f"request; the tool set has {count} ({scope}) and this one crosses the limit",
                "Make parameters required (with a default stated in the description), drop rarely used ones, or "
                "send fewer strict tools." if what == "optional" else
                "Replace unions by one type (e.g. a string with an enum), or send fewer strict tools.",
                code="TC214", severity=sev, target="anthropic-strict", url=_S.url_for(lim.rule), fixable=False)
        h.subject = c
        out.append(h)
    return out


def _collisions(group, targets) -> list[Hit]:
    out = []
    for spec, (rule_id, sev) in _R.NAME_COLLISION.items():
        seen: dict[str, Any] = {}
        for c in group:
            if spec not in targets[id(c)] or c.name is None:
                continue
            low = c.name.lower()
            other = seen.get(low)
            if other is None:
                seen[low] = c
                continue
            if other.name == c.name:
                continue  # the same name twice is TC012's
            h = Hit("/name", f"{_who([spec])[0]}: the tool names `{c.name}` and `{other.name}` differ only in letter "
                             "case; clients that compare names case-insensitively confuse them",
                    "Give the tools names that differ by more than letter case.",
                    code="TC215", severity=sev, target=spec, url=_S.url_for(rule_id), fixable=False)
            h.related = [{"file": other.file.path, "line": other.file.locate(other.ptr("name"))[0],
                          "pointer": other.ptr("name"), "tool": other.name}]
            h.subject = c
            out.append(h)
    return out


# ------------------------------------------------------------------------------------------------ rules

def _own(contract, ctx, code: str):
    return _contract_hits(contract, ctx).get(code, ())


_DEFS = ("$defs", "definitions")


def _unreferenced_defs(contract) -> list[str]:
    """Pointers of the parameters' root definitions that nothing the tool uses refers to (transitively): a
    shared `$defs` table copied into every tool of a generated server. Empty when a reference could reach
    anything (an anchor, an external or dynamic `$ref`)."""
    key, schema = params_of(contract)
    if not isinstance(schema, dict) or not any(isinstance(schema.get(d), dict) for d in _DEFS):
        return []
    uses: dict[tuple | None, set[tuple]] = {}  # definition (None: the rest of the schema) -> definitions it names
    stack: list[tuple[Any, tuple | None, int]] = [(v, None, 0) for k, v in schema.items() if k not in _DEFS]
    stack += [(v, (d, name), 0) for d in _DEFS if isinstance(schema.get(d), dict) for name, v in schema[d].items()]
    while stack:
        node, owner, depth = stack.pop()
        if depth > 200:
            return []
        if isinstance(node, dict):
            if "$dynamicRef" in node or "$recursiveRef" in node:
                return []
            r = node.get("$ref")
            if isinstance(r, str):
                tgt = _v.ref_target(r)
                if tgt is None:
                    return []  # an anchor or another document: anything may be used
                # a definition, or the root (or a part of it: then all that the root uses)
                uses.setdefault(owner, set()).add(tgt[:2] if len(tgt) >= 2 and tgt[0] in _DEFS else None)
            stack.extend((v, owner, depth + 1) for v in node.values())
        elif isinstance(node, list):
            stack.extend((v, owner, depth + 1) for v in node)
    seen: set = {None}
    todo: list = [None]
    while todo:
        for t in uses.get(todo.pop(), ()):
            if t not in seen:
                seen.add(t)
                todo.append(t)
    return [join_pointer("", key, d, name) for d in _DEFS if isinstance(schema.get(d), dict)
            for name in schema[d] if (d, name) not in seen]


def _under(pointer: str, prefixes: list[str]) -> bool:
    return any(pointer == p or pointer.startswith(p + "/") for p in prefixes)


@rule("TC201", "tool-name-invalid-for-target", fixable=False)
def tool_name_invalid_for_target(contract, ctx):
    """The tool name breaks a target's name rule (characters, first character or length).

    What it does:
    Checks `name` against each target's name rule: OpenAI `^[a-zA-Z0-9_-]{1,64}$`; Anthropic
    `^[a-zA-Z0-9_-]{1,128}$` (64 on older surfaces: warning); Gemini a letter or `_` first, then letters, digits,
    `_`, `.`, `:` and `-`, up to 128 (no `:` and 64 on older surfaces: warning); MCP (2025-11-25 and later)
    SHOULD use 1–128 of `[A-Za-z0-9_.-]` (warning); Bedrock `[a-zA-Z0-9_-]{1,64}` (and, for Agents and
    CloudFormation, a letter first and no `-`: warning). `toolcheck export` never renames a tool: the host
    dispatches on the name.

    Why is this bad?
    The API rejects the whole request ("Invalid 'tools[21].function.name': string does not match pattern"), so
    every call that carries the tool fails, not only calls to it.

    Example:
    ```yaml
    name: gifts.search
    description: Search the gift catalogue by keyword and return the matching gifts.
    targets: [openai]
    parameters:
      type: object
      properties:
        query: {type: string, description: Words to search for.}
    ```

    Use instead:
    ```yaml
    name: gifts_search
    description: Search the gift catalogue by keyword and return the matching gifts.
    targets: [openai]
    parameters:
      type: object
      properties:
        query: {type: string, description: Words to search for.}
    ```
    """
    yield from _own(contract, ctx, "TC201")


@rule("TC202", "description-too-long-for-target", severity="warning", supersedes=("TC403",))
def description_too_long_for_target(contract, ctx):
    """The tool description is longer than a target accepts.

    What it does:
    Reports descriptions over 1,024 characters for the OpenAI targets. OpenAI returned "string too long.
    Expected a string with maximum length 1024" in 2024 and early 2025 and is reported to have lifted the limit
    since, while some OpenAI-compatible deployments still enforce it — hence a warning.

    Why is this bad?
    Where the limit holds, the request fails; where it does not, a description this long still crowds the
    context and hides the sentence that tells the model when to call the tool.

    Example:
    ```yaml
    name: search_gifts
    description: >-
      Search the gift catalogue. This tool searches the gift catalogue by keyword, price range, category,
      recipient, occasion and availability, and returns the matching gifts with their ids, names, prices and
      stock levels. This tool searches the gift catalogue by keyword, price range, category, recipient,
      occasion and availability, and returns the matching gifts with their ids, names, prices and stock levels.
      This tool searches the gift catalogue by keyword, price range, category, recipient, occasion and
      availability, and returns the matching gifts with their ids, names, prices and stock levels. This tool
      searches the gift catalogue by keyword, price range, category, recipient, occasion and availability, and
      returns the matching gifts with their ids, names, prices and stock levels. This tool searches the gift
      catalogue by keyword, price range, category, recipient, occasion and availability, and returns the
      matching gifts with their ids, names, prices and stock levels. Results are sorted by relevance first,
      then by price, and each result says whether the gift can be wrapped and delivered before the occasion.
    targets: [openai]
    parameters:
      type: object
      properties:
        query: {type: string, description: Words to search for.}
    ```

    Use instead:
    ```yaml
    name: search_gifts
    description: >-
      Search the gift catalogue by keyword, price range, category, recipient, occasion and availability.
      Returns the matching gifts with their ids, names, prices and stock levels.
    targets: [openai]
    parameters:
      type: object
      properties:
        query: {type: string, description: Words to search for.}
    ```
    """
    yield from _own(contract, ctx, "TC202")


@rule("TC203", "root-not-object", fixable=True)
def root_not_object(contract, ctx):
    """The parameters schema is not one object at its root, as a target requires.

    What it does:
    Checks the root of `parameters` for the targets that require `type: object` there (OpenAI strict, Anthropic,
    Gemini, MCP) and the ones that reject a union at the root (OpenAI strict: `anyOf`; Anthropic: `anyOf`,
    `oneOf`, `allOf` — observed, not documented: warning). For MCP 2025-06-18 and 2025-11-25 it also checks that
    `returns` (the `outputSchema`) is an object. A missing `type: object`, a root `allOf` that merges, and a
    root union that only restates `required` are fixable by `toolcheck export`.

    Why is this bad?
    Tool arguments are always a JSON object; a schema of another type or a root union is rejected
    ("input_schema does not support oneOf, allOf, or anyOf at the top level").

    Example:
    ```yaml
    name: tag_gift
    description: Add tags to a gift in the catalogue.
    targets: [anthropic]
    parameters:
      type: array
      items: {type: string}
    ```

    Use instead:
    ```yaml
    name: tag_gift
    description: Add tags to a gift in the catalogue.
    targets: [anthropic]
    parameters:
      type: object
      required: [tags]
      properties:
        tags: {type: array, items: {type: string}, description: The tags to add.}
    ```
    """
    yield from _own(contract, ctx, "TC203")


@rule("TC204", "keyword-not-supported-by-target", fixable=True, options={"unenforced-keywords": False})
def keyword_not_supported_by_target(contract, ctx):
    """The schema uses a keyword the target rejects (or ignores).

    What it does:
    Looks up every keyword of every sub-schema in the target's table: OpenAI strict rejects `allOf`, `not`,
    `if`/`then`/`else`, `dependent*`, `patternProperties`, `uniqueItems`, `contains`... (and `oneOf`,
    `minLength`/`maxLength`, `default` are uncertain: warning; so are `anyOf` object branches that start with
    the same property, which its server has been seen to reject); Anthropic strict rejects `minimum`, `maximum`,
    `multipleOf`, `minLength`, `maxLength`, `maxItems`, `uniqueItems` (other unlisted keywords: warning); Gemini
    `parameters` accepts only its OpenAPI subset (`const`, `additionalProperties`, `exclusiveMinimum`,
    `$schema`... are rejected, and `anyOf` must stand alone); Gemini `parametersJsonSchema` may ignore `allOf`,
    `const`, `definitions`, `patternProperties`, `if`/`then`/`else`, `dependentSchemas` (warning). Most are
    fixable: `toolcheck export` drops the keyword (the host still enforces it) or rewrites it (`oneOf` →
    `anyOf`, `const` → `enum`, `allOf` merged). A keyword the target only ignores is not reported inside a root
    definition (`$defs`, `definitions`) that the tool never references, even indirectly, nor a `const` whose
    value the schema's own description states: the model loses nothing there. A `true`, `false` or `null`
    `const` under `gemini-json-schema` is not rewritten to an `enum`, which takes only strings and numbers there.

    Why is this bad?
    "If you turn on Structured Outputs by supplying `strict: true` and call the API with an unsupported JSON
    Schema, you will receive an error." Gemini answers `Unknown name "const"`; Anthropic a 400 naming the keyword.

    Example:
    ```yaml
    name: search_gifts
    description: Search the gift catalogue by keyword and maximum price.
    targets: [anthropic-strict]
    parameters:
      type: object
      additionalProperties: false
      required: [query]
      properties:
        query: {type: string, description: Words to search for.}
        max_price: {type: number, maximum: 500, description: Highest price in euros.}
    ```

    Use instead:
    ```yaml
    name: search_gifts
    description: Search the gift catalogue by keyword and maximum price.
    targets: [anthropic-strict]
    parameters:
      type: object
      additionalProperties: false
      required: [query]
      properties:
        query: {type: string, description: Words to search for.}
        max_price: {type: number, description: Highest price in euros (at most 500).}
    ```

    Options:
    `rules.TC204.unenforced-keywords` (default false): also report, for `gemini-json-schema`, value constraints
    (`pattern`, `minLength`, `maxLength`, `multipleOf`, `exclusiveMinimum`, `uniqueItems`, ...) that Gemini
    accepts but may not enforce. The schema is sent whole and the host validates them, so they are silent by
    default.
    """
    hits = _own(contract, ctx, "TC204")
    dead = _unreferenced_defs(contract) if any(h.severity != "error" for h in hits) else []
    # A keyword a target only ignores costs nothing in a definition the tool never uses; one it rejects still
    # fails the request wherever it is.
    yield from (h for h in hits if h.severity == "error" or not _under(h.pointer, dead))


@rule("TC205", "value-not-supported-by-target", fixable=True)
def value_not_supported_by_target(contract, ctx):
    """A keyword the target supports has a value it does not (a format, enum values, a type array...).

    What it does:
    Checks values: `format` against the target's list (OpenAI strict: date-time, time, date, duration, email,
    hostname, ipv4, ipv6, uuid — `uri` is rejected; Anthropic strict: the same plus uri; Gemini: float, double,
    int32, int64 on numbers); Anthropic strict `minItems` above 1, non-scalar `enum` values, `enum` values that
    differ only by letter case (a warning: the case of the answer is not guaranteed) and `pattern`s with
    backreferences, lookaround, `\\b` or large ranges; Gemini `parameters` type arrays (`[string, "null"]`),
    non-string `enum` values and schemas without `type`; Gemini `parametersJsonSchema` `enum` values that are
    neither strings nor numbers. `toolcheck export` rewrites what it can (`nullable`, string enums with
    `format: enum`) and drops the rest.

    Why is this bad?
    OpenAI answers "'uri' is not a valid format"; Gemini "Proto field is not repeating, cannot start list" for a
    type array and "Invalid value ... (TYPE_STRING), 7" for an integer enum.

    Example:
    ```yaml
    name: save_wishlist_link
    description: Save a link to a wishlist page.
    targets: [openai-strict]
    parameters:
      type: object
      additionalProperties: false
      required: [url]
      properties:
        url: {type: string, format: uri, description: The wishlist page.}
    ```

    Use instead:
    ```yaml
    name: save_wishlist_link
    description: Save a link to a wishlist page.
    targets: [openai-strict]
    parameters:
      type: object
      additionalProperties: false
      required: [url]
      properties:
        url: {type: string, description: The wishlist page (an https URL).}
    ```
    """
    yield from _own(contract, ctx, "TC205")


@rule("TC206", "strict-mode-open-object", fixable=True, fix="unsafe")
def strict_mode_open_object(contract, ctx):
    """An object in a strict-mode schema does not set `additionalProperties: false`.

    What it does:
    For `openai-strict`, every object must say `additionalProperties: false` (missing or `true` is an error);
    for `anthropic-strict` a value other than `false` is an error and a missing one a warning. `toolcheck
    export` adds `additionalProperties: false`; for an object that allows other keys on purpose it warns that
    the model can no longer send them, and a free-form object with no `properties` cannot be expressed at all.

    Why is this bad?
    "In context=('properties', 'fields'), 'additionalProperties' is required to be supplied and to be false."
    The request is rejected.

    Example:
    ```yaml
    name: create_gift_list
    description: Create a gift list for a recipient.
    targets: [openai-strict]
    parameters:
      type: object
      required: [recipient]
      properties:
        recipient: {type: string, description: Who the list is for.}
    ```

    Use instead:
    ```yaml
    name: create_gift_list
    description: Create a gift list for a recipient.
    targets: [openai-strict]
    parameters:
      type: object
      additionalProperties: false
      required: [recipient]
      properties:
        recipient: {type: string, description: Who the list is for.}
    ```
    """
    yield from _own(contract, ctx, "TC206")


@rule("TC207", "strict-mode-optional-property", fixable=True, fix="unsafe")
def strict_mode_optional_property(contract, ctx):
    """A property is optional in an OpenAI strict-mode schema.

    What it does:
    OpenAI strict mode requires every key of `properties` in `required`; an optional field is written as
    required and nullable (`type: [string, "null"]`). `toolcheck export --target openai-strict` does exactly
    that (adding `null` to an `enum`, or a `{type: "null"}` branch to an `anyOf`); the host should then treat
    `null` as "absent".

    Why is this bad?
    "In context=(), 'required' is required to be supplied and to be an array including every key in
    properties. Missing 'params'." — the request is rejected.

    Example:
    ```yaml
    name: get_weather
    description: Get the current weather for a location.
    targets: [openai-strict]
    parameters:
      type: object
      additionalProperties: false
      required: [location]
      properties:
        location: {type: string, description: City and country, e.g. Paris, France.}
        unit: {type: string, enum: [celsius, fahrenheit], description: Temperature unit.}
    ```

    Use instead:
    ```yaml
    name: get_weather
    description: Get the current weather for a location.
    targets: [openai-strict]
    parameters:
      type: object
      additionalProperties: false
      required: [location, unit]
      properties:
        location: {type: string, description: City and country, e.g. Paris, France.}
        unit: {type: [string, "null"], enum: [celsius, fahrenheit, null], description: Temperature unit.}
    ```
    """
    yield from _own(contract, ctx, "TC207")


@rule("TC208", "reference-not-supported-by-target", fixable=True)
def reference_not_supported_by_target(contract, ctx):
    """A `$ref` the target cannot take: external, recursive, with sibling keywords, or into nested `$defs`.

    What it does:
    Reports external `$ref`s (OpenAI strict, Anthropic strict); recursive schemas (Anthropic strict rejects
    them; Gemini `parametersJsonSchema` unrolls them only through optional properties); keywords beside a
    `$ref` (OpenAI strict: error, or warning for annotations; Gemini `parameters`: only `description` and
    `default`; `parametersJsonSchema`: only `$` keywords); a `$ref` inside `allOf` (Anthropic strict); `$defs`
    below the root (Gemini). `toolcheck export` inlines every reference that does not recurse.

    Why is this bad?
    "$ref cannot have keywords {'description'}" (OpenAI); Anthropic answers a 400 for recursive schemas.

    Example:
    ```yaml
    name: save_category_tree
    description: Save a tree of gift categories.
    targets: [anthropic-strict]
    parameters:
      type: object
      additionalProperties: false
      required: [root]
      properties:
        root: {$ref: "#/$defs/category"}
      $defs:
        category:
          type: object
          additionalProperties: false
          required: [name, children]
          properties:
            name: {type: string}
            children: {type: array, items: {$ref: "#/$defs/category"}}
    ```

    Use instead:
    ```yaml
    name: save_category_tree
    description: Save a tree of gift categories (two levels).
    targets: [anthropic-strict]
    parameters:
      type: object
      additionalProperties: false
      required: [root]
      properties:
        root:
          type: object
          additionalProperties: false
          required: [name, children]
          properties:
            name: {type: string}
            children: {type: array, items: {type: string}}
    ```
    """
    yield from _own(contract, ctx, "TC208")


@rule("TC209", "property-name-invalid-for-target")
def property_name_invalid_for_target(contract, ctx):
    """A parameter name breaks a target's naming rule.

    What it does:
    Gemini's legacy `parameters` take parameter names that start with a letter or `_` and hold only letters,
    digits and `_`, up to 64 characters. `toolcheck export` does not rename parameters: the host reads them.

    Why is this bad?
    The declaration is rejected, or the name is rewritten by a client library and the host receives a key it
    does not know.

    Example:
    ```yaml
    name: get_gift
    description: Get one gift by its id.
    targets: [gemini]
    parameters:
      type: object
      required: [gift-id]
      properties:
        gift-id: {type: string, description: The gift's id.}
    ```

    Use instead:
    ```yaml
    name: get_gift
    description: Get one gift by its id.
    targets: [gemini]
    parameters:
      type: object
      required: [gift_id]
      properties:
        gift_id: {type: string, description: The gift's id.}
    ```
    """
    yield from _own(contract, ctx, "TC209")


@rule("TC210", "schema-too-deep-for-target", severity="warning")
def schema_too_deep_for_target(contract, ctx):
    """Objects nest deeper than the target allows.

    What it does:
    OpenAI strict mode allows 10 levels of nesting (5 until 2025). toolcheck counts object levels (the root
    object is level 1; `$defs` entries are counted from where they stand, not where they are used). The depth
    counting is not documented by OpenAI, so this is a warning.

    Why is this bad?
    The request is rejected, and deep arguments are hard for a model to fill in correctly anyway.

    Example:
    ```yaml
    name: save_nested
    description: Save a deeply nested settings document.
    targets: [openai-strict]
    parameters:
      type: object
      additionalProperties: false
      required: [a]
      properties:
        a: {type: object, additionalProperties: false, required: [b], properties: {b: {type: object,
          additionalProperties: false, required: [c], properties: {c: {type: object, additionalProperties: false,
          required: [d], properties: {d: {type: object, additionalProperties: false, required: [e], properties:
          {e: {type: object, additionalProperties: false, required: [f], properties: {f: {type: object,
          additionalProperties: false, required: [g], properties: {g: {type: object, additionalProperties: false,
          required: [h], properties: {h: {type: object, additionalProperties: false, required: [i], properties:
          {i: {type: object, additionalProperties: false, required: [j], properties: {j: {type: object,
          additionalProperties: false, required: [k], properties: {k: {type: object, additionalProperties: false,
          required: [l], properties: {l: {type: string}}}}}}}}}}}}}}}}}}}}}}}
    ```

    Use instead:
    ```yaml
    name: save_nested
    description: Save a settings document.
    targets: [openai-strict]
    parameters:
      type: object
      additionalProperties: false
      required: [path, value]
      properties:
        path: {type: string, description: Dotted path of the setting, e.g. a.b.c.}
        value: {type: string, description: The new value.}
    ```
    """
    yield from _own(contract, ctx, "TC210")


@rule("TC211", "schema-too-large-for-target", severity="warning")
def schema_too_large_for_target(contract, ctx):
    """The schema has more properties, or more characters of names and values, than the target allows.

    What it does:
    OpenAI strict mode allows 5,000 object properties in a schema and 120,000 characters of property names,
    definition names, enum and const values (100 and 15,000 in 2024). The limits changed twice, so this is a
    warning.

    Why is this bad?
    The request is rejected; a schema this large also costs thousands of prompt tokens on every call.

    Example:
    ```yaml
    # YAML aliases keep this example short: 10 x 10 x 10 x 10 = 10,000 properties once expanded
    name: save_matrix
    description: Save a large settings matrix.
    targets: [openai-strict]
    x-leaf: &leaf {type: object, additionalProperties: false, required: [p0, p1, p2, p3, p4, p5, p6, p7, p8, p9],
      properties: {p0: {type: string}, p1: {type: string}, p2: {type: string}, p3: {type: string},
      p4: {type: string}, p5: {type: string}, p6: {type: string}, p7: {type: string}, p8: {type: string},
      p9: {type: string}}}
    x-l2: &l2 {type: object, additionalProperties: false, required: [q0, q1, q2, q3, q4, q5, q6, q7, q8, q9],
      properties: {q0: *leaf, q1: *leaf, q2: *leaf, q3: *leaf, q4: *leaf, q5: *leaf, q6: *leaf, q7: *leaf,
      q8: *leaf, q9: *leaf}}
    x-l3: &l3 {type: object, additionalProperties: false, required: [r0, r1, r2, r3, r4, r5, r6, r7, r8, r9],
      properties: {r0: *l2, r1: *l2, r2: *l2, r3: *l2, r4: *l2, r5: *l2, r6: *l2, r7: *l2, r8: *l2, r9: *l2}}
    parameters:
      type: object
      additionalProperties: false
      required: [s0, s1, s2, s3, s4, s5, s6, s7, s8, s9]
      properties: {s0: *l3, s1: *l3, s2: *l3, s3: *l3, s4: *l3, s5: *l3, s6: *l3, s7: *l3, s8: *l3, s9: *l3}
    ```

    Use instead:
    ```yaml
    name: save_matrix
    description: Save one cell of the settings matrix.
    targets: [openai-strict]
    parameters:
      type: object
      additionalProperties: false
      required: [row, column, value]
      properties:
        row: {type: string}
        column: {type: string}
        value: {type: string}
    ```
    """
    yield from _own(contract, ctx, "TC211")


@rule("TC212", "enum-too-large", severity="warning")
def enum_too_large(contract, ctx):
    """The schema's enums hold more values, or longer ones, than the target allows.

    What it does:
    OpenAI strict mode allows 1,000 enum values in a schema (500 in 2024), and an enum of more than 250 string
    values at most 15,000 characters in total (7,500 in 2024). Warning: the limits changed twice.

    Why is this bad?
    The request is rejected; an enum this large also costs many prompt tokens. A string validated on the host
    (or a lookup tool) scales better.

    Example:
    ```yaml
    # YAML aliases keep this example short: 11 x 10 x 10 = 1,100 enum values once expanded
    name: pick_colours
    description: Pick colours for a gift wrap.
    targets: [openai-strict]
    x-colour: &colour {type: string, enum: [c0, c1, c2, c3, c4, c5, c6, c7, c8, c9]}
    x-set: &set {type: object, additionalProperties: false, required: [k0, k1, k2, k3, k4, k5, k6, k7, k8, k9],
      properties: {k0: *colour, k1: *colour, k2: *colour, k3: *colour, k4: *colour, k5: *colour, k6: *colour,
      k7: *colour, k8: *colour, k9: *colour}}
    parameters:
      type: object
      additionalProperties: false
      required: [s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10]
      properties: {s0: *set, s1: *set, s2: *set, s3: *set, s4: *set, s5: *set, s6: *set, s7: *set, s8: *set,
        s9: *set, s10: *set}
    ```

    Use instead:
    ```yaml
    name: pick_colours
    description: Pick colours for a gift wrap.
    targets: [openai-strict]
    parameters:
      type: object
      additionalProperties: false
      required: [colours]
      properties:
        colours: {type: array, items: {type: string, description: A colour name, e.g. c3.}}
    ```
    """
    yield from _own(contract, ctx, "TC212")


@rule("TC213", "too-many-tools-for-target", scope="set")
def too_many_tools_for_target(contracts, ctx):
    """More tools are sent to a target than one request accepts.

    What it does:
    Counts the tools sent to each target together (a project's contracts form one request; JSON Lines records
    are grouped by file and `source`): OpenAI accepts 128 tools ("array too long. Expected an array with
    maximum length 128"), Anthropic 20 strict tools, Gemini 512 function declarations (64 and 128 in older
    versions, so past 512 every version rejects the request). The finding points at the first tool over the
    limit. OpenAI's advice of fewer than 20 functions is not a limit: that is TC217 (opt-in).

    Why is this bad?
    The whole request is rejected.

    Example:
    ```yaml
    tools:
      - {name: t01, description: Tool one., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
      - {name: t02, description: Tool two., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
      - {name: t03, description: Tool three., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
      - {name: t04, description: Tool four., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
      - {name: t05, description: Tool five., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
      - {name: t06, description: Tool six., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
      - {name: t07, description: Tool seven., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
      - {name: t08, description: Tool eight., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
      - {name: t09, description: Tool nine., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
      - {name: t10, description: Tool ten., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
      - {name: t11, description: Tool eleven., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
      - {name: t12, description: Tool twelve., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
      - {name: t13, description: Tool thirteen., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
      - {name: t14, description: Tool fourteen., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
      - {name: t15, description: Tool fifteen., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
      - {name: t16, description: Tool sixteen., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
      - {name: t17, description: Tool seventeen., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
      - {name: t18, description: Tool eighteen., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
      - {name: t19, description: Tool nineteen., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
      - {name: t20, description: Tool twenty., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
      - {name: t21, description: Tool twenty-one., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
    ```

    Use instead:
    ```yaml
    tools:
      - {name: t01, description: Tool one., targets: [anthropic-strict], parameters: {type: object, additionalProperties: false}}
      - {name: t02, description: Tool two., targets: [anthropic], parameters: {type: object, additionalProperties: false}}
    ```
    """
    yield from _set_hits(contracts, ctx, "TC213")


@rule("TC217", "tool-count-over-vendor-advice", severity="info", scope="set", default_enabled=False)
def tool_count_over_vendor_advice(contracts, ctx):
    """More tools are sent together than a vendor advises.

    What it does:
    Counts the tools sent to OpenAI together (as TC213 does) and reports a set of more than 20: OpenAI's
    function-calling guide says "Aim for fewer than 20 functions at any one time, though this is just a soft
    suggestion". One finding per set, at the first tool past 20; a set past the hard limit of 128 is TC213's
    error instead. The rule is opt-in (select it with `--extend-select TC217`): servers of 20 to 30 tools are
    normal, the host decides what it sends, and judged on published servers most maintainers would not act on
    it.

    Why is this bad?
    The more tools a request carries, the more often a model picks the wrong one; a host that sends a large set
    whole may want to group the tools by task or load them on demand.

    Example:
    ```yaml
    tools:
      - {name: t01, description: Tool one., targets: [openai], parameters: {type: object}}
      - {name: t02, description: Tool two., targets: [openai], parameters: {type: object}}
      - {name: t03, description: Tool three., targets: [openai], parameters: {type: object}}
      - {name: t04, description: Tool four., targets: [openai], parameters: {type: object}}
      - {name: t05, description: Tool five., targets: [openai], parameters: {type: object}}
      - {name: t06, description: Tool six., targets: [openai], parameters: {type: object}}
      - {name: t07, description: Tool seven., targets: [openai], parameters: {type: object}}
      - {name: t08, description: Tool eight., targets: [openai], parameters: {type: object}}
      - {name: t09, description: Tool nine., targets: [openai], parameters: {type: object}}
      - {name: t10, description: Tool ten., targets: [openai], parameters: {type: object}}
      - {name: t11, description: Tool eleven., targets: [openai], parameters: {type: object}}
      - {name: t12, description: Tool twelve., targets: [openai], parameters: {type: object}}
      - {name: t13, description: Tool thirteen., targets: [openai], parameters: {type: object}}
      - {name: t14, description: Tool fourteen., targets: [openai], parameters: {type: object}}
      - {name: t15, description: Tool fifteen., targets: [openai], parameters: {type: object}}
      - {name: t16, description: Tool sixteen., targets: [openai], parameters: {type: object}}
      - {name: t17, description: Tool seventeen., targets: [openai], parameters: {type: object}}
      - {name: t18, description: Tool eighteen., targets: [openai], parameters: {type: object}}
      - {name: t19, description: Tool nineteen., targets: [openai], parameters: {type: object}}
      - {name: t20, description: Tool twenty., targets: [openai], parameters: {type: object}}
      - {name: t21, description: Tool twenty-one., targets: [openai], parameters: {type: object}}
    ```

    Use instead:
    ```yaml
    tools:
      - {name: t01, description: Tool one., targets: [openai], parameters: {type: object}}
      - {name: t02, description: Tool two., targets: [openai], parameters: {type: object}}
    ```
    """
    yield from _set_hits(contracts, ctx, "TC217")


@rule("TC214", "strict-schema-budget-exceeded", scope="set")
def strict_schema_budget_exceeded(contracts, ctx):
    """The strict tools of a request together have too many optional or union-typed parameters.

    What it does:
    Anthropic strict tool use allows, summed over all strict tools of a request, 24 optional parameters and 16
    parameters with `anyOf` or a type array. Top-level properties are counted for the error; how nested ones
    count is not documented, so crossing the limit only when they are counted is a warning.

    Why is this bad?
    "These limits apply to the combined total across all strict schemas in a single request": the request is
    rejected even though no single tool looks complex.

    Example:
    ```yaml
    name: search_gifts
    description: Search the gift catalogue with many optional filters.
    targets: [anthropic-strict]
    parameters:
      type: object
      additionalProperties: false
      properties: {f01: {type: string}, f02: {type: string}, f03: {type: string}, f04: {type: string},
        f05: {type: string}, f06: {type: string}, f07: {type: string}, f08: {type: string}, f09: {type: string},
        f10: {type: string}, f11: {type: string}, f12: {type: string}, f13: {type: string}, f14: {type: string},
        f15: {type: string}, f16: {type: string}, f17: {type: string}, f18: {type: string}, f19: {type: string},
        f20: {type: string}, f21: {type: string}, f22: {type: string}, f23: {type: string}, f24: {type: string},
        f25: {type: string}}
    ```

    Use instead:
    ```yaml
    name: search_gifts
    description: Search the gift catalogue with a filter expression.
    targets: [anthropic-strict]
    parameters:
      type: object
      additionalProperties: false
      properties:
        filter: {type: string, description: "Filters as key=value pairs, e.g. colour=red;max_price=50."}
    ```
    """
    yield from _set_hits(contracts, ctx, "TC214")


@rule("TC215", "tool-name-collision-for-target", severity="warning", scope="set")
def tool_name_collision_for_target(contracts, ctx):
    """Two tools sent to a target have names that differ only in letter case.

    What it does:
    Compares the names of the tools sent together to OpenAI and MCP case-insensitively. MCP says tool names
    "SHOULD be considered case-sensitive" and "SHOULD be unique within a server" — so some clients do not, and
    OpenAI does not document how it compares them. Identical names are TC012.

    Why is this bad?
    A client or proxy that folds case calls the wrong tool, or drops one of them.

    Example:
    ```yaml
    tools:
      - name: search_gifts
        description: Search the gift catalogue by keyword.
        targets: [mcp]
        parameters: {type: object, properties: {}}
      - name: Search_Gifts
        description: Search the gift catalogue by price.
        targets: [mcp]
        parameters: {type: object, properties: {}}
    ```

    Use instead:
    ```yaml
    tools:
      - name: search_gifts
        description: Search the gift catalogue by keyword.
        targets: [mcp]
        parameters: {type: object, properties: {}}
      - name: search_gifts_by_price
        description: Search the gift catalogue by price.
        targets: [mcp]
        parameters: {type: object, properties: {}}
    ```
    """
    yield from _set_hits(contracts, ctx, "TC215")


@rule("TC216", "mcp-tool-schema-violation", fixable=True)
def mcp_tool_schema_violation(contract, ctx):
    """The contract, published as an MCP `Tool`, does not validate against the MCP schema of its version.

    What it does:
    Builds the `Tool` the contract would be published as (`name`, `title`, `description`, `inputSchema` from
    `parameters`, `outputSchema` from `returns`, `annotations`) and validates it against the `Tool` schema of the
    spec version (`mcp` = 2026-07-28; `mcp@2025-06-18` and `mcp@2025-11-25` pick older ones; bundled verbatim in
    `toolcheck/data/mcp/`). 2025-06-18 and 2025-11-25 require every property schema to be an object (`true` is
    rejected). For 2026-07-28 it also checks `x-mcp-header` annotations (an HTTP header token, unique,
    on integer, string or boolean properties). What other rules own is left to them (a missing `name` is TC008,
    the root `type` TC203).

    Why is this bad?
    MCP clients validate `tools/list` results against this schema; a tool that fails is dropped or the whole
    listing is rejected.

    Example:
    ```yaml
    name: search_docs
    description: Search the product documentation by keyword.
    targets: ["mcp@2025-06-18"]
    parameters:
      type: object
      properties:
        query: true
    ```

    Use instead:
    ```yaml
    name: search_docs
    description: Search the product documentation by keyword.
    targets: ["mcp@2025-06-18"]
    parameters:
      type: object
      properties:
        query: {type: string, description: Words to search for.}
    ```
    """
    yield from _own(contract, ctx, "TC216")
