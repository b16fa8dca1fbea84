"""The engine's memory update on every play equals the documented rule (`solver.rules.memory.remember`).

`round_apply` computes `Round.known` by shortcuts (only the plays that can change it, forgetting
directly); `remember` replays the rule event by event. They must agree after every play of
random rounds in every edition and player count, including Chancellor returns and rounds' ends.
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
