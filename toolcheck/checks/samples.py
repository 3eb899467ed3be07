"""TC3: sample replay.

`toolcheck validate` replays every sample record (`samples/<tool>.yaml|json`, inline `samples:`) and every
recorded call (`samples/**/*.jsonl`) against its contract's parameter schema:

- a valid sample the schema rejects, an invalid sample it accepts, or an invalid sample rejected for another
  reason than its `expect` is an error;
- a recorded call whose `arguments` string is not JSON, or whose arguments are not an object, is its own finding;
- a sample for a tool no contract defines is a finding;
- a contract with no samples at all gets an `info`.

The replay is done once per run (memoised in ``ctx.cache``) and each rule reports its own outcome, so every code
can be selected or ignored on its own. Validation is the host's: :func:`toolcheck.host.validate` — one
compiled jsonschema-rs validator per schema (shared through ``ctx.cache``), no type coercion (`"10"` is not an
integer), arguments must be an object, `format` is an annotation. jsonschema-rs matches `pattern` with a
linear-time engine (patterns with backreferences or lookaround fall back to a backtracking engine with a step
limit), so a hostile pattern such as `(a+)+$` cannot hang a replay. A schema that does not compile is reported
by TC1; its samples are skipped quietly (there is nothing to replay them against).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..host import got, parse_arguments, validate
from ..model.findings import Hit
from ..registry import rule

if TYPE_CHECKING:  # importing `contract` before `loading` is a circular import; annotations only
    from ..contract import Contract, Sample

_REPLAY_KEY = "tc3.replay"


@dataclass
class Outcome:
    sample: Sample
    # ok | skipped | unknown-tool | not-json | not-object | rejected | accepted | wrong-reason
    status: str
    errors: list[dict[str, Any]] = field(default_factory=list)


def replay(samples: list[Sample], ctx) -> list[Outcome]:
    """Replay every sample once per run; each TC3 rule reads the outcomes it reports."""
    memo = ctx.cache.get(_REPLAY_KEY)
    if memo is not None and memo[0] is samples:
        return memo[1]
    from ..host import compiled_for

    seen = {id(s) for s in samples}
    inline = [s for c in ctx.contracts for s in c.samples if id(s) not in seen]  # inline `samples:` records
    out: list[Outcome] = []
    for s in list(samples) + inline:
        out.append(_replay_one(s, ctx, compiled_for))
    ctx.cache[_REPLAY_KEY] = (samples, out)
    return out


def _replay_one(s: Sample, ctx, compiled_for) -> Outcome:
    c = s.contract
    if c is None:
        return Outcome(s, "unknown-tool")
    data = s.data
    if s.arguments_text is not None:
        # strict JSON (the loader's parse accepts NaN/Infinity, which no model API sends or accepts)
        data, err = parse_arguments(s.arguments_text)
        if err is not None:
            return Outcome(s, "not-json" if s.valid else "ok", [{"message": err}])
    if s.valid and not isinstance(data, dict):
        return Outcome(s, "not-object")
    schema = c.parameters
    if c.parameters_key is None or not isinstance(schema, (dict, bool)):
        return Outcome(s, "skipped")  # no schema (TC0) or not a schema (TC1)
    compiled = compiled_for(schema, ctx.cache)
    if compiled is None:
        return Outcome(s, "skipped")  # does not compile: TC1 reports it
    errors = validate(compiled, schema, data)
    if s.valid:
        return Outcome(s, "rejected" if errors else "ok", errors)
    if not errors:
        return Outcome(s, "accepted")
    if s.expect and not any(_matches(s.expect, e) for e in errors):
        return Outcome(s, "wrong-reason", errors)
    return Outcome(s, "ok", errors)


def _norm_pointer(p: Any) -> str:
    p = str(p)
    if p.startswith("#"):
        p = p[1:]
    if p and not p.startswith("/"):
        p = "/" + p
    return p


def _matches(expect: dict[str, Any], error: dict[str, Any]) -> bool:
    kw = expect.get("keyword")
    if kw is not None and str(kw) not in error["keywords"]:
        return False
    ptr = expect.get("pointer")
    if ptr is not None and _norm_pointer(ptr) not in (error["pointer"], error["at"]):
        return False
    return True


# ----------------------------------------------------------------------------------------------- helpers

def _rel_data(s: Sample) -> str:
    return s.data_pointer[len(s.pointer):] if s.data_pointer.startswith(s.pointer) else ""


def _rel_error(s: Sample, e: dict[str, Any]) -> str:
    if s.arguments_text is not None:
        return _rel_data(s)  # a pointer cannot point inside a JSON string: the `arguments` key
    return _rel_data(s) + e["pointer"]


def _what(s: Sample, valid: bool | None = None) -> str:
    valid = s.valid if valid is None else valid
    if s.kind == "call":
        base = "recorded call" if valid else "recorded invalid call"
    else:
        base = "valid sample" if valid else "invalid sample"
    if s.description:
        d = " ".join(s.description.split())
        d = d if len(d) <= 60 else d[:59] + "…"
        base += f' "{d}"'
    return base


def _where(ptr: str) -> str:
    return ptr if ptr else "the root"


def _expect_text(expect: dict[str, Any]) -> str:
    kw, ptr = expect.get("keyword"), expect.get("pointer")
    parts = []
    if kw is not None:
        parts.append(f"`{kw}`")
    if ptr is not None:
        parts.append(f"at {_where(_norm_pointer(ptr))}")
    return " ".join(parts) or "any error"


def _keyword_hint(expect: dict[str, Any]) -> str:
    kw = expect.get("keyword")
    if not isinstance(kw, str) or kw in _KEYWORDS:
        return ""
    from ..suggest import did_you_mean

    hint = did_you_mean(kw, _KEYWORDS)
    return f"; note that `{kw}` is not a JSON Schema keyword{hint}"


_KEYWORDS = (
    "type", "enum", "const", "required", "additionalProperties", "unevaluatedProperties", "properties",
    "patternProperties", "propertyNames", "dependentRequired", "dependentSchemas", "minProperties",
    "maxProperties", "items", "prefixItems", "contains", "minContains", "maxContains", "minItems", "maxItems",
    "uniqueItems", "unevaluatedItems", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
    "multipleOf", "minLength", "maxLength", "pattern", "format", "anyOf", "oneOf", "allOf", "not", "if", "then",
    "else", "$ref", "falseSchema",
)


# ----------------------------------------------------------------------------------------------- rules

@rule("TC301", "valid-sample-rejected", scope="samples", options={"max-errors": 5})
def valid_sample_rejected(samples, ctx):
    """A sample or recorded call marked valid is rejected by the tool's schema.

    What it does:
    Replays every valid sample record (`valid: true`) and every recorded call (`samples/**/*.jsonl`, valid
    unless the line says `"valid": false`) against its contract's `parameters`, with the validator a host
    would use: no type coercion (`"10"` is not an integer), arguments must be an object. Each error is
    reported at the offending value inside the sample file, with a message naming the property and the
    constraint.

    Why is this bad?
    A valid sample is a call the tool must accept — often a real call a model made. If the schema rejects it,
    either the schema is wrong (a host validating `tool_calls` will bounce good calls) or the sample is.

    Example:
    ```yaml file=samples/search_docs.yaml
    - description: A plain search.
      data: {query: 42}
      valid: true
    ```

    Use instead:
    ```yaml file=samples/search_docs.yaml
    - description: A plain search.
      data: {query: "refund policy"}
      valid: true
    ```

    Options:
    `rules.TC301.max-errors` (default 5): errors reported per sample; the last one says how many more there are.
    """
    limit = ctx.options("TC301").get("max-errors", 5)
    limit = limit if isinstance(limit, int) and not isinstance(limit, bool) and limit > 0 else 5
    for o in replay(samples, ctx):
        if o.status != "rejected":
            continue
        s = o.sample
        shown = o.errors[:limit]
        for i, e in enumerate(shown):
            more = len(o.errors) - len(shown)
            tail = f" (and {more} more error{'s' if more != 1 else ''} in this sample)" if more and i == len(shown) - 1 else ""
            yield Hit(
                _rel_error(s, e),
                f"{_what(s)} is rejected by the schema: {e['message']}{tail}",
                "Fix the sample's data, or the schema if the data is right (a valid sample is a call the tool "
                "must accept). If the call is meant to fail, mark it `valid: false`.",
                subject=s,
                data={"pointer": e["pointer"], "keyword": e["keyword"]},
                prefer_key=False,
            )


@rule("TC302", "invalid-sample-accepted", scope="samples")
def invalid_sample_accepted(samples, ctx):
    """A sample marked invalid is accepted by the tool's schema.

    What it does:
    Replays every invalid sample record (`valid: false`, and recorded calls with `"valid": false`) and reports
    those the schema accepts.

    Why is this bad?
    An invalid sample states a constraint: "a search without a query must be refused". If the schema accepts
    it, the constraint is missing from the schema, so neither the model nor a host validating `tool_calls` will
    enforce it.

    Example:
    ```yaml file=samples/search_docs.yaml
    - description: A search without a query must be refused.
      data: {query: "refunds"}
      valid: false
      expect: {keyword: required, pointer: /query}
    ```

    Use instead:
    ```yaml file=samples/search_docs.yaml
    - description: A search without a query must be refused.
      data: {}
      valid: false
      expect: {keyword: required, pointer: /query}
    ```
    """
    for o in replay(samples, ctx):
        if o.status != "accepted":
            continue
        s = o.sample
        exp = f"; it was expected to fail {_expect_text(s.expect)}" if s.expect else ""
        yield Hit(
            _rel_data(s),
            f"{_what(s)} is accepted by the schema{exp}",
            "Add the missing constraint to the schema so it rejects this data, or mark the sample "
            "`valid: true` if the data is acceptable.",
            subject=s,
        )


@rule("TC303", "sample-rejected-for-another-reason", scope="samples")
def sample_rejected_for_another_reason(samples, ctx):
    """An invalid sample is rejected, but not for the reason its `expect` states.

    What it does:
    For an invalid sample with `expect: {keyword, pointer}`, checks that at least one of the schema's errors
    has that keyword and/or that instance pointer (for `required`, the missing property's would-be location,
    e.g. `/ticket_id`; for an unexpected property, the property's location). Reports the expected and the
    actual reasons.

    Why is this bad?
    A sample that fails for another reason proves nothing about the constraint it was written for: a
    "missing query" sample that fails only because `limit` is a string would keep passing after someone drops
    `query` from `required`.

    Example:
    ```yaml file=samples/search_docs.yaml
    - description: A search without a query must be refused.
      data: {query: 42}
      valid: false
      expect: {keyword: required, pointer: /query}
    ```

    Use instead:
    ```yaml file=samples/search_docs.yaml
    - description: A search without a query must be refused.
      data: {}
      valid: false
      expect: {keyword: required, pointer: /query}
    ```
    """
    for o in replay(samples, ctx):
        if o.status != "wrong-reason":
            continue
        s = o.sample
        actual = "; ".join(f"`{e['keyword']}` at {_where(e['pointer'])} ({e['message']})" for e in o.errors[:3])
        if len(o.errors) > 3:
            actual += f" (and {len(o.errors) - 3} more)"
        yield Hit(
            "/expect",
            f"{_what(s)} is expected to fail {_expect_text(s.expect)}, "
            f"but the schema rejects it with {actual}{_keyword_hint(s.expect)}",
            "Change the data so it fails only for the stated reason, correct `expect`, or add the constraint "
            "the sample expects to the schema.",
            subject=s,
            data={"expected": s.expect, "actual": [{"pointer": e["pointer"], "keyword": e["keyword"]}
                                                   for e in o.errors]},
        )


@rule("TC304", "call-arguments-not-json", scope="samples")
def call_arguments_not_json(samples, ctx):
    """A recorded call's `arguments` string is not valid JSON.

    What it does:
    OpenAI-style recorded calls carry `arguments` as a JSON string, exactly as the model produced it. Reports
    a string that does not parse ("JSON syntax error at column N"), when the call is expected valid. A call
    marked `"valid": false` is expected to be refused, and an unparseable string is refused, so it is not
    reported.

    Why is this bad?
    Models truncate or mangle JSON (a missing brace at the token limit, a trailing comma, NaN). A host must
    refuse such a call with a `JSON_SYNTAX_ERROR` the model can act on, never crash or guess; a recorded call
    that is meant to be valid but is not JSON usually means the recording is broken.

    Example:
    ```json file=samples/calls/openai.jsonl
    {"name": "search_docs", "arguments": "{\\"query\\": \\"refunds\\""}
    ```

    Use instead:
    ```json file=samples/calls/openai.jsonl
    {"name": "search_docs", "arguments": "{\\"query\\": \\"refunds\\"}"}
    ```
    """
    for o in replay(samples, ctx):
        if o.status != "not-json":
            continue
        s = o.sample
        yield Hit(
            _rel_data(s),
            f"{_what(s)}: `arguments` is not JSON: {o.errors[0]['message']}",
            "Record the arguments string exactly as sent, or mark the line `\"valid\": false` if the call is a "
            "deliberately malformed one a host must refuse.",
            subject=s,
            prefer_key=False,
        )


@rule("TC305", "arguments-not-object", scope="samples")
def arguments_not_object(samples, ctx):
    """A valid sample's or recorded call's arguments are not a JSON object.

    What it does:
    Reports a valid sample whose `data`, or a recorded call whose `arguments`/`input`, is an array, a string, a
    number, a boolean or null. Detects arguments encoded as JSON twice (a string holding a JSON object).

    Why is this bad?
    Every model API and MCP sends tool arguments as one JSON object of named parameters; anything else is
    refused by the host (and by `toolcheck check-args`) whatever the schema says.

    Example:
    ```json file=samples/calls/anthropic.jsonl
    {"name": "search_docs", "input": ["refunds"]}
    ```

    Use instead:
    ```json file=samples/calls/anthropic.jsonl
    {"name": "search_docs", "input": {"query": "refunds"}}
    ```
    """
    for o in replay(samples, ctx):
        if o.status != "not-object":
            continue
        s = o.sample
        msg = f"{_what(s)}: arguments must be an object, got {got(s.data)}"
        help = "Write the arguments as one object of named parameters, e.g. `{\"query\": \"...\"}`."
        if isinstance(s.data, str):
            inner, err = parse_arguments(s.data)
            if err is None and isinstance(inner, dict):
                msg = f"{_what(s)}: arguments are a string holding JSON (encoded twice), not an object"
                help = "Decode the arguments once: the value must be the object itself, not a JSON string of it."
        yield Hit(_rel_data(s), msg, help, subject=s, prefer_key=False)


@rule("TC306", "sample-for-unknown-tool", scope="samples")
def sample_for_unknown_tool(samples, ctx):
    """A sample file or recorded call names a tool that no contract defines.

    What it does:
    Matches each sample file (`samples/<tool>.yaml|json`: the tool is the file name, or the file's `tool:` key)
    and each recorded call (`name`, and `source` when several definitions share a name) to a loaded contract.
    Reports, once per file and tool name, those that match nothing, with the closest known tool name.

    Why is this bad?
    Samples for an unknown tool are never replayed: a renamed tool or a typo in a file name silently turns off
    the checks they were written for.

    Example:
    ```yaml file=samples/search_doc.yaml
    - description: A plain search.
      data: {query: "refund policy"}
      valid: true
    ```

    Use instead:
    ```yaml file=samples/search_docs.yaml
    - description: A plain search.
      data: {query: "refund policy"}
      valid: true
    ```
    """
    from ..suggest import did_you_mean

    known = sorted({c.name for c in ctx.contracts if c.name})
    groups: dict[tuple[int, str], list[Sample]] = {}
    for o in replay(samples, ctx):
        if o.status == "unknown-tool":
            groups.setdefault((id(o.sample.file), o.sample.tool), []).append(o.sample)
    for (_, tool), group in groups.items():
        first = group[0]
        hint = did_you_mean(tool, known) if tool else ""
        shown = tool if len(tool) <= 64 else tool[:63] + "…"
        if first.kind == "call":
            n = len(group)
            count = f" ({n} recorded calls name it)" if n > 1 else ""
            yield Hit("/name", f"recorded call names tool `{shown}`, which no contract defines{hint}{count}",
                      "Fix the tool name, or add the contract (check the contract paths and `--samples`).",
                      subject=first, prefer_key=False)
        else:
            sf = first.file
            doc = sf.documents[0] if sf.documents else None
            ptr = "/tool" if isinstance(doc, dict) and isinstance(doc.get("tool"), str) else ""
            yield Hit(ptr, f"sample file is for tool `{shown}`, which no contract defines{hint}",
                      "Name the file after the tool (`samples/<tool>.yaml`), set `tool:` in it, or add the "
                      "contract.", subject=sf, prefer_key=False)


@rule("TC307", "tool-without-samples", severity="info", scope="contract")
def tool_without_samples(contract: Contract, ctx):
    """A contract has no sample at all, valid or invalid.

    What it does:
    Reports (as `info`) a contract file's tool for which neither a sample file, nor inline `samples:`, nor a
    recorded call exists. Tools read from JSON Lines of function objects or vendor-format files (a published
    corpus, an MCP `tools/list` dump) are not reported: they are not where samples are maintained.

    Why is this bad?
    A schema that is valid JSON Schema can still be wrong: too strict for real calls, or missing the
    constraint that matters. Only replaying arguments catches that — one valid call and one call that must
    be refused are enough to start.

    Example:
    ```yaml
    name: search_docs
    description: Search the product documentation by keyword and return matching pages.
    parameters:
      type: object
      required: [query]
      properties:
        query: {type: string, description: Words to search for.}
    ```

    Use instead:
    ```yaml
    name: search_docs
    description: Search the product documentation by keyword and return matching pages.
    parameters:
      type: object
      required: [query]
      properties:
        query: {type: string, description: Words to search for.}
    samples:
      - description: A plain search.
        data: {query: "refund policy"}
        valid: true
      - description: A search without a query must be refused.
        data: {}
        valid: false
        expect: {keyword: required, pointer: /query}
    ```
    """
    if contract.format != "contract" or contract.samples:
        return
    name = contract.name
    yield Hit(
        "/name" if name else "",
        f"tool `{contract.display_name}` has no samples: its schema is never replayed against real arguments",
        f"Add `samples/{name or '<tool>'}.yaml` (or inline `samples:`) with at least one valid call and one "
        "call the schema must refuse (`valid: false` with `expect`).",
    )
