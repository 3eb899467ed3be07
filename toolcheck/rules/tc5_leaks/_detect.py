"""The TC5 detectors: what one model-visible string leaks, each match owning its span (one problem, one owner)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ... import secrets as _sec
from ...masking import mask_value
from ...secrets import LazyPattern
from ._patterns import (
    ADDRESS_FORMATS,
    ADDRESS_WORDS,
    ADO,
    BARE_HOST,
    BARE_V4,
    BARE_V6,
    CLAUSE_END,
    CRED_FILE,
    DB_SCHEMES,
    EMAIL,
    ENV_CODE,
    EXAMPLE_DOMAINS,
    EXAMPLE_MARKER,
    EXCEPTION,
    G_DOT_HOST,
    G_IP,
    ID_MARKER,
    ID_WORDS,
    JAVA_ROOTS,
    JDBC_THIN,
    LOCALHOST_PORT,
    NETWORK_SCHEMES,
    NOT_TABLE_SUFFIX,
    PASSWORD_WORDS,
    PATH_FORMATS,
    PATH_LEAD,
    PATH_WORDS,
    PLACEHOLDER_HOSTS,
    PLACEHOLDER_SEGMENT,
    SECRET_KEYWORD,
    SECRET_WORDS,
    SQL_QUALIFIED,
    SQL_STATEMENTS,
    SQL_UPPER,
    SQL_WORDS,
    TABLE_AFTER,
    TABLE_BEFORE,
    TRACES,
    UNC_PATH,
    UNIX_PATH,
    URL,
    WIN_PATH,
    Allow,
    Scope,
    classify_host,
    name_words,
    placeholder_user,
    url_host,
)
from ._walk import Text


@dataclass
class Item:
    """One match of a detector: the code it belongs to, the text shown and why it was flagged."""
    code: str
    text: str  # shown in the message (masked for secrets)
    detail: str  # the kind/reason
    severity: str | None = None


Match = tuple[Text, list[Item]]  # a string and what one rule found in it


def _credential_name(words: set[str]) -> bool:
    """A name that says its value is a password or a key: `password`, `db_pwd`, `api_key`, `access_token`,
    `client_secret` (not a bare `key` such as `sort_key`, whose values are random-looking only by chance)."""
    return bool(words & PASSWORD_WORDS) or bool(words & _KEY_WORDS and words & _KEY_QUALIFIERS) \
        or bool(words & {"apikey", "passphrase", "credential", "credentials"})


_KEY_WORDS = {"key", "token", "secret"}
_KEY_QUALIFIERS = {"api", "access", "auth", "private", "client", "secret", "bearer", "refresh", "session", "signing",
                   "app", "service", "master", "admin", "account", "oauth", "personal", "token", "webhook"}


def context_secret(value: str, words: set[str]) -> bool:
    """Whether a literal (a `default`, `example`, `enum` value, `const`) of a property named by ``words`` is a
    secret that only its context reveals: one word of 6 to 200 characters, not a placeholder, that is random
    enough, or mixes letters and digits under a credential name (`api_key: {default: "Gh7kLm2Qx9Vz"}`)."""
    if " " in value or not 6 <= len(value) <= 200 or _sec.is_placeholder(value):
        return False
    if _credential_name(words) and re.search(r"[A-Za-z]", value) and re.search(r"\d", value):
        return True
    return _sec.looks_random(value, relaxed=True)


CREDENTIAL_HINT = LazyPattern(r"(?i)key|token|secret|passw|pwd|passphrase|credential|auth|bearer")


def overlaps(s: int, e: int, spans) -> bool:
    for fs, fe in spans:
        if s < fe and fs < e:
            return True
    return False


def short(s: str, n: int = 80) -> str:
    s = " ".join(s.split())
    return s if len(s) <= n else s[: n - 1] + "…"




# A loopback or private address (not a name: `wiki.corp`, `billing` say which network) in a format example
# names no server of the deployment: any local dev server or LAN looks the same.
EXAMPLE_ADDRESS_REASONS = ("loopback address", "loopback name", "private address")


# "throws an IllegalArgumentException", "@throws IOException", "Raises: KeyError", "raise ValueError(...)":
# documented behaviour of a wrapped method (or code), just before the name in the same sentence.
THROWS_CLAUSE = LazyPattern(r"(?i)(?:\b(?:throws?|thrown|raises?|raised|rethrows?)\b|@exception\b|@throws\b)"
                            r"[^.;:!?\n]{0,40}$|\bRaises:\s*$")
_FENCE = LazyPattern(r"```.*?(?:```|\Z)", re.S)
_PATCH_MARK = LazyPattern(r"(?m)^(?:@@ |diff --git |\+\+\+ |--- a/)")
_PATCH_LINE = LazyPattern(r"(?m)^[ \t]*(?:[+-](?![+-]{2})|@@).*$")


def code_spans(text: str) -> list[tuple[int, int]]:
    """Spans of example code in a string: fenced blocks, and the lines of a patch (a text with a hunk or file
    header: `@@ ... @@`, `diff --git`, `+++ b/...`)."""
    spans = [m.span() for m in _FENCE.finditer(text)] if "```" in text else []
    if _PATCH_MARK.search(text):
        spans += [m.span() for m in _PATCH_LINE.finditer(text)]
    return spans


class Detectors:
    """The detectors, run on one string by :meth:`scan_text`; the run's settings are the subclass's
    (:class:`.index.Scanner`)."""

    allow: Allow
    masker: Any
    enabled: set[str]
    internal_domains: tuple[str, ...]
    email_domains: tuple[str, ...]
    min_len: int

    def scan_text(self, t: Text, text: str, low: str, fams: set[str], scope: Scope) -> list[Item]:
        items: list[Item] = []
        taken: list[tuple[int, int]] = []  # spans owned by an earlier detector (one problem, one owner)
        words = name_words(t.context)
        if t.kind == "pattern":
            text = re.sub(r"\\(.)", r"\1", text).strip("^$")
            low = text.lower()
        if "secret" in fams:  # secrets first: they are the worst, and they own their spans
            self._secrets(t, text, words, items, taken)
        if "host" in fams:
            self._hosts(t, text, low, words, items, taken)
        if "email" in fams:
            self._emails(text, items, taken)
        if t.kind == "pattern":
            if "path" in fams:
                self._paths(t, text, words, items, taken)
            return items
        if "trace" in fams or "exc" in fams:
            for label, rx in TRACES:
                m = rx.search(text)
                if m and not overlaps(m.start(), m.end(), taken) and not self.allow.text(m.group()):
                    items.append(Item("TC508", short(m.group(), 60), label))
                    taken.append(m.span())
                    break
        if "path" in fams:
            self._paths(t, text, words, items, taken)
        if "sql" in fams and not (words & SQL_WORDS) and not scope.sql_tool:
            self._sql(text, low, items, taken)
        if "env" in fams:
            self._env(text, items, taken)
        if "exc" in fams and t.kind == "prose" and not any(i.code == "TC508" for i in items):
            self._exceptions(text, scope, items, taken)
        return items

    def _secrets(self, t: Text, text: str, words: set[str], items: list[Item], taken) -> None:
        for kind, s, e in self.masker.spans(text):
            value = text[s:e]
            if self.allow.text(value):
                continue
            if kind == "connection string password":
                continue  # reported with its connection string (TC502)
            if kind == "high-entropy string":
                keyword = bool(words & SECRET_WORDS) and not (words & ID_WORDS)
                keyword = keyword or bool(SECRET_KEYWORD.search(text, max(0, s - 40), s))
                if not keyword and (words & ID_WORDS or ID_MARKER.search(text, max(0, s - 40), s)):
                    continue  # a public identifier or sample data (spreadsheet id, hash, base64 payload)
                if not keyword and e - s < self.min_len:
                    continue
                items.append(Item("TC504", mask_value(value), "high-entropy string"))
            else:
                items.append(Item("TC503", mask_value(value), kind))
            self.masker.remember(value)
            taken.append((s, e))
        # a literal value of a property named like a credential: `password: {default: "hunter2x"}`
        if t.kind == "literal" and words & SECRET_WORDS and not overlaps(0, len(text), taken):
            value = text.strip()
            if context_secret(value, words) and not self.allow.text(value):
                items.append(Item("TC503", mask_value(value), f"hard-coded {t.field} of `{t.context}`"))
                self.masker.remember(value)
                taken.append((0, len(text)))

    def _hosts(self, t: Text, text: str, low: str, words: set[str], items: list[Item], taken) -> None:
        address_ctx = bool(words & ADDRESS_WORDS) or t.fmt in ADDRESS_FORMATS
        if "://" in text:
            # a description or example (not a default, const or enum: the tool's own value) documents a format
            documents = t.kind == "prose" or t.field == "example"
            self._urls(text, items, taken, documents, address_ctx)
        if "=" in text and ";" in text:
            for m in ADO.finditer(text):
                if not overlaps(m.start(), m.end(), taken):
                    self._connection(m.group(), m.group("host"), m.start(), m.end(), items, taken)
        if "jdbc:" in low:
            for m in JDBC_THIN.finditer(text):
                if not overlaps(m.start(), m.end(), taken):
                    self._connection(m.group(), m.group("host"), m.start(), m.end(), items, taken)
        if "TC501" not in self.enabled:
            return
        if G_DOT_HOST.search(low):
            self._bare_hosts(text, items, taken)
        # bare addresses: not where they document a format (`host: {description: "e.g. 192.168.1.10"}`)
        if address_ctx:
            return
        self._bare_addresses(text, low, items, taken)

    def _urls(self, text: str, items: list[Item], taken, documents: bool, address_ctx: bool) -> None:
        for m in URL.finditer(text):
            url = m.group().rstrip(".,;:!?")
            while url and url[-1] in ")]" and url.count(url[-1]) > url.count("(" if url[-1] == ")" else "["):
                url = url[:-1].rstrip(".,;:!?")
            s, e = m.start(), m.start() + len(url)
            if overlaps(s, e, taken):
                continue
            scheme, host, _ = url_host(url)
            if scheme in DB_SCHEMES or scheme.split("+")[0] in DB_SCHEMES:
                self._connection(url, host, s, e, items, taken)
                continue
            if scheme not in NETWORK_SCHEMES:
                continue
            taken.append((s, e))  # the URL's host decides; hosts in its path or query are not looked at
            why = classify_host(host, self.internal_domains)
            if why in EXAMPLE_ADDRESS_REASONS and documents and (
                    address_ctx or EXAMPLE_MARKER.search(text, max(0, s - 60), s)):
                continue  # `base_url: "e.g. http://localhost:3000"`, a proxy "such as http://10.10.1.10:3128"
            if why and not self.allow.host(host) and not self.allow.text(url, host):
                items.append(Item("TC501", f"{host} in {short(self.masker.mask(url), 70)}", why))

    def _bare_hosts(self, text: str, items: list[Item], taken) -> None:
        for m in BARE_HOST.finditer(text):
            host = m.group(1)
            if overlaps(m.start(), m.end(), taken) or host.split(".")[0].lower() in JAVA_ROOTS:
                continue
            why = classify_host(host, self.internal_domains)
            if why and not self.allow.host(host) and not self.allow.text(m.group()):
                items.append(Item("TC501", host, why))
                taken.append(m.span())

    def _bare_addresses(self, text: str, low: str, items: list[Item], taken) -> None:
        for rx, gate in ((BARE_V4, G_IP.search(text)), (BARE_V6, "::" in text or "fe80:" in low
                                                           or "fd" in low or "fc" in low),
                         (LOCALHOST_PORT, "localhost:" in low)):
            if not gate:
                continue
            for m in rx.finditer(text):
                if overlaps(m.start(), m.end(), taken):
                    continue
                host = m.group(1) if rx is not LOCALHOST_PORT else "localhost"
                why = classify_host(host)
                if not why or EXAMPLE_MARKER.search(text, max(0, m.start() - 60), m.start()):
                    continue  # "an IP address such as 192.168.1.1": a format example
                if self.allow.host(host) or self.allow.text(m.group()):
                    continue
                items.append(Item("TC501", m.group(), why))
                taken.append(m.span())

    def _connection(self, cs: str, host: str, s: int, e: int, items: list[Item], taken) -> None:
        taken.append((s, e))
        if self.allow.text(cs):
            return
        secret = [x for x in _sec.find_secrets(cs) if x[0] in ("connection string password", "credential assignment")]
        masked = short(self.masker.mask(cs), 90)
        if secret:
            items.append(Item("TC502", masked, "connection string with a password"))
            return
        h = host.lower().strip("[]")
        if not h or h in PLACEHOLDER_HOSTS or classify_host(h) in ("loopback address", "loopback name") \
                or any(c in h for c in "{}<>$%*") or h in EXAMPLE_DOMAINS \
                or h.endswith(tuple("." + d for d in EXAMPLE_DOMAINS)) or self.allow.host(h):
            return
        stand_ins = [p for p in _sec.connection_passwords(cs) if _sec.is_password_placeholder(p)]
        if stand_ins:  # a real host with a documented stand-in for its password: its own code, a warning
            items.append(Item("TC511", masked, f"placeholder password `{stand_ins[0]}`"))
            return
        items.append(Item("TC512", masked, "connection string"))  # no password: it names the host only

    def _emails(self, text: str, items: list[Item], taken) -> None:
        for m in EMAIL.finditer(text):
            if overlaps(m.start(), m.end(), taken):
                continue
            domain = m.group(1).strip("[]").lower()
            why = classify_host(domain, self.email_domains)
            if why in (None, "single-label host name", "loopback name"):
                continue
            if self.allow.host(domain) or self.allow.text(m.group()):
                continue
            items.append(Item("TC510", m.group(), why))
            taken.append(m.span())

    def _paths(self, t: Text, text: str, words: set[str], items: list[Item], taken) -> None:
        path_ctx = takes_path(t, words)
        # a description or example (not a default, const or enum: the tool's own value) of a parameter that takes
        # a path documents its format, as a URL parameter's "e.g. http://localhost:3000" does (see `_urls`)
        documents = path_ctx and (t.kind == "prose" or t.field == "example")
        for m in (CRED_FILE.finditer(text) if "/." in text or "\\." in text or "/etc/" in text else ()):
            if not overlaps(m.start(), m.end(), taken) and not self.allow.text(m.group()):
                items.append(Item("TC505", m.group(), "path of a credentials file"))
                taken.append(m.span())
        if "/" in text:
            self._unix_paths(text, path_ctx, documents, items, taken)
        if ":\\" in text:
            self._windows_paths(text, path_ctx, documents, items, taken)
        for m in (UNC_PATH.finditer(text) if "\\\\" in text else ()):
            if overlaps(m.start(), m.end(), taken) or m.group(1).lower() in PLACEHOLDER_HOSTS:
                continue
            if not self.allow.host(m.group(1)) and not self.allow.text(m.group()):
                items.append(Item("TC505", m.group(), "network share"))
                taken.append(m.span())

    def _unix_paths(self, text: str, path_ctx: bool, documents: bool, items: list[Item], taken) -> None:
        for m in UNIX_PATH.finditer(text):
            path = m.group(1).rstrip(".")
            s, e = m.start(1), m.start(1) + len(path)
            if overlaps(s, e, taken) or text[max(0, s - 6):s].endswith('File "'):
                continue
            why = _unix_path_reason(path, path_ctx)
            if why == HOME and documents and path_format_example(text, s, e):
                continue  # `folder`: "such as /home/marta/photos", "in the form /Users/jsmith/{project}"
            if why and not self.allow.text(path):
                items.append(Item("TC505", path, why))
                taken.append((s, e))

    def _windows_paths(self, text: str, path_ctx: bool, documents: bool, items: list[Item], taken) -> None:
        for m in WIN_PATH.finditer(text):
            if overlaps(m.start(), m.end(), taken):
                continue
            parts = m.group(2).split("\\")
            if parts[0].lower() in ("users", "documents and settings"):
                # the user segment as written: the match stops before `<` (`C:\\Users\\<name>\\...`)
                user = WIN_SEGMENT.match(text, m.start(2) + len(parts[0]) + 1).group()
                if not user or placeholder_user(user):
                    continue
                if documents and path_format_example(text, m.start(), m.end()):
                    continue
                why = HOME
            elif path_ctx:
                continue
            else:
                why = "absolute server path"
            if not self.allow.text(m.group()):
                items.append(Item("TC505", m.group().rstrip(".,"), why))
                taken.append(m.span())

    def _sql(self, text: str, low: str, items: list[Item], taken) -> None:
        found: list[str] = []
        rxs: tuple = SQL_STATEMENTS[:5] if any(k in text for k in SQL_UPPER) else ()
        if "select" in low or "insert into" in low or "delete from" in low or "update" in low:
            rxs += SQL_STATEMENTS[5:]
        for rx in rxs:
            for m in rx.finditer(text):
                if not overlaps(m.start(), m.end(), taken):
                    found.append(short(m.group(), 60))
                    taken.append(m.span())
        tables = _table_names(text, low, taken)
        if not found and tables:
            found = [f"table {x}" for x in tables]
        for f in found:
            if not self.allow.text(f, *tables):
                items.append(Item("TC506", f, "SQL"))

    def _env(self, text: str, items: list[Item], taken) -> None:
        names: list[str] = []
        for rx in ENV_CODE:
            for m in rx.finditer(text):
                if next((g for g in m.groups() if g), None) and not overlaps(m.start(), m.end(), taken):
                    names.append(m.group().strip())
                    taken.append(m.span())
        for n in dict.fromkeys(names):
            if not self.allow.text(n):
                items.append(Item("TC507", n, "code reading an environment variable"))

    def _exceptions(self, text: str, scope: Scope, items: list[Item], taken) -> None:
        seen = set()
        code = code_spans(text)
        for m in EXCEPTION.finditer(text):
            name = m.group(1) + m.group(2)
            if overlaps(m.start(), m.end(), taken) or m.group(2) in scope.vocabulary or name in seen:
                continue
            if overlaps(m.start(), m.end(), code) or THROWS_CLAUSE.search(text, max(0, m.start() - 50), m.start()):
                continue  # example code or a patch; a wrapped method's documented `throws`/`raises`
            if len(m.group(2)) <= len("Exception") + 1 and m.group(2).endswith("Exception"):
                continue
            seen.add(name)
            if not self.allow.text(name):
                items.append(Item("TC509", name, "exception class"))
                taken.append(m.span())




HOME = "user's home directory"
WIN_SEGMENT = LazyPattern(r"[^\\/\s'\"|*?:,;()]*")


def takes_path(t: Text, words: set[str]) -> bool:
    """Whether the string belongs to a parameter (or return field) whose value is a path: by its name (`path`,
    `output_dir`, `destination`), its `format` (`path`, `file-path`) or a description that opens by saying so
    ("Absolute path of the file to write", "Folder the photos come from"); never an integer, number or boolean."""
    if t.fmt in PATH_FORMATS:
        return True
    schema = t.schema
    typ = schema.get("type", "string") if isinstance(schema, dict) else "string"
    if isinstance(typ, list):
        typ = next((x for x in typ if x != "null"), "string")
    if typ in ("integer", "number", "boolean"):
        return False  # `max_files`, `log_level: integer`: a count or a switch, whatever its name says
    if words & PATH_WORDS:
        return True
    if t.prop is None or not isinstance(schema, dict):
        return False
    desc = schema.get("description")
    return isinstance(desc, str) and typ in ("string", "array") and bool(PATH_LEAD.match(desc))


def path_format_example(text: str, s: int, e: int) -> bool:
    """Whether the path at ``text[s:e]`` is given as a format: introduced as an example in its own clause
    ("e.g.", "such as", "in the form", the markers TC501 reads before an example URL), or templated with a
    placeholder segment right after it or in it (`/Users/jsmith/<project>`, `/home/jsmith/$PROJECT`)."""
    start = max(0, s - 60)
    for m in CLAUSE_END.finditer(text, start, s):
        start = m.end()
    if EXAMPLE_MARKER.search(text, start, s):
        return True
    return bool(PLACEHOLDER_SEGMENT.search(text[s:e]) or PLACEHOLDER_SEGMENT.match(text, e)
                or PLACEHOLDER_SEGMENT.match(text, e + 1) and text[e:e + 1] in "/\\")


def _unix_path_reason(path: str, path_ctx: bool) -> str | None:
    """Why an absolute Unix path is reported (None: it is not). In a path parameter's own text only a home
    directory with a real-looking user name is: an example path there documents the format."""
    parts = path.strip("/").split("/")
    root = parts[0]
    if root in ("home", "Users"):
        if len(parts) < 2 or placeholder_user(parts[1]):
            return None
        return HOME
    if path_ctx:
        return None
    if root in ("app", "workspace") and len(parts) < 3 and not re.search(r"\.\w{1,5}$", path):
        return None  # `/app/settings` reads like a URL route
    if root == "usr" and len(parts) < 3:
        return None
    return "absolute server path"


def _table_names(text: str, low: str, taken) -> list[str]:
    """Schema-qualified table names after FROM/JOIN/INTO/UPDATE/TABLE or next to the word "table"."""
    tables = []
    if "FROM" in text or "JOIN" in text or "INTO" in text or "UPDATE" in text or "TABLE" in text:
        for m in SQL_QUALIFIED.finditer(text):
            name = f"{m.group(1)}.{m.group(2)}"
            if not NOT_TABLE_SUFFIX.search(name):
                tables.append(name)
    if "table" in low and len(low) == len(text):
        for rx in (TABLE_AFTER, TABLE_BEFORE):
            for m in rx.finditer(low):
                name = text[m.start(1):m.end(1)]
                if not NOT_TABLE_SUFFIX.search(name) and not overlaps(m.start(), m.end(), taken):
                    tables.append(name)
    return list(dict.fromkeys(tables))

