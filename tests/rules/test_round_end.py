"""End of a round (§8): last player standing, showdown, ties per edition, the Spy bonus."""

import pytest

from solver import Play, get_edition, position
from solver.rules.events import RoundEnded

from ..helpers import (
    BARON, COUNTESS, GUARD, HANDMAID, KING, PRIEST, PRINCE, PRINCESS, SPY, late, of_type, pos, run,
)


def test_last_player_standing_wins_at_once_with_cards_left():
    r = pos("2019", [(GUARD, SPY), (PRIEST,)], deck=(KING, BARON))
    r2, ev = run(r, Play(GUARD, 1, PRIEST))
    assert r2.is_over and r2.end_reason == "last-standing" and r2.winners == (0,)
    assert len(r2.deck) > 0
    [end] = of_type(ev, RoundEnded)
    assert end.reason == "last-standing" and end.hands == ()


def test_knocking_yourself_out_hands_the_round_to_the_last_player():
    r = pos("2019", [(BARON, GUARD), (PRIEST,)], deck=(KING,))
    r2, _ = run(r, Play(BARON, 1))
    assert r2.is_over and r2.winners == (1,)


def test_deck_empty_after_a_turn_starts_a_showdown_highest_wins():
    r = late("2019", [(GUARD, KING), (PRIEST,), (BARON,)], deck=())
    r2, ev = run(r, Play(GUARD, 1, COUNTESS))
    [end] = of_type(ev, RoundEnded)
    assert end.reason == "showdown" and end.winners == (0,)
    assert end.hands == (KING, PRIEST, BARON)


def test_out_players_never_take_part_in_the_showdown():
    r = late("2019", [(GUARD, PRIEST), (), (BARON,)], deck=(),
             discards=[(), (PRINCESS,), ()], out=[False, True, False], dump=0)
    r2, ev = run(r, Play(GUARD, 2, KING))
    [end] = of_type(ev, RoundEnded)
    assert end.hands == (PRIEST, None, BARON) and end.winners == (2,)


def test_2019_showdown_tie_every_tied_player_wins():
    r = late("2019", [(GUARD, PRIEST), (PRIEST,), (BARON,)], deck=())
    r2, _ = run(r, Play(GUARD, 1, KING))
    # Seat 0 keeps a Priest (2), seat 1 Priest (2), seat 2 Baron (3): Baron wins alone.
    assert r2.winners == (2,)
    r = late("2019", [(GUARD, BARON), (PRIEST,), (BARON,)], deck=())
    r2, _ = run(r, Play(GUARD, 1, KING))
    assert r2.winners == (0, 2)


def _classic(showdown_tie="discard_total_then_all"):
    return get_edition("classic", showdown_tie=showdown_tie)


@pytest.mark.parametrize("piles, winner", [
    # Seat 0: Priest+Priest (4) + the Guard it plays (1) = 5; seat 1: 1+3+3+4+4+6+7 = 28.
    ([(PRIEST, PRIEST), (GUARD, BARON, BARON, HANDMAID, HANDMAID, KING, COUNTESS)], 1),
    ([(GUARD, BARON, BARON, HANDMAID, HANDMAID, KING, COUNTESS), (PRIEST, PRIEST)], 0),
])
def test_classic_tie_broken_by_discard_total(piles, winner):
    r = position(_classic(), [(GUARD, PRINCE), (PRINCE,)], deck=(), set_aside=PRINCESS,
                 face_up=(GUARD, GUARD, GUARD), discards=piles)
    r2, ev = run(r, Play(GUARD, 1, KING))
    [end] = of_type(ev, RoundEnded)
    assert end.hands == (PRINCE, PRINCE) and r2.winners == (winner,)


def test_classic_discard_total_counts_prince_forced_discards():
    # Seat 0 plays a Prince on seat 1, who discards the Countess (7) and draws the last card.
    r = position(_classic(), [(PRINCE, BARON), (COUNTESS,)], deck=(BARON,), set_aside=PRINCESS,
                 face_up=(GUARD, GUARD, GUARD),
                 discards=[(KING, HANDMAID, GUARD, PRIEST), (GUARD, PRIEST, HANDMAID, PRINCE)])
    assert (r.discard_total(0), r.discard_total(1)) == (13, 12)
    r2, ev = run(r, Play(PRINCE, 1))
    [end] = of_type(ev, RoundEnded)
    assert end.hands == (BARON, BARON)
    assert end.discard_totals == (18, 19) and r2.winners == (1,)


@pytest.mark.parametrize("rule, winners", [
    ("discard_total_then_all", (0, 1)),
    ("discard_total_then_none", ()),
    ("all_tied_win", (0, 1)),
])
def test_classic_still_tied_after_discard_totals(rule, winners):
    # Seat 0: 6+4+3+2 = 15 (+1 for the Guard it plays) = 16; seat 1: 1+1+3+4+7 = 16.
    r = position(_classic(rule), [(GUARD, PRINCE), (PRINCE,)], deck=(), set_aside=PRINCESS,
                 face_up=(GUARD, GUARD, PRIEST),
                 discards=[(KING, HANDMAID, BARON, PRIEST), (GUARD, GUARD, BARON, HANDMAID, COUNTESS)])
    r2, ev = run(r, Play(GUARD, 1, KING))
    assert of_type(ev, RoundEnded)[0].discard_totals == (16, 16)
    assert r2.winners == winners


# Spy bonus --------------------------------------------------------------------------------

def test_spy_bonus_to_the_only_surviving_spy_player_besides_the_round_win():
    r = late("2019", [(GUARD, PRINCE), (PRIEST,), (BARON,)], deck=(), discards=[(), (SPY,), (SPY,)],
             dump=0)
    r2, ev = run(r, Play(GUARD, 2, BARON))  # seat 2 is out: seat 1 is the only Spy player left
    assert r2.winners == (0,) and r2.spy_bonus == 1
    assert of_type(ev, RoundEnded)[0].spy_bonus == 1


def test_spy_bonus_is_not_won_by_a_spy_held_in_hand():
    r = late("2019", [(GUARD, PRINCE), (SPY,), (BARON,)], deck=(), dump=0,
             discards=[(), (), (SPY,)])
    r2, _ = run(r, Play(GUARD, 2, KING))
    assert r2.spy_bonus == 2  # seat 1 only holds one; seat 2 played one


def test_two_spy_players_in_the_round_nobody_gets_the_bonus():
    r = late("2019", [(GUARD, PRINCE), (PRIEST,), (BARON,)], deck=(), discards=[(), (SPY,), (SPY,)])
    r2, _ = run(r, Play(GUARD, 2, KING))
    assert r2.spy_bonus is None


def test_both_spies_by_one_player_give_one_token():
    r = late("2019", [(GUARD, PRINCE), (PRIEST,), (BARON,)], deck=(), discards=[(SPY, SPY), (), ()])
    r2, _ = run(r, Play(GUARD, 2, KING))
    assert r2.spy_bonus == 0 and r2.winners == (0,)


def test_spy_discarded_by_a_prince_counts():
    r = late("2019", [(PRINCE, KING), (SPY,), (SPY,)], deck=(GUARD,), dump=2)
    r2, ev = run(r, Play(PRINCE, 1))
    assert r2.is_over and r2.spy_bonus == 1


def test_knocked_out_spy_player_gets_nothing_and_does_not_block_by_default():
    r = late("2019", [(GUARD, PRINCE), (PRIEST,), (BARON,)], deck=(),
             discards=[(), (SPY,), (SPY,)], dump=0)
    r2, _ = run(r, Play(GUARD, 2, BARON))  # seat 2 is out
    assert r2.out[2] and r2.spy_bonus == 1


def test_knocked_out_spy_player_blocks_with_the_option():
    e = get_edition("2019", spy_eliminated_players_block=True)
    r = late(e, [(GUARD, PRINCE), (PRIEST,), (BARON,)], deck=(), discards=[(), (SPY,), (SPY,)], dump=0)
    r2, _ = run(r, Play(GUARD, 2, BARON))
    assert r2.out[2] and r2.spy_bonus is None


def test_spy_bonus_also_for_the_last_player_standing():
    r = late("2019", [(GUARD, PRINCE), (PRIEST,)], deck=(KING,), discards=[(SPY,), ()])
    r2, _ = run(r, Play(GUARD, 1, PRIEST))
    assert r2.winners == (0,) and r2.spy_bonus == 0


def test_spy_is_value_zero_at_the_showdown():
    r = late("2019", [(GUARD, SPY), (GUARD,)], deck=(), dump=0)
    r2, _ = run(r, Play(GUARD, 1, KING))
    assert r2.winners == (1,)


def test_no_spy_bonus_in_the_16_card_editions():
    for key in ("classic", "classic-2019"):
        assert not get_edition(key).has_spy


def test_protection_ends_with_the_round():
    r = late("2019", [(HANDMAID, KING), (PRIEST,)], deck=())
    r2, _ = run(r, Play(HANDMAID))
    assert r2.is_over and r2.protected == (False, False) and r2.winners == (0,)
