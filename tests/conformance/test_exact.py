"""The compiled exact search (`solver.compiled.exact`) against the reference search it ports
(`solver.advice.exact.ExactSolver`): the same answer, figure for figure (every play's exact win and token
values as Fractions, the knock-out and out-before-next-turn chances, the values had the viewer known the
opponents' type), and the same work counted, so that whether a position is answered exactly does not
depend on the path. On the saved benchmark positions and on random positions; a search that runs out of
room in its tables starts again with larger ones and gives the same answer.

By default a subset; `LOVELETTER_FULL=1` checks every saved position of 3–5 cards and 1,000 random
positions."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from solver.advice.exact import advise_exact, exact_value
from solver.advice.worlds import TooLargeError
from solver.compiled import path_in_use, forced
from solver.policies.models import get_model
from solver.records.notation import parse_record

from .common import position_where

pytestmark = pytest.mark.skipif(path_in_use() != "compiled", reason="the compiled path is not in use")

FULL = os.environ.get("LOVELETTER_FULL") == "1"
SAVED = Path(__file__).resolve().parents[2] / "benchmarks" / "exact_positions.tsv"


def saved(cards: tuple, every: int):
    rows = [line.rstrip("\n").split("\t") for line in SAVED.read_text().splitlines()]
    picked = [(e, int(c), t) for e, c, t in rows if int(c) in cards]
    return picked[::every]


def both(fn, record, model, budget):
    out = []
    for path in ("reference", "compiled"):
        stats: dict = {}
        with forced(path):
            try:
                answer = fn(record, model, budget, stats=stats)
            except TooLargeError:
                answer = "too large"
        out.append((answer, stats.get("work"), stats.get("nodes")))
    return out


@pytest.mark.parametrize("model", ["random", "card-counter", "mixture"])
def test_saved_positions_get_the_same_exact_answer_and_work_on_both_paths(model):
    checked = 0
    for edition, cards, text in saved((3, 4, 5) if FULL else (3, 4), 1 if FULL else 3):
        (slow, sw, sn), (fast, fw, fn_) = both(advise_exact, parse_record(text), model, 300_000)
        assert fast == slow, (edition, cards, text)
        assert (fw, fn_) == (sw, sn), (edition, cards, text)
        checked += slow != "too large"
    assert checked >= (110 if FULL else 25)


def random_positions(key: str, n: int, count: int, start: int, max_deck: int):
    found = 0
    for seed in range(start, start + 50 * count):
        record = position_where(key, n, seed, lambda r, rng: len(r.deck) <= max_deck)
        if record is not None:
            yield record
            found += 1
            if found >= count:
                return


@pytest.mark.parametrize("key, n, model, max_deck", [
    ("classic", 2, "card-counter", 3), ("2019", 2, "mixture", 3), ("classic-2019", 2, "random", 4),
    ("2019", 3, "mixture", 2), ("2019", 4, "card-counter", 1), ("classic", 4, "random", 2),
])
def test_random_positions_get_the_same_exact_value_and_work_on_both_paths(key, n, model, max_deck):
    count = 170 if FULL else 25
    checked = 0
    for record in random_positions(key, n, count, 7_000, max_deck):
        (slow, sw, _), (fast, fw, _) = both(exact_value, record, get_model(model, playing=True), 200_000)
        assert fast == slow and fw == sw, record
        checked += 1
    assert checked >= count * 0.8


def test_a_search_out_of_room_starts_again_larger_with_the_same_answer(monkeypatch):
    from solver.compiled.exact import answer as compiled_exact

    record = parse_record(saved((4,), 1)[3][2])
    with forced("compiled"):
        want = advise_exact(record, "mixture", 300_000)
    monkeypatch.setattr(compiled_exact, "FIRST_SIZE", 4)  # tables of 16 rows: full at once
    sizes = []
    original = compiled_exact.CompiledSolver.__init__

    def spy(self, *args, **kwargs):
        original(self, *args, **kwargs)
        sizes.append(self.size)

    monkeypatch.setattr(compiled_exact.CompiledSolver, "__init__", spy)
    with forced("compiled"):
        assert advise_exact(record, "mixture", 300_000) == want
    assert sizes[0] == 4 and len(sizes) > 1 and sizes == sorted(sizes)


def test_the_budget_refuses_on_both_paths_at_the_same_work():
    record = parse_record(saved((5,), 1)[0][2])
    with forced("reference"):
        stats: dict = {}
        advise_exact(record, "random", 10**6, stats=stats)
    need = stats["work"]
    for path in ("reference", "compiled"):
        with forced(path):
            with pytest.raises(TooLargeError):
                advise_exact(record, "random", need - 1)
            assert advise_exact(record, "random", need).method == "exact"


def test_both_searches_implement_the_exact_search_protocol():
    """`solver.compiled.ExactSearch`: what the exact answer asks of a search, offered by the reference
    and the compiled one alike."""
    from solver.advice.exact import ExactSolver
    from solver.compiled import ExactSearch
    from solver.compiled.exact import CompiledSolver
    from solver.rules.editions import get_edition

    model = get_model("mixture", playing=True)
    reference = ExactSolver(0, 1_000, None, model)
    compiled = CompiledSolver(0, 1_000, None, model, False, get_edition("classic"), 2)
    for search in (reference, compiled):
        assert isinstance(search, ExactSearch), type(search)
        for name in ("to_int", "masses", "value", "outcomes_many", "opponent_many", "flags_many", "release"):
            assert callable(getattr(search, name))


def test_the_borrowed_tables_are_every_table_of_the_context_the_same_memory():
    """`borrowed` lists the context's tables one by one: a table added to `new_context` must be added there
    (each view the same array: same type, same shape, the same memory)."""
    import numpy as np

    from solver.compiled.exact.tables import borrowed, new_context

    ctx = new_context(2, 0, np.zeros(16, dtype=np.int64), (), (0,), False, False, 1000, size=8)
    views = borrowed(ctx)
    assert len(views) == len(ctx)
    for a, b in zip(ctx, views):
        assert (b.dtype, b.shape) == (a.dtype, a.shape)
        assert b.__array_interface__["data"][0] == a.__array_interface__["data"][0]
    views[0][3] = 7  # a write through the view is a write to the table
    assert ctx[0][3] == 7
