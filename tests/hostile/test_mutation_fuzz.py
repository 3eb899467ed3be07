"""Mutation fuzzing of toolcheck itself (issue 15, "Done means"): seeded, bounded in time, over the bundled
contracts and a sample of corpus A (skipped without ../shared).

Each round builds a project from mutated copies of the seeds: structural mutations of the parsed documents (wrong
types, deleted and renamed keys, hostile keys and values: braces, lone surrogates, 400-digit integers, NaN, deep
nesting, long strings), vendor shapes (OpenAI, Anthropic, Gemini, MCP, function arrays, JSON Lines), YAML text
tricks (aliases, tags, tabs, duplicate keys) and byte-level damage (flips, cuts, NUL and 0xff bytes, BOMs,
UTF-16). Fake credentials in documented formats are planted in names, descriptions, defaults, enums, property
names, targets, suppression comments and connection strings. Then `lint` and `validate` run through the real
entry point in every format, with the cache, and the test asserts:

- no internal error and no traceback; the exit code is 0, 1 or 2;
- the output parses in every machine format (JSON, SARIF, JUnit XML, GitHub workflow commands);
- no planted secret that is still intact in an input file appears in any output, on stderr, or in any file of
  `.toolcheck_cache`.

A failure names the round's seed and keeps its project folder (pytest's tmp_path) for a reproducer.
"""

from __future__ import annotations

import json
import os
import random
import re
import string
import subprocess
import sys
import time
import xml.dom.minidom
from pathlib import Path

import pytest
import yaml

from ..conftest import CORPUS, ROOT, needs_corpus

BUDGET = float(os.environ.get("TOOLCHECK_MUTATION_SECONDS", "14"))  # per test; two tests: ~30 s in CI
SEED = int(os.environ.get("TOOLCHECK_MUTATION_SEED", "15"))
FILES_PER_ROUND = 14
RUNS = [("lint", "json"), ("lint", "sarif"), ("lint", "junit"), ("lint", "github"), ("lint", "text"),
        ("validate", "json"), ("validate", "sarif"), ("validate", "junit")]
GITHUB_LINE = re.compile(r"^::(error|warning|notice) file=[^,]*,line=\d+,col=\d+,title=[^:]*::.*$")


# ------------------------------------------------------------------------------------------------ secrets

def _random(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _secrets(rng: random.Random) -> dict[str, str]:
    """Fake credentials of documented shapes that toolcheck's masker recognises (checked, so a random draw that
    happens to read like a placeholder is drawn again)."""
    from toolcheck.masking import mask

    up, alnum = string.ascii_uppercase + string.digits, string.ascii_letters + string.digits
    makers = {
        "aws": lambda: "AKIA" + _random(rng, up, 16),
        "github": lambda: "ghp_" + _random(rng, alnum, 36),
        "openai": lambda: "sk-proj-" + _random(rng, alnum, 40),
        "slack": lambda: "xoxb-" + _random(rng, string.digits, 11) + "-" + _random(rng, alnum, 24),
        "stripe": lambda: "sk_live_" + _random(rng, alnum, 24),
        "url-password": lambda: _random(rng, string.ascii_letters, 4) + _random(rng, string.digits, 3)
        + _random(rng, string.ascii_letters, 3),
        "context": lambda: _random(rng, string.ascii_letters, 5) + _random(rng, string.digits, 2)
        + _random(rng, string.ascii_letters, 4),
    }
    out = {}
    for kind, make in makers.items():
        for _ in range(50):
            s = make()
            probe = f"postgres://app:{s}@db.prod.acme.net/x" if kind == "url-password" else s
            if kind == "context" or mask(probe) != probe:
                break
        out[kind] = s
    return out


def _plant(rng: random.Random, doc, secrets: dict[str, str]):
    """Put one or two secrets somewhere a contract has strings; returns the document."""
    tools = _tool_dicts(doc)
    if not tools:
        return doc
    tool = rng.choice(tools)
    kind = rng.choice(sorted(secrets))
    s = secrets[kind]
    params = tool.get("parameters") if isinstance(tool.get("parameters"), dict) else None
    props = params.get("properties") if params is not None and isinstance(params.get("properties"), dict) else None
    if kind == "url-password":
        tool["description"] = f"Reads postgres://app:{s}@db.prod.acme.net:5432/shop for the data. Use it for data."
    elif kind == "context":
        if props is None:
            tool["parameters"] = params = {"type": "object", "properties": {}}
            props = params["properties"]
        props["password"] = {"type": rng.choice(["integer", "string", "boolean"]), "default": s,
                             "description": "The password."}
    else:
        where = rng.choice(["name", "description", "default", "enum", "property", "targets"])
        if where == "name":
            tool["name"] = s
        elif where == "description" or props is None:
            tool["description"] = f"{tool.get('description', '')} Uses the key {s} for access."
        elif where == "default":
            props.setdefault("q", {"type": "integer"})["default"] = f"key {s}"
        elif where == "enum":
            props["mode"] = {"type": "string", "enum": ["fast", s]}
        elif where == "property":
            props[s] = {"type": "string", "description": "A value."}
        else:
            tool["targets"] = ["openai", s]
    return doc


def _tool_dicts(doc) -> list[dict]:
    """The tool mappings of a seed document (a contract, a `tools:` list or a list of contracts)."""
    if isinstance(doc, dict) and isinstance(doc.get("tools"), list):
        return [t for t in doc["tools"] if isinstance(t, dict)]
    if isinstance(doc, dict):
        return [doc]
    if isinstance(doc, list):
        return [t for t in doc if isinstance(t, dict)]
    return []


# ------------------------------------------------------------------------------------------------ mutations

HOSTILE_VALUES = [
    None, True, 0, -1, 1.5, "", "x" * 5000, "\ud800", "{0}", "${HOME}", "a}", [], {}, [[[]]], {"type": "dict"},
    10 ** 400, float("nan"), float("inf"), "\u202e\u0000", "ﾃｽﾄ", "<script>", "../../etc/passwd",
]
HOSTILE_KEYS = ["{0}", "a}", "${HOME}", "\ud800", "", "$ref", "__proto__", "type", "required", "x-" + "y" * 300,
                "properties", "functionDeclarations", "source", "strict", "samples", "handler"]


def _nodes(doc, path=()):
    yield path, doc
    if isinstance(doc, dict):
        for k, v in list(doc.items()):
            yield from _nodes(v, path + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _nodes(v, path + (i,))


def _set(doc, path, value):
    if not path:
        return value
    cur = doc
    for p in path[:-1]:
        cur = cur[p]
    cur[path[-1]] = value
    return doc


def _mutate_data(rng: random.Random, doc):
    for _ in range(rng.randint(1, 4)):
        nodes = list(_nodes(doc))
        path, node = rng.choice(nodes)
        op = rng.randrange(7)
        if op == 0:
            doc = _set(doc, path, rng.choice(HOSTILE_VALUES))
        elif op == 1 and isinstance(node, dict) and node:
            del node[rng.choice(list(node))]
        elif op == 2 and isinstance(node, dict):
            node[rng.choice(HOSTILE_KEYS)] = rng.choice(HOSTILE_VALUES)
        elif op == 3 and isinstance(node, dict) and node:
            k = rng.choice(list(node))
            node[k[::-1] + "x" if isinstance(k, str) else "k"] = node.pop(k)
        elif op == 4:
            deep: object = rng.choice(["leaf", 1, None])
            for _ in range(rng.choice([50, 140, 300])):
                deep = {"a": deep} if rng.random() < 0.5 else [deep]
            doc = _set(doc, path, deep)
        elif op == 5:
            doc = _set(doc, path, [node, node] if rng.random() < 0.5 else {"wrapped": node})
        elif op == 6 and isinstance(node, str):
            doc = _set(doc, path, node * rng.choice([2, 50]) + rng.choice(["", "\ud800", " ${HOME}", "\x00"]))
    return doc


def _vendor(rng: random.Random, tools: list[dict]) -> tuple[str, object]:
    """The tools in a vendor's shape: (file extension, document or list of JSON Lines records)."""
    def params(t):
        return t.get("parameters", {"type": "object"})

    shape = rng.randrange(7)
    if shape == 0:
        return "json", [{"type": "function", "function": t} for t in tools]
    if shape == 1:
        return "json", [{"name": t.get("name"), "description": t.get("description"), "input_schema": params(t)}
                        for t in tools]
    if shape == 2:
        decls = [{"name": t.get("name"), "description": t.get("description"), "parameters": params(t)}
                 for t in tools]
        return "json", {"functionDeclarations": decls if rng.random() < 0.7 else (decls[0] if decls else 5)}
    if shape == 3:
        return "json", {"result": {"tools": [{"name": t.get("name"), "description": t.get("description"),
                                              "inputSchema": params(t)} for t in tools]}}
    if shape == 4:
        return "json", [{"name": t.get("name"), "description": t.get("description"), "parameters": params(t),
                         "source": rng.choice(["repo/x", {"nested": 1}, ["a"], 5])} for t in tools]
    if shape == 5:
        return "jsonl", [t for t in tools] + [{"functionDeclarations": rng.choice([5, "abc", [], None])}]
    return "yaml", {"tools": tools}


def _serialise(rng: random.Random, ext: str, doc, secret_texts: list[str], tokens: list[str]) -> bytes:
    """The document as file bytes. ``tokens`` (secrets of a self-identifying shape, a key or a token: a URL's
    password is a secret only inside its URL) may also go into a suppression comment."""
    if ext == "jsonl":
        text = "\n".join(json.dumps(r, ensure_ascii=rng.random() < 0.5) for r in doc) + "\n"
    elif ext == "json":
        text = json.dumps(doc, ensure_ascii=rng.random() < 0.5, indent=rng.choice([None, 2]))
        if rng.random() < 0.2:  # a duplicate key, which json.dumps cannot write
            text = text.replace('"name":', '"name": "dup", "name":', 1)
    else:
        try:
            text = yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)
        except (yaml.YAMLError, UnicodeEncodeError, RecursionError, ValueError):
            text = json.dumps(doc)
        trick = rng.randrange(6)
        if trick == 0:
            text = "x-anchor: &a [x, x, x, x]\nx-many: [" + ", ".join(["*a"] * 40) + "]\n" + text
        elif trick == 1:
            text = text.replace("\n  ", "\n\t", 1)
        elif trick == 2:
            text = text.replace("description:", "description: !!python/object/apply:os.system\n   -", 1)
        elif trick == 3 and tokens:
            text += f"# toolcheck: ignore[{tokens[0]}]\n"
        elif trick == 4:
            text = text + text.split("\n", 1)[0] + "\n"  # the first key again
    data = text.encode("utf-8", "surrogatepass")
    return _damage(rng, data, [s.encode() for s in secret_texts])


def _damage(rng: random.Random, data: bytes, keep: list[bytes]) -> bytes:
    """Byte-level damage, never inside (or right beside) a planted secret."""
    if rng.random() < 0.5 or not data:
        return data
    guarded = []
    for s in keep:
        i = data.find(s)
        while i != -1:
            guarded.append((i - 2, i + len(s) + 2))
            i = data.find(s, i + 1)

    def free(pos: int) -> bool:
        return not any(a <= pos < b for a, b in guarded)

    op = rng.randrange(6)
    if op == 5:
        return rng.choice([b"\xef\xbb\xbf" + data, data.decode("utf-8", "replace").encode("utf-16"),
                           data.decode("utf-8", "replace").encode("latin-1", "replace")])
    for _ in range(20):
        pos = rng.randrange(len(data))
        if free(pos):
            break
    else:
        return data
    if op == 0:
        return data[:pos] + bytes([data[pos] ^ (1 << rng.randrange(8))]) + data[pos + 1:]
    if op == 1:
        end = pos + rng.randint(1, 40)
        return data if not all(free(p) for p in range(pos, min(end, len(data)))) else data[:pos] + data[end:]
    if op == 2:
        return data[:pos] + rng.choice([b"\x00", b"\xff\xfe", b"\r", b"{", b"]", b"\"", b"\\u", b"&x *x"]) + data[pos:]
    if op == 3 and all(free(p) for p in range(pos, len(data))):
        return data[:pos]
    return data[:pos] + data[pos:pos + 200] + data[pos:]


# ------------------------------------------------------------------------------------------------ rounds

def _seeds_bundled() -> list[tuple[str, object]]:
    out = [(p.name, yaml.safe_load(p.read_text(encoding="utf-8"))) for p in sorted((ROOT / "contracts").glob("*.yaml"))]
    return out


def _seeds_corpus(rng: random.Random, n: int = 40) -> list[tuple[str, object]]:
    with open(CORPUS / "tools.jsonl", encoding="utf-8") as fh:
        lines = fh.read().splitlines()
    picked = rng.sample(lines, min(n, len(lines)))
    return [(f"corpus_{i}.json", json.loads(line)) for i, line in enumerate(picked)]


def _build(rng: random.Random, root: Path, seeds: list[tuple[str, object]], secrets: dict[str, str]) -> list[Path]:
    import copy

    (root / "contracts").mkdir(parents=True)
    (root / "samples").mkdir()
    (root / "toolcheck.yaml").write_text("paths: [contracts]\nsamples: samples\n", encoding="utf-8")
    samples = sorted((ROOT / "samples").glob("*.yaml"))
    for s in rng.sample(samples, 3):
        (root / "samples" / s.name).write_bytes(_damage(rng, s.read_bytes(), []))
    written = []
    for i in range(FILES_PER_ROUND):
        name, seed = rng.choice(seeds)
        doc = copy.deepcopy(seed)
        if rng.random() < 0.8:
            doc = _mutate_data(rng, doc)
        if rng.random() < 0.35:
            ext, doc = _vendor(rng, _tool_dicts(doc) or [{"name": "t", "parameters": doc}])
        else:
            ext = rng.choice(["yaml", "json", "yaml"])
        before = json.dumps(doc, default=str, ensure_ascii=False) if not isinstance(doc, list) or ext != "jsonl" \
            else ""
        if isinstance(doc, list) and ext == "jsonl":
            doc = [_plant(rng, r, secrets) if isinstance(r, dict) else r for r in doc]
        else:
            doc = _plant(rng, doc, secrets)
        planted = [s for s in secrets.values() if s in json.dumps(doc, default=str, ensure_ascii=False)
                   and s not in before]
        path = root / "contracts" / f"m{i:02d}_{Path(name).stem}.{ext}"
        tokens = [s for k, s in secrets.items() if s in planted and k not in ("url-password", "context")]
        path.write_bytes(_serialise(rng, ext, doc, planted, tokens))
        written.append(path)
    return written


def _check_output(fmt: str, out: str) -> None:
    if fmt in ("json", "sarif"):
        json.loads(out)
    elif fmt == "junit":
        xml.dom.minidom.parseString(out.encode("utf-8"))
    elif fmt == "github":  # one command per line (the runner splits on newlines only)
        for line in out.split("\n")[:-1]:
            assert GITHUB_LINE.match(line), line[:300]


def _round(root: Path, seed: int, seeds) -> None:
    rng = random.Random(seed)
    secrets = _secrets(rng)
    files = _build(rng, root, seeds, secrets)
    inputs = b"".join(f.read_bytes() for f in files)
    intact = [s for s in secrets.values() if s.encode() in inputs]  # planted and not damaged
    seen: list[str] = []
    env = {**os.environ, "NO_COLOR": "1"}
    env.pop("TOOLCHECK_FORMAT", None)
    for cmd, fmt in RUNS:
        p = subprocess.run([sys.executable, "-m", "toolcheck", cmd, "--format", fmt], cwd=root, capture_output=True,
                           timeout=120, env=env)
        out, err = p.stdout.decode("utf-8"), p.stderr.decode("utf-8", "replace")
        where = f"seed {seed}, `toolcheck {cmd} --format {fmt}` in {root}"
        assert p.returncode in (0, 1, 2), f"{where}: exit {p.returncode}: {err[-1000:]}"
        assert "internal error" not in err and "Traceback" not in err, f"{where}: {err[-2000:]}"
        if p.returncode == 2:
            assert len([ln for ln in err.splitlines() if ln.strip() and not ln.startswith("note:")]) == 1, err
        else:
            _check_output(fmt, out)
        seen += [out, err]
    cache = root / ".toolcheck_cache"
    if cache.exists():
        seen += [f.read_bytes().decode("utf-8", "replace") for f in cache.rglob("*") if f.is_file()]
    everything = "\n".join(seen)
    leaked = [s for s in intact if s in everything]
    assert not leaked, f"seed {seed}: planted secrets in the output or the cache: {leaked} (project {root})"


def _fuzz(tmp_path: Path, seeds_for) -> int:
    deadline = time.monotonic() + BUDGET
    rounds = 0
    while rounds == 0 or time.monotonic() < deadline:
        seed = SEED * 1000 + rounds
        _round(tmp_path / f"round{rounds}", seed, seeds_for(random.Random(seed)))
        rounds += 1
    return rounds


def test_mutation_fuzz_bundled_contracts(tmp_path):
    seeds = _seeds_bundled()
    assert _fuzz(tmp_path, lambda rng: seeds) >= 1


@needs_corpus
def test_mutation_fuzz_corpus_sample(tmp_path):
    assert _fuzz(tmp_path, lambda rng: _seeds_corpus(rng)) >= 1


@pytest.mark.parametrize("seed", range(3))
def test_the_generator_is_seeded(tmp_path, seed):
    """Same seed, same files: a failing round is reproduced by its seed alone."""
    def files(root):
        _build(random.Random(seed), root, _seeds_bundled(), _secrets(random.Random(seed)))
        return {p.name: p.read_bytes() for p in sorted((root / "contracts").iterdir())}

    assert files(tmp_path / "a") == files(tmp_path / "b")
