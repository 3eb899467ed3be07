"""TC8: compatibility between two versions of the contracts (`toolcheck diff`).

Codes: TC801-TC812 breaking changes (error; each with a witness), TC820-TC827 compatible changes (info),
TC830 changes that cannot be decided (warning), TC840-TC841 the version rule. The analysis (matching,
renames, schema comparison, witnesses) is :mod:`toolcheck.compat`; it runs once per run and every rule here
yields the findings of its own code, so each can be selected, ignored or re-graded on its own.

A breaking change is an error only when its witness is verified: an argument object (for `returns`, a result)
that the old contract accepts and the new one rejects, checked by running both validators. When none can be
found — e.g. a parameter removed while additional properties stay allowed, or a schema that does not compile —
the finding is a warning that says why.

Documentation convention (these rules compare two versions, so an example is a pair of files): the Example and
Use instead sections hold two fenced blocks each, ```` ```yaml file=old/<name>.yaml ```` and
```` ```yaml file=new/<name>.yaml ````; the docs test writes both and runs ``toolcheck diff old new``.
"""

from __future__ import annotations

from ..registry import rule


def hits_for(code: str, contracts, ctx):
    """The findings of one TC8 code; the analysis is imported here, so `lint` and `validate` never load it."""
    from ..compat.analysis import hits_for as analyse

    return analyse(code, contracts, ctx)


@rule("TC801", "tool-removed", scope="set")
def tool_removed(contracts, ctx):
    """A tool of the old version is gone from the new one.

    What it does:
    Reports each tool the old contract set defines and the new one does not (matched by name, or by source and
    name for corpus-like input), unless it was renamed (TC802). The finding sits on the file that held the tool
    (its `tools:` list, or line 1; the path of a deleted file), `related` says where it was, and `data` holds a
    witness: a call with arguments the old contract accepted, which now names an unknown tool.

    Why is this bad?
    Cached plans, prompts with yesterday's tool list and pinned clients still call it, and every such call fails.

    Example:
    ```yaml file=old/tools.yaml
    tools:
      - name: search_gifts
        description: Search the gift catalogue by keyword.
        parameters: {type: object, properties: {query: {type: string}}}
      - name: get_gift_details
        description: Get one gift by its id.
        parameters: {type: object, required: [gift_id], properties: {gift_id: {type: string}}}
    ```
    ```yaml file=new/tools.yaml
    tools:
      - name: search_gifts
        description: Search the gift catalogue by keyword.
        parameters: {type: object, properties: {query: {type: string}}}
    ```

    Use instead:
    ```yaml file=old/tools.yaml
    tools:
      - name: search_gifts
        description: Search the gift catalogue by keyword.
        parameters: {type: object, properties: {query: {type: string}}}
      - name: get_gift_details
        description: Get one gift by its id.
        parameters: {type: object, required: [gift_id], properties: {gift_id: {type: string}}}
    ```
    ```yaml file=new/tools.yaml
    tools:
      - name: search_gifts
        description: Search the gift catalogue by keyword.
        parameters: {type: object, properties: {query: {type: string}}}
      - name: get_gift_details
        description: "Deprecated: use search_gifts. Get one gift by its id."
        parameters: {type: object, required: [gift_id], properties: {gift_id: {type: string}}}
    ```
    """
    return hits_for("TC801", contracts, ctx)


@rule("TC802", "tool-renamed", scope="set", options={"min-similarity": 0.6})
def tool_renamed(contracts, ctx):
    """A tool was renamed: same schema, similar description, another name.

    What it does:
    Among the tools only the old version has and those only the new one has, pairs a tool with the same
    parameter schema (titles, descriptions and examples aside) and a similar description, and reports the pair
    as one rename instead of an unrelated removal and addition. The renamed tool is then compared like any
    other (its other changes are reported too).

    Why is this bad?
    Callers address tools by name: every call to the old name fails, however similar the new tool is.

    Example:
    ```yaml file=old/search.yaml
    name: search_gifts
    description: Search the gift catalogue by keyword and return matching products.
    parameters: {type: object, required: [query], properties: {query: {type: string}}}
    ```
    ```yaml file=new/search.yaml
    name: find_gifts
    description: Search the gift catalogue by keyword and return the matching products.
    parameters: {type: object, required: [query], properties: {query: {type: string}}}
    ```

    Use instead:
    ```yaml file=old/search.yaml
    name: search_gifts
    description: Search the gift catalogue by keyword and return matching products.
    parameters: {type: object, required: [query], properties: {query: {type: string}}}
    ```
    ```yaml file=new/search.yaml
    name: search_gifts
    description: Search the gift catalogue by keyword and return the matching products.
    parameters: {type: object, required: [query], properties: {query: {type: string}}}
    ```

    Options:
    `rules.TC802.min-similarity` (default 0.6): how alike two descriptions must be (difflib ratio, 0-1) for a
    removal and an addition with the same schema to count as a rename; at least 0.85 when the schema has no
    properties.
    """
    return hits_for("TC802", contracts, ctx)


@rule("TC803", "parameter-removed", scope="set")
def parameter_removed(contracts, ctx):
    """A parameter (a property of the arguments, at any depth) was removed.

    What it does:
    Reports each property the old schema defines and the new one does not. When the new object closes
    additional properties, the witness is the old arguments with that property set, now rejected. When it
    leaves them open, no argument is rejected — the value is silently ignored — and the finding is a warning
    that says so.

    Why is this bad?
    Callers still send it: either their calls fail, or what they asked for is quietly dropped.

    Example:
    ```yaml file=old/search.yaml
    name: search_gifts
    description: Search the gift catalogue.
    parameters:
      type: object
      additionalProperties: false
      properties:
        query: {type: string}
        max_price: {type: integer}
    ```
    ```yaml file=new/search.yaml
    name: search_gifts
    description: Search the gift catalogue.
    parameters:
      type: object
      additionalProperties: false
      properties:
        query: {type: string}
    ```

    Use instead:
    ```yaml file=old/search.yaml
    name: search_gifts
    description: Search the gift catalogue.
    parameters:
      type: object
      additionalProperties: false
      properties:
        query: {type: string}
        max_price: {type: integer}
    ```
    ```yaml file=new/search.yaml
    name: search_gifts
    description: Search the gift catalogue.
    parameters:
      type: object
      additionalProperties: false
      properties:
        query: {type: string}
        max_price: {type: integer, description: "Deprecated: ignored; use the price filter instead."}
    ```
    """
    return hits_for("TC803", contracts, ctx)


@rule("TC804", "parameter-now-required", scope="set")
def parameter_now_required(contracts, ctx):
    """A parameter became required, or a new required parameter was added.

    What it does:
    Reports each name in the new `required` list that the old schema did not require (an old optional
    parameter, or a new one). The witness is the old arguments without it.

    Why is this bad?
    Every caller that omits it — all of them, for a new parameter — is now rejected.

    Example:
    ```yaml file=old/order.yaml
    name: create_order
    description: Place an order.
    parameters:
      type: object
      required: [gift_id]
      properties:
        gift_id: {type: string}
        quantity: {type: integer}
    ```
    ```yaml file=new/order.yaml
    name: create_order
    description: Place an order.
    parameters:
      type: object
      required: [gift_id, quantity]
      properties:
        gift_id: {type: string}
        quantity: {type: integer}
    ```

    Use instead:
    ```yaml file=old/order.yaml
    name: create_order
    description: Place an order.
    parameters:
      type: object
      required: [gift_id]
      properties:
        gift_id: {type: string}
        quantity: {type: integer}
    ```
    ```yaml file=new/order.yaml
    name: create_order
    description: Place an order.
    parameters:
      type: object
      required: [gift_id]
      properties:
        gift_id: {type: string}
        quantity: {type: integer, description: Units to buy; 1 when omitted.}
    ```
    """
    return hits_for("TC804", contracts, ctx)


@rule("TC805", "type-narrowed", scope="set")
def type_narrowed(contracts, ctx):
    """A parameter's `type` no longer accepts a type it accepted.

    What it does:
    Compares the sets of types (`number` includes `integer`; no `type` means any; an `anyOf` of plain types is
    read as a type list) and reports the types the new schema lost, e.g. `number` → `integer`, `[string,
    null]` → `string`, `string` → `integer`. The witness is a value of a lost type.

    Why is this bad?
    Callers that send `2.5`, `null` or the old representation are rejected.

    Example:
    ```yaml file=old/cost.yaml
    name: estimate_cost
    description: Estimate the delivery cost.
    parameters: {type: object, properties: {weight_kg: {type: number}}}
    ```
    ```yaml file=new/cost.yaml
    name: estimate_cost
    description: Estimate the delivery cost.
    parameters: {type: object, properties: {weight_kg: {type: integer}}}
    ```

    Use instead:
    ```yaml file=old/cost.yaml
    name: estimate_cost
    description: Estimate the delivery cost.
    parameters: {type: object, properties: {weight_kg: {type: integer}}}
    ```
    ```yaml file=new/cost.yaml
    name: estimate_cost
    description: Estimate the delivery cost.
    parameters: {type: object, properties: {weight_kg: {type: number}}}
    ```
    """
    return hits_for("TC805", contracts, ctx)


@rule("TC806", "enum-narrowed", scope="set")
def enum_narrowed(contracts, ctx):
    """An `enum` lost a value, a `const` changed, or an `enum`/`const` was added.

    What it does:
    Reports values the old `enum`/`const` accepted and the new one does not, and a new `enum`/`const` where
    there was none (the witness is then an old value outside it).

    Why is this bad?
    A model prompted with the old values, or a client that stored one, keeps sending it and is rejected.

    Example:
    ```yaml file=old/order.yaml
    name: create_order
    description: Place an order.
    parameters:
      type: object
      properties:
        delivery_speed: {type: string, enum: [standard, express, same_day]}
    ```
    ```yaml file=new/order.yaml
    name: create_order
    description: Place an order.
    parameters:
      type: object
      properties:
        delivery_speed: {type: string, enum: [standard, express]}
    ```

    Use instead:
    ```yaml file=old/order.yaml
    name: create_order
    description: Place an order.
    parameters:
      type: object
      properties:
        delivery_speed: {type: string, enum: [standard, express]}
    ```
    ```yaml file=new/order.yaml
    name: create_order
    description: Place an order.
    parameters:
      type: object
      properties:
        delivery_speed: {type: string, enum: [standard, express, same_day]}
    ```
    """
    return hits_for("TC806", contracts, ctx)


@rule("TC807", "bound-tightened", scope="set")
def bound_tightened(contracts, ctx):
    """A bound got stricter: `maximum`, `maxLength`, `maxItems` lower; `minimum`, `minLength` higher; ...

    What it does:
    Reports a lower or raised limit (`minimum`/`exclusiveMinimum`, `maximum`/`exclusiveMaximum`, `minLength`,
    `maxLength`, `minItems`, `maxItems`, `minProperties`, `maxProperties`), a new or stricter `multipleOf`, and
    `uniqueItems` added. The witness is a value at the old limit.

    Why is this bad?
    Values that used to be fine — the old maximum itself, a long-but-valid text — are now rejected.

    Example:
    ```yaml file=old/search.yaml
    name: search_gifts
    description: Search the gift catalogue.
    parameters:
      type: object
      properties:
        max_price: {type: integer, minimum: 0, maximum: 100000}
    ```
    ```yaml file=new/search.yaml
    name: search_gifts
    description: Search the gift catalogue.
    parameters:
      type: object
      properties:
        max_price: {type: integer, minimum: 0, maximum: 50000}
    ```

    Use instead:
    ```yaml file=old/search.yaml
    name: search_gifts
    description: Search the gift catalogue.
    parameters:
      type: object
      properties:
        max_price: {type: integer, minimum: 0, maximum: 50000}
    ```
    ```yaml file=new/search.yaml
    name: search_gifts
    description: Search the gift catalogue.
    parameters:
      type: object
      properties:
        max_price: {type: integer, minimum: 0, maximum: 100000}
    ```
    """
    return hits_for("TC807", contracts, ctx)


@rule("TC808", "pattern-changed", scope="set")
def pattern_changed(contracts, ctx):
    """A `pattern` was added or changed.

    What it does:
    Reports a new `pattern`, or a different one, on a string parameter. The witness is a string the old schema
    accepts (matching the old pattern, if any) that the new pattern rejects; patterns are matched as ECMA-262 by
    the validator, never with Python's `re`. When no such string is found the finding is a warning.

    Why is this bad?
    Identifiers, codes and free text that callers produced under the old rule no longer match.

    Example:
    ```yaml file=old/ticket.yaml
    name: create_ticket
    description: Open a support ticket.
    parameters:
      type: object
      properties:
        order_ref: {type: string}
    ```
    ```yaml file=new/ticket.yaml
    name: create_ticket
    description: Open a support ticket.
    parameters:
      type: object
      properties:
        order_ref: {type: string, pattern: "^ORD-[0-9]{6}$"}
    ```

    Use instead:
    ```yaml file=old/ticket.yaml
    name: create_ticket
    description: Open a support ticket.
    parameters:
      type: object
      properties:
        order_ref: {type: string, pattern: "^ORD-[0-9]{6}$"}
    ```
    ```yaml file=new/ticket.yaml
    name: create_ticket
    description: Open a support ticket.
    parameters:
      type: object
      properties:
        order_ref: {type: string}
    ```
    """
    return hits_for("TC808", contracts, ctx)


@rule("TC809", "format-changed", scope="set")
def format_changed(contracts, ctx):
    """A `format` was added or changed.

    What it does:
    Reports a new or different `format` on a string parameter. `format` is an annotation by default in draft
    2020-12, but many hosts assert it (pydantic, ajv-formats): the witness is checked with a validator that
    asserts formats — a string the old schema accepts and the new format rejects. An unknown format asserts
    nothing, so no witness exists and the finding is a warning.

    Why is this bad?
    A host that validates formats starts rejecting values it took yesterday (`"tomorrow"` for a `date`).

    Example:
    ```yaml file=old/order.yaml
    name: create_order
    description: Place an order.
    parameters:
      type: object
      properties:
        delivery_date: {type: string}
    ```
    ```yaml file=new/order.yaml
    name: create_order
    description: Place an order.
    parameters:
      type: object
      properties:
        delivery_date: {type: string, format: date}
    ```

    Use instead:
    ```yaml file=old/order.yaml
    name: create_order
    description: Place an order.
    parameters:
      type: object
      properties:
        delivery_date: {type: string, format: date}
    ```
    ```yaml file=new/order.yaml
    name: create_order
    description: Place an order.
    parameters:
      type: object
      properties:
        delivery_date: {type: string}
    ```
    """
    return hits_for("TC809", contracts, ctx)


@rule("TC810", "additional-properties-closed", scope="set")
def additional_properties_closed(contracts, ctx):
    """An object that allowed additional properties no longer does.

    What it does:
    Reports `additionalProperties: false` where the old schema allowed extra keys (no
    `additionalProperties`, `true`, or a schema). The witness is the old arguments with one extra key. A new
    schema for additional values (instead of `false`) is compared like any other schema.

    Why is this bad?
    Callers that send a key the contract never mentioned — common with models — used to work and now fail.

    Example:
    ```yaml file=old/profile.yaml
    name: update_profile
    description: Update the user's profile.
    parameters:
      type: object
      properties:
        nickname: {type: string}
    ```
    ```yaml file=new/profile.yaml
    name: update_profile
    description: Update the user's profile.
    parameters:
      type: object
      additionalProperties: false
      properties:
        nickname: {type: string}
    ```

    Use instead:
    ```yaml file=old/profile.yaml
    name: update_profile
    description: Update the user's profile.
    parameters:
      type: object
      additionalProperties: false
      properties:
        nickname: {type: string}
    ```
    ```yaml file=new/profile.yaml
    name: update_profile
    description: Update the user's profile.
    parameters:
      type: object
      properties:
        nickname: {type: string}
    ```
    """
    return hits_for("TC810", contracts, ctx)


@rule("TC811", "returns-widened", scope="set")
def returns_widened(contracts, ctx):
    """The result schema (`returns`) now allows results the old one ruled out.

    What it does:
    Compares `returns` the other way round: any change that makes the new result schema accept something the
    old one rejected — an enum value added, a required field no longer required or removed, a type widened, a
    bound loosened, additional properties opened, the schema removed — is reported. The witness is a result
    the new schema allows and the old one rejects. A new field in an open object is compatible (TC827).

    Why is this bad?
    Code written against the old result (a `switch` over the status, a field read without a check) breaks on
    results it was promised would not happen.

    Example:
    ```yaml file=old/order.yaml
    name: create_order
    description: Place an order.
    parameters: {type: object, properties: {gift_id: {type: string}}}
    returns:
      type: object
      required: [status]
      properties:
        status: {type: string, enum: [confirmed, pending_payment]}
    ```
    ```yaml file=new/order.yaml
    name: create_order
    description: Place an order.
    parameters: {type: object, properties: {gift_id: {type: string}}}
    returns:
      type: object
      required: [status]
      properties:
        status: {type: string, enum: [confirmed, pending_payment, backordered]}
    ```

    Use instead:
    ```yaml file=old/order.yaml
    name: create_order
    description: Place an order.
    parameters: {type: object, properties: {gift_id: {type: string}}}
    returns:
      type: object
      required: [status]
      properties:
        status: {type: string, enum: [confirmed, pending_payment]}
    ```
    ```yaml file=new/order.yaml
    name: create_order
    description: Place an order.
    parameters: {type: object, properties: {gift_id: {type: string}}}
    returns:
      type: object
      required: [status]
      properties:
        status: {type: string, enum: [confirmed, pending_payment]}
        backordered: {type: boolean, description: True when some items ship later.}
    ```
    """
    return hits_for("TC811", contracts, ctx)


@rule("TC812", "risk-raised", scope="set")
def risk_raised(contracts, ctx):
    """The tool's `risk` went up (`read_only` → `write_limited` → `destructive`).

    What it does:
    Compares `risk` (or, for MCP tools, the risk their annotations imply) and reports an increase. There is no
    argument witness: the change is in what the call does, not in what it accepts.

    Why is this bad?
    Hosts decide by risk whether to ask a human first and whether a call may be retried; a tool that now
    deletes things keeps the treatment of one that only read.

    Example:
    ```yaml file=old/files.yaml
    name: archive_file
    description: Move a file to the archive.
    risk: write_limited
    parameters: {type: object, required: [path], properties: {path: {type: string}}}
    ```
    ```yaml file=new/files.yaml
    name: archive_file
    description: Move a file to the archive.
    risk: destructive
    parameters: {type: object, required: [path], properties: {path: {type: string}}}
    ```

    Use instead:
    ```yaml file=old/files.yaml
    name: archive_file
    description: Move a file to the archive.
    risk: write_limited
    parameters: {type: object, required: [path], properties: {path: {type: string}}}
    ```
    ```yaml file=new/files.yaml
    name: archive_file
    description: Move a file to the archive.
    risk: write_limited
    parameters: {type: object, required: [path], properties: {path: {type: string}}}
    ```
    """
    return hits_for("TC812", contracts, ctx)


@rule("TC820", "tool-added", severity="info", scope="set")
def tool_added(contracts, ctx):
    """A tool was added.

    What it does:
    Reports each tool only the new version defines (and that is not a renamed old tool).

    Why is this bad?
    It is not: nothing breaks. It is reported so that the change is visible in review and counts for the
    version of the set; a new tool also changes which tool a model picks for a request.

    Example:
    ```yaml file=old/tools.yaml
    tools:
      - name: search_gifts
        description: Search the gift catalogue by keyword.
        parameters: {type: object, properties: {query: {type: string}}}
    ```
    ```yaml file=new/tools.yaml
    tools:
      - name: search_gifts
        description: Search the gift catalogue by keyword.
        parameters: {type: object, properties: {query: {type: string}}}
      - name: get_product_stock
        description: Get the number of units in stock for one product.
        parameters: {type: object, required: [gift_id], properties: {gift_id: {type: string}}}
    ```

    Use instead:
    ```yaml file=old/tools.yaml
    tools:
      - name: search_gifts
        description: Search the gift catalogue by keyword.
        parameters: {type: object, properties: {query: {type: string}}}
    ```
    ```yaml file=new/tools.yaml
    tools:
      - name: search_gifts
        description: Search the gift catalogue by keyword.
        parameters: {type: object, properties: {query: {type: string}}}
    ```
    """
    return hits_for("TC820", contracts, ctx)


@rule("TC821", "optional-parameter-added", severity="info", scope="set")
def optional_parameter_added(contracts, ctx):
    """An optional parameter was added.

    What it does:
    Reports each property the new schema defines that the old one did not, when it is not required.

    Why is this bad?
    It is not: old calls stay valid. It is reported so the change counts for the version (a minor bump).

    Example:
    ```yaml file=old/search.yaml
    name: search_gifts
    description: Search the gift catalogue.
    parameters: {type: object, properties: {query: {type: string}}}
    ```
    ```yaml file=new/search.yaml
    name: search_gifts
    description: Search the gift catalogue.
    parameters: {type: object, properties: {query: {type: string}, max_price: {type: integer}}}
    ```

    Use instead:
    ```yaml file=old/search.yaml
    name: search_gifts
    description: Search the gift catalogue.
    parameters: {type: object, properties: {query: {type: string}}}
    ```
    ```yaml file=new/search.yaml
    name: search_gifts
    description: Search the gift catalogue.
    parameters: {type: object, properties: {query: {type: string}}}
    ```
    """
    return hits_for("TC821", contracts, ctx)


@rule("TC822", "enum-value-added", severity="info", scope="set")
def enum_value_added(contracts, ctx):
    """An `enum` gained a value (in the parameters).

    What it does:
    Reports values the new `enum` accepts that the old one did not. (In `returns`, a new value is a breaking
    change for readers: TC811.)

    Why is this bad?
    It is not, for callers; the handler must accept the new value. Reported so it counts for the version.

    Example:
    ```yaml file=old/order.yaml
    name: create_order
    description: Place an order.
    parameters: {type: object, properties: {speed: {type: string, enum: [standard]}}}
    ```
    ```yaml file=new/order.yaml
    name: create_order
    description: Place an order.
    parameters: {type: object, properties: {speed: {type: string, enum: [standard, express]}}}
    ```

    Use instead:
    ```yaml file=old/order.yaml
    name: create_order
    description: Place an order.
    parameters: {type: object, properties: {speed: {type: string, enum: [standard, express]}}}
    ```
    ```yaml file=new/order.yaml
    name: create_order
    description: Place an order.
    parameters: {type: object, properties: {speed: {type: string, enum: [standard, express]}}}
    ```
    """
    return hits_for("TC822", contracts, ctx)


@rule("TC823", "bound-loosened", severity="info", scope="set")
def bound_loosened(contracts, ctx):
    """A bound got looser: `maximum` higher, `minLength` lower, a `multipleOf` or `uniqueItems` dropped, ...

    What it does:
    The mirror image of TC807 (bound-tightened) in the parameters.

    Why is this bad?
    It is not, for callers; the handler must cope with the wider range. Reported so it counts for the version.

    Example:
    ```yaml file=old/search.yaml
    name: search_gifts
    description: Search the gift catalogue.
    parameters: {type: object, properties: {limit: {type: integer, maximum: 20}}}
    ```
    ```yaml file=new/search.yaml
    name: search_gifts
    description: Search the gift catalogue.
    parameters: {type: object, properties: {limit: {type: integer, maximum: 50}}}
    ```

    Use instead:
    ```yaml file=old/search.yaml
    name: search_gifts
    description: Search the gift catalogue.
    parameters: {type: object, properties: {limit: {type: integer, maximum: 20}}}
    ```
    ```yaml file=new/search.yaml
    name: search_gifts
    description: Search the gift catalogue.
    parameters: {type: object, properties: {limit: {type: integer, maximum: 20}}}
    ```
    """
    return hits_for("TC823", contracts, ctx)


@rule("TC824", "description-changed", severity="info", scope="set")
def description_changed(contracts, ctx):
    """A tool's or a parameter's `description` or `title` changed.

    What it does:
    Reports a changed, added or removed `description` or `title` — of the tool, of a parameter, or of a
    result field — with the old and new text in `data`.

    Why is this bad?
    Validation is unchanged, but the model reads descriptions to choose a tool and fill its arguments: a
    reworded description changes routing. Review it like code.

    Example:
    ```yaml file=old/search.yaml
    name: search_gifts
    description: Search the gift catalogue by keyword.
    parameters: {type: object, properties: {query: {type: string}}}
    ```
    ```yaml file=new/search.yaml
    name: search_gifts
    description: Search the gift catalogue by keyword, category or price range.
    parameters: {type: object, properties: {query: {type: string}}}
    ```

    Use instead:
    ```yaml file=old/search.yaml
    name: search_gifts
    description: Search the gift catalogue by keyword.
    parameters: {type: object, properties: {query: {type: string}}}
    ```
    ```yaml file=new/search.yaml
    name: search_gifts
    description: Search the gift catalogue by keyword.
    parameters: {type: object, properties: {query: {type: string}}}
    ```
    """
    return hits_for("TC824", contracts, ctx)


@rule("TC825", "constraint-relaxed", severity="info", scope="set")
def constraint_relaxed(contracts, ctx):
    """A parameter constraint was relaxed: a type widened, no longer required, a pattern/format/enum dropped, ...

    What it does:
    Reports the compatible changes that are not a new property, enum value or bound: a type added
    (`integer` → `number`), a parameter no longer required, `pattern`, `format` or `enum` removed, additional
    properties opened.

    Why is this bad?
    It is not, for callers; the handler must cope with what is now allowed. Reported so it counts for the
    version.

    Example:
    ```yaml file=old/order.yaml
    name: create_order
    description: Place an order.
    parameters:
      type: object
      required: [gift_id, quantity]
      properties: {gift_id: {type: string}, quantity: {type: integer}}
    ```
    ```yaml file=new/order.yaml
    name: create_order
    description: Place an order.
    parameters:
      type: object
      required: [gift_id]
      properties: {gift_id: {type: string}, quantity: {type: integer}}
    ```

    Use instead:
    ```yaml file=old/order.yaml
    name: create_order
    description: Place an order.
    parameters:
      type: object
      required: [gift_id, quantity]
      properties: {gift_id: {type: string}, quantity: {type: integer}}
    ```
    ```yaml file=new/order.yaml
    name: create_order
    description: Place an order.
    parameters:
      type: object
      required: [gift_id, quantity]
      properties: {gift_id: {type: string}, quantity: {type: integer}}
    ```
    """
    return hits_for("TC825", contracts, ctx)


@rule("TC826", "risk-lowered", severity="info", scope="set")
def risk_lowered(contracts, ctx):
    """The tool's `risk` went down.

    What it does:
    The mirror image of TC812 (risk-raised).

    Why is this bad?
    It is not, for callers; but hosts may now skip a confirmation they used to ask for: check that the tool
    really is safer.

    Example:
    ```yaml file=old/files.yaml
    name: archive_file
    description: Move a file to the archive.
    risk: destructive
    parameters: {type: object, required: [path], properties: {path: {type: string}}}
    ```
    ```yaml file=new/files.yaml
    name: archive_file
    description: Move a file to the archive.
    risk: write_limited
    parameters: {type: object, required: [path], properties: {path: {type: string}}}
    ```

    Use instead:
    ```yaml file=old/files.yaml
    name: archive_file
    description: Move a file to the archive.
    risk: destructive
    parameters: {type: object, required: [path], properties: {path: {type: string}}}
    ```
    ```yaml file=new/files.yaml
    name: archive_file
    description: Move a file to the archive.
    risk: destructive
    parameters: {type: object, required: [path], properties: {path: {type: string}}}
    ```
    """
    return hits_for("TC826", contracts, ctx)


@rule("TC827", "compatible-returns-change", severity="info", scope="set")
def compatible_returns_change(contracts, ctx):
    """The result schema changed in a way readers of the old one can still handle.

    What it does:
    Reports `returns` changes that only narrow what the tool may return — a field added to an open object, a
    field made required, an enum value dropped, a bound tightened — and a `returns` declared where there was
    none.

    Why is this bad?
    It is not: every result the new schema allows, the old one allowed too. Reported so it counts for the
    version.

    Example:
    ```yaml file=old/order.yaml
    name: create_order
    description: Place an order.
    parameters: {type: object, properties: {gift_id: {type: string}}}
    returns:
      type: object
      properties: {order_id: {type: string}}
    ```
    ```yaml file=new/order.yaml
    name: create_order
    description: Place an order.
    parameters: {type: object, properties: {gift_id: {type: string}}}
    returns:
      type: object
      properties: {order_id: {type: string}, total_price: {type: number}}
    ```

    Use instead:
    ```yaml file=old/order.yaml
    name: create_order
    description: Place an order.
    parameters: {type: object, properties: {gift_id: {type: string}}}
    returns:
      type: object
      properties: {order_id: {type: string}}
    ```
    ```yaml file=new/order.yaml
    name: create_order
    description: Place an order.
    parameters: {type: object, properties: {gift_id: {type: string}}}
    returns:
      type: object
      properties: {order_id: {type: string}}
    ```
    """
    return hits_for("TC827", contracts, ctx)


@rule("TC830", "undecided-schema-change", severity="warning", scope="set")
def undecided_schema_change(contracts, ctx):
    """A schema change toolcheck cannot classify (a `$ref` graph, a complex `anyOf`, `if`/`then`, ...).

    What it does:
    Reports changes that cannot be decided keyword by keyword — inside or around `$ref`, `$defs`, `anyOf`/
    `oneOf`/`allOf` with constrained branches, `not`, `if`/`then`/`else`, `patternProperties`, tuple `items`,
    `dependentRequired`, non-standard keywords or type names. It says "unknown" rather than guess. An `anyOf`
    of plain types (or plain types plus one constrained branch, like pydantic's `Optional[...]`) is compared
    as a type list and is not reported here.

    Why is this bad?
    The change may or may not reject arguments that used to be valid: a human has to look.

    Example:
    ```yaml file=old/search.yaml
    name: search_gifts
    description: Search the gift catalogue.
    parameters:
      type: object
      properties:
        price:
          anyOf:
            - {type: integer, minimum: 0}
            - {type: string, pattern: "^[0-9]+$"}
    ```
    ```yaml file=new/search.yaml
    name: search_gifts
    description: Search the gift catalogue.
    parameters:
      type: object
      properties:
        price:
          anyOf:
            - {type: integer, minimum: 0}
            - {type: string, pattern: "^[0-9]+ JPY$"}
    ```

    Use instead:
    ```yaml file=old/search.yaml
    name: search_gifts
    description: Search the gift catalogue.
    parameters:
      type: object
      properties:
        price:
          anyOf:
            - {type: integer, minimum: 0}
            - {type: string, pattern: "^[0-9]+$"}
    ```
    ```yaml file=new/search.yaml
    name: search_gifts
    description: Search the gift catalogue.
    parameters:
      type: object
      properties:
        price:
          description: Highest price, as a number or a string of digits.
          anyOf:
            - {type: integer, minimum: 0}
            - {type: string, pattern: "^[0-9]+$"}
    ```
    """
    return hits_for("TC830", contracts, ctx)


@rule("TC840", "breaking-change-without-major-bump", scope="set",
      options={"zero-major": "minor", "unknown-as-breaking": False})
def breaking_change_without_major_bump(contracts, ctx):
    """A contract with a `version` has a breaking change but no major version bump.

    What it does:
    When the old and the new contract both carry a semantic `version`, and the tool has a breaking change
    (TC801-TC812 with a verified witness, among the enabled rules), the new version must be a major bump
    (1.4.2 → 2.0.0). Below 1.0.0 a minor bump is enough (0.3.1 → 0.4.0), as Cargo and npm read `^0.x`;
    semver itself promises nothing for 0.x. Changes within one prerelease series (2.0.0-rc.1 → 2.0.0-rc.2
    or 2.0.0) are allowed. Changes of disabled rules (`--ignore`) do not count.

    Why is this bad?
    Clients pin versions and upgrade within a major version automatically: a breaking change under a minor
    or patch bump reaches them unannounced.

    Example:
    ```yaml file=old/search.yaml
    name: search_gifts
    version: "1.4.0"
    description: Search the gift catalogue.
    parameters: {type: object, required: [query], properties: {query: {type: string, maxLength: 200}}}
    ```
    ```yaml file=new/search.yaml
    name: search_gifts
    version: "1.5.0"
    description: Search the gift catalogue.
    parameters: {type: object, required: [query], properties: {query: {type: string, maxLength: 100}}}
    ```

    Use instead:
    ```yaml file=old/search.yaml
    name: search_gifts
    version: "1.4.0"
    description: Search the gift catalogue.
    parameters: {type: object, required: [query], properties: {query: {type: string, maxLength: 200}}}
    ```
    ```yaml file=new/search.yaml
    name: search_gifts
    version: "2.0.0"
    description: Search the gift catalogue.
    parameters: {type: object, required: [query], properties: {query: {type: string, maxLength: 100}}}
    ```

    Options:
    `rules.TC840.zero-major` (default `minor`): below 1.0.0, `minor` accepts a minor bump for a breaking
    change; `major` requires 1.0.0.
    `rules.TC840.unknown-as-breaking` (default false): count undecided changes (TC830) and breaking changes
    without a verified witness as breaking.
    """
    return hits_for("TC840", contracts, ctx)


@rule("TC841", "change-without-version-bump", severity="warning", scope="set")
def change_without_version_bump(contracts, ctx):
    """A contract with a `version` changed but its version did not go up.

    What it does:
    When the old and the new contract both carry a semantic `version` and the tool changed compatibly (or in
    an undecided way), the new version must be higher — a minor bump for additions, a patch bump for wording.
    A version that goes down counts as no bump. Changes of disabled rules do not count: ignore TC824 to let
    description edits through without a bump.

    Why is this bad?
    Two different contracts under one version number make caches, logs and client pins lie.

    Example:
    ```yaml file=old/search.yaml
    name: search_gifts
    version: "1.4.0"
    description: Search the gift catalogue.
    parameters: {type: object, properties: {query: {type: string}}}
    ```
    ```yaml file=new/search.yaml
    name: search_gifts
    version: "1.4.0"
    description: Search the gift catalogue.
    parameters: {type: object, properties: {query: {type: string}, max_price: {type: integer}}}
    ```

    Use instead:
    ```yaml file=old/search.yaml
    name: search_gifts
    version: "1.4.0"
    description: Search the gift catalogue.
    parameters: {type: object, properties: {query: {type: string}}}
    ```
    ```yaml file=new/search.yaml
    name: search_gifts
    version: "1.5.0"
    description: Search the gift catalogue.
    parameters: {type: object, properties: {query: {type: string}, max_price: {type: integer}}}
    ```
    """
    return hits_for("TC841", contracts, ctx)
