import time


def poll_export(arguments):
    # Mistake: the wait is taken as milliseconds and multiplied again, so the one second the model (or the
    # default) asks for becomes a thousand; a fuzzer that grants the call its second still sees it hang.
    wait = arguments.get("wait_seconds", 1)
    deadline = time.monotonic() + wait * 1000
    while time.monotonic() < deadline:
        time.sleep(0.05)
    return {"ok": True, "result": {"ready": False}}
