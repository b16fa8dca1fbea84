"""A ranking never contradicts itself (issue 26, point 0), over generated 3–6-player positions
and 2-player ones: plays in the order of their values (the best first); "equally good" only
for a play sampled as much as the best (or exact); a Guard guess that cannot hit never above
one that can at the same target; the immediate figures of a row (knock-out chance, what a play
shows) equal the exact posterior's, the odds table's."""

from __future__ import annotations

import random

import pytest

from solver import apply, deal_round, legal_actions
from solver.advice.advisor import advise
from solver.inference import infer
from solver.policies.heuristics import counting_policy
from solver.records.record import record_from_events
from solver.rules.actions import Play
from solver.rules.cards import Card


def positions(key: str, n: int, count: int, seed0: int = 0):
    """Records at the viewer's (seat 0's) turn after a few turns of card counters and random
    players, with at least three legal plays (or the Princess among two)."""
    found = 0
    for seed in range(seed0, seed0 + 400):
        rng = random.Random(seed)
        r, ev = deal_round(key, n, seed % n, seed)
        events = list(ev)
        turns = rng.randrange(2, 3 * n)
        while r.phase != "over":
            acts = legal_actions(r)
            if r.current == 0 and r.phase == "play" and turns <= 0 and (
                    len(acts) >= 3 or any(a.card == Card.PRINCESS for a in acts)):
                yield record_from_events(r.edition, n, events, 0)
                found += 1
                break
            turns -= 1
            action = counting_policy(r, rng) if rng.random() < 0.5 else rng.choice(legal_actions(r))
            r, more = apply(r, action)
            events += more
        if found >= count:
            return


def is_guess(a) -> bool:
    return isinstance(a.action, Play) and a.action.guess is not None


def check_ranking(adv, record) -> None:
    rows = adv.actions
    assert rows and rows[0].equal_to_best
    post = infer(record, adv.model) if adv.posterior == "exact" else None

    def cannot_hit(a) -> bool:
        return post is not None and a.action.guess not in post.hand(a.action.target)

    # The order: by value, the best first; a sure miss may only move down (below the guesses
    # that can hit at its target).
    plain = [a for a in rows if not (is_guess(a) and cannot_hit(a))]
    for x, y in zip(plain, plain[1:]):
        assert (x.win, x.tokens) >= (y.win, y.tokens) or (x is rows[0] and x.equal_to_best), (x, y)
    most = max((a.samples for a in rows), default=0)
    for a in rows:
        if isinstance(a.action, Play) and a.action.card == Card.PRINCESS:  # she knocks the viewer out
            assert a.exact and a.win == 0 and a.out_before_next_turn == 1, a
        if a.equal_to_best and a is not rows[0]:
            # "equally good" only when sampled as much as the best, or when more deals would not
            # resolve it (its sampling within half the bias allowance)
            sampling = (a.diff_interval[1] - a.diff_interval[0]) / 2 - a.bias_margin
            assert a.exact or a.samples == most or sampling <= a.bias_margin / 2 + 1e-9, a
        if not a.exact:
            low, high = a.interval
            assert low <= a.win <= high
    for target in {a.action.target for a in rows if is_guess(a)}:
        at = [i for i, a in enumerate(rows) if is_guess(a) and a.action.target == target]
        hits = [i for i in at if not cannot_hit(rows[i])]
        misses = [i for i in at if cannot_hit(rows[i])]
        if hits and misses:
            assert max(hits) < min(misses), [rows[i].action for i in at]
    if post is None:
        return
    for a in rows:
        act = a.action
        if not isinstance(act, Play) or act.target in (None, record.viewer):
            continue
        dist = post.hand(act.target)
        assert a.knock_out_exact
        if act.card == Card.GUARD:
            assert a.knock_out_now == dist.get(act.guess, 0), act
        elif act.card == Card.PRINCE:
            assert a.knock_out_now == dist.get(Card.PRINCESS, 0), act
        elif act.card in (Card.PRIEST, Card.KING):
            assert a.learn["sees"] == dist, act


@pytest.mark.parametrize("key, n", [("2019", 3), ("classic", 3), ("2019", 4), ("classic", 4), ("2019", 5),
                                    ("2019", 6)])
def test_rankings_of_many_player_positions_agree_with_themselves(key, n):
    checked = 0
    for record in positions(key, n, 2, seed0=17 * n):
        for model in ("mixture", "card-counter"):
            adv = advise(record, model, deals=120)
            check_ranking(adv, record)
            checked += 1
    assert checked >= 4


@pytest.mark.parametrize("key", ["2019", "classic"])
def test_rankings_of_two_player_positions_agree_with_themselves(key):
    checked = 0
    for record in positions(key, 2, 3, seed0=5):
        adv = advise(record, "mixture", deals=150)
        check_ranking(adv, record)
        checked += 1
    assert checked == 3
