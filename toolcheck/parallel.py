"""Rules of a large run on two cores: the rule groups are split between this process and one forked child.

A group is an old-style rule module or a family package of rule files (``RuleSpec.group``): a family's index is
then built on one side only. The child inherits the loaded files (fork: nothing is read or parsed twice), runs
its share of the rules, masks its findings and sends them back through a pipe, with the secrets its copy of the
run's masker learned by context (TC5 teaches the masker values such as a `password` default that no pattern
would recognise). The parent's masker learns them, and each side's findings are masked again with the secrets
only the other side learned, so the masking is the same as in a single process. Findings come
back by rule, and the caller concatenates them in rule order: output is byte-for-byte that of a serial run.

Only on Linux (macOS's system libraries are not fork-safe, Windows has no fork), with two or more CPUs, a
single-threaded process and at least ``MIN_CONTRACTS`` contracts (a pre-commit run of a few files never pays
for a fork). ``TOOLCHECK_JOBS=1`` turns it off. If the child fails in any way (killed, out of memory, an
exception), its rules run here, so a failure surfaces exactly as it would serially; if this process fails, the
child is killed.
"""

from __future__ import annotations

import os
import signal
import sys
import threading

MIN_CONTRACTS = 300

# measured cost of each rule group in `validate --target all` on corpus A, one process, with its findings'
# placing, masking and encoding (seconds, 2026-11-29): the split balances these. Groups not listed are cheap.
_COST = {
    "toolcheck.rules.tc2_targets": 2.2,
    "toolcheck.rules.tc4_naming": 2.6,  # TC430 overlapping-tools 1.8 of it
    "toolcheck.rules.tc1_schema": 0.75,
    "toolcheck.rules.tc5_leaks": 0.65,
    "toolcheck.rules.tc0_loading": 0.25,
    "toolcheck.rules.tc6_safety": 0.16,
    "toolcheck.rules.tc3_samples": 0.15,
}
_DEFAULT_COST = 0.1


def jobs() -> int:
    raw = os.environ.get("TOOLCHECK_JOBS", "").strip()
    if raw:
        try:
            return max(1, int(raw))
        except ValueError:
            return 1
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _may_fork(n_contracts: int) -> bool:
    """A large run, on Linux (fork after imports is only safe to rely on here), 2+ CPUs, no other thread."""
    return (sys.platform.startswith("linux") and n_contracts >= MIN_CONTRACTS and jobs() >= 2
            and threading.active_count() == 1)


def plan(rules, contracts):
    """(rules to run here, rules for the child) or None to run everything here."""
    if not _may_fork(sum(1 for c in contracts if c.file.reported)):
        return None
    modules: dict[str, list] = {}
    for r in rules:
        modules.setdefault(r.group, []).append(r)
    if len(modules) < 2:
        return None
    here: list = []
    there: list = []
    load = [0.0, 0.0]
    for mod in sorted(modules, key=lambda m: (-_COST.get(m, _DEFAULT_COST), m)):
        side = 0 if load[0] <= load[1] else 1
        load[side] += _COST.get(mod, _DEFAULT_COST)
        (here if side == 0 else there).extend(modules[mod])
    return here, there


def background_ok(n_contracts: int) -> bool:
    """Whether a large run may leave work to a detached process (see :func:`detached`)."""
    return _may_fork(n_contracts)


def detached(fn) -> bool:
    """Run ``fn()`` in a detached grandchild (double fork: no zombie, reparented to init) whose standard streams
    are /dev/null, so a pipe reading this process's output ends when this process does. True once started;
    False if it could not be (the caller then runs ``fn`` itself)."""
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        pid = os.fork()
    except OSError:
        return False
    if pid == 0:
        code = 1
        try:
            if os.fork() == 0:
                null = os.open(os.devnull, os.O_RDWR)
                for fd in (0, 1, 2):
                    os.dup2(null, fd)
                try:
                    fn()
                    code = 0
                finally:
                    os._exit(code)
            code = 0
        except BaseException:  # noqa: BLE001 - never return into the parent's code
            pass
        finally:
            os._exit(code)
    return _reap(pid) == 0


def _pack(by_rule: dict, files: list) -> dict:
    index = {id(f): i for i, f in enumerate(files)}
    for fs in by_rule.values():
        for f in fs:
            f.extra["file"] = index[id(f.extra["file"])]
    return by_rule


def _unpack(by_rule: dict, files: list) -> dict:
    for fs in by_rule.values():
        for f in fs:
            f.extra["file"] = files[f.extra["file"]]
    return by_rule


def run_split(work, here: list, there: list, files: list, remask, masker) -> dict:
    """``work(rules) -> {code: [Finding]}`` for ``there`` in a forked child and ``here`` in this process;
    ``masker`` is the run's (each side teaches its copy; ``remask(findings)`` masks a side's findings again)."""
    import pickle

    sys.stdout.flush()
    sys.stderr.flush()
    rfd, wfd = os.pipe()
    try:
        pid = os.fork()
    except OSError:
        os.close(rfd)
        os.close(wfd)
        return {**work(here), **work(there)}
    if pid == 0:  # the child: never returns, never flushes the parent's buffers
        code = 1
        try:
            os.close(rfd)
            payload = pickle.dumps((_pack(work(there), files), set(masker.known)), pickle.HIGHEST_PROTOCOL)
            with os.fdopen(wfd, "wb") as out:
                out.write(payload)
            code = 0
        except BaseException:  # noqa: BLE001 - the parent runs these rules itself and reports what happens
            pass
        finally:
            os._exit(code)
    os.close(wfd)
    reader = _Reader(rfd)  # drain the pipe while this process works, so the child never waits on it
    try:
        mine = work(here)
    except BaseException:
        try:  # this run is over: do not wait for the child's share
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
        reader.join()
        _reap(pid)
        raise
    data = reader.join()
    status = _reap(pid)
    theirs = None
    if status == 0 and data:
        try:
            theirs, learned = pickle.loads(data)
        except Exception:  # noqa: BLE001
            theirs = None
    if theirs is None:
        return {**mine, **work(there)}
    _unpack(theirs, files)
    known = set(masker.known)
    new_here = learned - known
    if new_here:  # the child learned secrets this process had not: mask this side's findings again
        masker.learn(new_here)
        remask([f for fs in mine.values() for f in fs])
    if known - learned:
        remask([f for fs in theirs.values() for f in fs])
    return {**mine, **theirs}


class _Reader:
    def __init__(self, fd: int) -> None:
        self.chunks: list[bytes] = []
        self.fd = fd
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            while True:
                b = os.read(self.fd, 1 << 20)
                if not b:
                    break
                self.chunks.append(b)
        except OSError:
            pass
        finally:
            os.close(self.fd)

    def join(self) -> bytes:
        self.thread.join()
        return b"".join(self.chunks)


def _reap(pid: int) -> int:
    try:
        _, status = os.waitpid(pid, 0)
    except ChildProcessError:
        return -1
    return os.waitstatus_to_exitcode(status)
