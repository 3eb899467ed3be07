"""JSON values written as YAML flow text or JSON text, so that the file's reader gets exactly that value.

YAML scalars are written so that every YAML 1.1 reader (PyYAML and most hosts, toolcheck included) and every
YAML 1.2 reader get the same value: a string is plain only when it cannot be read as anything else (`yes`, `y`,
`null`, `1.10`, `0o17`, `1e-5` are quoted), a float always has a dot and a signed exponent (`1.0e-05`: without
them YAML 1.1 reads a string).
"""

from __future__ import annotations

import json
import re
from typing import Any

_PLAIN = re.compile(r"[A-Za-z_$][A-Za-z0-9_$\-./@]*(?: [A-Za-z0-9_$\-./@()]+)*")
_STRICT_11_BOOLS = frozenset(("y", "Y", "n", "N"))  # booleans in the YAML 1.1 spec, not in PyYAML's resolver
_NUMBERISH = re.compile(r"[-+]?(\.?[0-9]|\.(inf|nan))", re.I)


def yaml_reads_as_string(text: str) -> bool:
    """Whether the plain scalar ``text`` is a string for YAML 1.1 (PyYAML's resolver) and YAML 1.2 alike."""
    from yaml.nodes import ScalarNode
    from yaml.resolver import Resolver

    if text in _STRICT_11_BOOLS or _NUMBERISH.match(text):
        return False
    return Resolver().resolve(ScalarNode, text, (True, False)) == "tag:yaml.org,2002:str"


def plain_ok(text: str) -> bool:
    return bool(text) and _PLAIN.fullmatch(text) is not None and yaml_reads_as_string(text)


def _escape_char(ch: str) -> str:
    o = ord(ch)
    if ch == '"':
        return '\\"'
    if ch == "\\":
        return "\\\\"
    if ch == "\n":
        return "\\n"
    if ch == "\t":
        return "\\t"
    if o < 0x20 or 0x7F <= o <= 0x9F or o in (0x2028, 0x2029, 0xFEFF) or 0xD800 <= o <= 0xDFFF:
        return f"\\u{o:04x}" if o > 0xFF else f"\\x{o:02x}"
    return ch


def double_quoted(text: str) -> str:
    return '"' + "".join(_escape_char(c) for c in text) + '"'


def single_quoted(text: str) -> str | None:
    """``'text'`` (a quote doubled), or None when single quotes cannot hold it (line breaks, non-printables)."""
    if not all(c.isprintable() for c in text):
        return None
    return "'" + text.replace("'", "''") + "'"


def quoted(text: str, style: str = '"') -> str:
    if style == "'":
        q = single_quoted(text)
        if q is not None:
            return q
    return double_quoted(text)


def yaml_float(x: float) -> str:
    r = repr(x)
    if "e" in r or "E" in r:
        mant, _, exp = r.lower().partition("e")
        if "." not in mant:
            mant += ".0"
        if exp[:1] not in "+-":
            exp = "+" + exp
        r = f"{mant}e{exp}"
    elif "." not in r:
        r += ".0"
    return r


def yaml_scalar(value: Any, style: str = '"') -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueError("JSON has no NaN or Infinity")
        return yaml_float(value)
    if isinstance(value, str):
        return value if plain_ok(value) else quoted(value, style)
    raise TypeError(f"not JSON data: {type(value).__name__}")


def yaml_flow(value: Any, style: str = '"') -> str:
    """``value`` as one line of YAML flow text (mappings `{k: v}`, lists `[a, b]`)."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{yaml_scalar(str(k), style)}: {yaml_flow(v, style)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(yaml_flow(v, style) for v in value) + "]"
    return yaml_scalar(value, style)


def json_text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)
