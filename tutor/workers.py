"""The solver's long calls (the posterior, the advice, the longer exact search, a practice bot's
search) computed in a pool of worker processes shared by every session of this server, so that one
person's advice never blocks another's page.

A job is a pure solver call named by its kind ("posterior", "advice", "deeper", "bot") on the canonical
record text (the solver's notation of the parsed record), the model's name and a budget: identical
requests in flight share ONE future, and finished answers are kept in a bounded LRU (`KEEP`). The
longer exact search keeps its bound on how many run at once (`DEEP_SLOTS`; another one asked for
meanwhile is refused with `DeeperBusy`, never queued). An error of the project's own type raised
in a worker comes back as that error (the page says its message); a broken pool (a worker killed)
is recreated.

One pool per server process, created on first use, `os.cpu_count()` processes started by the
forkserver (safe beside Streamlit's threads: no fork of a threaded process). `TUTOR_INLINE=1`
runs every job in the calling process instead (the AppTest tests: deterministic and fast).
"""

from __future__ import annotations

import io
import multiprocessing
import os
import pickle
import sys
import threading
import types
from collections import OrderedDict
from contextlib import contextmanager
from functools import lru_cache
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from solver import LoveLetterError, parse_record
from solver.records.notation import format_record
from solver.rules.editions import EDITIONS, Edition

#: The jobs a worker runs, by name.
KINDS = ("posterior", "advice", "deeper", "bot")
#: Finished answers kept (each a few kilobytes to a few megabytes).
KEEP = 64
#: Set to "1": every job runs in the calling process (no pool).
INLINE_ENV = "TUTOR_INLINE"


class DeeperBusy(Exception):
    """Another longer exact search is running on this server (`DEEP_SLOTS`): not started."""


#: Longer exact searches running at once on this server: each may take a minute of one core and,
#: in a game of 3 or more, a gigabyte of memory, so a person opening many tabs (or many people)
#: cannot stack them up; the others are told to try again, never queued. The same position asked
#: for again while it runs shares that search.
DEEP_SLOTS = threading.BoundedSemaphore(1)


# ---------------------------------------------------------------------------------------------
# The jobs (run in a worker process, or inline)
# ---------------------------------------------------------------------------------------------

def compute(kind: str, text: str, model: str, budget):
    """The solver call `kind` on the record `text` (pure: the same answer wherever it runs). Between
    two computations the compiled path is taken up once its kernels are ready (`solver.compiled.refresh`:
    until then the reference engine answers, with the same figures)."""
    from solver.advice import advisor
    from solver.compiled import refresh

    refresh()

    record = parse_record(text)
    if kind == "posterior":
        from solver import infer

        return infer(record, model)
    if kind == "advice":
        from solver.records.replay import check_viewer_hand

        check_viewer_hand(record)  # your own cards missing: say so (viewer-hand-unknown), not a refused play
        return advisor.advise(record, model)  # work budgets: the same answer on any machine (`budget` unused)
    if kind == "deeper":
        try:
            return advisor.advise_deeper(record, model)
        except advisor.OutOfTimeError:
            raise  # the clock, not the position: not remembered
        except advisor.TooLargeError:
            return None  # even the longer budget does not fit: the estimate stands (remembered)
    if kind == "bot":  # a practice bot's search: `model` names the bot, `budget` is (work, seed)
        from solver.advice.practice import searching_action

        work, seed = budget
        return searching_action(model, record, work, seed)
    raise ValueError(f"unknown job {kind!r}; the jobs are {', '.join(KINDS)}")


def edition_again(key: str, options: dict) -> Edition:
    """An edition sent back from a worker: the server's own (its caches warm), or a copy with
    the settings the record chose."""
    return EDITIONS[key].with_options(**options) if options else EDITIONS[key]


def error_again(cls, args: tuple, state: dict) -> LoveLetterError:
    """A project error sent back from a worker: the same class, message and fields."""
    err = cls.__new__(cls)
    err.args = args
    err.__dict__.update(state)
    return err


class _Sender(pickle.Pickler):
    """Pickles an answer without the editions' memos (rebuilt empty, or the server's own)."""

    def reducer_override(self, obj):
        if type(obj) is Edition and obj.key in EDITIONS:
            options = obj.options_changed()
            if edition_again(obj.key, options) == obj:  # (an edition of other cards: pickled whole)
                return edition_again, (obj.key, options)
        return NotImplemented


def packed(obj) -> bytes:
    buf = io.BytesIO()
    _Sender(buf, protocol=pickle.HIGHEST_PROTOCOL).dump(obj)
    return buf.getvalue()


def run(job, kind: str, text: str, model: str, budget) -> tuple:
    """What a worker process runs: ("ok", the pickled answer) or ("error", class, args, fields)
    for the project's own error (its fields restored as they were, whatever its `__init__`)."""
    try:
        return "ok", packed(job(kind, text, model, budget))
    except LoveLetterError as err:
        return "error", type(err), err.args, dict(err.__dict__)


def unpacked(reply: tuple):
    if reply[0] == "ok":
        return pickle.loads(reply[1])
    _, cls, args, state = reply
    raise error_again(cls, args, state)


def warm() -> None:
    """Run in each new worker: the solver imported before the first job."""
    import solver.advice.advisor  # noqa: F401


# ---------------------------------------------------------------------------------------------
# The pool
# ---------------------------------------------------------------------------------------------

_swap_lock = threading.RLock()


@contextmanager
def plain_main():
    """While the workers start, a `__main__` with nothing to import: a new process of the
    forkserver or spawn methods imports the parent's `__main__` first, and under Streamlit that is
    the page script being run (tutor/app.py): each worker would run the app (and its warm-up).
    A pool may start a worker at any submission, so each one is made inside it (a brief swap of a
    module reference, one thread at a time; nothing of Streamlit's reads it meanwhile)."""
    with _swap_lock:
        main = sys.modules.get("__main__")
        sys.modules["__main__"] = types.ModuleType("__main__")  # no __file__, no __spec__
        try:
            yield
        finally:
            if main is not None:
                sys.modules["__main__"] = main


@lru_cache(maxsize=256)
def canonical(text: str) -> str:
    """The solver's notation of the parsed record (a `RecordError` for bad input)."""
    return format_record(parse_record(text))


def remembered(future: Future) -> bool:
    """A finished answer worth keeping: a result, or a project error that is the position's (not
    the clock's: `OutOfTimeError`), never a broken pool."""
    if future.cancelled():
        return False
    err = future.exception()
    if err is None:
        return True
    from solver.advice.advisor import OutOfTimeError

    return isinstance(err, LoveLetterError) and not isinstance(err, OutOfTimeError)


class Workers:
    """Jobs by (kind, canonical text, model, budget): one future per request in flight, the
    finished ones in an LRU of `keep`. `inline`: computed in the calling thread (None: from the
    environment, `TUTOR_INLINE`). `job`: the solver call (a module-level function, for the pool)."""

    def __init__(self, inline: bool | None = None, workers: int | None = None, keep: int = KEEP,
                 deep_slots: threading.Semaphore = DEEP_SLOTS, job=compute):
        self.inline = os.environ.get(INLINE_ENV) == "1" if inline is None else inline
        if multiprocessing.parent_process() is not None:
            self.inline = True  # inside a worker (or any child process): never a pool of its own
        self.workers = workers or os.cpu_count() or 1
        self.keep = keep
        self.deep_slots = deep_slots
        self.job = job
        self.lock = threading.RLock()
        self.done: OrderedDict = OrderedDict()  # key -> finished future (LRU)
        self.running: dict = {}  # key -> future in flight
        self.started = 0  # computations started (identical requests share one)
        self.executor = None

    # -- the one public call ------------------------------------------------------------------
    def submit(self, kind: str, text: str, model: str, budget=None) -> Future:
        """The future answer of `kind` on `text`: a finished one, the one in flight, or a new
        computation. `DeeperBusy` when a new longer search would exceed `DEEP_SLOTS`."""
        if kind not in KINDS:
            raise ValueError(f"unknown job {kind!r}; the jobs are {', '.join(KINDS)}")
        key = (kind, canonical(text), model, budget)
        with self.lock:
            if key in self.done:
                self.done.move_to_end(key)
                return self.done[key]
            if key in self.running:
                return self.running[key]
            if kind == "deeper" and not self.deep_slots.acquire(blocking=False):
                raise DeeperBusy()
            future = Future()
            self.running[key] = future
            self.started += 1
        future.add_done_callback(lambda f, key=key: self.finished(key, f))
        if self.inline:
            self.compute_here(future, key)
        else:
            self.send(future, key)
        return future

    def known(self, kind: str, text: str, model: str, budget=None):
        """The finished answer of `kind` on `text` when this server has it (computed for anyone), without
        starting anything; None otherwise (not asked yet, still running, or an error)."""
        try:
            key = (kind, canonical(text), model, budget)
        except LoveLetterError:
            return None
        with self.lock:
            future = self.done.get(key)
        if future is None or future.exception() is not None:
            return None
        return future.result()

    def result(self, kind: str, text: str, model: str, budget=None, timeout: float | None = None):
        """The answer (blocking); a broken pool is recreated and the job asked once more."""
        try:
            return self.submit(kind, text, model, budget).result(timeout)
        except BrokenProcessPool:
            return self.submit(kind, text, model, budget).result(timeout)

    # -- how a job runs -----------------------------------------------------------------------
    def compute_here(self, future: Future, key: tuple) -> None:
        future.set_running_or_notify_cancel()
        try:
            future.set_result(self.job(*key))
        except BaseException as err:  # noqa: BLE001 - handed to whoever waits, as it was raised
            future.set_exception(err)

    def send(self, future: Future, key: tuple) -> None:
        def relay(f: Future) -> None:
            try:
                future.set_result(unpacked(f.result()))
            except BrokenProcessPool as err:
                self.broken()
                future.set_exception(err)
            except BaseException as err:  # noqa: BLE001
                future.set_exception(err)

        future.set_running_or_notify_cancel()
        try:
            pool = self.pool()
            with plain_main():
                inner = pool.submit(run, self.job, *key)
        except BrokenProcessPool as err:  # a worker died since: recreated for the next request
            self.broken()
            future.set_exception(err)
            return
        inner.add_done_callback(relay)

    def pool(self) -> ProcessPoolExecutor:
        with self.lock:
            if self.executor is None:
                ctx = multiprocessing.get_context("forkserver")
                ctx.set_forkserver_preload(["tutor.workers"])
                with plain_main():  # the workers started now, one per submission (see plain_main)
                    self.executor = ProcessPoolExecutor(self.workers, mp_context=ctx, initializer=warm)
                    for _ in range(self.workers):
                        self.executor.submit(warm)
            return self.executor

    def broken(self) -> None:
        with self.lock:
            executor, self.executor = self.executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

    def finished(self, key: tuple, future: Future) -> None:
        with self.lock:
            if self.running.get(key) is future:
                del self.running[key]
                if key[0] == "deeper":
                    self.deep_slots.release()
            if remembered(future) and key[0] != "bot":  # a bot's play is asked for once: not kept
                self.done[key] = future
                self.done.move_to_end(key)
                while len(self.done) > self.keep:
                    self.done.popitem(last=False)

    # -- housekeeping -------------------------------------------------------------------------
    def start(self) -> None:
        """Start the worker processes now (the solver imported in each), not at the first request."""
        if not self.inline:
            self.pool()

    def clear(self) -> None:
        """Forget the finished answers (those in flight finish as asked)."""
        with self.lock:
            self.done.clear()

    def close(self) -> None:
        self.broken()


_shared: Workers | None = None
_shared_lock = threading.Lock()


def shared() -> Workers:
    """This server's pool (created on first use)."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = Workers()
        return _shared


def submit(kind: str, text: str, model: str, budget=None) -> Future:
    return shared().submit(kind, text, model, budget)


def result(kind: str, text: str, model: str, budget=None):
    return shared().result(kind, text, model, budget)


def known(kind: str, text: str, model: str, budget=None):
    return shared().known(kind, text, model, budget)


def clear() -> None:
    shared().clear()


def start() -> None:
    """Start this server's worker processes (`tutor.warmup` does, once the first page is out)."""
    shared().start()
