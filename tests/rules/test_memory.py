"""The memory rule's one dispatcher (`solver.rules.memory.turn_steps`, `follow`): the engine's memory after
every play of random rounds (every edition and player count, Chancellor returns and rounds' ends
included) is `remember` of the play's events, and the inference's memory pairs, built from the record of
the same rounds, are the engine's (the compiled core's writes are checked by the conformance suite).
"""

import random

import pytest

from solver import apply, deal_round, get_edition, legal_actions
from solver.rules.memory import remember

ROWS = [("classic", n) for n in (2, 3, 4)] + [("classic-2019", 4)] + [("2019", n) for n in (2, 3, 4, 5, 6)]


@pytest.mark.parametrize("key, n", ROWS)
def test_memory_after_every_play_follows_the_rule(key, n):
    e = get_edition(key)
    rng = random.Random(f"memory/{key}/{n}")
    changed = 0
    for k in range(300):
        r, _ = deal_round(e, n, k % n, ("memory", k))
        while r.phase != "over":
            before = r.known
            r, events = apply(r, rng.choice(legal_actions(r)))
            assert r.known == remember(before, events)
            changed += r.known != before
    assert changed > 100  # the memory was really exercised


@pytest.mark.parametrize("key, n", [("classic", 2), ("2019", 4), ("classic-2019", 3)])
def test_the_inference_follows_the_same_dispatcher_as_the_engine(key, n):
    """The inference's memory pairs (from a record's turns, `solver.inference.beliefs`) are the engine's
    (from its events): both go through `solver.rules.memory.turn_steps`. Checked at random points of
    random rounds, as seat 0 saw them."""
    from solver.inference.beliefs import build_belief
    from solver.policies.models import MODELS
    from solver.records.record import record_from_events

    rng = random.Random(f"dispatcher/{key}/{n}")
    compared = remembered = 0
    for k in range(200):
        r, ev = deal_round(get_edition(key), n, k % n, ("dispatcher", k))
        events = list(ev)
        stop = rng.randrange(2, 12)
        while r.phase != "over" and stop:
            r, more = apply(r, rng.choice(legal_actions(r)))
            events += more
            stop -= 1
        if r.phase != "play" or r.current != 0:
            continue
        b, _ = build_belief(record_from_events(r.edition, n, events, 0), MODELS["card-counter"])
        assert b.known == {(o, h) for o, h, _ in r.known}
        compared += 1
        remembered += bool(r.known)
    assert compared > 20 and remembered > 3
