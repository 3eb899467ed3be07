"""TC5: leaked internals and secrets in every string the model reads.

The strings: the tool's ``title``, ``description``, ``annotations.title`` and error descriptions, and,
recursively through ``parameters`` and ``returns`` (``properties``, ``items``, ``anyOf``, ``$defs``, ...), every
schema ``title``, ``description``, ``$comment``, ``default``, ``examples``, ``example``, ``enum``, ``const`` and
``pattern`` (escapes removed); property names and the keys of literal mappings are checked for secrets only
(and a finding about one points at its parent, so that the pointer does not spell the secret out).

How: the first TC5 rule that runs scans every reported contract at once (memoised in ``ctx.cache``, so each of
the ten rules only picks its own findings). All strings are joined and searched with ``bytes.find`` and
literal-led patterns for cheap hints (``://``, ``@``, ``/etc/``, ``SELECT``, ``$``, ``Exception``, a run of 15
letters and digits holding a digit, ...); only the few strings with a hint go through the detectors of the
enabled rules. One finding per string and rule; several matches in one string are listed in its message.

Detection is pattern data (modelled on the gitleaks rules and the detect-secrets plugins, see
``toolcheck.secrets``) plus context from the schema: a description of a parameter that *is* a host, a path or a
SQL query documents the format rather than the deployment, so bare example addresses, paths and SQL are not
reported there. Secrets are reported masked; each one is also handed to the run's masker
(:meth:`toolcheck.masking.Masker.remember`) so that it is hidden in any later message that quotes it.

Config: ``allow.domains`` (hosts, domain suffixes, IPs or CIDR ranges that are known and fine: never reported)
and ``allow.patterns`` (regular expressions; a match whose flagged text they match is not reported; an invalid
expression is matched as plain text).
"""

from __future__ import annotations

import gc
import ipaddress
import re
from bisect import bisect_right
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

from .. import secrets as _sec
from ..masking import mask_value
from ..model.findings import Hit
from ..model.pointer import escape_pointer_token
from ..registry import rule
from ..secrets import LazyPattern as _Lazy

# ------------------------------------------------------------------------------------------------- walking

PROSE_KEYS = ("title", "description", "$comment", "markdownDescription")
LITERAL_KEYS = ("default", "examples", "example", "enum", "const")
SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies")
SCHEMA_ONE = ("additionalProperties", "unevaluatedProperties", "items", "additionalItems", "unevaluatedItems",
              "contains", "propertyNames", "if", "then", "else", "not", "contentSchema")
SCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems", "items")
_FIELD = {"enum": "enum value", "examples": "example", "$comment": "comment", "markdownDescription": "description"}
MAX_DEPTH = 128
MAX_NODES = 50_000
MAX_TEXT = 100_000  # characters of one string that are scanned


@dataclass(slots=True)
class _Text:
    ptr: Any  # the pointer relative to the contract: a str, or (parent, token) built lazily (see `pointer`)
    text: str
    kind: str  # prose | literal | pattern | name
    field: str  # description, title, default, example, enum value, const, pattern, property name, ...
    section: str  # tool | parameters | returns | error `CODE`
    prop: str | None  # the nearest schema property name (owner and context for the detectors)
    schema: Any  # the schema holding the string (its `format` is context), or None
    key: str | None = None  # inside a literal mapping (`default: {Authorization: ...}`): the nearest key

    @property
    def context(self) -> str | None:
        """The name that says what the string is: the literal mapping key, else the property."""
        return self.key or self.prop

    @property
    def fmt(self) -> str | None:
        f = self.schema.get("format") if isinstance(self.schema, dict) else None
        return f if isinstance(f, str) else None

    @property
    def pointer(self) -> str:
        parts: list[str] = []
        p = self.ptr
        while isinstance(p, tuple):
            p, tok = p
            parts.append(escape_pointer_token(tok))
        return p + "".join("/" + x for x in reversed(parts))

    @property
    def hit_pointer(self) -> str:
        """Where a finding points: a name's own pointer would spell the name (a secret) out, so its parent."""
        if self.kind == "name" and isinstance(self.ptr, tuple):
            return _Text(self.ptr[0], "", "", "", self.section, None, None).pointer
        return self.pointer

    @property
    def owner(self) -> str:
        if self.section == "tool":
            return "the tool"
        if self.section.startswith("error"):
            return self.section
        if self.prop is None:
            return f"the {self.section} schema"
        return f"{'parameter' if self.section == 'parameters' else 'return field'} `{self.prop}`"


# A collected string is a tuple (ptr, text, kind, field, section, prop, schema), the fields of `_Text`: the
# walk makes ~70,000 of them over a large corpus, and only the few that may hold a leak become `_Text` objects.
_KEY_CODE = {**{k: 1 for k in PROSE_KEYS}, **{k: 2 for k in LITERAL_KEYS}, "pattern": 3,
             **{k: 4 for k in SCHEMA_MAPS}, **{k: 6 for k in SCHEMA_ONE}, **{k: 5 for k in SCHEMA_LISTS}}
_KEY_CODE["items"] = 7  # a schema or a list of schemas


def _literal_strings(value: Any, ptr: Any, field: str, section: str, prop: str | None, schema: Any,
                     out: list[tuple], names: list[tuple], budget: list[int]) -> None:
    stack: list[tuple[Any, Any, str | None, int]] = [(value, ptr, None, 0)]
    while stack:
        v, p, key, depth = stack.pop()
        budget[0] -= 1
        if budget[0] < 0 or depth > MAX_DEPTH:
            return
        if isinstance(v, str):
            out.append((p, v, "literal", field, section, prop, schema, key))
        elif isinstance(v, list):
            for i in range(len(v) - 1, -1, -1):
                stack.append((v[i], (p, i), key, depth + 1))
        elif isinstance(v, dict):
            for k, x in v.items():
                if isinstance(k, str):
                    names.append(((p, k), k, "name", field + " key", section, prop, schema, key))
                    stack.append((x, (p, k), k, depth + 1))


def _schema_strings(schema: Any, base: str, section: str, out: list[tuple], names: list[tuple]) -> None:
    budget = [MAX_NODES]
    stack: list[tuple[Any, Any, str | None, int]] = [(schema, base, None, 0)]
    code_of = _KEY_CODE.get
    while stack:
        node, ptr, prop, depth = stack.pop()
        budget[0] -= 1
        if budget[0] < 0:
            return
        for key, value in node.items():
            code = code_of(key)
            if code is None:
                continue
            if code == 1:
                if isinstance(value, str):
                    out.append(((ptr, key), value, "prose", _FIELD.get(key, key), section, prop, node))
            elif code == 2:
                if isinstance(value, str):
                    out.append(((ptr, key), value, "literal", _FIELD.get(key, key), section, prop, node))
                elif isinstance(value, list | dict):
                    _literal_strings(value, (ptr, key), _FIELD.get(key, key), section, prop, node, out, names,
                                     budget)
            elif code == 3:
                if isinstance(value, str):
                    out.append(((ptr, key), value, "pattern", "pattern", section, prop, node))
            elif depth >= MAX_DEPTH:
                continue
            elif code == 4:
                if not isinstance(value, dict):
                    continue
                named = key == "properties" or key == "patternProperties"
                kp = (ptr, key)
                for name, sub in value.items():
                    if not isinstance(name, str):
                        continue
                    sp = (kp, name)
                    if named:
                        names.append((sp, name, "name", "property name", section, name, None))
                        if isinstance(sub, dict):
                            stack.append((sub, sp, name, depth + 1))
                    elif isinstance(sub, dict):
                        stack.append((sub, sp, prop if key == "dependentSchemas" else name, depth + 1))
            elif isinstance(value, dict):
                if code != 5:
                    stack.append((value, (ptr, key), prop, depth + 1))
            elif isinstance(value, list) and code != 6:
                kp = (ptr, key)
                for i, sub in enumerate(value):
                    if isinstance(sub, dict):
                        stack.append((sub, (kp, i), prop, depth + 1))


def collect_strings(contract) -> tuple[list[tuple], list[tuple]]:
    """The model-visible strings of a contract (prose, literals, patterns) and its property and key names,
    as `_Text` field tuples."""
    data = contract.data
    out: list[tuple] = []
    names: list[tuple] = []
    if not isinstance(data, dict):
        return out, names
    for key in ("title", "description"):
        v = data.get(key)
        if isinstance(v, str):
            out.append(("/" + key, v, "prose", f"tool {key}", "tool", None, None))
    ann = data.get("annotations")
    if isinstance(ann, dict) and isinstance(ann.get("title"), str):
        out.append(("/annotations/title", ann["title"], "prose", "annotation title", "tool", None, None))
    errors = data.get("errors")
    if isinstance(errors, list):
        for i, e in enumerate(errors):
            if not isinstance(e, dict):
                continue
            code = e.get("code") if isinstance(e.get("code"), str) else str(i)
            for key in ("description", "message"):
                if isinstance(e.get(key), str):
                    out.append((f"/errors/{i}/{key}", e[key], "prose", key, f"error `{code}`", None, None))
    for key, section in ((contract.parameters_key, "parameters"), (contract.returns_key, "returns")):
        if key and isinstance(data.get(key), dict):
            _schema_strings(data[key], "/" + escape_pointer_token(key), section, out, names)
    return out, names


# ------------------------------------------------------------------------------------------------ context

_WORD_SPLIT = _Lazy(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


def _words(name: str | None) -> set[str]:
    if not name:
        return set()
    return {w.lower() for w in _WORD_SPLIT.findall(name)}


ADDRESS_WORDS = {"host", "hosts", "hostname", "hostnames", "ip", "ips", "ipv4", "ipv6", "address", "addresses", "addr",
                 "server", "servers", "endpoint", "endpoints", "url", "urls", "uri", "uris", "proxy", "proxies",
                 "domain", "domains", "dns", "bind", "listen", "gateway", "node", "nodes", "peer", "peers", "origin",
                 "remote", "target", "targets", "http", "https", "cidr", "subnet", "network"}
ADDRESS_FORMATS = {"ipv4", "ipv6", "hostname", "idn-hostname", "uri", "iri", "uri-reference", "iri-reference"}
PATH_WORDS = {"path", "paths", "file", "files", "filename", "filenames", "filepath", "dir", "dirs", "directory",
              "directories", "folder", "folders", "location", "dest", "destination", "output", "outfile", "source",
              "src", "log", "logs", "mount", "cwd", "root", "workdir", "workspace", "home", "prefix", "glob", "save",
              "target"}
# a parameter that takes SQL (by its name): SQL in its strings documents the input
SQL_WORDS = {"sql", "query", "queries", "adql", "statement", "statements", "stmt", "cmd", "command", "cypher", "hql",
             "ddl", "dml"}
SQL_STRICT_WORDS = {"sql", "adql", "cypher", "hql", "ddl", "dml", "statement", "statements", "stmt"}
# a tool that runs SQL (by its name)
SQL_TOOL_WORDS = {"sql", "adql", "cypher", "hql", "database", "db", "warehouse", "bigquery", "snowflake", "postgres",
                  "postgresql", "mysql", "sqlite", "duckdb", "athena", "redshift", "clickhouse"}
_SQL_MENTION = _Lazy(r"\b(?:SQL|ADQL|SELECT|Cypher|HQL)\b")
ID_WORDS = {"id", "ids", "uuid", "guid", "hash", "sha", "sha1", "sha256", "md5", "digest", "checksum", "etag",
            "cursor", "page", "commit", "revision", "fingerprint", "accession", "slug", "handle", "nonce", "seed",
            "sample", "base64", "data", "content", "image", "blob", "bytes", "encoded", "signature"}
SECRET_WORDS = {"key", "apikey", "token", "secret", "password", "passwd", "pwd", "passphrase", "credential",
                "credentials", "auth", "authorization", "bearer"}
PASSWORD_WORDS = {"password", "passwd", "pwd", "passphrase", "secret"}

_SECRET_KEYWORD = _Lazy(r"(?i)api[_ -]?key|apikey|secret|token|passw|pwd|credential|private[_ -]?key"
                             r"|access[_ -]?key|bearer|authorization")
_EXAMPLE_MARKER = _Lazy(r"(?i)\b(?:e\.g|i\.e|such as|for example|for instance|examples?|format|like)\b")
_ID_MARKER = _Lazy(r"(?i)\b(?:ids?|identifier|uuid|hash|sha\d*|md5|digest|checksum|commit|revision|cursor"
                        r"|accession|base64|sample data|encoded)\b")


class _Scope:
    """Per-contract context for the detectors, computed on first use."""

    def __init__(self, contract, texts: list[tuple], names: list[tuple]) -> None:
        self.contract = contract
        self.texts = texts
        self.names = names
        self._vocab: set[str] | None = None
        self._sql: bool | None = None

    @property
    def vocabulary(self) -> set[str]:
        """Enum/const/default strings, property names and error codes of this contract: its own words."""
        if self._vocab is None:
            vocab = {t[1] for t in self.texts if t[2] == "literal" and len(t[1]) <= 80}
            vocab.update(t[1] for t in self.names)
            errors = self.contract.data.get("errors")
            if isinstance(errors, list):
                vocab.update(e["code"] for e in errors if isinstance(e, dict) and isinstance(e.get("code"), str))
            self._vocab = vocab
        return self._vocab

    @property
    def sql_tool(self) -> bool:
        """The tool takes SQL (by its name or a top-level parameter), so SQL in its strings documents the input."""
        if self._sql is None:
            sql = bool(_words(self.contract.name) & SQL_TOOL_WORDS)
            params = self.contract.parameters
            props = params.get("properties") if isinstance(params, dict) else None
            if not sql and isinstance(props, dict):
                for k, v in props.items():
                    w = _words(k) if isinstance(k, str) else set()
                    if w & SQL_STRICT_WORDS:
                        sql = True
                    elif w & SQL_WORDS and isinstance(v, dict) and isinstance(v.get("description"), str):
                        sql = bool(_SQL_MENTION.search(v["description"]))
                    if sql:
                        break
            self._sql = sql
        return self._sql


# ------------------------------------------------------------------------------------------------ allow-list

class _Allow:
    def __init__(self, domains, patterns) -> None:
        self.domains: list[str] = []
        self.networks: list[Any] = []
        for d in domains or ():
            if not isinstance(d, str) or not d.strip():
                continue
            d = d.strip().lower().lstrip("*").lstrip(".")
            try:
                self.networks.append(ipaddress.ip_network(d, strict=False))
                continue
            except ValueError:
                pass
            self.domains.append(d)
        self.patterns: list[re.Pattern] = []
        for p in patterns or ():
            if not isinstance(p, str) or not p:
                continue
            try:
                self.patterns.append(re.compile(p))
            except re.error:
                self.patterns.append(re.compile(re.escape(p)))  # not a valid regex: match it literally

    def host(self, host: str) -> bool:
        h = host.lower().strip("[]").rstrip(".")
        if any(h == d or h.endswith("." + d) for d in self.domains):
            return True
        if self.networks:
            try:
                ip = ipaddress.ip_address(h)
            except ValueError:
                return False
            return any(ip in n for n in self.networks if n.version == ip.version)
        return False

    def text(self, *texts: str) -> bool:
        return any(p.search(t) for p in self.patterns for t in texts if t)


# ------------------------------------------------------------------------------------------------ hosts

INTERNAL_TLDS = ("internal", "local", "localdomain", "localhost", "corp", "lan", "intranet", "intra", "home.arpa",
                 "home", "private", "priv", "svc", "consul")
INTERNAL_LABEL_WORDS = {"internal", "intranet", "intra", "corp"}
PLACEHOLDER_HOSTS = {"host", "hostname", "server", "servername", "domain", "ip", "address", "endpoint", "service",
                     "machine", "example", "foo", "bar", "baz", "your-host", "yourhost", "your-server", "yourserver",
                     "your-domain", "yourdomain", "myhost", "myserver", "my-server", "my-host", "hostip", "host-ip",
                     "ip-address", "ip_address", "server-ip", "server_ip", "remote", "proxy", "proxyhost"}
EXAMPLE_DOMAINS = ("example.com", "example.org", "example.net", "example", "test", "invalid", "domain.com",
                   "yourdomain.com", "your-domain.com", "mydomain.com", "company.com", "hostname.com", "server.com")
_INTERNAL_NETS = tuple((ipaddress.ip_network(n), why) for n, why in (
    ("10.0.0.0/8", "private address"), ("172.16.0.0/12", "private address"), ("192.168.0.0/16", "private address"),
    ("169.254.0.0/16", "link-local address"), ("fc00::/7", "private address"), ("fe80::/10", "link-local address")))
JAVA_ROOTS = {"com", "org", "net", "java", "javax", "jdk", "sun", "android", "io", "edu", "gov", "kotlin", "scala"}

NETWORK_SCHEMES = {"http", "https", "ws", "wss", "ftp", "ftps", "sftp", "ssh", "git", "grpc", "grpcs", "tcp", "udp",
                   "smb", "nfs", "ldap", "ldaps", "telnet", "rtsp", "svn", "rsync", "imap", "imaps", "smtp", "smtps",
                   "pop3", "sip", "socks", "socks4", "socks5", "socks5h", "h2", "h2c", "webdav", "dav"}
DB_SCHEMES = {"postgres", "postgresql", "postgis", "mysql", "mariadb", "mongodb", "mongodb+srv", "redis", "rediss",
              "amqp", "amqps", "mssql", "sqlserver", "oracle", "clickhouse", "cockroachdb", "cassandra", "couchdb",
              "couchbase", "couchbases", "neo4j", "neo4j+s", "neo4j+ssc", "bolt", "bolt+s", "memcached", "nats",
              "mqtt", "mqtts", "kafka", "snowflake", "db2", "influxdb", "sqlite", "duckdb", "cockroach", "trino",
              "presto", "hive", "vertica", "teradata", "firebird", "arangodb", "elasticsearch", "opensearch",
              "etcd", "zookeeper", "rabbitmq", "libsql"}

_URL = _Lazy(r"(?i)(?<![\w+.-])(?:jdbc:[a-z0-9]+(?::[a-z]+)*:|[a-z][a-z0-9+.-]{1,20}:)//"
                  r"[^\s'\"<>`\\|^{}]*(?:(?:\{[^}\s]*\}|<[\w-]{1,40}>)[^\s'\"<>`\\|^{}]*)*")
_ADO = _Lazy(r"(?i)\b(?:Server|Data Source|Host|Address)\s*=\s*(?P<host>[^;\s'\"]+)\s*;[^\n'\"]*?"
                  r"\b(?:Database|Initial Catalog|User Id|UID)\s*=[^\n'\"]*")
_JDBC_THIN = _Lazy(r"(?i)\bjdbc:[a-z0-9]+(?::[a-z]+)*:@(?://)?(?P<host>[A-Za-z0-9.-]+)(?::\d+)?[:/]\w+")
_BARE_HOST = _Lazy(r"(?i)(?<![\w.@/:%-])((?:[a-z0-9](?:[a-z0-9_-]{0,62}[a-z0-9])?\.)+"
                        r"(?:internal|local|localdomain|localhost|corp|lan|intranet|intra|home\.arpa|svc|consul))"
                        r"(?::\d{1,5})?(?![\w-]|\.[a-z0-9])")
_BARE_V4 = _Lazy(r"(?<![\w.:/-])(\d{1,3}(?:\.\d{1,3}){3})(?::(\d{1,5}))?(?![\w-]|\.\d)")
_BARE_V6 = _Lazy(r"(?i)(?<![\w:.])(::1|fe[89ab][0-9a-f]:[0-9a-f:]*[0-9a-f]|f[cd][0-9a-f]{2}:[0-9a-f:]*[0-9a-f])"
                      r"(?![\w:])")
_LOCALHOST_PORT = _Lazy(r"(?i)(?<![\w.@/-])localhost:\d{2,5}\b")


def classify_host(host: str, internal_domains: tuple[str, ...] = ()) -> str | None:
    """Why ``host`` is internal (a short reason), or None when it is public or a placeholder."""
    h = host.lower().strip().rstrip(".")
    if h.startswith("[") and h.endswith("]"):
        h = h[1:-1]
    if not h or any(c in h for c in "{}<>$%*") or h in PLACEHOLDER_HOSTS:
        return None
    try:
        ip = ipaddress.ip_address(h.split("%", 1)[0])
    except ValueError:
        ip = None
    if ip is not None:
        if ip.is_loopback:
            return "loopback address"
        for net, why in _INTERNAL_NETS:
            if ip.version == net.version and ip in net:
                return why
        return None
    if re.fullmatch(r"[\d.]+", h):
        return None  # not an IP (e.g. a version number)
    if h == "localhost" or h.endswith(".localhost") or h == "localhost.localdomain":
        return "loopback name"
    for d in internal_domains:
        d = d.lower().lstrip("*").lstrip(".")
        if d and (h == d or h.endswith("." + d)):
            return f"configured internal domain {d}"
    labels = h.split(".")
    if len(labels) == 1:
        if re.fullmatch(r"[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?", h) and len(h) > 1 and not h.isdigit():
            return "single-label host name"
        return None
    if labels[0] in JAVA_ROOTS:
        return None
    for tld in INTERNAL_TLDS:
        if h.endswith("." + tld):
            return f".{tld} domain"
    for label in labels[:-1]:
        if set(label.replace("_", "-").split("-")) & INTERNAL_LABEL_WORDS:
            return f"`{label}` label"
    return None


def _url_host(url: str) -> tuple[str, str, str | None]:
    """(scheme, host, userinfo) of a URL-like string."""
    scheme, _, rest = url.partition("://")
    scheme = scheme.lower()
    if scheme.startswith("jdbc:"):
        scheme = scheme.split(":")[1]
    authority = re.split(r"[/?#]", rest, maxsplit=1)[0]
    userinfo = None
    if "@" in authority:
        userinfo, _, authority = authority.rpartition("@")
    authority = authority.split(",")[0]  # mongodb://h1,h2,h3
    if authority.startswith("["):
        host = authority[: authority.find("]") + 1] if "]" in authority else authority
    else:
        host = authority.split(":")[0]
    return scheme, host.strip(")]>'\"`"), userinfo


# ------------------------------------------------------------------------------------------------ paths

_UNIX_PATH = _Lazy(
    r"(?:(?<=file://)|(?<=file://localhost)|(?<![\w.:/~$%{}\\-]))"
    r"(/(?:etc|home|Users|root|var|opt|srv|app|mnt|Volumes|private/var|usr/local|workspace)"
    r"(?:/[^\s'\"`<>|,;:()\[\]{}*?]+)+)")
_WIN_PATH = _Lazy(r"(?<![\w\\])([A-Za-z]):\\((?:[^\\\s'\"<>|*?:]+(?: [^\\\s'\"<>|*?:]+)*\\)+"
                       r"[^\\\s'\"<>|*?:,;)]*)")
_UNC_PATH = _Lazy(r"(?<![\w\\])\\\\([A-Za-z0-9._-]+)\\([A-Za-z0-9$._ -]+)")
_CRED_FILE = _Lazy(
    r"(?:~|\$HOME|%USERPROFILE%|/home/[^/\s]+|/Users/[^/\s]+|/root)?[/\\]\.(?:ssh[/\\]id_[a-z0-9]+|aws[/\\]credentials"
    r"|netrc|pgpass|git-credentials|docker[/\\]config\.json|kube[/\\]config|npmrc|pypirc)\b"
    r"|/etc/(?:shadow|gshadow|sudoers|master\.passwd)\b")
PLACEHOLDER_USERS = {"user", "users", "username", "user_name", "you", "yourname", "your_name", "your-name", "yourusername",
                     "your_username", "name", "me", "myuser", "myname", "example", "demo", "test", "default",
                     "public", "shared", "guest", "john", "jane", "johndoe", "janedoe", "jdoe", "alice", "bob", "foo",
                     "bar", "someone", "all users", "downloads", "documents", "desktop", "appdata", "pictures",
                     "music", "videos", "current", "xxx", "...", "<user>", "{user}", "$user", "%username%",
                     "username%"}


def _placeholder_user(u: str) -> bool:
    u = u.lower()
    return u in PLACEHOLDER_USERS or bool(re.search(r"[<>{}$%*]|^\.\.\.|your|^x+$", u))


# ------------------------------------------------------------------------------------------------ SQL

_SQL_STATEMENTS = (
    _Lazy(r"\bSELECT\s+(?:DISTINCT\s+|TOP\s+\d+\s+)?[^;]{1,200}?\bFROM\s+[\w.\"`\[\]]+"),
    _Lazy(r"\bINSERT\s+INTO\s+[\w.\"`\[\]]+"),
    _Lazy(r"\bUPDATE\s+[\w.\"`\[\]]+\s+SET\b"),
    _Lazy(r"\bDELETE\s+FROM\s+[\w.\"`\[\]]+"),
    _Lazy(r"\b(?:CREATE|DROP|ALTER|TRUNCATE)\s+TABLE\s+(?:IF\s+(?:NOT\s+)?EXISTS\s+)?[\w.\"`\[\]]+"),
    _Lazy(r"(?i)\bselect\s+(?:\*|\w+(?:\s*,\s*\w+)+)\s+from\s+[\w.\"`]+"),
    _Lazy(r"(?i)\binsert\s+into\s+[\w.\"`]+\s*\("),
    _Lazy(r"(?i)\bdelete\s+from\s+[\w.\"`]+\s+where\b"),
    _Lazy(r"(?i)\bupdate\s+[\w.\"`]+\s+set\s+\w+\s*="),
)
_SQL_QUALIFIED = _Lazy(r"\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+[\"`\[]?([A-Za-z_]\w*)[\"`\]]?\.[\"`\[]?([A-Za-z_]\w*)")
_TABLE_AFTER = _Lazy(r"tables?\s+[`'\"]?([a-z_]\w*\.[a-z_]\w*)")  # on lower-cased text
_TABLE_BEFORE = _Lazy(r"\b([a-z_]\w*\.[a-z_]\w*)[`'\"]?\s+tables?\b")
_SQL_UPPER = ("SELECT", "INSERT", "UPDATE", "DELETE", "CREATE", "DROP", "ALTER", "TRUNCATE")
_NOT_TABLE_SUFFIX = _Lazy(r"(?i)\.(?:json|ya?ml|csv|tsv|txt|xml|html?|md|py|js|ts|java|go|rb|php|sql|db|gz|zip"
                               r"|pdf|png|jpe?g|com|org|net|io|gov|edu|dev|ai|app|co|uk|de|jp)$")


# ------------------------------------------------------------------------------------------------ env vars

_ENV_NAME = r"[A-Za-z_][A-Za-z0-9_]*"
_ENV_DOLLAR = (
    _Lazy(r"\$\{\{\s*(?:secrets|env|vars)\.(" + _ENV_NAME + r")\s*\}\}"),
    _Lazy(r"\$\{(" + _ENV_NAME + r")(?::?[-=?+][^}]*)?\}"),
    _Lazy(r"\$([A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9])\b"),
)
_ENV_PERCENT = _Lazy(r"%([A-Z][A-Z0-9]*_[A-Z0-9_]+)%")
_ENV_CODE = (
    _Lazy(r"\bos\.environ(?:\.get\(\s*|\[\s*)[\"'](" + _ENV_NAME + r")[\"']"),
    _Lazy(r"\b(?:os\.getenv|getenv|System\.getenv|os\.Getenv|env::var|Environment\.GetEnvironmentVariable"
               r"|ENV\.fetch)\(\s*[\"'](" + _ENV_NAME + r")[\"']"),
    _Lazy(r"\bprocess\.env(?:\.(" + _ENV_NAME + r")|\[\s*[\"'](" + _ENV_NAME + r")[\"']\s*\])"),
    _Lazy(r"\bENV\[\s*[\"'](" + _ENV_NAME + r")[\"']\s*\]"),
    _Lazy(r"\bimport\.meta\.env\.(" + _ENV_NAME + r")"),
)
_UPPER = r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+"
_ENV_SUFFIX = _Lazy(r"(?<![\w$%{])(" + r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_(?:API_KEY|ACCESS_KEY(?:_ID)?|SECRET_KEY"
                         r"|PRIVATE_KEY|SIGNING_KEY|ENCRYPTION_KEY|LICENSE_KEY|MASTER_KEY|KEY|TOKEN|SECRET|PASSWORD"
                         r"|PASSWD|PWD|CREDENTIALS?|DSN|URL|URI|CONNECTION_STRING|CONN_STR|CLIENT_ID)" + r")\b")
_ENV_PHRASE = _Lazy(r"(?<![\w$%{])(" + _UPPER + r")\b[`'\"]?\s*\(?\s*(?:[Ee]nv(?:ironment)?\.?\s*var(?:iable)?s?\b"
                         r"|[Ee]nvironment\b)|\b(?:[Ee]nv(?:ironment)?\.?\s*var(?:iable)?s?|[Ee]nvironment)\s*[`'\"(:]?\s*"
                         r"(" + _UPPER + r")\b")
_KEY_NOT_ENV = {"SORT", "PRIMARY", "FOREIGN", "PARTITION", "CACHE", "IDEMPOTENCY", "ROW", "HASH", "RANGE", "UNIQUE",
                "COMPOSITE", "SHIFT", "CTRL", "ALT", "META", "OBJECT", "GROUP", "LOOKUP", "DEDUP", "ROUTING", "SHARD"}
_ENV_PLACEHOLDER = _Lazy(r"YOUR|EXAMPLE|PLACEHOLDER|DUMMY|XXX|SAMPLE|FAKE|CHANGE_?ME|MY_")


# ------------------------------------------------------------------------------------------------ traces

_TRACES = (
    ("Python traceback", _Lazy(r"Traceback \(most recent call last\)")),
    ("Python stack frame", _Lazy(r"File \"[^\"\n]+\", line \d+")),
    ("JVM stack frame", _Lazy(r"\bat\s+[a-z][\w$]*(?:\.[\w$<>]+){2,}\((?:[\w$]+\.(?:java|kt|scala|groovy|clj)"
                                   r"(?::\d+)?|Native Method|Unknown Source)?")),
    ("JVM exception header", _Lazy(r"Exception in thread \"[^\"]*\"|\bCaused by: [\w.$]+(?:Exception|Error)")),
    ("Node.js stack frame", _Lazy(r"\bat\s+(?:[\w$.<>\[\] ]+\s+)?\(?(?:/|file://|[A-Za-z]:\\|node:)[^\s)]+:\d+:\d+"
                                       r"\)?")),
    (".NET stack frame", _Lazy(r"\bat\s+[\w.`<>]+\([^)\n]*\)\s+in\s+\S+:line\s+\d+")),
    ("Go panic", _Lazy(r"goroutine \d+ \[[a-z ]+\]:|panic: .+\n\s*goroutine")),
    ("Ruby stack frame", _Lazy(r"(?:from\s+)?/[\w./-]+\.rb:\d+:in\s+[`'][^'\n]+'")),
    ("PHP stack trace", _Lazy(r"Stack trace:\s*\n?\s*#0|(?:Fatal error|Warning): .{0,200}? in /\S+\.php on line \d+")),
    ("Rust panic", _Lazy(r"thread '[^'\n]*' panicked at")),
)
_EXCEPTION = _Lazy(r"\b((?:[a-z][a-z0-9_]*\.){0,6})([A-Z][A-Za-z0-9]*[a-z0-9A-Z](?:Exception|Error))\b")


# ------------------------------------------------------------------------------------------------ e-mail

_EMAIL = _Lazy(r"(?<![\w.%+:/-])[A-Za-z0-9][A-Za-z0-9._%+-]*@((?:[A-Za-z0-9-]+\.)+[A-Za-z0-9-]+|\[[0-9a-fA-F:.]+\])"
                    r"(?![\w-]|\.[A-Za-z0-9])")


# ------------------------------------------------------------------------------------------------ gates
# Python's `re` is slow on alternations and case-insensitive patterns, so every detector is guarded by cheap
# substring tests (`in` runs at C speed) or by patterns that begin with a literal. They run first on all the
# strings of a contract joined together, then on each string of a contract that passed.

_G_DOT_HOST = _Lazy(r"\.(?:internal|local|corp|lan|intra|arpa|svc|consul)\b")  # on lower-cased text
_G_IP = _Lazy(r"(?:10|172|192|127|169)\.\d{1,3}\.\d{1,3}\.\d")
_G_PATH = _Lazy(r"/(?:etc|home|Users|root|var|opt|srv|app|mnt|Volumes|usr|workspace|private)/")
_G_TRACE = _Lazy(r"\.(?:java|kt|scala|groovy|clj|js|mjs|cjs|ts|rb|go|rs):\d|\.php\b")
_G_JVM = _Lazy(r"at (?:com|org|net|io|java|javax|sun|jdk|kotlin|scala|android)\.")
_G_DOLLAR = _Lazy(r"\$(?:\{|[A-Z][A-Z0-9]*_)")
_G_ENV = _Lazy(r"_(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|PWD|CREDENTIALS?|DSN|URL|URI|STRING|STR|ID)\b")
_SECRET_CODES = frozenset(("TC502", "TC503", "TC504"))


def _b(rx: _Lazy) -> _Lazy:
    return _Lazy(rx.pattern.encode("ascii"))


# family: (substrings of the text, of the lower-cased text, patterns on the text, on the lower-cased text).
# Searched in bytes: the joined text encoded one byte per character (non-ASCII -> `?`), so offsets are kept.
_HINTS: dict[str, tuple[tuple[bytes, ...], tuple[bytes, ...], tuple[re.Pattern, ...], tuple[re.Pattern, ...]]] = {
    "host": ((b"://", b"::"), (b"localhost:", b"jdbc:", b"database=", b"catalog="), (_b(_G_IP),), (_b(_G_DOT_HOST),)),
    "email": ((b"@",), (), (), ()),
    "path": ((b":\\", b"\\\\", b"/."), (), (_b(_G_PATH),), ()),  # drive paths, UNC shares, dotfiles
    "sql": ((b"JOIN", b"TABLE"), (b"select", b"insert into", b"delete from", b"update", b"table"), (), ()),
    "env": ((), (b"env",), (_b(_G_ENV), _b(_G_DOLLAR), _b(_ENV_PERCENT)), ()),
    # (JVM headers such as `Exception in thread` and `Caused by:` come with the "exc" family)
    "trace": ((b'File "', b":line ", b"goroutine ", b"panicked at", b"Stack trace"), (),
              (_b(_G_TRACE), _b(_G_JVM)), ()),
    "exc": ((b"Exception", b"Error"), (), (), ()),
}
# a common word is a hint only with its partner after it in the same string (`select ... from`, `update ... set`)
_COMPANION = {b"select": b" from ", b"update": b" set ", b"table": b"."}
_ASSIGN_WORDS = tuple(w.encode("ascii") for w in _sec._ASSIGN_WORDS)
_LETTERS = bytes(range(65, 91)) + bytes(range(97, 123))
_ASSIGN_TAIL = _Lazy(rb"[a-z0-9_-]{0,20}[\"' ]*[=:]")


class _Marks:
    """Maps positions in the joined text back to string indexes."""

    def __init__(self, strings: list[str], sep_len: int) -> None:
        self.starts: list[int] = [0, *accumulate(map(sep_len.__add__, map(len, strings)))]
        self.starts.pop()
        self.last = len(strings) - 1
        self.cand: dict[int, set[str]] = {}

    def add(self, pos: int, fam: str) -> int:
        """Mark the string at ``pos``; return where the next string starts (-1 at the end)."""
        k = bisect_right(self.starts, pos) - 1
        fams = self.cand.get(k)
        if fams is None:
            self.cand[k] = {fam}
        else:
            fams.add(fam)
        return self.starts[k + 1] if k < self.last else -1

    def literal(self, hay: bytes, needle: bytes, i: int, fam: str, companion: bytes | None = None) -> None:
        """Mark each string holding ``needle`` (and ``companion`` after it, when given)."""
        while i != -1:
            k = bisect_right(self.starts, i) - 1
            nxt = self.starts[k + 1] if k < self.last else -1
            if companion is None or hay.find(companion, i, nxt if nxt != -1 else len(hay)) != -1:
                fams = self.cand.get(k)
                if fams is None:
                    self.cand[k] = {fam}
                else:
                    fams.add(fam)
            if nxt == -1:
                return
            i = hay.find(needle, nxt)

    def pattern(self, hay: bytes, rx: re.Pattern, m, fam: str) -> None:
        while m:
            nxt = self.add(m.start(), fam)
            if nxt == -1:
                return
            m = rx.search(hay, nxt)


_SEP = "\n\x00\n"


def candidates(strings: list[str], want: set[str]) -> dict[int, set[str]]:
    """Index of each string that may hold a leak -> the detector families worth running on it.

    All strings are joined and searched at once with ``bytes.find`` and literal-led patterns (Python's `re` is
    slow on alternations and on case-insensitive patterns); each hit is mapped back to its string.
    """
    if not strings or not want:
        return {}
    # one byte per character (non-ASCII characters become `?`), so offsets are those of the joined strings
    hay = _SEP.encode().join([x.encode("ascii", "replace") for x in strings])
    low = hay.lower()
    marks = _Marks(strings, len(_SEP))
    for fam in want:
        hints = _HINTS.get(fam)
        if hints is None:
            continue
        lits, low_lits, rxs, low_rxs = hints
        for h, needles in ((hay, lits), (low, low_lits)):
            for lit in needles:
                i = h.find(lit)
                if i != -1:
                    marks.literal(h, lit, i, fam, _COMPANION.get(lit))
        for h, patterns in ((hay, rxs), (low, low_rxs)):
            for rx in patterns:
                m = rx.search(h)
                if m:
                    marks.pattern(h, rx, m, fam)
    if "secret" in want:
        # runs of 15+ letters and digits that hold a digit (words and identifiers have none; every token
        # format and every literal TC504 reports does, except Hugging Face tokens, found by their prefix)
        runs = hay.translate(_sec._ALNUM_TABLE)
        i = runs.find(b"a" * 15)
        while i != -1:
            j = runs.find(b" ", i)
            j = len(runs) if j == -1 else j
            if hay[i:j].translate(None, _LETTERS):
                nxt = marks.add(i, "secret")
                if nxt == -1:
                    break
                j = max(j, nxt)
            i = runs.find(b"a" * 15, j)
        for lit in (b"PRIVATE KEY", b"hf_"):
            i = hay.find(lit)
            if i != -1:
                marks.literal(hay, lit, i, "secret")
        for w in _ASSIGN_WORDS:  # `password=`, `"api_key": ` (see toolcheck.secrets.assignment_positions)
            i = low.find(w)
            while i != -1:
                j = i + len(w)
                if _ASSIGN_TAIL.match(low, j):
                    marks.add(i, "secret")
                i = low.find(w, j)
        if b"@" in hay and b"://" in hay:
            for i, x in enumerate(strings):
                if "@" in x and "://" in x:
                    marks.cand.setdefault(i, set()).add("secret")
    return marks.cand


_CODE_FAMILIES = {"TC501": "host", "TC502": "host", "TC503": "secret", "TC504": "secret", "TC505": "path",
                  "TC506": "sql", "TC507": "env", "TC508": "trace", "TC509": "exc", "TC510": "email", "TC511": "host"}


# ------------------------------------------------------------------------------------------------ scanning

@dataclass
class _Item:
    code: str
    text: str  # shown in the message (masked for secrets)
    detail: str  # the kind/reason
    severity: str | None = None


def _str_list(v) -> tuple[str, ...]:
    if isinstance(v, str):
        return (v,)
    return tuple(x for x in v if isinstance(x, str)) if isinstance(v, list | tuple) else ()


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


_CREDENTIAL_HINT = _Lazy(r"(?i)key|token|secret|passw|pwd|passphrase|credential|auth|bearer")


def learn_context_secrets(contracts, masker, allow_patterns=()) -> None:
    """Teach the run's masker (:meth:`toolcheck.masking.Masker.remember`) every secret known only by its context, before any
    rule runs and whatever rules are selected: a `password` default quoted by a TC1 message is masked under
    ``--select TC1`` as in a full run. Cheap: a walk over the parameter and result schemas that looks at the
    literals of credential-named properties (and credential-named keys inside literal mappings) only."""
    allow = _Allow((), allow_patterns) if allow_patterns else None
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
            code = _KEY_CODE.get(key)
            if code == 2:
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
                            kw = _words(k) if isinstance(k, str) and _CREDENTIAL_HINT.search(k) else None
                            lits.append((x, kw or w))
            elif code is None or code in (1, 3) or depth >= MAX_DEPTH:
                continue
            elif code == 4 and isinstance(value, dict):
                for name, sub in value.items():
                    if isinstance(sub, dict):
                        w = _words(name) if isinstance(name, str) and _CREDENTIAL_HINT.search(name) else None
                        stack.append((sub, words if key == "dependentSchemas" else w, depth + 1))
            elif isinstance(value, dict):
                stack.append((value, words, depth + 1))
            elif isinstance(value, list):
                stack.extend((sub, words, depth + 1) for sub in value if isinstance(sub, dict))


def _overlaps(s: int, e: int, spans) -> bool:
    for fs, fe in spans:
        if s < fe and fs < e:
            return True
    return False


def _short(s: str, n: int = 80) -> str:
    s = " ".join(s.split())
    return s if len(s) <= n else s[: n - 1] + "…"


class _Scanner:
    def __init__(self, ctx) -> None:
        s = ctx.settings
        self.allow = _Allow(getattr(s, "allow_domains", ()), getattr(s, "allow_patterns", ()))
        self.masker = ctx.masker
        self.enabled = {c for c in CODES if ctx.is_enabled(c)}
        self.families = {_CODE_FAMILIES[c] for c in self.enabled}
        if self.enabled & {"TC502", "TC511"}:
            self.families.add("secret")  # a connection string's password is found by the secret patterns
        self.internal_domains = _str_list(ctx.options("TC501").get("internal-domains"))
        self.email_domains = self.internal_domains + _str_list(ctx.options("TC510").get("internal-domains"))
        ml = ctx.options("TC504").get("min-length", 20)
        self.min_len = max(ml, 20) if isinstance(ml, int) and not isinstance(ml, bool) else 20

    def scan(self, contract) -> dict[str, list[Hit]]:
        return self.scan_all([contract])[id(contract)]

    def scan_all(self, contracts) -> dict[int, dict[str, list[Hit]]]:
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

    def _scan_all(self, contracts) -> dict[int, dict[str, list[Hit]]]:
        results: dict[int, dict[str, list[Hit]]] = {}
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
                        t = _Text(*tup)
                        items: list[_Item] = []
                        self._secrets(t, t.text, _words(t.context), items, [])
                        self._emit(out, t, items)
                # a literal of a property named like a credential: `password: {default: "Tr0ub4dor&3"}`
                for ti in [i for i, tup in enumerate(texts) if tup[2] == "literal"]:
                    tup = texts[ti]
                    prop = tup[7] if len(tup) > 7 and tup[7] else tup[5]
                    hit = credential_prop.get(prop)
                    if hit is None:
                        hit = credential_prop[prop] = bool(_words(prop) & SECRET_WORDS)
                    if hit:
                        credential_literals.append(len(strings) + ti)
            bases.append(len(strings))
            strings.extend([tup[1] if len(tup[1]) <= MAX_TEXT else tup[1][:MAX_TEXT] for tup in texts])
        cand = candidates(strings, self.families)
        for i in credential_literals:
            cand.setdefault(i, set()).add("secret")
        scopes: dict[int, _Scope] = {}
        for i, fams in sorted(cand.items()):
            ci = bisect_right(bases, i) - 1  # the last contract starting at or before i (empty ones share a base)
            contract, texts, names = per[ci]
            scope = scopes.get(ci)
            if scope is None:
                scope = scopes[ci] = _Scope(contract, texts, names)
            text = strings[i]
            t = _Text(*texts[i - bases[ci]])
            self._emit(results[id(contract)], t, self.scan_text(t, text, text.lower(), fams, scope))
        return results

    def _emit(self, out: dict[str, list[Hit]], t: _Text, items: list[_Item]) -> None:
        by_code: dict[str, list[_Item]] = {}
        for it in items:
            if it.code in self.enabled:
                by_code.setdefault(it.code, []).append(it)
        for code, its in by_code.items():
            out.setdefault(code, []).append(_hit(code, t, its))

    # one string -----------------------------------------------------------------------------------------
    def scan_text(self, t: _Text, text: str, low: str, fams: set[str], scope: _Scope) -> list[_Item]:
        items: list[_Item] = []
        taken: list[tuple[int, int]] = []  # spans owned by an earlier detector (one problem, one owner)
        words = _words(t.context)
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
            for label, rx in _TRACES:
                m = rx.search(text)
                if m and not _overlaps(m.start(), m.end(), taken) and not self.allow.text(m.group()):
                    items.append(_Item("TC508", _short(m.group(), 60), label))
                    taken.append(m.span())
                    break
        if "path" in fams:
            self._paths(t, text, words, items, taken)
        if "sql" in fams and not (words & SQL_WORDS) and not scope.sql_tool:
            self._sql(text, low, items, taken)
        if "env" in fams:
            self._env(t, text, low, scope, items, taken)
        if "exc" in fams and t.kind == "prose" and not any(i.code == "TC508" for i in items):
            self._exceptions(text, scope, items, taken)
        return items

    def _secrets(self, t: _Text, text: str, words: set[str], items: list[_Item], taken) -> None:
        for kind, s, e in self.masker.spans(text):
            value = text[s:e]
            if self.allow.text(value):
                continue
            if kind == "connection string password":
                continue  # reported with its connection string (TC502)
            if kind == "high-entropy string":
                keyword = bool(words & SECRET_WORDS) and not (words & ID_WORDS)
                keyword = keyword or bool(_SECRET_KEYWORD.search(text, max(0, s - 40), s))
                if not keyword and (words & ID_WORDS or _ID_MARKER.search(text, max(0, s - 40), s)):
                    continue  # a public identifier or sample data (spreadsheet id, hash, base64 payload)
                if not keyword and e - s < self.min_len:
                    continue
                items.append(_Item("TC504", mask_value(value), "high-entropy string"))
            else:
                items.append(_Item("TC503", mask_value(value), kind))
            self.masker.remember(value)
            taken.append((s, e))
        # a literal value of a property named like a credential: `password: {default: "hunter2x"}`
        if t.kind == "literal" and words & SECRET_WORDS and not _overlaps(0, len(text), taken):
            value = text.strip()
            if context_secret(value, words) and not self.allow.text(value):
                items.append(_Item("TC503", mask_value(value), f"hard-coded {t.field} of `{t.context}`"))
                self.masker.remember(value)
                taken.append((0, len(text)))

    def _hosts(self, t: _Text, text: str, low: str, words: set[str], items: list[_Item], taken) -> None:
        if "://" in text:
            for m in _URL.finditer(text):
                url = m.group().rstrip(".,;:!?")
                while url and url[-1] in ")]" and url.count(url[-1]) > url.count("(" if url[-1] == ")" else "["):
                    url = url[:-1].rstrip(".,;:!?")
                s, e = m.start(), m.start() + len(url)
                if _overlaps(s, e, taken):
                    continue
                scheme, host, _ = _url_host(url)
                if scheme in DB_SCHEMES or scheme.split("+")[0] in DB_SCHEMES:
                    self._connection(url, host, s, e, items, taken)
                    continue
                if scheme not in NETWORK_SCHEMES:
                    continue
                taken.append((s, e))  # the URL's host decides; hosts in its path or query are not looked at
                why = classify_host(host, self.internal_domains)
                if why and not self.allow.host(host) and not self.allow.text(url, host):
                    items.append(_Item("TC501", f"{host} in {_short(self.masker.mask(url), 70)}", why))
        if "=" in text and ";" in text:
            for m in _ADO.finditer(text):
                if not _overlaps(m.start(), m.end(), taken):
                    self._connection(m.group(), m.group("host"), m.start(), m.end(), items, taken)
        if "jdbc:" in low:
            for m in _JDBC_THIN.finditer(text):
                if not _overlaps(m.start(), m.end(), taken):
                    self._connection(m.group(), m.group("host"), m.start(), m.end(), items, taken)
        if "TC501" not in self.enabled:
            return
        if _G_DOT_HOST.search(low):
            for m in _BARE_HOST.finditer(text):
                host = m.group(1)
                if _overlaps(m.start(), m.end(), taken) or host.split(".")[0].lower() in JAVA_ROOTS:
                    continue
                why = classify_host(host, self.internal_domains)
                if why and not self.allow.host(host) and not self.allow.text(m.group()):
                    items.append(_Item("TC501", host, why))
                    taken.append(m.span())
        # bare addresses: not where they document a format (`host: {description: "e.g. 192.168.1.10"}`)
        if words & ADDRESS_WORDS or t.fmt in ADDRESS_FORMATS:
            return
        for rx, gate in ((_BARE_V4, _G_IP.search(text)), (_BARE_V6, "::" in text or "fe80:" in low
                                                           or "fd" in low or "fc" in low),
                         (_LOCALHOST_PORT, "localhost:" in low)):
            if not gate:
                continue
            for m in rx.finditer(text):
                if _overlaps(m.start(), m.end(), taken):
                    continue
                host = m.group(1) if rx is not _LOCALHOST_PORT else "localhost"
                why = classify_host(host)
                if not why or _EXAMPLE_MARKER.search(text, max(0, m.start() - 60), m.start()):
                    continue  # "an IP address such as 192.168.1.1": a format example
                if self.allow.host(host) or self.allow.text(m.group()):
                    continue
                items.append(_Item("TC501", m.group(), why))
                taken.append(m.span())

    def _connection(self, cs: str, host: str, s: int, e: int, items: list[_Item], taken) -> None:
        taken.append((s, e))
        if self.allow.text(cs):
            return
        secret = [x for x in _sec.find_secrets(cs) if x[0] in ("connection string password", "credential assignment")]
        masked = _short(self.masker.mask(cs), 90)
        if secret:
            items.append(_Item("TC502", masked, "connection string with a password"))
            return
        h = host.lower().strip("[]")
        if not h or h in PLACEHOLDER_HOSTS or classify_host(h) in ("loopback address", "loopback name") \
                or any(c in h for c in "{}<>$%*") or h in EXAMPLE_DOMAINS \
                or h.endswith(tuple("." + d for d in EXAMPLE_DOMAINS)) or self.allow.host(h):
            return
        stand_ins = [p for p in _sec.connection_passwords(cs) if _sec.is_password_placeholder(p)]
        if stand_ins:  # a real host with a documented stand-in for its password: its own code, a warning
            items.append(_Item("TC511", masked, f"placeholder password `{stand_ins[0]}`"))
            return
        items.append(_Item("TC502", masked, "connection string", severity="warning"))

    def _emails(self, text: str, items: list[_Item], taken) -> None:
        for m in _EMAIL.finditer(text):
            if _overlaps(m.start(), m.end(), taken):
                continue
            domain = m.group(1).strip("[]").lower()
            why = classify_host(domain, self.email_domains)
            if why in (None, "single-label host name", "loopback name"):
                continue
            if self.allow.host(domain) or self.allow.text(m.group()):
                continue
            items.append(_Item("TC510", m.group(), why))
            taken.append(m.span())

    def _paths(self, t: _Text, text: str, words: set[str], items: list[_Item], taken) -> None:
        path_ctx = bool(words & PATH_WORDS)
        for m in (_CRED_FILE.finditer(text) if "/." in text or "\\." in text or "/etc/" in text else ()):
            if not _overlaps(m.start(), m.end(), taken) and not self.allow.text(m.group()):
                items.append(_Item("TC505", m.group(), "path of a credentials file"))
                taken.append(m.span())
        for m in (_UNIX_PATH.finditer(text) if "/" in text else ()):
            path = m.group(1).rstrip(".")
            s, e = m.start(1), m.start(1) + len(path)
            if _overlaps(s, e, taken) or text[max(0, s - 6):s].endswith('File "'):
                continue
            parts = path.strip("/").split("/")
            root = parts[0]
            if root in ("home", "Users"):
                if len(parts) < 2 or _placeholder_user(parts[1]):
                    continue
                why = "user's home directory"
            else:
                if path_ctx:
                    continue
                if root in ("app", "workspace") and len(parts) < 3 and not re.search(r"\.\w{1,5}$", path):
                    continue  # `/app/settings` reads like a URL route
                if root == "usr" and len(parts) < 3:
                    continue
                why = "absolute server path"
            if not self.allow.text(path):
                items.append(_Item("TC505", path, why))
                taken.append((s, e))
        for m in (_WIN_PATH.finditer(text) if ":\\" in text else ()):
            if _overlaps(m.start(), m.end(), taken):
                continue
            parts = m.group(2).split("\\")
            if parts[0].lower() in ("users", "documents and settings"):
                if len(parts) < 2 or _placeholder_user(parts[1]):
                    continue
                why = "user's home directory"
            elif path_ctx:
                continue
            else:
                why = "absolute server path"
            if not self.allow.text(m.group()):
                items.append(_Item("TC505", m.group().rstrip(".,"), why))
                taken.append(m.span())
        for m in (_UNC_PATH.finditer(text) if "\\\\" in text else ()):
            if _overlaps(m.start(), m.end(), taken) or m.group(1).lower() in PLACEHOLDER_HOSTS:
                continue
            if not self.allow.host(m.group(1)) and not self.allow.text(m.group()):
                items.append(_Item("TC505", m.group(), "network share"))
                taken.append(m.span())

    def _sql(self, text: str, low: str, items: list[_Item], taken) -> None:
        found: list[str] = []
        rxs: tuple = _SQL_STATEMENTS[:5] if any(k in text for k in _SQL_UPPER) else ()
        if "select" in low or "insert into" in low or "delete from" in low or "update" in low:
            rxs += _SQL_STATEMENTS[5:]
        for rx in rxs:
            for m in rx.finditer(text):
                if not _overlaps(m.start(), m.end(), taken):
                    found.append(_short(m.group(), 60))
                    taken.append(m.span())
        tables = []
        if "FROM" in text or "JOIN" in text or "INTO" in text or "UPDATE" in text or "TABLE" in text:
            for m in _SQL_QUALIFIED.finditer(text):
                name = f"{m.group(1)}.{m.group(2)}"
                if not _NOT_TABLE_SUFFIX.search(name):
                    tables.append(name)
        if "table" in low and len(low) == len(text):
            for rx in (_TABLE_AFTER, _TABLE_BEFORE):
                for m in rx.finditer(low):
                    name = text[m.start(1):m.end(1)]
                    if not _NOT_TABLE_SUFFIX.search(name) and not _overlaps(m.start(), m.end(), taken):
                        tables.append(name)
        tables = list(dict.fromkeys(tables))
        if not found and tables:
            found = [f"table {x}" for x in tables]
        for f in found:
            if not self.allow.text(f, *tables):
                items.append(_Item("TC506", f, "SQL"))

    def _env(self, t: _Text, text: str, low: str, scope: _Scope, items: list[_Item], taken) -> None:
        names: list[str] = []
        refs = _ENV_DOLLAR if "$" in text else ()
        if "%" in text:
            refs += (_ENV_PERCENT,)
        if "env" in low:
            refs += _ENV_CODE
        for rx in refs:
            for m in rx.finditer(text):
                if next((g for g in m.groups() if g), None) and not _overlaps(m.start(), m.end(), taken):
                    names.append(m.group().strip())
                    taken.append(m.span())
        if t.kind == "prose":
            rxs = (_ENV_SUFFIX,) if _G_ENV.search(text) else ()
            if "env" in low:
                rxs += (_ENV_PHRASE,)
            for rx in rxs:
                for m in rx.finditer(text):
                    g = 1 if m.group(1) else 2 if rx.groups > 1 and m.group(2) else 0
                    if not g:
                        continue
                    name, s = m.group(g), m.start(g)
                    if _overlaps(s, s + len(name), taken) or name in scope.vocabulary or _ENV_PLACEHOLDER.search(name):
                        continue
                    if name.endswith("_KEY") and name.split("_")[-2] in _KEY_NOT_ENV:
                        continue
                    names.append(name)
                    taken.append((s, s + len(name)))
        for n in dict.fromkeys(names):
            if not self.allow.text(n):
                items.append(_Item("TC507", n, "environment variable"))

    def _exceptions(self, text: str, scope: _Scope, items: list[_Item], taken) -> None:
        seen = set()
        for m in _EXCEPTION.finditer(text):
            name = m.group(1) + m.group(2)
            if _overlaps(m.start(), m.end(), taken) or m.group(2) in scope.vocabulary or name in seen:
                continue
            if len(m.group(2)) <= len("Exception") + 1 and m.group(2).endswith("Exception"):
                continue
            seen.add(name)
            if not self.allow.text(name):
                items.append(_Item("TC509", name, "exception class"))
                taken.append(m.span())


HELP = {
    "TC501": "Remove the internal address from what the model reads (the host's code or config can hold it). If the "
             "host is public, add it to `allow.domains` in the config.",
    "TC502": "Remove the connection string: the server reads it from its own config or a secret store. If it held "
             "a password, rotate the password (it has been committed and sent to the model provider).",
    "TC511": "Remove the connection string (the server reads it from its config or a secret store); if it documents "
             "a format, use a placeholder host too (`db.example.com`, `{host}`) so that no real server is named.",
    "TC503": "Remove the credential and rotate it: it is in the repository history and is sent to the model "
             "provider with every prompt. The host should read it from a secret store or its environment.",
    "TC504": "If this is a secret, remove it and rotate it. If it is a public identifier or sample data, say so "
             "next to it (\"ID\", \"hash\", \"base64\") or add a pattern to `allow.patterns`.",
    "TC505": "Remove the absolute path (the handler knows where its files are); show the format with a relative "
             "example such as `reports/q1.pdf`.",
    "TC506": "Describe what the tool does, not how it is stored: remove the SQL and the table names (a parameter "
             "that takes SQL may document its tables in its own description).",
    "TC507": "Remove the variable name: the model cannot set environment variables. Put setup steps in the README "
             "or the host's documentation.",
    "TC508": "Remove the stack trace; describe the failure in plain words or declare it in `errors`.",
    "TC509": "Describe the failure in words the model can act on, or declare it in `errors` with an UPPER_SNAKE "
             "code, instead of naming an implementation class.",
    "TC510": "Remove the internal address or use a public contact; if the domain is public, add it to "
             "`allow.domains`.",
}


_NOUNS = {
    "TC501": ("an internal host", "internal hosts"),
    "TC502": ("a connection string", "connection strings"),
    "TC511": ("a connection string with a placeholder password", "connection strings with placeholder passwords"),
    "TC503": ("a credential", "credentials"),
    "TC504": ("a high-entropy literal", "high-entropy literals"),
    "TC505": ("an absolute path", "absolute paths"),
    "TC506": ("SQL", "SQL"),
    "TC507": ("an environment variable name", "environment variable names"),
    "TC508": ("a stack trace", "stack traces"),
    "TC509": ("an exception class name", "exception class names"),
    "TC510": ("an internal e-mail address", "internal e-mail addresses"),
}


def _where(t: _Text) -> str:
    if t.kind == "name":  # never spell the name out: it is the secret
        return f"a {t.field} in the {t.section} schema"
    return f"the {t.field}" if t.owner == "the tool" else f"the {t.field} of {t.owner}"


def _hit(code: str, t: _Text, items: list[_Item]) -> Hit:
    shown = list(dict.fromkeys(f"`{i.text}` ({i.detail})" for i in items))
    more = f" and {len(shown) - 3} more" if len(shown) > 3 else ""
    noun = _NOUNS[code][0 if len(shown) == 1 else 1]
    severity = None
    if code == "TC502":
        severity = "warning" if all(i.severity == "warning" for i in items) else "error"
    msg = f"{_where(t)} contains {noun}: {', '.join(shown[:3])}{more}"
    return Hit(t.hit_pointer, msg, HELP[code], severity=severity, data={"matches": [i.text for i in items]},
               prefer_key=t.kind != "literal")


def _scan(contract, ctx) -> dict[str, list[Hit]]:
    """The TC5 hits of ``contract``. The first call scans every reported contract of the run at once."""
    cache = ctx.cache.setdefault("tc5", {})
    key = id(contract)
    if key not in cache:
        scanner = ctx.cache.get("tc5.scanner")
        if scanner is None:
            scanner = ctx.cache["tc5.scanner"] = _Scanner(ctx)
        batch = [c for c in (ctx.contracts or ()) if id(c) not in cache and c.file.reported]
        if not any(c is contract for c in batch):
            batch.append(contract)
        cache.update(scanner.scan_all(batch))
    return cache[key]


CODES = ("TC501", "TC502", "TC503", "TC504", "TC505", "TC506", "TC507", "TC508", "TC509", "TC510", "TC511")


def _register(code: str, name: str, severity: str, options: dict | None = None):
    return rule(code, name, severity=severity, scope="contract", options=options)


# ------------------------------------------------------------------------------------------------ the rules

@_register("TC501", "internal-host", "warning", {"internal-domains": []})
def internal_host(contract, ctx):
    """A string the model reads names an internal host: localhost, a private IP, `*.internal`, `*.corp`, ...

    What it does:
    Finds URLs whose host is internal — `localhost`, loopback (`127.0.0.0/8`, `::1`), private (`10/8`,
    `172.16/12`, `192.168/16`, `fc00::/7`) and link-local (`169.254/16`, `fe80::/10`) addresses, names under
    `.internal`, `.local` (incl. `.svc.cluster.local`), `.localdomain`, `.corp`, `.lan`, `.intranet`, `.intra`,
    `.home.arpa`, `.svc`, `.consul`, names with an `internal`/`intranet`/`corp` label (`wiki.corp.acme.com`,
    `internal-api.acme.com`) and single-label hosts (`http://billing/...`) — and bare internal host names, private
    IPs and `localhost:PORT` in any title, description, default, example, enum, const or pattern. Public URLs are
    not reported, nor are placeholders (`https://{host}/`, `http://host:port`) or reserved example domains.
    A bare address that documents a format is not reported either: in the description of a parameter that is
    itself a host, IP, URL or server (by name or `format`), or right after "e.g." / "such as" / "for example".

    Why is this bad?
    Every string in a contract is sent to the model provider with every prompt. Internal addresses map your
    network for anyone who reads a transcript or extracts the prompt, and the model may try to call them.

    Example:
    ```yaml
    name: get_invoice
    description: Fetch an invoice from https://billing.corp.acme.com/api/invoices by its number.
    parameters:
      type: object
      properties:
        number: {type: string, description: The invoice number.}
    ```

    Use instead:
    ```yaml
    name: get_invoice
    description: Fetch one invoice by its number.
    parameters:
      type: object
      properties:
        number: {type: string, description: The invoice number.}
    ```

    Options:
    `rules.TC501.internal-domains` (default `[]`): more domain suffixes that are internal, e.g. `acme.net`
    (their hosts are reported like `*.internal`). Config `allow.domains` (hosts, domain suffixes, IPs or CIDR
    ranges) and `allow.patterns` (regular expressions matched against the flagged URL or host) silence matches.
    """
    yield from _scan(contract, ctx).get("TC501", ())


@_register("TC502", "connection-string", "error")
def connection_string(contract, ctx):
    """A string the model reads holds a database or broker connection string.

    What it does:
    Finds connection URLs (`postgres://`, `mysql://`, `mongodb+srv://`, `redis://`, `amqp://`, `jdbc:...`, and
    ~40 more schemes, with SQLAlchemy driver suffixes such as `postgresql+psycopg2://`) and ADO.NET strings
    (`Server=...;Database=...`). With a password it is an error (the password is masked in every output,
    however weak it is); without one it is a warning, since it still names the database host. A
    placeholder password on a real host (`changeme`, `${DB_PASSWORD}`) is TC511; placeholder hosts (`host`,
    `localhost`, `{host}`, `example.com`) with placeholder credentials (`user:password@`) are not reported.

    Why is this bad?
    A connection string tells whoever reads the prompt where the database is and how to log in; with a password
    it is a credential leak that must be rotated.

    Example:
    ```yaml
    name: list_orders
    description: "List recent orders (reads postgres://app:Xk29fLq7Zr@db.prod.acme.net:5432/shop)."
    parameters:
      type: object
      properties:
        limit: {type: integer, description: How many orders to return.}
    ```

    Use instead:
    ```yaml
    name: list_orders
    description: List the most recent orders, newest first.
    parameters:
      type: object
      properties:
        limit: {type: integer, description: How many orders to return.}
    ```
    """
    yield from _scan(contract, ctx).get("TC502", ())


@_register("TC511", "connection-string-placeholder-password", "warning")
def connection_string_placeholder_password(contract, ctx):
    """A connection string names a real-looking host with a placeholder for its password.

    What it does:
    Finds the connection strings TC502 finds (URLs such as `postgres://user:pass@host/db` and ADO.NET
    `Server=...;Password=...`) whose password is a recognised stand-in: `password`, `pass`, `secret`,
    `changeme`, `<password>`, `${DB_PASSWORD}`, `$PGPASSWORD`, `%DB_PWD%`, `{password}`, `****`, `xxx`. Any other
    password, however weak, is a real one: TC502 reports it as an error and it is masked in
    every output. A placeholder host as well (`localhost`, `{host}`, `db.example.com`) is a documented format and
    not reported at all.

    Why is this bad?
    No secret leaks, but the string still tells the model (and whoever reads the prompt) which server holds the
    data and which user logs in, and a stand-in password is easily replaced by the real one in the next edit.

    Example:
    ```yaml
    name: list_orders
    description: "List recent orders from postgres://app:changeme@db.prod.acme.net:5432/shop."
    parameters:
      type: object
      properties:
        limit: {type: integer, description: How many orders to return.}
    ```

    Use instead:
    ```yaml
    name: list_orders
    description: List the most recent orders, newest first.
    parameters:
      type: object
      properties:
        limit: {type: integer, description: How many orders to return.}
    ```
    """
    yield from _scan(contract, ctx).get("TC511", ())


@_register("TC503", "hardcoded-credential", "error")
def hardcoded_credential(contract, ctx):
    """A string the model reads holds a credential: an API key, token, password or private key.

    What it does:
    Matches the well-known credential formats (modelled on gitleaks and detect-secrets): AWS access key ids,
    GitHub and GitLab tokens, Slack tokens and webhooks, OpenAI, Anthropic, Google (API key, OAuth), Stripe,
    Hugging Face, npm, PyPI, SendGrid, Twilio, Mailgun, Shopify, DigitalOcean, Databricks, Square and Telegram
    tokens, Discord webhooks, private key blocks, JSON Web Tokens, `Bearer`/`Basic` credentials, and assignments
    such as `password=...` or `api_key: ...` whose value contains letters and digits. A `default`, `example`,
    `const` or `enum` value of a property named like a credential (`password`, `api_key`, `token`, `secret`)
    is reported when it looks real. Placeholders (`YOUR_API_KEY`, `sk-...`, `<token>`, `${SECRET}`, `xxxx`,
    the AWS documentation key) are not. Property names are checked too. The credential is masked in every
    output format.

    Why is this bad?
    Contract strings are sent to the model provider with every prompt, logged in transcripts and committed to
    git. A credential there is leaked and has to be rotated.

    Example:
    ```yaml
    name: send_sms
    description: Send a text message. Authenticate with password=Tw1l10Pr0d2024 on the gateway.
    parameters:
      type: object
      properties:
        to: {type: string, description: Phone number in E.164 format.}
    ```

    Use instead:
    ```yaml
    name: send_sms
    description: Send a text message to one phone number.
    parameters:
      type: object
      properties:
        to: {type: string, description: Phone number in E.164 format.}
    ```
    """
    yield from _scan(contract, ctx).get("TC503", ())


@_register("TC504", "high-entropy-string", "error", {"min-length": 20})
def high_entropy_string(contract, ctx):
    """A string the model reads contains a random-looking literal that may be a secret.

    What it does:
    Reports literals of unknown format that look machine-generated: right after a word such as `api key`,
    `token`, `secret` or `password` (16+ characters with letters and digits), or anywhere else when one run of
    at least `min-length` characters mixes upper case, lower case and digits, has near-maximal Shannon entropy
    for its length, switches character class often and is not made of words. Not reported: identifiers
    (`BioSamples_get_facets`), hashes and UUIDs (single-case hex), sequences and placeholders (`a1b2c3d4...`,
    `ABC123DEF456`), base64 that decodes to text, and values of parameters that are IDs, hashes, cursors or
    data, or that the text calls an "ID" or "hash". The literal is masked in every output format.

    Why is this bad?
    An unrecognised token is still a token: a key pasted into an example or a default ships to the model
    provider with every prompt.

    Example:
    ```yaml
    name: get_weather
    description: Current weather for a city.
    parameters:
      type: object
      properties:
        city: {type: string, description: City name.}
        units:
          type: string
          description: "Unit system. Requests are signed with q7Rk2LmX9vTz4WpB8sNd3HyC."
    ```

    Use instead:
    ```yaml
    name: get_weather
    description: Current weather for a city.
    parameters:
      type: object
      properties:
        city: {type: string, description: City name.}
    ```

    Options:
    `rules.TC504.min-length` (default 20, at least 12): the shortest literal reported without a keyword.
    """
    yield from _scan(contract, ctx).get("TC504", ())


@_register("TC505", "internal-path", "warning")
def internal_path(contract, ctx):
    """A string the model reads contains an absolute path that reveals the server layout or a user name.

    What it does:
    Finds absolute paths under `/etc`, `/var`, `/opt`, `/srv`, `/root`, `/mnt`, `/Volumes`, `/usr/local`, `/app`
    and `/workspace`, Windows drive paths (`D:\\exports\\...`) and UNC shares (`\\\\fs01\\finance`), home
    directories with a real-looking user name (`/home/jsmith/`, `/Users/jane.doe/`, `C:\\Users\\jsmith\\`), and
    credentials files (`~/.aws/credentials`, `.ssh/id_rsa`, `/etc/shadow`, ...). In the description or examples
    of a parameter that is itself a path (`path`, `file`, `dir`, `output_path`, ...) only home directories with a
    user name and credentials files are reported: an example path documents the format. Relative paths
    (`reports/q1.pdf`), `/tmp/...`, `~/...` and placeholder users (`/home/user/`, `C:\\Users\\<name>\\`) are fine.

    Why is this bad?
    Absolute paths tell an attacker where the service, its configuration and its data live and who runs it, and
    invite the model to pass such paths back to file tools.

    Example:
    ```yaml
    name: export_report
    description: Export the monthly report; files are written to /srv/finance/exports/ on the app server.
    parameters:
      type: object
      properties:
        month: {type: string, description: Month as YYYY-MM.}
    ```

    Use instead:
    ```yaml
    name: export_report
    description: Export the monthly report and return a download link.
    parameters:
      type: object
      properties:
        month: {type: string, description: Month as YYYY-MM.}
    ```
    """
    yield from _scan(contract, ctx).get("TC505", ())


@_register("TC506", "sql-text", "warning")
def sql_text(contract, ctx):
    """A string the model reads contains SQL or schema-qualified table names.

    What it does:
    Finds SQL statements (`SELECT ... FROM t`, `INSERT INTO`, `UPDATE t SET`, `DELETE FROM`, `CREATE/DROP/ALTER
    TABLE`; upper-case keywords, or lower-case ones in unmistakable shapes such as `select * from`) and
    `schema.table` names after `FROM`/`JOIN`/`INTO` or next to the word "table". Not reported in a tool that
    takes SQL (its name says `sql`, `query`, `db`, ..., or a parameter is named `sql`, `query`, `statement`,
    ...): there the SQL documents the input.

    Why is this bad?
    Table and schema names describe your data model to anyone who reads the prompt, and SQL in a description
    invites the model to write queries the tool does not accept.

    Example:
    ```yaml
    name: find_customer
    description: Look up a customer (runs SELECT id, email FROM prod.customers WHERE email = ?).
    parameters:
      type: object
      properties:
        email: {type: string, description: The customer's e-mail address.}
    ```

    Use instead:
    ```yaml
    name: find_customer
    description: Look up a customer by e-mail address.
    parameters:
      type: object
      properties:
        email: {type: string, description: The customer's e-mail address.}
    ```
    """
    yield from _scan(contract, ctx).get("TC506", ())


@_register("TC507", "environment-variable-name", "warning")
def environment_variable_name(contract, ctx):
    """A string the model reads names a server environment variable.

    What it does:
    Finds references to environment variables — `$DATABASE_URL`, `${SECRET}`, `${{ secrets.X }}`, `%APP_KEY%`,
    `os.environ["X"]`, `os.getenv("X")`, `process.env.X`, `System.getenv("X")`, `ENV["X"]` — anywhere, and, in
    titles and descriptions, UPPER_SNAKE names ending in `_API_KEY`, `_KEY`, `_TOKEN`, `_SECRET`, `_PASSWORD`,
    `_CREDENTIALS`, `_DSN`, `_URL`, `_URI`, `_CLIENT_ID`, ... or named next to "environment variable"/"env var".
    Names that are this contract's own enum values, property names or error codes, placeholders
    (`YOUR_API_KEY`) and key words such as `SORT_KEY` are not reported.

    Why is this bad?
    The model cannot set environment variables; their names only describe the deployment (and which secrets
    exist) to whoever reads the prompt, and cost tokens on every call.

    Example:
    ```yaml
    name: geocode
    description: Geocode an address. Requires GEOCODER_API_KEY to be set on the server.
    parameters:
      type: object
      properties:
        address: {type: string, description: A postal address.}
    ```

    Use instead:
    ```yaml
    name: geocode
    description: Turn a postal address into latitude and longitude.
    parameters:
      type: object
      properties:
        address: {type: string, description: A postal address.}
    ```
    """
    yield from _scan(contract, ctx).get("TC507", ())


@_register("TC508", "stack-trace", "warning")
def stack_trace(contract, ctx):
    """A string the model reads contains a stack trace.

    What it does:
    Finds Python tracebacks (`Traceback (most recent call last)`, `File "/app/x.py", line 3`), JVM frames
    (`at com.acme.Billing.charge(Billing.java:42)`, `Exception in thread "main"`, `Caused by:`), Node.js,
    .NET, Ruby and PHP frames, Go and Rust panics.

    Why is this bad?
    A trace pasted into a description or an example reveals source paths, module layout, libraries and versions,
    and tells the model nothing it can act on.

    Example:
    ```yaml
    name: charge_card
    description: |
      Charge a card. May fail with:
      Traceback (most recent call last):
        File "/srv/payments/charge.py", line 88, in charge
    parameters:
      type: object
      properties:
        amount: {type: integer, description: Amount in cents.}
    ```

    Use instead:
    ```yaml
    name: charge_card
    description: Charge a card. Fails when the card is declined.
    parameters:
      type: object
      properties:
        amount: {type: integer, description: Amount in cents.}
    ```
    """
    yield from _scan(contract, ctx).get("TC508", ())


@_register("TC509", "exception-class-name", "info")
def exception_class_name(contract, ctx):
    """A title or description names an implementation exception class (`NullPointerException`, `KeyError`).

    What it does:
    Finds class names ending in `Exception` or `Error` (optionally package-qualified, `java.io.IOException`) in
    titles and descriptions. Names that are this contract's own error codes or enum values are not reported,
    nor are exceptions inside a stack trace (TC508 reports those). Info: describing behaviour with exception
    names is common in wrapped library functions.

    Why is this bad?
    Exception classes reveal the implementation language and libraries, and the model cannot catch them: it
    needs to know what went wrong and whether to retry.

    Example:
    ```yaml
    name: parse_date
    description: Parse a date string. Throws DateTimeParseException when the text is not a date.
    parameters:
      type: object
      properties:
        text: {type: string, description: The date text.}
    ```

    Use instead:
    ```yaml
    name: parse_date
    description: Parse a date string. Fails with INVALID_DATE when the text is not a date.
    parameters:
      type: object
      properties:
        text: {type: string, description: The date text.}
    errors:
      - {code: INVALID_DATE, retryable: false, description: The text is not a date.}
    ```
    """
    yield from _scan(contract, ctx).get("TC509", ())


@_register("TC510", "internal-email", "warning", {"internal-domains": []})
def internal_email(contract, ctx):
    """A string the model reads contains an internal e-mail address.

    What it does:
    Finds e-mail addresses whose domain is internal: under `.internal`, `.corp`, `.local`, `.lan`, ... or with
    an `internal`/`corp`/`intranet` label (`ops@mail.corp.acme.com`), at a private IP, or under a domain listed in
    `rules.TC510.internal-domains` (or `rules.TC501.internal-domains`). Public addresses (`support@acme.com`,
    `user@example.com`) are not reported: toolcheck cannot tell your company's domain without the option.

    Why is this bad?
    Internal addresses identify people and teams behind the service, invite phishing, and are useless to the model.

    Example:
    ```yaml
    name: open_ticket
    description: Open a support ticket; escalations go to oncall@ops.acme.corp.
    parameters:
      type: object
      properties:
        summary: {type: string, description: One-line summary of the problem.}
    ```

    Use instead:
    ```yaml
    name: open_ticket
    description: Open a support ticket for the user's problem.
    parameters:
      type: object
      properties:
        summary: {type: string, description: One-line summary of the problem.}
    ```

    Options:
    `rules.TC510.internal-domains` (default `[]`): e-mail domains that are internal, e.g. `acme.com`.
    """
    yield from _scan(contract, ctx).get("TC510", ())
