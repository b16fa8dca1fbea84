"""Setup and who starts (§3): set-aside card, 2-player face-up cards, deal, first draw."""

import pytest

from solver import InvalidOptionError, deal_from_order, deal_round, get_edition, new_game
from solver.rules.events import CardDealt, CardDrawn, RoundStarted



@pytest.mark.parametrize(
    "key, n, deck_before_first_draw",
    [("2019", 2, 15), ("2019", 3, 17), ("2019", 4, 16), ("2019", 5, 15), ("2019", 6, 14),
     ("classic", 2, 10), ("classic", 3, 12), ("classic", 4, 11),
     ("classic-2019", 2, 10), ("classic-2019", 3, 12), ("classic-2019", 4, 11)],
)
def test_deck_sizes_at_start_of_round(key, n, deck_before_first_draw):
    r, events = deal_round(key, n, first_player=0, seed=1)
    assert events[0] == RoundStarted(1, 0, r.face_up, deck_before_first_draw)
    assert len(r.deck) == deck_before_first_draw - 1  # the first player has drawn
    assert len(r.face_up) == (3 if n == 2 else 0)
    assert r.set_aside is not None


def test_deal_order_is_set_aside_face_up_then_one_each_from_first_player():
    e = get_edition("classic")
    order = list(e.full_deck())  # G G G G G Pr Pr Ba Ba Ha Ha Pc Pc K C P
    r, events = deal_from_order(e, 2, first_player=1, order=order)
    assert r.set_aside == order[0]
    assert r.face_up == tuple(order[1:4])
    # Seat 1 starts: dealt first, then seat 0, then seat 1 draws.
    dealt = [ev for ev in events if isinstance(ev, CardDealt)]
    assert [(d.player, d.card) for d in dealt] == [(1, order[4]), (0, order[5])]
    assert r.hands == ((order[5],), (order[4], order[6]))
    assert r.current == 1 and r.deck == tuple(order[7:])
    draw = [ev for ev in events if isinstance(ev, CardDrawn)]
    assert draw == [CardDrawn(1, order[6], "deck", (1,))]
    # Private to the one who got the card.
    assert all(d.private_to == (d.player,) for d in dealt)


def test_face_up_cards_can_be_switched_off_for_s004_emulation():
    r, _ = deal_round(get_edition("classic", two_player_face_up=False), 2, 0, seed=3)
    assert r.face_up == () and len(r.deck) == 16 - 1 - 2 - 1


def test_shuffle_is_seeded_and_reproducible():
    a, _ = deal_round("2019", 4, 2, seed="abc")
    b, _ = deal_round("2019", 4, 2, seed="abc")
    c, _ = deal_round("2019", 4, 2, seed="abd")
    assert a == b and a != c


def test_caller_names_first_player_and_bad_counts_are_refused():
    game, _ = new_game("classic", ["A", "B", "C"], first_player=2, seed=0)
    assert game.round.current == 2 and len(game.round.hands[2]) == 2
    with pytest.raises(InvalidOptionError, match="2–4 players; got 5"):
        new_game("classic", 5)
    with pytest.raises(InvalidOptionError, match="2–6 players; got 1"):
        new_game("2019", 1)
    with pytest.raises(InvalidOptionError, match="first player 3 is not a seat"):
        new_game("2019", 3, first_player=3)


def test_every_card_is_dealt_somewhere():
    for key in ("2019", "classic", "classic-2019"):
        e = get_edition(key)
        for n in range(e.min_players, e.max_players + 1):
            r, _ = deal_round(e, n, 0, seed=n)
            assert sorted(r.all_cards().elements()) == sorted(e.full_deck())
