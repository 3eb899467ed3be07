"""TC5's facts: what each detector found in the model-visible strings of every reported contract.

:class:`LeaksIndex` scans all the reported contracts of the run at once, the first time a TC5 rule asks for one
(:class:`Scanner`): every string is collected (:mod:`._walk`), all of them are joined and searched for cheap
hints (:func:`candidates`), and only the few strings with a hint go through the detectors of the enabled codes.
The detectors run in a fixed order on one string — secrets first, then hosts and connection strings, e-mail
addresses, stack traces, paths, SQL, environment variables, exception names — and each match owns its span:
one problem in a string is reported once, by the first detector that claims it. ``facts(contract)`` gives the
matches per code; each rule file turns its own into findings (:func:`leak_hit`) with its message and help.

Secrets are reported masked, and each is handed to the run's masker (:meth:`toolcheck.masking.Masker.remember`)
so that every later message that quotes it is masked too; :func:`learn_context_secrets` teaches the masker the
secrets only their context reveals before any rule runs, whatever rules are selected.
"""

from __future__ import annotations

import gc
from bisect import bisect_right
from typing import Any

from ... import secrets as _sec
from ...model.findings import Hit
from ..base import Index, RunView
from ._detect import CREDENTIAL_HINT, Detectors, Item, Match, context_secret
from ._patterns import (
    CODE_FAMILIES,
    SECRET_WORDS,
    Allow,
    Scope,
    candidates,
    name_words,
)
from ._walk import KEY_CODE, MAX_DEPTH, MAX_NODES, MAX_TEXT, Text, collect_strings


def learn_context_secrets(contracts, masker, allow_patterns=()) -> None:
    """Teach the run's masker (:meth:`toolcheck.masking.Masker.remember`) every secret known only by its context, before any
    rule runs and whatever rules are selected: a `password` default quoted by a TC1 message is masked under
    ``--select TC1`` as in a full run. Cheap: a walk over the parameter and result schemas that looks at the
    literals of credential-named properties (and credential-named keys inside literal mappings) only."""
    allow = Allow((), allow_patterns) if allow_patterns else None
    remember = masker.remember
    for contract in contracts:
        data = contract.data
        if not isinstance(data, dict):
            continue
        for key in (contract.parameters_key, contract.returns_key):
            schema = data.get(key) if key else None
            if isinstance(schema, dict):
                for value in _context_literals(schema):
                    if allow is None or not allow.text(value):
                        remember(value)


def _context_literals(schema: dict):
    """Strings that :func:`context_secret` says are secrets, in the literals of ``schema`` and its subschemas."""
    budget = MAX_NODES
    stack: list[tuple[Any, set[str] | None, int]] = [(schema, None, 0)]
    while stack and budget > 0:
        node, words, depth = stack.pop()
        budget -= 1
        for key, value in node.items():
            code = KEY_CODE.get(key)
            if code == 2:
                budget = yield from _literal_secrets(value, words, budget)
            elif code is None or code in (1, 3) or depth >= MAX_DEPTH:
                continue
            elif code == 4 and isinstance(value, dict):
                for name, sub in value.items():
                    if isinstance(sub, dict):
                        w = name_words(name) if isinstance(name, str) and CREDENTIAL_HINT.search(name) else None
                        stack.append((sub, words if key == "dependentSchemas" else w, depth + 1))
            elif isinstance(value, dict):
                stack.append((value, words, depth + 1))
            elif isinstance(value, list):
                stack.extend((sub, words, depth + 1) for sub in value if isinstance(sub, dict))


def _literal_secrets(value: Any, words: set[str] | None, budget: int):
    """The context secrets inside one literal (a `default`, `examples`, ...); returns the budget left."""
    lits = [(value, words)]
    while lits and budget > 0:
        v, w = lits.pop()
        budget -= 1
        if isinstance(v, str):
            if w and w & SECRET_WORDS and context_secret(v.strip(), w):
                yield v.strip()
        elif isinstance(v, list):
            lits.extend((x, w) for x in v)
        elif isinstance(v, dict):
            for k, x in v.items():
                kw = name_words(k) if isinstance(k, str) and CREDENTIAL_HINT.search(k) else None
                lits.append((x, kw or w))
    return budget


class Scanner(Detectors):
    """Runs the detectors of the enabled TC5 codes over the strings of many contracts at once."""

    def __init__(self, run: RunView) -> None:
        s = run.settings
        self.allow = Allow(getattr(s, "allow_domains", ()), getattr(s, "allow_patterns", ()))
        self.masker = run.masker
        self.enabled = {c for c in CODES if c in run.enabled}
        self.families = {CODE_FAMILIES[c] for c in self.enabled}
        if self.enabled & {"TC502", "TC511", "TC512"}:
            self.families.add("secret")  # a connection string's password is found by the secret patterns
        self.internal_domains = tuple(run.options("TC501")["internal-domains"])
        self.email_domains = self.internal_domains + tuple(run.options("TC510")["internal-domains"])
        self.min_len = max(run.options("TC504")["min-length"], 20)

    def scan(self, contract) -> dict[str, list[Match]]:
        return self.scan_all([contract])[id(contract)]

    def scan_all(self, contracts) -> dict[int, dict[str, list[Match]]]:
        """Hits per code for each contract (keyed by ``id``). All strings are searched together: fast."""
        # The walk allocates many small acyclic objects; with a large loaded corpus, the cyclic garbage
        # collector would traverse the whole heap again and again meanwhile (it doubled the run time).
        enabled = gc.isenabled()
        gc.disable()
        try:
            return self._scan_all(contracts)
        finally:
            if enabled:
                gc.enable()

    def _scan_all(self, contracts) -> dict[int, dict[str, list[Match]]]:
        results: dict[int, dict[str, list[Match]]] = {}
        per: list[tuple[Any, list[tuple], list[tuple]]] = []
        bases: list[int] = []  # index in `strings` of each contract's first string
        strings: list[str] = []
        names_too = bool(self.enabled & {"TC503", "TC504"})
        credential_prop: dict[str | None, bool] = {None: False}
        credential_literals: list[int] = []
        for contract in contracts:
            texts, names = collect_strings(contract)
            per.append((contract, texts, names))
            out = results[id(contract)] = {}
            if names_too:
                for tup in names:
                    if len(tup[1]) >= 15 and _sec.has_run(tup[1]):
                        t = Text(*tup)
                        items: list[Item] = []
                        self._secrets(t, t.text, name_words(t.context), items, [])
                        self._emit(out, t, items)
                # a literal of a property named like a credential: `password: {default: "Tr0ub4dor&3"}`
                for ti in [i for i, tup in enumerate(texts) if tup[2] == "literal"]:
                    tup = texts[ti]
                    prop = tup[7] if len(tup) > 7 and tup[7] else tup[5]
                    hit = credential_prop.get(prop)
                    if hit is None:
                        hit = credential_prop[prop] = bool(name_words(prop) & SECRET_WORDS)
                    if hit:
                        credential_literals.append(len(strings) + ti)
            bases.append(len(strings))
            strings.extend([tup[1] if len(tup[1]) <= MAX_TEXT else tup[1][:MAX_TEXT] for tup in texts])
        cand = candidates(strings, self.families)
        for i in credential_literals:
            cand.setdefault(i, set()).add("secret")
        scopes: dict[int, Scope] = {}
        for i, fams in sorted(cand.items()):
            ci = bisect_right(bases, i) - 1  # the last contract starting at or before i (empty ones share a base)
            contract, texts, names = per[ci]
            scope = scopes.get(ci)
            if scope is None:
                scope = scopes[ci] = Scope(contract, texts, names)
            text = strings[i]
            t = Text(*texts[i - bases[ci]])
            self._emit(results[id(contract)], t, self.scan_text(t, text, text.lower(), fams, scope))
        return results

    def _emit(self, out: dict[str, list[Match]], t: Text, items: list[Item]) -> None:
        by_code: dict[str, list[Item]] = {}
        for it in items:
            if it.code in self.enabled:
                by_code.setdefault(it.code, []).append(it)
        for code, its in by_code.items():
            out.setdefault(code, []).append((t, its))

    # one string -----------------------------------------------------------------------------------------

def _where(t: Text) -> str:
    if t.kind == "name":  # never spell the name out: it is the secret
        return f"a {t.field} in the {t.section} schema"
    return f"the {t.field}" if t.owner == "the tool" else f"the {t.field} of {t.owner}"


def leak_hit(t: Text, items: list[Item], nouns: tuple[str, str], help: str) -> Hit:
    """One finding for the matches of one rule in one string: ``nouns`` (one, several) name what was found; at the
    rule's own severity (one code, one severity: a narrower case is a code of its own, as TC512 is TC502's)."""
    shown = list(dict.fromkeys(f"`{i.text}` ({i.detail})" for i in items))
    more = f" and {len(shown) - 3} more" if len(shown) > 3 else ""
    noun = nouns[0 if len(shown) == 1 else 1]
    msg = f"{_where(t)} contains {noun}: {', '.join(shown[:3])}{more}"
    return Hit(t.hit_pointer, msg, help, data={"matches": [i.text for i in items]},
               prefer_key=t.kind != "literal")


class LeakFacts:
    """The TC5 matches of one contract, by code: (the string, what was found in it) for each string."""

    def __init__(self, contract, found: dict[str, list[Match]]) -> None:
        self.contract = contract
        self.found = found

    def matches(self, code: str) -> list[Match]:
        return self.found.get(code, [])


class LeaksIndex(Index):
    """The run's TC5 scan: the first contract asked for scans every reported contract of the run at once (all
    their strings are searched together, see :func:`candidates`); the others are then looked up."""

    def __init__(self, run: RunView) -> None:
        super().__init__(run)
        self._found: dict[int, dict[str, list[Match]]] = {}
        self._facts: dict[int, LeakFacts] = {}
        self._scanner: Scanner | None = None

    def facts(self, contract) -> LeakFacts:
        key = id(contract)
        got = self._facts.get(key)
        if got is not None and got.contract is contract:
            return got
        if key not in self._found or got is not None:
            if self._scanner is None:
                self._scanner = Scanner(self.run)
            batch = [c for c in (self.run.contracts or ()) if id(c) not in self._found and c.file.reported]
            if not any(c is contract for c in batch):
                batch.append(contract)
            self._found.update(self._scanner.scan_all(batch))
        got = self._facts[key] = LeakFacts(contract, self._found[key])
        return got


CODES = ("TC501", "TC502", "TC503", "TC504", "TC505", "TC506", "TC507", "TC508", "TC509", "TC510", "TC511", "TC512")
