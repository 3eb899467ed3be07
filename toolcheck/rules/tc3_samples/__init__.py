"""TC3: sample replay.

`toolcheck validate` replays every sample record (`samples/<tool>.yaml|json`, inline `samples:`) and every
recorded call (`samples/**/*.jsonl`) against its contract's parameter schema:

- a valid sample the schema rejects, an invalid sample it accepts, or an invalid sample rejected for another
  reason than its `expect` is an error;
- a recorded call whose `arguments` string is not JSON, or whose arguments are not an object, is its own finding;
- a sample for a tool no contract defines is a finding;
- a contract with no samples at all gets an `info`.

The replay is done once per run (:mod:`.index`) and each rule reports its own outcome, so every code can be
selected or ignored on its own. Validation and the wording of each error are the host's (:mod:`toolcheck.host`,
what :func:`toolcheck.check_arguments` hands back to a model): one compiled jsonschema-rs validator per schema, no
type coercion (`"10"` is not an integer), arguments must be an object, `format` is an annotation. jsonschema-rs
matches `pattern` with a linear-time engine (patterns with backreferences or lookaround fall back to a
backtracking engine with a step limit), so a hostile pattern such as `(a+)+$` cannot hang a replay. A schema that
does not compile is reported by TC1; its samples are skipped quietly (there is nothing to replay them against).
"""
