"""The import graph of toolcheck/, built from the AST of every module (imports inside functions included):
no cycle, and no private name (`_x`) imported from another module.

Imports under ``if TYPE_CHECKING:`` are left out (they never run). An edge is module -> module: ``from .a import
b`` is an edge to ``a.b`` when that is a module, else to ``a``. A private name is one that starts with ``_`` (not
a dunder): importing it — or reading it as an attribute of an imported module (``secrets._ALNUM_TABLE``) — from
outside the module (for a private submodule: outside its package) is a violation.

Importing ``toolcheck.a.b`` first runs the package ``toolcheck/a/__init__.py``: that is an edge too (except to the
root package, and from modules inside the package).

The allow-lists below hold today's violations outside WP0's scope, each with the work package of issue 16 that
removes it. They may only shrink: an entry that no longer occurs fails the test until it is deleted.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "toolcheck"

# (importer, imported) edges that close a cycle today, and who removes them
ALLOWED_CYCLE_EDGES: dict[tuple[str, str], str] = {
}

# (importer, "module.name") private names imported across modules today, and who removes them
ALLOWED_PRIVATE: dict[tuple[str, str], str] = {
}


def _modules() -> dict[str, Path]:
    out = {}
    for p in sorted(PACKAGE.rglob("*.py")):
        rel = p.relative_to(PACKAGE.parent).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = p
    return out


MODULES = _modules()


def _package_of(mod: str) -> str:
    return mod if MODULES[mod].name == "__init__.py" else mod.rpartition(".")[0]


def _resolve(mod: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = _package_of(mod).split(".")
    base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
    return ".".join(base + ([node.module] if node.module else []))


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _walk(tree: ast.AST):
    """Every node, except the bodies of ``if TYPE_CHECKING:``."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                stack.extend(child.orelse)
                continue
            stack.append(child)


def analyse() -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """(edges, private uses): edges between toolcheck modules, (importer, "owner.name") private imports."""
    edges: set[tuple[str, str]] = set()
    private: set[tuple[str, str]] = set()
    for mod, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        aliases: dict[str, str] = {}  # local name -> toolcheck module it is bound to
        for node in _walk(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    if a.name in MODULES:
                        edges.add((mod, a.name))
                        if a.asname:
                            aliases[a.asname] = a.name
                        _private_module(mod, a.name, private)
            elif isinstance(node, ast.ImportFrom):
                target = _resolve(mod, node)
                if not target.startswith("toolcheck"):
                    continue
                for a in node.names:
                    sub = f"{target}.{a.name}"
                    if sub in MODULES:
                        edges.add((mod, sub))
                        aliases[a.asname or a.name] = sub
                        _private_module(mod, sub, private)
                    elif target in MODULES:
                        edges.add((mod, target))
                        if _private(a.name) and mod != target:
                            private.add((mod, sub))
        for node in _walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases
                    and _private(node.attr) and aliases[node.value.id] != mod):
                private.add((mod, f"{aliases[node.value.id]}.{node.attr}"))
    # importing `toolcheck.a.b` runs `toolcheck/a/__init__.py` first: an edge to every parent package (but the
    # root, whose __init__ defines the version and the lazy public API)
    for a, b in list(edges):
        parts = b.split(".")
        for i in range(2, len(parts)):
            parent = ".".join(parts[:i])
            if parent in MODULES and not a.startswith(parent + ".") and a != parent:
                edges.add((a, parent))
    return {(a, b) for a, b in edges if a != b}, private


def _private_module(importer: str, module: str, out: set) -> None:
    """A private submodule (`pkg._cat`) imported from outside its package."""
    parent, _, last = module.rpartition(".")
    if _private(last) and not (importer == parent or importer.startswith(parent + ".")):
        out.add((importer, module))


def _cycles(edges: set[tuple[str, str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    graph: dict[str, list[str]] = {}
    for a, b in sorted(edges):
        graph.setdefault(a, []).append(b)
        graph.setdefault(b, [])
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(graph[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(graph[w])))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def test_no_import_cycles():
    edges, _ = analyse()
    cycles = _cycles(edges - set(ALLOWED_CYCLE_EDGES))
    detail = []
    for comp in cycles:
        inside = sorted((a, b) for a, b in edges if a in comp and b in comp)
        detail.append(" <-> ".join(comp) + "\n      edges: " + ", ".join(f"{a} -> {b}" for a, b in inside))
    assert not cycles, "import cycles (lazy imports included):\n  " + "\n  ".join(detail)


def test_no_private_names_imported_across_modules():
    _, private = analyse()
    new = sorted(private - set(ALLOWED_PRIVATE))
    assert not new, "private names used across modules:\n  " + "\n  ".join(f"{a} uses {b}" for a, b in new)


def test_allow_lists_only_shrink():
    edges, private = analyse()
    stale = [f"{a} -> {b} ({wp})" for (a, b), wp in ALLOWED_CYCLE_EDGES.items() if (a, b) not in edges]
    stale += [f"{a} uses {b} ({wp})" for (a, b), wp in ALLOWED_PRIVATE.items() if (a, b) not in private]
    assert not stale, "allow-list entries that no longer occur (delete them):\n  " + "\n  ".join(stale)
    for wp in list(ALLOWED_CYCLE_EDGES.values()) + list(ALLOWED_PRIVATE.values()):
        assert wp.split(":")[0] in {"WP1", "WP2", "WP3", "WP4", "WP5", "WP6"}, wp


def test_the_analysis_sees_lazy_imports_and_cycles():
    edges, _ = analyse()
    assert ("toolcheck.cli", "toolcheck.engine") in edges  # imported inside a function
    assert _cycles({("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")}) == [["a", "b", "c"]]
    assert _cycles({("a", "b")}) == []
