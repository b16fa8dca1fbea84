"""Building positions directly: impossible positions are refused naming the rule."""

import pytest

from solver import InvalidPositionError, position

from ..helpers import GUARD, HANDMAID, KING, PRIEST, PRINCE, PRINCESS, SPY, pos


def refused(rule, *args, **kw):
    with pytest.raises(InvalidPositionError) as err:
        position(*args, **kw)
    assert err.value.rule == rule, str(err.value)
    return str(err.value)


def test_more_copies_than_the_edition_has():
    msg = refused("card-count", "classic", [(GUARD, GUARD), (GUARD,), (GUARD,)],
                  deck=(GUARD, GUARD), fill=True)
    assert msg == "6 Guard cards in play, but the classic (16 cards) edition has 5"


def test_card_not_in_the_edition():
    assert "0 Spy" not in refused("card-count", "classic", [(SPY, GUARD), (PRIEST,), (KING,)], fill=True)


def test_every_card_must_be_somewhere():
    msg = refused("card-missing", "2019", [(GUARD, SPY), (PRIEST,), (KING,)], deck=(), set_aside=PRINCE)
    assert "missing" in msg


def test_hand_sizes():
    assert "should hold 2" in refused("hand-size", "2019", [(GUARD,), (PRIEST,), (KING,)], fill=True)
    assert "should hold 1" in refused("hand-size", "2019", [(GUARD, SPY), (PRIEST, PRIEST), (KING,)], fill=True)


def test_princess_in_discards_of_player_in_round():
    refused("princess-discarded", "2019", [(GUARD, SPY), (PRIEST,), (KING,)],
            discards=[(), (PRINCESS,), ()], fill=True)


def test_protection_needs_a_handmaid_and_ends_on_own_turn():
    refused("protection", "2019", [(GUARD, SPY), (PRIEST,), (KING,)], protected=[False, True, False], fill=True)
    refused("protection-ends", "2019", [(GUARD, SPY), (PRIEST,), (KING,)], discards=[(HANDMAID,), (), ()],
            protected=[True, False, False], fill=True)


def test_out_players_hold_nothing():
    refused("out-hand", "2019", [(GUARD, SPY), (PRIEST,), (KING,)], out=[False, True, False], fill=True)


def test_face_up_cards_with_two_players():
    refused("face-up-count", "2019", [(GUARD, SPY), (PRIEST,)], face_up=(GUARD,), fill=True)
    assert len(pos("2019", [(GUARD, SPY), (PRIEST,)]).face_up) == 3


def test_player_count_of_the_edition():
    refused("player-count", "classic", [(GUARD, PRIEST), (PRIEST,), (KING,), (GUARD,), (GUARD,)], fill=True)


def test_unknown_card_value():
    refused("unknown-card", "2019", [(GUARD, 42), (PRIEST,), (KING,)], fill=True)
