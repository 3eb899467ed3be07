"""Lookup keys as tools name them, so that two ways of writing one key are read as one key.

* **an abbreviated own id** (``own_id_words``): ``comp_id`` on ``get_compound`` is the compound's id, written
  short; its words are the object's (``compound identifier``), so it is the tool's own id (not a parent's for the
  foreign-key veto) and it matches another tool's ``compound_id``;
* **a key among alternatives** (``key_alternatives``): ``by_drug_name_or_drugbank_id`` takes a drug name too, so
  it is keyed as ``by_drug_name`` is, among other keys.

(A name that says it looks up by an id system over one blank parameter, ``by_pubchem_cid(input_value)``, is
params.name_blank_key's.)

Each function reads one frame or one pair of frames only.
"""

from __future__ import annotations

import re

from .lexicon import lexicon, split_identifier


def _abbreviates(short: str, word: str) -> bool:
    """``short`` is one ``word`` cut after its first three or more letters (comp -> compound, seq -> sequence), at
    least two letters shorter; not a word of a synonym group of its own (gene is no abbreviation of genome), nor the
    first part of a compound whose rest is a word (data in dataset, pull in pull_request)."""
    if not (len(short) >= 3 and len(word) >= len(short) + 2 and word.isalpha() and word.startswith(short)):
        return False
    lx = lexicon()
    rest = word[len(short):]
    known = lx.idf(rest) != lx.idf_default or rest in lx.synonym or rest in lx.verb_words or rest in lx.nominal
    return short not in lx.synonym and not known


def own_id_words(words: tuple[str, ...], obj: tuple[str, ...]) -> tuple[str, ...]:
    """An id parameter's canonical ``words`` with a word that abbreviates a word of the tool's object (from its
    name) written out: comp_id on get_compound -> (compound, identifier). Unchanged otherwise."""
    if len(words) < 2 or not obj:
        return words
    out = list(words)
    changed = False
    for k, w in enumerate(words[:-1]):
        if w in obj:
            continue
        full = next((o for o in obj if _abbreviates(w, o)), None)
        if full is not None:
            out[k] = full
            changed = True
    return tuple(out) if changed else words


_BY_RE = re.compile(r"(?:^|[_\-])by[_\-](.+)$", re.IGNORECASE)
_ALT_RE = re.compile(r"[_\-]or[_\-]", re.IGNORECASE)


def key_alternatives(raw: str) -> tuple[frozenset[str], ...]:
    """The keys a name offers as alternatives after ``by`` (``get_indications_by_drug_name_or_drugbank_id`` -> {drug,
    name}, {drugbank, identifier}), each as canonical words; () without an ``or`` there."""
    m = _BY_RE.search(raw)
    if m is None or not _ALT_RE.search(m.group(1)):
        return ()
    lx = lexicon()
    return tuple(frozenset(lx.canon(w) for w in split_identifier(part)) for part in _ALT_RE.split(m.group(1)) if part)


def one_of_alternatives(raw_a: str, raw_b: str, qa: tuple[str, ...], qb: tuple[str, ...]) -> bool:
    """One name's key is one of the alternatives the other's name offers (by_drug_name vs by_drug_name_or_drugbank_id):
    the second takes the first's key too, so the keys do not differ."""
    return frozenset(qa) in key_alternatives(raw_b) or frozenset(qb) in key_alternatives(raw_a)


# Identifier systems and input kinds a parameter may say it takes, from its name and description: (system, how a
# message says it, pattern). Two tools of two services whose keys are of one system answer from one kind of input
# (interchange.py); organism databases' own ids (FlyBase, ZFIN, ...) and archives' (PDB vs EMDB) are systems of
# their own, so two of them never share one.
_SYSTEMS = (
    ("uniprot", "a UniProt accession", r"uniprot(?:kb)?"),
    ("chembl", "a ChEMBL id", r"chembl(?:[ _-]?ids?)?"),
    ("pubchem_cid", "a PubChem CID", r"cids?|pubchem (?:compound )?ids?"),
    ("gene_symbol", "a gene symbol or name", r"(?:hgnc )?gene symbols?|gene names?|hgnc symbols?"),
    ("smiles", "a SMILES string", r"smiles"),
    ("inchikey", "an InChIKey", r"inchi ?keys?"),
    ("pmid", "a PMID", r"pmids?|pubmed ids?"),
    ("doi", "a DOI", r"dois?"),
    ("hgvs", "an HGVS description", r"hgvs"),
    ("rsid", "an rsID", r"rs ?ids?|dbsnp"),
    ("ec_number", "an EC number", r"ec numbers?|enzyme commission"),
    ("ticker", "a ticker symbol", r"tickers?|stock symbols?"),
    ("drug_name", "a drug name", r"drug names?|names? of the drug"),
    ("indication", "an indication", r"indications?"),
    ("insdc", "an EMBL/GenBank accession", r"genbank"),
    ("pdb", "a PDB id", r"pdb"),
    ("emdb", "an EMDB id", r"emdb|emd-\d*"),
    ("ensembl", "an Ensembl id", r"ensembl(?: gene)? ids?|ensg\d*"),
    ("flybase", "a FlyBase id", r"flybase|fbgn\d*"),
    ("zfin", "a ZFIN id", r"zfin|zdb-gene"),
    ("mgi", "an MGI id", r"mgi"),
    ("wormbase", "a WormBase id", r"wormbase|wbgene\d*"),
    ("sgd", "an SGD id", r"sgd"),
    ("rgd", "an RGD id", r"rgd"),
)
SYSTEM_LABELS = {s: label for s, label, _ in _SYSTEMS}
_SYSTEM_RE = re.compile(r"\b(?:" + "|".join(f"(?P<{s}>{p})" for s, _, p in _SYSTEMS) + r")\b")
# a word of some system's pattern (a cheap test first): the alternatives grouped by their first letter, which the
# regex engine tries at each position once per group, not once per word (the same texts match, test_overlap_keys)
_ANCHORS = ("uniprot", "chembl", "cid", "pubchem", "pubmed", "symbol", "gene name", "smiles", "inchi", "pmid", "doi",
            "hgvs", "rs ?id", "dbsnp", "ec number", "enzyme commission", "ticker", "drug name", "of the drug",
            "indication", "genbank", "pdb", "emd", "ensembl", "ensg", "flybase", "fbgn", "zfin", "zdb-gene", "mgi",
            "wormbase", "wbgene", "sgd", "rgd")


def _by_first_letter(alternatives: tuple[str, ...]) -> str:
    """``alternatives`` (patterns that each open with a letter) as one pattern, grouped by that letter:
    ``c(?:hembl|id)|d(?:oi|bsnp)|...``."""
    groups: dict[str, list[str]] = {}
    for a in alternatives:
        groups.setdefault(a[0], []).append(a[1:])
    return "|".join(c + (rest[0] if len(rest) == 1 else "(?:" + "|".join(rest) + ")") for c, rest in groups.items())


_ANCHOR_RE = re.compile(_by_first_letter(_ANCHORS))
# a full stop first (a literal the engine skips to), then what may not precede it: e.g., i.e., vs.
_FIRST_SENTENCE_RE = re.compile(r"\.(?<!e\.g\.)(?<!i\.e\.)(?<!\bvs\.)\s+(?=[A-Z])")
_SEP_RE = re.compile(r"[_\-]+|(?<=[a-z])(?=[A-Z])")


def key_systems(raw: str, desc: object = None) -> frozenset[str]:
    """The identifier systems a parameter (or a name's lookup key) says it takes, from its name (``chemblId``,
    ``pubchem_cid``, ``gene_symbol``) and its description ('UniProt accession (e.g. P04637)')."""
    text = (_SEP_RE.sub(" ", raw) if not raw.islower() else raw).lower()
    if isinstance(desc, str) and desc:
        # its first sentence says what it takes; a later one may point elsewhere ("Resolve a gene symbol to an
        # Ensembl ID with X" on an Ensembl-id parameter)
        text += "\n" + _FIRST_SENTENCE_RE.split(desc[:400], maxsplit=1)[0].lower()
    text = text.replace("_", " ")  # uniprot_id in a description: two words (\b counts _ as a letter)
    if _ANCHOR_RE.search(text) is None:  # the usual case: no system's word at all (one scan, no lookbehinds)
        return frozenset()
    return frozenset(m.lastgroup for m in _SYSTEM_RE.finditer(text) if m.lastgroup)
