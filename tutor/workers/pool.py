"""The pool of worker processes: `Workers` runs each new request's job (`jobs.compute`) in a process
pool, or inline, and hands back its future (the requests and answers: `cache.Answers`; what crosses
the process boundary: `pickling`). A broken pool (a worker killed) is recreated.

`os.cpu_count()` processes started by the forkserver (safe beside Streamlit's threads: no fork of a
threaded process), each made while `__main__` is a plain module (`plain_main`). `TUTOR_INLINE=1`
runs every job in the calling process instead (the AppTest tests: deterministic and fast)."""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
import types
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager

from solver import LoveLetterError

from .cache import DEEP_SLOTS, KEEP, Answers, canonical
from .jobs import KINDS, compute, warm
from .pickling import run, unpacked

#: Set to "1": every job runs in the calling process (no pool).
INLINE_ENV = "TUTOR_INLINE"

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


class Workers:
    """Jobs by (kind, canonical text, model, budget), their futures kept in `answers` (one per request
    in flight, the finished ones in an LRU of `keep`). `inline`: computed in the calling thread (None:
    from the environment, `TUTOR_INLINE`). `job`: the solver call (a module-level function, for the pool)."""

    def __init__(self, inline: bool | None = None, workers: int | None = None, keep: int = KEEP,
                 deep_slots: threading.Semaphore = DEEP_SLOTS, job=compute):
        self.inline = os.environ.get(INLINE_ENV) == "1" if inline is None else inline
        if multiprocessing.parent_process() is not None:
            self.inline = True  # inside a worker (or any child process): never a pool of its own
        self.workers = workers or os.cpu_count() or 1
        self.job = job
        self.answers = Answers(keep, deep_slots)
        self.lock = threading.RLock()  # the executor's
        self.executor = None

    # -- the one public call ------------------------------------------------------------------
    def submit(self, kind: str, text: str, model: str, budget=None) -> Future:
        """The future answer of `kind` on `text`: a finished one, the one in flight, or a new
        computation. `DeeperBusy` when a new longer search would exceed `DEEP_SLOTS`."""
        if kind not in KINDS:
            raise ValueError(f"unknown job {kind!r}; the jobs are {', '.join(KINDS)}")
        key = (kind, canonical(text), model, budget)
        future, new = self.answers.claim(key)
        if new:
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
        return self.answers.known(key)

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

    # -- housekeeping -------------------------------------------------------------------------
    def start(self) -> None:
        """Start the worker processes now (the solver imported in each), not at the first request."""
        if not self.inline:
            self.pool()

    def clear(self) -> None:
        """Forget the finished answers (those in flight finish as asked)."""
        self.answers.clear()

    def close(self) -> None:
        self.broken()
