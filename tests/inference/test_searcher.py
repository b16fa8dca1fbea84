"""The searching opponent type (issue 35, point 2): a quantal best response one play ahead
from the player's own view. Its likelihood is exact: the inference's type weights under a
mixture that holds it equal each type's prior times the brute-force oracle's likelihood (the
oracle asks the type's own weights on every engine round it enumerates, the inference on the
stand-in round of what the player saw)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver import Card, apply, deal_round, legal_actions
from solver.advice.advisor import advise
from solver.advice.worlds import AdviceError
from solver.inference import type_weights
from solver.policies.heuristics import card_counter_policy
from solver.policies.models import MODELS
from solver.records.record import record_from_events
from solver.rules.actions import Play
from solver.rules.rng import SplitMix64

from ..oracle import OracleTooBig, likelihood

SEARCHER = MODELS["searcher"]


def played(key, n, seed, steps, viewer):
    """A record after `steps` actions: each decision the searcher's, the card counter's or a
    random one, a third each."""
    rng = random.Random(seed)
    gen = SplitMix64(seed)
    r, ev = deal_round(key, n, seed % n, seed)
    events = list(ev)
    for i in range(steps + 99):
        if i >= steps and r.phase == "play":
            break
        x = rng.random()
        action = (SEARCHER.choose(r, gen) if x < 1 / 3 else card_counter_policy(r, rng) if x < 2 / 3
                  else rng.choice(legal_actions(r)))
        nxt, ev = apply(r, action)
        if nxt.phase == "over":
            break
        r = nxt
        events.extend(ev)
    return record_from_events(r.edition, n, events, viewer)


@pytest.mark.parametrize("key, n", [("classic", 2), ("2019", 2), ("2019", 3)])
def test_the_three_types_weights_are_the_prior_times_the_oracles_likelihood(key, n):
    model = MODELS["three-types"]
    checked = 0
    for seed in range(80):
        record = played(key, n, seed, random.Random(seed).randrange(2, 10), seed % n)
        try:
            liks = {t.name: likelihood(record, t.name, cap=600) for t in model.types}
        except OracleTooBig:
            continue
        scores = {name: p * liks[name] for name, p in zip(liks, model.prior)}
        if not sum(scores.values()):
            continue
        want = {name: s / sum(scores.values()) for name, s in scores.items()}
        assert type_weights(record, model) == want, record
        checked += 1
        if checked >= 8:
            break
    assert checked >= 5


def test_an_opponents_chancellor_choice_weighs_as_the_oracle_says():
    """Records in which an opponent played the Chancellor (its hidden keep weighed by the type)."""
    model = MODELS["three-types"]
    checked = 0
    for seed in range(400):
        record = played("2019", 2, seed, random.Random(seed).randrange(3, 9), seed % 2)
        if not any(t.card == Card.CHANCELLOR and t.player != record.viewer for t in record.turns):
            continue
        try:
            liks = {t.name: likelihood(record, t.name, cap=600) for t in model.types}
        except OracleTooBig:
            continue
        scores = {name: p * liks[name] for name, p in zip(liks, model.prior)}
        want = {name: s / sum(scores.values()) for name, s in scores.items()}
        assert type_weights(record, model) == want, record
        checked += 1
        if checked >= 4:
            break
    assert checked >= 2


def play_to(key, n, seed, steps):
    r, _ = deal_round(key, n, seed % n, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        nxt, _ = apply(r, rng.choice(legal_actions(r)))
        if nxt.phase == "over":
            break
        r = nxt
    return r


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([("classic", 2), ("2019", 2), ("2019", 4), ("classic", 4)]), st.integers(0, 10_000),
       st.integers(0, 12))
def test_every_legal_play_keeps_a_positive_weight_and_the_weights_sum_to_the_denominator(table, seed, steps):
    r = play_to(*table, seed, steps)
    acts, den = SEARCHER.weights(r)
    assert sorted(map(repr, (a for a, _ in acts))) == sorted(map(repr, legal_actions(r)))
    assert all(w > 0 for _, w in acts) and sum(w for _, w in acts) == den
    assert SEARCHER.choose(r, SplitMix64(seed)) in legal_actions(r)


def test_a_remembered_card_is_named():
    """With a Priest's look remembered (the opponent holds the Baron) and a Guard and a Priest in
    hand, the Guard naming the Baron is the searcher's one most likely play."""
    r, _ = deal_round("classic", 2, 0, 3)
    r = r._replace(hands=((Card.GUARD, Card.PRIEST), (Card.BARON,)), known=((0, 1, Card.BARON),))
    acts, den = SEARCHER.weights(r)
    probs = {a: Fraction(w, den) for a, w in acts}
    sure = Play(Card.GUARD, 1, Card.BARON)
    assert probs[sure] == max(probs.values()) and probs[sure] > Fraction(1, len(acts))
    assert sum(1 for p in probs.values() if p == probs[sure]) == 1


def test_a_chancellor_is_valued_as_the_best_of_three():
    """Holding the Chancellor and the Spy, playing the Chancellor keeps the best of the Spy and two
    draws, not the Spy alone (which would lose almost every showdown): its value is within half a
    round of playing the Spy and keeping the Chancellor, i.e. its quantal weight within a factor
    2 ** (K / 2) at any temperature K (the Spy alone: a gap of about 0.84 of a round)."""
    from solver.policies.searcher import searcher_weights

    r, _ = deal_round("2019", 2, 0, 3)
    r = r._replace(hands=((Card.CHANCELLOR, Card.SPY), (Card.BARON,)), known=())
    for k in (16, 32, 64):
        w = dict(searcher_weights(r, k=k, epsilon=0)[0])
        assert w[Play(Card.CHANCELLOR)] * 2 ** (k // 2) > w[Play(Card.SPY)], k


def test_discarding_the_princess_is_the_least_likely_play():
    seen = 0
    for seed in range(300):
        r, _ = deal_round("2019", 2, 0, seed)
        if Card.PRINCESS in r.hands[0] and len(legal_actions(r)) > 1:
            acts, den = SEARCHER.weights(r)
            # the Princess discarded: played, or made to be discarded by a Prince on oneself
            gone = [a.card == Card.PRINCESS or (a.card == Card.PRINCE and a.target == 0) for a, _ in acts]
            princess = [w for (a, w), g in zip(acts, gone) if g]
            others = [w for (a, w), g in zip(acts, gone) if not g]
            assert max(princess) < min(others), r.hands[0]
            seen += 1
    assert seen >= 10


def test_the_advisor_refuses_the_searcher_by_name():
    record = played("classic", 2, 1, 0, 0)
    with pytest.raises(AdviceError, match="searcher"):
        advise(record, "searcher")
