"""What a description sentence that names another tool says about it: the kind of cue (frames._cues reads it).

``sentence_kind(low, res)`` is the cue of a whole sentence (alias, instead, workflow or a mere mention), from the
lexicon's cue phrases. ``instead_kind(...)`` refines an ``instead`` sentence for one tool name in it:

* ``alias``: the sentence sends the model to the other tool *unconditionally*: "Use X instead.", "Use this tool
  instead of X", "If this tool returns HTTP 503, use X instead" (a fallback for a failing tool is the same job);
* ``substitute``: the same, but the sentence names several tools as the substitutes ("use the A tools (A_get_gene,
  A_get_gene_orthologs, ...) instead"), so it is an alias only for the one named like this tool (relations.cue_of);
* ``instead``: a conditional pointer, to a different job: "Use X instead when you have many variants", "For
  searching by DOI, use X instead", "use X instead if you need the full panel".

An item of a list that a sentence ending in a colon introduces ("For specific sections only, use the specialised
tools:" then "- trial_locations_getter: Site locations") is read with that sentence (``list_intro``), and is at most
a pointer (``instead``): a list names several tools, none of them as this tool's alias.

A condition that only restates the tool's own scope ("For C. elegans genes" in a C. elegans gene tool) is none.
Everything is read from the one tool's own text: a frame never depends on the other tools of the set.
"""

from __future__ import annotations

import re

from .lexicon import singular

_LABEL_RE = re.compile(r"\s*([a-z][a-z /_-]{0,30}):\s")
_TOOL_LABELS = frozenset({"note", "nb", "alias", "deprecated", "warning", "important", "legacy", "status"})


def sentence_kind(low: str, res: tuple[re.Pattern, re.Pattern, re.Pattern]) -> str:
    """The cue of a lower-case sentence: alias, instead, workflow or a mere mention."""
    alias, instead, workflow = res
    kind = ("alias" if alias.search(low) else "instead" if instead.search(low)
            else "workflow" if workflow.search(low) else "mention")
    if kind == "alias" and labelled_about_other(low):
        kind = "mention"  # "Prerequisites: same as X." says so of the prerequisites, not of the tool
    return kind


def labelled_about_other(low: str) -> bool:
    """The sentence opens with a label of its own (``Prerequisites: ...``, ``Output format: ...``), so what it says
    is about that part, not the tool (``Note:``, ``Deprecated:`` are about the tool)."""
    m = _LABEL_RE.match(low)
    return bool(m) and m.group(1).strip() not in _TOOL_LABELS


# "use this tool instead of X": this tool replaces X
_THIS_REPLACES_RE = re.compile(r"\b(?:use|prefer|call)\s+(?:this|it)(?:\s+(?:tool|function|endpoint|one))?\s+"
                               r"(?:instead\s+of|rather\s+than|in\s+place\s+of|over)\s")
_USE_RE = re.compile(r"\b(?:use|call|try)\b")
_INSTEAD_AFTER_RE = re.compile(r"\binstead\b(?!\s+of)")
_PREFER_RE = re.compile(r"\bprefer\s+(?:using\s+|the\s+)?$")
# a clause that says the tool itself fails: a fallback, not another job
_FAILS_RE = re.compile(r"\b(?:this\s+(?:tool|endpoint|service|api|function)|it)\s+(?:currently\s+|now\s+)?"
                       r"(?:returns?|answers?|responds?\s+with|gives?|serves?)\s+(?:an?\s+)?(?:http\s*)?"
                       r"(?:[45]\d\d|error)|\b(?:this\s+(?:tool|endpoint|service|api|function)|it)\s+"
                       r"(?:currently\s+)?(?:fails|errors|is\s+(?:currently\s+)?(?:down|unavailable|offline|broken))")
# words that make a pointer conditional: when to use the other tool, for which need, in which mode
_CONDITIONS = frozenset("""if when whenever unless for with to only where while once after before whether otherwise
need needs want wants many multiple several bulk batch large larger more less fewer faster broader full complete
comprehensive detailed specific per except depending case cases""".split())
_CLAUSE_END_RE = re.compile(r"[,;:]|\buse\b|\bcall\b|\btry\b")
_STOP = frozenset("""a an the of to in on for and or by from with its their this that these those all any""".split())
_WORD_RE = re.compile(r"[a-z][a-z0-9]*")
_PAREN_RE = re.compile(r"\([^()]*\)")
_QUOTED_RE = re.compile(r"'[^']*'|\"[^\"]*\"|`[^`]*`")
_TOOLISH_RE = re.compile(r"\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b|\b[a-z]+[A-Z][A-Za-z0-9]*\b")


def instead_kind(sentence: str, start: int, end: int, idents: list[str], own: frozenset[str]) -> str:
    """The cue of an ``instead`` sentence for the tool name at ``sentence[start:end]``: alias, substitute or
    instead (see the module's docstring). ``idents``: the identifiers the sentence names (to blank them out);
    ``own``: the tool's own words (its name and first sentence, lower case, singular)."""
    low = sentence.lower()
    m = _THIS_REPLACES_RE.search(low)
    if m and start >= m.end():
        return "alias" if _unconditional(low, idents, own) else "instead"
    before, after = low[:start], low[end:]
    use = [u for u in _USE_RE.finditer(before)]
    replaced_by = (use and _INSTEAD_AFTER_RE.search(after)) or _PREFER_RE.search(before)
    if not replaced_by or not _unconditional(low, idents, own):
        return "instead"
    names = {x.lower() for x in _TOOLISH_RE.findall(sentence)}
    return "alias" if len(names) <= 1 else "substitute"


def _unconditional(low: str, idents: list[str], own: frozenset[str]) -> bool:
    """No word of the sentence (tool names, quotes and parentheses aside) says when or for what to switch, but a
    clause saying this tool fails and a ``for`` clause that only restates the tool's own scope."""
    text = low
    for ident in sorted(idents, key=len, reverse=True):
        text = text.replace(ident.lower(), " ")
    text = _QUOTED_RE.sub(" ", text)
    while True:
        stripped = _PAREN_RE.sub(" ", text)
        if stripped == text:
            break
        text = stripped
    for m in _WORD_RE.finditer(text):
        w = m.group(0)
        if w not in _CONDITIONS:
            continue
        end = _CLAUSE_END_RE.search(text, m.end())
        clause = text[m.start():end.start() if end else len(text)]
        if w in ("if", "when") and _FAILS_RE.search(clause):
            continue  # "if this tool returns HTTP 503": a fallback for the same job
        if w == "for" and _restates(clause[3:], own):
            continue  # "For C. elegans genes" in a C. elegans gene tool: its own scope
        return False
    return True


def _restates(clause: str, own: frozenset[str]) -> bool:
    words = [singular(w) for w in _WORD_RE.findall(clause) if w not in _STOP]
    return bool(words) and all(w in own for w in words)


def own_words(name_words: frozenset[str], lead: str) -> frozenset[str]:
    """A tool's own words, as _restates compares them: its name's and its first sentence's, singular."""
    return frozenset(singular(w) for w in (*name_words, *_WORD_RE.findall(lead.lower())))


_BULLET_END_RE = re.compile(r"\n\s*[-*•]\s*$")  # a sentence's slice that ends where a list item begins


def list_intro(text: str, bounds: list[int], k: int) -> int | None:
    """The sentence that introduces the list whose item sentence ``k`` is (the nearest before it that ends in a
    colon, every sentence between being an item of the list), or None when ``k`` is no such item. ``bounds``:
    where each sentence of ``text`` begins (its slice runs to the next one's start, the separator included)."""
    i = k
    while i > 0:
        prev = text[bounds[i - 1]:bounds[i]]
        if not _BULLET_END_RE.search(prev):
            return None
        if _BULLET_END_RE.sub("", prev).rstrip().endswith(":"):
            return i - 1
        i -= 1
    return None


def strip_bullet(sentence: str) -> str:
    """The sentence without the mark of the next list item that its slice ends with ('...contacts\\n    -')."""
    return _BULLET_END_RE.sub("", sentence).rstrip()


def bullet_mark(sentence: str) -> str:
    """The list mark ('-', '*', a bullet) that the sentence's slice ends with, '-' when none is seen."""
    m = _BULLET_END_RE.search(sentence)
    return m.group(0).strip() if m else "-"


# An author's own statement that the tool it names does this tool's job: the phrase right before the name
# ("similar functionality to X", "the same results as X", "interchangeable with X") or right after it ("X is
# equivalent", "X does the same"). Read for the one name it touches, so "Unlike A, ... the same results as B" says
# so of B only; a negation before the phrase ("not the same results as X", "X is not equivalent") says the opposite.
# The nouns of "the same ... as" are those of a job's answer (results, data, annotation): "the same format as X",
# "the same parameters as X" share a part, not the job. corpus A: BindingDB_search_by_target "To query by UniProt ID
# directly, BindingDB_get_ligands_by_uniprot is equivalent."; STRING_get_protein_interactions "Provides similar
# functionality to STRING_get_network"; LOTUS_search_by_inchikey "Returns the same results as
# LOTUS_search_natural_products"; GenomeNexus_annotate_mutation "Returns the same comprehensive annotation as
# GenomeNexus_annotate_variant". Not read: "similar to X" ("Similar to write_file, there is a configurable line
# limit"), "analogous to X ... but for", "counterpart of X", "complements X".
_SAME_NOUNS = (r"(?:results?|outputs?|data|information|info|annotations?|responses?|functionality|functions?|"
               r"jobs?|purpose|behaviou?r|endpoint|records?)")
_SAME_BEFORE_RE = re.compile(
    r"\b(?:(?:similar|same|identical|equivalent)\s+(?:functionality|function|behaviou?r)\s+(?:to|as|of)"
    r"|same\s+(?:[a-z]+\s+)?" + _SAME_NOUNS + r"\s+as"
    r"|interchangeable\s+with|(?:does|do)\s+the\s+same\s+(?:job\s+|thing\s+)?as)"
    r"\s+(?:the\s+)?(?:tool\s+|function\s+)?[`'\"]?$")
_SAME_AFTER_RE = re.compile(
    r"^[`'\"]?(?:\s*\(\))?\s*(?:tool\s+|function\s+)?(?:(?:is|are)\s+(?:(?:fully|functionally|exactly)\s+)?"
    r"(?:equivalent|identical|interchangeable)\b|(?:does|do)\s+the\s+same(?:\s+(?:job|thing))?\s*(?:[.;]|$)"
    r"|(?:returns?|gives?|provides?)\s+the\s+same\s+(?:[a-z]+\s+)?" + _SAME_NOUNS + r"\b)")
_NEGATED_RE = re.compile(r"\b(?:not|never|no\s+longer)\s+(?:[a-z]+\s+){0,2}$|n't\s+(?:[a-z]+\s+){0,2}$")


def names_as_same(low: str, start: int, end: int) -> bool:
    """Does the lower-case sentence ``low`` say the tool named at ``low[start:end]`` does this tool's job (the
    comment above)? Not in a sentence that opens with a label about a part ("Prerequisites: same as X")."""
    if labelled_about_other(low):
        return False
    before = _SAME_BEFORE_RE.search(low, 0, start)
    if before and not _NEGATED_RE.search(low, 0, before.start()):
        return True
    return bool(_SAME_AFTER_RE.match(low[end:end + 80]))
