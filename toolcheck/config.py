"""Find, read and validate the configuration; errors are ConfigError (exit 2), never tracebacks.

Validation reports every problem of one file together, each as ``FILE:LINE:COL: `key.path`: what is wrong``
(with "did you mean" where a close name exists): the shipped JSON Schema (``data/config.schema.json``) checks
the keys and their types; the rule registry checks what the schema cannot know — that ``rules.<CODE>`` names a
rule and its options are ones the rule declares, with values of the declared type and range
(:meth:`toolcheck.rules.base.Option.problem`), that the selectors of ``select``, ``extend-select``, ``ignore``
and ``per-file-ignores`` name rules, and that ``severity`` keys are rule codes or names.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from .loading.yaml_loader import Limits
from .model.pointer import escape_pointer_token, split_pointer

CONFIG_NAMES = ("toolcheck.yaml", "toolcheck.yml", ".toolcheck.yaml", "pyproject.toml")
TOML_BASE = "/tool/toolcheck"  # where the config lives in pyproject.toml


class ConfigError(Exception):
    """A usage or configuration error: the CLI prints each of its ``problems`` on one line and exits 2."""

    def __init__(self, message: str, problems: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.problems: tuple[str, ...] = tuple(problems) or (message,)


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a config: where (a JSON Pointer into the config mapping), what, and whether it is
    placed on the key (an unknown key) or on its value (a wrong value)."""

    pointer: str
    message: str
    on_key: bool = False


def find_config(start: str) -> str | None:
    d = os.path.abspath(start)
    while True:
        for name in CONFIG_NAMES:
            p = os.path.join(d, name)
            if os.path.isfile(p):
                if name != "pyproject.toml" or _has_tool_section(p):
                    return p
        parent = os.path.dirname(d)
        if parent == d:
            return None
        d = parent


def _has_tool_section(path: str) -> bool:
    try:
        with open(path, "rb") as fh:
            head = fh.read()
    except OSError:
        return False
    return b"[tool.toolcheck" in head


class _TomlSource:
    """Positions in a pyproject.toml, found only when an error needs one (see :mod:`loading.toml_positions`)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._index = None

    def locate(self, pointer: str, prefer_key: bool = True) -> tuple[int, int]:
        if self._index is None:
            from .loading.toml_positions import toml_positions

            self._index = toml_positions(self.text)
        return self._index.locate(TOML_BASE + pointer, prefer_key)


def _load_toml(path: str) -> tuple[dict[str, Any], _TomlSource]:
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib  # type: ignore[no-redef]
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
        text = raw.decode("utf-8")
        data = tomllib.loads(text)
    except (OSError, ValueError) as e:  # UnicodeDecodeError and TOMLDecodeError are ValueErrors
        m = re.search(r"\(at line (\d+), column (\d+)\)$", str(e))
        if m:
            raise ConfigError(f"{_shown(path)}:{m.group(1)}:{m.group(2)}: cannot read TOML: "
                              f"{str(e)[:m.start()].strip()}") from None
        raise ConfigError(f"{_shown(path)}: cannot read TOML: {e}") from None
    tool = data.get("tool", {})
    section = tool.get("toolcheck", {}) if isinstance(tool, dict) else {}
    return section, _TomlSource(text)


def _load_yaml_config(path: str) -> tuple[Any, Any, list[tuple[tuple[int, int], str]]]:
    """(the document, its source file for positions, the loader's problems: (line, column), text)."""
    from .loading import load_file

    loaded = load_file(path, path, Limits(), role="config")
    placed = []
    for h in loaded.hits:
        if h.code in ("TC005", "TC006"):
            continue  # a contract loader's words for the document's shape: validate_config says it for a config
        line, col = h.position or loaded.file.locate(h.pointer)
        placed.append(((line, col), f"{_shown(path)}:{line}:{col}: {h.message}"))
    doc = loaded.file.documents[0] if loaded.file.documents else {}
    return ({} if doc is None else doc), loaded.file, placed


def read_config(path: str) -> dict[str, Any]:
    """The validated config mapping of ``path``; a :class:`ConfigError` listing every problem otherwise."""
    if path.endswith(".toml"):
        data, src = _load_toml(path)
        placed: list[tuple[tuple[int, int], str]] = []
    else:
        data, src, placed = _load_yaml_config(path)
    validate_config(data, _shown(path), src, placed)
    return data


def _shown(path: str) -> str:
    """``path`` as messages name it: relative to the working directory when inside it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return path if rel.startswith("..") else rel


_SCHEMA: dict | None = None


def config_schema() -> dict:
    global _SCHEMA
    if _SCHEMA is None:
        _SCHEMA = json.loads(resources.files("toolcheck").joinpath("data/config.schema.json").read_text("utf-8"))
    return _SCHEMA


def validate_config(data: Any, path: str, src=None, placed: Sequence[tuple[tuple[int, int], str]] = ()) -> None:
    """Raise a :class:`ConfigError` naming every problem of ``data`` (read from ``path``; ``src`` locates
    pointers; ``placed``: problems found while reading, with their positions), in file order; or return."""
    if not isinstance(data, dict):  # nothing else to check; the loader may have said it already
        problems = [] if placed else [Problem("", f"the configuration must be a mapping of settings (`select:`, "
                                                  f"`paths:`, ...), not {_kind_of(data)}")]
    else:
        problems = list(config_problems(data))
    if not problems and not placed:
        return
    keyed = list(placed)
    for p in problems:
        line, col = src.locate(p.pointer, p.on_key) if src is not None else (None, None)
        keyed.append(((line or 0, col or 0), _place(path, line, col, p)))
    lines = [text for _, text in sorted(keyed, key=lambda x: x[0])]
    raise ConfigError("\n".join(lines), lines)


def _kind_of(data: Any) -> str:
    return "a list" if isinstance(data, list) else "a string" if isinstance(data, str) else \
        "a number" if isinstance(data, (int, float)) and not isinstance(data, bool) else f"`{data}`"


def _place(path: str, line: int | None, col: int | None, p: Problem) -> str:
    where = f"{path}:{line}:{col}" if line is not None else path
    if not p.pointer:
        return f"{where}: {p.message}"
    return f"{where}: `{key_path(p.pointer)}`: {p.message}"


def key_path(pointer: str) -> str:
    """``/rules/TC430/threshold`` -> ``rules.TC430.threshold``; ``/select/1`` -> ``select[1]``."""
    out = ""
    for tok in split_pointer(pointer):
        out += f"[{tok}]" if tok.isdigit() else ("." if out else "") + tok
    return out


def config_problems(data: dict[str, Any]) -> Iterator[Problem]:
    """Every problem of the config mapping ``data``: the schema's, then the registry's."""
    yield from _schema_problems(data)
    yield from _allow_problems(data)
    if any(k in data for k in ("rules", "select", "extend-select", "ignore", "per-file-ignores", "severity")):
        yield from _rule_problems(data)
        yield from _selector_problems(data)
        yield from _severity_problems(data)


def _schema_problems(data: dict[str, Any]) -> Iterator[Problem]:
    from .schemaval import compile_schema
    from .suggest import did_you_mean

    for e in compile_schema(config_schema()).errors(data):
        where = e.pointer or ""
        if e.keyword == "additionalProperties" and e.extra:
            parent = config_schema()
            for tok in split_pointer(where):
                parent = parent.get("properties", {}).get(tok, {})
            for bad in e.extra:
                yield Problem(f"{where}/{escape_pointer_token(bad)}",
                              f"unknown key `{bad}`{did_you_mean(bad, parent.get('properties', {}))}", on_key=True)
        else:
            yield Problem(where, e.message if where else f"the configuration: {e.message}")


def _allow_problems(data: dict[str, Any]) -> Iterator[Problem]:
    """``allow.patterns``: each a Python regular expression that compiles (one that does not would otherwise be
    matched as plain text, silently allowing less than the user wrote)."""
    import re

    allow = data.get("allow")
    pats = allow.get("patterns") if isinstance(allow, dict) else None
    for i, p in enumerate(pats if isinstance(pats, list) else ()):
        if not isinstance(p, str):
            continue  # the schema's
        try:
            re.compile(p)
        except re.error as e:
            yield Problem(f"/allow/patterns/{i}", f"not a valid regular expression ({e}): escape special "
                          "characters such as `(` or `[` with a backslash to match them as text")


def _registry():
    from .rules import load_rules

    rules = load_rules()
    return rules, {r.name: c for c, r in rules.items()}


def _rule_problems(data: dict[str, Any]) -> Iterator[Problem]:
    """``rules``: each key a rule code or name, each option one the rule declares, of its type and range."""
    from .suggest import closest, did_you_mean

    given = data.get("rules")
    if not isinstance(given, dict):
        return
    rules, names = _registry()
    for key, opts in given.items():
        ptr = "/rules/" + escape_pointer_token(str(key))
        code = key if key in rules else names.get(key)
        if code is None:
            yield Problem(ptr, _unknown_rule(str(key), rules, names), on_key=True)
            continue
        if not isinstance(opts, dict):
            continue  # the schema's
        spec = rules[code]
        label = code if key == code else f"{key} ({code})"
        declared = spec.options
        for opt, value in opts.items():
            optr = f"{ptr}/{escape_pointer_token(str(opt))}"
            o = declared.get(opt)
            if o is None:
                if not declared:
                    hint = f"; {label} has no options"
                elif closest(str(opt), declared):
                    hint = did_you_mean(str(opt), declared)
                else:
                    hint = f" (its options: {', '.join(declared)})"
                yield Problem(optr, f"unknown option `{opt}` of {label}{hint}", on_key=True)
                continue
            why = o.problem(value)
            if why is not None:
                about = f"{o.doc}; " if o.doc else ""
                yield Problem(optr, f"{why} ({about}default {json.dumps(o.default, ensure_ascii=False)})")


def _unknown_rule(key: str, rules: dict, names: dict) -> str:
    from .suggest import did_you_mean

    if re.fullmatch(r"TC\d{0,2}", key.upper()):
        return (f"`{key}` is not a rule: options are set per rule, by code (TC401) or name "
                "(`toolcheck rules` lists them)")
    hint = did_you_mean(key, list(rules) + list(names))
    return f"unknown rule `{key}`{hint}; `toolcheck rules` lists the codes and names"


_SELECTOR_KEYS = ("select", "extend-select", "ignore")


def _selector_problems(data: dict[str, Any]) -> Iterator[Problem]:
    """Unknown codes in ``select``/``extend-select``/``ignore``/``per-file-ignores`` are errors, as in ruff."""
    from .rules import is_known_selector

    lists: list[tuple[str, Any]] = [(f"/{k}", data.get(k)) for k in _SELECTOR_KEYS]
    pfi = data.get("per-file-ignores")
    if isinstance(pfi, dict):
        lists += [(f"/per-file-ignores/{escape_pointer_token(str(k))}", v) for k, v in pfi.items()]
    for ptr, values in lists:
        if not isinstance(values, list):
            continue
        for i, sel in enumerate(values):
            if isinstance(sel, str) and sel.strip() and not is_known_selector(sel):
                yield Problem(f"{ptr}/{i}", unknown_selector_message(sel))


def unknown_selector_message(sel: str) -> str:
    from .suggest import did_you_mean

    rules, names = _registry()
    hint = did_you_mean(sel.strip(), list(rules) + list(names))
    return (f"unknown rule selector `{sel}`{hint} (use a code like TC401, a family like TC4, or a rule name; "
            "`toolcheck rules` lists them)")


def _severity_problems(data: dict[str, Any]) -> Iterator[Problem]:
    """``severity`` keys are rule codes or names (a family or a misspelt code would silently change nothing)."""
    from .suggest import did_you_mean

    given = data.get("severity")
    if not isinstance(given, dict):
        return
    rules, names = _registry()
    for key in given:
        if key in rules or key in names:
            continue
        ptr = "/severity/" + escape_pointer_token(str(key))
        if re.fullmatch(r"TC\d{0,2}", str(key).upper()):
            msg = f"`{key}` is not a rule: `severity` is set per rule code (TC401) or name"
        else:
            msg = f"unknown rule `{key}`{did_you_mean(str(key), list(rules) + list(names))}"
        yield Problem(ptr, msg, on_key=True)


def limits_from(cfg: dict[str, Any]) -> Limits:
    lim = cfg.get("limits", {}) or {}
    d = Limits()
    return Limits(
        max_depth=lim.get("max-depth", d.max_depth),
        max_alias_nodes=lim.get("max-alias-nodes", d.max_alias_nodes),
        max_file_size=lim.get("max-file-size", d.max_file_size),
    )
