"""Handlers with one deliberate defect each; everything else about them is careful (arguments are checked against
the contract first, expected failures are structured errors), so each test sees only the defect it is about."""

from __future__ import annotations

import asyncio
import os
import time
import traceback

from toolcheck import check_arguments

SPLIT = {"type": "object", "additionalProperties": False, "required": ["total", "parts"],
         "properties": {"total": {"type": "integer", "minimum": 0, "maximum": 1000000},
                        "parts": {"type": "integer", "minimum": 0, "maximum": 20}}}
LOOKUP = {"type": "object", "additionalProperties": False, "required": ["order_ref"],
          "properties": {"order_ref": {"type": "string", "minLength": 1, "maxLength": 12}}}
RESERVE = {"type": "object", "additionalProperties": False, "required": ["party_size"],
           "properties": {"party_size": {"type": "integer", "minimum": 1, "maximum": 12}}}
QUOTE = {"type": "object", "additionalProperties": False, "required": ["amount", "currency"],
         "properties": {"amount": {"type": "integer", "minimum": 1, "maximum": 1000},
                        "currency": {"type": "string", "enum": ["EUR", "JPY"]}}}


def _bad(schema, arguments):
    res = check_arguments({"name": "t", "parameters": schema}, arguments)
    return None if res["ok"] else res


def split_payment(arguments):
    """Defect: divides by `parts`, which the schema allows to be 0."""
    bad = _bad(SPLIT, arguments)
    if bad:
        return bad
    return {"ok": True, "result": {"each": arguments["total"] // arguments["parts"]}}


def lookup_order(arguments):
    """Defect: answers a failure with the stack trace as its result."""
    bad = _bad(LOOKUP, arguments)
    if bad:
        return bad
    try:
        number = int(arguments["order_ref"])
        return {"ok": True, "result": {"order": number}}
    except Exception:  # noqa: BLE001
        return traceback.format_exc()


def reserve_table(arguments):
    """Defect: an error code (`FULLY_BOOKED`) the contract does not declare."""
    bad = _bad(RESERVE, arguments)
    if bad:
        return bad
    if arguments["party_size"] > 6:
        return {"ok": False, "error": {"code": "FULLY_BOOKED", "message": "No table for that many people tonight.",
                                       "retryable": False}}
    return {"ok": True, "result": {"table": arguments["party_size"]}}


def price_quote(arguments):
    """Defect: the yen price comes back as a string, which `returns` says is a number."""
    bad = _bad(QUOTE, arguments)
    if bad:
        return bad
    if arguments["currency"] == "JPY":
        return {"ok": True, "result": {"price": f"{arguments['amount'] * 160}", "currency": "JPY"}}
    return {"ok": True, "result": {"price": arguments["amount"], "currency": "EUR"}}


async def countdown(*, start, step=1):
    """Async, called with **kwargs. Defect: `step` may be 0, and then it refuses to count."""
    await asyncio.sleep(0)
    if step == 0:
        raise ValueError("step must not be zero")
    return {"ok": True, "result": {"ticks": len(range(start, 0, -step))}}


def fragile(arguments):
    """Defect: kills its process on one value, and hangs on another."""
    if isinstance(arguments, dict) and arguments.get("mode") == "exit":
        os._exit(3)
    if isinstance(arguments, dict) and arguments.get("mode") == "hang":
        time.sleep(60)
    return {"ok": True, "result": {}}


def careful(arguments):
    """No defect: the reference for clean runs."""
    bad = _bad(RESERVE, arguments)
    if bad:
        return bad
    return {"ok": True, "result": {"table": arguments["party_size"]}}
