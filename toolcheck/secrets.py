"""Secret patterns: what a secret looks like. :mod:`toolcheck.masking` masks what they find (and what a run
learned by context) in every string that leaves toolcheck.

The token patterns are the well-known, low-false-positive shapes (modelled on the gitleaks rules and the
detect-secrets plugins): they are data here so the TC5 rules and the masker agree on what a secret is.
Three layers, cheapest first:

1. ``SECRET_PATTERNS``: vendor token formats with a fixed prefix or shape (AWS, GitHub, Slack, OpenAI,
   Anthropic, Google, Stripe, ...), private key blocks, JWTs, the password of a connection string, and
   ``password=...`` style assignments;
2. keyword context (gitleaks' *generic-api-key*): a long random-looking literal right after a word such as
   ``api key``, ``token``, ``secret`` or ``Bearer``;
3. context-free high-entropy literals: 20+ characters of one base62/base64 run that mix upper case, lower case
   and digits, have high Shannon entropy and do not read like words, identifiers, sequences or base64-encoded
   text.

Obvious placeholders (``YOUR_API_KEY``, ``sk-...``, ``xxxx``, ``<token>``, ``${SECRET}``, the AWS documentation
key ``...EXAMPLE``) are never secrets. Values that only their context makes secret (the `default` of a
`password` property) are handed to the run's :class:`toolcheck.masking.Masker` by the TC5 rules, and masked from
then on as well.

Speed matters (:func:`find_secrets` runs on every finding string): each pattern runs only when cheap substring tests
say it could match, and the regular expressions are compiled on first use (:class:`LazyPattern`).
"""

from __future__ import annotations

import math
import re
from collections import Counter


class LazyPattern:
    """A regular expression compiled on first use: `toolcheck lint` compiles only the patterns it needs."""

    def __init__(self, pattern, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags

    def __getattr__(self, name: str):  # called only until the first compile has set the methods below
        rx = re.compile(self.pattern, self.flags)
        for meth in ("search", "match", "fullmatch", "finditer", "findall", "split", "sub"):
            setattr(self, meth, getattr(rx, meth))
        self.groups = rx.groups
        self.groupindex = rx.groupindex
        return getattr(rx, name)


# (name, pattern, hints). Group "secret" (when present) is the part to mask; otherwise the whole match.
# A token pattern runs only when the text has a run of 15 letters/digits and one of its hint substrings.
SECRET_RULES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("private key block",
     r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"
     r"(?:[\s\S]*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|[A-Za-z0-9+/=\s\\]*)", ("PRIVATE KEY",)),
    ("AWS access key id", r"\b(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[0-9A-Z]{16}\b", ("AKIA", "ASIA", "ABIA", "ACCA", "A3T")),
    ("GitHub token", r"\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b",
     ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_")),
    ("GitLab token", r"\bgl(?:pat|dt|ptt|rt|cbt|oas)-[A-Za-z0-9_-]{20,}\b",
     ("glpat-", "gldt-", "glptt-", "glrt-", "glcbt-", "gloas-")),
    ("Slack token", r"\bxox[abposre]-[A-Za-z0-9-]{10,}\b", ("xox",)),
    ("Slack webhook", r"https://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9/_+-]{20,}",
     ("hooks.slack.com",)),
    ("Discord webhook", r"https://(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/\d+/[A-Za-z0-9_-]{20,}",
     ("/api/webhooks/",)),
    ("Anthropic API key", r"\bsk-ant-[A-Za-z0-9_-]{20,}\b", ("sk-ant-",)),
    ("OpenAI API key", r"\bsk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,}\b", ("sk-",)),
    ("Google API key", r"\bAIza[0-9A-Za-z_-]{35}\b", ("AIza",)),
    ("Google OAuth secret", r"\bGOCSPX-[A-Za-z0-9_-]{28}\b", ("GOCSPX-",)),
    ("Google OAuth token", r"\bya29\.[0-9A-Za-z_-]{20,}\b", ("ya29.",)),
    ("Stripe key", r"\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}\b", ("k_live_", "k_test_")),
    ("Stripe webhook secret", r"\bwhsec_[A-Za-z0-9]{24,}\b", ("whsec_",)),
    ("Hugging Face token", r"\bhf_[A-Za-z]{30,}\b", ("hf_",)),
    ("npm token", r"\bnpm_[A-Za-z0-9]{36}\b", ("npm_",)),
    ("PyPI token", r"\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}", ("pypi-",)),
    ("SendGrid API key", r"\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\b", ("SG.",)),
    ("Twilio API key", r"\bSK[0-9a-fA-F]{32}\b", ("SK",)),
    ("Mailgun API key", r"\bkey-[0-9a-zA-Z]{32}\b", ("key-",)),
    ("Shopify token", r"\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b", ("shp",)),
    ("DigitalOcean token", r"\bdo[por]_v1_[a-f0-9]{64}\b", ("_v1_",)),
    ("Databricks token", r"\bdapi[a-f0-9]{32}(?:-\d)?\b", ("dapi",)),
    ("Square token", r"\bsq0(?:atp|csp)-[0-9A-Za-z_-]{22,}\b", ("sq0",)),
    ("Telegram bot token", r"\b\d{8,10}:AA[A-Za-z0-9_-]{33}\b", (":AA",)),
    ("JSON Web Token", r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b", ("eyJ",)),
    ("connection string password", r"\b[a-z][a-z0-9+.-]*://[^\s:/@'\"]*:(?P<secret>[^\s@/'\"]{3,})@", ("://",)),
    ("connection string password",
     r"(?i)\b(?:server|data source|host|address|database|initial catalog|user id|uid)\s*=[^;\n]*;[^\n]*?"
     r"\b(?:password|pwd)\s*=\s*(?P<secret>[^;\s\"']{3,})", ("=",)),
    ("bearer token", r"\b(?:Bearer|Token)\s+(?P<secret>[A-Za-z0-9._~+/-]{16,}=*)", ("Bearer", "Token")),
    ("basic auth credentials", r"\bBasic\s+(?P<secret>[A-Za-z0-9+/]{16,}={0,2})(?![A-Za-z0-9+/=])", ("Basic",)),
    (
        "credential assignment",
        r"(?i)(?<![A-Za-z0-9])(?:password|passwd|pwd|secret|api[_-]?key|apikey|access[_-]?key|access[_-]?token"
        r"|auth[_-]?token|client[_-]?secret|secret[_-]?key|private[_-]?key|token)[\"']?\s*[=:]\s*[\"']?"
        r"(?P<secret>[^\s\"',;&]{6,})",
        ("=", ":"),
    ),
)
# A vendor token glued to a word by `_` (`prod_AKIAQ3EGRV7XJ5HWTZPL`, `MY_ghp_...`) is still a token: `\b` would
# see no boundary between `_` and the prefix, so these patterns are bounded by "no letter or digit" instead.
_GLUED = {"AWS access key id", "GitHub token", "GitLab token", "Slack token", "Anthropic API key", "OpenAI API key",
          "Google API key", "Google OAuth secret", "Google OAuth token", "Stripe key", "Stripe webhook secret",
          "Hugging Face token", "npm token", "PyPI token", "SendGrid API key", "Twilio API key", "Mailgun API key",
          "Shopify token", "DigitalOcean token", "Databricks token", "Square token", "JSON Web Token"}


def _unglue(pattern: str) -> str:
    if pattern.startswith(r"\b"):
        pattern = r"(?<![A-Za-z0-9])" + pattern[2:]
    if pattern.endswith(r"\b"):
        pattern = pattern[:-2] + r"(?![A-Za-z0-9])"
    return pattern


SECRET_RULES = tuple((name, _unglue(p) if name in _GLUED else p, hints) for name, p, hints in SECRET_RULES)
SECRET_PATTERNS: tuple[tuple[str, str], ...] = tuple((name, p) for name, p, _ in SECRET_RULES)

# Kinds whose match must also look random before it counts (the keyword alone is not enough).
_NEEDS_SHAPE = {"credential assignment", "bearer token", "basic auth credentials"}
ASSIGN_WORDS = ("pass", "pwd", "secret", "key", "token")

_COMPILED = tuple((name, LazyPattern(p), hints) for name, p, hints in SECRET_RULES)
# A "run": 15+ characters of the base64url alphabet. Found with bytes.translate, far faster than a regex.
ALNUM_TABLE = bytes(0x61 if (i < 128 and chr(i).isalnum()) else 0x20 for i in range(256))
_RUN_TABLE = bytes(0x61 if (i < 128 and (chr(i).isalnum() or chr(i) in "+/_=-")) else 0x20 for i in range(256))


_PLACEHOLDER_WORDS = LazyPattern(
    r"(?i)x{4,}|\*{3,}|\.{3}|…|<[^>]*>|\{[^}]*\}|\$\{|\$[A-Z_]{3,}|%[A-Z_]+%|your|example|sample|placeholder|default"
    r"|dummy|fake|changeme|change[_-]?me|redacted|insert|replace|here\b|here_|_here|secret[_-]?(?:key|value)"
    r"|my[_-]?(?:api|secret|token|key|pass)|^(?:pass(?:word)?|secret|token|api[_-]?key|key|value|string|null|none"
    r"|true|false|test|demo|admin|root|user|username|hunter2|s3cr3t|p@ssw0rd|pa\$\$word|password1|password123"
    r"|123456+|abc123|qwerty|letmein)$|^(.)\1+$|(?:abc|123|xyz){2,}|0123456789|abcdef(?:ghij)?")


def is_placeholder(value: str) -> bool:
    """True for obvious stand-ins such as ``YOUR_API_KEY``, ``<token>``, ``${SECRET}``, ``xxxx``, ``sk-...``."""
    return bool(_PLACEHOLDER_WORDS.search(value))


# The password of a connection string is a secret unless it is one of these stand-ins. Narrower than
# `is_placeholder` on purpose: `hunter2`, `admin`, `root`, `test` are weak passwords, not placeholders, and a weak
# password in a committed URL is still a password.
_PASSWORD_PLACEHOLDER = LazyPattern(
    r"(?i)^(?:pass|passwd|password|pwd|secret|changeme|change[_-]?me|(?:your|my|db|the)[_-]?(?:pass(?:word)?|pwd)"
    r"|x{3,}|\*{3,}|\.{3}|…)$"
    r"|^<[^<>]*>$|^\$\{[^{}]*\}$|^\$[A-Za-z_][A-Za-z0-9_]*$|^%[A-Za-z_][A-Za-z0-9_]*%$|^\{\{?[^{}]*\}?\}$|^\[[^\[\]]*\]$")


def is_password_placeholder(value: str) -> bool:
    """``password``, ``changeme``, ``<password>``, ``${DB_PASSWORD}``, ``$PGPASS``, ``%PWD%``, ``{pw}``, ``****``: the
    password of a connection string that is a documented stand-in (TC511), not a secret (TC502)."""
    return bool(_PASSWORD_PLACEHOLDER.search(value))


def connection_passwords(text: str) -> list[str]:
    """The passwords of the connection strings in ``text`` (URL ``user:password@`` and ``Password=...;``), as
    written, placeholders included."""
    out = []
    if "@" in text and "://" in text:
        out.extend(m.group("secret") for m in _CONN_URL[1].finditer(text))
    if ";" in text:
        out.extend(m.group("secret") for m in _CONN_ADO[1].finditer(text))
    return out


# ------------------------------------------------------------------------------------------ entropy heuristics

_LONG_TOKEN = LazyPattern(r"[A-Za-z0-9+/_=-]{15,}")
_SEGMENT_SPLIT = LazyPattern(r"[/+_=-]+")
_CLASS_RUNS = LazyPattern(r"[a-z]+|[A-Z]+|[0-9]+")
_LOWER_WORDS = LazyPattern(r"[a-z]{3,}")
# A word that says the next literal is a credential (gitleaks' generic-api-key keywords), on lower-cased text.
_KW_BEFORE = LazyPattern(r"api[_ -]?key|apikey|secret|token|passw|pwd|credential|private[_ -]?key|access[_ -]?key"
                        r"|bearer|authorization")
_DIGIT = LazyPattern(r"[0-9]")
_LETTER = LazyPattern(r"[A-Za-z]")
_LOWER = LazyPattern(r"[a-z]")
_UPPER = LazyPattern(r"[A-Z]")
_UUID = LazyPattern(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_CURSOR_WORDS = LazyPattern(r"(?i)page|next|continu|cursor|sync|resume|offset|nonce|csrf|session[_ ]?id")
_BASE64ISH = LazyPattern(r"^[A-Za-z0-9+/]+={0,2}$|^[A-Za-z0-9_-]+={0,2}$")


def shannon_entropy(s: str) -> float:
    n = len(s)
    if not n:
        return 0.0
    return -sum(c / n * math.log2(c / n) for c in Counter(s).values())


def _sequential(s: str) -> bool:
    """``a1b2c3d4``, ``ABC123DEF456``, ``0123456789abcdef``: hand-typed stand-ins, not random."""
    for cls in (str.isalpha, str.isdigit):
        chars = [c.lower() for c in s if cls(c)]
        if len(chars) < 6:
            continue
        steps = sum(1 for a, b in zip(chars, chars[1:], strict=False) if ord(b) - ord(a) == 1 or (a, b) == ("9", "0"))
        if steps / (len(chars) - 1) >= 0.6:
            return True
    return False


def _decodes_to_text(token: str) -> bool:
    """Base64 sample data (``SGVsbG8gd29ybGQ=``) decodes to readable text; a random key does not."""
    import base64
    import binascii

    core = token.rstrip("=")
    if len(core) < 16 or not _BASE64ISH.match(token):
        return False
    for alt in (None, b"-_"):
        try:
            raw = base64.b64decode(core + "=" * (-len(core) % 4), altchars=alt, validate=True)
        except (binascii.Error, ValueError):
            continue
        if raw and sum(1 for b in raw if 32 <= b < 127 or b in (9, 10, 13)) / len(raw) >= 0.9:
            return True
    return False


def looks_random(token: str, min_len: int = 20, relaxed: bool = False) -> bool:
    """True when ``token`` (one base62/base64 run) looks like a machine-generated secret.

    Strict (context-free) mode needs a run of at least ``min_len`` characters without separators that mixes
    upper case, lower case and digits, has near-maximal entropy for its length, alternates character classes
    often and is not mostly lower-case words (``BioSamples_get_facets`` and ``InputBondAtom1`` are identifiers).
    Relaxed mode (after a keyword such as ``api_key``) accepts hex and single-case literals of 16+ characters.
    Both reject placeholders, sequences (``a1b2c3...``), UUIDs, UPPER_SNAKE names and base64-encoded text.
    """
    core = token.strip("=")
    if "_" in core and core == core.upper():
        return False  # an UPPER_SNAKE name such as RXN4CHEMISTRY_API_KEY
    if relaxed:
        if len(core) < 16 or not _DIGIT.search(core) or not _LETTER.search(core):
            return False
        if "." in core and not re.search(r"[A-Za-z0-9_-]{16,}", core):
            return False
        if sum(len(w) for w in _LOWER_WORDS.findall(core)) / len(core) > 0.5:
            return False  # mostly lower-case words: a phrase or an identifier
        if shannon_entropy(core) < 3.0:
            return False
    else:
        seg = max(_SEGMENT_SPLIT.split(core), key=len)
        n = len(seg)
        if n < min_len - 4 or len(core) < min_len:
            return False
        if not (_LOWER.search(seg) and _UPPER.search(seg) and _DIGIT.search(seg)):
            return False
        if n / max(len(_CLASS_RUNS.findall(seg)), 1) > 2.3:
            return False
        if sum(len(w) for w in _LOWER_WORDS.findall(seg)) / n >= 0.4:
            return False
        if shannon_entropy(seg) < min(math.log2(n), 6.0) - 0.9:
            return False
    if is_placeholder(token) or _UUID.fullmatch(token) or _sequential(token):
        return False
    return not _decodes_to_text(core)


def _runs(text: str, n: int = 15) -> list[tuple[int, int]]:
    """Spans of the runs of at least ``n`` base64url characters in ``text``."""
    if len(text) < n:
        return []
    if not text.isascii():
        return [m.span() for m in _LONG_TOKEN.finditer(text)] if n == 15 else \
            [m.span() for m in _LONG_TOKEN.finditer(text) if m.end() - m.start() >= n]
    b = text.encode("ascii").translate(_RUN_TABLE)
    pat = b"a" * n
    out = []
    i = b.find(pat)
    while i != -1:
        j = b.find(b" ", i + n)
        j = len(b) if j == -1 else j
        out.append((i, j))
        i = b.find(pat, j)
    return out


def has_run(text: str, n: int = 15) -> bool:
    """True when ``text`` holds ``n`` consecutive ASCII letters and digits: a token could be there.

    Every token format and every random literal reported has such a run (snake_case identifiers do not).
    """
    if len(text) < n:
        return False
    return (b"a" * n) in text.encode("utf-8", "surrogatepass").translate(ALNUM_TABLE)


def _high_entropy_spans(text: str, runs: list[tuple[int, int]], taken: list[tuple[str, int, int]],
                        low: str | None) -> list[tuple[str, int, int]]:
    out: list[tuple[str, int, int]] = []
    for s, e in runs:
        if s and text[s - 1] in ".\\":
            k = text.find("/", s, e)  # `host.tld/path/TOKEN`: a token may start after a slash
            if k == -1 or e - k - 1 < 16:
                continue
            s = k + 1
        if e - s < 16 or any(s < fe and fs < e for _, fs, fe in taken):
            continue
        tok = text[s:e]
        if low is None:
            low = text.lower()
        kw = _KW_BEFORE.search(low, max(0, s - 40), s)
        if kw and not _CURSOR_WORDS.search(low, max(0, kw.start() - 24), kw.end()) \
                and looks_random(tok, relaxed=True):
            out.append(("high-entropy string", s, e))
        elif e - s >= 20 and looks_random(tok):
            out.append(("high-entropy string", s, e))
    return out


# ------------------------------------------------------------------------------------------------ finding

def _shape_ok(value: str) -> bool:
    """An assigned value counts as a credential when it is not prose: letters and digits, or random-looking."""
    if re.search(r"[A-Za-z]", value) and re.search(r"[0-9]", value):
        return True
    return looks_random(value, relaxed=True)


_SHORT_KINDS = {"private key block", "connection string password", "credential assignment"}
_TOKEN_RULES = tuple(r for r in _COMPILED if r[0] not in _SHORT_KINDS)
_TOKEN_HINTS = tuple(dict.fromkeys(h for _, _, hints in _TOKEN_RULES for h in hints))
_PRIVATE_KEY, _CONN_URL, _CONN_ADO, _ASSIGNMENT = (
    r[:2] for r in (_COMPILED[0], *(x for x in _COMPILED if x[0] == "connection string password"), _COMPILED[-1]))


def _any_in(needles, hay: str) -> bool:
    for n in needles:
        if n in hay:
            return True
    return False


def assignment_positions(low: str, first_only: bool = False) -> list[int]:
    """Where a credential keyword is directly followed by `=` or `:` (``password=``, ``"api_key": ``).

    ``low`` is lower-cased text. Cheap: a few ``str.find`` calls and a short look at what follows each hit.
    """
    out: list[int] = []
    if "=" not in low and ":" not in low:
        return out
    n = len(low)
    for w in ASSIGN_WORDS:
        i = low.find(w)
        while i != -1:
            j = i + len(w)
            k = j
            while k < n and k - j < 20 and (low[k].isalnum() or low[k] in "_-"):
                k += 1
            while k < n and low[k] in "\"' ":
                k += 1
            if k < n and low[k] in "=:":
                out.append(i)
                if first_only:
                    return out
            i = low.find(w, j)
    return out


_PEM_ARMOUR = re.compile(r"-----(?:BEGIN|END) [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----")
_BASE64_RUN = re.compile(r"[A-Za-z0-9+/]{32,}")


def has_key_material(block: str) -> bool:
    """Whether a matched private key block holds key material: 32 or more base64 characters in a row between
    its armour lines (line breaks, including escaped ``\\n``, and spaces do not count as breaks)."""
    body = re.sub(r"\\[nr]|[\s\\]", "", _PEM_ARMOUR.sub("|", block))  # an ellipsis (`...`) stays a break
    return bool(_BASE64_RUN.search(body))


def _apply(name: str, rx, text: str, found: list[tuple[str, int, int]]) -> None:
    for m in rx.finditer(text):
        if "secret" in rx.groupindex and m.group("secret") is not None:
            s, e = m.start("secret"), m.end("secret")
        else:
            s, e = m.start(), m.end()
        value = text[s:e]
        if is_password_placeholder(value) if name == "connection string password" else is_placeholder(value):
            continue  # a URL's password is always a secret unless it is a stand-in: `hunter2` is masked too
        if name in _NEEDS_SHAPE and not _shape_ok(value):
            continue
        if name == "private key block" and not has_key_material(value):
            continue  # prose naming the format's header (`-----BEGIN PRIVATE KEY-----`) holds no key
        if name == "credential assignment" and _CURSOR_WORDS.search(text, max(0, m.start() - 24), e + 24):
            continue  # a page token or cursor is opaque, not secret
        if any(s < fe and fs < e for _, fs, fe in found):
            continue
        found.append((name, s, e))


def find_secrets(text: str) -> list[tuple[str, int, int]]:
    """(kind, start, end) of each secret in ``text`` (the part to mask)."""
    if not isinstance(text, str) or len(text) < 6:
        return []
    found: list[tuple[str, int, int]] = []
    if "PRIVATE KEY" in text:
        _apply(*_PRIVATE_KEY, text, found)
    run = has_run(text)
    if run and _any_in(_TOKEN_HINTS, text):
        for name, rx, hints in _TOKEN_RULES:
            if _any_in(hints, text):
                _apply(name, rx, text, found)
    low = text.lower()
    if len(low) != len(text):
        low = text  # a few characters change length when lower-cased; keep offsets right
    if "@" in text and "://" in text:
        _apply(*_CONN_URL, text, found)
    if ";" in text and ("password" in low or "pwd" in low):
        _apply(*_CONN_ADO, text, found)
    if ("=" in text or ":" in text) and assignment_positions(low, first_only=True):
        _apply(*_ASSIGNMENT, text, found)
    if run:
        found.extend(_high_entropy_spans(text, _runs(text), found, low))
    found.sort(key=lambda t: t[1])
    return found
