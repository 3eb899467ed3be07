"""TC5's pattern data: the vocabularies that give a string its context, host classification, the detectors'
regular expressions and the cheap hints (:func:`candidates`) that decide which strings are worth scanning."""

from __future__ import annotations

import ipaddress
import re
from bisect import bisect_right
from itertools import accumulate
from typing import Any

from ... import secrets as _sec
from ...secrets import LazyPattern

# ------------------------------------------------------------------------------------------------ context

WORD_SPLIT = LazyPattern(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


def name_words(name: str | None) -> set[str]:
    if not name:
        return set()
    return {w.lower() for w in WORD_SPLIT.findall(name)}


ADDRESS_WORDS = {"host", "hosts", "hostname", "hostnames", "ip", "ips", "ipv4", "ipv6", "address", "addresses", "addr",
                 "server", "servers", "endpoint", "endpoints", "url", "urls", "uri", "uris", "proxy", "proxies",
                 "domain", "domains", "dns", "bind", "listen", "gateway", "node", "nodes", "peer", "peers", "origin",
                 "remote", "target", "targets", "http", "https", "cidr", "subnet", "network"}
ADDRESS_FORMATS = {"ipv4", "ipv6", "hostname", "idn-hostname", "uri", "iri", "uri-reference", "iri-reference"}
PATH_WORDS = {"path", "paths", "file", "files", "filename", "filenames", "filepath", "dir", "dirs", "directory",
              "directories", "folder", "folders", "location", "dest", "destination", "output", "outfile", "source",
              "src", "log", "logs", "mount", "cwd", "root", "workdir", "workspace", "home", "prefix", "glob", "save",
              "target"}
# a parameter that takes a path by its `format` (no JSON Schema format is one; these are the ones tools use)
PATH_FORMATS = {"path", "file-path", "filepath", "file", "directory", "dir", "dir-path", "dirpath", "file-uri"}
# ... or by its description, when it opens by saying what the value is: "Path of ...", "Absolute path to the file
# ...", "The directory to ...", "Folder the photos come from" (a path noun among its first few words, before any
# comma or full stop; "When to back up the folder ..." names a folder but takes a time)
PATH_LEAD = LazyPattern(r"(?i)^\s*(?:(?:the|an?|one)\s+)?(?:[\w'-]+\s+){0,2}?(?:(?:file|directory|folder)\s+)?"
                        r"(?:paths?|file ?paths?|directory|directories|folders?|file ?names?|files?|dir)\b")
# a path's example is cut off at the clause it is in: "such as photos/2024. The job reads /home/svc/list" is
# not an example of the second path (a full stop or semicolon before a space; "e.g." and "i.e." are no stop)
CLAUSE_END = LazyPattern(r"(?i)(?<!\be\.g)(?<!\bi\.e)(?<!\betc)[.;!?](?=\s)|\n")
# a segment that stands for a value the user fills in: `<name>`, `{user}`, `$USER`, `${HOME}`, `%USERNAME%`
PLACEHOLDER_SEGMENT = LazyPattern(r"<[^<>\s]{1,40}>|\{[^{}\s]{1,40}\}|\$\{?[A-Za-z_]\w*\}?|%[A-Za-z_]\w*%|\.\.\.")
# a parameter that takes SQL (by its name): SQL in its strings documents the input
SQL_WORDS = {"sql", "query", "queries", "adql", "statement", "statements", "stmt", "cmd", "command", "cypher", "hql",
             "ddl", "dml"}
SQL_STRICT_WORDS = {"sql", "adql", "cypher", "hql", "ddl", "dml", "statement", "statements", "stmt"}
# a tool that runs SQL (by its name)
SQL_TOOL_WORDS = {"sql", "adql", "cypher", "hql", "database", "db", "warehouse", "bigquery", "snowflake", "postgres",
                  "postgresql", "mysql", "sqlite", "duckdb", "athena", "redshift", "clickhouse"}
SQL_MENTION = LazyPattern(r"\b(?:SQL|ADQL|SELECT|Cypher|HQL)\b")
ID_WORDS = {"id", "ids", "uuid", "guid", "hash", "sha", "sha1", "sha256", "md5", "digest", "checksum", "etag",
            "cursor", "page", "commit", "revision", "fingerprint", "accession", "slug", "handle", "nonce", "seed",
            "sample", "base64", "data", "content", "image", "blob", "bytes", "encoded", "signature"}
SECRET_WORDS = {"key", "apikey", "token", "secret", "password", "passwd", "pwd", "passphrase", "credential",
                "credentials", "auth", "authorization", "bearer"}
PASSWORD_WORDS = {"password", "passwd", "pwd", "passphrase", "secret"}

SECRET_KEYWORD = LazyPattern(r"(?i)api[_ -]?key|apikey|secret|token|passw|pwd|credential|private[_ -]?key"
                             r"|access[_ -]?key|bearer|authorization")
EXAMPLE_MARKER = LazyPattern(r"(?i)\b(?:e\.g|i\.e|such as|for example|for instance|examples?|format|like"
                            r"|(?:in|of) the form)\b")
ID_MARKER = LazyPattern(r"(?i)\b(?:ids?|identifier|uuid|hash|sha\d*|md5|digest|checksum|commit|revision|cursor"
                        r"|accession|base64|sample data|encoded)\b")


class Scope:
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
            sql = bool(name_words(self.contract.name) & SQL_TOOL_WORDS)
            params = self.contract.parameters
            props = params.get("properties") if isinstance(params, dict) else None
            if not sql and isinstance(props, dict):
                for k, v in props.items():
                    w = name_words(k) if isinstance(k, str) else set()
                    if w & SQL_STRICT_WORDS:
                        sql = True
                    elif w & SQL_WORDS and isinstance(v, dict) and isinstance(v.get("description"), str):
                        sql = bool(SQL_MENTION.search(v["description"]))
                    if sql:
                        break
            self._sql = sql
        return self._sql


# ------------------------------------------------------------------------------------------------ allow-list

class Allow:
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
INTERNAL_NETS = tuple((ipaddress.ip_network(n), why) for n, why in (
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

URL = LazyPattern(r"(?i)(?<![\w+.-])(?:jdbc:[a-z0-9]+(?::[a-z]+)*:|[a-z][a-z0-9+.-]{1,20}:)//"
                  r"[^\s'\"<>`\\|^{}]*(?:(?:\{[^}\s]*\}|<[\w-]{1,40}>)[^\s'\"<>`\\|^{}]*)*")
ADO = LazyPattern(r"(?i)\b(?:Server|Data Source|Host|Address)\s*=\s*(?P<host>[^;\s'\"]+)\s*;[^\n'\"]*?"
                  r"\b(?:Database|Initial Catalog|User Id|UID)\s*=[^\n'\"]*")
JDBC_THIN = LazyPattern(r"(?i)\bjdbc:[a-z0-9]+(?::[a-z]+)*:@(?://)?(?P<host>[A-Za-z0-9.-]+)(?::\d+)?[:/]\w+")
BARE_HOST = LazyPattern(r"(?i)(?<![\w.@/:%-])((?:[a-z0-9](?:[a-z0-9_-]{0,62}[a-z0-9])?\.)+"
                        r"(?:internal|local|localdomain|localhost|corp|lan|intranet|intra|home\.arpa|svc|consul))"
                        r"(?::\d{1,5})?(?![\w-]|\.[a-z0-9])")
BARE_V4 = LazyPattern(r"(?<![\w.:/-])(\d{1,3}(?:\.\d{1,3}){3})(?::(\d{1,5}))?(?![\w-]|\.\d)")
BARE_V6 = LazyPattern(r"(?i)(?<![\w:.])(::1|fe[89ab][0-9a-f]:[0-9a-f:]*[0-9a-f]|f[cd][0-9a-f]{2}:[0-9a-f:]*[0-9a-f])"
                      r"(?![\w:])")
LOCALHOST_PORT = LazyPattern(r"(?i)(?<![\w.@/-])localhost:\d{2,5}\b")


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
        return _classify_ip(ip)
    if re.fullmatch(r"[\d.]+", h):
        return None  # not an IP (e.g. a version number)
    if h == "localhost" or h.endswith(".localhost") or h == "localhost.localdomain":
        return "loopback name"
    for d in internal_domains:
        d = d.lower().lstrip("*").lstrip(".")
        if d and (h == d or h.endswith("." + d)):
            return f"configured internal domain {d}"
    return _classify_name(h)


def _classify_ip(ip) -> str | None:
    if ip.is_loopback:
        return "loopback address"
    for net, why in INTERNAL_NETS:
        if ip.version == net.version and ip in net:
            return why
    return None


def _classify_name(h: str) -> str | None:
    """Why a (lower-cased) host name is internal, by its labels."""
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


def url_host(url: str) -> tuple[str, str, str | None]:
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

UNIX_PATH = LazyPattern(
    r"(?:(?<=file://)|(?<=file://localhost)|(?<![\w.:/~$%{}\\-]))"
    r"(/(?:etc|home|Users|root|var|opt|srv|app|mnt|Volumes|private/var|usr/local|workspace)"
    r"(?:/[^\s'\"`<>|,;:()\[\]{}*?]+)+)")
WIN_PATH = LazyPattern(r"(?<![\w\\])([A-Za-z]):\\((?:[^\\\s'\"<>|*?:]+(?: [^\\\s'\"<>|*?:]+)*\\)+"
                       r"[^\\\s'\"<>|*?:,;)]*)")
UNC_PATH = LazyPattern(r"(?<![\w\\])\\\\([A-Za-z0-9._-]+)\\([A-Za-z0-9$._ -]+)")
CRED_FILE = LazyPattern(
    r"(?:~|\$HOME|%USERPROFILE%|/home/[^/\s]+|/Users/[^/\s]+|/root)?[/\\]\.(?:ssh[/\\]id_[a-z0-9]+|aws[/\\]credentials"
    r"|netrc|pgpass|git-credentials|docker[/\\]config\.json|kube[/\\]config|npmrc|pypirc)\b"
    r"|/etc/(?:shadow|gshadow|sudoers|master\.passwd)\b")
PLACEHOLDER_USERS = {"user", "users", "username", "user_name", "you", "yourname", "your_name", "your-name", "yourusername",
                     "your_username", "name", "me", "myuser", "myname", "example", "demo", "test", "default",
                     "public", "shared", "guest", "john", "jane", "johndoe", "janedoe", "jdoe", "alice", "bob", "foo",
                     "bar", "someone", "all users", "downloads", "documents", "desktop", "appdata", "pictures",
                     "music", "videos", "current", "xxx", "...", "<user>", "{user}", "$user", "%username%",
                     "username%"}


def placeholder_user(u: str) -> bool:
    u = u.lower()
    return u in PLACEHOLDER_USERS or bool(re.search(r"[<>{}$%*]|^\.\.\.|your|^x+$", u))


# ------------------------------------------------------------------------------------------------ SQL

SQL_STATEMENTS = (
    LazyPattern(r"\bSELECT\s+(?:DISTINCT\s+|TOP\s+\d+\s+)?[^;]{1,200}?\bFROM\s+[\w.\"`\[\]]+"),
    LazyPattern(r"\bINSERT\s+INTO\s+[\w.\"`\[\]]+"),
    LazyPattern(r"\bUPDATE\s+[\w.\"`\[\]]+\s+SET\b"),
    LazyPattern(r"\bDELETE\s+FROM\s+[\w.\"`\[\]]+"),
    LazyPattern(r"\b(?:CREATE|DROP|ALTER|TRUNCATE)\s+TABLE\s+(?:IF\s+(?:NOT\s+)?EXISTS\s+)?[\w.\"`\[\]]+"),
    LazyPattern(r"(?i)\bselect\s+(?:\*|\w+(?:\s*,\s*\w+)+)\s+from\s+[\w.\"`]+"),
    LazyPattern(r"(?i)\binsert\s+into\s+[\w.\"`]+\s*\("),
    LazyPattern(r"(?i)\bdelete\s+from\s+[\w.\"`]+\s+where\b"),
    LazyPattern(r"(?i)\bupdate\s+[\w.\"`]+\s+set\s+\w+\s*="),
)
SQL_QUALIFIED = LazyPattern(r"\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+[\"`\[]?([A-Za-z_]\w*)[\"`\]]?\.[\"`\[]?([A-Za-z_]\w*)")
TABLE_AFTER = LazyPattern(r"tables?\s+[`'\"]?([a-z_]\w*\.[a-z_]\w*)")  # on lower-cased text
TABLE_BEFORE = LazyPattern(r"\b([a-z_]\w*\.[a-z_]\w*)[`'\"]?\s+tables?\b")
SQL_UPPER = ("SELECT", "INSERT", "UPDATE", "DELETE", "CREATE", "DROP", "ALTER", "TRUNCATE")
NOT_TABLE_SUFFIX = LazyPattern(r"(?i)\.(?:json|ya?ml|csv|tsv|txt|xml|html?|md|py|js|ts|java|go|rb|php|sql|db|gz|zip"
                               r"|pdf|png|jpe?g|com|org|net|io|gov|edu|dev|ai|app|co|uk|de|jp)$")


# ------------------------------------------------------------------------------------------------ env vars

ENV_NAME = r"[A-Za-z_][A-Za-z0-9_]*"
# Code that reads the environment: the handler's source pasted into what the model reads. Names in setup prose
# ("requires HF_TOKEN", "set the FDA_API_KEY environment variable") and `$X`/`${X}`/`%X%` (shell and template
# placeholders: an e-mail template's `%FIRST_NAME%`) are not reported: they document the setup or the format.
ENV_CODE = (
    LazyPattern(r"\$\{\{\s*(?:secrets|env|vars)\.(" + ENV_NAME + r")\s*\}\}"),  # a CI workflow expression
    LazyPattern(r"\bos\.environ(?:\.get\(\s*|\[\s*)[\"'](" + ENV_NAME + r")[\"']"),
    LazyPattern(r"\b(?:os\.getenv|getenv|System\.getenv|os\.Getenv|env::var|Environment\.GetEnvironmentVariable"
                r"|ENV\.fetch)\(\s*[\"'](" + ENV_NAME + r")[\"']"),
    LazyPattern(r"\bprocess\.env(?:\.(" + ENV_NAME + r")|\[\s*[\"'](" + ENV_NAME + r")[\"']\s*\])"),
    LazyPattern(r"\bENV\[\s*[\"'](" + ENV_NAME + r")[\"']\s*\]"),
    LazyPattern(r"\bimport\.meta\.env\.(" + ENV_NAME + r")"),
)


# ------------------------------------------------------------------------------------------------ traces

TRACES = (
    ("Python traceback", LazyPattern(r"Traceback \(most recent call last\)")),
    ("Python stack frame", LazyPattern(r"File \"[^\"\n]+\", line \d+")),
    ("JVM stack frame", LazyPattern(r"\bat\s+[a-z][\w$]*(?:\.[\w$<>]+){2,}\((?:[\w$]+\.(?:java|kt|scala|groovy|clj)"
                                   r"(?::\d+)?|Native Method|Unknown Source)?")),
    ("JVM exception header", LazyPattern(r"Exception in thread \"[^\"]*\"|\bCaused by: [\w.$]+(?:Exception|Error)")),
    ("Node.js stack frame", LazyPattern(r"\bat\s+(?:[\w$.<>\[\] ]+\s+)?\(?(?:/|file://|[A-Za-z]:\\|node:)[^\s)]+:\d+:\d+"
                                       r"\)?")),
    (".NET stack frame", LazyPattern(r"\bat\s+[\w.`<>]+\([^)\n]*\)\s+in\s+\S+:line\s+\d+")),
    ("Go panic", LazyPattern(r"goroutine \d+ \[[a-z ]+\]:|panic: .+\n\s*goroutine")),
    ("Ruby stack frame", LazyPattern(r"(?:from\s+)?/[\w./-]+\.rb:\d+:in\s+[`'][^'\n]+'")),
    ("PHP stack trace", LazyPattern(r"Stack trace:\s*\n?\s*#0|(?:Fatal error|Warning): .{0,200}? in /\S+\.php on line \d+")),
    ("Rust panic", LazyPattern(r"thread '[^'\n]*' panicked at")),
)
EXCEPTION = LazyPattern(r"\b((?:[a-z][a-z0-9_]*\.){0,6})([A-Z][A-Za-z0-9]*[a-z0-9A-Z](?:Exception|Error))\b")


# ------------------------------------------------------------------------------------------------ e-mail

EMAIL = LazyPattern(r"(?<![\w.%+:/-])[A-Za-z0-9][A-Za-z0-9._%+-]*@((?:[A-Za-z0-9-]+\.)+[A-Za-z0-9-]+|\[[0-9a-fA-F:.]+\])"
                    r"(?![\w-]|\.[A-Za-z0-9])")


# ------------------------------------------------------------------------------------------------ gates
# Python's `re` is slow on alternations and case-insensitive patterns, so every detector is guarded by cheap
# substring tests (`in` runs at C speed) or by patterns that begin with a literal. They run first on all the
# strings of a contract joined together, then on each string of a contract that passed.

G_DOT_HOST = LazyPattern(r"\.(?:internal|local|corp|lan|intra|arpa|svc|consul)\b")  # on lower-cased text
G_IP = LazyPattern(r"(?:10|172|192|127|169)\.\d{1,3}\.\d{1,3}\.\d")
G_PATH = LazyPattern(r"/(?:etc|home|Users|root|var|opt|srv|app|mnt|Volumes|usr|workspace|private)/")
G_TRACE = LazyPattern(r"\.(?:java|kt|scala|groovy|clj|js|mjs|cjs|ts|rb|go|rs):\d|\.php\b")
G_JVM = LazyPattern(r"at (?:com|org|net|io|java|javax|sun|jdk|kotlin|scala|android)\.")
SECRET_CODES = frozenset(("TC502", "TC503", "TC504"))


def as_bytes(rx: LazyPattern) -> LazyPattern:
    return LazyPattern(rx.pattern.encode("ascii"))


# family: (substrings of the text, of the lower-cased text, patterns on the text, on the lower-cased text).
# Searched in bytes: the joined text encoded one byte per character (non-ASCII -> `?`), so offsets are kept.
HINTS: dict[str, tuple[tuple[bytes, ...], tuple[bytes, ...], tuple[re.Pattern, ...], tuple[re.Pattern, ...]]] = {
    "host": ((b"://", b"::"), (b"localhost:", b"jdbc:", b"database=", b"catalog="), (as_bytes(G_IP),), (as_bytes(G_DOT_HOST),)),
    "email": ((b"@",), (), (), ()),
    "path": ((b":\\", b"\\\\", b"/."), (), (as_bytes(G_PATH),), ()),  # drive paths, UNC shares, dotfiles
    "sql": ((b"JOIN", b"TABLE"), (b"select", b"insert into", b"delete from", b"update", b"table"), (), ()),
    "env": ((b"${{",), (b"env",), (), ()),
    # (JVM headers such as `Exception in thread` and `Caused by:` come with the "exc" family)
    "trace": ((b'File "', b":line ", b"goroutine ", b"panicked at", b"Stack trace"), (),
              (as_bytes(G_TRACE), as_bytes(G_JVM)), ()),
    "exc": ((b"Exception", b"Error"), (), (), ()),
}
# a common word is a hint only with its partner after it in the same string (`select ... from`, `update ... set`)
COMPANION = {b"select": b" from ", b"update": b" set ", b"table": b"."}
ASSIGN_WORD_BYTES = tuple(w.encode("ascii") for w in _sec.ASSIGN_WORDS)
LETTERS = bytes(range(65, 91)) + bytes(range(97, 123))
ASSIGN_TAIL = LazyPattern(rb"[a-z0-9_-]{0,20}[\"' ]*[=:]")


class Marks:
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
    marks = Marks(strings, len(_SEP))
    for fam in want:
        hints = HINTS.get(fam)
        if hints is None:
            continue
        lits, low_lits, rxs, low_rxs = hints
        for h, needles in ((hay, lits), (low, low_lits)):
            for lit in needles:
                i = h.find(lit)
                if i != -1:
                    marks.literal(h, lit, i, fam, COMPANION.get(lit))
        for h, patterns in ((hay, rxs), (low, low_rxs)):
            for rx in patterns:
                m = rx.search(h)
                if m:
                    marks.pattern(h, rx, m, fam)
    if "secret" in want:
        _secret_hints(strings, hay, low, marks)
    return marks.cand


def _secret_hints(strings: list[str], hay: bytes, low: bytes, marks: Marks) -> None:
    """Mark the strings that may hold a secret."""
    # runs of 15+ letters and digits that hold a digit (words and identifiers have none; every token
    # format and every literal TC504 reports does, except Hugging Face tokens, found by their prefix)
    runs = hay.translate(_sec.ALNUM_TABLE)
    i = runs.find(b"a" * 15)
    while i != -1:
        j = runs.find(b" ", i)
        j = len(runs) if j == -1 else j
        if hay[i:j].translate(None, LETTERS):
            nxt = marks.add(i, "secret")
            if nxt == -1:
                break
            j = max(j, nxt)
        i = runs.find(b"a" * 15, j)
    for lit in (b"PRIVATE KEY", b"hf_"):
        i = hay.find(lit)
        if i != -1:
            marks.literal(hay, lit, i, "secret")
    for w in ASSIGN_WORD_BYTES:  # `password=`, `"api_key": ` (see toolcheck.secrets.assignment_positions)
        i = low.find(w)
        while i != -1:
            j = i + len(w)
            if ASSIGN_TAIL.match(low, j):
                marks.add(i, "secret")
            i = low.find(w, j)
    if b"@" in hay and b"://" in hay:
        for i, x in enumerate(strings):
            if "@" in x and "://" in x:
                marks.cand.setdefault(i, set()).add("secret")


CODE_FAMILIES = {"TC501": "host", "TC502": "host", "TC503": "secret", "TC504": "secret", "TC505": "path",
                  "TC506": "sql", "TC507": "env", "TC508": "trace", "TC509": "exc", "TC510": "email", "TC511": "host",
                  "TC512": "host"}

