"""An opponent's returned Chancellor pair kept as one exchangeable group (in the search: the two
equally likely orders of one choice, `ExactSolver._pair`; at the root: two deals that differ only
in the order of two adjacent tail cards with the same probability, `merge_returned_pairs`) must
never change a figure: the search against the plain `Fraction` reference (every order of the
tail kept apart), value by value, on 2019 positions where an opponent returned cards the viewer
did not see or may still play a Chancellor, both opponent models (the card counter returns its
cards in one order: only its other, equally likely, choices are merged)."""

from collections import Counter
from fractions import Fraction
from itertools import permutations, product

import pytest

from solver.advice.exact import deck_orders, advise_exact
from solver.records.notation import parse_record
from solver.rules.cards import Card

from .test_exact_reference import assert_same_as_reference

# 2019, 2 players, at the viewer's turn with 3 or 4 cards in the deck (from
# benchmarks/exact_positions.tsv); every one but the last has an opponent's Chancellor ("P2 6")
# whose returned cards the viewer did not see.
POSITIONS = [
    "2019 P1,P2 first:P1 viewer:P1 up:7,8,1 dealt:2 | P1 +3 3>P2 tie saw:2 | P2 1>P1=5 miss | P1 +5 5>P1 disc:2 new:1 | P2 2>P1 | P1 +0 1>P2=7 miss | P2 1>P1=8 miss | P1 +0 0 | P2 6 | P1 +4 4 | P2 1 | P1 +9",
    "2019 P1,P2 first:P1 viewer:P1 up:8,1,9 dealt:0 | P1 +0 0 | P2 1>P1=2 miss | P1 +1 1>P2=4 miss | P2 4 | P1 +5 0 | P2 1>P1=3 miss | P1 +7 5>P1 disc:7 new:1 | P2 2>P1 | P1 +3 1>P2=3 miss | P2 6 | P1 +2",
    "2019 P1,P2 first:P1 viewer:P1 up:4,0,1 dealt:0 | P1 +7 0 | P2 2>P1 | P1 +1 1>P2=5 miss | P2 1>P1=5 miss | P1 +2 7>P2 got:3 | P2 2>P1 | P1 +1 1>P2=3 miss | P2 1>P1=7 miss | P1 +1 1>P2=4 miss | P2 6 | P1 +8",
    "2019 P1,P2 first:P1 viewer:P1 up:5,5,9 dealt:3 | P1 +1 3>P2 tie saw:1 | P2 1>P1=2 miss | P1 +0 1>P2=8 miss | P2 1>P1=9 miss | P1 +1 1>P2=9 miss | P2 6 | P1 +1 1>P2=3 miss | P2 1>P1=6 miss | P1 +0 0 | P2 2>P1 | P1 +3",
    "2019 P1,P2 first:P1 viewer:P1 up:0,1,3 dealt:1 | P1 +0 1>P2=7 miss | P2 1>P1=9 miss | P1 +1 1>P2=3 miss | P2 1>P1=9 miss | P1 +5 5>P2 disc:4 | P2 2>P1 | P1 +1 0 | P2 7>P1 got:6 | P1 +2 2>P2 saw:1 | P2 1>P1=7 miss | P1 +5",
]


@pytest.mark.parametrize("text", POSITIONS)
@pytest.mark.parametrize("model", ["random", "card-counter"])
def test_the_returned_pair_kept_unordered_gives_every_figure_of_the_plain_search(text, model):
    stats = assert_same_as_reference(parse_record(text), model, budget=10**7)
    # The positions exercise the merging: in the search, at the root (a past "P2 6"), or both.
    assert stats["pairs"] > 0 or stats["root_pairs"] > 0
    if "P2 6 " in text:
        assert stats["root_pairs"] > 0


def test_the_positions_exercise_both_merges_in_both_models():
    for model in ("random", "card-counter"):
        pairs = root = 0
        for text in POSITIONS:
            stats: dict = {}
            advise_exact(parse_record(text), model, 10**7, stats=stats)
            pairs += stats["pairs"]
            root += stats["root_pairs"]
        assert pairs > 0 and root > 0


@pytest.mark.parametrize("segs,k", [
    ((((Card.GUARD, Card.GUARD, Card.BARON, Card.KING), 4),), 2),
    ((((Card.GUARD, Card.BARON, Card.KING), 2),), 2),  # the last free card is the set-aside one
    ((((Card.PRIEST,), 1), ((Card.GUARD, Card.KING), 2)), 2),
    ((((), 0), ((Card.GUARD, Card.KING), 2), ((Card.SPY,), 1)), 2),
    ((((Card.GUARD,), 0), ((Card.BARON, Card.PRINCE), 2), ((Card.SPY, Card.KING), 2)), 3),
])
def test_the_draws_from_groups_of_exchangeable_cards_are_every_order_of_each_group(segs, k):
    """`deck_orders` against every ordering of each group (all equally likely): the same
    distribution of the top k cards; every way keeps each group's cards in it (the set-aside card
    one of the free ones) and the first way is the deck as it is."""
    ways, den = deck_orders(segs, k)
    got: Counter = Counter()
    for deck, sa, w in ways:
        got[deck[:k]] += Fraction(w, den)
        i = 0
        for cards, n in segs:
            part = deck[i:i + n] + ((sa,) if len(cards) > n else ())
            assert sorted(part) == sorted(cards)
            i += n
    expected: Counter = Counter()
    orders = [sorted(set(permutations(cards))) if cards else [()] for cards, _ in segs]
    combos = list(product(*orders))
    for combo in combos:
        deck = tuple(c for (cards, n), seq in zip(segs, combo) for c in seq[:n])
        expected[deck[:k]] += Fraction(1, len(combos))
    assert got == expected
    assert ways[0][0] == tuple(c for cards, n in segs for c in cards[:n])
