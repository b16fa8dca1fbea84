"""The counting heuristic and the advisor's play-out on the fast state agree with the policies
on the public engine (issue 15): the same decision in every state, the same outcome from the
same generator."""

import random

from solver.rules.rng import SplitMix64

import pytest

from solver import InvalidOptionError, Play, apply, deal_round, get_edition, legal_actions
from solver.policies.heuristics import counting_choices, counting_policy, random_policy
from solver.policies.models import CardCounterModel
from solver.policies.playout import counting_choices as fast_choices, fast_playout, playout
from solver.rules.fast import Sim
from solver.rules.state import OVER, PLAY

CONFIGS = [(key, n, options) for key in ("2019", "classic", "classic-2019")
           for options in ({}, {"void_target_allowed": True})
           for n in range(2, get_edition(key).max_players + 1)]


def as_tuple(action):
    return (action.card, action.target, action.guess) if isinstance(action, Play) else (action.keep, action.bottom)


def test_counting_choices_are_the_counting_policys_in_every_state():
    decisions = tied = 0
    for key, n, options in CONFIGS:
        edition = get_edition(key, **options)
        for k in range(30):
            r, _ = deal_round(edition, n, k % n, k)
            rng = SplitMix64(k)
            while r.phase != OVER:
                want = counting_choices(r)
                assert [tuple(c) for c in fast_choices(Sim.from_round(r), r.current)] == [as_tuple(a) for a in want], r
                decisions += 1
                tied += len(want) > 1
                # Half the plays random, so that memories, protections and knock-outs vary.
                r, _ = apply(r, counting_policy(r, rng) if rng.random() < 0.5 else rng.choice(legal_actions(r)))
    assert decisions > 5000 and tied > 500


def advisor_playout(r, viewer, model, rng):
    """The play-out loop of `solver.advice.advisor.advise_estimate`, on the public engine."""
    seen_turn = False
    while r.phase != OVER:
        if r.current == viewer and r.phase == PLAY:
            seen_turn = True
        if r.out[viewer] and not seen_turn:
            break
        if r.current == viewer or (model == "counting" and not CardCounterModel.explores(rng)):
            policy = counting_policy
        else:
            policy = random_policy
        r, _ = apply(r, policy(r, rng))
    out_before = r.out[viewer] and not seen_turn
    if out_before and r.phase != OVER:
        return (), None, True
    return r.winners, r.spy_bonus, out_before


def test_fast_playout_gives_the_advisors_outcome_from_the_same_generator():
    outs = 0
    played = 0
    for key, n, options in CONFIGS:
        edition = get_edition(key, **options)
        for k in range(40):
            r, _ = deal_round(edition, n, k % n, k)
            walk = SplitMix64(-k)
            for _ in range(k % 5):  # start a few turns in, the Chancellor's phase included
                if r.phase != OVER:
                    r, _ = apply(r, walk.choice(legal_actions(r)))
            viewer = (3 * k) % n
            if r.phase == OVER or r.out[viewer]:
                continue
            for model in ("random", "counting"):
                want = advisor_playout(r, viewer, model, SplitMix64(k))
                assert fast_playout(r, viewer, model, SplitMix64(k)) == want, (r, viewer, model)
                played += 1
                outs += want[2]
    assert played > 1500 and outs > 50


def test_finish_plays_on_after_the_viewer_is_out_and_playout_returns_the_final_round():
    edition = get_edition("2019")
    finished = 0
    for k in range(200):
        r, _ = deal_round(edition, 4, 0, k)
        winners, bonus, out_before = fast_playout(r, 1, "counting", SplitMix64(k), finish=True)
        assert winners or edition.showdown_tie != "all_tied_win"
        if out_before:
            assert 1 not in winners and bonus != 1
            finished += 1
        end = playout(r, SplitMix64(k), "counting")
        assert end.phase == OVER and end == _public_counting(r, SplitMix64(k))
    assert finished > 5


def _public_counting(r, rng):
    while r.phase != OVER:
        r, _ = apply(r, counting_policy(r, rng))
    return r


def test_an_unknown_model_is_refused():
    r, _ = deal_round("classic", 2, 0, 1)
    with pytest.raises(InvalidOptionError, match="unknown model"):
        fast_playout(r, 0, "greedy", SplitMix64(1))
