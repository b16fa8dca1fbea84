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

Its rooms: `jobs` (what a worker runs), `cache` (the requests in flight, the finished answers, the
longer search's slots), `pickling` (an answer or a project error across the process boundary),
`pool` (`Workers`: the processes, or inline with `TUTOR_INLINE=1`). Here: this server's one pool,
created on first use, and the calls the pages make on it."""

from __future__ import annotations

import threading
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool

from .cache import DEEP_SLOTS, KEEP, Answers, DeeperBusy, canonical, remembered
from .jobs import KINDS, compute, warm
from .pickling import edition_again, error_again, packed, run, unpacked
from .pool import INLINE_ENV, Workers, plain_main

#: The names the app and the tests import from `tutor.workers` (each defined in its room).
__all__ = ["BrokenProcessPool", "DEEP_SLOTS", "KEEP", "Answers", "DeeperBusy", "canonical", "remembered", "KINDS",
           "compute", "warm", "edition_again", "error_again", "packed", "run", "unpacked", "INLINE_ENV", "Workers",
           "plain_main", "shared", "submit", "result", "known", "clear", "start"]

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
