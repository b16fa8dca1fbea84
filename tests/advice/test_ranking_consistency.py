"""A ranking never contradicts itself (issues 26 and 41), over generated 3–6-player positions
and 2-player ones: plays in the order of their values (the best first); each play's standing
(best, close, worse, undecided) read from its difference interval one way; a Guard's sure misses
at one target one row in the value order; the immediate figures of a row (knock-out chance, what
a play shows) equal the exact posterior's, the odds table's."""

from __future__ import annotations

import random

import pytest

from solver import apply, deal_round, legal_actions
from solver.advice.advisor import advise
from solver.inference import infer
from solver.policies.heuristics import card_counter_policy
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
            action = card_counter_policy(r, rng) if rng.random() < 0.5 else rng.choice(legal_actions(r))
            r, more = apply(r, action)
            events += more
        if found >= count:
            return


def is_guess(a) -> bool:
    return isinstance(a.action, Play) and a.action.guess is not None


def check_ranking(adv, record) -> None:
    """The rules of issue 41 on one answer: the highest value first; each play's standing the one
    reading of its difference interval (close: within ±3 points, "equally good"; worse: below 0;
    undecided otherwise); a Guard's sure misses one row in the value order, never said by a card;
    certain outcomes exact; the immediate figures the exact posterior's."""
    from solver.advice.result import BEST, CLOSE, CLOSE_POINTS, UNDECIDED, WORSE

    rows = adv.actions
    assert rows and rows[0].standing == BEST and rows[0].diff == 0
    post = infer(record, adv.model) if adv.posterior == "exact" else None

    def cannot_hit(a) -> bool:
        return post is not None and a.action.guess not in post.hand(a.action.target)

    # The order: by value, the best first, a sure miss keeping its place (no row above one of higher value).
    for x, y in zip(rows, rows[1:]):
        assert (x.win, x.tokens) >= (y.win, y.tokens), (x, y)
    for a in rows[1:]:
        low, high = a.diff_interval
        assert low <= a.diff <= high
        if a.same_as is not None:
            assert a.standing == next(b.standing for b in rows if b.action == a.same_as)
            continue
        if low >= -CLOSE_POINTS - 1e-12 and high <= CLOSE_POINTS + 1e-12:
            assert a.standing == CLOSE, a
        elif high < 0:
            assert a.standing == WORSE, a
        else:
            assert a.standing == UNDECIDED, a
        assert a.cost == (0.0 if a.standing == CLOSE else max(0.0, -a.diff))
    assert adv.resolved == all(a.standing == WORSE for a in rows[1:] if a.same_as is None)
    assert adv.decided == (not any(a.standing == UNDECIDED for a in rows))
    assert {a.action for a in adv.best_group()} == {a.action for a in rows if a.standing in (BEST, CLOSE)}
    for a in rows:
        if isinstance(a.action, Play) and a.action.card == Card.PRINCESS:  # she knocks the viewer out
            assert a.exact and a.win == 0 and a.out_before_next_turn == 1, a
        if not a.exact:
            low, high = a.interval
            assert low <= a.win <= high
        if is_guess(a) and post is not None:
            assert a.sure_miss == cannot_hit(a), a
    # A Guard's sure misses at one target: one row (the others name it, with its figures).
    for target in {a.action.target for a in rows if a.sure_miss}:
        leads = [a for a in rows if a.sure_miss and a.action.target == target and a.same_as is None]
        assert len(leads) == 1, leads
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
