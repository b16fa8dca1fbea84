"""The rollout path (`solver.rules.fast.Sim`) against the public engine: the same rounds from the
same seeds and choices end in the same state (issue 15).

The random choices of both are drawn from `SplitMix64(k)`: the public loop takes
`rng.choice(legal_actions(r))`, the fast loop draws the same words for the same play, so any
difference in the rules, in the order of the legal plays or in the memory shows up as a
different final round. Over 100,000 rounds in all, most of them 2- and 3-player rounds."""

import random

from solver.rules.rng import SplitMix64
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from solver import apply, deal_from_order, deal_round, get_edition, legal_actions, validate_round
from solver.rules.fast import Sim, random_playout

CONFIGS = [(key, n, {}) for key in ("2019", "classic", "classic-2019")
           for n in range(2, get_edition(key).max_players + 1)] + [
    ("2019", 2, {"two_player_face_up": False}),
    ("classic", 2, {"two_player_face_up": False}),
    ("2019", 4, {"void_target_allowed": True}),
    ("classic", 3, {"void_target_allowed": True}),
    ("classic", 4, {"showdown_tie": "discard_total_then_none"}),
    ("classic-2019", 3, {"showdown_tie": "discard_total_then_all"}),
    ("2019", 5, {"spy_eliminated_players_block": True}),
]
#: Rounds per configuration by player count (longer rounds, fewer): 100,100 in all.
ROUNDS = {2: 15_000, 3: 3_000, 4: 1_600, 5: 700, 6: 700}


def public_playout(r, rng):
    choice = rng.choice
    while r.phase != "over":
        r, _ = apply(r, choice(legal_actions(r)))
    return r


def test_one_hundred_thousand_random_rounds_end_as_in_the_public_engine():
    total = 0
    for key, n, options in CONFIGS:
        edition = get_edition(key, **options)
        for k in range(ROUNDS[n]):
            start, _ = deal_round(edition, n, k % n, k)
            end = public_playout(start, SplitMix64(k))
            sim = Sim.from_round(start, memory=False)
            sim.run(SplitMix64(k))
            assert sim.winners == end.winners and sim.spy_bonus == end.spy_bonus, (key, n, options, k)
            assert sim.out == list(end.out) and sim.disc == [list(d) for d in end.discards], (key, n, options, k)
            assert sim.hand == [h[0] if h else -1 for h in end.hands] and sim.end_reason == end.end_reason
            total += 1
    assert total >= 100_000


def test_every_state_converts_both_ways_and_plays_on_identically_memory_included():
    for key, n, options in CONFIGS:
        edition = get_edition(key, **options)
        for k in range(20):
            r, _ = deal_round(edition, n, k % n, k)
            rng = SplitMix64(k)
            while True:
                sim = Sim.from_round(r)
                assert sim.to_round() == r
                seed = rng.next64()
                sim.run(SplitMix64(seed))
                assert sim.to_round() == public_playout(r, SplitMix64(seed))
                if r.phase == "over":
                    break
                r, _ = apply(r, rng.choice(legal_actions(r)))  # the Chancellor phase included


def test_a_fast_deal_is_the_deal_of_its_deck_order_and_every_order_is_as_likely():
    for key, n, options in CONFIGS:
        edition = get_edition(key, **options)
        for seed in range(20):
            order = list(edition.full_deck())
            SplitMix64(seed).shuffle(order)
            first = seed % n
            assert Sim.from_order(edition, n, first, [int(c) for c in order]).to_round() == \
                deal_from_order(edition, n, first, order)[0]
            validate_round(Sim.deal(edition, n, first, SplitMix64(seed)).to_round())
    # Uniform orders: each of the 16 classic cards is set aside 1/16 of the time.
    edition = get_edition("classic")
    rng = SplitMix64(7)
    counts = Counter(Sim.deal(edition, 2, 0, rng).set_aside for _ in range(32_000))
    for card in edition.cards:
        expected = 2_000 * edition.count(card)
        assert abs(counts[card] - expected) < 5 * expected ** 0.5, (card, counts[card], expected)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(CONFIGS), st.integers(0, 10**9), st.integers(0, 10**9))
def test_random_playout_gives_the_public_engines_winners_and_spy_bonus(config, deal_seed, play_seed):
    key, n, options = config
    start, _ = deal_round(get_edition(key, **options), n, deal_seed % n, deal_seed)
    end = public_playout(start, SplitMix64(play_seed))
    assert random_playout(start, SplitMix64(play_seed)) == (end.winners, end.spy_bonus)
