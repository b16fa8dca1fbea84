"""What the exact search shares — canonical states, one evaluation for Guard guesses that do the
same thing in every world, values remembered where the viewer has no decision left — must never
change a figure: the search against the plain `Fraction` reference (every draw resolved, every
transition applied anew, nothing shared but equal information states), value by value, on
fixed positions of both editions (many with a Guard in the viewer's hand, some after a
Chancellor whose returned cards the viewer does or does not know), both opponent models; and
the canonical form of a round against the rules themselves."""

import random

import pytest

from solver import apply, deal_round, legal_actions
from solver.advice.exact import advise_exact, canonical_round
from solver.advice.worlds import observation
from solver.records.notation import parse_record

from .test_exact_reference import assert_same_as_reference

# Positions at the viewer's turn from seeded random games (2 players; 3 to 5 cards in the deck).
POSITIONS = [
    "classic P1,P2 first:P1 viewer:P1 up:5,6,7 dealt:1 | P1 +4 1>P2=7 miss | P2 4 | P1 +1 4 | P2 3 | P1 +5 1>P2=3 miss | P2 2>P1 | P1 +1",
    "classic P1,P2 first:P1 viewer:P1 up:4,1,7 dealt:4 | P1 +6 4 | P2 1 | P1 +3 6>P2 got:1 | P2 3>P1 tie saw:1 | P1 +2 1>P2=4 miss | P2 1>P1=7 miss | P1 +1",
    "classic P1,P2 first:P1 viewer:P1 up:1,3,4 dealt:3 | P1 +2 2>P2 saw:2 | P2 6>P1 got:2 | P1 +5 5>P2 disc:3 | P2 5>P1 disc:2 new:1 | P1 +1",
    "classic P1,P2 first:P1 viewer:P1 up:5,1,3 dealt:1 | P1 +1 1>P2=6 miss | P2 2>P1 | P1 +4 4 | P2 2 | P1 +4 4 | P2 1 | P1 +5",
    "classic P1,P2 first:P1 viewer:P1 up:1,8,4 dealt:2 | P1 +6 2>P2 saw:5 | P2 5>P1 disc:6 new:1 | P1 +1 1>P2=4 miss | P2 2>P1 | P1 +1",
    "classic P1,P2 first:P1 viewer:P1 up:7,6,3 dealt:1 | P1 +2 1>P2=3 miss | P2 5>P2 disc:1 | P1 +4 2>P2 saw:8 | P2 1>P1=7 miss | P1 +1",
    "2019 P1,P2 first:P1 viewer:P1 up:4,1,5 dealt:6 | P1 +8 8 | P2 2>P1 | P1 +1 1>P2=0 miss | P2 4 | P1 +7 7 | P2 2>P1 | P1 +3 6 cd:6,5 keep:5 bot:6,3 | P2 0 | P1 +1 5>P1 disc:1 new:1 | P2 1>P1=3 miss | P1 +3",
    "2019 P1,P2 first:P1 viewer:P1 up:1,5,1 dealt:2 | P1 +5 5>P1 disc:2 new:1 | P2 1>P1=3 miss | P1 +4 1>P2=9 miss | P2 0 | P1 +7 7>P2 got:3 | P2 6 | P1 +0 0 | P2 4 | P1 +1 3 | P2 6 | P1 +3",
    "2019 P1,P2 first:P1 viewer:P1 up:6,0,1 dealt:5 | P1 +1 1>P2=5 miss | P2 4 | P1 +2 2 | P2 1>P1=4 miss | P1 +8 8 | P2 0 | P1 +1 1>P2=5 miss | P2 5>P1 disc:5 new:7 | P1 +6 6 cd:4,9 keep:4 bot:9,7 | P2 1>P1=9 miss | P1 +2",
    "2019 P1,P2 first:P1 viewer:P1 up:6,6,2 dealt:7 | P1 +1 7>P2 got:8 | P2 1>P1=9 miss | P1 +2 8 | P2 1>P1=0 miss | P1 +1 1>P2=2 miss | P2 1>P1=3 miss | P1 +5 5>P1 disc:2 new:0 | P2 4 | P1 +1 0 | P2 1>P1=5 miss | P1 +9",
    "2019 P1,P2 first:P1 viewer:P1 up:2,7,3 dealt:4 | P1 +4 4 | P2 5>P2 disc:1 | P1 +8 8 | P2 1>P1=9 miss | P1 +6 4 | P2 0 | P1 +1 1>P2=9 miss | P2 5>P2 disc:6 | P1 +3",
    "2019 P1,P2 first:P1 viewer:P1 up:1,4,1 dealt:6 | P1 +4 6 cd:0,6 keep:0 bot:6,4 | P2 1>P1=4 miss | P1 +5 5>P1 disc:0 new:7 | P2 1>P1=6 miss | P1 +0 0 | P2 5>P1 disc:7 new:2 | P1 +3 3>P2 tie saw:2 | P2 8 | P1 +1",
    "2019 P1,P2 first:P1 viewer:P1 up:6,3,4 dealt:1 | P1 +0 1>P2=0 miss | P2 2>P1 | P1 +2 0 | P2 5>P1 disc:2 new:1 | P1 +0 1>P2=9 miss | P2 5>P1 disc:0 new:1 | P1 +3 1>P2=8 miss | P2 7>P1 got:4 | P1 +1",
    "2019 P1,P2 first:P1 viewer:P1 up:9,2,3 dealt:1 | P1 +1 1>P2=0 miss | P2 1>P1=4 miss | P1 +4 1>P2=0 miss | P2 0 | P1 +4 4 | P2 1 | P1 +6 6 cd:3,1 keep:4 bot:3,1 | P2 8 | P1 +1 1>P2=0 miss | P2 7>P1 got:2 | P1 +6",
    "2019 P1,P2 first:P1 viewer:P1 up:9,2,3 dealt:7 | P1 +6 6 cd:1,5 keep:7 bot:1,5 | P2 1>P1=8 miss | P1 +0 7>P2 got:6 | P2 0 | P1 +1 1>P2=3 miss | P2 4 | P1 +2 2 | P2 1>P1=0 miss | P1 +1 1>P2=9 miss | P2 1>P1=8 miss | P1 +0",
    "2019 P1,P2 first:P1 viewer:P1 up:1,1,8 dealt:9 | P1 +1 1>P2=5 miss | P2 5>P2 disc:7 | P1 +6 6 cd:2,3 keep:9 bot:3,2 | P2 0 | P1 +1 1>P2=3 miss | P2 0 | P1 +1 1>P2=3 miss | P2 4 | P1 +1",
    "2019 P1,P2 first:P1 viewer:P1 up:2,1,1 dealt:3 | P1 +6 6 cd:5,2 keep:5 bot:2,3 | P2 1>P1=9 miss | P1 +0 0 | P2 1>P1=4 miss | P1 +9 5>P2 disc:5 | P2 4 | P1 +7 7 | P2 1>P1=6 miss | P1 +4",
]


@pytest.mark.parametrize("text", POSITIONS)
@pytest.mark.parametrize("model", ["random", "card-counter"])
def test_the_shared_search_gives_every_figure_of_the_plain_one(text, model):
    assert_same_as_reference(parse_record(text), model, budget=10**7)


@pytest.mark.parametrize("edition,players", [("classic", 2), ("2019", 2), ("2019", 4)])
def test_the_canonical_round_has_the_future_of_the_round(edition, players):
    """Every legal play in a canonical round gives the same events, seen by every player, and the
    same canonical round as in the round itself (the rules never read the order of hands or
    discard piles, the turn counter, or — without the card counter — the memory)."""
    checked = 0
    for seed in range(24):
        r, _ = deal_round(edition, players, 0, seed)
        rng = random.Random(seed)
        while r.phase != "over":
            for memory in (False, True):
                c = canonical_round(r, memory)
                assert canonical_round(c, memory) == c
                for a in legal_actions(r):
                    r2, ev = apply(r, a)
                    c2, ev_c = apply(c, a)
                    assert canonical_round(c2, memory) == canonical_round(r2, memory)
                    for seat in range(players):
                        assert observation(ev_c, seat) == observation(ev, seat)
                    checked += 1
            r, _ = apply(r, rng.choice(legal_actions(r)))
    assert checked > 500


def test_the_search_leaves_the_garbage_collector_as_it_found_it():
    """The exact search pauses Python's cyclic collector while it runs (it makes almost no
    cycles); afterwards — answered or refused — the collector is as it was."""
    import gc

    from solver.advice.worlds import TooLargeError

    record = parse_record(POSITIONS[0])
    was = gc.isenabled()
    try:
        for enabled in (True, False):
            (gc.enable if enabled else gc.disable)()
            advise_exact(record, "random", 10**7)
            assert gc.isenabled() == enabled
            with pytest.raises(TooLargeError):
                advise_exact(record, "random", 10)
            assert gc.isenabled() == enabled
    finally:
        (gc.enable if was else gc.disable)()
