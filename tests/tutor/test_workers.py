"""The worker pool (tutor/workers/): identical requests share one computation, the finished
answers are bounded, the project's errors come back as themselves, the pool's answers equal the
in-process ones figure for figure, a broken pool is recreated, the longer search keeps its bound.
(Two browser pages opening one shared link: tests/browser/test_shared_link_browser.py.)"""

from __future__ import annotations

import os
import threading

import pytest

from solver import LoveLetterError, get_edition, parse_record
from solver.records.notation import format_record
from tutor import workers
from tutor.workers import DeeperBusy, Workers, compute

TWO = "2019 Ana,Luis first:Ana viewer:Ana up:2,3,6 dealt:1 | Ana +1 1>Luis=5 miss | Luis 2>Ana | Ana +3"
CLASSIC = "classic Ana,Luis first:Ana viewer:Ana up:2,3,6 dealt:1 | Ana +1"
THREE = "2019 Ana,Luis,Marta first:Ana viewer:Ana dealt:8 | Ana +1 1>Luis=5 miss | Luis 4 | Marta 2>Ana | Ana +5"
NO_HAND = "2019 Ana,Luis first:Ana viewer:Ana up:2,3,6 | Ana +1"  # the viewer's dealt card is missing


class Counting:
    """A job that counts its calls and waits for `go` (so that requests overlap)."""

    def __init__(self):
        self.calls, self.go, self.lock = [], threading.Event(), threading.Lock()

    def __call__(self, kind, text, model, budget):
        with self.lock:
            self.calls.append((kind, text, model, budget))
        self.go.wait(30)
        return (kind, text, model, budget)


def _together(n: int, ask) -> list:
    """`ask()` from n threads at once; their answers."""
    out, threads = [None] * n, []
    for i in range(n):
        def one(i=i):
            out[i] = ask()
        threads.append(threading.Thread(target=one))
    for th in threads:
        th.start()
    return threads, out


def test_identical_requests_at_once_are_one_computation_shared_by_all():
    job = Counting()
    w = Workers(inline=True, job=job)
    threads, out = _together(6, lambda: w.result("advice", TWO, "mixture", 2.5))
    while not job.calls:
        threading.Event().wait(0.01)
    job.go.set()
    for th in threads:
        th.join()
    assert len(job.calls) == 1 and w.answers.started == 1
    assert len(set(out)) == 1 and out[0][1] == format_record(parse_record(TWO))


def test_the_same_record_written_differently_is_the_same_request():
    job = Counting()
    job.go.set()
    w = Workers(inline=True, job=job)
    w.result("advice", TWO, "mixture", 2.5)
    w.result("advice", "  " + TWO.replace(" | ", "|") + " ", "mixture", 2.5)  # the same record, spaced otherwise
    assert len(job.calls) == 1


def test_another_model_budget_or_kind_is_another_computation():
    job = Counting()
    job.go.set()
    w = Workers(inline=True, job=job)
    for kind, model, budget in (("advice", "mixture", 2.5), ("advice", "random", 2.5), ("advice", "mixture", 1.6),
                                ("posterior", "mixture", None), ("advice", "mixture", 2.5)):
        w.result(kind, TWO, model, budget)
    assert [(c[0], c[2], c[3]) for c in job.calls] == [("advice", "mixture", 2.5), ("advice", "random", 2.5),
                                                        ("advice", "mixture", 1.6), ("posterior", "mixture", None)]


def test_the_finished_answers_are_a_bounded_lru():
    job = Counting()
    job.go.set()
    w = Workers(inline=True, job=job, keep=2)
    for model in ("random", "mixture", "card-counter"):
        w.result("posterior", TWO, model)
    assert len(w.answers.done) == 2
    w.result("posterior", TWO, "card-counter")  # kept: not computed again
    assert len(job.calls) == 3
    w.result("posterior", TWO, "random")  # the oldest, dropped: computed again
    assert [c[2] for c in job.calls] == ["random", "mixture", "card-counter", "random"]


def test_an_unknown_job_or_a_bad_record_is_a_clear_error():
    w = Workers(inline=True)
    with pytest.raises(ValueError, match="unknown job"):
        w.submit("guess", TWO, "mixture")
    with pytest.raises(LoveLetterError):
        w.submit("advice", "2019 Ana", "mixture")
    assert w.answers.started == 0


@pytest.fixture(scope="module")
def pool():
    w = Workers(inline=False, workers=2, job=crash_or_compute)
    yield w
    w.close()


def crash_or_compute(kind, text, model, budget):
    """The solver call, except that the model "crash" kills the worker process."""
    if model == "crash":
        os._exit(1)
    return compute(kind, text, model, budget)


@pytest.mark.parametrize("text, model", [(TWO, "mixture"), (CLASSIC, "random"), (THREE, "card-counter")])
def test_the_pool_answers_what_the_server_would_compute_itself_to_the_fraction(pool, text, model):
    here = Workers(inline=True)
    post, near = pool.result("posterior", text, model), here.result("posterior", text, model)
    assert post.hands == near.hands and post.set_aside == near.set_aside and post.types == near.types
    assert post.record == near.record and post.record.edition is get_edition(near.record.edition.key)
    adv, mine = pool.result("advice", text, model, 2.5), here.result("advice", text, model, 2.5)
    assert adv == mine  # every figure: wins (Fractions when exact), intervals, explanations
    assert [a.win for a in adv.actions] == [a.win for a in mine.actions]


def test_identical_requests_to_the_pool_share_one_future(pool):
    before = pool.answers.started
    futures = [pool.submit("advice", CLASSIC, "card-counter", 2.0) for _ in range(6)]
    assert len({id(f) for f in futures}) == 1 and pool.answers.started == before + 1
    assert futures[0].result().method in ("exact", "estimate")
    assert pool.submit("advice", CLASSIC, "card-counter", 2.0) is futures[0]  # finished: remembered
    assert pool.answers.started == before + 1


def test_a_project_error_in_a_worker_comes_back_as_that_error(pool):
    with pytest.raises(LoveLetterError) as here:
        Workers(inline=True).result("advice", NO_HAND, "mixture", 2.5)
    with pytest.raises(type(here.value)) as there:
        pool.result("advice", NO_HAND, "mixture", 2.5)
    assert str(there.value) == str(here.value) and there.value.rule == here.value.rule == "viewer-hand-unknown"
    assert there.value.params == here.value.params


def test_a_broken_pool_is_recreated(pool):
    from concurrent.futures.process import BrokenProcessPool

    with pytest.raises(BrokenProcessPool):
        pool.submit("posterior", TWO, "crash").result()
    assert pool.result("posterior", TWO, "random").hands  # a new pool answers


def test_one_longer_search_at_a_time_the_same_one_shared():
    job = Counting()
    slots = threading.BoundedSemaphore(1)
    w = Workers(inline=True, job=job, deep_slots=slots)
    threads, out = _together(2, lambda: w.result("deeper", TWO, "random"))
    while not job.calls:
        threading.Event().wait(0.01)
    with pytest.raises(DeeperBusy):
        w.submit("deeper", CLASSIC, "random")  # another position: refused, not queued
    job.go.set()
    for th in threads:
        th.join()
    assert len(job.calls) == 1 and out[0] == out[1]
    assert slots.acquire(blocking=False)  # given back
    slots.release()
    w.result("deeper", CLASSIC, "random")  # the slot is free: it runs
    assert len(job.calls) == 2


def test_the_app_uses_one_shared_pool_inline_under_these_tests():
    assert workers.shared() is workers.shared() and workers.shared().inline


def test_starting_the_pool_ahead_starts_its_workers_and_answers_after(pool):
    pool.start()
    assert pool.result("posterior", CLASSIC, "random").hands


def test_a_worker_does_not_run_the_parents_main_script(tmp_path, monkeypatch):
    """Under Streamlit the parent's `__main__` is the page script (tutor/app.py): a worker that
    imported it would run the whole app at start (and, with its warm-up, start a pool of its own)."""
    import sys
    import types

    marker = tmp_path / "ran"
    script = tmp_path / "page.py"
    script.write_text(f"open({str(marker)!r}, 'w').close()\n")
    page = types.ModuleType("__main__")
    page.__file__ = str(script)
    monkeypatch.setitem(sys.modules, "__main__", page)
    w = Workers(inline=False, workers=1)
    try:
        assert w.result("posterior", CLASSIC, "random").hands
    finally:
        w.close()
    assert not marker.exists()


def test_a_practice_bot_thinks_in_the_pool_and_plays_what_it_would_play_itself(pool):
    """A searching bot's turn computed by the worker pool (`answers.bot_play`'s job) is the turn it
    would play computed in the server itself: the same game, event for event (and the record sent
    to the worker is read back as the same record)."""
    from solver.advice.practice import bot_step, bots_to_play, start

    def think(bots, record, budget, seed):
        assert parse_record(format_record(record)) == record
        return pool.result("bot", format_record(record), bots, (budget, seed))

    for bots, key in (("advisor", "classic"), ("ismcts", "2019")):
        here = there = start(key, ["Ana", "You"], 1, bots, seed=11, then_bots=False)
        turns = 0
        while bots_to_play(here) and turns < 2:
            here, there = bot_step(here), bot_step(there, think=think)
            assert there == here
            turns += 1
        assert turns >= 1
    assert not any(key[0] == "bot" for key in pool.answers.done)  # asked for once: the advice keeps the room
    with pytest.raises(LoveLetterError, match="searching bot"):
        compute("bot", CLASSIC, "card-counter", (100, 1))
