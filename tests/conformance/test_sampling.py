"""The estimate's play-outs on the compiled path equal the reference path's, figure for figure: the
same deals, the same draws, the same next-decision statistics and leaves, so the same answer
(every play's win rate, interval, samples, P(best), …) under `solver.compiled.forced`."""

from __future__ import annotations

import pytest

from solver import parse_record
from solver.advice.estimate import DEFAULT_LEAVES, advise_estimate
from solver.compiled import path_in_use, forced

from .common import position_where

pytestmark = pytest.mark.skipif(path_in_use() != "compiled", reason="the compiled path is not in use")

RECORDS = [
    ("classic P1,P2 first:P1 viewer:P1 up:7,3,4 dealt:1 | P1 +1", "card-counter"),
    ("classic P1,P2 first:P1 viewer:P1 up:1,2,8 dealt:5 | P1 +1 1>P2=7 miss | P2 1>P1=4 miss | P1 +3 5>P1 disc:3 "
     "new:6 | P2 2>P1 | P1 +1 1>P2=3 miss | P2 7 | P1 +4", "mixture"),
    ("2019 Ana,Luis,Marta first:Ana viewer:Ana dealt:8 | Ana +1 1>Luis=5 miss | Luis 4 | Marta 2>Ana | Ana +5",
     "mixture"),
    ("2019 P1,P2 first:P1 viewer:P2 up:5,1,2 dealt:5 | P1 6 | P2 +1 1>P1=8 miss | P1 6 | P2 +1 1>P1=0 miss | P1 4 | "
     "P2 +3", "random"),
]


def both(record, model, **kw):
    kw.setdefault("leaves", DEFAULT_LEAVES)  # (the leaves on in every round: a 2-player one has none by default)
    with forced("reference"):
        slow = advise_estimate(record, model, **kw)
    with forced("compiled"):
        fast = advise_estimate(record, model, **kw)
    return slow, fast


@pytest.mark.parametrize("text, model", RECORDS)
def test_the_estimate_is_the_same_on_both_paths(text, model):
    slow, fast = both(parse_record(text), model, deals=400, seed=11)
    assert slow == fast
    assert slow.method == "estimate"


def positions(key: str, n: int, count: int):
    """Seeded rounds played at random to seat 0's turns with a choice."""
    found = 0
    for seed in range(500, 5000):
        record = position_where(key, n, seed, lambda r, rng: rng.below(3) == 0)
        if record is not None:
            yield record
            found += 1
            if found >= count:
                return


@pytest.mark.parametrize("key, n, model", [("classic", 2, "card-counter"), ("2019", 2, "mixture"),
                                           ("2019", 4, "random"), ("classic-2019", 3, "card-counter")])
def test_random_positions_give_the_same_estimate_on_both_paths_with_and_without_next_decisions(key, n, model):
    for record in positions(key, n, 3):
        for decisions in (True, False):
            slow, fast = both(record, model, deals=200, seed=3, next_decision=decisions)
            assert slow == fast, (record, decisions)


def test_the_compiled_deals_are_the_python_paths_deals():
    """Deal i of an estimate: its type, tracked cards and untouched cards drawn from its own generator, laid
    out by the compiled kernel as the reference path lays it out (the same round, memory included)."""
    from solver.advice.worlds import typed_sampler
    from solver.advice.deals import Deals, make_deals

    checked = 0
    for key, n, model in [("classic", 2, "mixture"), ("2019", 2, "card-counter"), ("2019", 3, "mixture"),
                          ("2019", 5, "random"), ("classic-2019", 4, "card-counter")]:
        for record in positions(key, n, 2):
            sampler = typed_sampler(record, model)
            python = Deals(sampler, 17)
            with forced("compiled"):
                compiled = make_deals(sampler, 17)
            compiled.ensure(150)
            python.ensure(150)
            for i in range(150):
                assert compiled.round(i) == python.round(i), (record, i)
                assert compiled.types[i] is python.types[i] and compiled.seeds[i] == python.seeds[i]
                checked += 1
    assert checked >= 1500
