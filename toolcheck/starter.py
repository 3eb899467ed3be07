"""`toolcheck init`: a starter project that passes every check. Never overwrites a file.

The config and the contract start with a ``# yaml-language-server: $schema=...`` line, so editors with the YAML
language server complete and check them. It names the JSON Schema shipped in the installed package, as a path
(it works offline, and stays right across upgrades of the same install): relative to the file when the install
is inside the project (a ``.venv`` there, or a checkout), absolute otherwise. Only a package that is not a
plain folder (a zip) falls back to the schema's URL at this version's tag.

Into a ``contracts/`` folder that already holds contract files (after ``toolcheck import``), init adds no demo
tool (and no demo samples).
"""

from __future__ import annotations

import os

from . import REPOSITORY, __version__
from .fsutil import write_atomic
from .vendors.targets import DEFAULT_TARGETS

CONFIG = f"""\
# toolcheck configuration: https://github.com/toolcheck/toolcheck#configuration
paths: [contracts]
samples: samples
fail-on: error
# targets: [{", ".join(DEFAULT_TARGETS)}]
# ignore: []
"""

CONTRACT = """\
name: search_docs
version: "1.0.0"
description: >-
  Search the product documentation by keyword and return the best-matching pages with a short excerpt.
  Use it when the user asks how a feature works or where a setting is.
risk: read_only
parameters:
  type: object
  additionalProperties: false
  required: [query]
  properties:
    query:
      type: string
      minLength: 2
      maxLength: 200
      description: Words to search for, e.g. "refund policy".
    limit:
      type: integer
      minimum: 1
      maximum: 20
      default: 5
      description: How many pages to return at most.
errors:
  - code: INVALID_QUERY
    retryable: false
    description: The query is empty or too long.
  - code: SEARCH_UNAVAILABLE
    retryable: true
    description: The search index is temporarily unavailable; try again shortly.
"""

SAMPLES = """\
- description: a normal query
  data: {query: refund policy}
  valid: true
- description: a query with a limit
  data: {query: shipping times, limit: 3}
  valid: true
- description: the query is required
  data: {limit: 3}
  valid: false
  expect: {keyword: required, pointer: /query}
- description: no type coercion
  data: {query: refund policy, limit: "3"}
  valid: false
  expect: {keyword: type, pointer: /limit}
"""

PRE_COMMIT = """\
repos:
  - repo: https://github.com/toolcheck/toolcheck
    rev: v0.1.0
    hooks:
      - id: toolcheck-lint
"""

FILES = {
    "toolcheck.yaml": CONFIG,
    "contracts/search_docs.yaml": CONTRACT,
    "samples/search_docs.yaml": SAMPLES,
    ".pre-commit-config.yaml": PRE_COMMIT,
}
SCHEMAS = {"toolcheck.yaml": "config.schema.json", "contracts/search_docs.yaml": "contract.schema.json"}
DEMO = ("contracts/search_docs.yaml", "samples/search_docs.yaml")


def schema_ref(schema: str, file: str, project: str) -> str:
    """What `$schema=` says in ``file`` for the shipped ``schema`` (see the module docstring)."""
    from importlib import resources

    try:
        path = str(resources.files("toolcheck").joinpath("data", schema))
    except (TypeError, ValueError, OSError):
        path = ""
    if not path or not os.path.isfile(path):
        return f"{REPOSITORY.replace('github.com', 'raw.githubusercontent.com')}/v{__version__}/toolcheck/data/{schema}"
    target = os.path.realpath(path)
    here = os.path.dirname(os.path.realpath(file))
    proj = os.path.realpath(project)
    if target == proj or target.startswith(proj + os.sep):
        return os.path.relpath(target, here).replace(os.sep, "/")
    return target.replace(os.sep, "/")


def _holds_contracts(folder: str) -> bool:
    from .loading import file_kind

    for _dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        if any(file_kind(n) for n in filenames):
            return True
    return False


def write_starter(directory: str) -> tuple[list[str], list[str]]:
    """(written, kept): paths written, and paths (or folders) left as they were."""
    written, skipped = [], []
    demo = not _holds_contracts(os.path.join(directory, "contracts"))
    if not demo:
        skipped.append(os.path.join(directory, "contracts"))
    for rel, text in FILES.items():
        path = os.path.join(directory, rel)
        if rel in DEMO and not demo:
            continue
        if os.path.lexists(path):
            skipped.append(path)
            continue
        if rel in SCHEMAS:
            text = f"# yaml-language-server: $schema={schema_ref(SCHEMAS[rel], path, directory)}\n" + text
        try:
            write_atomic(path, text, overwrite=False)
        except FileExistsError:
            skipped.append(path)
            continue
        written.append(path)
    return written, skipped
