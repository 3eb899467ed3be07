"""Rules of a large run on N cores: the rule groups are shared out between this process and N-1 forked children.

A unit of the split (:func:`unit`) is an old-style rule module or a family package of rule files (``RuleSpec.group``):
a family's index is then built in one process only. A family's rule file that reads no index shares nothing with
the rest of its family and is a unit of its own (TC430, overlap, is most of TC4's time: alone, it can balance TC2).
The shares are balanced by the measured cost of each unit (:data:`COST`) and, in a child, of sending its findings
back (:data:`TRANSFER`: thousands of vendor-target findings are cheaper to keep here), most expensive first, each
to the process where it would finish earliest; this process takes the first share. Each child
inherits the loaded files (fork: nothing is read or parsed twice), runs its share of the rules, masks its
findings (and, when the report is JSON or the run is cached, encodes them) and sends them back through a pipe,
with the secrets its copy of the run's masker learned by context (TC5 teaches the masker values such as a
`password` default that no pattern would recognise). The parent's masker learns them all, and each share whose
findings were masked without some of them is masked again, so the masking is the same as in a single process.
Findings come back by rule, and the engine takes them in rule order: the output is byte-for-byte that of a
serial run, whatever N is.

How many processes: ``--jobs N``; by default ``$TOOLCHECK_JOBS``, else the CPUs this process may run on
(``os.sched_getaffinity``: a container's or a ``taskset``'s CPU set), at most :data:`MAX_DEFAULT_JOBS`; never
more than there are units. ``--jobs 1`` starts no process. The split happens only on Linux (macOS's
system libraries are not fork-safe, Windows has no fork), in a single-threaded process, with at least
``MIN_CONTRACTS`` contracts (a pre-commit run of a few files never pays for a fork). If a child fails in any way
(killed, out of memory, an exception), its rules run here, so a failure surfaces exactly as it would serially;
if this process fails, the children are killed.
"""

from __future__ import annotations

import os
import signal
import sys
import threading

MIN_CONTRACTS = 300
MAX_DEFAULT_JOBS = 8  # the rule groups' costs are uneven: past a few processes the largest group is the run

# measured CPU time of each unit in `validate --target all` on corpus A, one process, with its findings'
# placing, masking and encoding (seconds, 2026-12-04, `benchmarks/jobs_scaling.py`): the split balances these.
# Units not listed are cheap.
COST = {
    "toolcheck.rules.tc4_naming.overlapping_tools": 2.05,  # TC430
    "toolcheck.rules.tc2_targets": 1.85,
    "toolcheck.rules.tc1_schema": 0.60,
    "toolcheck.rules.tc4_naming": 0.28,  # the other TC4 rules, with their index
    "toolcheck.rules.tc5_leaks": 0.24,
    "toolcheck.rules.tc3_samples": 0.09,
    "toolcheck.rules.tc0_loading.duplicate_tool_name": 0.07,
    "toolcheck.rules.tc6_safety": 0.06,
    "toolcheck.rules.tc0_loading.invalid_contract_value": 0.01,
    "toolcheck.rules.tc4_naming.inconsistent_name_style": 0.01,
    "toolcheck.rules.tc4_naming.generic_tool_name": 0.01,
    "toolcheck.rules.tc4_naming.description_too_long": 0.01,
}
DEFAULT_COST = 0.1
# what a group's findings cost to bring back from a child (pickled there, unpickled here; same run and tool):
# a group with many findings is cheaper to run in this process. Groups not listed send back little.
TRANSFER = {
    "toolcheck.rules.tc2_targets": 0.53,
    "toolcheck.rules.tc1_schema": 0.06,
    "toolcheck.rules.tc0_loading.duplicate_tool_name": 0.02,
}


def cpus() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def default_jobs() -> int:
    """``$TOOLCHECK_JOBS`` when set (an unreadable value: 1), else :func:`cpus` up to :data:`MAX_DEFAULT_JOBS`."""
    raw = os.environ.get("TOOLCHECK_JOBS", "").strip()
    if raw:
        try:
            return max(1, int(raw))
        except ValueError:
            return 1
    return max(1, min(cpus(), MAX_DEFAULT_JOBS))


def may_fork(n_contracts: int, jobs: int) -> bool:
    """A large run, on Linux (fork after imports is only safe to rely on here), 2+ jobs, no other thread."""
    return (sys.platform.startswith("linux") and n_contracts >= MIN_CONTRACTS and jobs >= 2
            and threading.active_count() == 1)


def unit(rule) -> str:
    """What the split places as one: the rule's group, or its own module when it is a family's rule file that
    reads no index (nothing is computed for it that another rule of its family shares)."""
    if rule.index is None and rule.module.count(".") >= 3:
        return rule.module
    return rule.group


def plan(rules, contracts, jobs: int) -> list[list] | None:
    """The rules of each process, this one's first (2 to ``jobs`` shares), or None to run everything here."""
    if not may_fork(sum(1 for c in contracts if c.file.reported), jobs):
        return None
    groups: dict[str, list] = {}
    for r in rules:
        groups.setdefault(unit(r), []).append(r)
    n = min(jobs, len(groups))
    if n < 2:
        return None
    shares: list[list] = [[] for _ in range(n)]
    load = [0.0] * n

    def cost(group: str, side: int) -> float:  # a child also pays for sending its findings back
        return COST.get(group, DEFAULT_COST) + (TRANSFER.get(group, 0.0) if side else 0.0)

    # longest first, each to the process where it would finish earliest (this one first of equals)
    for group in sorted(groups, key=lambda g: (-cost(g, 1), g)):
        side = min(range(n), key=lambda i: (load[i] + cost(group, i), i))
        load[side] += cost(group, side)
        shares[side].extend(groups[group])
    return shares


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


class _Child:
    """A forked process running one share of the rules, and the thread that drains its pipe."""

    def __init__(self, pid: int, rfd: int, share: list) -> None:
        self.pid, self.rfd, self.share = pid, rfd, share
        self.reader: _Reader | None = None
        self.reaped = pid <= 0

    def kill(self) -> None:
        """Stop it and wait for it (a child already waited for is left alone: its pid may be another's now)."""
        if self.reaped:
            return
        try:
            os.kill(self.pid, signal.SIGKILL)
        except OSError:
            pass
        if self.reader is not None:
            self.reader.join()
        self.reaped = True
        _reap(self.pid)

    def result(self) -> tuple | None:
        """(findings by rule, the secrets it learned), or None when it failed."""
        data = self.reader.join() if self.reader is not None else b""
        self.reaped = True
        if _reap(self.pid) != 0 or not data:
            return None
        import pickle

        try:
            return pickle.loads(data)
        except Exception:  # noqa: BLE001
            return None


def _fork_children(work, shares: list[list], files: list, masker) -> list[_Child]:
    """One child per share, all forked before any reader thread starts (a fork copies no running thread)."""
    import pickle

    children: list[_Child] = []
    for share in shares:
        try:
            rfd, wfd = os.pipe()
        except OSError:
            children.append(_Child(-1, -1, share))
            continue
        try:
            pid = os.fork()
        except OSError:
            os.close(rfd)
            os.close(wfd)
            children.append(_Child(-1, -1, share))
            continue
        if pid == 0:  # the child: never returns, never flushes the parent's buffers
            code = 1
            try:
                os.close(rfd)
                for c in children:
                    if c.rfd >= 0:
                        os.close(c.rfd)
                payload = pickle.dumps((_pack(work(share), files), set(masker.known)), pickle.HIGHEST_PROTOCOL)
                with os.fdopen(wfd, "wb") as out:
                    out.write(payload)
                code = 0
            except BaseException:  # noqa: BLE001 - the parent runs these rules itself and reports what happens
                pass
            finally:
                os._exit(code)
        os.close(wfd)
        children.append(_Child(pid, rfd, share))
    for c in children:
        if c.pid > 0:
            c.reader = _Reader(c.rfd)  # drain each pipe while this process works, so no child waits on it
    return children


def run_split(work, shares: list[list], files: list, remask, masker) -> dict:
    """``work(rules) -> {code: [Finding]}`` for ``shares[0]`` here and each other share in a forked child;
    ``masker`` is the run's (each process teaches its copy; ``remask(findings)`` masks a share's findings again
    with what the run's masker knows)."""
    sys.stdout.flush()
    sys.stderr.flush()
    children = _fork_children(work, shares[1:], files, masker)
    parts: list[tuple[dict, frozenset]] = []  # (findings by rule, the secrets they were masked with)
    try:
        mine = work(shares[0])
        parts.append((mine, masker.known))
        for c in children:
            got = c.result() if c.pid > 0 else None
            if got is None:  # it failed: its rules run here, and fail here if they fail
                theirs = work(c.share)
                parts.append((theirs, masker.known))
            else:
                theirs, learned = got
                _unpack(theirs, files)
                masker.learn(learned)
                parts.append((theirs, frozenset(learned)))
    except BaseException:
        for c in children:  # this run is over: do not wait for the children's shares
            c.kill()
        raise
    known = masker.known
    out: dict = {}
    for by_rule, seen in parts:
        if seen != known:  # masked before the run's masker knew every secret: mask again
            remask([f for fs in by_rule.values() for f in fs])
        out.update(by_rule)
    return out


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
