"""The vendor targets, defined once: their names, the default set, the strict variants, the target a vendor
format is sent to, and which targets a contract is checked against.

Everything that lists targets reads this module: the CLI's ``--target`` check and help, ``check_arguments``,
the export, the TC2 rules, and the ``target`` pattern of the shipped config and contract schemas
(``toolcheck/data/*.schema.json``, rewritten from :func:`target_pattern` by ``scripts/gen_catalogue.py``).
Importing it costs nothing (`toolcheck lint` reads it too).
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "TARGETS", "DEFAULT_TARGETS", "MCP_VERSIONS", "MCP_LATEST", "FAMILY", "STRICT", "STRICT_TARGETS",
    "FORMAT_TARGETS", "parse_target", "is_strict", "strict_target", "expand_targets", "targets_for",
    "checked_targets",
    "target_pattern", "target_help", "unknown_target",
]

TARGETS = (
    "openai",
    "openai-strict",
    "anthropic",
    "anthropic-strict",
    "gemini",
    "gemini-json-schema",
    "mcp",
    "bedrock",
)
DEFAULT_TARGETS = ("openai", "anthropic", "gemini-json-schema", "mcp")

MCP_VERSIONS = ("2025-06-18", "2025-11-25", "2026-07-28")  # the bundled Tool schemas (toolcheck/data/mcp/)
MCP_LATEST = MCP_VERSIONS[-1]

# which name rules, description limits and tool-count limits a target shares with its family
FAMILY = {
    "openai": "openai", "openai-strict": "openai",
    "anthropic": "anthropic", "anthropic-strict": "anthropic",
    "gemini": "gemini", "gemini-json-schema": "gemini",
    "mcp": "mcp", "bedrock": "bedrock",
}
# a vendor's strict mode: family -> its strict target (the only two there are)
STRICT = {"openai": "openai-strict", "anthropic": "anthropic-strict"}
STRICT_TARGETS = tuple(STRICT.values())

# the target a vendor-format file is sent to (a contract's are configured)
FORMAT_TARGETS = {"openai": "openai", "openai-responses": "openai", "anthropic": "anthropic", "gemini": "gemini",
                  "mcp": "mcp"}

assert set(FAMILY) == set(TARGETS) and set(DEFAULT_TARGETS) <= set(TARGETS)


_PARSED: dict[str, tuple[str, str | None]] = {}


def parse_target(spec: str) -> tuple[str, str | None]:
    """``"mcp@2025-06-18"`` -> ``("mcp", "2025-06-18")``; ``"mcp"`` -> ``("mcp", MCP_LATEST)``; others -> (name, None).

    An MCP version that is not bundled resolves to the newest bundled version not after it (else the oldest).
    """
    hit = _PARSED.get(spec)
    if hit is None:
        hit = _PARSED[spec] = _parse_target(spec)
    return hit


def _parse_target(spec: str) -> tuple[str, str | None]:
    base, _, version = spec.partition("@")
    if base != "mcp":
        return base, None
    if not version:
        return base, MCP_LATEST
    if version in MCP_VERSIONS:
        return base, version
    older = [v for v in MCP_VERSIONS if v <= version]
    return base, (older[-1] if older else MCP_VERSIONS[0])


def is_strict(target: str) -> bool:
    """Whether ``target`` is a strict mode (`openai-strict`, `anthropic-strict`)."""
    return target in STRICT_TARGETS


def strict_target(fmt: str) -> str:
    """The strict target a vendor-format file that says `strict: true` is checked against (its vendor's;
    OpenAI's for a format whose vendor has none)."""
    return STRICT.get(FORMAT_TARGETS.get(fmt, ""), STRICT["openai"])


def unknown_target(spec: str, allow_all: bool = False) -> str | None:
    """The usage error for a target name that is not one (``mcp@VERSION`` is one), else None."""
    if (allow_all and spec == "all") or spec.split("@", 1)[0] in TARGETS:
        return None
    return f"unknown target `{spec}` (choose from {', '.join(TARGETS)}{', all' if allow_all else ''})"


def expand_targets(ts: tuple[str, ...]) -> list[str]:
    """The targets a list names (`all` is every one), each once, in order."""
    out: list[str] = []
    for t in ts:
        for x in (TARGETS if t == "all" else (t,)):
            if x not in out:
                out.append(x)
    return out


def targets_for(settings: Any, contract: Any) -> list[str]:
    """The targets ``contract`` is checked against. Precedence: --target > the contract's `targets` > config
    `targets` > the vendor format's own target > default. A file that says `strict: true` is also checked
    against that vendor's strict target."""
    if settings.targets:
        out = expand_targets(settings.targets)
    else:
        own = contract.data.get("targets") if contract.format == "contract" else None
        if isinstance(own, list) and own and all(isinstance(t, str) for t in own):
            out = expand_targets(tuple(own))
        elif settings.config_targets:
            out = expand_targets(settings.config_targets)
        elif contract.format in FORMAT_TARGETS:
            t = FORMAT_TARGETS[contract.format]
            if contract.format == "gemini" and contract.parameters_key == "parametersJsonSchema":
                t = "gemini-json-schema"
            out = [t]
        else:
            out = list(DEFAULT_TARGETS)
    if contract.strict:
        strict = strict_target(contract.format)
        if strict not in out:
            out.append(strict)
    return out


_CHECKED: dict[tuple[str, ...], list[str]] = {}


def checked_targets(settings: Any, contract: Any) -> list[str]:
    """The targets of :func:`targets_for` that name a vendor target (what TC2 checks; a contract's `targets`
    may list a name that is none, TC009's finding)."""
    key = tuple(targets_for(settings, contract))
    ts = _CHECKED.get(key)
    if ts is None:
        ts = _CHECKED[key] = [t for t in key if parse_target(t)[0] in FAMILY]
    return ts


def target_pattern() -> str:
    """The JSON Schema `pattern` of a target name in the config and contract schemas (`all`, or a target;
    `mcp` with an optional `@YYYY-MM-DD`)."""
    names = ["all"] + [t for t in TARGETS if t != "mcp"] + [r"mcp(@\d{4}-\d{2}-\d{2})?"]
    return "^(" + "|".join(names) + ")$"


def target_help() -> str:
    """The target names as a command's help lists them."""
    return ", ".join(t + "[@VERSION]" if t == "mcp" else t for t in TARGETS) + "."
