"""The SO-ISMCTS reference bot: legal, seeded, and it finds a sure win."""

from __future__ import annotations

import random

from solver import Card, Play, apply, deal_round, legal_actions
from solver.advice.ismcts import ismcts_action
from solver.records.record import record_from_events


def _viewer_turns(edition="classic", seeds=range(60)):
    for seed in seeds:
        r, ev = deal_round(edition, 2, 0, seed)
        events = list(ev)
        rng = random.Random(seed)
        while r.phase != "over":
            if r.current == 0 and r.phase == "play":
                yield record_from_events(r.edition, 2, events, 0), r
            r, e2 = apply(r, rng.choice(legal_actions(r)))
            events.extend(e2)


def test_ismcts_plays_a_legal_move_and_is_reproducible():
    checked = 0
    for record, r in _viewer_turns(seeds=range(8)):
        a = ismcts_action(record, iterations=120, seed=5)
        assert a in legal_actions(r)
        assert ismcts_action(record, iterations=120, seed=5) == a
        checked += 1
    assert checked >= 8


def test_ismcts_takes_a_sure_win():
    """The opponent's hand is known (it was just seen): naming it with the Guard wins the round."""

    for seed in range(200):
        found = None
        for record, r in _viewer_turns(seeds=[seed]):
            other = r.hands[1][0]
            if Card.GUARD in r.hands[0] and other != Card.GUARD and not r.protected[1] and len(r.deck) >= 2:
                known = any(k == (0, 1, other) for k in r.known)
                if known:
                    found = (record, r, other)
                    break
        if found:
            record, r, other = found
            assert ismcts_action(record, iterations=600, seed=1) == Play(Card.GUARD, 1, other)
            return
    raise AssertionError("no position where the viewer knows the opponent's card")
