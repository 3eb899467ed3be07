"""TC6: safety policy — risk, verbs, MCP annotations, idempotency keys, confirmation, declared errors and results.

Production teams that let a model act give every tool a declared `risk` (`read_only`, `write_limited`,
`destructive`); tools that change the world carry an idempotency key (so that a retried call does not charge the
card twice) and, when destructive, ask a human first; the errors a tool may return are declared with a stable code
and whether a retry can help. These rules check that policy. Each is configurable through `rules.<code>` options
because teams differ (which risks need a key, which verbs mean "deletes", which error-code style is used, ...).

The rules ask only for what the file can carry. Function-definition files (OpenAI, Anthropic, Gemini, Bedrock,
`function-jsonl`: JSON Lines of function objects such as the shared corpus) have no field for a risk and are
asked for nothing; MCP tools say their risk through `annotations`, which stand for it (TC602) and whose absence
on a deleting tool is TC616; every other rule needs a declared `risk` or `errors` (keys only the contract format
has). Asking every write tool for an idempotency key (TC604), every destructive one for a confirmation (TC608)
and every write tool for its errors (TC615) is a team's policy: those three are opt-in, and TC617 keeps the case
that always matters, a deleting tool without a confirmation.

One rule per module; the facts they share (the verb of a name, the idempotency parameter, the `errors` entries,
the success/error union of `returns`) are computed once per run by :mod:`.index`.
"""
