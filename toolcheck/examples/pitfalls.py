"""Handlers that each make one mistake `toolcheck fuzz` finds, beside a careful version of the same handler.

They back the documentation of the TC7 rules (`toolcheck rule TC710` ...): each rule's Example names the
mistaken handler, its "Use instead" the careful one. Do not copy the mistaken ones; do copy the careful pattern:
check the arguments against the contract before acting, return ``{"ok": true, "result": ...}`` matching
`returns`, and answer every expected failure with ``{"ok": false, "error": {"code", "message", "retryable"}}``
using a code the contract declares, in words that tell the model what to change.
"""

from __future__ import annotations

import os
import traceback
from typing import Any


def _ok(result: Any) -> dict:
    return {"ok": True, "result": result}


def _error(code: str, message: str, retryable: bool = False) -> dict:
    return {"ok": False, "error": {"code": code, "message": message, "retryable": retryable}}


def _checked(schema: dict, arguments: Any) -> dict | None:
    """The structured error a host returns for arguments the schema rejects (None when they are valid)."""
    from toolcheck import check_arguments

    res = check_arguments({"name": "example", "parameters": schema}, arguments)
    return None if res.get("ok") else res


# ------------------------------------------------------------------------------------------------ TC710

SPLIT_BILL = {
    "type": "object", "additionalProperties": False, "required": ["total", "people"],
    "properties": {"total": {"type": "number", "minimum": 0, "maximum": 100000},
                   "people": {"type": "integer", "minimum": 1, "maximum": 50}},
}


def split_bill(arguments: dict) -> dict:
    """Mistake: divides by `people`, which the schema allows to be 0."""
    return _ok({"each": round(arguments["total"] / arguments["people"], 2)})


def split_bill_careful(arguments: dict) -> dict:
    bad = _checked(SPLIT_BILL, arguments)
    if bad:
        return bad
    return _ok({"each": round(arguments["total"] / arguments["people"], 2)})


# ------------------------------------------------------------------------------------------------ TC711

EXPORT_REPORT = {
    "type": "object", "additionalProperties": False, "required": ["format"],
    "properties": {"format": {"type": "string", "enum": ["csv", "json", "pdf"]}},
}


def export_report(arguments: dict) -> dict:
    """Mistake: a native PDF library that aborts the whole process on failure (os._exit)."""
    if arguments.get("format") == "pdf":
        os._exit(3)
    return _ok({"url": f"https://files.example.com/orders.{arguments.get('format')}"})


def export_report_careful(arguments: dict) -> dict:
    bad = _checked(EXPORT_REPORT, arguments)
    if bad:
        return bad
    if arguments["format"] == "pdf":
        return _error("FORMAT_UNAVAILABLE", "PDF export is unavailable right now; use csv or json.", True)
    return _ok({"url": f"https://files.example.com/orders.{arguments['format']}"})


# ------------------------------------------------------------------------------------------------ TC712

WAIT_FOR_STOCK = {
    "type": "object", "additionalProperties": False, "required": ["sku", "max_checks"],
    "properties": {"sku": {"type": "string", "minLength": 1, "maxLength": 20},
                   "max_checks": {"type": "integer", "minimum": 1, "maximum": 10}},
}


def wait_for_stock(arguments: dict) -> dict:
    """Mistake: `max_checks: 0` means "forever", and the item never comes back in stock."""
    checks = 0
    limit = arguments["max_checks"]
    while limit == 0 or checks < limit:
        checks += 1
    return _ok({"in_stock": False, "checks": checks})


def wait_for_stock_careful(arguments: dict) -> dict:
    bad = _checked(WAIT_FOR_STOCK, arguments)
    if bad:
        return bad
    return _ok({"in_stock": False, "checks": arguments["max_checks"]})


# ------------------------------------------------------------------------------------------------ TC720

MAKE_THUMBNAILS = {
    "type": "object", "additionalProperties": False, "required": ["size"],
    "properties": {"size": {"type": "integer", "minimum": 16, "maximum": 512}},
}


def make_thumbnails(arguments: dict) -> dict:
    """Mistake: allocates a size x size RGBA canvas per photo for a size the schema lets reach 65,536 pixels
    (16 GiB each); the first allocation past the worker's memory cap fails."""
    size = arguments["size"]
    canvases = [bytearray(size * size * 4) for _ in range(4)]
    return _ok({"thumbnails": len(canvases), "size": size})


def make_thumbnails_careful(arguments: dict) -> dict:
    bad = _checked(MAKE_THUMBNAILS, arguments)
    if bad:
        return bad
    size = arguments["size"]
    canvases = [bytearray(size * size * 4) for _ in range(4)]
    return _ok({"thumbnails": len(canvases), "size": size})


# ------------------------------------------------------------------------------------------------ TC713

GET_FORECAST = {
    "type": "object", "additionalProperties": False, "required": ["city"],
    "properties": {"city": {"type": "string", "minLength": 1, "maxLength": 80},
                   "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}},
}


def get_forecast(arguments: dict) -> dict:
    """Mistake: echoes `unit`, which is optional, into a result field `returns` requires to be a string."""
    return _ok({"city": arguments.get("city"), "unit": arguments.get("unit"), "high": 21.5})


def get_forecast_careful(arguments: dict) -> dict:
    bad = _checked(GET_FORECAST, arguments)
    if bad:
        return bad
    unit = arguments.get("unit", "celsius")
    return _ok({"city": arguments["city"], "unit": unit, "high": 21.5 if unit == "celsius" else 70.7})


# ------------------------------------------------------------------------------------------------ TC714

CANCEL_ORDER = {
    "type": "object", "additionalProperties": False, "required": ["order_id"],
    "properties": {"order_id": {"type": "string", "minLength": 1, "maxLength": 40}},
}


def cancel_order(arguments: dict) -> dict:
    """Mistake: answers with `ALREADY_SHIPPED`, a code the contract never declared."""
    if len(str(arguments.get("order_id", ""))) % 2:
        return _error("ORDER_NOT_FOUND", "No order has this order_id.")
    return _error("ALREADY_SHIPPED", "The order has left the warehouse and can no longer be cancelled.")


def cancel_order_careful(arguments: dict) -> dict:
    bad = _checked(CANCEL_ORDER, arguments)
    if bad:
        return bad
    return cancel_order(arguments)  # the same answers; the careful contract declares both codes


# ------------------------------------------------------------------------------------------------ TC715

FIND_MEMBER = {
    "type": "object", "additionalProperties": False, "required": ["email"],
    "properties": {"email": {"type": "string", "minLength": 3, "maxLength": 254}},
}


def find_member(arguments: dict) -> dict:
    """Mistake: the error is a bare string, not {code, message, retryable}."""
    return {"ok": False, "error": "member not found"}


def find_member_careful(arguments: dict) -> dict:
    bad = _checked(FIND_MEMBER, arguments)
    if bad:
        return bad
    return _error("MEMBER_NOT_FOUND", "No member has this email address.")


# ------------------------------------------------------------------------------------------------ TC716

ADD_TO_CART = {
    "type": "object", "additionalProperties": False, "required": ["sku", "quantity"],
    "properties": {"sku": {"type": "string", "minLength": 1, "maxLength": 20},
                   "quantity": {"type": "integer", "minimum": 1, "maximum": 99}},
}


def add_to_cart(arguments: dict) -> dict:
    """Mistake: trusts its input, so a missing or mistyped argument raises instead of answering."""
    lines = arguments["quantity"] * [arguments["sku"]]
    return _ok({"items_in_cart": len(lines) + 0 * arguments["quantity"]})


def add_to_cart_careful(arguments: dict) -> dict:
    bad = _checked(ADD_TO_CART, arguments)
    if bad:
        return bad
    return _ok({"items_in_cart": arguments["quantity"]})


# ------------------------------------------------------------------------------------------------ TC717

DEFINE_WORD = {
    "type": "object", "additionalProperties": False, "required": ["word"],
    "properties": {"word": {"type": "string", "minLength": 1, "maxLength": 40}},
}


def define_word(arguments: Any) -> dict:
    """Mistake: accepts anything, so a wrong argument is silently answered as if it were right."""
    word = str(arguments.get("word", "")) if isinstance(arguments, dict) else ""
    return _ok({"word": word, "definitions": []})


def define_word_careful(arguments: Any) -> dict:
    bad = _checked(DEFINE_WORD, arguments)
    if bad:
        return bad
    return _ok({"word": arguments["word"], "definitions": []})


# ------------------------------------------------------------------------------------------------ TC718

RATES = {"EUR": 1.0, "USD": 1.08, "GBP": 0.86}
CONVERT_CURRENCY = {
    "type": "object", "additionalProperties": False, "required": ["amount", "currency"],
    "properties": {"amount": {"type": "number", "minimum": 0, "maximum": 1000000},
                   "currency": {"type": "string", "enum": ["USD", "GBP", "JPY"]}},
}


def convert_currency(arguments: dict) -> dict:
    """Mistake: returns the stack trace as the error message (and JPY is missing from its table)."""
    try:
        return _ok({"amount": round(arguments["amount"] * RATES[arguments["currency"]], 2)})
    except Exception:  # noqa: BLE001
        return _error("CONVERSION_FAILED", traceback.format_exc())


def convert_currency_careful(arguments: dict) -> dict:
    bad = _checked(CONVERT_CURRENCY, arguments)
    if bad:
        return bad
    rate = RATES.get(arguments["currency"])
    if rate is None:
        return _error("RATE_UNAVAILABLE", f"No exchange rate for {arguments['currency']} today; try USD or GBP.",
                      True)
    return _ok({"amount": round(arguments["amount"] * rate, 2)})


# ------------------------------------------------------------------------------------------------ TC721

LETTER_TEMPLATE = {
    "type": "object", "additionalProperties": False, "required": ["template"],
    "properties": {"template": {"type": "string", "enum": ["welcome", "reminder", "farewell"]}},
}
_TEMPLATES = {"welcome": "Welcome, {name}!", "reminder": "A friendly reminder, {name}."}


def letter_template(arguments: dict) -> dict:
    """Mistake: a missing template is reported with the server's own template folder in the message."""
    name = arguments["template"]
    if name not in _TEMPLATES:
        return _error("TEMPLATE_MISSING", f"could not open /opt/letters/templates/{name}.txt for reading")
    return _ok({"template": _TEMPLATES[name]})


def letter_template_careful(arguments: dict) -> dict:
    bad = _checked(LETTER_TEMPLATE, arguments)
    if bad:
        return bad
    name = arguments["template"]
    if name not in _TEMPLATES:
        return _error("TEMPLATE_MISSING", f"There is no `{name}` template yet; use `welcome` or `reminder`.")
    return _ok({"template": _TEMPLATES[name]})
