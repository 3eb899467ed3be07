"""TC0: loading and the contract format.

Most of these findings come from the loader (syntax, encodings, duplicate keys, YAML 1.1 traps, limits) or from
the engine (suppressions); their rules are registered here with ``scope="emitted"`` so that each has its code,
its documentation and its fixtures like every other rule.
"""

from __future__ import annotations

import json
from importlib import resources

from ..contract import PARAMETER_KEYS
from ..loading.formats import FORMAT_NAMES, VENDOR_KEYS
from ..model.findings import Hit
from ..registry import rule
from ..suggest import did_you_mean

CONTRACT_KEYS = (
    "name", "description", "parameters", "input_schema", "inputSchema", "title", "version", "risk",
    "idempotency_key", "requires_confirmation", "returns", "outputSchema", "errors", "targets", "handler",
    "handler_call", "annotations", "samples",
)


@rule("TC001", "syntax-error", scope="emitted")
def syntax_error(*_):
    """The file cannot be parsed as YAML or JSON.

    What it does:
    Reports YAML and JSON syntax errors (including tab indentation, control characters, NaN/Infinity and
    integers too long to read) at the line and column where the parser stopped.

    Why is this bad?
    A file that does not parse is not checked at all: every other rule is blind to it, and the host that loads it
    will fail at run time instead.

    Example:
    ```yaml
    name: search_gifts
    description: "Search the gift catalogue
    parameters: {type: object}
    ```

    Use instead:
    ```yaml
    name: search_gifts
    description: "Search the gift catalogue by keyword."
    parameters: {type: object}
    ```
    """


@rule("TC002", "duplicate-key", scope="emitted")
def duplicate_key(*_):
    """A mapping holds the same key twice.

    What it does:
    Reports every repeated key in a YAML or JSON mapping, at the second occurrence, naming the line of the first.

    Why is this bad?
    YAML and JSON loaders silently keep only the last value, so half of what the author wrote is ignored; with
    two `required:` lists, one of them never reaches the model or the validator.

    Example:
    ```yaml
    name: get_gift_details
    description: Get one gift by its id.
    parameters:
      type: object
      required: [gift_id]
      properties:
        gift_id: {type: string, description: The gift's UUID.}
      required: []
    ```

    Use instead:
    ```yaml
    name: get_gift_details
    description: Get one gift by its id.
    parameters:
      type: object
      required: [gift_id]
      properties:
        gift_id: {type: string, description: The gift's UUID.}
    ```
    """


# an unquoted YAML 1.1 value is one mistake: the enum that then accepts nothing (TC009/TC109/TC110), the default of
# the wrong type (TC111), the enum a target cannot take (TC205) are its consequences, not findings of their own
@rule("TC003", "yaml-implicit-conversion", scope="emitted", supersedes=("TC009", "TC109", "TC110", "TC111", "TC205"),
      fix="safe")
def yaml_implicit_conversion(*_):
    """An unquoted YAML value is read as something other than what it looks like.

    What it does:
    Flags plain YAML 1.1 scalars that PyYAML (and most hosts) convert silently: `yes`/`no`/`on`/`off` become
    booleans, `010` the integer 8, `12:30:00` the integer 45000, `1.10` the number 1.1 (in `version`, `enum`,
    `const`, `default` and `examples`), and `1e-5` stays a string. Unquoted dates are kept as strings by
    toolcheck and not reported.

    Why is this bad?
    `enum: [yes, no]` offers the model two booleans, not the words; a `version: 1.10` becomes 1.1 and sorts
    before 1.9.

    Example:
    ```yaml
    name: set_reminder
    description: Set a reminder that answers yes or no.
    parameters:
      type: object
      properties:
        answer: {type: string, enum: [yes, no], description: The answer.}
    ```

    Use instead:
    ```yaml
    name: set_reminder
    description: Set a reminder that answers yes or no.
    parameters:
      type: object
      properties:
        answer: {type: string, enum: ["yes", "no"], description: The answer.}
    ```
    """


@rule("TC004", "invalid-encoding", scope="emitted")
def invalid_encoding(*_):
    """The file is not UTF-8.

    What it does:
    Reports the first byte that is not valid UTF-8, with its line and column.

    Why is this bad?
    Model APIs take JSON, which is Unicode; a Latin-1 description is garbled or rejected before the model sees it.

    Example:
    ```text
    description: caf\xe9 finder   (the byte 0xE9 written by a Latin-1 editor)
    ```

    Use instead:
    ```text
    description: café finder   (saved as UTF-8)
    ```
    """


@rule("TC005", "empty-file", scope="emitted")
def empty_file(*_):
    """The file holds nothing but whitespace or comments.

    What it does:
    Reports contract and sample files with no document in them.

    Why is this bad?
    An empty file in `contracts/` is usually a contract that was meant to be written, or one that was lost.

    Example:
    ```yaml
    # TODO: write the contract
    ```

    Use instead:
    ```yaml
    name: search_docs
    description: Search the product documentation by keyword.
    parameters: {type: object, properties: {}}
    ```
    """


@rule("TC006", "not-a-contract", scope="emitted")
def not_a_contract(*_):
    """The file's document is not a contract (or a list of them).

    What it does:
    Reports a contract file whose top level is a scalar or a list of non-contracts, a `tools:` that is not a
    list, and files with several YAML documents (only the first is read). In vendor formats: Gemini
    `functionDeclarations` that are not a list (a number, a string, one object instead of a list of them), and a
    vendor-format file (or JSON Lines record) that yields no tool at all (`{"result": {"tools": []}}`), which
    would otherwise pass as "0 tools".

    Why is this bad?
    Nothing in such a file is checked, and the host that loads it gets something it does not expect.

    Example:
    ```yaml
    - search_gifts
    - find_gifts
    ```

    Use instead:
    ```yaml
    tools:
      - name: search_gifts
        description: Search the gift catalogue by keyword.
        parameters: {type: object, properties: {}}
    ```
    """


@rule("TC007", "unknown-contract-key", scope="emitted", fix="safe")
def unknown_contract_key(*_):
    """A contract (or one of its `errors` entries) has a key the format does not define.

    What it does:
    Reports keys that are not part of the contract format, with the closest known key suggested. Keys starting
    with `x-` are free extensions and never reported. In JSON Lines of function objects (e.g. the shared corpus)
    unknown keys are only `info`, and `source` is metadata.

    Why is this bad?
    A misspelt key (`descripton`, `requires_confirmaton`) is silently ignored: the model never sees the text, the
    host never asks for confirmation.

    Example:
    ```yaml
    name: delete_file
    descripton: Delete one file from the user's drive.
    parameters: {type: object, properties: {}}
    ```

    Use instead:
    ```yaml
    name: delete_file
    description: Delete one file from the user's drive.
    parameters: {type: object, properties: {}}
    ```
    """


@rule("TC008", "missing-required-key", scope="emitted")
def missing_required_key(*_):
    """A contract lacks `name`, `description` or `parameters`.

    What it does:
    Reports a contract without one of the three keys every model API needs (`parameters` may be spelt
    `input_schema` or `inputSchema`). An empty or placeholder description is a TC4 finding, not this one.

    Why is this bad?
    Without a description the model guesses when to call the tool; without parameters most APIs reject the tool
    or the model invents arguments.

    Example:
    ```yaml
    name: get_product_stock
    parameters: {type: object, properties: {}}
    ```

    Use instead:
    ```yaml
    name: get_product_stock
    description: Get the stock level of one product in one warehouse.
    parameters: {type: object, properties: {}}
    ```
    """


@rule("TC009", "invalid-contract-value", scope="contract", emits=("TC007", "TC008"))
def invalid_contract_value(contract, ctx):
    """A contract key holds a value of the wrong type or shape.

    What it does:
    Checks every contract against the contract format's JSON Schema (shipped in the package as
    `toolcheck/data/contract.schema.json`, usable by editors): `risk` is one of `read_only`, `write_limited`,
    `destructive`; `version` is semver; `requires_confirmation` is a boolean; `parameters` and `returns` are
    schema objects; `handler` is `package.module:function`; and so on. It also reports the unknown and missing
    keys of TC007 and TC008, and, in JSON Lines and function arrays, a `source` that is not a string.

    Why is this bad?
    The host and toolcheck read these values to decide how to run the tool; a `risk: high` or a
    `requires_confirmation: "yes"` means the safety policy silently does not apply.

    Example:
    ```yaml
    name: delete_file
    description: Delete one file from the user's drive.
    risk: high
    parameters: {type: object, properties: {}}
    ```

    Use instead:
    ```yaml
    name: delete_file
    description: Delete one file from the user's drive.
    risk: destructive
    parameters: {type: object, properties: {}}
    ```
    """
    data = contract.data
    vendor_input = contract.format != "contract"
    present = [k for k in PARAMETER_KEYS if k in data]
    if not present:
        yield Hit("", f"contract `{contract.display_name}` has no `parameters`",
                  "Add `parameters:` with the JSON Schema of the arguments "
                  "(`{type: object, properties: {}}` for a tool without arguments).", code="TC008")
    elif len(present) > 1:
        yield Hit(f"/{present[1]}", f"both `{present[0]}` and `{present[1]}` are given; they are aliases",
                  "Keep one of them (`parameters` is the canonical name).")
    for err in _validator().errors(data):
        if err.keyword == "required":
            missing = err.extra[0] if err.extra else "?"
            if err.pointer:
                continue  # only the contract's own required keys
            yield Hit("", f"contract `{contract.display_name}` has no `{missing}`",
                      _MISSING_HELP.get(missing, f"Add `{missing}`."), code="TC008")
        elif err.keyword == "additionalProperties":
            for key in err.extra:
                if vendor_input and not err.pointer and key in VENDOR_KEYS.get(contract.format, ()):
                    continue
                where = _known_keys(err.pointer)
                yield Hit(
                    f"{err.pointer}/{_esc(key)}",
                    f"unknown key `{key}`{did_you_mean(key, where)}",
                    "Remove it, fix its spelling, or prefix it with `x-` to keep it as an extension.",
                    code="TC007",
                    severity="info" if vendor_input else None,
                    fix=None if vendor_input else _rename_fix(data, err.pointer, key, where),
                )
        else:
            yield Hit(err.pointer, f"`{_label(err.pointer)}`: {_nicer(err)}", _value_help(err, contract.format),
                      prefer_key=True)


def _rename_fix(data: dict, pointer: str, key: str, known):
    from ..fixing.contract_fixes import rename_key_fix
    from ..model.pointer import resolve_pointer

    return rename_key_fix(resolve_pointer(data, pointer), f"{pointer}/{_esc(key)}", key, known)


_MISSING_HELP = {
    "name": "Add `name:` with the tool name the model calls.",
    "description": "Add `description:` saying what the tool does and when the model should call it.",
}


def _esc(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def _label(pointer: str) -> str:
    return pointer.lstrip("/").replace("/", ".") or "contract"


def _known_keys(pointer: str) -> tuple[str, ...]:
    if pointer.startswith("/errors/"):
        return ("code", "retryable", "description")
    if pointer == "/annotations":
        return ("title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")
    return CONTRACT_KEYS


def _nicer(err) -> str:
    last = err.pointer.rsplit("/", 1)[-1]
    if err.keyword == "pattern" and last == "version":
        return "must be a semantic version such as `1.2.0`"
    if err.keyword == "pattern" and last == "handler":
        return "must be `package.module:function`"
    if err.keyword == "enum" and last == "risk":
        return "must be one of `read_only`, `write_limited`, `destructive`"
    if err.keyword == "pattern" and "/targets/" in err.pointer:
        return "is not a target name (openai, openai-strict, anthropic, anthropic-strict, gemini, " \
               "gemini-json-schema, mcp, mcp@YYYY-MM-DD, bedrock, all)"
    return err.message


def _value_help(err, fmt: str = "contract") -> str:
    last = err.pointer.rsplit("/", 1)[-1]
    if fmt != "contract":  # a vendor file holds that vendor's tool objects, not contracts
        if fmt == "function-jsonl":
            return "Fix the value as a function definition holds it (the message says which type)."
        return (f"Fix the value as the {FORMAT_NAMES.get(fmt, fmt)} tool format defines it (the message says which "
                "type).")
    if last == "version":
        return "Write the version as a quoted semver string, e.g. `version: \"1.2.0\"`."
    if last == "risk":
        return "Declare how much the tool changes the world: read_only, write_limited or destructive."
    return "Fix the value to match the contract format (see `toolcheck/data/contract.schema.json`)."


_CONTRACT_VALIDATOR = None


def contract_schema() -> dict:
    return json.loads(resources.files("toolcheck").joinpath("data/contract.schema.json").read_text("utf-8"))


def _validator():
    global _CONTRACT_VALIDATOR
    if _CONTRACT_VALIDATOR is None:
        from ..schemaval import compile_schema

        full = contract_schema()
        one = dict(full["$defs"]["contract"])
        one["$defs"] = full["$defs"]
        _CONTRACT_VALIDATOR = compile_schema(one)
    return _CONTRACT_VALIDATOR


@rule("TC010", "input-limit-exceeded", scope="emitted")
def input_limit_exceeded(*_):
    """A file crosses a safety bound: size, nesting depth or alias expansion.

    What it does:
    Stops reading a file larger than `limits.max-file-size` (default 10 MiB; a FIFO or device named on the
    command line is read up to that bound, never further), nested deeper than `limits.max-depth` (default 128),
    whose aliases expand to more than `limits.max-alias-nodes` (default 100,000) nodes or repeat more than
    `limits.max-file-size` of text (one long string aliased by thousands of descriptions), and reports it
    instead of spending minutes or gigabytes on it.

    Why is this bad?
    A "billion laughs" alias bomb or a 10,000-level nesting costs any YAML host the same; no real contract
    comes near these bounds.

    Example:
    ```yaml
    a: &a [x, x, x, x, x, x, x, x, x, x]
    b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]
    c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]
    d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]
    e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]
    f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]
    ```

    Use instead:
    ```yaml
    name: search_docs
    description: Search the product documentation by keyword.
    parameters: {type: object, properties: {}}
    ```

    Options:
    `limits.max-file-size`, `limits.max-depth`, `limits.max-alias-nodes` in the config.
    """


@rule("TC011", "unreadable-file", scope="emitted")
def unreadable_file(*_):
    """A file cannot be read (permissions, a broken or looping symlink, a directory named like a file).

    What it does:
    Reports the operating system's reason and carries on with the other files.

    Why is this bad?
    A contract that cannot be read is not checked; in CI that usually means a checkout or permissions problem.

    Example:
    ```text
    contracts/secret.yaml with mode 000
    ```

    Use instead:
    ```text
    a readable file
    ```
    """


@rule("TC012", "duplicate-tool-name", scope="set")
def duplicate_tool_name(contracts, ctx):
    """Two contracts in the checked set have the same name.

    What it does:
    Reports every contract whose `name` is used by another contract loaded in the same run (all files given, or
    the configured contract set when a pre-commit hook passes only a few files), pointing at the other one.
    Same-purpose tools with *different* names are TC4's overlap rule.

    Why is this bad?
    Model APIs reject a request whose tools share a name, and a host that dispatches by name runs whichever
    it registered last.

    Example:
    ```yaml
    tools:
      - name: search_gifts
        description: Search the gift catalogue by keyword.
        parameters: {type: object, properties: {}}
      - name: search_gifts
        description: Search the gift catalogue by price.
        parameters: {type: object, properties: {}}
    ```

    Use instead:
    ```yaml
    tools:
      - name: search_gifts
        description: Search the gift catalogue by keyword.
        parameters: {type: object, properties: {}}
      - name: search_gifts_by_price
        description: Search the gift catalogue by price.
        parameters: {type: object, properties: {}}
    ```
    """
    by_name: dict[str, list] = {}
    for c in contracts:
        if c.name:
            by_name.setdefault(c.name, []).append(c)
    for name, group in by_name.items():
        if len(group) < 2:
            continue
        for c in group:
            others = [o for o in group if o is not c]
            first = others[0]
            line, _ = first.file.locate(first.pointer)  # the contract's own line: cheap, and what a reader needs
            where = f"{first.file.path}:{line}" if line is not None else f"{first.file.path} {first.pointer}"
            h = Hit("/name", f"tool name `{name}` is also used by {len(others)} other contract(s), "
                             f"e.g. {where}",
                    "Give each tool a unique name (namespacing it if several services define it).")
            h.related = [{"file": o.file.path, "line": o.file.locate(o.pointer)[0], "pointer": o.ptr("name"),
                          "tool": name} for o in others[:10]]
            h.subject = c
            yield h


@rule("TC013", "invalid-sample-record", scope="emitted")
def invalid_sample_record(*_):
    """A sample record or recorded call is malformed.

    What it does:
    Checks the shape of sample records (`{description?, data, valid: true|false, expect?: {keyword?, pointer?}}`)
    in `samples/<tool>.yaml|json` and inline `samples:`, and of recorded calls in `samples/**/*.jsonl`
    (`{"name", "arguments"}` or `{"name", "input"}`). Whether the data passes the schema is TC3's job.

    Why is this bad?
    A record without `valid`, or with a misspelt `data`, is silently not replayed: the test you wrote never runs.

    Example:
    ```yaml file=samples/search_docs.yaml
    - description: a normal query
      data: {query: refund policy}
    ```

    Use instead:
    ```yaml file=samples/search_docs.yaml
    - description: a normal query
      data: {query: refund policy}
      valid: true
    ```
    """


@rule("TC014", "unused-suppression", severity="warning", scope="emitted")
def unused_suppression(*_):
    """A `# toolcheck: ignore[...]` comment silences nothing.

    What it does:
    Reports suppression comments (and codes within them) that matched no finding among the rules that ran,
    like ruff's unused `noqa`. Codes of rules that did not run in this command (e.g. TC2 under `lint`) are not
    reported.

    Why is this bad?
    A stale suppression hides the next real problem on that line.

    Example:
    ```yaml
    name: search_docs  # toolcheck: ignore[TC012] no duplicate here
    description: Search the product documentation by keyword.
    parameters: {type: object, properties: {}}
    ```

    Use instead:
    ```yaml
    name: search_docs
    description: Search the product documentation by keyword.
    parameters: {type: object, properties: {}}
    ```
    """


@rule("TC015", "unknown-suppression-code", severity="warning", scope="emitted")
def unknown_suppression_code(*_):
    """A suppression comment names a code or rule that does not exist.

    What it does:
    Reports entries of `# toolcheck: ignore[...]` and `file-ignore[...]` that are neither a rule code, a family
    prefix (`TC5`) nor a rule name.

    Why is this bad?
    A typo in a suppression silences nothing, while looking as if it did.

    Example:
    ```yaml
    name: search_docs  # toolcheck: ignore[TC9999]
    description: Search the product documentation by keyword.
    parameters: {type: object, properties: {}}
    ```

    Use instead:
    ```yaml
    name: search_docs
    description: Search the product documentation by keyword.
    parameters: {type: object, properties: {}}
    ```
    """


@rule("TC016", "unsupported-yaml-construct", scope="emitted")
def unsupported_yaml_construct(*_):
    """The YAML uses a construct that has no JSON equivalent: a tag or a complex mapping key.

    What it does:
    Reports explicit tags such as `!!python/object:os.system` or `!Ref`, and mapping keys that are themselves
    mappings or lists. toolcheck never constructs tagged objects; it reads the value as plain data.

    Why is this bad?
    A contract is JSON data sent to a model API. Tags are ignored or rejected on the way, and `!!python/...`
    tags execute code in hosts that load the file with an unsafe loader.

    Example:
    ```yaml
    name: search_docs
    description: !!python/object/apply:os.system ["echo hi"]
    parameters: {type: object, properties: {}}
    ```

    Use instead:
    ```yaml
    name: search_docs
    description: Search the product documentation by keyword.
    parameters: {type: object, properties: {}}
    ```
    """


@rule("TC017", "not-a-contract-file", scope="emitted")
def not_a_contract_file(*_):
    """A file named for checking is recognisably not a contract file, or not a YAML/JSON file at all.

    What it does:
    Files found by walking a folder that are recognisably something else are skipped: toolcheck's own
    configuration, a pre-commit configuration or hook list, `package.json` and lockfiles, `tsconfig.json`,
    `pyproject.toml`, GitHub Actions workflows and other CI configurations, Docker Compose files, Kubernetes
    manifests, OpenAPI documents, toolcheck baselines, and a few more, by name (`toolcheck lint --show-files`
    lists them) or, whatever the name, by an unmistakable shape (`repos:` of a pre-commit config, `on:` and
    `jobs:` of a workflow, `services:` with images, `compilerOptions`, `apiVersion` and `kind`, ...). A file of
    that kind *named* on the command line or in `paths` gets this one finding instead of a contract's worth of
    missing keys, and so does a named file that is not YAML, JSON or JSON Lines (`script.py`). Nothing else is
    checked in it. With `--force-exclude` (the pre-commit hooks) named files are skipped like walked ones.

    Why is this bad?
    Checking a workflow or a package manifest as a contract reports a dozen false errors (no `name`, unknown
    key `repos`, ...) and hides that nothing was checked; a file toolcheck cannot read at all is not a
    "string document".

    Example:
    ```yaml file=.pre-commit-config.yaml args=.pre-commit-config.yaml
    repos:
      - repo: https://github.com/toolcheck/toolcheck
        rev: v0.1.0
        hooks:
          - id: toolcheck-lint
    ```

    Use instead:
    ```yaml file=.pre-commit-config.yaml args=.
    repos:
      - repo: https://github.com/toolcheck/toolcheck
        rev: v0.1.0
        hooks:
          - id: toolcheck-lint
    ```
    and run `toolcheck lint` on the contracts, or on the whole folder (`toolcheck lint .`): found by walking,
    the pre-commit configuration is skipped.
    """
