"""The viewer's belief about the opponents' hands (`solver.policies.belief`), the estimate's later turns.

In a 2-player round of the classic edition it is the exact posterior: at every decision of seeded
play-outs (the opponent playing its type, the viewer on the belief), the belief about the opponent's
card equals the inference's posterior of the record extended by what the viewer saw, under each of the
three models. And the viewer's last play (the deck empty) is the exact best under it."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from solver.advice.estimate import start_belief
from solver.advice.exact import exact_answer
from solver.advice.worlds import TypedSampler
from solver.inference.posterior import posterior_of
from solver.policies.belief import final_values, observe, viewer_choice
from solver.policies.models import get_model
from solver.records.record import record_from_events
from solver.rules.game import apply, legal_actions
from solver.rules.rng import SplitMix64
from solver.rules.state import OVER
from benchmarks.positions import position_at


def play_outs(record, model, count: int, seed: int):
    """Seeded play-outs from the record's decision: at each of the viewer's later decisions, (round,
    belief, the record extended by what the viewer saw)."""
    draw = TypedSampler(record, model)
    rng = random.Random(seed)
    first = draw(rng)[0]
    start = start_belief(record, model, first, posterior_of(record, model))
    for _ in range(count):
        deal, kind = draw(rng)
        prng = SplitMix64(rng.getrandbits(64))
        b = start.copy()
        r = deal
        acts = legal_actions(r)
        a = acts[rng.randrange(len(acts))]
        trail: list = []
        while True:
            r1, events = apply(r, a)
            trail.extend(events)
            if r1.phase == OVER:
                break
            observe(b, r, a, r1)
            r = r1
            if r.current == record.viewer:
                yield r, b, record_from_events(record.edition, record.seats, trail, record.viewer, base=record)
                a = viewer_choice(r, b)
            else:
                a = kind.choose(r, prng)


@pytest.mark.parametrize("model", ["random", "card-counter", "mixture"])
def test_in_a_classic_two_player_round_the_belief_is_the_exact_posterior(model):
    checked = 0
    for seed in (500, 502, 504):
        record = position_at("classic", 2, 7, seed)
        m = get_model(model, playing=True)
        for r, b, seen in play_outs(record, m, 12, seed):
            exact = posterior_of(seen, m).hand(1 - record.viewer)
            mine = b.hand(1 - record.viewer)
            for c in range(10):
                assert mine[c] == pytest.approx(float(exact.get(c, Fraction(0))), abs=1e-12)
            checked += 1
    assert checked >= 30


def test_the_last_play_is_the_exact_best_under_the_belief():
    checked = 0
    for seed in (500, 502, 504, 506):
        record = position_at("classic", 2, 7, seed)
        m = get_model("card-counter", playing=True)
        for r, b, seen in play_outs(record, m, 30, seed):
            if r.deck or len(legal_actions(r)) < 2 or final_values(r, b) is None:
                continue
            values = {x.action: x.win for x in exact_answer(seen, m, 100_000).actions}
            assert values[viewer_choice(r, b)] == max(values.values())
            checked += 1
    assert checked >= 5
