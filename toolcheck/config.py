"""Find, read and validate the configuration; errors are ConfigError (exit 2), never tracebacks."""

from __future__ import annotations

import json
import os
from importlib import resources
from typing import Any

from .loading.yaml_loader import Limits

CONFIG_NAMES = ("toolcheck.yaml", "toolcheck.yml", ".toolcheck.yaml", "pyproject.toml")


class ConfigError(Exception):
    """A usage or configuration error: the CLI prints it on one line and exits 2."""


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


def _load_toml(path: str) -> dict[str, Any]:
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib  # type: ignore[no-redef]
    try:
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    except (OSError, ValueError) as e:
        raise ConfigError(f"{path}: cannot read TOML: {e}") from None
    return data.get("tool", {}).get("toolcheck", {})


def _load_yaml_config(path: str) -> tuple[dict[str, Any], Any]:
    from .loading import load_file

    loaded = load_file(path, path, Limits(), role="config")
    if loaded.hits:
        h = loaded.hits[0]
        line, col = h.position or loaded.file.locate(h.pointer)
        raise ConfigError(f"{path}:{line}:{col}: {h.message}")
    doc = loaded.file.documents[0] if loaded.file.documents else {}
    if doc is None:
        doc = {}
    return doc, loaded.file


def read_config(path: str) -> dict[str, Any]:
    """The validated config mapping of ``path``."""
    src = None
    if path.endswith(".toml"):
        data = _load_toml(path)
    else:
        data, src = _load_yaml_config(path)
    validate_config(data, path, src)
    return data


_SCHEMA: dict | None = None


def config_schema() -> dict:
    global _SCHEMA
    if _SCHEMA is None:
        _SCHEMA = json.loads(resources.files("toolcheck").joinpath("data/config.schema.json").read_text("utf-8"))
    return _SCHEMA


def validate_config(data: Any, path: str, src=None) -> None:
    from .schemaval import compile_schema
    from .suggest import did_you_mean

    if not isinstance(data, dict):
        raise ConfigError(f"{path}: the configuration must be a mapping of keys")
    v = compile_schema(config_schema())
    errors = v.errors(data)
    if not errors:
        return
    e = errors[0]
    where = e.pointer or ""
    key = where.lstrip("/").replace("/", ".") or "(top level)"
    msg = e.message
    if e.keyword == "additionalProperties" and e.extra:
        bad = e.extra[0]
        key = (where.lstrip("/").replace("/", ".") + "." if where else "") + bad
        parent = config_schema()
        for tok in [t for t in where.split("/") if t]:
            parent = parent.get("properties", {}).get(tok, {})
        msg = f"unknown key `{bad}`{did_you_mean(bad, parent.get('properties', {}))}"
    loc = path
    if src is not None:
        line, col = src.locate(where + ("/" + e.extra[0] if e.keyword == "additionalProperties" and e.extra else ""))
        loc = f"{path}:{line}:{col}"
    raise ConfigError(f"{loc}: `{key}`: {msg}")


def limits_from(cfg: dict[str, Any]) -> Limits:
    lim = cfg.get("limits", {}) or {}
    d = Limits()
    return Limits(
        max_depth=lim.get("max-depth", d.max_depth),
        max_alias_nodes=lim.get("max-alias-nodes", d.max_alias_nodes),
        max_file_size=lim.get("max-file-size", d.max_file_size),
    )
