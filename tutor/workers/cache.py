"""The pool's answers by request (kind, canonical record text, model, budget): one future per
request in flight, shared by every identical request; the finished answers in a bounded LRU (`KEEP`);
and the bound on the longer exact searches running at once (`DEEP_SLOTS`: another one asked for
meanwhile is refused with `DeeperBusy`, never queued). Nothing here runs a job: `Workers` does."""

from __future__ import annotations

import threading
from collections import OrderedDict
from concurrent.futures import Future
from functools import lru_cache

from solver import LoveLetterError, parse_record
from solver.records.notation import format_record

#: Finished answers kept (each a few kilobytes to a few megabytes).
KEEP = 64


class DeeperBusy(Exception):
    """Another longer exact search is running on this server (`DEEP_SLOTS`): not started."""


#: Longer exact searches running at once on this server: each may take a minute of one core and,
#: in a game of 3 or more, a gigabyte of memory, so a person opening many tabs (or many people)
#: cannot stack them up; the others are told to try again, never queued. The same position asked
#: for again while it runs shares that search.
DEEP_SLOTS = threading.BoundedSemaphore(1)


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


class Answers:
    """The futures by request key: `done` (finished, an LRU of `keep`), `running` (in flight);
    `started`: the computations started (identical requests share one)."""

    def __init__(self, keep: int = KEEP, deep_slots: threading.Semaphore = DEEP_SLOTS):
        self.keep = keep
        self.deep_slots = deep_slots
        self.lock = threading.RLock()
        self.done: OrderedDict = OrderedDict()  # key -> finished future (LRU)
        self.running: dict = {}  # key -> future in flight
        self.started = 0

    def claim(self, key: tuple) -> tuple[Future, bool]:
        """The future of `key`: a finished one or the one in flight (False: nothing to start), or a
        new one (True: the caller starts its computation). `DeeperBusy` when a new longer search
        would exceed the slots."""
        with self.lock:
            if key in self.done:
                self.done.move_to_end(key)
                return self.done[key], False
            if key in self.running:
                return self.running[key], False
            if key[0] == "deeper" and not self.deep_slots.acquire(blocking=False):
                raise DeeperBusy()
            future = Future()
            self.running[key] = future
            self.started += 1
        future.add_done_callback(lambda f, key=key: self.finished(key, f))
        return future, True

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

    def known(self, key: tuple):
        """The finished answer of `key`, without starting anything; None otherwise (not asked yet,
        still running, or an error)."""
        with self.lock:
            future = self.done.get(key)
        if future is None or future.exception() is not None:
            return None
        return future.result()

    def clear(self) -> None:
        """Forget the finished answers (those in flight finish as asked)."""
        with self.lock:
            self.done.clear()
