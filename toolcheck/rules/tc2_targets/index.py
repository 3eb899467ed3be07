"""TC2's facts: what each target a contract is checked against rejects in it, and the tool sets of a group.

:class:`TargetsIndex` (``scope="contract"``) runs one pass per contract and target over the vendor analysis
(:func:`toolcheck.vendors.analysis.analyse`, the root `outputSchema` of MCP and the MCP `Tool` schema) and gives
each rule its own code's findings (:meth:`TargetFacts.hits`). The pass is shared because its problems are: with
``ship: export`` a target's exported payload is examined instead of the schema as written only when the as-is
pass finds something the export resolves, and two checks that find the same problem for one target make one
finding. The tool name (TC201) and the description (TC202) are checked by their own rules.

:class:`ToolSetIndex` (``scope="set"``) groups the contracts sent together (a project's contracts form one
request; a vendor-format file's tools, and JSON Lines records of one `source`, group by file and `source`) with
the targets each is sent to; TC213-TC215, TC217 and TC226 count over them. A set read from a *catalogue* (a bare
list or JSON Lines of definitions, which a host may load in part: ``SourceFile.sent_as``) is not proven to be
one request: over a target's tool limit it is TC226's warning, not TC213's error.

The vendor modules are imported on first use: `toolcheck lint` registers these rules but never runs them.
"""

from __future__ import annotations

from typing import Any

from ...model.findings import Hit
from ...model.pointer import join_pointer
from ..base import Index, RunView
from ._collect import Collector

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


def params_of(contract) -> tuple[str, Any]:
    """(key, schema) of a contract's parameters (Gemini's `parametersJsonSchema` included)."""
    key = contract.parameters_key
    if key is None and "parametersJsonSchema" in contract.data:
        return "parametersJsonSchema", contract.data["parametersJsonSchema"]
    return key or "parameters", contract.parameters


def exported(contract, run: RunView) -> bool:
    """Whether the exported payload is examined: `ship: export`, and the file is a contract (a vendor-format
    file is what the user actually sends, so it is always checked as it is)."""
    return run.settings.ship == "export" and contract.format in ("contract", "function-jsonl")


class TargetFacts:
    """One contract's TC2 findings (computed on first use by any TC2 rule), and what its own rules read."""

    __slots__ = ("contract", "index", "_by_code")

    def __init__(self, contract, index: TargetsIndex) -> None:
        self.contract = contract
        self.index = index
        self._by_code: dict[str, list[Hit]] | None = None

    @property
    def specs(self) -> list[str]:
        """The targets the contract is checked against (the known ones)."""
        return self.index.specs(self.contract)

    @property
    def export(self) -> bool:
        return exported(self.contract, self.index.run)

    def hits(self, code: str) -> list[Hit]:
        """The findings of ``code`` from the shared per-target pass."""
        if self._by_code is None:
            self._by_code = self.index.by_code(self.contract)
        return self._by_code.get(code, [])


class TargetsIndex(Index):
    """The per-target pass over each contract, once per run (see the module doc)."""

    def __init__(self, run: RunView) -> None:
        super().__init__(run)
        from ...vendors.analysis import analyse
        from ...vendors.rules import EXPORT_NOTES
        from ...vendors.targets import parse_target

        self.analyse, self.parse_target = analyse, parse_target  # (read per contract and target)
        self.export_notes = EXPORT_NOTES
        # the keywords Gemini accepts but may not enforce are TC220's warnings; TC204's option still turns them on
        self.unenforced = bool(run.options("TC220").get("unenforced-keywords")
                               or run.options("TC204").get("unenforced-keywords"))
        self._specs: dict[int, tuple[Any, list[str]]] = {}
        self._facts: dict[int, TargetFacts] = {}
        self._schemas: dict[int, tuple] = {}

    def facts(self, item: Any) -> TargetFacts:
        got = self._facts.get(id(item))
        if got is None or got.contract is not item:
            got = self._facts[id(item)] = TargetFacts(item, self)
        return got

    def specs(self, contract) -> list[str]:
        """The targets a contract is checked against (:func:`toolcheck.vendors.targets.checked_targets`)."""
        hit = self._specs.get(id(contract))
        if hit is not None and hit[0] is contract:
            return hit[1]
        from ...vendors.targets import checked_targets

        ts = checked_targets(self.run.settings, contract)
        self._specs[id(contract)] = (contract, ts)
        return ts

    def schema_info(self, schema: Any):
        """(nodes, refs) of a contract's schema, computed once per run."""
        entry = self._schemas.get(id(schema))
        if entry is not None and entry[0] is schema:
            return entry[1], entry[2]
        from ...vendors.schemas import Refs, walk

        nodes = walk(schema)
        refs = None
        if any("$ref" in n.schema for n in nodes):
            refs = Refs(schema, nodes)
        self._schemas[id(schema)] = (schema, nodes, refs)
        return nodes, refs

    def by_code(self, contract) -> dict[str, list[Hit]]:
        by_code: dict[str, list[Hit]] = {}
        try:
            hits = self._compute(contract)
        except RecursionError:  # a pathological schema: the walks are bounded, but stay safe
            hits = []
        for h in hits:
            by_code.setdefault(h.code, []).append(h)
        return by_code

    def _compute(self, contract) -> list[Hit]:
        specs = self.specs(contract)
        if not specs:
            return []
        export = exported(contract, self.run)
        col = Collector()
        key, schema = params_of(contract)
        info = self.schema_info(schema) if isinstance(schema, dict) else None
        for spec in specs:
            if not export:
                self._as_is_target(contract, spec, col, key, schema, info)
                continue
            # The export changes a schema only where the as-is check finds something it resolves (`fix`): when
            # it finds nothing fixable, the exported payload has exactly the as-is findings, so skip building it.
            tmp = Collector()
            self._as_is_target(contract, spec, tmp, key, schema, info)
            if tmp.has_fixable():
                self._export_target(contract, spec, col, info[1] if info else None)
            else:
                col.merge(tmp)
        return col.hits()

    def _as_is_target(self, contract, spec: str, col: Collector, key: str, schema: Any, info) -> None:
        base, version = self.parse_target(spec)
        if info is not None and base not in ("openai", "bedrock"):  # (no schema rules for these two)
            nodes, refs = info
            for iss in self.analyse(schema, base, version, nodes, refs, self.unenforced):
                tokens = (key,) + iss.path + ((iss.key,) if iss.key is not None else ())
                col.add(spec, iss.kind, col.pointer(tokens), iss.severity, iss.rule, iss.message, iss.help,
                        iss.fix, iss.fix is not None, _source_fix(iss, key, schema))
        if base == "mcp":
            _mcp_output_as_is(contract, spec, version, col)
            _mcp_tool(contract, spec, version, self.run, col, None)

    def _export_target(self, contract, spec: str, col: Collector, refs) -> None:
        from ...vendors.schemas import Refs, walk
        from ...vendors.transforms import export_result

        base, version = self.parse_target(spec)
        res = export_result(contract, spec, refs)
        schema = res.schema
        if isinstance(schema, dict) and params_of(contract)[1] is not None:
            nodes = walk(schema)
            refs = Refs(schema, nodes) if any("$ref" in n.schema for n in nodes) else None
            for iss in self.analyse(schema, base, version, nodes, refs, self.unenforced):
                pointer = origin_pointer(res, contract, res.schema_path + iss.path, iss.key)
                col.add(spec, iss.kind, pointer, iss.severity, iss.rule, iss.message, iss.help, None, None)
        for note in res.notes:
            if note.severity == "info":
                continue
            col.add(spec, self.export_notes.get(note.severity, note.rule), note.pointer, note.severity, note.source,
                    note.template or note.message, _NOTE_HELP.get(note.rule, "See the message."), None, None)
        if base == "mcp":
            _mcp_tool(contract, spec, version, self.run, col, res)


def _source_fix(iss, key: str, schema: Any):
    """The export's strict transform (`close`, `nullable`) as an unsafe fix of the source (`--unsafe-fixes`)."""
    if iss.fix not in ("close", "nullable") or iss.kind not in ("strict-mode-open-object",
                                                                "strict-mode-optional-property"):
        return None
    from ...fixing.schema_fixes import strict_close_fix, strict_require_fix
    from ...vendors.schemas import resolve

    ptr = join_pointer("", key, *iss.path)
    if iss.fix == "close":
        return strict_close_fix(ptr)
    return strict_require_fix(ptr, resolve(schema, iss.path))


def origin_pointer(res, contract, tokens: tuple, key: str | None) -> str:
    """The contract pointer of a payload location (the nearest exported node with a known origin)."""
    from ...vendors.schemas import resolve

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


# ------------------------------------------------------------------------------------------------ MCP

def _mcp_output_as_is(contract, spec: str, version: str, col: Collector) -> None:
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


def _mcp_errors(tool: dict, version: str, run: RunView) -> list | None:
    """The MCP `Tool` schema's errors for ``tool``, None when it is valid (or the validator fails)."""
    from ...vendors.mcp import obviously_valid, tool_validator

    try:
        if obviously_valid(tool, version, "TC203" in run.enabled):
            return None
        validator = tool_validator(version)
        if validator.is_valid(tool):
            return None
        return validator.errors(tool)
    except Exception:  # the validator must never take the run down
        return None


def _owned_elsewhere(e, toks: list[str], run: RunView, as_is: bool) -> bool:
    """Whether another rule reports this `Tool` schema error (so TC216 does not)."""
    head = toks[0] if toks else ""
    if not toks and e.keyword == "required" and "TC008" in run.enabled:
        return True  # a missing name or parameters is TC008's
    if head in ("name", "title", "description", "annotations") and "TC009" in run.enabled and as_is:
        return True  # the contract format (TC009) checks these already
    # the root type is root-not-object's (or TC1's, for a type name that does not exist)
    return head in ("inputSchema", "outputSchema") and (len(toks) == 1 or toks[1:] == ["type"]) \
        and "TC203" in run.enabled


def _mcp_tool(contract, spec: str, version: str, run: RunView, col: Collector, res) -> None:
    from ...vendors.mcp import as_tool

    if res is None:
        tool, keys = as_tool(contract)
    else:
        tool, keys = res.payload, {}
    errors = _mcp_errors(tool, version, run)
    if errors is None:
        return
    for e in errors:
        toks = e.pointer.split("/")[1:] if e.pointer else []
        if _owned_elsewhere(e, toks, run, res is None):
            continue
        head = toks[0] if toks else ""
        if res is None:
            ptr = join_pointer("", *([keys.get(head, head)] + toks[1:])) if toks else ""
        else:
            ptr = origin_pointer(res, contract, tuple(_int(t) for t in toks), None) if head in (
                "inputSchema", "outputSchema") else ("/" + head if head else "")
        fix = _boolean_schema_fix(tool, toks) if res is None else None
        col.add(spec, "mcp-tool-schema-violation", ptr, "error", "MCP-TOOL-001" if not toks else (
            "MCP-TOOL-005" if head in ("inputSchema", "outputSchema") else "MCP-TOOL-001"),
                f"{{who}} `Tool` schema: {_label(e.pointer)} {e.message}",
                "Make the contract a valid MCP tool for this spec version (see the bundled schema "
                f"`toolcheck/data/mcp/tool-{version}.schema.json`).", fix,
                None if res is not None else fix is not None)


def _boolean_schema_fix(tool: dict, toks: list[str]) -> str | None:
    """`boolean-schema` for a property schema `true` (the export sends it as `{}`, MCP before 2026-07-28)."""
    from ...vendors.schemas import resolve

    if len(toks) == 3 and toks[0] == "inputSchema" and toks[1] == "properties" \
            and isinstance(resolve(tool, tuple(_int(t) for t in toks)), bool):
        return "boolean-schema"
    return None


def _int(t: str):
    return int(t) if t.isdigit() else t.replace("~1", "/").replace("~0", "~")


def _label(pointer: str) -> str:
    return ("`" + pointer.lstrip("/").replace("/", ".") + "`") if pointer else "the tool"


# ------------------------------------------------------------------------------------------------ tool sets

class ToolSet:
    """Contracts sent together, and the targets each is sent to (by ``id``). ``catalogue``: the set is a
    catalogue file's (or one `source` of it), which a host may send in part, not a request sent whole."""

    __slots__ = ("members", "targets", "catalogue")

    def __init__(self, members: list, targets: dict[int, frozenset[str]], catalogue: bool = False) -> None:
        self.members = members
        self.targets = targets
        self.catalogue = catalogue


class SetFacts:
    """The tool sets of a checked group, and what the set rules share."""

    def __init__(self, sets: list[ToolSet], index: TargetsIndex, export: bool) -> None:
        self.sets = sets
        self.index = index  # its schema_info() of a member's parameters
        self.export = export

    def finish(self, hits: list[Hit]) -> list[Hit]:
        """The hits as findings of this run (the export cannot change how many tools a request carries)."""
        if self.export:
            for h in hits:
                h.fixable = None
        return hits


class ToolSetIndex(Index):
    """The tool sets of each checked group (see the module doc)."""

    def __init__(self, run: RunView) -> None:
        super().__init__(run)
        self._facts: dict[int, tuple[Any, SetFacts]] = {}

    def facts(self, item: Any) -> SetFacts:
        got = self._facts.get(id(item))
        if got is not None and got[0] is item:
            return got[1]
        index = self.run.index(TargetsIndex)
        targets = {id(c): frozenset(index.specs(c)) for c in item}
        groups: dict[tuple, list] = {}
        for c in item:
            key = (c.file.path, c.metadata.get("source")) if c.format != "contract" else ("",)
            groups.setdefault(key, []).append(c)
        sets = [ToolSet(g, targets, catalogue=g[0].format != "contract" and g[0].file.sent_as == "catalogue")
                for g in groups.values()]  # (one group is one file's, or the contract files')
        facts = SetFacts(sets, index, self.run.settings.ship == "export")
        self._facts[id(item)] = (item, facts)
        return facts


def tool_limit_hits(tools: ToolSet, soft: bool) -> list[Hit]:
    """The tool-count limits a set crosses: the hard ones (TC213 for a request, TC226 for a catalogue), or a
    vendor's advice (``soft``, TC217)."""
    from ...vendors.rules import TOOL_LIMITS
    from ...vendors.sources import url_for
    from ._collect import fill_who

    group, targets = tools.members, tools.targets
    out = []
    for lim in TOOL_LIMITS:
        if lim.soft != soft or len(group) <= lim.max:
            continue
        members = [c for c in group if not targets[id(c)].isdisjoint(lim.targets)]
        if len(members) <= lim.max:
            continue
        if lim.soft and len(members) > 128 and lim.targets == ("openai", "openai-strict"):
            continue  # over the hard limit too: that error says it
        c = members[lim.max]
        specs = [t for t in lim.targets if any(t in targets[id(m)] for m in members)]
        advice = "Send fewer tools per request (group them by task, or load them on demand), or split the set."
        code, severity = ("TC217" if lim.soft else "TC213"), lim.severity
        if lim.soft:
            msg = (f"{{who}} advises fewer than {lim.max} {lim.what} at any one time (a soft suggestion, not a "
                   f"limit); this tool set sends {len(members)} (this is number {lim.max + 1})")
        elif tools.catalogue:
            code, severity = "TC226", None  # (the rule's own severity)
            source = group[0].metadata.get("source")  # (JSON Lines records group by it)
            lists = f"lists {len(members)} {lim.what}" + (f" from `{source}`" if source else "")
            msg = (f"this file {lists}; a request with all of them is rejected by {{who}} (limit {lim.max}; this "
                   f"is number {lim.max + 1}); send at most {lim.max} at a time")
            advice = (f"Have the host load at most {lim.max} of them per request (by task, or on demand); split the "
                    "file if it is sent whole.")
        else:
            msg = (f"{{who}} accepts at most {lim.max} {lim.what} per request; this tool set sends "
                   f"{len(members)} (this is number {lim.max + 1})")
        h = Hit("/name" if c.name is not None else "", fill_who(msg, specs), advice, code=code, severity=severity,
                target=specs[0], url=url_for(lim.rule), fixable=False)
        first = members[0]
        h.related = [{"file": first.file.path, "line": first.file.locate(first.pointer)[0], "pointer": first.pointer,
                      "tool": first.name}]
        h.subject = c
        out.append(h)
    return out
