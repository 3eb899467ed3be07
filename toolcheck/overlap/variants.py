"""Variants of one tool in its name: a version marker and an output format qualify the tool, not its object.

Two word classes of a name were read as the object's last word, and so as its head (recall round G, issue 18):

* a **version marker** (``get_maintenance_configs_v2``, ``GetProductDetailsV1``): ``v`` + digits names which
  version of the tool this is. ``split_variants`` takes it out of the object and keeps it, as written, in
  ``Frame.version``. A tool and its new version (or two versions) that do one job on one object are one job to
  a model: the label rules count a deprecated alias or a new version of the same job as an overlap, so a version
  difference is no difference of object, and nothing else is added to the score.
* an **output format** after the object of a read (``API-retrieve-page-markdown``: 'Retrieve a page as
  Markdown'; ``ena_get_sequence_xml``: 'in XML format'): the form the answer comes in. It becomes the tool's
  target (as ``export_report_as_csv``'s ``as csv`` already is), not the object, when the tool reads (get,
  search, list, download) or exports, an object precedes the format in the name, and the description, if there
  is one, says the answer comes in that format. The format is the object when nothing precedes it
  (``fetch_json``), when the tool converts (``html_to_markdown``, ``convert_to_pdf``) or writes
  (``API-update-page-markdown`` writes a page's content, not its properties), or when the description says it
  is what is got (``playwright_get_visible_html``: 'Get the HTML content'). A sequence format is no rendering of
  a record but its sequences (``OrthoDB_get_group_fasta`` returns a group's sequences, ``_details`` its
  metadata): not listed.

What a format difference then means is decide.py's, as for any target: a format named on one side only is a
variant of one read (the label rules' verbosity variants: an overlap, unless other evidence differs); two
different formats that are the lexicon's document formats are a difference the user names ("export as CSV" vs
"export as PDF": vetoes._named_source_conflict, and platform_conflict for document formats). The word lists and
patterns are data (data/overlap/variants.json, with the corpus evidence for each). Reads one frame only.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

from .lexicon import lexicon, load_data, singular

if TYPE_CHECKING:
    from .frames import Frame


class _Data:
    __slots__ = ("marker_re", "word_re", "format_of", "_spellings", "_support")

    def __init__(self, data: dict):
        self.marker_re = re.compile(data["version_marker"])
        self.word_re = re.compile(data["version_word"])
        # a format's spelling -> the format (md -> markdown)
        self.format_of = {s: fmt for fmt, spellings in data["output_formats"].items() for s in spellings}
        self._spellings = {fmt: {fmt, *spellings} for fmt, spellings in data["output_formats"].items()}
        self._support: dict[str, re.Pattern] = {}

    def support_re(self, fmt: str) -> re.Pattern:
        """The pattern of a description saying the answer comes in ``fmt``, compiled when a name first has that
        format after its object (rare: a pre-commit run of a few tools compiles none)."""
        got = self._support.get(fmt)
        if got is None:
            alt = "|".join(re.escape(s) for s in sorted(self._spellings[fmt], key=len, reverse=True))
            # as Markdown, in FASTA format, into HTML, as a PNG image, (FASTA), JSON-formatted, Markdown格式
            got = self._support[fmt] = re.compile(
                rf"\b(?:as|in|into)\s+(?:an?\s+|the\s+|plain\s+)?(?:{alt})\b|\b(?:{alt})[\s-]+(?:format|formatted)\b"
                rf"|\((?:{alt})\)|(?:{alt})\s*(?:格式|形式)")
        return got


@cache
def _data() -> _Data:
    return _Data(load_data("variants.json"))


def format_word(w: str) -> str | None:
    """The output format a word names (md -> markdown), or None."""
    return _data().format_of.get(w)


def all_formats(words) -> bool:
    """Every word names an output format (a target that is a format: as markdown, _fasta)."""
    fm = _data().format_of
    return bool(words) and all(w in fm for w in words)


def split_variants(f: Frame, description: str) -> None:
    """Take a version marker and a trailing output format out of the object the name gave ``f`` (see the module's
    text); ``description``: the tool's, as given."""
    if f.obj_src != "name" or not f.obj:
        return
    d = _data()
    _split_version(f, d)
    if len(f.obj) < 2 or not _reads(f):
        return
    # the word as written (txt, which the lexicon reads as text, a facet), else its canonical form
    written = f.obj_words[-1].lower() if len(f.obj_words) == len(f.obj) else f.obj[-1]
    fmt = d.format_of.get(written) or d.format_of.get(f.obj[-1])
    if fmt is not None and (not description.strip() or d.support_re(fmt).search(description[:2500].lower())):
        word = f.obj[-1]
        _drop_last(f)
        f.quals = {**f.quals, "target": (*f.quals.get("target", ()), word)}


def _reads(f: Frame) -> bool:
    """The tool returns an answer the format is the form of: a read (get, search, list, download) or an export. A
    write's format word names what it writes (update_page_markdown writes a page's content, not its properties),
    a conversion's what it makes (html_to_markdown): the object."""
    return f.action is not None and (lexicon().family.get(f.action) == "read" or f.action == "export")


def _split_version(f: Frame, d: _Data) -> None:
    m = d.marker_re.search(f.base_raw)
    if m is None:
        return
    kept = [k for k, w in enumerate(f.obj) if not d.word_re.fullmatch(w)]
    if not kept:
        return  # get_v2: no object besides the marker, nothing it is a version of
    if len(kept) < len(f.obj):
        words = f.obj_words if len(f.obj_words) == len(f.obj) else f.obj
        f.obj = tuple(f.obj[k] for k in kept)
        f.obj_words = tuple(words[k] for k in kept)
        _set_head(f)
    f.version = m.group(0)


def _drop_last(f: Frame) -> None:
    f.obj = f.obj[:-1]
    f.obj_words = f.obj_words[:-1] if len(f.obj_words) > len(f.obj) else f.obj_words
    _set_head(f)


def _set_head(f: Frame) -> None:
    """The head, plural and quantity of the object once a word is taken out (as frames._object_slots sets them)."""
    f.head = f.obj[-1]
    last = f.obj_words[-1] if f.obj_words else f.head
    lx = lexicon()
    f.plural = singular(last) != last and lx.canon(last) == lx.canon(singular(last))
    if f.plural and f.quantity is None:
        f.quantity = "many"


def version_clause(a: Frame, b: Frame, same_object: bool) -> str | None:
    """What the explanation says of version markers: a version of the same object, two versions of it, or (objects
    that differ) a marker set aside from the object; None without a marker."""
    marked = [f for f in (b, a) if f.version]
    if not marked:
        return None
    if same_object:
        if len(marked) == 2:
            if _bare(a.version) == _bare(b.version):
                return None  # one version on both: nothing to say
            return f"`{b.name}`'s `{b.version}` and `{a.name}`'s `{a.version}` mark two versions of it"
        f = marked[0]
        return f"`{f.name}`'s `{f.version}` marks a version of it"
    return "; ".join(f"`{f.name}`'s version marker (`{f.version}`) is set aside from its object" for f in marked)


def _bare(marker: str | None) -> str:
    return (marker or "").lstrip("_-.").lower()
