import os

import yaml

from toolcheck import check_arguments

KNOWN = {"reading_id", "kwh", "note"}
with open(os.path.join(os.path.dirname(__file__), "contracts", "log_reading.yaml"), encoding="utf-8") as f:
    CONTRACT = yaml.safe_load(f)


def log_reading(arguments):
    # The schema leaves the object open, but the implementation refuses what it does not know, by name, so a
    # model that writes `notes` for `note` is told at once instead of losing its text.
    unknown = sorted(set(arguments) - KNOWN) if isinstance(arguments, dict) else []
    if unknown:
        return {"ok": False, "error": {"code": "UNKNOWN_ARGUMENT", "retryable": True,
                                       "message": f"unknown argument(s) {', '.join(unknown)}; "
                                                  "this tool takes reading_id, kwh and note"}}
    checked = check_arguments(CONTRACT, arguments)
    if not checked.get("ok"):
        return checked
    return {"ok": True, "result": {"saved": arguments["reading_id"]}}
