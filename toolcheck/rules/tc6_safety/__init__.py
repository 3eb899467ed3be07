"""TC6: safety policy — risk, verbs, MCP annotations, idempotency keys, confirmation, declared errors and results.

Production teams that let a model act give every tool a declared `risk` (`read_only`, `write_limited`,
`destructive`); tools that change the world carry an idempotency key (so that a retried call does not charge the
card twice) and, when destructive, ask a human first; the errors a tool may return are declared with a stable code
and whether a retry can help. These rules check that policy. Each is configurable through `rules.<code>` options
because teams differ (which risks need a key, which verbs mean "deletes", which error-code style is used, ...).

Contracts in vendor or corpus formats (`function-jsonl`: JSON Lines of function objects such as the shared
corpus) have no `risk` field at all; there a missing risk is only reported, as `info`, for tools whose name or
description says they delete things (see TC601), and MCP `annotations` stand for the risk where the format has
them (TC601, TC602). Every other rule here needs a declared `risk` or `errors` (keys only the contract format
has) and so applies to vendor input only when it carries one.

One rule per module; the facts they share (the verb of a name, the idempotency parameter, the `errors` entries,
the success/error union of `returns`) are computed once per run by :mod:`.index`.
"""
