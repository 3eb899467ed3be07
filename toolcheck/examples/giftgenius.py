"""Reference handlers for the bundled GiftGenius contracts (`contracts/*.yaml`), written the careful way.

Each contract names its handler (``handler: toolcheck.examples.giftgenius:search_gifts``) and ``toolcheck fuzz``
calls it with generated arguments. Every handler follows the same pattern, the one the contracts describe:

1. check the arguments against the tool's own contract with :func:`toolcheck.check_arguments` and return its
   structured ``VALIDATION_ERROR`` when they are wrong (the message names the argument and the constraint);
2. answer expected failures with ``{"ok": false, "error": {"code", "message", "retryable"}}`` using only the
   codes the contract declares under ``errors``, in words that tell the model what to do next;
3. return ``{"ok": true, "result": ...}`` with a result that matches ``returns``;
4. never raise, never print a stack trace, never leak a path or a class name; writes are idempotent on the
   contract's ``idempotency_key``.

The "services" behind them are small in-memory tables, so that the handlers are deterministic: the same
arguments give the same answer (the fuzzer's seed reproduces a case exactly). Contracts are read from
``$GIFTGENIUS_CONTRACTS``, else ``contracts/`` in the working directory (the project root when toolcheck runs
the handler), else the checkout this module belongs to.
"""

from __future__ import annotations

import math
import os
import uuid
from functools import cache
from pathlib import Path
from typing import Any

NAMESPACE = uuid.UUID("6f1c2e8a-3b4d-4c5e-9f60-7a8b9c0d1e2f")
NOW = "2026-03-14T09:30:00Z"  # the services' clock (fixed: same arguments, same answer)


# ------------------------------------------------------------------------------------------------ plumbing

def _contracts_dir() -> Path:
    env = os.environ.get("GIFTGENIUS_CONTRACTS")
    if env:
        return Path(env)
    here = Path.cwd() / "contracts"
    if (here / "search_gifts.yaml").is_file():
        return here
    return Path(__file__).resolve().parents[2] / "contracts"


@cache
def _contract(name: str) -> dict:
    import yaml

    with open(_contracts_dir() / f"{name}.yaml", encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def _invalid(name: str, arguments: Any) -> dict | None:
    """The structured error for arguments the contract rejects, or None when they are valid."""
    from toolcheck import check_arguments

    res = check_arguments(_contract(name), arguments)
    return None if res.get("ok") else res


def _ok(result: dict) -> dict:
    return {"ok": True, "result": result}


def _error(code: str, message: str, retryable: bool = False) -> dict:
    return {"ok": False, "error": {"code": code, "message": message, "retryable": retryable}}


def _id(*parts: Any) -> str:
    return str(uuid.uuid5(NAMESPACE, "/".join(str(p) for p in parts)))


# ------------------------------------------------------------------------------------------------ data

CATALOGUE = [
    # gift_id, name, category, price (JPY), sku, stock per warehouse (tokyo, osaka, fukuoka), interests, rating
    ("3f2b8c1e-4d5a-4b6c-9e7f-1a2b3c4d5e6f", "Arita porcelain teapot", "home_and_kitchen", 7800, "SKU-04217",
     (12, 3, 0), ("tea", "green tea", "cooking", "ceramics"), 4.6),
    ("0c9d7e6f-5a4b-4c3d-8e2f-1a0b9c8d7e6f", "Hinoki bath salts set", "beauty", 3200, "SKU-90001",
     (40, 25, 10), ("relaxing", "bath", "wellness"), 4.2),
    ("5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e", "Bonsai starter kit", "home_and_kitchen", 5400, "SKU-33120",
     (6, 0, 2), ("gardening", "plants", "bonsai"), 4.8),
    ("7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b", "Wireless noise-cancelling earbuds", "electronics", 18900, "SKU-71002",
     (30, 30, 15), ("music", "jazz", "travel", "commuting"), 4.4),
    ("9a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d", "Illustrated guide to Kyoto gardens", "books", 2600, "SKU-10455",
     (15, 9, 4), ("gardening", "travel", "history", "reading"), None),
    ("b1c2d3e4-f5a6-4b7c-9d8e-0f1a2b3c4d5e", "Trail running backpack", "sports", 12500, "SKU-56789",
     (8, 5, 5), ("hiking", "running", "outdoors"), 4.1),
    ("d3e4f5a6-b7c8-4d9e-8f0a-1b2c3d4e5f6a", "Sencha tasting box", "food_and_drink", 4200, "SKU-20031",
     (50, 40, 20), ("green tea", "tea", "cooking"), 4.7),
    ("f5a6b7c8-d9e0-4f1a-9b2c-3d4e5f6a7b8c", "Wooden puzzle box", "toys_and_games", 3900, "SKU-61234",
     (10, 10, 0), ("puzzles", "games", "woodwork"), 4.3),
    ("a7b8c9d0-e1f2-4a3b-8c4d-5e6f7a8b9c0d", "Linen yukata", "fashion", 9800, "SKU-44550",
     (7, 7, 7), ("fashion", "festivals", "summer"), 3.9),
    ("c9d0e1f2-a3b4-4c5d-9e6f-7a8b9c0d1e2f", "Tea ceremony workshop for two", "experiences", 15000, "SKU-80010",
     (99, 99, 0), ("tea", "culture", "history"), 4.9),
]
BY_ID = {g[0]: g for g in CATALOGUE}
BY_SKU = {g[4]: g for g in CATALOGUE}
WAREHOUSES = ("tokyo", "osaka", "fukuoka")
SUMMARIES = {
    "en": "A well-reviewed item from the GiftGenius catalogue.",
    "ja": "GiftGeniusカタログの人気商品です。",
}
ADDRESS_BOOK = {"home", "parents", "office"}
ORDERS = {"7a1e2d3c-4b5a-4f6e-8d7c-6b5a4f3e2d1c"}
DRIVE = {"old-wish-list.pdf", "receipts/2025/december order.pdf", "wish-lists/mother.pdf", "notes.txt"}
HELP = [
    ("ship-01", "Delivery times and regions", "shipping",
     "Standard delivery takes 2 to 5 business days; express delivery is not offered to Okinawa."),
    ("ret-01", "Returning a present", "returns",
     "Unopened presents can be returned within 30 days; opened items only when they arrive damaged."),
    ("pay-01", "Payment methods", "payments",
     "We accept credit cards, convenience-store payment and bank transfer; the card is charged at dispatch."),
    ("pri-01", "What we do with your data", "privacy",
     "Your address book is used only to deliver your orders and is never shared with advertisers."),
    ("acc-01", "Changing your display name", "account",
     "You can change your display name and language at any time from the profile settings."),
    ("ship-02", "Gift wrapping", "shipping",
     "Gift wrapping costs 330 yen per parcel and includes a printed card with your message."),
]
REGION_DAYS = {"hokkaido": (3, 5), "tohoku": (2, 4), "kanto": (1, 2), "chubu": (1, 3), "kansai": (1, 2),
               "chugoku": (2, 3), "shikoku": (2, 4), "kyushu": (2, 4), "okinawa": (4, 7)}
BLOCKED_NAMES = ("admin", "moderator", "giftgenius staff")

_sent: dict[str, dict] = {}
_orders: dict[str, dict] = {}
_tickets: dict[str, dict] = {}
_deleted: dict[str, dict] = {}
_profile_changes: dict[str, dict] = {}


def _words(text: str) -> set[str]:
    return {w for w in "".join(ch.lower() if ch.isalnum() else " " for ch in text).split() if w}


# ------------------------------------------------------------------------------------------------ read-only tools

def search_gifts(arguments: dict) -> dict:
    bad = _invalid("search_gifts", arguments)
    if bad:
        return bad
    lo, hi = arguments.get("min_price"), arguments.get("max_price")
    if lo is not None and hi is not None and lo > hi:
        return _error("INVALID_PRICE_RANGE", "min_price is greater than max_price; swap or correct the bounds.")
    wanted = _words(arguments["keywords"])
    hits = []
    for gid, name, cat, price, _sku, stock, interests, _r in CATALOGUE:
        if arguments.get("category") not in (None, cat):
            continue
        if (lo is not None and price < lo) or (hi is not None and price > hi):
            continue
        text = _words(name) | {w for i in interests for w in _words(i)}
        score = len(wanted & text)
        if score:
            hits.append((-score, name, {"gift_id": gid, "name": name, "price": price, "category": cat,
                                        "in_stock": sum(stock) > 0}))
    hits.sort(key=lambda h: (h[0], h[1]))
    limit = arguments.get("limit", 10)
    return _ok({"results": [h[2] for h in hits[:limit]], "total_matches": len(hits)})


def suggest_gifts(arguments: dict) -> dict:
    bad = _invalid("suggest_gifts", arguments)
    if bad:
        return bad
    budget = arguments["budget"]
    affordable = [g for g in CATALOGUE if g[3] <= budget]
    if not affordable:
        cheapest = min(g[3] for g in CATALOGUE)
        return _error("BUDGET_TOO_LOW", f"No present in the catalogue costs {math.floor(budget)} yen or less; the "
                      f"cheapest is {cheapest} yen. Ask whether the user can spend more.")
    interests = [i.lower() for i in arguments["interests"]]
    scored = []
    for g in affordable:
        matched = [i for i in interests if i in g[6] or _words(i) & {w for x in g[6] for w in _words(x)}]
        scored.append((-len(matched), g[3], g, matched))
    scored.sort(key=lambda s: (s[0], s[1], s[2][1]))
    limit = arguments.get("limit", 5)
    out = []
    for _n, _p, g, matched in scored[:limit]:
        why = (f"It suits an interest in {matched[0]}." if matched else
               f"A well-liked present within the budget for a {arguments['relationship']}.")
        out.append({"gift_id": g[0], "name": g[1], "price": g[3], "reason": why})
    return _ok({"suggestions": out})


def get_gift_details(arguments: dict) -> dict:
    bad = _invalid("get_gift_details", arguments)
    if bad:
        return bad
    g = BY_ID.get(arguments["gift_id"])
    if g is None:
        return _error("GIFT_NOT_FOUND", "No product has this gift_id; search the catalogue again for a current ID.")
    lang = arguments.get("language", "en")
    result = {"gift_id": g[0], "name": g[1], "summary": SUMMARIES[lang], "price": g[3], "sku": g[4],
              "category": g[2]}
    if g[7] is not None:
        result["average_rating"] = g[7]
    return _ok(result)


def get_product_stock(arguments: dict) -> dict:
    bad = _invalid("get_product_stock", arguments)
    if bad:
        return bad
    g = BY_SKU.get(arguments["sku"])
    if g is None:
        return _error("SKU_NOT_FOUND", "No product has this SKU; check it with get_gift_details.")
    wanted = [arguments["warehouse"]] if "warehouse" in arguments else list(WAREHOUSES)
    levels = [{"warehouse": w, "units": g[5][WAREHOUSES.index(w)]} for w in wanted]
    return _ok({"sku": g[4], "levels": levels, "checked_at": NOW})


def estimate_delivery_cost(arguments: dict) -> dict:
    bad = _invalid("estimate_delivery_cost", arguments)
    if bad:
        return bad
    g = BY_ID.get(arguments["gift_id"])
    if g is None:
        return _error("GIFT_NOT_FOUND", "No product has this gift_id; search the catalogue again for a current ID.")
    region = arguments["destination_region"]
    speed = arguments.get("delivery_speed", "standard")
    if speed == "express" and region == "okinawa":
        return _error("REGION_NOT_SERVED", "Express delivery is not offered to Okinawa; quote standard delivery.")
    lo, hi = REGION_DAYS[region]
    fee = 800 + 150 * (arguments["quantity"] - 1) + (600 if speed == "express" else 0)
    if region in ("hokkaido", "okinawa"):
        fee += 500
    if arguments.get("gift_wrap"):
        fee += 330
    if speed == "express":
        lo, hi = max(1, lo - 1), max(1, hi - 2)
    return _ok({"shipping_fee": fee, "min_days": lo, "max_days": hi})


def search_docs(arguments: dict) -> dict:
    bad = _invalid("search_docs", arguments)
    if bad:
        return bad
    wanted = _words(arguments["query"])
    section = arguments.get("section")
    scored = []
    for aid, title, sec, text in HELP:
        if section not in (None, sec):
            continue
        score = len(wanted & (_words(title) | _words(text)))
        if score:
            scored.append((-score, aid, {"article_id": aid, "article_title": title, "section": sec, "excerpt": text}))
    scored.sort(key=lambda s: (s[0], s[1]))
    return _ok({"passages": [s[2] for s in scored[:arguments.get("limit", 3)]]})


# ------------------------------------------------------------------------------------------------ writes

def create_order(arguments: dict) -> dict:
    bad = _invalid("create_order", arguments)
    if bad:
        return bad
    key = arguments["idempotency_key"]
    if key in _orders:  # a retry: the first answer, never a second order
        return _orders[key]
    if arguments["address_id"] not in ADDRESS_BOOK:
        return _error("ADDRESS_NOT_FOUND", "The address book has no entry with this address_id; ask the user "
                      "which saved address to use.")
    wanted: dict[str, int] = {}
    for line in arguments["items"]:
        wanted[line["gift_id"]] = wanted.get(line["gift_id"], 0) + line["quantity"]
    total = 0
    for gid, qty in wanted.items():
        g = BY_ID.get(gid)
        if g is None or sum(g[5]) < qty:
            return _error("OUT_OF_STOCK", "At least one product is not available in the quantity asked for; offer "
                          "the user an alternative or a smaller quantity.")
        total += g[3] * qty
    total += 800 + (600 if arguments.get("delivery_speed") == "express" else 0)
    result = {"order_id": _id("order", key), "status": "confirmed", "total_price": total}
    if "delivery_date" in arguments:
        result["estimated_delivery_date"] = arguments["delivery_date"]
    answer = _ok(result)
    _orders[key] = answer
    return answer


def create_ticket(arguments: dict) -> dict:
    bad = _invalid("create_ticket", arguments)
    if bad:
        return bad
    key = arguments["idempotency_key"]
    if key in _tickets:
        return _tickets[key]
    order = arguments.get("order_id")
    if order is not None and order not in ORDERS and order not in {r["result"]["order_id"] for r in _orders.values()}:
        return _error("ORDER_NOT_FOUND", "No order of this user has this order_id; ask the user to check it, or "
                      "open the ticket without it.")
    status = "assigned" if arguments.get("priority") == "high" else "open"
    answer = _ok({"ticket_id": "T-" + _id("ticket", key)[:8].upper(), "status": status, "created_at": NOW})
    _tickets[key] = answer
    return answer


def delete_file(arguments: dict) -> dict:
    bad = _invalid("delete_file", arguments)
    if bad:
        return bad
    key = arguments["idempotency_key"]
    if key in _deleted:
        return _deleted[key]
    path = arguments["file_path"]
    if path.startswith("shared/"):
        return _error("PERMISSION_DENIED", "This file is in a shared folder the user may not delete from.")
    if path not in DRIVE or any(r["result"]["file_path"] == path for r in _deleted.values() if r.get("ok")):
        return _error("FILE_NOT_FOUND", "The drive has no file at this location; list the folder to check the name.")
    answer = _ok({"file_path": path, "deleted_at": NOW})
    _deleted[key] = answer
    return answer


def send_email(arguments: dict) -> dict:
    bad = _invalid("send_email", arguments)
    if bad:
        return bad
    key = arguments["idempotency_key"]
    if key in _sent:
        return _sent[key]
    domain = arguments["recipient"].rpartition("@")[2].lower()
    if not domain or domain.endswith((".invalid", ".test")) or "." not in domain:
        return _error("RECIPIENT_REJECTED", "The recipient address does not accept mail; ask the user to check it.")
    if len(_sent) >= 50:
        return _error("RATE_LIMITED", "Too many messages were sent recently; try again later with the same "
                      "idempotency_key.", True)
    answer = _ok({"message_id": "M-" + _id("mail", key)[:12], "sent_at": NOW})
    _sent[key] = answer
    return answer


def update_profile(arguments: dict) -> dict:
    bad = _invalid("update_profile", arguments)
    if bad:
        return bad
    key = arguments["idempotency_key"]
    if key in _profile_changes:
        return _profile_changes[key]
    fields = [f for f in ("display_name", "preferred_language", "default_budget", "newsletter_opt_in")
              if f in arguments]
    if not fields:
        return _error("NOTHING_TO_UPDATE", "The call names no setting to change; pass at least one field besides "
                      "the key.")
    name = arguments.get("display_name")
    if isinstance(name, str) and any(b in name.lower() for b in BLOCKED_NAMES):
        return _error("DISPLAY_NAME_REJECTED", "This display name is reserved; ask the user for another one.")
    answer = _ok({"updated_fields": fields, "updated_at": NOW})
    _profile_changes[key] = answer
    return answer
