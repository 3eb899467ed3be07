"""`toolcheck init`: a starter project that passes every check. Never overwrites a file."""

from __future__ import annotations

import os

from .fsutil import write_atomic

CONFIG = """\
# toolcheck configuration: https://github.com/toolcheck/toolcheck#configuration
paths: [contracts]
samples: samples
fail-on: error
# targets: [openai, anthropic, gemini-json-schema, mcp]
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


def write_starter(directory: str) -> tuple[list[str], list[str]]:
    written, skipped = [], []
    for rel, text in FILES.items():
        path = os.path.join(directory, rel)
        if os.path.lexists(path):
            skipped.append(path)
            continue
        try:
            write_atomic(path, text, overwrite=False)
        except FileExistsError:
            skipped.append(path)
            continue
        written.append(path)
    return written, skipped
