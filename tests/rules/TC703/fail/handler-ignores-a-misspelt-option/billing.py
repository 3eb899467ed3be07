INVOICES = [{"number": "A-7", "paid": True}, {"number": "A-8", "paid": False}]


def list_invoices(arguments):
    # Mistake: reads the one option it knows and ignores every other key, so `unpaidOnly: true` (a misspelling
    # of `unpaid_only`) returns paid invoices too, and nothing tells the model its filter was dropped.
    rows = [i for i in INVOICES if not (arguments.get("unpaid_only") and i["paid"])]
    return {"ok": True, "result": rows}
