"""Secret patterns and masking. Every string that leaves toolcheck passes through :func:`mask`.

The token patterns are the well-known, low-false-positive shapes (as used by gitleaks and detect-secrets):
they are data here so the TC5 rules and the masker agree on what a secret is.
"""

from __future__ import annotations

import re

# (name, pattern). Group "secret" (when present) is the part to mask; otherwise the whole match.
SECRET_PATTERNS: tuple[tuple[str, str], ...] = (
    ("private key block", r"-----BEGIN (?:[A-Z0-9 ]+ )?PRIVATE KEY-----(?:[\s\S]*?-----END (?:[A-Z0-9 ]+ )?PRIVATE KEY-----)?"),
    ("AWS access key id", r"\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b"),
    ("GitHub token", r"\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b"),
    ("Slack token", r"\bxox[abposr]-[A-Za-z0-9-]{10,}\b"),
    ("Slack webhook", r"https://hooks\.slack\.com/services/[A-Za-z0-9/_-]{20,}"),
    ("Anthropic API key", r"\bsk-ant-[A-Za-z0-9_-]{20,}\b"),
    ("OpenAI API key", r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}\b"),
    ("Google API key", r"\bAIza[0-9A-Za-z_-]{35}\b"),
    ("Stripe key", r"\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}\b"),
    ("JSON Web Token", r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b"),
    ("connection string password", r"\b[a-z][a-z0-9+.-]*://[^\s:/@]+:(?P<secret>[^\s@/]{3,})@"),
    (
        "credential assignment",
        r"(?i)\b(?:password|passwd|pwd|secret|api[_-]?key|apikey|access[_-]?token|auth[_-]?token|client[_-]?secret)"
        r"\s*[=:]\s*[\"']?(?P<secret>[^\s\"',;]{6,})",
    ),
)

_COMPILED = tuple((name, re.compile(p)) for name, p in SECRET_PATTERNS)
# cheap pre-filter: any of these substrings must be present for a pattern to have a chance
_HINTS = re.compile(r"PRIVATE KEY|AKIA|ASIA|ABIA|ACCA|gh[pousr]_|github_pat_|xox|hooks\.slack|sk-|AIza|_live_|_test_|eyJ|://|[=:]",
                    re.I)
_PLACEHOLDER = re.compile(r"^(?:x+|\*+|<[^>]*>|\$\{[^}]*\}|\{\{[^}]*\}\}|\.\.\.|your[_-].*|example.*|changeme|redacted)$", re.I)


def mask_value(secret: str) -> str:
    """Keep a few characters so a human can find it; never the whole secret."""
    if len(secret) <= 8:
        return secret[:1] + "*" * 7
    return secret[:4] + "*" * 8 + secret[-2:]


def find_secrets(text: str) -> list[tuple[str, int, int]]:
    """(kind, start, end) of each secret in ``text`` (the part to mask)."""
    if not text or not _HINTS.search(text):
        return []
    found: list[tuple[str, int, int]] = []
    for name, rx in _COMPILED:
        for m in rx.finditer(text):
            if "secret" in rx.groupindex and m.group("secret") is not None:
                s, e = m.start("secret"), m.end("secret")
            else:
                s, e = m.start(), m.end()
            if _PLACEHOLDER.match(text[s:e]):
                continue
            if any(s < fe and fs < e for _, fs, fe in found):
                continue
            found.append((name, s, e))
    found.sort(key=lambda t: t[1])
    return found


def mask(text: str) -> str:
    if not isinstance(text, str):
        return text
    spans = find_secrets(text)
    if not spans:
        return text
    out, last = [], 0
    for _, s, e in spans:
        out.append(text[last:s])
        out.append(mask_value(text[s:e]))
        last = e
    out.append(text[last:])
    return "".join(out)


def mask_data(value):
    """Mask secrets in every string of a JSON-like value (keys included)."""
    if isinstance(value, str):
        return mask(value)
    if isinstance(value, list):
        return [mask_data(v) for v in value]
    if isinstance(value, dict):
        return {mask(k) if isinstance(k, str) else k: mask_data(v) for k, v in value.items()}
    return value
