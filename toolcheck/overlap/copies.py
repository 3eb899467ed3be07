"""One tool shipped twice: a tool and its copy under two prefixes.

An MCP host that loads two servers offering one name gives each copy its server as a prefix
(``hmdb_tools__HMDB_search``, ``metabolite_tools__HMDB_search``); a suite that ships one tool in two data files does
the same through such a host. ``copy_of(a, b)`` reads two frames as copies of one tool when

* the names differ, at least one has a namespace, and once the namespaces are set aside they are the same name as
  written (``HMDB_search`` both; case aside) of two words or more: equal canonical words (``do_delete_object`` ~
  ``delete_object``) are not enough, and a bare verb (``entropy_change.calculate`` vs
  ``energy_calculator.calculate``, ``news__search`` vs ``explorer__search``) is no tool by itself, its namespace
  says what it does;
* they take the same required parameters (by name as written, case aside) and the parameters as a whole match
  (relations.params_match's similarity at least COPY_PARAMS: every one has a like in the other);
* both have descriptions, and the descriptions' cosine is at least COPY_DESC: one job told in like words.

Two tools of one bare name on two servers that do two jobs (``search`` of a news site vs of a blockchain
explorer, ``fetch`` of a web page vs of a biomedical record) differ in parameters or descriptions and stay apart.
decide.py reads the objects of two copies as one (an object a description names differently is wording, not a
difference: the names say one tool); every other difference still counts. Both tools' own text only. The same
holds for one bare job named alike on two interchangeable backends (``interchangeable_namespaces``:
``playwright_hover`` vs ``browser_hover``), read before round H in decide.py.
"""

from __future__ import annotations

from .frames import Frame, unprefixed
from .lexicon import lexicon, split_identifier
from .relations import dot, params_match
from .vectors import pair_vectors

COPY_PARAMS = 0.8  # params_match's similarity of all parameters
COPY_DESC = 0.35  # the descriptions' cosine (vectors.pair_vectors, shared sentences set aside)


def copy_of(a: Frame, b: Frame) -> tuple[str, tuple[str, ...]] | None:
    """(the name both carry once namespaces are set aside, their required parameters) when ``a`` and ``b`` are
    copies of one tool, else None."""
    if a.name == b.name or not (a.ns or b.ns) or not a.base or a.base != b.base:
        return None
    name = unprefixed(a.name)
    if name.lower() != unprefixed(b.name).lower() or name == a.name and unprefixed(b.name) == b.name:
        return None
    if len(split_identifier(name)) < 2:  # a bare verb (entropy_change.calculate): the namespace says what it does
        return None
    if a.desc_empty or b.desc_empty or not a.params or not b.params:
        return None
    req = sorted(p.raw for p in a.params if p.required)
    if [r.lower() for r in req] != sorted(p.raw.lower() for p in b.params if p.required):
        return None
    if params_match(a, b)[0] < COPY_PARAMS:
        return None
    da, _, db, _, _ = pair_vectors(a, b)
    if dot(da, db) < COPY_DESC:
        return None
    return name, tuple(req)


def copy_clause(a: Frame, b: Frame, hit: tuple[str, tuple[str, ...]]) -> str:
    """The message: the name both carry, each tool's prefix, the required parameters both take."""
    name, req = hit
    pa, pb = (f"`{p}`" if (p := f.name[: len(f.name) - len(name)]) else "none" for f in (b, a))
    takes = f"the same required parameters ({'/'.join(req)})" if req else "no required parameter"
    return (f"one tool under two prefixes: both are `{name}` ({pa} vs {pb}) with {takes}, parameters and "
            f"descriptions alike")


def interchangeable_namespaces(a: Frame, b: Frame) -> bool:
    """One bare job named alike on two interchangeable backends (playwright_hover vs browser_hover; decide.py reads
    it for names equal once namespaces are stripped): neither name says an object, and each namespace names a
    platform of one kind the lexicon calls interchangeable (playwright, puppeteer, browser: browser automation),
    different platforms or the same."""
    if a.obj_src == "name" or b.obj_src == "name" or not a.ns or not b.ns:
        return False
    lx = lexicon()
    kinds = []
    for f in (a, b):
        cats = {hit[0] for w in f.ns if (hit := lx.platform.get(w)) and lx.interchangeable.get(hit[0], False)}
        if not cats:
            return False
        kinds.append(cats)
    return bool(kinds[0] & kinds[1])
