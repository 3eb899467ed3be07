"""TC3's facts: every sample record and recorded call of the run, replayed once against its contract.

:class:`SampleIndex` replays each sample (``samples/<tool>.yaml|json``, inline ``samples:``, recorded calls in
``samples/**/*.jsonl``) with the host's validator (:func:`toolcheck.host.validate`: one compiled jsonschema-rs
validator per schema, no type coercion, arguments must be an object, `format` is an annotation) and keeps one
:class:`Outcome` per sample; each TC3 rule reports the outcomes of its kind, so every code can be selected or
ignored on its own. A schema that does not compile is TC1's: its samples are skipped quietly.

The helpers below word a sample in a message (``valid sample "A plain search."``) and place it (the pointer of
its data, or of the error inside it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...host import compiled_for, parse_arguments, validate
from ..base import Index, RunView

# ok | skipped | unknown-tool | not-json | not-object | rejected | accepted | wrong-reason
STATUSES = ("ok", "skipped", "unknown-tool", "not-json", "not-object", "rejected", "accepted", "wrong-reason")

KEYWORDS = (
    "type", "enum", "const", "required", "additionalProperties", "unevaluatedProperties", "properties",
    "patternProperties", "propertyNames", "dependentRequired", "dependentSchemas", "minProperties",
    "maxProperties", "items", "prefixItems", "contains", "minContains", "maxContains", "minItems", "maxItems",
    "uniqueItems", "unevaluatedItems", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
    "multipleOf", "minLength", "maxLength", "pattern", "format", "anyOf", "oneOf", "allOf", "not", "if", "then",
    "else", "$ref", "falseSchema",
)


@dataclass
class Outcome:
    sample: Any  # toolcheck.contract.Sample
    status: str  # one of STATUSES
    errors: list[dict[str, Any]] = field(default_factory=list)  # toolcheck.host.validate's records


class Replay:
    """The facts of a group's samples: their outcomes, and the tool names a sample may name."""

    def __init__(self, outcomes: list[Outcome], known_tools: list[str]) -> None:
        self.outcomes = outcomes
        self.known_tools = known_tools

    def of(self, status: str) -> list[Outcome]:
        return [o for o in self.outcomes if o.status == status]


class SampleIndex(Index):
    """Replays every sample of the run once (``facts(samples)``)."""

    def __init__(self, run: RunView) -> None:
        super().__init__(run)
        self._compiled: dict = {}  # compiled_for's memo: one validator per schema object
        self._replays: dict[int, tuple[list, Replay]] = {}

    def facts(self, samples: list) -> Replay:
        got = self._replays.get(id(samples))
        if got is not None and got[0] is samples:
            return got[1]
        seen = {id(s) for s in samples}
        inline = [s for c in self.run.contracts for s in c.samples if id(s) not in seen]  # inline `samples:`
        outcomes = [self._replay_one(s) for s in list(samples) + inline]
        known = sorted({c.name for c in self.run.contracts if c.name})
        replay = Replay(outcomes, known)
        self._replays[id(samples)] = (samples, replay)
        return replay

    def _replay_one(self, s) -> Outcome:
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
        compiled = compiled_for(schema, self._compiled)
        if compiled is None:
            return Outcome(s, "skipped")  # does not compile: TC1 reports it
        errors = validate(compiled, schema, data)
        if s.valid:
            return Outcome(s, "rejected" if errors else "ok", errors)
        if not errors:
            return Outcome(s, "accepted")
        if s.expect and not any(expect_matches(s.expect, e) for e in errors):
            return Outcome(s, "wrong-reason", errors)
        return Outcome(s, "ok", errors)


# ----------------------------------------------------------------------------------------------- expectations

def norm_pointer(p: Any) -> str:
    """An `expect.pointer` as a JSON Pointer (`#/x`, `x` and `/x` are all `/x`)."""
    p = str(p)
    if p.startswith("#"):
        p = p[1:]
    if p and not p.startswith("/"):
        p = "/" + p
    return p


def expect_matches(expect: dict[str, Any], error: dict[str, Any]) -> bool:
    kw = expect.get("keyword")
    if kw is not None and str(kw) not in error["keywords"]:
        return False
    ptr = expect.get("pointer")
    if ptr is not None and norm_pointer(ptr) not in (error["pointer"], error["at"]):
        return False
    return True


# ----------------------------------------------------------------------------------------------- wording

def rel_data(s) -> str:
    """The pointer of the sample's data (its arguments), relative to the sample."""
    return s.data_pointer[len(s.pointer):] if s.data_pointer.startswith(s.pointer) else ""


def rel_error(s, e: dict[str, Any]) -> str:
    """Where an error of the sample's data is, relative to the sample."""
    if s.arguments_text is not None:
        return rel_data(s)  # a pointer cannot point inside a JSON string: the `arguments` key
    return rel_data(s) + e["pointer"]


def what(s, valid: bool | None = None) -> str:
    """`valid sample "A plain search."`, `recorded invalid call`: how a message names the sample."""
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


def where(ptr: str) -> str:
    return ptr if ptr else "the root"


def expect_text(expect: dict[str, Any]) -> str:
    kw, ptr = expect.get("keyword"), expect.get("pointer")
    parts = []
    if kw is not None:
        parts.append(f"`{kw}`")
    if ptr is not None:
        parts.append(f"at {where(norm_pointer(ptr))}")
    return " ".join(parts) or "any error"


def keyword_hint(expect: dict[str, Any]) -> str:
    kw = expect.get("keyword")
    if not isinstance(kw, str) or kw in KEYWORDS:
        return ""
    from ...suggest import did_you_mean

    hint = did_you_mean(kw, KEYWORDS)
    return f"; note that `{kw}` is not a JSON Schema keyword{hint}"
