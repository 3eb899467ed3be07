"""Two tools in the checked set do the same thing under different names.

What it does:
Compares the tools loaded together (all files given, or a group of them, see `group-by`) and reports each
pair whose purpose overlaps once, on the later tool of the pair (by file, then position), with `related`
pointing at the other. Each tool is read into a *purpose frame*:

- **action**: the verb of its name, in a class with its synonyms and opposites (search ~ find ~ look up;
  get ~ fetch ~ read; list; count; create ~ add ~ insert; delete ~ remove; cancel and undo; start vs stop;
  ...), also as a nominalised verb (`currency_conversion`, `restaurant_finder`, `perform_search`), or the
  first verb of the description when the name has none;
- **object**: the noun phrase acted on, with namespaces (`math.`, `server__`), service prefixes (`FDA_get_...`)
  and platform prefixes (`playwright_click`) set aside, plurals folded, compound nouns kept whole (pull
  request), synonyms mapped (photo ~ image, purchase ~ order, folder ~ directory) and states said in other
  words folded (in stock ~ available to ship);
- **qualifiers**: the lookup key (`by_id`, `by_name`), a source, target or scope (`from_template`,
  `in_namespace`, `to_group`), states, whether it lists or gets one, the platform or host document it works on
  (npm vs Maven, a Word document vs a slide, one organism's database vs another's); a version marker of the
  name (`get_configs_v2`, `GetDetailsV1`: a version of the same tool, not a part of its object) and the output
  format a read names after its object (`retrieve_page_markdown`, when its description says the page comes
  as Markdown: the same read in another form; a converter's or a write's format stays its object);
- **parameters**: names canonicalised, each with a role (id, name, query, path, url, content, location, time,
  paging, auth, format) and whether it is required; the values of mode enums (`action`, `method`, `type`,
  `format`);
- **description cues**: a sentence that calls one tool deprecated or an alias of the other, says the other
  does its job ("equivalent to X", "X is equivalent", "similar functionality to X", "the same results as X"; read
  for the name the phrase touches, not after a negation; "similar to X", "see also X", "unlike X", "complements X"
  are no such statement), says to use the other instead or that it is an alternative to it, or names it as a step
  to run first.

A pair is then judged on that evidence: the same action class on the same object with compatible keys, and
parameters and descriptions that agree (descriptions compared as TF-IDF vectors over fixed background word
frequencies, Chinese and Japanese words mapped to English ones and Han text as bigrams; sentences both
descriptions repeat word for word, a suite's boilerplate, set aside) speak for an overlap; a different or
opposite action, a different object or a part of it, a sibling object (a user's policy vs a group's policy),
a different lookup key or required scope, a listing vs a get-one, different platforms speak against it; a
description calling one an alias or deprecated for the other, and an enum of one tool that selects the
other's whole job (`orders(action=cancel)` vs `cancel_order`), are strong evidence for it. A bulk form is the
single form's job too: one tool requires a list (an array, or a string its description calls comma-separated) of
what the other takes one of (`batch_lookup(ids: "Comma-separated IDs")` vs `get_history(id)`), in one API, with the
same or a related lookup verb; its entries hold the single tool's key, so an object one side leaves unnamed is the
other's, and a listing vs a get-one is no difference. Without a "batch", "multiple" or "several" such a list counts
only when the two otherwise mirror each other (every other parameter alike, descriptions alike, one's whole object the
other's whole lookup key: `count_country_by_drug(drug, sex, ...)` vs `count_reports_by_country(drugs: [...], sex,
...)`; not `count_reports_by_reporter_country`, a narrower field). A
listing that merely takes a comma-separated list of fields is none. The weights are
data (`toolcheck/data/overlap/model.json`, fitted on labelled pairs of published tools); the score is their
logistic combination, 0 to 1, and depends on the two tools alone, never on the rest of the set. A decisive
difference (a different or opposite action, a listing vs a get-one, a sibling or a part of the object, different
lookup keys, a required scope or source, different platforms or states) caps the score at 0.3 unless an alias
cue or an enum cover overrides it. A new version of a tool or a variant in an output format on one side only
is the same job (the label rules' deprecated alias and verbosity variant); two different formats a user names
(`export_report_csv` vs `export_report_pdf`) are different targets, a decisive difference.

The message says which evidence was found, e.g. "same action (find ~ search) on the same object (gifts);
identical parameters budget/interests; 78% shared description terms (budget, catalogue, ...)", or
"description of `read_file`: 'DEPRECATED: Use read_text_file instead.'". Pairs with the same name are
TC012's (duplicate-tool-name); names equal only once a namespace is stripped (`math.factorial` vs
`factorial`, usually variants from different sources) are compared like any other pair and say "same name once
namespaces are stripped". Two copies of one tool under two hosts' prefixes (`hmdb_tools__HMDB_search` vs
`metabolite_tools__HMDB_search`: the same name as written once the namespaces are set aside, of more than a bare
verb, the same required parameters, parameters and descriptions alike) read as one tool: "one tool under two
prefixes". A bare verb under two namespaces (`news__search` vs `explorer__search`) is not a copy: its namespace says
what it does. When several tools share one name (copies in two files, TC012's), the name is compared
once, with its first copy in a passed file (else its first copy), so a pair of names is reported once.

Only pairs that share a purpose key are compared (the same action and object head, the same stripped name, the
same required parameters, a description naming the other, an enum word), and a pair stops as soon as a proven
upper bound of its score is below the threshold: on corpus A's 7,078 published tools (5,585 frames, ~61,000
candidate pairs) TC430 spends about 1.3 s of CPU (`benchmarks/overlap/cpu.py`), a set of a few dozen a few
milliseconds.

Why is this bad?
A model picks a tool by reading names and descriptions. When two tools mean the same thing, which one it
calls is a coin toss, each is called with the other's arguments, and a fix made to one is missed in the
other.

Example:
```yaml
tools:
  - name: search_gifts
    description: Search the gift catalogue for items that match a budget and the recipient's interests.
    parameters:
      type: object
      properties:
        budget: {type: number, description: Most the user wants to spend.}
        interests: {type: array, items: {type: string}, description: What the recipient likes.}
  - name: find_gifts
    description: Find gifts in the catalogue that fit the recipient's interests and budget.
    parameters:
      type: object
      properties:
        budget: {type: number, description: Most the user wants to spend.}
        interests: {type: array, items: {type: string}, description: What the recipient likes.}
```

Use instead:
```yaml
tools:
  - name: search_gifts
    description: >-
      Search the gift catalogue for items whose name matches the user's keywords. Not for recommendations.
    parameters:
      type: object
      properties:
        keywords: {type: string, description: Words to match against product names.}
  - name: suggest_gifts
    description: Recommend presents for one person from their interests and the user's budget.
    parameters:
      type: object
      properties:
        budget: {type: number, description: Most the user wants to spend.}
        interests: {type: array, items: {type: string}, description: What the recipient likes.}
```

Options:
`rules.TC430.threshold` (default 0.5): the score from which a pair is reported. Lower it (0.35) to see
looser overlaps, raise it (0.7) to keep only near-duplicates. The Example above scores about 0.9, the Use
instead below 0.1.

`rules.TC430.group-by` (default `auto`): which tools are compared with each other. `none`: all tools loaded
together. `file`: tools of the same file. `source`: tools with the same `source` metadata (JSON Lines records
such as `{"source": ..., "name": ..., ...}`). `origin`: tools whose `source` names the same repository or
package (the part before `@`: `owner/repo@commit:path` → `owner/repo`), i.e. published together. `auto`:
`origin` when any tool carries a `source`, else `none`. Under `source` and `origin`, tools without a
`source` form one group.

`rules.TC430.backends` (default `named`): how two tools of two services that answer one question from one kind of
input weigh (GO annotations of a protein by its UniProt accession from OMA or from QuickGO; a drug's indications by
its name from the FDA label or from DrugBank). `named`: as services a user names, each with its own content, so
such a pair is reported only when the rest of its evidence says one job (the services' different wording of keys
and answers is no decisive difference). `interchangeable`: as interchangeable backends, one job: for a suite whose
users would not pick the database themselves. Two blind judges called 36 of the 50 published pairs that
`interchangeable` adds distinct, hence opt-in.

Whatever `backends` says, two services that serve the same data are one job by default: mirrors of one archive
(the wwPDB partners RCSB PDB, PDBe and PDBj; the INSDC partners GenBank, ENA and DDBJ) and relays that state they
serve another's data (Pharos relays GTEx expression, the Alliance of Genome Resources its member model-organism
databases, Open Targets EFO terms and Ensembl VEP consequences). The groups are data
(`toolcheck/data/overlap/sources.json`, each with the documentation it is read from); a service is read from the
name's first part, or from the description of a name without one. Such a pair is reported when the two do one
job on that data: the same or related actions, one kind of input, one object once what the records are of is set
aside (a gene, a PDB entry) and descriptions alike, e.g. "one job on one record from two services that serve one
archive (wwPDB: RCSB PDB, PDBe, PDBj)". Two of a relay's members (FlyBase and ZFIN) are not paired.

When a pre-commit hook passes only some files, the rest of the configured contracts are loaded as context:
they are compared too, and a pair is reported on the tool of a passed file.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...contract import Contract
from ..base import Hit, Option, RuleSpec

GROUP_MODES = ("auto", "origin", "source", "file", "none")
BACKEND_MODES = ("named", "interchangeable")  # toolcheck.overlap.BACKEND_MODES (not imported for one contract)
# the threshold data/overlap/model.json was fitted for (tests/test_overlap_model.py keeps the two equal)
DEFAULT_THRESHOLD = 0.5


def _a_score(value: float) -> str | None:
    return None if 0 < value <= 1 else f"must be above 0 and at most 1, not {value}"


RULE = RuleSpec(
    "TC430", "overlapping-tools", severity="warning", scope="set",
    options={
        "threshold": Option(float, DEFAULT_THRESHOLD, "the score (0 to 1) from which a pair is reported", min=0,
                            max=1, check=_a_score),
        "group-by": Option(str, "auto", "which tools are compared with each other", choices=GROUP_MODES),
        "backends": Option(str, "named", "two services that answer one question from one kind of input: services "
                           "a user names (named) or one job (interchangeable)", choices=BACKEND_MODES),
    },
)


class _Tool:
    """A contract with its place in the set (``rank``: by file, then position) and, once parsed, its frame."""

    __slots__ = ("c", "frame", "rank", "reported")

    def __init__(self, c: Contract) -> None:
        self.c = c
        self.frame: Any = None
        self.reported = bool(getattr(c.file, "reported", True))
        self.rank = 0


def check(contracts: list[Contract], options: dict[str, Any]) -> Iterator[Hit]:
    threshold, mode, backends = float(options["threshold"]), options["group-by"], options["backends"]
    tools = [_Tool(c) for c in contracts
             if isinstance(getattr(c, "data", None), dict) and c.name and isinstance(c.name, str)]
    if len(tools) < 2 or not any(t.reported for t in tools):
        return
    if mode == "auto":
        mode = "origin" if any(_source(t.c) is not None for t in tools) else "none"
    # a tool's place: its file, then its position in the file; a pair is reported on its later tool
    for k, t in enumerate(sorted(tools, key=lambda t: (t.c.file.path, t.c.index))):
        t.rank = k
    groups: dict[str | None, list[_Tool]] = {}
    for t in tools:
        groups.setdefault(_group_key(t.c, mode), []).append(t)
    pairs = []
    for key in sorted(groups, key=lambda k: (k is not None, k or "")):
        pairs.extend(_pairs(groups[key], threshold, backends))
    pairs.sort(key=lambda x: (x[0], x[1]))
    for _, _, subj, other, score in pairs:
        yield _hit(subj, other, score)


def _pairs(group: list[_Tool], threshold: float,
           backends: str = "named") -> list[tuple[int, int, _Tool, _Tool, float]]:
    """(rank of the reported tool, rank of the other, the reported tool, the other, score) for every pair of one
    group that overlaps."""
    from ...overlap import find_overlaps, mention_keys, parse

    if len(group) < 2 or not any(t.reported for t in group):
        return []
    members = _representatives(group)
    if len(members) < 2:
        return []
    known = frozenset(k for t in members for k in mention_keys(t.c.name))
    for t in members:
        t.frame = parse(t.c.name, t.c.description or "", t.c.parameters, known)

    def eligible(i: int, j: int) -> bool:
        return members[i].reported or members[j].reported

    out = []
    for i, j, score in find_overlaps([t.frame for t in members], threshold, eligible, backends):
        a, b = members[i], members[j]  # a.rank < b.rank
        subj, other = (b, a) if b.reported else (a, b)
        out.append((subj.rank, other.rank, subj, other, score))
    return out


def _representatives(group: list[_Tool]) -> list[_Tool]:
    """One tool per name, by rank: copies of one name (TC012's) are compared once, as the first copy in a passed
    file, else the first copy."""
    group.sort(key=lambda t: t.rank)
    reps: dict[str, _Tool] = {}
    for t in group:
        prev = reps.get(t.c.name)
        if prev is None or (t.reported and not prev.reported):
            reps[t.c.name] = t
    return sorted(reps.values(), key=lambda t: t.rank)


def _origin(source: str) -> str:
    """The repository or package of a `source` such as ``owner/repo@commit:path`` or ``pypi:pkg==1@sha:path``."""
    return source.split("@", 1)[0] if "@" in source else source


def _source(c: Contract) -> str | None:
    meta = c.metadata if isinstance(c.metadata, dict) else {}
    src = meta.get("source")
    return src if isinstance(src, str) and src else None


def _group_key(c: Contract, mode: str) -> str | None:
    if mode == "none":
        return None
    if mode == "file":
        return c.file.path
    src = _source(c)
    if src is None:
        return None
    return src if mode == "source" else _origin(src)


def _hit(subj: _Tool, other: _Tool, score: float) -> Hit:
    from ...overlap import explain

    oc = other.c
    where = "" if oc.file.path == subj.c.file.path else f" ({oc.file.path})"
    reasons = explain(subj.frame, other.frame)
    score = round(score, 3)  # the message shows the score data.score holds, so the two never disagree (0.605)
    msg = f"tool `{subj.c.name}` overlaps `{other.c.name}`{where}, score {score:.2f}: " + "; ".join(reasons)
    help_ = (f"Merge the two tools, or make each name and description say what sets it apart from `{other.c.name}` "
             "(its input, its scope, when to call it) so that a model can tell them apart.")
    ptr = oc.ptr("name")
    try:  # JSON Lines: the record's line is the name's, and is known without indexing the record
        line = oc.file.locate(oc.pointer if oc.file.kind == "jsonl" else ptr)[0]
    except Exception:  # noqa: BLE001 - a position is a courtesy
        line = 1
    h = Hit("/name", msg, help_)
    h.subject = subj.c
    h.related = [{"file": oc.file.path, "line": line, "pointer": ptr, "tool": oc.name}]
    from ...overlap.relations import align_services

    fs, fo = align_services(subj.frame, other.frame)  # the objects as the pair was compared
    h.data = {
        "score": score,
        "other": oc.name,
        "action": [fs.action, fo.action],
        "object": [" ".join(fs.obj) or None, " ".join(fo.obj) or None],
    }
    return h
