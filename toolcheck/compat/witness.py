"""Witnesses: one concrete instance that schema A accepts and schema B rejects, proven by running both.

For a narrowing :class:`~.schemadiff.Change`, :func:`find_witness` builds candidate values for the location the
change is about (the old bound, the removed enum value, a string the old pattern matches, the object without
the newly required property, ...), embeds each in a minimal instance of A (required siblings filled in with
minimal valid values), and keeps the first one that

* A accepts — with `format` asserted, so the witness is a realistic value, not one that only passes because
  formats are annotations;
* B rejects — with `format` as an annotation (the host's semantics, :mod:`toolcheck.host`), except for a
  format change, which can only be shown by a validator that asserts formats;
* B rejects *for this change*: one of B's errors is at the changed location with the changed keyword. A value
  that fails for another reason proves nothing about this change.

Validators are compiled once per schema (jsonschema-rs, offline: a remote `$ref` is refused, never fetched) and
memoised for the analysis. Strings under a `pattern` come from the pattern itself (:mod:`.regex_samples`
walks its syntax tree), so ``^[A-Z]{2}-[0-9]{4}$`` gives ``AA-0000``. No generator library is used:
hypothesis(-jsonschema) was tried and dropped — building its string strategies costs seconds on first use
(the Unicode charmap), more than a whole diff should, and constructed candidates already find the witnesses.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from .regex_samples import MAX_LENGTH, regex_samples  # MAX_LENGTH: the longest string/array a witness needs
from .schemadiff import (
    ANY,
    NUMBER_KW,
    STRING_KW,
    Bound,
    Change,
    canon,
    covered,
    is_num,
    numeric_bound,
    type_set,
    view,
)

FORMAT_SAMPLES = {
    "date": "2024-01-31",
    "date-time": "2024-01-31T12:00:00Z",
    "time": "12:00:00Z",
    "duration": "P1D",
    "email": "user@example.com",
    "idn-email": "user@example.com",
    "hostname": "example.com",
    "idn-hostname": "example.com",
    "ipv4": "192.0.2.1",
    "ipv6": "2001:db8::1",
    "uri": "https://example.com/a",
    "uri-reference": "/a",
    "iri": "https://example.com/a",
    "iri-reference": "/a",
    "uri-template": "https://example.com/{id}",
    "uuid": "123e4567-e89b-12d3-a456-426614174000",
    "json-pointer": "/a",
    "relative-json-pointer": "0/a",
    "regex": "^a$",
}
PROBES = ("x", "", "a", "A", "0", "1", "abc", "ABC", "Abc", "a1", "a b", "a-b", "a_b", "a.b", "a/b", "hello",
          "test", "123", "12345", "1.5", "-1", "true", "null", " ", "é", "a@b", "xxxxxxxxxxxxxxxxxxxx")
MAX_CANDIDATES = 80


@dataclass
class Witness:
    instance: Any
    error: str  # what B says about it


# ------------------------------------------------------------------------------------------------ validators

class _FormatValidator:
    """jsonschema-rs with `format` asserted (schemaval's Compiled treats it as an annotation)."""

    def __init__(self, schema: Any) -> None:
        import jsonschema_rs

        from ..schemaval import SchemaCompileError

        def refuse(uri: str) -> Any:
            raise ValueError(f"remote $ref {uri} is not fetched")

        try:
            self._v = jsonschema_rs.validator_for(schema, retriever=refuse, validate_formats=True)
        except Exception as e:  # the engine reports bad schemas under several exception types
            raise SchemaCompileError(str(e).strip().splitlines()[0] if str(e).strip() else "invalid schema") from None

    def is_valid(self, instance: Any) -> bool:
        try:
            return self._v.is_valid(instance)
        except (ValueError, OverflowError, TypeError):
            return False

    def errors(self, instance: Any) -> list[tuple[str, str, str, list]]:
        from ..model.pointer import escape_pointer_token

        out = []
        try:
            for e in self._v.iter_errors(instance):
                ptr = "".join("/" + escape_pointer_token(p) for p in e.instance_path)
                kw = e.schema_path[-1] if e.schema_path else ""
                prop = getattr(e.kind, "property", None) if str(kw) == "required" else None
                out.append((ptr, str(kw), e.message, [prop] if prop is not None else []))
        except (ValueError, OverflowError, TypeError) as e:
            out.append(("", "type", str(e), []))
        return out


class _Annotating:
    def __init__(self, compiled: Any) -> None:
        self._c = compiled

    def is_valid(self, instance: Any) -> bool:
        return self._c.is_valid(instance)

    def errors(self, instance: Any) -> list[tuple[str, str, str, list]]:
        out = []
        for e in self._c.errors(instance):
            kw = e.schema_path[-1] if e.schema_path else e.keyword
            out.append((e.pointer, str(kw), e.message, list(e.extra)))
        return out


class Validators:
    """Compiled validators per schema object, memoised for one analysis (keyed by id, the schema kept alive)."""

    def __init__(self) -> None:
        self.cache: dict[tuple, tuple] = {}

    def get(self, schema: Any, formats: bool) -> tuple[Any, str | None]:
        key = (id(schema), formats)
        hit = self.cache.get(key)
        if hit is not None and hit[0] is schema:
            return hit[1], hit[2]
        from ..schemaval import SchemaCompileError, compile_schema

        try:
            v: Any = _FormatValidator(schema) if formats else _Annotating(compile_schema(schema))
            err = None
        except SchemaCompileError as e:
            v, err = None, str(e)
        except Exception as e:  # noqa: BLE001 - a hostile schema must never crash the run
            v, err = None, f"{type(e).__name__}: {e}"
        self.cache[key] = (schema, v, err)
        return v, err


# ------------------------------------------------------------------------------------------------ search

def find_witness(ch: Change, root_a: Any, root_b: Any, validators: Validators, arguments: bool,
                 a_name: str = "old", b_name: str = "new") -> tuple[Witness | None, str | None]:
    """(witness, None) or (None, why there is none)."""
    if ch.no_witness:
        return None, ch.no_witness
    va, err = validators.get(root_a, formats=True)
    if va is None:
        return None, f"the {a_name} schema does not compile ({err})"
    vb, err = validators.get(root_b, formats=ch.kind == "format-changed")
    if vb is None:
        return None, f"the {b_name} schema does not compile ({err})"
    wanted = ch.attribution
    # a newly required property: B's `required` error must be about that property, not another one that the
    # same change set made required (each witness witnesses its own change)
    required_name = ch.label_path[-1][1] if ch.kind == "now-required" and ch.label_path else None

    def ours(ptr: str, kw: str, extra: list) -> bool:
        for want_ptr, kws in wanted:
            if ptr == want_ptr and (kws is None or kw in kws):
                return not (kw == "required" and required_name is not None and extra
                            and required_name not in extra)
        return False

    def test(instance: Any) -> str | None:
        if arguments and not isinstance(instance, dict):
            return None
        if not va.is_valid(instance) or vb.is_valid(instance):
            return None
        for ptr, kw, msg, extra in vb.errors(instance):
            if ours(ptr, kw, extra):
                return msg if len(msg) <= 200 else msg[:199] + "…"
        return None

    seen: set = set()
    for v in candidates(ch, root_a):
        try:
            key = canon(v)
        except Exception:  # noqa: BLE001
            continue
        if key in seen:
            continue
        seen.add(key)
        if len(seen) > MAX_CANDIDATES:
            break
        instance = embed(root_a, ch.path, v)
        msg = test(instance)
        if msg is not None:
            instance = _only_this_change(instance, root_b, va, vb, ours)
            return Witness(instance, test(instance) or msg), None
    return None, f"no value accepted by the {a_name} schema and rejected by the {b_name} one was found"


def _only_this_change(instance: Any, root_b: Any, va, vb, ours, rounds: int = 8) -> Any:
    """The witness, with what *other* changes made B require filled in (a property another change made
    required), so that B rejects it for this change alone. A fill that A refuses, or that loses B's error for
    this change, is not kept; what cannot be filled stays (the witness is still verified for this change)."""
    import copy

    from ..model.pointer import split_pointer

    cur = instance
    for _ in range(rounds):
        errs = vb.errors(cur)
        other = [(p, extra) for p, kw, _m, extra in errs if kw == "required" and extra and not ours(p, kw, extra)]
        if not other or len(other) == len(errs):
            return cur
        ptr, extra = other[0]
        cand = copy.deepcopy(cur)
        node, sub = cand, root_b
        try:
            for tok in split_pointer(ptr):
                node = node[int(tok)] if isinstance(node, list) else node[tok]
                sub = _child_schema(sub, tok, root_b)
        except (KeyError, IndexError, ValueError, TypeError):
            return cur
        if not isinstance(node, dict):
            return cur
        props = _dict(sub, root_b).get("properties")
        node[extra[0]] = example(props.get(extra[0], True) if isinstance(props, dict) else True, root_b)
        if not va.is_valid(cand) or not any(ours(p, kw, x) for p, kw, _m, x in vb.errors(cand)):
            return cur
        cur = cand
    return cur


def _child_schema(schema: Any, tok: str, root: Any) -> Any:
    v = _dict(schema, root)
    if tok.isdigit() and "items" in v:
        return v["items"] if not isinstance(v["items"], list) else True
    props = v.get("properties")
    if isinstance(props, dict) and tok in props:
        return props[tok]
    ap = v.get("additionalProperties", True)
    return ap if isinstance(ap, (dict, bool)) else True


# ------------------------------------------------------------------------------------------------ candidates

def candidates(ch: Change, root: Any):
    """Values to place at ``ch.path``, the most telling first: those the kind of change suggests (its ``spec``),
    then the values the old schema describes."""
    node = ch.node_a if ch.node_a is not None else True
    v = _dict(node, root)
    spec = ch.spec
    make = _CANDIDATES.get(spec[0] if spec else "any")
    if make is not None:
        yield from make(spec, v, root)
    yield from pool(v, root)


def _typed(spec: tuple, v: dict, root: Any):
    for t in spec[1]:
        yield from typed_values(t, v, root)


def _listed(spec: tuple, v: dict, root: Any):
    yield from spec[1]


def _not_in(spec: tuple, v: dict, root: Any):
    for x in pool(v, root):
        if canon(x) not in spec[1]:
            yield x
    for x in ("x", "other", "", 0, -1, 12345, 0.5, True, False, None):
        if canon(x) not in spec[1]:
            yield x


def _numeric(spec: tuple, v: dict, root: Any):
    yield from _numbers(*spec[1:])


def _multiple(spec: tuple, v: dict, root: Any):
    yield from _multiples(spec[1], spec[2])


def _lengths(spec: tuple, v: dict, root: Any):
    _, group, upper, xa, xb = spec
    ns = [xb + 1, xa if xa is not None else xb + 2] if upper else [xa or 0, xb - 1]
    for n in ns:
        if n is not None and 0 <= n <= MAX_LENGTH:
            yield from _of_length(group, n, v, root)


def _unique(spec: tuple, v: dict, root: Any):
    items = v.get("items", True)
    x = example(items, root)
    n = max(2, _int(v.get("minItems")) or 0)
    if n <= MAX_LENGTH:
        yield [x] * n


def _strings(spec: tuple, v: dict, root: Any):
    if spec[0] == "format" and isinstance(spec[1], str) and spec[1] in FORMAT_SAMPLES:
        yield FORMAT_SAMPLES[spec[1]]
    if isinstance(v.get("pattern"), str):
        yield from regex_samples(v["pattern"])
    yield example_string(v)
    yield from _declared_strings(v)
    mn = _int(v.get("minLength")) or 0
    for p in PROBES + tuple(FORMAT_SAMPLES.values()):
        yield p + "x" * max(0, mn - len(p)) if mn <= MAX_LENGTH else p


def _object_with(spec: tuple, v: dict, root: Any):
    base = minimal_object(v, root, skip=spec[1])
    for x in [example(spec[2], root)] + pool(_dict(spec[2], root), root)[:8]:
        yield {**base, spec[1]: x}


def _object_without(spec: tuple, v: dict, root: Any):
    yield minimal_object(v, root, skip=spec[1])
    props = v.get("properties") if isinstance(v.get("properties"), dict) else {}
    yield {k: example(s, root) for k, s in props.items() if k != spec[1]}


def _object_extra(spec: tuple, v: dict, root: Any):
    base = minimal_object(v, root)
    for x in (example(spec[2], root), "x", 0, True, None, {}, []):
        yield {**base, spec[1]: x}


# the kind of a change (``Change.spec[0]``) -> the candidates it suggests, before the schema's own values
_CANDIDATES = {
    "types": _typed, "values": _listed, "not-in": _not_in, "num": _numeric, "multiple": _multiple,
    "length": _lengths, "unique": _unique, "pattern": _strings, "format": _strings, "object-with": _object_with,
    "object-without": _object_without, "object-extra": _object_extra,
}


def _dict(node: Any, root: Any) -> dict:
    node = deref(node, root)
    if isinstance(node, dict):
        return view(node)[0]
    return {}


def _int(x: Any) -> int | None:
    if is_num(x) and float(x).is_integer() and x >= 0:
        return int(x)
    return None


def _norm(x: float) -> Any:
    if isinstance(x, float) and x.is_integer() and abs(x) < 2**53:
        return int(x)
    return x


def _numbers(upper: bool, old, new, integer: bool):
    b = new.value
    if not upper:
        xs = ([b] if new.exclusive else []) + [b - 1, b - 0.5, b - 0.001]
        if old is not None:
            a = old.value
            xs += [a, a + 1, a + 0.5, (a + b) / 2]
        else:
            xs += [b - 10, b - 100, 0, -1, b - 1e6]
    else:
        xs = ([b] if new.exclusive else []) + [b + 1, b + 0.5, b + 0.001]
        if old is not None:
            a = old.value
            xs += [a, a - 1, a - 0.5, (a + b) / 2]
        else:
            xs += [b + 10, b + 100, 0, 1, b + 1e6]
    for x in xs:
        if not is_num(x):
            continue
        if integer:
            if float(x).is_integer():
                yield int(x)
        else:
            yield _norm(x)


def _multiples(xa, xb):
    xs: list[Any] = []
    if xa is not None:
        xs += [xa, 2 * xa, 3 * xa, 5 * xa, 7 * xa]
    xs += [1, 2, 3, 5, 7, 11, 0.5, 1.5]
    if xb is not None:
        xs += [xb / 2, xb + 1, xb * 1.5]
    for x in xs:
        if is_num(x):
            yield _norm(x)


def _of_length(group: str, n: int, v: dict, root: Any):
    if group == "string":
        base = example_string(v)
        for ch in ("a", "x", "0", "A"):
            yield ch * n
        if base:
            yield (base * (n // len(base) + 1))[:n]
        if isinstance(v.get("pattern"), str):
            yield from (t for t in regex_samples(v["pattern"], 16) if len(t) == n)
    elif group == "array":
        items = v.get("items", True)
        if v.get("uniqueItems") is True:
            yield variants(items, root, n)
        else:
            yield [example(items, root)] * n
            yield variants(items, root, n)
    elif group == "object":
        obj = minimal_object(v, root)
        props = v.get("properties") if isinstance(v.get("properties"), dict) else {}
        trimmed = dict(list(obj.items())[:n])
        yield trimmed
        for k, s in props.items():
            if len(obj) >= n:
                break
            if k not in obj:
                obj[k] = example(s, root)
        i = 0
        while len(obj) < n and v.get("additionalProperties", True) is not False and i < n + 1:
            i += 1
            obj.setdefault(f"p{i}", example(v.get("additionalProperties", True), root))
        yield obj


def _declared_strings(v: dict) -> list[str]:
    out = []
    for k in ("default", "examples", "example", "enum", "const"):
        x = v.get(k)
        for y in (x if isinstance(x, list) else [x]):
            if isinstance(y, str):
                out.append(y)
    return out


# ------------------------------------------------------------------------------------------------ examples

def deref(s: Any, root: Any, hops: int = 16) -> Any:
    """Follow local `$ref`s (``#/...``) from ``root``, at most ``hops`` of them; anything else is left as is."""
    from ..model.pointer import split_pointer

    while hops > 0 and isinstance(s, dict) and isinstance(s.get("$ref"), str) and s["$ref"].startswith("#"):
        hops -= 1
        ref = s["$ref"][1:]
        cur: Any = root
        for tok in split_pointer(ref) if ref else []:
            if isinstance(cur, dict) and tok in cur:
                cur = cur[tok]
            elif isinstance(cur, list) and tok.isdigit() and int(tok) < len(cur):
                cur = cur[int(tok)]
            else:
                return s
        s = cur
    return s


def _pattern_ok(pattern: str, text: str, cache: dict = {}) -> bool:  # noqa: B006 - a deliberate module memo
    v = cache.get(pattern)
    if v is None:
        if len(cache) > 512:
            cache.clear()
        try:
            from ..schemaval import compile_schema

            v = compile_schema({"type": "string", "pattern": pattern})
        except Exception:  # noqa: BLE001 - a pattern the engine cannot compile
            v = False
        cache[pattern] = v
    return bool(v) and v.is_valid(text)


def example_string(v: dict) -> str:
    fmt = v.get("format")
    base = FORMAT_SAMPLES.get(fmt, "x") if isinstance(fmt, str) else "x"
    mn = _int(v.get("minLength")) or 0
    mx = _int(v.get("maxLength"))
    mn = min(mn, MAX_LENGTH)
    pattern = v.get("pattern") if isinstance(v.get("pattern"), str) else None

    def fit(c: str) -> str:
        if len(c) < mn:
            c = c + "x" * (mn - len(c))
        if mx is not None and len(c) > mx:
            c = c[:mx]
        return c

    if pattern is None:
        return fit(base)
    for c in (base, *_declared_strings(v), *PROBES, *FORMAT_SAMPLES.values()):
        c = fit(c)
        if _pattern_ok(pattern, c):
            return c
    for c in regex_samples(pattern):
        if _pattern_ok(pattern, c) and len(c) >= mn and (mx is None or len(c) <= mx):
            return c
    return fit(base)


def _bounds(v: dict, integer: bool) -> tuple[Bound | None, Bound | None]:
    lo = numeric_bound(v, False, integer)
    hi = numeric_bound(v, True, integer)
    return (lo if isinstance(lo, Bound) else None), (hi if isinstance(hi, Bound) else None)


def example_number(v: dict, integer: bool) -> Any:
    lo, hi = _bounds(v, integer)
    x: float = 0
    if lo is not None and (x < lo.value or (x == lo.value and lo.exclusive)):
        step = 1 if hi is None else max(min(1, (hi.value - lo.value) / 2), 0)
        x = lo.value + (step if lo.exclusive else 0)
    if hi is not None and (x > hi.value or (x == hi.value and hi.exclusive)):
        x = hi.value - (1 if hi.exclusive else 0)
    m = v.get("multipleOf")
    if is_num(m) and m > 0:
        try:
            k = math.ceil(x / m) * m
            if hi is None or k <= hi.value:
                x = k
        except (OverflowError, ValueError):
            pass
    if integer:
        try:
            return int(math.ceil(x))
        except (OverflowError, ValueError):
            return 0
    return _norm(float(x)) if isinstance(x, float) else x


def typed_values(t: str, v: dict, root: Any) -> list:
    if t == "string":
        return [example_string(v), "x", "", "a", "abc", "A", "0", *_declared_strings(v)]
    if t in ("integer", "number"):
        integer = t == "integer"
        lo, hi = _bounds(v, integer)
        xs: list[Any] = [] if integer else [0.5, 1.5, -0.5, 2.5]
        xs += [example_number(v, integer), 0, 1, -1, 2, 10, 100]
        for b, d in ((lo, 1), (hi, -1)):
            if b is not None:
                xs += [b.value, b.value + d] + ([] if integer else [b.value + d * 0.5])
        m = v.get("multipleOf")
        if is_num(m):
            xs += [m, 2 * m]
        out = []
        for x in xs:
            if not is_num(x):
                continue
            if integer:
                if float(x).is_integer():
                    out.append(int(x))
            else:
                out.append(x)
        return out
    if t == "boolean":
        return [False, True]
    if t == "null":
        return [None]
    if t == "array":
        items = v.get("items", True)
        return [_of_type("array", v, root, 0), [], [example(items, root)]]
    if t == "object":
        return [minimal_object(v, root), {}]
    return []


def pool(v: dict, root: Any) -> list:
    """A few diverse values, roughly valid under ``v``."""
    out: list = []
    for k in ("const",):
        if k in v:
            out.append(v[k])
    en = v.get("enum")
    if isinstance(en, list):
        out += en[:10]
    for k in ("default", "example"):
        if k in v:
            out.append(v[k])
    if isinstance(v.get("examples"), list):
        out += v["examples"][:5]
    ts = type_set(v) or ANY
    order = [t for t in ("object", "string", "integer", "number", "boolean", "array", "null") if t in ts]
    if ts == ANY:
        order = ["string", "integer", "number", "boolean", "null", "object", "array"]
    for t in order:
        out += typed_values(t, v, root)
    return out


def variants(items: Any, root: Any, n: int) -> list:
    vals: list = []
    seen: set = set()
    for x in [example(items, root)] + pool(_dict(items, root), root):
        try:
            k = canon(x)
        except Exception:  # noqa: BLE001
            continue
        if k not in seen:
            seen.add(k)
            vals.append(x)
        if len(vals) >= n:
            break
    i = 0
    while len(vals) < n:
        i += 1
        vals.append(i if i % 2 else f"x{i}")
    return vals[:n]


def example(s: Any, root: Any, want: str | None = None, depth: int = 0) -> Any:
    """A minimal value valid under ``s`` (best effort; every witness is verified anyway)."""
    if depth > 24:
        return None
    s = deref(s, root)
    if s is True or s is None:
        return _plain(want)
    if s is False or not isinstance(s, dict):
        return None
    v, _ = view(s)
    if "const" in v:
        return v["const"]
    en = v.get("enum")
    if isinstance(en, list) and en:
        return en[0]
    ts = type_set(v) or ANY
    t = _pick(ts, v, want)
    if t is None:
        for key in ("allOf", "anyOf", "oneOf"):
            br = v.get(key)
            if isinstance(br, list) and br:
                return example(br[0], root, want, depth + 1)
        t = want or "string"
    return _of_type(t, v, root, depth)


def _plain(want: str | None) -> Any:
    return {"string": "x", "integer": 0, "number": 0.5, "boolean": False, "null": None, "array": [],
            "object": {}}.get(want or "string", "x")


def _pick(ts: frozenset, v: dict, want: str | None) -> str | None:
    if want and covered(want, ts):
        return want
    if ts == ANY:
        if any(k in v for k in ("properties", "required", "additionalProperties", "minProperties")):
            return "object"
        if any(k in v for k in ("items", "minItems", "maxItems", "uniqueItems")):
            return "array"
        if any(k in v for k in STRING_KW):
            return "string"
        if any(k in v for k in NUMBER_KW):
            return "number"
        return None
    for t in ("object", "string", "integer", "number", "boolean", "array", "null"):
        if t in ts:
            return t
    return None


def _of_type(t: str, v: dict, root: Any, depth: int) -> Any:
    if t == "string":
        return example_string(v)
    if t in ("integer", "number"):
        return example_number(v, t == "integer")
    if t == "boolean":
        return False
    if t == "null":
        return None
    if t == "array":
        items = v.get("items", True)
        if isinstance(items, list):
            return [example(x, root, None, depth + 1) for x in items]
        n = min(_int(v.get("minItems")) or 0, MAX_LENGTH)
        if n == 0:
            return []
        if v.get("uniqueItems") is True:
            return variants(items, root, n)
        return [example(items, root, None, depth + 1)] * n
    if t == "object":
        return minimal_object(v, root, depth=depth)
    return None


def minimal_object(v: dict, root: Any, skip: str | None = None, depth: int = 0) -> dict:
    props = v.get("properties") if isinstance(v.get("properties"), dict) else {}
    req = v.get("required") if isinstance(v.get("required"), list) else []
    ap = v.get("additionalProperties", True)
    obj: dict = {}
    for r in req:
        if isinstance(r, str) and r != skip and r not in obj:
            sub = props.get(r, ap if isinstance(ap, (dict, bool)) else True)
            obj[r] = example(sub, root, None, depth + 1)
    mp = _int(v.get("minProperties")) or 0
    for name, sub in props.items():
        if len(obj) >= mp:
            break
        if name not in obj and name != skip:
            obj[name] = example(sub, root, None, depth + 1)
    return obj


def embed(root: Any, path: tuple, value: Any) -> Any:
    """A minimal instance of ``root`` with ``value`` at ``path``."""

    def build(s: Any, i: int) -> Any:
        if i >= len(path):
            return value
        v = _dict(s, root)
        step = path[i]
        if step[0] in ("prop", "extra"):
            name = step[1]
            obj = minimal_object(v, root, skip=name)
            props = v.get("properties") if isinstance(v.get("properties"), dict) else {}
            if step[0] == "prop" and name in props:
                sub = props[name]
            else:
                ap = v.get("additionalProperties", True)
                sub = ap if isinstance(ap, dict) else True
            obj[name] = build(sub, i + 1)
            return obj
        items = v.get("items", True)
        if isinstance(items, list):
            items = True
        first = build(items, i + 1)
        n = max(1, min(_int(v.get("minItems")) or 0, MAX_LENGTH))
        rest = variants(items, root, n)[1:] if v.get("uniqueItems") is True else [example(items, root)] * (n - 1)
        return [first] + rest

    return build(root, 0)
