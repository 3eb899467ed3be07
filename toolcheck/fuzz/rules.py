"""TC7: what generated arguments find in schemas, handlers and MCP servers (`toolcheck fuzz` only).

Every rule is a ``set``-scope lookup into one fuzz pass over the run's contracts (:func:`toolcheck.fuzz.driver.
results`, cached in ``ctx.cache``), so ``--select``/``--ignore`` of any TC7 code leaves the others intact and the
tools are fuzzed once. This module is imported by every command (the rule catalogue); it imports nothing but
the registry at the top level. hypothesis is imported by the driver, on the first TC7 rule that runs.

Decisions where the issue is silent (also in each rule's documentation):

* A schema that is not valid JSON Schema, or whose `$ref`/regex static checks reject, is not fuzzed (TC705,
  info); a tool fuzz tried and got no example for is an error: the TC111 finding that explains it, else TC706.
* "Declared" is generous for TC703: a shape any branch of a union declares is never reported; a value that
  declares nothing (no `type`, `enum` or `const`) accepting everything is.
* Error codes are checked against `errors` for valid arguments only: for invalid ones, any structured error
  (e.g. check_arguments' `VALIDATION_ERROR`) is the right answer.
* A timeout is not shrunk (each attempt would cost the full timeout) and, for a Python handler, later calls of
  that tool are skipped; a crashed worker is restarted and its case shrunk.
"""

from __future__ import annotations

from ..registry import rule


def _hits(code: str, contracts, ctx):
    from .driver import results

    return results(contracts, ctx).get(code, ())


@rule("TC701", "no-valid-instance", scope="set")
def no_valid_instance(contracts, ctx):
    """No argument object satisfies the schema: the generator proves it, or finds none.

    What it does:
    Builds the hypothesis-jsonschema generator for `parameters`. When the generator proves that no instance
    exists (it canonicalises the schema to `false`), reports it as an error at the deepest schema that admits
    nothing, with the reason (`allOf` branches that contradict, a required property that admits nothing,
    `uniqueItems` with fewer allowed values than `minItems`, `contains` against `items`, ...). When it cannot
    prove it but finds no instance either, reports a warning. A contradiction that TC111 finds statically is
    reported as that TC111 finding instead (under `toolcheck fuzz` too, so that a tool fuzz got no example for
    never passes silently).

    Why is this bad?
    Every call fails validation, whatever the model sends; the tool cannot be used at all.

    Example:
    ```yaml
    name: book_seats
    description: Book seats for a show. Use it when the user has chosen the seats to reserve.
    risk: write_limited
    parameters:
      type: object
      additionalProperties: false
      required: [seats]
      properties:
        seats:
          type: array
          description: The seats to book, each at most once.
          uniqueItems: true
          minItems: 3
          items: {type: string, enum: [A1, A2], description: A seat label.}
    ```

    Use instead:
    ```yaml
    name: book_seats
    description: Book seats for a show. Use it when the user has chosen the seats to reserve.
    risk: write_limited
    parameters:
      type: object
      additionalProperties: false
      required: [seats]
      properties:
        seats:
          type: array
          description: The seats to book, each at most once.
          uniqueItems: true
          minItems: 1
          items: {type: string, enum: [A1, A2, A3, A4], description: A seat label.}
    ```
    """
    # TC111 stands in for TC701 when the static check already proves the schema unsatisfiable
    return list(_hits("TC701", contracts, ctx)) + list(_hits("TC111", contracts, ctx))


@rule("TC702", "generator-validator-disagreement", severity="warning", scope="set")
def generator_validator_disagreement(contracts, ctx):
    """An instance generated from the schema is rejected by the validator: two readers disagree.

    What it does:
    Every generated instance is checked with toolcheck's validator (jsonschema-rs, the one `toolcheck validate`
    and `check_arguments` use). hypothesis-jsonschema is an independent reading of the same schema (Python
    regexes, its own `format` strategies, floating-point `multipleOf`); when it produces a value the
    validator rejects, reports the smallest such instance and the validator's error, at the keyword concerned.
    Schemas the generator only approximates (see TC705) are filtered instead, never reported.

    Why is this bad?
    A model API, an MCP client and a host each validate with their own engine; a schema they read differently
    lets one side send what the other refuses, in production, for values no sample shows.

    Example:
    ```yaml
    name: set_discount
    description: Set the discount rate of a promotion. Use it when the user changes a promotion's discount.
    risk: write_limited
    idempotency_key: request_id
    parameters:
      type: object
      additionalProperties: false
      required: [request_id, rate]
      properties:
        request_id: {type: string, minLength: 8, maxLength: 64, description: Unique key of this change.}
        rate:
          type: number
          minimum: 0
          maximum: 1
          multipleOf: 0.01
          description: Discount as a fraction, in steps of 0.01.
    ```

    Use instead:
    ```yaml
    name: set_discount
    description: Set the discount rate of a promotion. Use it when the user changes a promotion's discount.
    risk: write_limited
    idempotency_key: request_id
    parameters:
      type: object
      additionalProperties: false
      required: [request_id, percent]
      properties:
        request_id: {type: string, minLength: 8, maxLength: 64, description: Unique key of this change.}
        percent:
          type: integer
          minimum: 0
          maximum: 100
          description: Discount in whole percent.
    ```
    """
    return _hits("TC702", contracts, ctx)


@rule("TC703", "over-permissive-schema", severity="warning", scope="set",
      options={"mutations": ["drop-required", "unknown-property", "change-type", "stringify-number", "past-bounds",
                             "null"]})
def over_permissive_schema(contracts, ctx):
    """The schema accepts a mutated argument that a strict host should reject.

    What it does:
    Mutates generated valid instances mechanically — drops each required field, adds an unknown property,
    changes each value's type, stringifies numbers (`"10"`), pushes numbers, string lengths and item counts past
    the bounds the schema states (or the value's description states in words: "between 1 and 100", "at most
    200 characters"), and `null` — and reports each mutation the schema still accepts although nothing in it
    declares that shape, with the concrete instance, at the schema that should refuse it. A shape any branch of
    a union declares (`anyOf: [{type: string}, {type: integer}]`) is intended and never reported; explicit
    `additionalProperties: true` (or a schema) is intended too.

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
    return _hits("TC703", contracts, ctx)


@rule("TC704", "export-rejects-valid-arguments", severity="warning", scope="set")
def export_rejects_valid_arguments(contracts, ctx):
    """A target's exported schema rejects arguments the contract accepts.

    What it does:
    For each target of the contract (`--target`, the contract's `targets`, config `targets`, else the default
    envelopes) whose export (`toolcheck export`) changes the schema, checks every generated valid instance
    against the exported schema, as the model would send it there: an optional property that strict mode made
    required is sent as `null`, and an extra property the contract does not declare, which the export closed,
    is left out. What is still rejected is reported with the instance and the target. Gemini's legacy
    `parameters` (an OpenAPI subset, not JSON Schema) is not checked this way.

    Why is this bad?
    The model can no longer send a call the tool accepts: part of the contract is unusable on that vendor,
    beyond what the documented transforms say (here: strict mode drops `patternProperties`, and the closed
    object then refuses every label).

    Example:
    ```yaml
    name: tag_photo
    description: Tag a photo with labels. Use it when the user asks to label a picture.
    risk: write_limited
    idempotency_key: request_id
    targets: [openai-strict]
    parameters:
      type: object
      additionalProperties: false
      required: [request_id, photo_id, labels]
      properties:
        request_id: {type: string, minLength: 8, maxLength: 64, description: Unique key of this change.}
        photo_id: {type: string, minLength: 1, maxLength: 40, description: The photo to tag.}
        labels:
          type: object
          description: Confidence of each label, by label name in lower-case letters.
          minProperties: 1
          patternProperties:
            "^[a-z]+$": {type: number, minimum: 0, maximum: 1}
          additionalProperties: false
    ```

    Use instead:
    ```yaml
    name: tag_photo
    description: Tag a photo with labels. Use it when the user asks to label a picture.
    risk: write_limited
    idempotency_key: request_id
    targets: [openai-strict]
    parameters:
      type: object
      additionalProperties: false
      required: [request_id, photo_id, labels]
      properties:
        request_id: {type: string, minLength: 8, maxLength: 64, description: Unique key of this change.}
        photo_id: {type: string, minLength: 1, maxLength: 40, description: The photo to tag.}
        labels:
          type: array
          description: The labels to put on the photo, with their confidence.
          items:
            type: object
            additionalProperties: false
            required: [label, confidence]
            properties:
              label: {type: string, pattern: "^[a-z]+$", description: The label, in lower-case letters.}
              confidence: {type: number, minimum: 0, maximum: 1, description: How sure the tagger is.}
    ```
    """
    return _hits("TC704", contracts, ctx)


@rule("TC705", "schema-not-fuzzable", severity="info", scope="set")
def schema_not_fuzzable(contracts, ctx):
    """The schema was not fuzzed, and why.

    What it does:
    Says when a tool's `parameters` cannot be fuzzed: it is not valid JSON Schema (`toolcheck lint` says why), it
    has a `$ref` to another document, or hypothesis-jsonschema cannot take it even after normalisation (draft
    2020-12 keywords are rewritten first; a recursive `$ref` is unrolled a few levels). A schema fuzz tried and
    got no example for is TC706.

    Why is this bad?
    It is not a defect, only a gap: nothing in the fuzz run speaks for this tool, so a clean run says less than
    it seems to. Samples (`toolcheck validate`) still check it.

    Example:
    ```yaml
    name: convert_units
    description: Convert a quantity between units. Use it when the user asks for a conversion.
    risk: read_only
    parameters:
      type: dict
      properties:
        value: {type: float, description: The quantity to convert.}
    ```

    Use instead:
    ```yaml
    name: convert_units
    description: Convert a quantity between units. Use it when the user asks for a conversion.
    risk: read_only
    parameters:
      type: object
      properties:
        value: {type: number, description: The quantity to convert.}
    ```
    """
    return _hits("TC705", contracts, ctx)


@rule("TC706", "no-examples-generated", scope="set")
def no_examples_generated(contracts, ctx):
    """Fuzzing produced no example at all for a tool, and why.

    What it does:
    Reports a tool for which `toolcheck fuzz` generated arguments and none came out: the generator failed on the
    schema, the time budget passed before the first example, the generator found no instance of its
    approximation of the schema, or no generated instance passed the validator while the generator only
    approximated some keywords (`unevaluatedProperties` beside applicators, `minContains`, a pattern without a
    Python equivalent; they are named). When an unsatisfiable schema found statically explains it, fuzz
    reports that TC111 finding instead; a schema fuzz does not try (TC705) is not reported here.

    Why is this bad?
    Zero examples means nothing was checked: a clean run would claim a tool fuzzed that never was. Often the
    schema admits no argument object at all and every call fails validation.

    Example:
    ```yaml
    name: tag_gift
    description: Tag a gift with one label. Use it when the user labels a gift.
    risk: read_only
    parameters:
      type: object
      required: [gift_id]
      minProperties: 2
      allOf:
        - properties:
            gift_id: {type: string, description: The gift to tag.}
      unevaluatedProperties: false
    ```

    Use instead:
    ```yaml
    name: tag_gift
    description: Tag a gift with one label. Use it when the user labels a gift.
    risk: read_only
    parameters:
      type: object
      additionalProperties: false
      required: [gift_id, label]
      properties:
        gift_id: {type: string, description: The gift to tag.}
        label: {type: string, description: The label to put on it.}
    ```
    """
    return _hits("TC706", contracts, ctx)


@rule("TC710", "handler-raised", scope="set")
def handler_raised(contracts, ctx):
    """The handler raised an exception on arguments its own schema accepts.

    What it does:
    Calls the contract's `handler` (`package.module:function`, or `--handler`; the project root is put on
    `sys.path`) in a worker process with generated valid arguments: one `dict` by default, `**arguments` with
    `handler_call: kwargs`; async functions are awaited. An exception is reported once per exception class,
    with the arguments hypothesis shrank it to, the traceback, the seed and the command that reproduces it.
    With `--mcp-command`, a JSON-RPC error answer to `tools/call` counts the same.

    Why is this bad?
    The schema promised the model that these arguments are fine; the host then gets a crash instead of a result
    or a structured error the model could act on.

    Example:
    ```yaml
    name: split_bill
    description: Split a restaurant bill evenly between the diners. Use it when the user asks how much each pays.
    risk: read_only
    handler: toolcheck.examples.pitfalls:split_bill
    parameters:
      type: object
      additionalProperties: false
      required: [total, people]
      properties:
        total: {type: number, minimum: 0, maximum: 100000, description: The bill in euros.}
        people: {type: integer, minimum: 0, maximum: 50, description: How many people share it.}
    ```

    Use instead:
    ```yaml
    name: split_bill
    description: Split a restaurant bill evenly between the diners. Use it when the user asks how much each pays.
    risk: read_only
    handler: toolcheck.examples.pitfalls:split_bill_careful
    parameters:
      type: object
      additionalProperties: false
      required: [total, people]
      properties:
        total: {type: number, minimum: 0, maximum: 100000, description: The bill in euros.}
        people: {type: integer, minimum: 1, maximum: 50, description: How many people share it.}
    ```
    """
    return _hits("TC710", contracts, ctx)


@rule("TC711", "handler-crashed", scope="set")
def handler_crashed(contracts, ctx):
    """The handler's process died during a call (`os._exit`, a native crash), or the MCP server did.

    What it does:
    Each handler runs in a worker subprocess; a worker that exits or is killed mid-call is reported with the
    exit status, the end of its stderr and the shrunk arguments, and a fresh worker takes the next call. With
    `--mcp-command`, a server that dies during `tools/call` is reported the same way and restarted.

    Why is this bad?
    In a host the handler runs in, the whole process (and every other conversation it serves) goes with it.

    Example:
    ```yaml
    name: export_report
    description: Export the user's order history as a file. Use it when the user asks for a copy of their orders.
    risk: read_only
    handler: toolcheck.examples.pitfalls:export_report
    parameters:
      type: object
      additionalProperties: false
      required: [format]
      properties:
        format: {type: string, enum: [csv, json, pdf], description: The file format.}
    ```

    Use instead:
    ```yaml
    name: export_report
    description: Export the user's order history as a file. Use it when the user asks for a copy of their orders.
    risk: read_only
    handler: toolcheck.examples.pitfalls:export_report_careful
    parameters:
      type: object
      additionalProperties: false
      required: [format]
      properties:
        format: {type: string, enum: [csv, json, pdf], description: The file format.}
    errors:
      - code: FORMAT_UNAVAILABLE
        retryable: true
        description: This format cannot be produced right now; offer another one.
    ```
    """
    return _hits("TC711", contracts, ctx)


@rule("TC712", "handler-timeout", scope="set")
def handler_timeout(contracts, ctx):
    """A handler call did not answer within `--handler-timeout` seconds.

    What it does:
    Reports the first call that hangs, with its arguments (not shrunk: each attempt would cost the full
    timeout). The worker is killed with its process group; later calls of that tool are skipped. With
    `--mcp-command`, a `tools/call` without an answer ends that server session.

    Why is this bad?
    A host waits, the user waits, and the model gets no answer to act on; retried calls pile up.

    Example:
    ```yaml
    name: wait_for_stock
    description: Check repeatedly whether an item is back in stock. Use it when the user wants to wait for an item.
    risk: read_only
    handler: toolcheck.examples.pitfalls:wait_for_stock
    parameters:
      type: object
      additionalProperties: false
      required: [sku, max_checks]
      properties:
        sku: {type: string, minLength: 1, maxLength: 20, description: The item's SKU.}
        max_checks: {type: integer, minimum: 0, maximum: 10, description: How many checks to make; 0 means until it is back.}
    ```

    Use instead:
    ```yaml
    name: wait_for_stock
    description: Check repeatedly whether an item is back in stock. Use it when the user wants to wait for an item.
    risk: read_only
    handler: toolcheck.examples.pitfalls:wait_for_stock_careful
    parameters:
      type: object
      additionalProperties: false
      required: [sku, max_checks]
      properties:
        sku: {type: string, minLength: 1, maxLength: 20, description: The item's SKU.}
        max_checks: {type: integer, minimum: 1, maximum: 10, description: How many checks to make.}
    ```
    """
    return _hits("TC712", contracts, ctx)


@rule("TC713", "result-violates-returns", scope="set")
def result_violates_returns(contracts, ctx):
    """A successful result does not validate against `returns` (or is not JSON at all).

    What it does:
    Validates each result of a call with valid arguments against `returns` (MCP: `structuredContent` against
    `outputSchema`); `{"ok": true, "result": X}` is unwrapped when `returns` describes `X`. Error results are not
    checked here (see TC714, TC715). A result that cannot be serialised as JSON (a `datetime`, NaN) is reported
    too. Points at the `returns` keyword that fails.

    Why is this bad?
    The model and downstream code read the result by its declared shape; a missing or mistyped field becomes a
    wrong answer or a crash one step later.

    Example:
    ```yaml
    name: get_forecast
    description: Get tomorrow's weather forecast for a city. Use it when the user asks about the weather.
    risk: read_only
    handler: toolcheck.examples.pitfalls:get_forecast
    parameters:
      type: object
      additionalProperties: false
      required: [city]
      properties:
        city: {type: string, minLength: 1, maxLength: 80, description: The city name.}
        unit: {type: string, enum: [celsius, fahrenheit], description: Temperature unit; celsius when omitted.}
    returns:
      type: object
      required: [city, unit, high]
      properties:
        city: {type: string, description: The city.}
        unit: {type: string, enum: [celsius, fahrenheit], description: The unit of `high`.}
        high: {type: number, description: The highest temperature.}
    ```

    Use instead:
    ```yaml
    name: get_forecast
    description: Get tomorrow's weather forecast for a city. Use it when the user asks about the weather.
    risk: read_only
    handler: toolcheck.examples.pitfalls:get_forecast_careful
    parameters:
      type: object
      additionalProperties: false
      required: [city]
      properties:
        city: {type: string, minLength: 1, maxLength: 80, description: The city name.}
        unit: {type: string, enum: [celsius, fahrenheit], description: Temperature unit; celsius when omitted.}
    returns:
      type: object
      required: [city, unit, high]
      properties:
        city: {type: string, description: The city.}
        unit: {type: string, enum: [celsius, fahrenheit], description: The unit of `high`.}
        high: {type: number, description: The highest temperature.}
    ```
    """
    return _hits("TC713", contracts, ctx)


@rule("TC714", "undeclared-error-code-returned", scope="set")
def undeclared_error_code_returned(contracts, ctx):
    """For valid arguments, the handler returned an error whose `code` the contract's `errors` does not declare.

    What it does:
    Checks the `code` of every structured error returned for valid arguments against the codes declared under
    `errors` (a contract without `errors` declares none). Reported once per code, at `errors`. Errors for
    invalid arguments may use any code (e.g. `VALIDATION_ERROR` from `check_arguments`).

    Why is this bad?
    The declared errors are what the model (and the host's retry policy) know how to handle; an undeclared code
    has no `retryable` and no guidance, so it is handled by guesswork.

    Example:
    ```yaml
    name: cancel_order
    description: Cancel an order that has not shipped yet. Use it when the user asks to cancel an order.
    risk: write_limited
    idempotency_key: order_id
    handler: toolcheck.examples.pitfalls:cancel_order
    parameters:
      type: object
      additionalProperties: false
      required: [order_id]
      properties:
        order_id: {type: string, minLength: 1, maxLength: 40, description: The order to cancel.}
    errors:
      - code: ORDER_NOT_FOUND
        retryable: false
        description: No order has this ID.
    ```

    Use instead:
    ```yaml
    name: cancel_order
    description: Cancel an order that has not shipped yet. Use it when the user asks to cancel an order.
    risk: write_limited
    idempotency_key: order_id
    handler: toolcheck.examples.pitfalls:cancel_order_careful
    parameters:
      type: object
      additionalProperties: false
      required: [order_id]
      properties:
        order_id: {type: string, minLength: 1, maxLength: 40, description: The order to cancel.}
    errors:
      - code: ORDER_NOT_FOUND
        retryable: false
        description: No order has this ID.
      - code: ALREADY_SHIPPED
        retryable: false
        description: The order has left the warehouse; offer a return instead.
    ```
    """
    return _hits("TC714", contracts, ctx)


@rule("TC715", "malformed-error-result", scope="set")
def malformed_error_result(contracts, ctx):
    """An error result (`ok: false`) is not `{code, message, retryable}`.

    What it does:
    A result with `"ok": false` must carry `error: {code: string, message: string, retryable: boolean}`. Reports
    what is missing or mistyped, for valid and invalid arguments alike.

    Why is this bad?
    Hosts and models rely on that shape to decide whether to retry and what to tell the user; a bare string
    error cannot be routed, retried or explained.

    Example:
    ```yaml
    name: find_member
    description: Find a club member by email address. Use it when the user asks whether someone is a member.
    risk: read_only
    handler: toolcheck.examples.pitfalls:find_member
    parameters:
      type: object
      additionalProperties: false
      required: [email]
      properties:
        email: {type: string, minLength: 3, maxLength: 254, description: The member's email address.}
    errors:
      - code: MEMBER_NOT_FOUND
        retryable: false
        description: No member has this email address.
    ```

    Use instead:
    ```yaml
    name: find_member
    description: Find a club member by email address. Use it when the user asks whether someone is a member.
    risk: read_only
    handler: toolcheck.examples.pitfalls:find_member_careful
    parameters:
      type: object
      additionalProperties: false
      required: [email]
      properties:
        email: {type: string, minLength: 3, maxLength: 254, description: The member's email address.}
    errors:
      - code: MEMBER_NOT_FOUND
        retryable: false
        description: No member has this email address.
    ```
    """
    return _hits("TC715", contracts, ctx)


@rule("TC716", "handler-raised-on-invalid-arguments", scope="set")
def handler_raised_on_invalid_arguments(contracts, ctx):
    """The handler raised on invalid arguments instead of returning a structured error.

    What it does:
    Calls the handler with mutations of valid arguments that the schema rejects (a required field dropped, an
    unknown property, a wrong type, a number as a string, a value past its bounds, `null`; with `handler_call:
    kwargs`, values only, never keys). Each must come back as `{ok: false, error: {...}}`; an exception is
    reported once per class, with the shrunk arguments.

    Why is this bad?
    Models do send invalid arguments. A structured error ("quantity must be at least 1") lets the model correct
    the call; an exception gives it nothing, or a stack trace.

    Example:
    ```yaml
    name: add_to_cart
    description: Add an item to the shopping cart. Use it when the user wants to buy an item.
    risk: write_limited
    idempotency_key: sku
    handler: toolcheck.examples.pitfalls:add_to_cart
    parameters:
      type: object
      additionalProperties: false
      required: [sku, quantity]
      properties:
        sku: {type: string, minLength: 1, maxLength: 20, description: The item's SKU.}
        quantity: {type: integer, minimum: 1, maximum: 99, description: How many to add.}
    ```

    Use instead:
    ```yaml
    name: add_to_cart
    description: Add an item to the shopping cart. Use it when the user wants to buy an item.
    risk: write_limited
    idempotency_key: sku
    handler: toolcheck.examples.pitfalls:add_to_cart_careful
    parameters:
      type: object
      additionalProperties: false
      required: [sku, quantity]
      properties:
        sku: {type: string, minLength: 1, maxLength: 20, description: The item's SKU.}
        quantity: {type: integer, minimum: 1, maximum: 99, description: How many to add.}
    ```
    """
    return _hits("TC716", contracts, ctx)


@rule("TC717", "invalid-arguments-accepted", severity="warning", scope="set")
def invalid_arguments_accepted(contracts, ctx):
    """The handler returned a successful result for arguments the schema rejects.

    What it does:
    Same calls as TC716 (mutations the schema rejects); reports a handler that answers one of them with a
    result instead of a structured error.

    Why is this bad?
    The handler does not enforce its own contract: a host that does not validate first acts on arguments the
    model got wrong (a misspelt option ignored, a quantity out of range used as is), and the model never learns.

    Example:
    ```yaml
    name: define_word
    description: Look up the definitions of an English word. Use it when the user asks what a word means.
    risk: read_only
    handler: toolcheck.examples.pitfalls:define_word
    parameters:
      type: object
      additionalProperties: false
      required: [word]
      properties:
        word: {type: string, minLength: 1, maxLength: 40, description: The word to define.}
    ```

    Use instead:
    ```yaml
    name: define_word
    description: Look up the definitions of an English word. Use it when the user asks what a word means.
    risk: read_only
    handler: toolcheck.examples.pitfalls:define_word_careful
    parameters:
      type: object
      additionalProperties: false
      required: [word]
      properties:
        word: {type: string, minLength: 1, maxLength: 40, description: The word to define.}
    ```
    """
    return _hits("TC717", contracts, ctx)


@rule("TC718", "error-leaks-internals", scope="set")
def error_leaks_internals(contracts, ctx):
    """An error message (or a result) shows a stack trace, an exception class or a Python error text.

    What it does:
    Scans the message of every structured error (MCP: the text of an `isError` result; a JSON-RPC error's
    message) for a traceback, a source file reference (`app.py:12`), an exception class name (`KeyError`,
    `ValidationError`) or a Python error text (`division by zero`, `'NoneType' object ...`), and every successful
    result for a stack trace (`except: return traceback.format_exc()`). Text the arguments themselves carry is
    not counted: echoing the model's own value back is fine. An absolute file path alone is TC721's.

    Why is this bad?
    The model cannot act on a stack trace, and the trace tells whoever reads the conversation how the server is
    built: paths, libraries, versions.

    Example:
    ```yaml
    name: convert_currency
    description: Convert an amount of euros to another currency. Use it when the user asks for a price abroad.
    risk: read_only
    handler: toolcheck.examples.pitfalls:convert_currency
    parameters:
      type: object
      additionalProperties: false
      required: [amount, currency]
      properties:
        amount: {type: number, minimum: 0, maximum: 1000000, description: The amount in euros.}
        currency: {type: string, enum: [USD, GBP, JPY], description: The currency to convert to.}
    errors:
      - code: CONVERSION_FAILED
        retryable: false
        description: The conversion failed.
    ```

    Use instead:
    ```yaml
    name: convert_currency
    description: Convert an amount of euros to another currency. Use it when the user asks for a price abroad.
    risk: read_only
    handler: toolcheck.examples.pitfalls:convert_currency_careful
    parameters:
      type: object
      additionalProperties: false
      required: [amount, currency]
      properties:
        amount: {type: number, minimum: 0, maximum: 1000000, description: The amount in euros.}
        currency: {type: string, enum: [USD, GBP, JPY], description: The currency to convert to.}
    errors:
      - code: RATE_UNAVAILABLE
        retryable: true
        description: No exchange rate for this currency today; offer another currency.
    ```
    """
    return _hits("TC718", contracts, ctx)


@rule("TC721", "error-reveals-path", severity="warning", scope="set")
def error_reveals_path(contracts, ctx):
    """An error message names a file path that the model did not send and the server was not given.

    What it does:
    Scans the message of every structured error (MCP: the text of an `isError` result; a JSON-RPC error's
    message) for an absolute file path. A path the arguments carry is not counted, nor one the MCP server was
    given on its command line (an allowed folder, a repository: the absolute paths of `--mcp-command`), nor the
    model's own path resolved under one (`0` under the allowed `/srv/docs` is `/srv/docs/0`): that is what the
    model sent, and what it needs to correct its call. What remains is the server's own: a cache, a template
    folder, a temporary file it writes through. A message that also carries a stack trace is TC718's.

    Why is this bad?
    The model cannot act on a path it never chose, and the path tells whoever reads the conversation how the
    server is laid out (install folders, user names, temporary files).

    Example:
    ```yaml
    name: letter_template
    description: Fetch the text of a letter template. Use it when the user wants to start a standard letter.
    risk: read_only
    handler: toolcheck.examples.pitfalls:letter_template
    parameters:
      type: object
      additionalProperties: false
      required: [template]
      properties:
        template: {type: string, enum: [welcome, reminder, farewell], description: Which template.}
    errors:
      - code: TEMPLATE_MISSING
        retryable: false
        description: No such template yet.
    ```

    Use instead:
    ```yaml
    name: letter_template
    description: Fetch the text of a letter template. Use it when the user wants to start a standard letter.
    risk: read_only
    handler: toolcheck.examples.pitfalls:letter_template_careful
    parameters:
      type: object
      additionalProperties: false
      required: [template]
      properties:
        template: {type: string, enum: [welcome, reminder, farewell], description: Which template.}
    errors:
      - code: TEMPLATE_MISSING
        retryable: false
        description: No such template yet; the message names the ones there are.
    ```
    """
    return _hits("TC721", contracts, ctx)


@rule("TC719", "handler-not-loadable", scope="set")
def handler_not_loadable(contracts, ctx):
    """The contract's `handler` (or `--handler`) cannot be imported, or is not callable.

    What it does:
    Starts the handler's worker process, which imports `package.module` with the project root (the folder of the
    config file, else the working directory) first on `sys.path` and looks up the function. Reports the import
    error (module not found, an exception at import time, no such function).

    Why is this bad?
    Nothing of the handler is fuzzed, and the contract names an implementation that does not exist as written.

    Example:
    ```yaml
    name: lookup_postcode
    description: Find the town of a postcode. Use it when the user gives a postcode and asks where it is.
    risk: read_only
    handler: toolcheck.examples.no_such_module:lookup_postcode
    parameters:
      type: object
      additionalProperties: false
      required: [postcode]
      properties:
        postcode: {type: string, minLength: 3, maxLength: 10, description: The postcode.}
    ```

    Use instead:
    ```yaml
    name: define_word
    description: Look up the definitions of an English word. Use it when the user asks what a word means.
    risk: read_only
    handler: toolcheck.examples.pitfalls:define_word_careful
    parameters:
      type: object
      additionalProperties: false
      required: [word]
      properties:
        word: {type: string, minLength: 1, maxLength: 40, description: The word to define.}
    ```
    """
    return _hits("TC719", contracts, ctx)


@rule("TC720", "handler-out-of-memory", scope="set")
def handler_out_of_memory(contracts, ctx):
    """A handler call needed more memory than the worker may use (`--handler-memory`, 4096 MiB by default).

    What it does:
    Each handler worker's address space is capped (`RLIMIT_AS`) before the handler is imported; a call that
    runs into the cap (a `MemoryError`) is reported with its shrunk arguments, and a fresh worker takes the next
    call. `--handler-memory 0` lifts the cap. A worker the system kills for memory instead (the kernel's OOM
    killer) is TC711.

    Why is this bad?
    A size or count taken from the arguments decides how much the host allocates: one call can take a server's
    memory, and every other conversation it serves with it.

    Example:
    ```yaml
    name: make_thumbnails
    description: Make thumbnails of the user's photo album. Use it when the user asks for a preview of an album.
    risk: read_only
    handler: toolcheck.examples.pitfalls:make_thumbnails
    parameters:
      type: object
      additionalProperties: false
      required: [size]
      properties:
        size: {type: integer, minimum: 16, maximum: 65536, description: Width and height in pixels.}
    ```

    Use instead:
    ```yaml
    name: make_thumbnails
    description: Make thumbnails of the user's photo album. Use it when the user asks for a preview of an album.
    risk: read_only
    handler: toolcheck.examples.pitfalls:make_thumbnails_careful
    parameters:
      type: object
      additionalProperties: false
      required: [size]
      properties:
        size: {type: integer, minimum: 16, maximum: 512, description: Width and height in pixels.}
    ```
    """
    return _hits("TC720", contracts, ctx)
