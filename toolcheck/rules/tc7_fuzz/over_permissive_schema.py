"""The schema accepts a mutated argument that a strict host should reject.

What it does:
Mutates generated valid instances mechanically — drops each required field, adds an unknown property,
changes each value's type, stringifies numbers (`"10"`), pushes numbers, string lengths and item counts past
the bounds the schema states (or the value's description states in words: "between 1 and 100", "at most
200 characters"), and `null` — and reports each mutation the schema still accepts although nothing in it
declares that shape, with the concrete instance, at the schema that should refuse it. A shape any branch of
a union declares (`anyOf: [{type: string}, {type: integer}]`) is intended and never reported; explicit
`additionalProperties: true` (or a schema) is intended too.

An unknown property is reported only on what running shows: with a handler or `--mcp-command`, a call that
answered is sent again with one unknown argument added, and the finding needs that call to show the argument was
ignored: it answered without an error, or with the very error the call gave without it, an error that does not
name the argument (the message says which; it names the arguments sent, and `data.answer` holds the answer). An
implementation that refuses it (an error after a success, or an error naming it) checks what the schema leaves
open, and nothing is reported; without a handler
nothing answers, and an open object is only what reading the schema says (TC206 for strict targets), so it is
not repeated per tool. An object that declares no properties at all (a free-form map) is not tried.

Why is this bad?
Whatever the schema lets through reaches the implementation: a misspelt argument silently ignored, `"10"`
where arithmetic expects 10, 101 results from a service that takes 100. The model never learns it made a
mistake, and the handler fails later, less clearly.

Example:
```yaml
name: search_recipes
description: Search recipes by ingredient. Use it when the user asks what they can cook with something.
risk: read_only
parameters:
  type: object
  required: [ingredient]
  properties:
    ingredient: {type: string, minLength: 1, maxLength: 50, description: "One ingredient, such as leek."}
    limit: {type: integer, description: "Number of recipes to return, between 1 and 20."}
```

Use instead:
```yaml
name: search_recipes
description: Search recipes by ingredient. Use it when the user asks what they can cook with something.
risk: read_only
parameters:
  type: object
  additionalProperties: false
  required: [ingredient]
  properties:
    ingredient: {type: string, minLength: 1, maxLength: 50, description: "One ingredient, such as leek."}
    limit: {type: integer, minimum: 1, maximum: 20, description: Number of recipes to return.}
```

Options:
`rules.TC703.mutations` (default all six: `drop-required`, `unknown-property`, `change-type`,
`stringify-number`, `past-bounds`, `null`): the mutations to try; e.g. leave out `unknown-property` for a
project whose hosts ignore extra arguments on purpose.
"""

from __future__ import annotations

from ..base import Option, RuleSpec

MUTATIONS = ["drop-required", "unknown-property", "change-type", "stringify-number", "past-bounds", "null"]
OPTIONS = {
    "mutations": Option(list, MUTATIONS, "the mutations of valid arguments to try (names not listed are skipped)",
                        items=str),
}
RULE = RuleSpec("TC703", "over-permissive-schema", severity="warning", scope="emitted", options=OPTIONS)
