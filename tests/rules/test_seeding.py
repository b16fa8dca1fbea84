"""Seeded chance (`solver.rules.seeding`): the two seed schemes, their shuffles and tie-breaks."""

import random
from collections import Counter
from math import factorial

import pytest
from hypothesis import given, settings, strategies as st

from solver import InvalidOptionError, apply, deal_round, get_edition, new_game
from solver.rules.cards import Card
from solver.rules.errors import InvalidPositionError
from hashlib import blake2b

from solver.rules.seeding import SEED_SCHEME, choose_starter, fisher_yates_digits, shuffle_round
from solver.rules.positions import game_position


def test_new_games_use_the_current_scheme_and_keep_it():
    game, _ = new_game("2019", 3, seed=7)
    assert game.seed_scheme == SEED_SCHEME == 2
    old, _ = new_game("2019", 3, seed=7, seed_scheme=1)
    assert old.seed_scheme == 1
    assert old.round != game.round


@pytest.mark.parametrize("key", ["classic", "2019"])
def test_scheme_1_deals_what_random_random_of_the_text_dealt(key):
    """Games seeded before scheme 2 still deal the same rounds."""
    e = get_edition(key)
    for seed in (0, 1, "abc", 1101):
        for k in (1, 2, 5):
            order = list(e.full_deck())
            random.Random(f"{seed}/round/{k}").shuffle(order)
            r, _ = deal_round(e, 2, 0, seed, round_no=k, seed_scheme=1)
            assert r.set_aside == order[0]
            assert r.face_up == tuple(order[1:4])
            assert r.deck == tuple(order[7:])


def test_scheme_1_tie_break_is_random_choice_of_the_text():
    for seed in range(30):
        expected = random.Random(f"{seed}/starter/3").choice([0, 2, 3])
        assert choose_starter((3, 0, 2), seed, 3, scheme=1) == expected


def test_every_order_of_a_small_deck_comes_up_about_equally_often():
    """Scheme 2's mixed-radix Fisher–Yates: 24,000 seeds over the 24 orders of 4 cards; each
    order's count is within 5 standard deviations of 1,000 (a biased digit reading, e.g. one
    swap position off, leaves some orders out entirely)."""
    counts = Counter()
    for seed in range(24_000):
        cards = ["a", "b", "c", "d"]
        shuffle_round(cards, seed, 1, 2)
        counts[tuple(cards)] += 1
    assert len(counts) == factorial(4)
    sd = (24_000 * (1 / 24) * (23 / 24)) ** 0.5
    assert all(abs(c - 1000) < 5 * sd for c in counts.values())


def test_each_card_reaches_each_place_of_a_real_deck():
    """Over 4,200 seeds of the 21-card deck, every position holds the Princess about 200
    times (within 5 SD), so no position is favoured by the shuffle."""
    e = get_edition("2019")
    place = Counter()
    for seed in range(4_200):
        cards = list(e.full_deck())
        shuffle_round(cards, seed, 1, 2)
        place[cards.index(Card.PRINCESS)] += 1
    sd = (4_200 * (1 / 21) * (20 / 21)) ** 0.5
    assert len(place) == 21 and all(abs(c - 200) < 5 * sd for c in place.values())


@settings(max_examples=300, deadline=None)
@given(seed=st.one_of(st.integers(), st.text(max_size=30)), k=st.integers(1, 40), size=st.integers(0, 30))
def test_scheme_2_is_its_definition_the_digest_read_as_fisher_yates_digits(seed, k, size):
    """The fast shuffle (unrolled, digits taken in groups) deals exactly what the documented
    definition deals: the text's BLAKE2b digest of 17 bytes for 21 cards (14 for 16) read as one
    number, whose mixed-radix digits are the swap positions, for every deck size."""
    bits = factorial(size).bit_length() + 64
    digest = blake2b(f"{seed}/round/{k}".encode(), digest_size=min(64, -(-bits // 8))).digest()
    expected = list(range(size))
    fisher_yates_digits(expected, int.from_bytes(digest, "big"))
    cards = list(range(size))
    shuffle_round(cards, seed, k, 2)
    assert cards == expected
    assert {16: 14, 21: 17}.get(size, len(digest)) == len(digest)


@settings(max_examples=200, deadline=None)
@given(seed=st.one_of(st.integers(), st.text(max_size=30)), k=st.integers(1, 40), scheme=st.sampled_from([1, 2]))
def test_a_shuffle_is_a_permutation_and_reproducible(seed, k, scheme):
    deck = list(get_edition("2019").full_deck())
    a, b = list(deck), list(deck)
    shuffle_round(a, seed, k, scheme)
    shuffle_round(b, seed, k, scheme)
    assert a == b and sorted(a) == deck


def test_the_scheme_decides_every_later_round_of_a_game():
    for scheme in (1, 2):
        game, _ = new_game("classic", 2, seed=5, seed_scheme=scheme)
        rng = random.Random(0)
        from solver import legal_actions
        while game.round_no == 1:
            game, _ = apply(game, rng.choice(legal_actions(game)))
            if game.phase == "round-over":
                starter = game.next_starter
                game, _ = apply(game, legal_actions(game)[0])
                expected, _ = deal_round("classic", 2, starter, 5, round_no=2, seed_scheme=scheme)
                assert game.round == expected


@pytest.mark.parametrize("bad", [0, 3, "2", 2.0, None, True])
def test_an_unknown_scheme_is_refused_with_its_rule(bad):
    with pytest.raises(InvalidOptionError) as e:
        deal_round("2019", 2, 0, 1, seed_scheme=bad)
    assert e.value.rule == "seed-scheme"
    with pytest.raises(InvalidOptionError):
        new_game("2019", 2, seed=1, seed_scheme=bad)
    r, _ = deal_round("2019", 2, 0, 1)
    with pytest.raises(InvalidPositionError) as e:
        game_position("2019", 2, r, tokens=(0, 0), seed_scheme=bad)
    assert e.value.rule == "seed-scheme"


def test_a_tie_for_the_next_starter_is_broken_under_the_games_scheme():
    """Several round winners: who starts next comes from `f"{seed}/starter/{k}"` under the
    game's own scheme (scheme 1: `random.Random(text).choice` of the sorted winners)."""
    from solver.rules.state import OVER

    differ = 0
    for seed in range(40):
        game, _ = new_game("2019", 4, seed=seed, seed_scheme=1)
        tied = game._replace(round=game.round._replace(phase=OVER, winners=(3, 1, 2)))
        old = random.Random(f"{seed}/starter/1").choice([1, 2, 3])
        assert tied.next_starter == old
        new = tied._replace(seed_scheme=2).next_starter
        assert new == choose_starter((1, 2, 3), seed, 1, 2) and new in (1, 2, 3)
        differ += new != old
    assert differ > 10  # the schemes really are different draws
