"""From two contract sets to TC8 findings: match tools, find renames, compare, prove, apply the version rule.

The analysis runs once per run and group (:class:`toolcheck.rules.tc8_compat.index.CompatIndex`); the engine
stamps each hit under its own code, so every code can be selected, ignored or re-graded on its own. The old side arrives through
``ctx.settings.command_options["diff"]`` (a :class:`DiffInput`, built by :mod:`toolcheck.diffing`); the
contracts the engine hands to the rules are the new side.

* Matching: by (source, name); then by (source without its commit or version pin, name), so a corpus file
  re-published at another commit still matches; then by name when it is unique on both sides.
* Renames: among the tools only OLD has and those only NEW has, a pair with the same parameter schema (titles,
  descriptions and examples aside) and similar descriptions (``difflib`` ratio >= ``min-similarity``; 0.85 at
  least for schemas without properties, where "same schema" says little) is a rename, reported once (TC802)
  and then compared like any other pair.
* Findings sit on the new contract (a pointer into NEW); a removed tool sits on the file that held it (its
  `tools:` list, or line 1), or on the path of a deleted file. ``related`` says where the thing was in OLD.
"""

from __future__ import annotations

import difflib
import json
import os
import re
from dataclasses import dataclass, field
from typing import Any

from ..contract import Contract, SourceFile
from ..model.findings import Hit
from ..model.pointer import escape_pointer_token
from .schemadiff import (
    NARROW,
    NEUTRAL,
    UNKNOWN,
    WIDE,
    Change,
    Differ,
    TooDeep,
    canon,
    label,
    short,
    strip_annotations,
)
from .witness import Validators, example, find_witness

RISK_ORDER = {"read_only": 0, "write_limited": 1, "destructive": 2}
# loader findings that mean a file's tools could not be read at all
UNREADABLE = frozenset({"TC001", "TC004", "TC005", "TC006", "TC010", "TC011"})

BREAKING = ("TC801", "TC802", "TC803", "TC804", "TC805", "TC806", "TC807", "TC808", "TC809", "TC810", "TC811",
            "TC812")
# breaking-looking changes no witness proves (one code, one severity: the former warning cases of TC803-TC811):
# a property removed from an open object (TC813), a format validators do not know (TC815), any other narrowing
# whose witness search failed (TC814); counted as breaking only with TC840's `unknown-as-breaking`
UNPROVEN = ("TC813", "TC814", "TC815")
COMPATIBLE = ("TC820", "TC821", "TC822", "TC823", "TC824", "TC825", "TC826", "TC827")
UNKNOWN_CODE = "TC830"
VERSION_CODES = ("TC840", "TC841")

PARAM_CODES = {
    "property-removed": "TC803", "now-required": "TC804", "type-narrowed": "TC805", "enum-narrowed": "TC806",
    "bound-tightened": "TC807", "pattern-changed": "TC808", "format-changed": "TC809",
    "additional-closed": "TC810", "property-added": "TC821", "enum-value-added": "TC822",
    "bound-loosened": "TC823", "relaxed": "TC825", "description-changed": "TC824", "unknown": "TC830",
}

HELP = {
    "TC801": "Keep the tool (say it is deprecated in its description) until no caller uses it, or bump the major "
             "version; if it was renamed, keep its schema and description so the rename is recognised.",
    "TC802": "Keep the old name as an alias until callers move, or bump the major version and update them.",
    "TC803": "Keep accepting the parameter (deprecated in its description) until callers stop sending it, or bump "
             "the major version.",
    "TC804": "Make it optional (the handler picks a default), or bump the major version and update every caller.",
    "TC805": "Keep accepting the old type(s), or bump the major version.",
    "TC806": "Keep accepting the old value(s) (map them in the handler), or bump the major version.",
    "TC807": "Keep the old bound, or bump the major version and tell callers.",
    "TC808": "Make sure every value the old contract accepted still matches, or bump the major version.",
    "TC809": "Keep accepting the old values (hosts that assert `format` reject the rest), or bump the major version.",
    "TC810": "Keep additional properties allowed until callers are updated, or bump the major version.",
    "TC811": "Keep results within what the old `returns` allowed (add new shapes under new fields or a new tool), "
             "or bump the major version so readers are updated.",
    "TC812": "Keep this tool at its old risk level and add a new tool for the riskier behaviour, or bump the major "
             "version and review the hosts' confirmation policy.",
    "TC820": "Nothing breaks; bump the minor version of the set, and check the new tool does not overlap another.",
    "TC821": "Nothing breaks; bump the minor version.",
    "TC822": "Nothing breaks for callers; bump the minor version (handlers must accept the new value).",
    "TC823": "Nothing breaks for callers; bump the minor version (handlers must accept the wider range).",
    "TC824": "Check that models still pick this tool (and fill this field) as intended; bump the patch version.",
    "TC825": "Nothing breaks for callers; bump the minor version (handlers must cope with what is now allowed).",
    "TC826": "Nothing breaks for callers; check the hosts' confirmation policy still fits, and bump the version.",
    "TC827": "Nothing breaks for readers of the result; bump the minor version.",
    "TC830": "Review this change by hand (or simplify the schema so it can be compared); bump the major version if "
             "it rejects arguments that used to be valid.",
}


@dataclass
class DiffInput:
    """The old side of a diff, handed to the TC8 rules through ``Settings.command_options["diff"]``."""

    old_contracts: list[Contract]
    counterparts: dict[str, tuple[str, str]]  # old file abspath -> (new display path, new abspath)
    label: str  # what OLD is called (a git ref or the OLD path)
    not_compared: set[str] = field(default_factory=set)  # new abspaths whose old version could not be read


def analyse(contracts: list[Contract], ctx) -> dict[str, list[Hit]]:
    """Code -> hits of the comparison of the old side (``ctx.settings.command_options["diff"]``) with the
    reported ``contracts`` (the new side); nothing without a :class:`DiffInput`. ``ctx``: the run (a
    :class:`toolcheck.rules.base.RunView`)."""
    opts = ctx.settings.command_options
    din = opts.get("diff") if isinstance(opts, dict) else None
    if not isinstance(din, DiffInput):
        return {}
    a = _Analysis(din, ctx)
    a.run([c for c in contracts if c.file.reported])
    return a.out


def source_base(source: Any) -> Any:
    """The source without its commit or version pin (`owner/repo@<sha>:path` -> `owner/repo:path`)."""
    if not isinstance(source, str):
        return source
    s = re.sub(r"@sha256:[0-9a-fA-F]+", "", source)
    s = re.sub(r"@[0-9a-fA-F]{7,64}(?=:|$)", "", s)
    return re.sub(r"==[^@:]+", "", s)


# ------------------------------------------------------------------------------------------------ semver

_SEMVER = re.compile(r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$")


def parse_version(v: Any) -> tuple[int, int, int, tuple] | None:
    if not isinstance(v, str):
        return None
    m = _SEMVER.match(v.strip())
    if not m:
        return None
    pre = tuple(int(p) if p.isdigit() else p for p in m.group(4).split(".")) if m.group(4) else ()
    return int(m.group(1)), int(m.group(2)), int(m.group(3)), pre


def _pre_key(pre: tuple) -> tuple:
    # no prerelease sorts after any prerelease; numeric identifiers sort before alphanumeric ones
    if not pre:
        return (1,)
    return (0, tuple((0, p, "") if isinstance(p, int) else (1, 0, p) for p in pre))


def bump_kind(old: tuple, new: tuple) -> str:
    """major | minor | patch | prerelease | none | lower."""
    ko, kn = (old[:3], _pre_key(old[3])), (new[:3], _pre_key(new[3]))
    if kn < ko:
        return "lower"
    if kn == ko:
        return "none"
    if new[0] > old[0]:
        return "major"
    if new[1] > old[1]:
        return "minor"
    if new[2] > old[2]:
        return "patch"
    return "prerelease"


def _fmt(v: tuple) -> str:
    return f"{v[0]}.{v[1]}.{v[2]}"


# ------------------------------------------------------------------------------------------------ analysis

class _Analysis:
    def __init__(self, din: DiffInput, ctx) -> None:
        self.din = din
        self.ctx = ctx
        self.out: dict[str, list[Hit]] = {}
        self.validators = Validators()
        self.new_files: dict[str, SourceFile] = {}

    def emit(self, code: str, h: Hit) -> None:
        h.code = code
        self.out.setdefault(code, []).append(h)

    def run(self, new_all: list[Contract]) -> None:
        for c in new_all:
            self.new_files.setdefault(c.file.abspath, c.file)
        old = [c for c in self.din.old_contracts if c.name]
        new = [c for c in new_all if c.name]
        pairs, removed, added = self.match(old, new)
        renames = self.renames(removed, added)
        for o, n in renames:
            removed.remove(o)
            added.remove(n)
        for o, n in pairs:
            self.compare(o, n, renamed=False)
        for o, n in renames:
            self.compare(o, n, renamed=True)
        for o in removed:
            self.removed(o)
        for n in added:
            if n.file.abspath in self.din.not_compared:
                continue  # its file's old version could not be read: "added" would be a guess
            h = Hit("/name", f"tool `{n.name}` was added", HELP["TC820"], data={"class": "compatible"})
            h.subject = n
            self.emit("TC820", h)

    # -- matching
    @staticmethod
    def match(old: list[Contract], new: list[Contract]):
        pairs: list[tuple[Contract, Contract]] = []
        rest_old, rest_new = list(old), list(new)
        for keyfn in (lambda c: (c.metadata.get("source"), c.name),
                      lambda c: (source_base(c.metadata.get("source")), c.name)):
            idx: dict[Any, list[Contract]] = {}
            for c in rest_new:
                idx.setdefault(keyfn(c), []).append(c)
            keep_old = []
            for o in rest_old:
                lst = idx.get(keyfn(o))
                if lst:
                    pairs.append((o, lst.pop(0)))
                else:
                    keep_old.append(o)
            taken = {id(n) for _, n in pairs}
            rest_old, rest_new = keep_old, [c for c in rest_new if id(c) not in taken]
        by_old: dict[str, list[Contract]] = {}
        by_new: dict[str, list[Contract]] = {}
        for c in rest_old:
            by_old.setdefault(c.name, []).append(c)
        for c in rest_new:
            by_new.setdefault(c.name, []).append(c)
        for name, lst in by_old.items():
            if len(lst) == 1 and len(by_new.get(name, ())) == 1:
                pairs.append((lst[0], by_new[name][0]))
        taken_old = {id(o) for o, _ in pairs}
        taken_new = {id(n) for _, n in pairs}
        return (pairs, [c for c in rest_old if id(c) not in taken_old],
                [c for c in rest_new if id(c) not in taken_new])

    def renames(self, removed: list[Contract], added: list[Contract]) -> list[tuple[Contract, Contract]]:
        if not removed or not added:
            return []
        threshold = self.ctx.options("TC802").get("min-similarity", 0.6)
        if not isinstance(threshold, (int, float)) or isinstance(threshold, bool):
            threshold = 0.6
        groups: dict[Any, list[tuple[int, Contract]]] = {}
        for j, n in enumerate(added):
            k = self._shape(n)
            if k is not None:
                groups.setdefault(k, []).append((j, n))
        cands = []
        budget = 20_000
        for i, o in enumerate(removed):
            k = self._shape(o)
            if k is None:
                continue
            need = threshold if _has_properties(o.parameters) else max(threshold, 0.85)
            for j, n in groups.get(k, ()):
                budget -= 1
                if budget < 0:
                    break
                s = _similarity(o.description, n.description, need)
                if s >= need:
                    cands.append((-s, i, j, o, n))
        cands.sort(key=lambda t: (t[0], t[1], t[2]))
        used_o: set[int] = set()
        used_n: set[int] = set()
        out = []
        for _, i, j, o, n in cands:
            if i in used_o or j in used_n:
                continue
            used_o.add(i)
            used_n.add(j)
            out.append((o, n))
        return out

    @staticmethod
    def _shape(c: Contract) -> Any:
        p = c.parameters
        if not isinstance(p, (dict, bool)):
            return None
        try:
            return (source_base(c.metadata.get("source")), canon(strip_annotations(p)))
        except (TooDeep, RecursionError):
            return None

    # -- helpers
    def related(self, o: Contract, rel: str) -> dict[str, Any]:
        ptr = o.pointer + rel
        line, col = o.file.locate(ptr)
        return {"file": o.file.path, "line": line, "column": col, "pointer": ptr, "tool": o.name, "role": "old"}

    def call_witness(self, o: Contract) -> dict[str, Any]:
        """A call to the old tool with arguments its schema accepts (checked), which now names no tool."""
        p = o.parameters
        args: Any = {}
        if isinstance(p, (dict, bool)):
            try:
                args = example(p, p, "object")
            except (TooDeep, RecursionError):
                args = {}
        args = args if isinstance(args, dict) else {}
        out: dict[str, Any] = {"call": {"name": o.name, "arguments": args}, "new": f"no tool named `{o.name}`"}
        v, _ = self.validators.get(p, formats=True) if isinstance(p, (dict, bool)) else (None, None)
        if v is not None and v.is_valid(args):
            out["accepted_by"] = "old"
        return out

    # -- removed tools
    def removed(self, o: Contract) -> None:
        place = self.place_removed(o)
        if place is None:
            return
        holder, ptr = place
        h = Hit(ptr, f"tool `{o.name}` was removed; calls to it now fail as calls to an unknown tool", HELP["TC801"],
                data={"class": "breaking", "witness": self.call_witness(o)})
        h.subject = holder
        h.related = [self.related(o, "")]
        self.emit("TC801", h)

    def place_removed(self, o: Contract) -> tuple[Contract, str] | None:
        display, abspath = self.din.counterparts.get(o.file.abspath, (o.file.path, ""))
        sf = self.new_files.get(abspath)
        if sf is None:
            if abspath and os.path.isfile(abspath):
                from ..loading import load_file

                lf = load_file(abspath, display, self.ctx.settings.limits, input_format=self.ctx.settings.input_format)
                if any(h.code in UNREADABLE for h in lf.hits):
                    return None  # the new file cannot be read: TC0 says so; what it holds is unknown
                sf = lf.file
            else:
                from ..loading import file_kind

                sf = SourceFile(path=display, abspath=abspath or display, kind=file_kind(display) or "yaml")
        ptr = ""
        doc = sf.documents[0] if sf.documents else None
        if isinstance(doc, dict) and isinstance(doc.get("tools"), list) and o.pointer.startswith("/tools/"):
            ptr = "/tools"
        holder = Contract(data=o.data, file=sf, pointer="", index=o.index, metadata=dict(o.metadata), format=o.format)
        return holder, ptr

    # -- one matched pair
    def compare(self, o: Contract, n: Contract, renamed: bool) -> None:
        hits: list[tuple[str, Hit, str]] = []  # (code, hit, class)
        try:
            if not renamed and _same(o.data, n.data):
                return
            self._compare(o, n, renamed, hits)
        except (TooDeep, RecursionError):
            h = Hit("", "contract nested too deeply (or cyclic) to compare", HELP["TC830"], data={"class": "unknown"})
            hits.append((UNKNOWN_CODE, h, "unknown"))
        self.version(o, n, hits)
        for code, h, _ in hits:
            h.subject = n
            if h.related is None:
                h.related = [self.related(o, "")]
            self.emit(code, h)

    def _compare(self, o: Contract, n: Contract, renamed: bool, hits: list) -> None:
        if renamed:
            h = Hit("/name", f"tool `{o.name}` was renamed to `{n.name}`; calls to `{o.name}` now fail as calls to "
                             "an unknown tool", HELP["TC802"],
                    data={"class": "breaking", "old": o.name, "new": n.name, "witness": self.call_witness(o)})
            h.related = [self.related(o, "/name")]
            hits.append(("TC802", h, "breaking"))
        for key in ("description", "title"):
            x, y = o.data.get(key), n.data.get(key)
            if x == y or not all(v is None or isinstance(v, str) for v in (x, y)):
                continue
            verb = "added" if x is None else "removed" if y is None else "changed"
            h = Hit(f"/{key}" if key in n.data else "", f"tool {key} {verb}", HELP["TC824"],
                    data={"class": "compatible", "old": x, "new": y})
            h.related = [self.related(o, f"/{key}" if key in o.data else "")]
            hits.append(("TC824", h, "compatible"))
        ro, rn = o.risk, n.risk
        if ro in RISK_ORDER and rn in RISK_ORDER and ro != rn:
            ptr = "/risk" if "risk" in n.data else "/annotations" if "annotations" in n.data else ""
            optr = "/risk" if "risk" in o.data else "/annotations" if "annotations" in o.data else ""
            if RISK_ORDER[rn] > RISK_ORDER[ro]:
                h = Hit(ptr, f"risk raised from `{ro}` to `{rn}`: hosts and callers that treat the tool as "
                             f"{ro.replace('_', '-')} now run it without the safeguards it needs", HELP["TC812"],
                        data={"class": "breaking", "old": ro, "new": rn})
                code, klass = "TC812", "breaking"
            else:
                h = Hit(ptr, f"risk lowered from `{ro}` to `{rn}`", HELP["TC826"],
                        data={"class": "compatible", "old": ro, "new": rn})
                code, klass = "TC826", "compatible"
            h.related = [self.related(o, optr)]
            hits.append((code, h, klass))
        self.schemas(o, n, "parameters", hits)
        self.schemas(o, n, "returns", hits)

    def schemas(self, o: Contract, n: Contract, which: str, hits: list) -> None:
        if which == "parameters":
            sa, sb, ka, kb = o.parameters, n.parameters, o.parameters_key, n.parameters_key
            if sa is None or sb is None:
                return  # a missing `parameters` is TC0's finding on that side
        else:
            sa, sb, ka, kb = o.returns, n.returns, o.returns_key, n.returns_key
            if sa is None and sb is None:
                return
            if sa is None:
                h = Hit("/" + escape_pointer_token(kb), "result schema declared (`returns` added)", HELP["TC827"],
                        data={"class": "compatible"})
                hits.append(("TC827", h, "compatible"))
                return
            if sb is None:
                self.returns_removed(o, n, sa, ka, hits)
                return
        if not isinstance(sa, (dict, bool)) or not isinstance(sb, (dict, bool)):
            if canon(sa) != canon(sb):
                h = Hit("/" + escape_pointer_token(kb), f"`{kb}` changed, and it is not a schema on both sides",
                        HELP["TC830"], data={"class": "unknown"})
                hits.append((UNKNOWN_CODE, h, "unknown"))
            return
        swapped = which == "returns"
        root_a, root_b = (sb, sa) if swapped else (sa, sb)
        pre_new, pre_old = "/" + escape_pointer_token(kb), "/" + escape_pointer_token(ka)
        for ch in Differ(root_a, root_b, swapped).run():
            if not swapped and ch.path == () and ch.spec and ch.spec[0] in ("types", "gained") \
                    and "object" not in ch.spec[1]:
                continue  # arguments are always an object: at the root, only whether objects pass matters
            ptr_new = pre_new + (ch.ptr_a if swapped else ch.ptr_b)
            ptr_old = pre_old + (ch.ptr_b if swapped else ch.ptr_a)
            code, klass, h = self.describe(ch, which, root_a, root_b)
            h.related = [self.related(o, ptr_old)]
            h.pointer = ptr_new
            hits.append((code, h, klass))

    def returns_removed(self, o: Contract, n: Contract, sa: Any, ka: str, hits: list) -> None:
        ch = Change("type-narrowed", NARROW, "removed", "", "", (), (), spec=("any",), attribution=(("", None),),
                    node_a={})
        w, reason = find_witness(ch, {}, sa, self.validators, arguments=False, a_name="new", b_name="old")
        if w is not None:
            msg = (f"result schema removed (`{ka}`): callers can no longer rely on the result's shape, e.g. "
                   f"{short(w.instance)} is now possible")
            data = {"class": "breaking", "witness": {"result": w.instance, "rejected_by": "old", "error": w.error}}
            hits.append(("TC811", Hit("", msg, HELP["TC811"], data=data), "breaking"))
        else:
            msg = f"result schema removed (`{ka}`); no witness: {reason}"
            data = {"class": "breaking", "witness": None, "reason": reason, "breaking_code": "TC811"}
            hits.append(("TC814", Hit("", msg, HELP["TC811"], data=data), "unverified"))

    def describe(self, ch: Change, which: str, root_a: Any, root_b: Any) -> tuple[str, str, Hit]:
        params = which == "parameters"
        lab = label(ch.label_path)
        if params:
            subject = f"parameter `{lab}`" if lab else "the arguments"
        else:
            subject = f"result field `{lab}`" if lab else "the result"
        first = ch.what.split(" ", 1)[0]
        text = f"{subject} {ch.what}" if first in ("removed", "added", "is") else f"{subject}: {ch.what}"
        if ch.direction == UNKNOWN:
            return UNKNOWN_CODE, "unknown", Hit("", text, HELP["TC830"], data={"class": "unknown"})
        if ch.direction == NEUTRAL:
            return "TC824", "compatible", Hit("", text, HELP["TC824"],
                                              data={"class": "compatible", "old": ch.old, "new": ch.new})
        if ch.direction == WIDE:
            code = PARAM_CODES[ch.kind] if params else "TC827"
            return code, "compatible", Hit("", text, HELP[code],
                                           data={"class": "compatible", "old": ch.old, "new": ch.new})
        assert ch.direction == NARROW
        if not params and ch.kind == "property-removed" and ch.no_witness:
            # a new result field where the old result allowed additional properties: readers ignore it
            return "TC827", "compatible", Hit("", text, HELP["TC827"], data={"class": "compatible"})
        code = PARAM_CODES[ch.kind] if params else "TC811"
        a_name, b_name = ("old", "new") if params else ("new", "old")
        w, reason = find_witness(ch, root_a, root_b, self.validators, arguments=params, a_name=a_name, b_name=b_name)
        data: dict[str, Any] = {"class": "breaking", "old": ch.old, "new": ch.new}
        if w is not None:
            key = "arguments" if params else "result"
            # the witness names the change it witnesses (one diff can hold several breaking changes)
            data["witness"] = {key: w.instance, "accepted_by": a_name, "rejected_by": b_name, "error": w.error,
                               "change": text}
            tail = (f"; arguments that were valid are now rejected, e.g. {short(w.instance, 100)}" if params else
                    f"; the tool may now return results the old contract ruled out, e.g. {short(w.instance, 100)}")
            return code, "breaking", Hit("", text + tail, HELP[code], data=data)
        data["witness"] = None
        data["reason"] = reason
        data["breaking_code"] = code  # the code it has once a witness proves it
        # its own code (one code, one severity); the help is the breaking change's: what to do is the same
        return unproven_code(ch), "unverified", Hit("", f"{text}; no witness: {reason}", HELP[code], data=data)

    # -- the version rule
    def version(self, o: Contract, n: Contract, hits: list) -> None:
        vo_raw, vn_raw = o.data.get("version"), n.data.get("version")
        vo, vn = parse_version(vo_raw), parse_version(vn_raw)
        if vo is None or vn is None:
            return
        counted = [(code, h, klass) for code, h, klass in hits if code in self.ctx.enabled]
        if not counted:
            return
        opts = self.ctx.options("TC840")
        unknown_breaks = opts.get("unknown-as-breaking") is True
        zero = opts.get("zero-major", "minor")
        breaking = [x for x in counted if x[2] == "breaking" or (unknown_breaks and x[2] in ("unknown", "unverified"))]
        bump = bump_kind(vo, vn)
        from ..rules import RULES

        def summary(items: list) -> str:
            names: list[str] = []
            for code, _, _ in items:
                s = f"{code} {RULES[code].name}" if code in RULES else code
                if s not in names:
                    names.append(s)
            return ", ".join(names[:4]) + (f" and {len(names) - 4} more" if len(names) > 4 else "")

        moved = (f"stays {vn_raw}" if bump == "none" else f"goes down from {vo_raw} to {vn_raw}" if bump == "lower"
                 else f"goes from {vo_raw} to {vn_raw}")
        related = [self.related(o, "/version")]
        major_next = f"{vo[0] + 1}.0.0"
        minor_next = f"{vo[0]}.{vo[1] + 1}.0"
        patch_next = f"{vo[0]}.{vo[1]}.{vo[2] + 1}"
        if breaking:
            ok = bump == "major"
            if vo[0] == 0 and zero == "minor" and bump == "minor":
                ok = True
            if vo[3] and bump == "prerelease" and vn[:3] == vo[:3]:
                ok = True  # changes within one prerelease series (2.0.0-rc.1 -> 2.0.0-rc.2 or 2.0.0)
            if ok:
                return
            if vo[0] == 0 and zero == "minor":
                need, helptext = "minor", (f"Bump the version to {minor_next} (below 1.0.0 a minor bump may break) "
                                           f"or {major_next}, or make the changes compatible.")
            else:
                need, helptext = "major", f"Bump the major version to {major_next}, or make the changes compatible."
            h = Hit("/version", f"{len(breaking)} breaking change(s) ({summary(breaking)}) but the version {moved}",
                    helptext, data={"old_version": vo_raw, "new_version": vn_raw, "required": need,
                                    "changes": sorted({c for c, _, _ in breaking})})
            h.related = related
            hits.append(("TC840", h, "version"))
            return
        if bump in ("none", "lower"):
            h = Hit("/version", f"the contract changed ({len(counted)} change(s): {summary(counted)}) but its version "
                                f"{moved}",
                    f"Bump the minor version ({minor_next}) for additions, or the patch version ({patch_next}) for "
                    "wording and fixes.",
                    data={"old_version": vo_raw, "new_version": vn_raw, "required": "patch",
                          "changes": sorted({c for c, _, _ in counted})})
            h.related = related
            hits.append(("TC841", h, "version"))


def unproven_code(ch: Change) -> str:
    """The code of a narrowing no witness proves (one code, one severity): a removed property that an open object
    still accepts (TC813) or a `format` validators do not know (TC815) -- the comparison shows no value is
    rejected -- and any other change whose witness was not found or whose schema does not compile (TC814)."""
    if ch.no_witness and ch.kind == "property-removed":
        return "TC813"
    if ch.no_witness and ch.kind == "format-changed":
        return "TC815"
    return "TC814"


def _same(x: Any, y: Any) -> bool:
    """Structural equality; the C JSON encoder answers most cases, canon() the rest (1 == 1.0, True != 1)."""
    try:
        if json.dumps(x, sort_keys=True) == json.dumps(y, sort_keys=True):
            return True
    except (TypeError, ValueError, RecursionError):
        pass
    return canon(x) == canon(y)


def _has_properties(p: Any) -> bool:
    return isinstance(p, dict) and isinstance(p.get("properties"), dict) and bool(p["properties"])


def _similarity(a: Any, b: Any, need: float) -> float:
    if not isinstance(a, str) or not isinstance(b, str) or not a.strip() or not b.strip():
        return 0.0
    a, b = " ".join(a.lower().split())[:1000], " ".join(b.lower().split())[:1000]
    if a == b:
        return 1.0
    sm = difflib.SequenceMatcher(None, a, b)
    if sm.real_quick_ratio() < need or sm.quick_ratio() < need:
        return 0.0
    return sm.ratio()
