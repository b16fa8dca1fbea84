"""Opponent types read from the record (issue 26): the mixture's weights are each type's prior
times the record's likelihood under it, checked against the brute-force oracle's likelihood
(which shares nothing with the inference but the engine); the mixture's posterior is the types'
posteriors averaged with those weights; the card counter breaks its ties uniformly."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from solver import Card, apply, deal_round, legal_actions
from solver.inference import infer, type_weights
from solver.policies.heuristics import card_counter_choices, card_counter_policy
from solver.policies.models import MODELS, CardCounterModel, get_model
from solver.records.record import record_from_events

from ..oracle import OracleTooBig, likelihood, oracle


def played(key, n, seed, steps, viewer, counter_share):
    """A record of an engine game after `steps` actions as `viewer` saw it: each decision of the
    card-counting policy with probability `counter_share`, else a random one."""
    rng = random.Random(seed)
    r, ev = deal_round(key, n, seed % n, seed)
    events = list(ev)
    for i in range(steps + 99):
        if i >= steps and r.phase == "play":
            break
        action = card_counter_policy(r, rng) if rng.random() < counter_share else rng.choice(legal_actions(r))
        nxt, ev = apply(r, action)
        if nxt.phase == "over":
            break
        r = nxt
        events.extend(ev)
    return record_from_events(r.edition, n, events, viewer)


@pytest.mark.parametrize("key, n", [("classic", 2), ("2019", 2), ("classic", 3), ("2019", 3)])
def test_the_mixtures_weights_are_the_prior_times_the_oracles_likelihood(key, n):
    mixture = MODELS["mixture"]
    checked = 0
    for seed in range(60):
        record = played(key, n, seed, random.Random(seed).randrange(2, 10), seed % n, counter_share=seed % 3 / 2)
        try:
            liks = {t.name: likelihood(record, t.name, cap=600) for t in mixture.types}
            marginals = {t.name: oracle(record, t.name, cap=600) for t in mixture.types}
        except OracleTooBig:
            continue
        scores = {name: p * liks[name] for name, p in zip(liks, mixture.prior)}
        want = {name: s / sum(scores.values()) for name, s in scores.items()}
        assert type_weights(record, "mixture") == want, record
        post = infer(record, "mixture")
        assert post.types == want
        for seat, dist in post.hands.items():
            if "cards" in dist:
                continue
            mixed = Counter()
            for name, w in want.items():
                for c, p in marginals[name][0][seat].items():
                    mixed[c] += w * p
            assert dist == {c: p for c, p in sorted(mixed.items()) if p}, (record, seat)
        checked += 1
        if checked >= 10:
            break
    assert checked >= 6


def test_the_record_moves_the_weights_toward_the_type_that_played():
    """Over long 2-player records, an opponent who played the card counter's choices is weighed
    a card counter more often than one who played at random."""
    counter, rand = [], []
    for seed in range(40):
        for share, out in ((1.0, counter), (0.0, rand)):
            record = played("classic", 2, seed, 8, 0, counter_share=share)
            out.append(type_weights(record, "mixture")["card-counter"])
    # (many records are short or the opponent's plays forced: those keep the prior's 1/2)
    assert sum(counter) / len(counter) > Fraction(65, 100) and sum(rand) / len(rand) < Fraction(45, 100)
    assert sum(w > Fraction(3, 4) for w in counter) > 15 > sum(w > Fraction(3, 4) for w in rand)


def test_a_record_without_opponent_plays_keeps_the_prior():
    record = played("2019", 2, 3, 0, 0, counter_share=1)
    assert type_weights(record, "mixture") == {"card-counter": Fraction(1, 2), "random": Fraction(1, 2)}


def test_single_types_weigh_one_and_names_resolve_once_into_objects():
    record = played("classic", 2, 5, 4, 1, counter_share=1)
    assert type_weights(record, "random") == {"random": 1}
    model = get_model("mixture")
    assert get_model(model) is model and [t.name for t in model.types] == ["card-counter", "random"]
    with pytest.raises(Exception, match="does not play|unknown opponent model|cannot play"):
        get_model("uniform", playing=True)


def _tied_guesses():
    """States where the card counter's Guard has several equally good guesses."""
    for seed in range(200):
        rng = random.Random(seed)
        r, _ = deal_round("classic", 2, 0, seed)
        while r.phase != "over":
            ties = card_counter_choices(r)
            guesses = {a.guess for a in ties if getattr(a, "guess", None) is not None}
            if len(guesses) > 1:
                yield r, ties
                break
            r, _ = apply(r, rng.choice(legal_actions(r)))


def test_the_card_counter_names_each_of_its_tied_guesses_equally_often():
    """The issue's quirk: with the Baron and the Prince equally likely unseen, the old heuristic
    always named the higher card. Now every tied guess is its choice, drawn uniformly, and the
    model gives each (1 - 1/10) / ties + 1/10 / legal."""
    found = 0
    for r, ties in _tied_guesses():
        counts = Counter(card_counter_policy(r, random.Random(i)) for i in range(400 * len(ties)))
        assert set(counts) == set(ties)
        assert min(counts.values()) > 300  # each about 400
        n = len(legal_actions(r))
        dist = dict(MODELS["card-counter"].distribution(r))
        for a in legal_actions(r):
            want = Fraction(9, 10) / len(ties) * (a in ties) + Fraction(1, 10 * n)
            assert dist[a] == want == CardCounterModel.mixed(int(a in ties), len(ties), 1, n)
        found += 1
        if found >= 5:
            break
    assert found >= 5


def test_a_guess_between_the_baron_and_the_prince_is_not_always_the_prince():
    seen = set()
    for r, ties in _tied_guesses():
        guesses = {a.guess for a in ties}
        if {Card.BARON, Card.PRINCE} <= guesses:
            for i in range(50):
                seen.add(card_counter_policy(r, random.Random(i)).guess)
    assert {Card.BARON, Card.PRINCE} <= seen
